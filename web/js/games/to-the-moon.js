// To the Moon table (RULES.md TM-*): draws one engine view; offers only view.legal.
//
// Controls: a hand card builds it (`build R`); the deck's Test button tests (`test`); a card
// in the countdown withdraws taking it (`withdraw R`), or, when the countdown holds one card,
// that card or the Withdraw button goes out taking nothing (`withdraw`). Every control that
// submits an action carries it in `data-action`; a press on something not legal asks the
// engine why (ui.explain) and shows the answer in the table.

import {
  aRank, actions, backFan, cardBack, cardButton, cardFace, el, messageBox, nameOf, rankSlot,
  seatOrder, ensurePairsCss,
} from "../cards-pairs.js";
import { tip } from "../tips.js";
import { focusGroup, toolbar } from "../keys.js";

const ROUNDS = 6; // TM-2
const ORDINALS = ["1st", "2nd", "3rd"];
const ordinal = (n) => ORDINALS[n - 1] || `${n}th`;

/** The hint's move and reason for `action` (hint.js): ["Build 7", "it keeps you in ..."]. */
export function hintWords(action) {
  const [verb, r] = String(action).split(" ");
  switch (verb) {
    case "build": return [`Build ${r}`, "it keeps you in without risking a test"];
    case "test": return ["Test", "a new rank keeps you in without spending a card from your hand"];
    case "withdraw":
      return r === undefined ? ["Withdraw", "going out now takes no risk with your hand"]
        : [`Withdraw and take the ${r}`, `you go out with the ${r} in your hand`];
    default: return null;
  }
}

/** One public log entry in words (the shell's log uses it too). */
export function describeLogEntry(entry, ui) {
  if (!entry) return null;
  const who = entry.seat === null || entry.seat === undefined ? null : nameOf(ui, entry.seat);
  const [verb, rank] = String(entry.action).split(" ");
  switch (verb) {
    case "lead": return `${who} turned ${aRank(entry.card)} to lead the countdown.`;
    case "build": return `${who} built ${aRank(Number(rank))}${entry.perfect ? ": a perfect countdown!" : "."}`;
    case "test":
      return entry.joined
        ? `${who} tested ${aRank(entry.card)}: it joins the countdown${entry.perfect ? ", a perfect countdown!" : "."}`
        : `${who} tested ${aRank(entry.card)}, already there: out, taking it.`;
    case "withdraw":
      return entry.took !== null && entry.took !== undefined
        ? `${who} withdrew, taking the ${entry.took}.` : `${who} withdrew, taking nothing.`;
    case "win": return `${who} won the trick: ${entry.points} ${entry.points === 1 ? "card" : "cards"}.`;
    case "round-end": return "The round is over: score piles count.";
    default: return who ? `${who}: ${entry.action}.` : null;
  }
}

/** A seat's latest move this round in a few words, for its strip ("built 7"), or null. */
function latestMove(log, seat) {
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (e.seat !== seat) continue;
    const [verb, rank] = String(e.action).split(" ");
    if (verb === "lead") return `led ${e.card}`;
    if (verb === "build") return `built ${rank}`;
    if (verb === "test") return e.joined ? `tested ${e.card}: in` : `tested ${e.card}: out`;
    if (verb === "withdraw") return e.took !== null && e.took !== undefined ? `withdrew, took ${e.took}` : "withdrew";
    if (verb === "win") return `won ${e.points}`;
    return null;
  }
  return null;
}

/**
 * The last won countdown of this round, from the public log (its `win` entry lists the cards
 * in play order), with the moves of that trick in words: for the shell's "Last trick"
 * control. null before the first trick of the round is won.
 */
