// Quodlibet in words (RULES.md QL-*): contract names, one-line rules and goals, every public
// log entry as a sentence, and the hint's move and reason. Presentation text only: no rule is
// computed here (what is legal and what scores comes from the engine's view and log).
//
// Seats are always named (ui.seatName), never numbered; cards are written "10♠" or "the
// queen of hearts", never in notation ("TS"); a blind Open Trousers play is told by the card
// it revealed.

import { RANKS, cardShort, parseCode } from "../cards-french.js";

/** Contract names, one-line rules (QL-9..QL-23) and what a player tries to do in each. */
export const CONTRACTS = {
  plus: {
    name: "Plus",
    rule: "\u221210 per trick you take; taking no trick at all costs +100.",
    goal: "take tricks: each one takes 10 points off",
  },
  minus: {
    name: "Minus",
    rule: "+10 per trick you take; taking all 8 tricks costs 100.",
    goal: "take as few tricks as you can",
  },
  "bad-neighbour": {
    name: "Bad Neighbour",
    rule: "Minus scoring, but your tricks are charged to the player on your left: everyone wants tricks.",
    goal: "take tricks: they cost the player on your left, not you",
  },
  "red-ruffians": {
    name: "Red Ruffians",
    rule: "Taking K\u2665 costs +50, Q\u2666 +30; both in one trick cost +100.",
    goal: "never win a trick holding the K\u2665 or the Q\u2666",
  },
  "first-three-and-last": {
    name: "First Three and Last",
    rule: "Winning trick 1, 2, 3 costs +10, +20, +30; the last trick +50.",
    goal: "lose tricks 1 to 3 and the last one; tricks 4 to 7 are free",
  },
  "no-hearts": {
    name: "No Hearts",
    rule: "Each heart taken: 7\u201310 +20, J\u2013A +10; a trick of only hearts costs +100 flat.",
    goal: "take no hearts, above all no trick of hearts only",
  },
  "queens-and-jacks": {
    name: "Queens and Jacks",
    rule: "Each queen taken +30, each jack +20; a trick with a queen and a jack +100 more.",
    goal: "take no queen and no jack",
  },
  bribe: {
    name: "Bribe",
    rule: "+30 per trick; playing a trick's lowest rank +20; winning with the lowest rank +100 more.",
    goal: "take no trick, and do not play the lowest card of a trick",
  },
  "open-trousers": {
    name: "Open Trousers",
    rule: "Hands face the others, you play yours blind; no need to follow. \u221210 per trick; all 8 cost +100.",
    goal: "take tricks (each takes 10 off), but not all eight",
  },
  "good-hunting": {
    name: "Good Hunting",
    rule: "All hands face up; follow suit. +10 per trick; all 8 tricks cost 100.",
    goal: "take as few tricks as you can, with every hand in sight",
  },
  quadrature: {
    name: "Quadrature",
    rule: "Winning trick 4 scores \u221240, trick 8 \u221280; other tricks nothing.",
    goal: "win trick 4 and trick 8; the others do not count",
  },
  snack: {
    name: "Snack",
    rule: "Build suit rows out from the jacks; take a pile when you cannot play. Cards left cost +10/+20/+30 as players go out.",
    goal: "get rid of your cards before the others",
  },
};
const PLUS_AUSTRIAN = {
  rule: "+10 per trick you do not take; taking no trick at all costs 100.",
  goal: "take tricks: each one you miss costs 10",
};

/** The one word for a round of this game: Quodlibet is played in deals. */
export const roundWord = "deal";

/** The display name of contract ``id`` ("bad-neighbour" -> "Bad Neighbour"). */
export function contractName(id) {
  if (!id) return "";
  return (CONTRACTS[id] && CONTRACTS[id].name) || String(id);
}

/** The one-line rule of contract ``id`` under the game's options. */
export function contractRule(id, options = {}) {
  if (id === "plus" && options && options.plus_austrian) return PLUS_AUSTRIAN.rule;
  return (CONTRACTS[id] && CONTRACTS[id].rule) || "";
}

