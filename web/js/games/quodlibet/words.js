// Quodlibet in words (RULES.md QL-*): contract names, one-line rules and goals, every public
// log entry as a sentence, and the hint's move and reason. Presentation text only: no rule is
// computed here (what is legal and what scores comes from the engine's view and log).
//
// Every word comes from the catalogs through ../i18n.js (web/i18n/<lang>/quodlibet.json and
// quodlibet-contracts.json), worded when asked, so a language switch re-words the whole table.
// Seats are always named (ui.seatName), never numbered; cards are written "10♠" or "the
// queen of hearts", never in notation ("TS"); a blind Open Trousers play is told by the card
// it revealed.

import { t, list, signed as signedNumber, number } from "../../i18n.js";
import { cardShort, parseCode } from "../../cards/french.js";

const IDS = [
  "plus", "minus", "bad-neighbour", "red-ruffians", "first-three-and-last", "no-hearts",
  "queens-and-jacks", "bribe", "open-trousers", "good-hunting", "quadrature", "snack",
];
const known = (id) => IDS.includes(id);

/**
 * Contract names, one-line rules (QL-9..QL-23), what a player tries to do in each, and a
 * few words for the dealer's choice (what it scores and whether you want tricks):
 * CONTRACTS[id].name / .rule / .goal / .brief, worded in the current language when read.
 */
export const CONTRACTS = Object.fromEntries(IDS.map((id) => [id, Object.freeze({
  get name() { return t(`quodlibet-contracts.${id}-name`); },
  get rule() { return t(`quodlibet-contracts.${id}-rule`); },
  get goal() { return t(`quodlibet-contracts.${id}-goal`); },
  get brief() { return t(`quodlibet-contracts.${id}-brief`); },
})]));

/** The display name of contract ``id`` ("bad-neighbour" -> "Bad Neighbour"). */
export function contractName(id) {
  if (!id) return "";
  return known(id) ? CONTRACTS[id].name : String(id);
}

/** The one-line rule of contract ``id`` under the game's options. */
export function contractRule(id, options = {}) {
  if (id === "plus" && options && options.plus_austrian) return t("quodlibet-contracts.plus-austrian-rule");
  return known(id) ? CONTRACTS[id].rule : "";
}

/** What a player tries to do in contract ``id`` ("take as few tricks as you can"). */
export function contractGoal(id, options = {}) {
  if (id === "plus" && options && options.plus_austrian) return t("quodlibet-contracts.plus-austrian-goal");
  return known(id) ? CONTRACTS[id].goal : "";
}

/** What contract ``id`` scores and whether you want tricks, in a few words ("+10 a trick:
 * avoid tricks"), under the game's options: the dealer's choice says it on each button. */
export function contractBrief(id, options = {}) {
  if (id === "plus" && options && options.plus_austrian) return t("quodlibet-contracts.plus-austrian-brief");
  return known(id) ? CONTRACTS[id].brief : "";
}

/** Contract ids in one order everywhere: the order the engine lists a wheel in. */
export function inWheelOrder(ids, order) {
  const rank = (id) => {
    const i = (order || []).indexOf(id);
    return i < 0 ? IDS.indexOf(id) + 100 : i;
  };
  return [...ids].sort((a, b) => rank(a) - rank(b));
}

// --- small words -----------------------------------------------------------------------------

/** ``t("quodlibet.<name>")``: this area's messages. */
export const q = (name, values) => t(`quodlibet.${name}`, values);

/** "one card", "two cards", "12 cards" ("카드 2장"). */
export const cardCount = (n) => q("cards", { n });

// Intl writes a hyphen for minus; a score reads better with the real minus sign.
const minus = (text) => text.replace(/-/g, "\u2212");

/** "+30", "−10", "0" with a real minus sign. */
export const signed = (n) => minus(signedNumber(n));

/** A total: "12", "−7" (a real minus sign). */
export const num = (n) => minus(number(n));

/** A seat's name (the shell's), or "Player 3" when the shell has none. */
export function nameOf(ui, seat) {
  try {
    const name = ui && ui.seatName ? ui.seatName(seat) : null;
    return name || q("player", { n: seat + 1 });
  } catch {
    return q("player", { n: seat + 1 });
  }
}

/** "yes" when ``seat`` is the person the screen belongs to (English says "You deal"). */
export const youOf = (ui, seat) => (ui && ui.me !== null && ui.me !== undefined && seat === ui.me ? "yes" : "no");

const theCard = (code) => q("the-card", { card: cardShort(code) });

// The card that won a trick ended by ``entry``: the log of the deal holds every play.
function winningCard(entry, view) {
  const log = (view && view.log) || [];
  const at = log.indexOf(entry);
  if (at < 0) return null;
  for (let i = at; i >= 0 && at - i < 4; i -= 1) {
    const e = log[i];
    if (i < at && e.trick_winner !== undefined && e.trick_winner !== null) break;
    if (e.seat === entry.trick_winner && String(e.action).startsWith("play ")) {
      return e.card || (parseCode(String(e.action).slice(5)) ? String(e.action).slice(5) : null);
    }
  }
  return null;
}

function isPractice(view) {
  return Boolean(view && view.options && Array.isArray(view.options.contracts));
}