export function renderLastTrick(view, ui) {
  const log = view.log || [];
  let end = -1;
  for (let i = log.length - 1; i >= 0; i -= 1) {
    if (log[i].action === "win") {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  ensurePairsCss();
  const win = log[end];
  let start = end;
  while (start > 0 && log[start].action !== "lead") start -= 1;
  const cards = Array.isArray(win.cards) ? win.cards : [];
  const node = el("div", { class: "tm-last-trick", "data-last-trick": "" });
  node.append(el("p", { class: "tm-last-caption" },
    `${nameOf(ui, win.seat)} won ${win.points} ${win.points === 1 ? "card" : "cards"}` +
      `${win.perfect ? " with a perfect countdown" : ""}.`));
  const row = el("ol", { class: "tm-last-cards", "aria-label": "The countdown in play order" });
  cards.forEach((rank, index) => row.append(el("li", {},
    cardFace(rank, { small: true, label: `${rank}, ${index === 0 ? "lead" : ordinal(index + 1)}` }))));
  node.append(row);
  const moves = el("ol", { class: "tm-last-moves" });
  for (const entry of log.slice(start, end)) {
    const text = describeLogEntry(entry, ui);
    if (text) moves.append(el("li", {}, text));
  }
  if (moves.childNodes.length) node.append(moves);
  return { title: "Last trick", node };
}

export function renderTable(view, ui) {
  ensurePairsCss();
  const me = view.seat === null || view.seat === undefined ? null : view.seat;
  const players = view.players || view.hand_sizes.length;
  const legal = new Set(view.legal || []);
  const myTurn = me !== null && legal.size > 0;
  const trick = view.trick || [];
  const state = { picking: false }; // Withdraw pressed: waiting for the card to take

  const root = el("section", {
    // Unnamed: the shell's section is the "To the Moon table" region (one landmark, not two).
    class: `pairs-table tm-table${ui.instant ? " is-instant" : ""}`,
    "data-game": "to-the-moon",
    "data-phase": view.phase,
  });
  const message = messageBox();
  const act = actions(root, ui, message);

  // --- status line ----------------------------------------------------------------------
  const status = el("ul", { class: "pairs-status", "aria-label": "Round status" });
  status.append(el("li", { "data-status": "round" }, `Round ${view.round} of ${ROUNDS}`));
  if (view.dealer !== undefined && view.dealer !== null) {
    status.append(el("li", { "data-status": "dealer" }, `Dealer: ${nameOf(ui, view.dealer)}`));
  }
  if (view.leader !== undefined && view.leader !== null && !view.over) {
    status.append(el("li", { "data-status": "leader" }, `Led by ${nameOf(ui, view.leader)}`));
  }
  if (view.over) status.append(el("li", { "data-status": "over" }, "Game over"));
  root.append(status);

  const log = view.log || [];
  const last = describeLogEntry(log[log.length - 1], ui);
  // The card just turned from the deck (a lead or a test that joined), for motion.js.
  const newest = log[log.length - 1];
  const fromDeck = newest && ["lead", "test"].includes(String(newest.action).split(" ")[0]) ? newest.card : null;
  if (last) root.append(el("p", { class: "pairs-zone-note pairs-last", "data-last": "" }, `Last: ${last}`));

  // --- seats ----------------------------------------------------------------------------
  function seatPanel(seat) {
    const name = nameOf(ui, seat);
    const isIn = view.in ? view.in[seat] : true;
    const toAct = view.to_act === seat && !view.over;
    const panel = el("section", {
      class: `pairs-zone pairs-seat${toAct ? " is-to-act" : ""}${isIn ? "" : " is-out"}`,
      "data-seat": seat,
      "aria-label": `${name}, ${isIn ? "in" : "out"}${toAct ? ", to play" : ""}`,
    });
    const head = el("div", { class: "pairs-zone-head" },
      el("span", { class: "pairs-seat-name" }, name),
      el("span", { class: `pairs-chip ${isIn ? "is-in" : "is-out"}`, "data-in": isIn ? "in" : "out" },
        isIn ? "In" : "Out"));
    if (view.dealer === seat) head.append(el("span", { class: "pairs-chip" }, "Dealer"));
    if (toAct) head.append(el("span", { class: "pairs-chip is-turn" }, "To play"));
    head.append(el("span", { class: "pairs-seat-score", "aria-label": `Total ${view.totals[seat]}` },
      `${view.totals[seat]} pts`));
    panel.append(head);

    const size = view.hand_sizes[seat];
    const line = el("div", { class: "pairs-seat-line" },
      backFan(size, { label: `${name}'s hand: ${size} ${size === 1 ? "card" : "cards"}`, max: 5 }));
    const shown = view.shown ? view.shown[seat] : null;
    panel.append(line);
    if (shown !== null && shown !== undefined) {
      panel.append(el("div", { class: "pairs-seat-line", "data-shown": seat },
        el("span", { class: "pairs-label" }, "Took"),
        cardFace(shown, { small: true, label: `${name} went out taking the ${shown}` })));
    }
    panel.append(pileLine(seat, `${name}'s`));
    const latest = latestMove(log, seat);
    if (latest) panel.append(el("p", { class: "pairs-seat-last", "data-seat-last": seat }, latest));
    return panel;
  }

  function pileLine(seat, whose) {
    const pile = view.piles ? view.piles[seat] : 0;
    const tricks = view.tricks_won ? view.tricks_won[seat] : null;
    return el("div", { class: "pairs-seat-line", "data-pile": seat },
      el("span", { class: "pairs-label" }, "Pile"),
      el("span", {
        class: "tm-pile",
        role: "img",
        "aria-label": `${whose} score pile: ${pile} ${pile === 1 ? "card" : "cards"} this round` +
          (tricks !== null ? `, ${tricks} ${tricks === 1 ? "trick" : "tricks"} won` : ""),
      },
        el("span", { class: `tm-pile-stack${pile ? "" : " is-empty"}`, "aria-hidden": "true" }),
        el("span", { "aria-hidden": "true" }, `${pile}`)),
      tricks !== null ? el("span", { class: "pairs-zone-note", "aria-hidden": "true" },
        `(${tricks} ${tricks === 1 ? "trick" : "tricks"})`) : null);
  }

  const seats = el("div", { class: "pairs-seats", "aria-label": "Players" });
  for (const seat of seatOrder(players, me)) seats.append(seatPanel(seat));

  // --- the countdown ----------------------------------------------------------------------
  const countdown = el("section", { class: "pairs-zone tm-countdown", "aria-label": "Countdown" });
  const tools = el("div", { class: "pairs-tools" });
  const handZone = el("section", { class: "pairs-zone tm-hand", "aria-label": "Your hand" });

  const withdrawFor = (rank) => (trick.length === 1 ? "withdraw" : `withdraw ${rank}`);

  function drawCountdown() {
    countdown.replaceChildren();
    const missing = [];
    for (let r = 10; r >= 1; r -= 1) if (!trick.includes(r)) missing.push(r);
    countdown.append(el("h2", {}, "Countdown",
      el("span", { class: "pairs-zone-note", "data-missing-ranks": missing.join(" ") },
        trick.length ? `${trick.length} of 10 · missing ${missing.join(", ") || "none"}`
          : "no cards")));
    const cards = el("div", { class: "pairs-cards", "data-zone": "trick" });
    // Ten places in one row: a card in play gets a card's width, a missing rank a narrow one.
    const columns = [];
    for (let r = 10; r >= 1; r -= 1) {
      columns.push(trick.includes(r) ? "minmax(0, calc(var(--pc-w) + 2px))" : "minmax(0, var(--tm-gap-w))");
    }
    cards.style.gridTemplateColumns = columns.join(" ");
    for (let r = 10; r >= 1; r -= 1) {
      const pos = trick.indexOf(r);
      const slot = el("span", { class: "tm-slot", "data-slot": r });
      if (pos < 0) {
        slot.append(rankSlot(r, { label: `${r} missing` }),
          el("span", { class: "tm-order-gap", "aria-hidden": "true" }));
      } else {
        const order = pos === 0 ? "lead" : ordinal(pos + 1);
        if (myTurn) {
          const action = withdrawFor(r);
          const ok = legal.has(action);
          const btn = cardButton(r, {
            label: (trick.length === 1
              ? `Withdraw, taking nothing (the ${r} is the only card)`
              : `Withdraw, taking the ${r} (${order})`) + (ok ? "" : ", not allowed now"),
            action: ok ? action : null,
            legal: ok,
            selected: state.picking,
            onPress: () => (ok ? act.submit(action) : act.refuse(action)),
          });
          btn.classList.toggle("is-target", state.picking);
          btn.removeAttribute("aria-pressed");
          if (!ok) btn.dataset.explain = action;
          slot.append(btn);
        } else {
          slot.append(cardFace(r, { label: `${r}, ${order} in the countdown` }));
        }
        slot.append(el("span", { class: "tm-order", "aria-hidden": "true" }, order));
        if (pos === trick.length - 1 && pos > 0) slot.classList.add("is-new");
        if (r === fromDeck) slot.dataset.motionFrom = "deck"; // it travels from the deck
      }
      cards.append(slot);
    }
    countdown.append(toolbar(cards, { key: "trick", label: "Countdown cards" }));
    if (trick.length > 1) {
      countdown.append(el("p", { class: "tm-sequence" }, `Played: ${trick.join(" → ")}`));
    }
  }

  function drawTools() {
    tools.replaceChildren();
    const deck = el("span", { class: "tm-deck", "data-zone": "deck", "data-motion-home": "deck" },
      view.deck_size > 0 ? cardBack({ label: `Deck: ${view.deck_size} cards`, small: true })
        : el("span", { class: "pairs-empty" }, "Deck empty"),
      el("span", { "aria-hidden": "true" }, `Deck ${view.deck_size}`));
    tools.append(deck);
    if (!myTurn) return;
    const testOk = legal.has("test");
    const test = el("button", {
      type: "button",
      class: `pairs-button is-primary${testOk ? "" : " is-off"}`,
      "data-control": "test",
      "data-action": testOk ? "test" : null,
      "data-explain": testOk ? null : "test",
      "aria-disabled": testOk ? null : "true",
    }, "Test", el("span", { class: "pairs-visually-hidden" },
      testOk ? `: turn the top card of the deck (${view.deck_size} left)` : ": not allowed now"));
    test.addEventListener("click", () => (testOk ? act.submit("test") : act.refuse("test")));
    tools.append(test);

    const plain = legal.has("withdraw");
    const anyTake = [...legal].some((a) => a.startsWith("withdraw "));
    const withdraw = el("button", {
      type: "button",
      class: `pairs-button${plain || anyTake ? "" : " is-off"}`,
      "data-control": "withdraw",
      "data-action": plain ? "withdraw" : null,
      "aria-pressed": anyTake ? (state.picking ? "true" : "false") : null,
      "aria-disabled": plain || anyTake ? null : "true",
    }, plain ? "Withdraw" : state.picking ? "Cancel withdraw" : "Withdraw…");
    withdraw.addEventListener("click", () => {
      if (plain) return act.submit("withdraw");
      if (!anyTake) return act.refuse("withdraw");
      state.picking = !state.picking;
      draw(state.picking ? "[data-zone=trick]" : null);
      return undefined;
    });
    tools.append(withdraw);
  }

  function drawHand() {
    handZone.replaceChildren();
    if (me === null) {
      handZone.hidden = true;
      return;
    }
    const hand = view.hand || [];
    const isIn = view.in ? view.in[me] : true;
    const head = el("div", { class: "pairs-zone-head" },
      el("span", { class: "pairs-seat-name" }, "Your hand"),
      el("span", { class: "pairs-zone-note" }, `${hand.length} ${hand.length === 1 ? "card" : "cards"}`),
      el("span", { class: `pairs-chip ${isIn ? "is-in" : "is-out"}`, "data-in": isIn ? "in" : "out" },
        isIn ? "In" : "Out"));
    if (view.dealer === me) head.append(el("span", { class: "pairs-chip" }, "Dealer"));
    if (myTurn) head.append(el("span", { class: "pairs-chip is-turn" }, "Your turn"));
    head.append(el("span", { class: "pairs-seat-score" }, `${view.totals[me]} pts`));
    handZone.append(head);
    const shown = view.shown ? view.shown[me] : null;
    const cards = el("div", { class: "pairs-cards pairs-overlap", "data-zone": "hand" });
    cards.style.setProperty("--n", String(Math.max(hand.length, 1)));
    hand.forEach((rank) => {
      if (myTurn) {
        const action = `build ${rank}`;
        const ok = legal.has(action);
        const btn = cardButton(rank, {
          label: ok ? `Build your ${rank}` : `Your ${rank} (cannot be built now)`,
          action: ok ? action : null,
          legal: ok,
          onPress: () => (ok ? act.submit(action) : act.refuse(action)),
        });
        if (!ok) btn.dataset.explain = action;
        cards.append(btn);
      } else {
        cards.append(cardFace(rank, { label: `Your ${rank}` }));
      }
    });
    if (!hand.length) cards.append(el("span", { class: "pairs-empty" }, "No cards"));
    handZone.append(toolbar(cards, { key: "hand", label: "Your cards" }));
    if (shown !== null && shown !== undefined) {
      handZone.append(el("div", { class: "pairs-seat-line" },
        el("span", { class: "pairs-label" }, "You took"),
        cardFace(shown, { small: true, label: `You went out taking the ${shown}` }),
        el("span", { class: "pairs-zone-note" }, "(shown to all until the next lead)")));
    }
    handZone.append(pileLine(me, "Your"));
  }

  function promptText() {
    if (view.over) return ["The game is over.", "info"];
    if (!myTurn) {
      if (me !== null && view.in && !view.in[me]) {
        return [`You are out of this trick. ${nameOf(ui, view.to_act)} to play.`, "info"];
      }
      return view.to_act === null || view.to_act === undefined
        ? ["", "info"] : [`${nameOf(ui, view.to_act)} to play.`, "info"];
    }
    if (state.picking) return ["Withdraw: press the countdown card you want to take.", "turn"];
    const parts = ["Your turn: build a card from your hand"];
    if (legal.has("test")) parts.push("Test the deck");
    parts.push(legal.has("withdraw") ? "or Withdraw" : "or press a countdown card to take it and withdraw");
    return [`${parts.join(", ")}.`, "turn"];
  }

  function draw(focus = null) {
    drawCountdown();
    drawTools();
    drawHand();
    const [text, kind] = promptText();
    message.show(text, kind);
    if (focus) focusGroup(root.querySelector(focus));
  }

  // The prompt (and a refusal) sits between the countdown and the controls, above the hand.
  const play = el("div", { class: "pairs-play" }, countdown, message.node, tools, handZone);
  root.append(el("div", { class: "pairs-main" }, seats, play));
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && state.picking) {
      event.preventDefault();
      state.picking = false;
      draw();
    }
  });
  draw();
  return root;
}