/** What a player tries to do in contract ``id`` ("take as few tricks as you can"). */
export function contractGoal(id, options = {}) {
  if (id === "plus" && options && options.plus_austrian) return PLUS_AUSTRIAN.goal;
  return (CONTRACTS[id] && CONTRACTS[id].goal) || "";
}

/** Contract ids in one order everywhere: the order the engine lists a wheel in. */
export function inWheelOrder(ids, order) {
  const rank = (id) => {
    const i = (order || []).indexOf(id);
    return i < 0 ? Object.keys(CONTRACTS).indexOf(id) + 100 : i;
  };
  return [...ids].sort((a, b) => rank(a) - rank(b));
}

// --- small words -----------------------------------------------------------------------------

const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const PLACES = ["", "first", "second", "third", "fourth"];

/** "one card", "two cards", "12 cards". */
export function count(n, one, many = `${one}s`) {
  return `${NUMBER_WORDS[n] ?? n} ${n === 1 ? one : many}`;
}

/** "+30", "−10", "0" with a real minus sign. */
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return "0";
}

function nameOf(ui, seat) {
  const name = ui && ui.seatName ? ui.seatName(seat) : null;
  return name || `Player ${seat + 1}`;
}

const be = (who) => (who === "You" ? "are" : "is");
const the = (code) => `the ${cardShort(code)}`;

/** A rank drawn for the deal: "a 7", "an 8", "a jack", "an ace". */
function aRank(rank) {
  const word = RANKS[rank] ? (/^[7-9T]$/.test(rank) ? RANKS[rank].short : RANKS[rank].name) : String(rank);
  return /^(8|ace)$/.test(word) ? `an ${word}` : `a ${word}`;
}