/** One public log entry in words ("Cleo won trick 2 with the 10♠."). */
export function describeLogEntry(entry, ui, view = null) {
  if (!entry) return null;
  const who = entry.seat === null || entry.seat === undefined ? null : nameOf(ui, entry.seat);
  const [verb, arg] = String(entry.action).split(" ");
  switch (verb) {
    case "draw": {
      const draws = (entry.draws || []).map(([seat, rank]) => q("draw-one", { name: nameOf(ui, seat), rank: String(rank) }));
      return q("log-draw", { draws: list(draws) });
    }
    case "deal": {
      const newWheel = !isPractice(view) && entry.deal > 1 && (entry.deal - 1) % 4 === 0;
      return q("log-deal", {
        deal: entry.deal, dealer: nameOf(ui, entry.dealer), you: youOf(ui, entry.dealer),
        wheel: newWheel ? "new" : "same",
      });
    }
    case "choose":
      return q("log-choose", { who, contract: contractName(entry.contract || arg) });
    case "play": {
      const code = entry.card || (parseCode(arg) ? arg : null);
      const blind = String(arg).startsWith("@");
      const snack = view ? view.contract === "snack" : Boolean(entry.out);
      const card = code ? cardShort(code) : null;
      const parts = [];
      if (!code) parts.push(q("log-play-unknown", { who }));
      else if (blind) parts.push(q("log-play-blind", { who, card }));
      else if (snack) parts.push(q("log-lay", { who, card }));
      else parts.push(q("log-play", { who, card }));
      if (entry.trick_winner !== undefined && entry.trick_winner !== null) {
        const winner = nameOf(ui, entry.trick_winner);
        const won = winningCard(entry, view);
        parts.push(won ? q("log-trick-with", { winner, trick: entry.trick_number, card: cardShort(won) })
          : q("log-trick", { winner, trick: entry.trick_number }));
      }
      if (entry.out) parts.push(outWords(entry.out, ui));
      if (entry.pickup) parts.push(pickupWords(entry.pickup, ui));
      return parts.join(" ");
    }
    case "take": {
      const jacks = (entry.jacks || []).map(theCard);
      if (entry.cards === undefined) return q("log-take", { who, pile: arg });
      const cards = cardCount(entry.cards);
      return jacks.length ? q("log-take-jacks", { who, pile: arg, cards, jacks: list(jacks) })
        : q("log-take-cards", { who, pile: arg, cards });
    }
    case "pass":
      return q("log-pass", { who });
    case "score": {
      const scores = (entry.scores || []).map((p, seat) => q("log-score-one", { name: nameOf(ui, seat), points: signed(p) }));
      return q("log-score", { contract: contractName(entry.contract), scores: list(scores) });
    }
    default:
      return who ? q("log-move", { who }) : null;
  }
}

/** A Snack exit: "Ann is out first, 10 per card left: Ben +20 (two cards), Cleo +10 (one card)." */
export function outWords(exit, ui) {
  const paid = (exit.points || []).flatMap((p, seat) =>
    p ? [q("out-pays", { name: nameOf(ui, seat), points: signed(p), cards: cardCount(exit.hand_sizes[seat]) })] : []);
  const values = { who: nameOf(ui, exit.seat), you: youOf(ui, exit.seat), place: exit.place, per: exit.per_card };
  return paid.length ? q("out-paid", { ...values, paid: list(paid) }) : q("out-nobody", values);
}

/** Snack's last player: "Dan is left last and takes piles 3 and 5 (four cards)." */
export function pickupWords(pickup, ui) {
  const values = { who: nameOf(ui, pickup.seat), you: youOf(ui, pickup.seat) };
  const piles = pickup.piles || [];
  if (!piles.length) return q("pickup-none", { ...values, cards: cardCount(pickup.hand_size || 0) });
  return q("pickup", {
    ...values, count: piles.length, piles: list(piles.map(String)), cards: cardCount(pickup.cards || 0),
  });
}

// A worded rule without its full stop, to go inside another sentence.
const unstopped = (text) => String(text).replace(/[.。]$/, "");

/** The hint's move and reason: ["Play the 9♠", "Minus: take as few tricks as you can"]. */
export function hintWords(action, view) {
  const [verb, arg] = String(action).split(" ");
  const options = (view && view.options) || {};
  const id = view && view.contract;
  const contract = contractName(id);
  const goal = id ? contractGoal(id, options) : "";
  switch (verb) {
    case "choose":
      return [q("hint-choose", { contract: contractName(arg) }),
        q("hint-choose-why", { rule: unstopped(contractRule(arg, options)) })];
    case "play":
      if (String(arg).startsWith("@")) {
        return [q("hint-blind", { n: Number(arg.slice(1)) + 1 }), q("hint-blind-why", { contract, goal })];
      }
      if (id === "snack") {
        return [q("hint-lay", { card: cardShort(arg) }), q("hint-lay-why", { contract, goal })];
      }
      return [q("hint-play", { card: cardShort(arg) }), id ? q("hint-play-why", { contract, goal }) : ""];
    case "take":
      return [q("hint-take", { pile: arg }), q("hint-take-why", { contract: contractName("snack") })];
    case "pass":
      return [q("hint-pass"), q("hint-pass-why", { contract: contractName("snack") })];
    default:
      return null;
  }
}

/** Short explanations of the words on the Quodlibet table, for its tips (worded when read). */
export const TIPS = Object.freeze({
  get wheel() { return q("tip-wheel"); },
  get dealer() { return q("tip-dealer"); },
  get practice() { return q("tip-practice"); },
  get practiceDealer() { return q("tip-practice-dealer"); },
  get remaining() { return q("tip-remaining"); },
  get snackPiles() { return q("tip-snack-piles"); },
});