/** One scored round: each seat's score pile (its points), tricks and perfect countdowns. */
export function renderRoundSummary(entry, ui) {
  ensurePairsCss();
  const detail = entry.detail || {};
  const scores = entry.scores || [];
  const seats = [...scores.keys()];
  const piles = detail.piles || scores;
  const root = el("section", {
    class: "pairs-summary tm-summary",
    "aria-label": `To the Moon, round ${entry.round} scores`,
    "data-round": entry.round,
  });
  root.append(el("h3", {}, `Round ${entry.round}`));
  if (detail.dealer !== undefined && detail.dealer !== null) {
    root.append(el("p", { class: "pairs-summary-note" }, `Dealt by ${nameOf(ui, detail.dealer)}.`));
  }
  const table = el("table", { "aria-label": "Score piles" });
  table.append(el("caption", { class: "pairs-visually-hidden" },
    "Each card in a score pile is a point; cards left in hand score nothing."));
  table.append(el("thead", {}, el("tr", {},
    el("th", { scope: "col" }, "Player"),
    el("th", { scope: "col" }, "Tricks won"),
    el("th", { scope: "col" }, "Perfect countdowns ",
      tip("A countdown that holds all ten ranks, 1 to 10: whoever completes it wins the trick at once.",
        { about: "a perfect countdown" })),
    el("th", { scope: "col" }, "Score pile"))));
  const best = Math.max(...scores);
  const body = el("tbody");
  for (const seat of seats) {
    body.append(el("tr", { "data-seat": seat },
      el("th", { scope: "row" }, nameOf(ui, seat)),
      el("td", {}, detail.tricks_won ? `${detail.tricks_won[seat]}` : "–"),
      el("td", {}, detail.perfect_countdowns ? `${detail.perfect_countdowns[seat]}` : "–"),
      el("td", { class: scores[seat] === best && best > 0 ? "is-win" : null },
        el("span", { class: "tm-pile", "aria-label": `${piles[seat]} ${piles[seat] === 1 ? "card" : "cards"}, ${scores[seat]} points` },
          el("span", { class: `tm-pile-stack${piles[seat] ? "" : " is-empty"}`, "aria-hidden": "true" }),
          el("span", { "aria-hidden": "true" }, `+${scores[seat]}`)))));
  }
  table.append(body);
  root.append(el("div", { class: "pairs-summary-scroll" }, table));
  return root;
}