function listText(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

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

/** One public log entry in words ("Computer 3 won trick 2 with the 10♠."). */
export function describeLogEntry(entry, ui, view = null) {
  if (!entry) return null;
  const who = entry.seat === null || entry.seat === undefined ? null : nameOf(ui, entry.seat);
  const [verb, arg] = String(entry.action).split(" ");
  switch (verb) {
    case "draw": {
      const draws = (entry.draws || []).map(([seat, rank]) => `${nameOf(ui, seat)} ${aRank(rank)}`);
      return `Drawing for the first dealer, the lowest card deals: ${listText(draws)}.`;
    }
    case "deal": {
      const dealer = nameOf(ui, entry.dealer);
      const newWheel = !isPractice(view) && entry.deal > 1 && (entry.deal - 1) % 4 === 0;
      const why = newWheel ? " (a new wheel: the highest total deals first)" : "";
      return `Deal ${entry.deal}: ${dealer} ${dealer === "You" ? "deal" : "deals"}${why}.`;
    }
    case "choose":
      return `${who} chose ${contractName(entry.contract || arg)}.`;
    case "play": {
      const code = entry.card || (parseCode(arg) ? arg : null);
      const blind = String(arg).startsWith("@");
      const snack = view ? view.contract === "snack" : Boolean(entry.out);
      let text;
      if (!code) text = `${who} played a card`;
      else if (blind) text = `${who} played a card blind: ${the(code)}`;
      else if (snack) text = `${who} laid ${the(code)}`;
      else text = `${who} played ${the(code)}`;
      text += ".";
      if (entry.trick_winner !== undefined && entry.trick_winner !== null) {
        const winner = nameOf(ui, entry.trick_winner);
        const card = winningCard(entry, view);
        text += ` ${winner} won trick ${entry.trick_number}${card ? ` with ${the(card)}` : ""}.`;
      }
      if (entry.out) text += ` ${outWords(entry.out, ui)}`;
      if (entry.pickup) text += ` ${pickupWords(entry.pickup, ui)}`;
      return text;
    }
    case "take": {
      const jacks = (entry.jacks || []).map(the);
      const cards = entry.cards === undefined ? "" : `: ${count(entry.cards, "card")}`;
      return `${who} took pile ${arg}${cards}${jacks.length ? `, and lays out ${listText(jacks)}` : ""}.`;
    }
    case "pass":
      return `${who} passed: no card to lay and no pile left.`;
    case "score": {
      const scores = (entry.scores || []).map((p, seat) => `${nameOf(ui, seat)} ${signed(p)}`);
      return `${contractName(entry.contract)} is scored: ${listText(scores)}.`;
    }
    default:
      return who ? `${who} made a move.` : null;
  }
}

/** A Snack exit: "Ann is out first: Ben +20 (two cards), Cleo +10 (one card)." */
export function outWords(exit, ui) {
  const who = nameOf(ui, exit.seat);
  const paid = (exit.points || []).flatMap((p, seat) =>
    p ? [`${nameOf(ui, seat)} ${signed(p)} (${count(exit.hand_sizes[seat], "card")})`] : []);
  return `${who} ${be(who)} out ${PLACES[exit.place] || ""}, ${exit.per_card} per card left` +
    `${paid.length ? `: ${listText(paid)}` : ": nobody pays"}.`;
}

/** Snack's last player: "Dan is left last and takes piles 3 and 5 (four cards)." */
export function pickupWords(pickup, ui) {
  const who = nameOf(ui, pickup.seat);
  const piles = pickup.piles || [];
  if (!piles.length) return `${who} ${be(who)} left last with ${count(pickup.hand_size || 0, "card")}.`;
  return `${who} ${be(who)} left last and ${who === "You" ? "take" : "takes"} ` +
    `${piles.length === 1 ? "pile" : "piles"} ${listText(piles.map(String))} (${count(pickup.cards || 0, "card")}).`;
}

/** The hint's move and reason: ["Play the 9♠", "Minus: take as few tricks as you can"]. */
export function hintWords(action, view) {
  const [verb, arg] = String(action).split(" ");
  const options = (view && view.options) || {};
  const contract = view && view.contract;
  const during = contract ? `${contractName(contract)}: ${contractGoal(contract, options)}` : "";
  switch (verb) {
    case "choose":
      return [`Choose ${contractName(arg)}`,
        `of the contracts left, this hand should lose the fewest points in it (${contractRule(arg, options).replace(/\.$/, "")})`];
    case "play":
      if (String(arg).startsWith("@")) {
        return [`Play your face-down card ${Number(arg.slice(1)) + 1} from the left`,
          `${contractName(contract)}: you cannot see your own cards, so any one is as good a pick as another; ${contractGoal(contract, options)}`];
      }
      if (contract === "snack") {
        return [`Lay ${the(arg)}`, `Snack: ${contractGoal(contract, options)}, and keep the rows open for your other cards`];
      }
      return [`Play ${the(arg)}`, during];
    case "take":
      return [`Take pile ${arg}`, "Snack: you have no card that fits a row, so you must take a pile"];
    case "pass":
      return ["Pass", "Snack: you have no card that fits a row and no pile is left"];
    default:
      return null;
  }
}

/** Short explanations of the words on the Quodlibet table, for its tips. */
export const TIPS = {
  wheel: "The twelve deals are played in three wheels of four. In each wheel everyone deals once and chooses one of that wheel's contracts not played yet, so each contract is played once. The twelfth deal is always Snack.",
  dealer: "The dealer chooses the contract. The deal passes to the left after each deal; a new wheel (deals 5 and 9) starts with the player on the most penalty points as dealer.",
  practice: "A practice game: these contracts, in this order, with no choosing and no wheels.",
  practiceDealer: "Practice: the contracts are played in the order of the link, with no choosing; the deal passes to the left after each deal.",
  remaining: "The contracts of this wheel that nobody has chosen yet. The dealers of this wheel must choose among them.",
  snackPiles: "A player who cannot lay a card must take a pile into their hand (its jacks are laid out at once); with no pile left they pass.",
};
