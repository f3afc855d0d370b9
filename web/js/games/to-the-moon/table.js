// To the Moon table (RULES.md TM-*): draws one engine view; offers only view.legal.
//
// Controls: a hand card builds it (`build R`); the deck's Test button tests (`test`); a card
// in the countdown withdraws taking it (`withdraw R`), or, when the countdown holds one card,
// that card or the Withdraw button goes out taking nothing (`withdraw`). Every control that
// submits an action carries it in `data-action`; a press on something not legal asks the
// engine why (ui.explain) and shows the answer in the table.

import {
  actions, backFan, cardBack, cardButton, cardFace, el, messageBox, nameOf, rankSlot,
  seatOrder, ensurePairsCss,
} from "../../cards/pairs.js";
import { tip } from "../../table/tips.js";
import { focusGroup, toolbar } from "../../table/keys.js";
import { number, t } from "../../i18n.js";
import { moveWords } from "../generic.js";

const ROUNDS = 6; // TM-2
// Every word from web/i18n/<lang>/to-the-moon.json ("to-the-moon.<name>").
const w = (name, values) => t(`to-the-moon.${name}`, values);
const ordinal = (n) => w("order", { order: n }); // "2nd", 2번째

/** The hint's move and reason for `action` (hint.js): ["Build 7", "it keeps you in ..."]. */
export function hintWords(action) {
  const [verb, r] = String(action).split(" ");
  switch (verb) {
    case "build": return [w("hint-build", { rank: r }), w("hint-build-why")];
    case "test": return [w("hint-test"), w("hint-test-why")];
    case "withdraw":
      return r === undefined ? [w("hint-withdraw"), w("hint-withdraw-why")]
        : [w("hint-withdraw-take", { rank: r }), w("hint-withdraw-take-why", { rank: r })];
    default: return null;
  }
}

/** One public log entry in words (the shell's log uses it too). */
export function describeLogEntry(entry, ui) {
  if (!entry) return null;
  const who = entry.seat === null || entry.seat === undefined ? null : nameOf(ui, entry.seat);
  const [verb, rank] = String(entry.action).split(" ");
  switch (verb) {
    case "lead": return w("log-lead", { who, rank: String(entry.card) });
    case "build": return w(entry.perfect ? "log-build-perfect" : "log-build", { who, rank: String(rank) });
    case "test":
      if (!entry.joined) return w("log-test-out", { who, rank: String(entry.card) });
      return w(entry.perfect ? "log-test-perfect" : "log-test-joined", { who, rank: String(entry.card) });
    case "withdraw":
      return entry.took !== null && entry.took !== undefined
        ? w("log-withdraw-took", { who, rank: entry.took }) : w("log-withdraw", { who });
    case "win": return w("log-win", { who, points: entry.points });
    case "round-end": return w("log-round-end");
    default: return who ? w("log-other", { who, move: moveWords(entry.action) }) : null;
  }
}

/** A seat's latest move this round in a few words, for its strip ("built 7"), or null. */
function latestMove(log, seat) {
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (e.seat !== seat) continue;
    const [verb, rank] = String(e.action).split(" ");
    if (verb === "lead") return w("latest-lead", { rank: e.card });
    if (verb === "build") return w("latest-build", { rank });
    if (verb === "test") return w(e.joined ? "latest-test-in" : "latest-test-out", { rank: e.card });
    if (verb === "withdraw") return e.took !== null && e.took !== undefined ? w("latest-withdraw-took", { rank: e.took }) : w("latest-withdraw");
    if (verb === "win") return w("latest-win", { points: e.points });
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
    w(win.perfect ? "last-caption-perfect" : "last-caption", { who: nameOf(ui, win.seat), points: win.points })));
  const row = el("ol", { class: "tm-last-cards", "aria-label": w("last-order") });
  cards.forEach((rank, index) => row.append(el("li", {},
    cardFace(rank, { small: true, label: index === 0 ? w("last-card-lead", { rank }) : w("last-card", { rank, order: index + 1 }) }))));
  node.append(row);
  const moves = el("ol", { class: "tm-last-moves" });
  for (const entry of log.slice(start, end)) {
    const text = describeLogEntry(entry, ui);
    if (text) moves.append(el("li", {}, text));
  }
  if (moves.childNodes.length) node.append(moves);
  return { title: w("last-title"), node };
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
  const status = el("ul", { class: "pairs-status", "aria-label": w("round-status") });
  status.append(el("li", { "data-status": "round" }, w("status-round", { round: view.round, rounds: ROUNDS })));
  if (view.dealer !== undefined && view.dealer !== null) {
    status.append(el("li", { "data-status": "dealer" }, w("status-dealer", { name: nameOf(ui, view.dealer) })));
  }
  if (view.leader !== undefined && view.leader !== null && !view.over) {
    status.append(el("li", { "data-status": "leader" }, w("status-leader", { name: nameOf(ui, view.leader) })));
  }
  if (view.over) status.append(el("li", { "data-status": "over" }, w("status-over")));
  root.append(status);

  const log = view.log || [];
  const last = describeLogEntry(log[log.length - 1], ui);
  // The card just turned from the deck (a lead or a test that joined), for motion.js.
  const newest = log[log.length - 1];
  const fromDeck = newest && ["lead", "test"].includes(String(newest.action).split(" ")[0]) ? newest.card : null;
  if (last) root.append(el("p", { class: "pairs-zone-note pairs-last", "data-last": "" }, w("last", { text: last })));

  // The hand on screen: "Your hand", or in pass-and-play the person's own name ("Mina's hand").
  const handName = me !== null && ui.people > 1 ? w("hand-named", { name: nameOf(ui, me) }) : w("your-hand");
  // A computer seat thinking now (the shell's ui.thinking): said on its strip.
  const thinkingChip = () => el("span", { class: "pairs-chip is-thinking", "data-thinking": "" }, t("table.thinking-mark"));

  // --- seats ----------------------------------------------------------------------------
  function seatPanel(seat) {
    const name = nameOf(ui, seat);
    const isIn = view.in ? view.in[seat] : true;
    const toAct = view.to_act === seat && !view.over;
    const panel = el("section", {
      class: `pairs-zone pairs-seat${toAct ? " is-to-act" : ""}${isIn ? "" : " is-out"}`,
      "data-seat": seat,
      "aria-label": w(toAct ? "seat-label-to-play" : "seat-label", { name, in: isIn ? "yes" : "no" }),
    });
    const head = el("div", { class: "pairs-zone-head" },
      el("span", { class: "pairs-seat-name" }, name),
      el("span", { class: `pairs-chip ${isIn ? "is-in" : "is-out"}`, "data-in": isIn ? "in" : "out" },
        isIn ? w("chip-in") : w("chip-out")));
    if (view.dealer === seat) head.append(el("span", { class: "pairs-chip" }, w("chip-dealer")));
    if (toAct) head.append(el("span", { class: "pairs-chip is-turn" }, w("chip-to-play")));
    if (ui.thinking === seat) head.append(thinkingChip());
    head.append(el("span", { class: "pairs-seat-score", "aria-label": w("total-label", { total: number(view.totals[seat]) }) },
      w("points", { points: number(view.totals[seat]) })));
    panel.append(head);

    const size = view.hand_sizes[seat];
    const line = el("div", { class: "pairs-seat-line" },
      backFan(size, { label: w("hand-of", { name, count: size }), max: 5 }));
    const shown = view.shown ? view.shown[seat] : null;
    panel.append(line);
    if (shown !== null && shown !== undefined) {
      panel.append(el("div", { class: "pairs-seat-line", "data-shown": seat },
        el("span", { class: "pairs-label" }, w("took")),
        cardFace(shown, { small: true, label: w("went-out-taking", { name, rank: shown }) })));
    }
    panel.append(pileLine(seat, { whose: "other", name }));
    const latest = latestMove(log, seat);
    if (latest) panel.append(el("p", { class: "pairs-seat-last", "data-seat-last": seat }, latest));
    return panel;
  }

  function pileLine(seat, whose) {
    const pile = view.piles ? view.piles[seat] : 0;
    const tricks = view.tricks_won ? view.tricks_won[seat] : null;
    return el("div", { class: "pairs-seat-line", "data-pile": seat },
      el("span", { class: "pairs-label" }, w("pile")),
      el("span", {
        class: "tm-pile",
        role: "img",
        "aria-label": tricks !== null ? w("pile-label-tricks", { ...whose, pile, tricks }) : w("pile-label", { ...whose, pile }),
      },
        el("span", { class: `tm-pile-stack${pile ? "" : " is-empty"}`, "aria-hidden": "true" }),
        el("span", { "aria-hidden": "true" }, `${pile}`)),
      tricks !== null ? el("span", { class: "pairs-zone-note", "aria-hidden": "true" },
        w("tricks-note", { tricks })) : null);
  }

  const seats = el("div", { class: "pairs-seats", "aria-label": w("players") });
  for (const seat of seatOrder(players, me)) seats.append(seatPanel(seat));

  // --- the countdown ----------------------------------------------------------------------
  const countdown = el("section", { class: "pairs-zone tm-countdown", "aria-label": w("countdown") });
  const tools = el("div", { class: "pairs-tools" });
  const handZone = el("section", { class: "pairs-zone tm-hand", "aria-label": handName });

  const withdrawFor = (rank) => (trick.length === 1 ? "withdraw" : `withdraw ${rank}`);

  function drawCountdown() {
    countdown.replaceChildren();
    const missing = [];
    for (let r = 10; r >= 1; r -= 1) if (!trick.includes(r)) missing.push(r);
    countdown.append(el("h2", {}, w("countdown"),
      el("span", { class: "pairs-zone-note", "data-missing-ranks": missing.join(" ") },
        // The missing ranks in words only when few are left (the empty slots show them all).
        trick.length ? w("countdown-note", { count: trick.length, missing: missing.join(", "), missing_count: missing.length })
          : w("no-cards-note"))));
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
        slot.append(rankSlot(r, { label: w("missing", { rank: r }) }),
          el("span", { class: "tm-order-gap", "aria-hidden": "true" }));
      } else {
        const order = pos === 0 ? w("order-lead") : ordinal(pos + 1);
        if (myTurn) {
          const action = withdrawFor(r);
          const ok = legal.has(action);
          const what = trick.length === 1 ? w("withdraw-only", { rank: r }) : w("withdraw-take", { rank: r, order });
          const btn = cardButton(r, {
            label: ok ? what : w("not-allowed-suffix", { label: what }),
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
          slot.append(cardFace(r, { label: w("in-countdown", { rank: r, order }) }));
        }
        slot.append(el("span", { class: "tm-order", "aria-hidden": "true" }, order));
        if (pos === trick.length - 1 && pos > 0) slot.classList.add("is-new");
        if (r === fromDeck) slot.dataset.motionFrom = "deck"; // it travels from the deck
      }
      cards.append(slot);
    }
    countdown.append(toolbar(cards, { key: "trick", label: w("countdown-cards") }));
    if (trick.length > 1) {
      countdown.append(el("p", { class: "tm-sequence" }, w("played", { cards: trick.join(" → ") })));
    }
  }

  function drawTools() {
    tools.replaceChildren();
    const deck = el("span", { class: "tm-deck", "data-zone": "deck", "data-motion-home": "deck" },
      view.deck_size > 0 ? cardBack({ label: w("deck-label", { count: view.deck_size }), small: true })
        : el("span", { class: "pairs-empty" }, w("deck-empty")),
      el("span", { "aria-hidden": "true" }, w("deck", { count: view.deck_size })));
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
    }, w("test"), el("span", { class: "pairs-visually-hidden" },
      testOk ? w("test-hidden", { count: view.deck_size }) : w("test-hidden-off")));
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
    }, plain ? w("withdraw") : state.picking ? w("withdraw-cancel") : w("withdraw-pick"));
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
      el("span", { class: "pairs-seat-name" }, handName),
      el("span", { class: "pairs-zone-note" }, w("cards-count", { count: hand.length })),
      el("span", { class: `pairs-chip ${isIn ? "is-in" : "is-out"}`, "data-in": isIn ? "in" : "out" },
        isIn ? w("chip-in") : w("chip-out")));
    if (view.dealer === me) head.append(el("span", { class: "pairs-chip" }, w("chip-dealer")));
    if (myTurn) head.append(el("span", { class: "pairs-chip is-turn" }, w("chip-your-turn")));
    head.append(el("span", { class: "pairs-seat-score" }, w("points", { points: number(view.totals[me]) })));
    handZone.append(head);
    const shown = view.shown ? view.shown[me] : null;
    const cards = el("div", { class: "pairs-cards pairs-overlap", "data-zone": "hand" });
    cards.style.setProperty("--n", String(Math.max(hand.length, 1)));
    hand.forEach((rank) => {
      if (myTurn) {
        const action = `build ${rank}`;
        const ok = legal.has(action);
        const btn = cardButton(rank, {
          label: ok ? w("build-card", { rank }) : w("no-build", { rank }),
          action: ok ? action : null,
          legal: ok,
          onPress: () => (ok ? act.submit(action) : act.refuse(action)),
        });
        if (!ok) btn.dataset.explain = action;
        cards.append(btn);
      } else {
        cards.append(cardFace(rank, { label: w("hand-card", { rank }) }));
      }
    });
    if (!hand.length) cards.append(el("span", { class: "pairs-empty" }, w("no-cards")));
    handZone.append(toolbar(cards, { key: "hand", label: w("your-cards") }));
    if (shown !== null && shown !== undefined) {
      handZone.append(el("div", { class: "pairs-seat-line" },
        el("span", { class: "pairs-label" }, w("you-took")),
        cardFace(shown, { small: true, label: w("you-went-out", { rank: shown }) }),
        el("span", { class: "pairs-zone-note" }, w("shown-note"))));
    }
    handZone.append(pileLine(me, { whose: "you", name: "" }));
  }

  function promptText() {
    if (view.over) return [w("prompt-over"), "info"];
    if (!myTurn) {
      if (me !== null && view.in && !view.in[me]) {
        return [w("prompt-out", { name: nameOf(ui, view.to_act) }), "info"];
      }
      return view.to_act === null || view.to_act === undefined
        ? ["", "info"] : [w("prompt-to-play", { name: nameOf(ui, view.to_act) }), "info"];
    }
    if (state.picking) return [w("prompt-picking"), "turn"];
    const yes = (on) => (on ? "yes" : "no");
    // Only what is legal now: Build when a hand card can be built, Test while the deck lasts.
    const build = [...legal].some((a) => a.startsWith("build "));
    return [w("prompt-turn", { build: yes(build), test: yes(legal.has("test")), plain: yes(legal.has("withdraw")) }), "turn"];
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
    "aria-label": w("summary-label", { round: entry.round }),
    "data-round": entry.round,
  });
  root.append(el("h3", {}, w("summary-round", { round: entry.round })));
  if (detail.dealer !== undefined && detail.dealer !== null) {
    root.append(el("p", { class: "pairs-summary-note" }, w("dealt-by", { name: nameOf(ui, detail.dealer) })));
  }
  const table = el("table", { "aria-label": w("score-piles") });
  table.append(el("caption", { class: "pairs-visually-hidden" }, w("summary-caption")));
  table.append(el("thead", {}, el("tr", {},
    el("th", { scope: "col" }, w("col-player")),
    el("th", { scope: "col" }, w("col-tricks")),
    el("th", { scope: "col" }, w("col-perfect"),
      tip(w("perfect-tip"), { about: w("perfect-about") })),
    el("th", { scope: "col" }, w("col-pile")))));
  const best = Math.max(...scores);
  const body = el("tbody");
  for (const seat of seats) {
    body.append(el("tr", { "data-seat": seat },
      el("th", { scope: "row" }, nameOf(ui, seat)),
      el("td", {}, detail.tricks_won ? `${detail.tricks_won[seat]}` : "–"),
      el("td", {}, detail.perfect_countdowns ? `${detail.perfect_countdowns[seat]}` : "–"),
      el("td", { class: scores[seat] === best && best > 0 ? "is-win" : null },
        el("span", { class: "tm-pile", "aria-label": w("pile-cell", { pile: piles[seat], points: number(scores[seat]) }) },
          el("span", { class: `tm-pile-stack${piles[seat] ? "" : " is-empty"}`, "aria-hidden": "true" }),
          el("span", { "aria-hidden": "true" }, `+${scores[seat]}`)))));
  }
  table.append(body);
  root.append(el("div", { class: "pairs-summary-scroll" }, table));
  return root;
}
