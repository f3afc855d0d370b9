// Quodlibet table (RULES.md QL-*): draws one engine view; offers only view.legal.
//
// Controls, each carrying its exact action in `data-action` when it submits one:
//   - the dealer's contract buttons (`choose NAME`), each with what it scores and whether you
//     want tricks, and beside it a "?" that opens the rules dialog at that contract;
//   - the cards of your hand (`play CODE`), legal ones raised and outlined; in Open Trousers
//     your own cards are face-down positions (`play @i`);
//   - in Snack the six piles (`take P`) and Pass (`pass`) when the engine offers them.
// A press on a card or pile that is not legal asks the engine why (ui.explain) and shows the
// answer in the table's message line. No rules are computed here: the one-line contract
// rules below are presentation text, and everything drawn comes from the view.

import {
  RANK_ORDER, SUITS, SUIT_ORDER, backFan, cardBack, cardButton, cardFace, cardName,
  cardShort, cardSlot, ensureFrenchCss, parseCode, suitIcon,
} from "../../cards/french.js";
import { tip } from "../../table/tips.js";
import {
  TIPS, cardCount, contractBrief, contractName, contractRule, describeLogEntry, inWheelOrder, nameOf,
  num, q, signed, youOf,
} from "./words.js";
import { openRules } from "../../rules/dialog.js";
import { toolbar } from "../../table/keys.js";
import { list, t } from "../../i18n.js";
import { engineText } from "../../words/engine-words.js";

// Score-sheet reasons that only count tricks: the summary's table already shows the count.
const TRICK_COUNTS = new Set(["ql-took-tricks", "ql-took-no-trick"]);

export {
  CONTRACTS, contractBrief, contractName, contractRule, contractGoal, describeLogEntry, hintWords,
} from "./words.js";

// --- small DOM helpers ---------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** Every card of a row from its low end to its high end (QL-21: a row has no gaps). */
function rowRun(suit, ends) {
  if (!ends) return [];
  const low = parseCode(ends[0]);
  const high = parseCode(ends[1]);
  if (!low || !high) return [];
  const from = RANK_ORDER.indexOf(low[0]);
  const to = RANK_ORDER.indexOf(high[0]);
  return RANK_ORDER.slice(from, to + 1).map((rank) => `${rank}${suit}`);
}

// Where each seat sits on screen, seen from ``base`` (the seat at the bottom). Play goes
// clockwise: the player on your left (seat + 1) sits on the left of the screen.
const POSITIONS = ["bottom", "left", "top", "right"];
function positionOf(seat, base) {
  return POSITIONS[(seat - base + 4) % 4];
}

// --- the table -----------------------------------------------------------------------------

export function renderTable(view, ui) {
  ensureFrenchCss();
  const me = view.seat !== null && view.seat !== undefined ? view.seat
    : (ui && ui.me !== null && ui.me !== undefined ? ui.me : null);
  const players = view.players || (view.hand_sizes || []).length || 4;
  const seats = [...Array(players).keys()];
  const base = me === null ? 0 : me;
  const legal = new Set(view.legal || []);
  const myTurn = me !== null && legal.size > 0 && !view.over;
  const snack = view.contract === "snack";
  const openTrousers = view.contract === "open-trousers";
  const choosing = view.phase === "choose";
  const options = view.options || {};

  const root = el("section", {
    class: `ql-table${ui && ui.instant ? " is-instant" : ""}${myTurn ? " is-my-turn" : ""}`,
    // Unnamed: the shell's section is the "Quodlibet table" region (one landmark, not two).
    "data-game": "quodlibet",
    "data-phase": view.phase,
    "data-contract": view.contract || "",
  });

  // The message line: the prompt, or the engine's reason a press was refused. Not a live
  // region (it is redrawn with the table): the shell's announcer says a refusal.
  const message = el("div", { class: "ql-message", "data-kind": "info" });
  function show(text, kind = "info") {
    message.dataset.kind = kind;
    message.textContent = text;
    if (kind === "error" && ui && ui.announce) ui.announce(text, "assertive");
  }

  let busy = false;
  async function submit(action) {
    if (busy) return;
    busy = true;
    root.classList.add("is-busy");
    try {
      await ui.act(action);
    } catch (err) {
      show(String((err && err.message) || err), "error");
    } finally {
      busy = false;
      root.classList.remove("is-busy");
    }
  }
  async function refuse(action, fallback = q("refused")) {
    if (busy) return;
    let why = null;
    try {
      why = ui.explain ? await ui.explain(action) : null;
    } catch (err) {
      why = null;
    }
    show(why || fallback, "error");
  }
  const press = (action) => () => (legal.has(action) ? submit(action) : refuse(action));

  // --- header: deal, wheel, dealer, contract, the rest of the wheel --------------------
  // A practice game (options.contracts) has no wheels and no choosing: its header says
  // which contracts are practised instead.
  const practice = Array.isArray(options.contracts) ? options.contracts : null;
  const header = el("header", { class: "ql-head" });
  const status = el("ul", { class: "ql-status", "aria-label": q("status") });
  status.append(el("li", { "data-status": "deal" },
    practice ? q("status-practice", { round: view.round, deals: view.deals || practice.length })
      : q("status-deal", { round: view.round, deals: view.deals || 12 })));
  if (view.wheel && !practice) {
    status.append(el("li", { "data-status": "wheel" }, `${q("status-wheel", { wheel: view.wheel, wheels: 3 })} `,
      tip(TIPS.wheel, { about: q("about-wheel") })));
  }
  if (view.dealer !== null && view.dealer !== undefined) {
    status.append(el("li", { "data-status": "dealer" },
      `${q("status-dealer", { you: view.dealer === me ? "yes" : "no", name: nameOf(ui, view.dealer) })} `,
      tip(practice ? TIPS.practiceDealer : TIPS.dealer, { about: q("about-dealer") })));
  }
  header.append(status);

  const contractBox = el("div", { class: "ql-contract", "data-zone": "contract" });
  if (view.contract) {
    contractBox.append(
      el("span", { class: "ql-label" }, q("contract")),
      el("strong", { class: "ql-contract-name", "data-contract": view.contract },
        contractName(view.contract)),
      el("span", { class: "ql-contract-rule", title: contractRule(view.contract, options) },
        contractRule(view.contract, options)),
      // A phone has room for the few words (its full rule is in Rules, at this contract).
      el("span", { class: "ql-contract-brief", "data-brief": view.contract }, contractBrief(view.contract, options)),
    );
  } else {
    contractBox.append(el("span", { class: "ql-label" }, q("contract")),
      el("strong", { class: "ql-contract-name" }, q("contract-none")));
  }
  header.append(contractBox);

  // The chips name the contracts; one tip beside them says each one's rule.
  const chipList = (ids, label, current = null) => {
    // One line; on a phone it scrolls sideways (a tab stop, so a keyboard can scroll it too).
    const chips = el("ul", { class: "ql-chips", tabindex: "0", "aria-label": label });
    for (const id of ids) {
      chips.append(el("li", {
        class: `ql-chip${id === current ? " is-current" : ""}`, "data-contract": id,
        "aria-current": id === current ? "true" : null,
      }, contractName(id)));
    }
    return chips;
  };
  const rulesTip = (ids, about, intro) => tip([
    intro ? el("span", { class: "tip-line" }, intro) : null,
    ...ids.map((id) => el("span", { class: "tip-line" }, el("strong", {}, contractName(id)), `: ${contractRule(id, options)}`)),
  ], { about });
  const remaining = inWheelOrder(view.remaining_contracts || [], view.remaining_contracts);
  const wheelLine = el("div", { class: "ql-wheel", "data-zone": "remaining" });
  if (practice) {
    wheelLine.append(el("span", { class: "ql-label" }, `${q("practising")} `,
      rulesTip(practice, q("about-practising"), TIPS.practice)),
    chipList(practice, q("practising-list"), view.contract));
  } else if (remaining.length) {
    wheelLine.append(el("span", { class: "ql-label" }, `${q("remaining")} `,
      rulesTip(remaining, q("about-remaining"), TIPS.remaining)),
    chipList(remaining, q("remaining-list")));
  } else {
    wheelLine.append(el("span", { class: "ql-label" }, q("wheel-last")));
  }
  header.append(wheelLine);
  root.append(header);

  const last = lastMove(view, ui);
  if (last) root.append(el("p", { class: "ql-last", "data-last": "" }, last));

  // --- the dealer's choice --------------------------------------------------------------
  const chooseActions = (view.legal || []).filter((a) => a.startsWith("choose "));
  const iChoose = choosing && chooseActions.length > 0;
  // The dealer chooses where the trick will be, looking at the hand below it.
  let choosePanel = null;
  if (iChoose) {
    // What decides the choice in view: how the game is won, then each contract's few words
    // (what it scores, whether you want tricks), its full rule one tap away in the rules.
    const panel = el("section", { class: "ql-choose", "aria-label": q("choose-label"), "data-zone": "choose" },
      el("h2", {}, q("choose-title")),
      el("p", { class: "ql-choose-goal", "data-choose-goal": "" }, q("choose-lowest")));
    const list = el("div", { class: "ql-choose-list" });
    // The wheel's own order, as in the chips above (legal actions come sorted by name).
    const order = view.remaining_contracts || [];
    const byWheel = inWheelOrder(chooseActions.map((a) => a.slice("choose ".length)), order);
    for (const action of byWheel.map((id) => `choose ${id}`)) {
      const id = action.slice("choose ".length);
      const name = contractName(id);
      // Named by what it shows (the contract, then its few words), so the name holds the label.
      const choice = el("button", {
        type: "button", class: "ql-choice", "data-action": action,
        onclick: press(action),
      }, el("strong", {}, name), el("span", { class: "ql-visually-hidden" }, ": "),
      el("span", { class: "ql-choice-brief", "data-brief": id }, contractBrief(id, options)));
      const rule = el("button", {
        type: "button", class: "ql-choice-rule", "data-control": "contract-rule", "data-contract": id,
        "aria-haspopup": "dialog", "aria-label": q("choose-rule", { contract: name }), title: q("choose-rule", { contract: name }),
        onclick: (event) => openRules("quodlibet", { section: id, opener: event.currentTarget }),
      }, el("span", { "aria-hidden": "true" }, "?"));
      list.append(el("div", { class: "ql-choice-cell" }, choice, rule));
    }
    panel.append(toolbar(list, { key: "contracts", label: q("choose-list"), vertical: true }));
    choosePanel = panel;
  }

  // --- the board: the other seats as strips at the top, the middle, the prompt, the hand --
  const board = el("div", { class: `ql-board${snack ? " is-snack" : ""}${iChoose ? " is-choosing" : ""}` });
  for (const seat of seats) {
    if (seat === me) continue;
    board.append(seatPanel(seat));
  }
  board.append(choosePanel || (snack ? snackMiddle() : trickMiddle()));
  board.append(message); // the prompt, or the reason a press was refused, above the hand
  if (me !== null) board.append(myHand());
  root.append(board);

  root.append(scoreSheet(view, ui));

  show(...prompt());
  return root;

  // --- pieces (function declarations, hoisted) ------------------------------------------

  function seatChips(seat, you = false) {
    const chips = [];
    if (view.dealer === seat) chips.push(el("span", { class: "ql-tag" }, q("tag-dealer")));
    if (view.to_act === seat && !view.over) {
      chips.push(el("span", { class: "ql-tag is-turn" },
        q(choosing ? "tag-choosing" : (you ? "tag-your-turn" : "tag-to-play"))));
    }
    // A computer seat thinking now (the shell's ui.thinking): said on its strip.
    if (ui && ui.thinking === seat) chips.push(el("span", { class: "ql-tag is-thinking", "data-thinking": "" }, t("table.thinking-mark")));
    const out = view.out || [];
    if (snack && out.includes(seat)) {
      chips.push(el("span", { class: "ql-tag is-out" }, q("tag-out", { place: out.indexOf(seat) + 1 })));
    }
    return chips;
  }

  function seatNumbers(seat) {
    const nums = el("span", { class: "ql-nums" });
    if (!snack && !choosing) {
      const n = (view.tricks_won || [])[seat] || 0;
      nums.append(el("span", { class: "ql-num", "data-tricks": seat,
        "aria-label": q("tricks-taken", { n }) }, q("tricks", { n })));
    }
    if (snack && view.snack_scores && view.snack_scores[seat]) {
      const points = view.snack_scores[seat];
      nums.append(el("span", { class: "ql-num is-pen", "aria-label": q("snack-points-name", { n: points }) },
        q("snack-points", { points: signed(points) })));
    }
    const total = (view.totals || [])[seat] || 0;
    nums.append(el("span", { class: "ql-num ql-total", "aria-label": q("total-name", { n: total }) },
      q("total-short", { total: num(total) })));
    return nums;
  }

  function seatPanel(seat) {
    const name = nameOf(ui, seat);
    const toAct = view.to_act === seat && !view.over;
    const panel = el("section", {
      class: `ql-seat ql-pos-${positionOf(seat, base)}${toAct ? " is-to-act" : ""}` +
        `${view.hands && Array.isArray(view.hands[seat]) ? " is-open" : " is-closed"}`,
      "data-seat": seat,
      "aria-label": toAct ? q("seat-to-play", { name }) : name,
    });
    panel.append(el("div", { class: "ql-seat-head" },
      el("span", { class: "ql-seat-name" }, name), ...seatChips(seat), seatNumbers(seat)));
    const latest = latestMove(view.log || [], seat);
    if (latest) panel.append(el("p", { class: "ql-seat-last", "data-seat-last": seat }, latest));
    const size = (view.hand_sizes || [])[seat] || 0;
    const open = view.hands && Array.isArray(view.hands[seat]) ? view.hands[seat] : null;
    if (open) {
      const cards = el("div", { class: "ql-open-hand", "data-hand": seat,
        "aria-label": q("open-hand", { name, cards: cardCount(open.length) }) });
      for (const code of open) cards.append(cardFace(code, { small: true, label: q("open-card", { name, card: cardName(code) }) }));
      if (!open.length) cards.append(el("span", { class: "ql-empty" }, q("no-cards")));
      panel.append(cards);
    } else {
      panel.append(el("div", { class: "ql-closed-hand", "data-hand": seat }, size
        ? backFan(size, { label: q("closed-hand", { name, n: size }) })
        : el("span", { class: "ql-empty" }, q("no-cards"))));
    }
    return panel;
  }

  function trickMiddle() {
    const trick = view.trick || [];
    const showingLast = !trick.length && view.last_trick && !choosing;
    const plays = showingLast ? view.last_trick.plays : trick;
    const bySeat = new Map(plays.map(([seat, code]) => [seat, code]));
    const middle = el("section", {
      class: `ql-middle ql-trick${showingLast ? " is-last" : ""}`,
      "aria-label": q(showingLast ? "trick-last" : "trick-now"),
      "data-zone": "trick",
    });
    const leader = showingLast ? view.last_trick.leader : view.leader;
    for (const seat of seats) {
      const code = bySeat.get(seat);
      const named = { you: seat === me ? "yes" : "no", name: nameOf(ui, seat) };
      const slot = el("div", {
        class: `ql-trick-slot ql-pos-${positionOf(seat, base)}${seat === leader && code ? " is-lead" : ""}` +
          `${showingLast && view.last_trick.winner === seat ? " is-winner" : ""}`,
        "data-seat": seat,
      });
      slot.append(code
        ? cardFace(code, { label: q("trick-card", { ...named, card: cardName(code), led: seat === leader ? "yes" : "no" }) })
        : cardSlot({ label: null }));
      slot.append(el("span", { class: "ql-trick-name", "aria-hidden": "true", "data-lead-word": q("trick-led") },
        q("trick-name", named)));
      middle.append(slot);
    }
    const info = el("div", { class: "ql-trick-info" });
    if (choosing) {
      info.append(el("span", {}, q("waiting-contract")));
    } else if (showingLast) {
      const w = view.last_trick.winner;
      info.append(el("span", {}, q("last-trick")),
        el("strong", {}, q("took-it", { you: w === me ? "yes" : "no", name: nameOf(ui, w) })));
    } else {
      if (view.trick_number) info.append(el("span", { "data-trick-number": view.trick_number },
        q("trick-of", { n: view.trick_number, tricks: 8 })));
      if (view.led_suit && SUITS[view.led_suit]) {
        info.append(el("span", { class: `ql-led fc-s${view.led_suit}`, "data-led": view.led_suit },
          suitIcon(view.led_suit), ` ${q("led", { suit: view.led_suit })}`));
      } else if (view.leader !== null && view.leader !== undefined && !view.over) {
        info.append(el("span", {}, q("leads", { you: view.leader === me ? "yes" : "no", name: nameOf(ui, view.leader) })));
      }
    }
    middle.append(info);
    return middle;
  }

  function snackMiddle() {
    const middle = el("section", { class: "ql-middle ql-snack", "aria-label": q("snack-layout"), "data-zone": "snack" });
    const rows = el("div", { class: "ql-rows", "aria-label": q("rows") });
    // Jacks just laid out from a pile travel from it (motion.js).
    const newest = (view.log || [])[(view.log || []).length - 1];
    const pileOf = new Map(newest && String(newest.action).startsWith("take ")
      ? (newest.jacks || []).map((jack) => [jack, String(newest.action).slice(5)]) : []);
    const viewRows = view.rows || {};
    for (const suit of SUIT_ORDER) {
      const ends = viewRows[suit];
      const run = rowRun(suit, ends);
      const row = el("div", { class: `ql-row fc-s${suit}`, "data-row": suit },
        el("span", { class: "ql-row-suit", "aria-hidden": "true" }, suitIcon(suit)));
      const cards = el("div", {
        class: "ql-row-cards",
        role: "img",
        "aria-label": run.length
          ? q("row", { suit, from: cardName(run[0]), to: cardName(run[run.length - 1]) })
          : q("row-empty", { suit }),
      });
      // Each rank has its own column (7 on the left, A on the right), so the jacks line up.
      for (const code of run) {
        const card = cardFace(code, { small: true });
        if (pileOf.has(code)) card.dataset.motionFrom = `pile-${pileOf.get(code)}`; // motion.js
        card.style.gridColumn = String(RANK_ORDER.indexOf(code[0]) + 1);
        cards.append(card);
      }
      if (!run.length) {
        const slot = cardSlot({ small: true, text: `J${SUITS[suit].symbol}` });
        slot.style.gridColumn = String(RANK_ORDER.indexOf("J") + 1);
        cards.append(slot, el("span", { class: "ql-row-note", "aria-hidden": "true" }, q("row-starts")));
      }
      row.append(cards);
      rows.append(row);
    }
    middle.append(rows);

    middle.append(el("p", { class: "ql-label ql-piles-label" }, `${q("piles")} `,
      tip(TIPS.snackPiles, { about: q("about-piles") })));
    const piles = el("div", { class: "ql-piles", role: "group", "aria-label": q("piles") });
    const left = (view.piles || []).some((size) => size > 0);
    if (!left) {
      middle.append(el("p", { class: "ql-piles-gone", "data-piles": "none" }, q("piles-gone")));
    }
    (left ? view.piles : []).forEach((size, index) => {
      const p = index + 1;
      const action = `take ${p}`;
      const home = `pile-${p}`;
      const ok = legal.has(action);
      const pileFace = el("span", { class: "ql-pile-stack", "aria-hidden": "true" });
      for (let i = 0; i < Math.min(size, 3); i += 1) pileFace.append(cardBack({ label: null, small: true }));
      if (!size) pileFace.append(cardSlot({ small: true }));
      const caption = el("span", { class: "ql-pile-caption", "aria-hidden": "true" },
        el("strong", {}, `${p}`), ` \u00b7 ${size ? q("pile-count", { n: size }) : q("pile-taken")}`);
      const text = size ? q("pile-name", { pile: p, n: size }) : q("pile-name-taken", { pile: p });
      if (myTurn && size) {
        // Named by its caption ("2 · 3 cards") with hidden words around it, so the name
        // holds what the button shows: "Take pile 2, 3 cards".
        const hidden = (words) => el("span", { class: "ql-visually-hidden" }, words);
        const named = el("span", { class: "ql-pile-caption" },
          hidden(q(ok ? "pile-take-before" : "pile-before")), el("strong", {}, `${p}`),
          el("span", { "aria-hidden": "true" }, " \u00b7 "), hidden(q("pile-between")), q("pile-count", { n: size }),
          hidden(q(ok ? "pile-take-after" : "pile-after")));
        piles.append(el("button", {
          type: "button",
          class: `ql-pile ${ok ? "is-legal" : "is-off"}`,
          "data-pile": p,
          "data-motion-home": home,
          "data-action": ok ? action : null,
          "aria-disabled": ok ? null : "true",
          onclick: press(action),
        }, pileFace, named));
      } else {
        piles.append(el("div", { class: `ql-pile${size ? "" : " is-taken"}`, "data-pile": p, "data-motion-home": home,
          role: "img", "aria-label": text }, pileFace, caption));
      }
    });
    if (left) middle.append(toolbar(piles, { key: "piles", label: q("piles") }));
    if (legal.has("pass")) {
      middle.append(el("div", { class: "ql-tools" }, el("button", {
        type: "button", class: "ql-button", "data-action": "pass", onclick: press("pass"),
      }, q("pass"))));
    }
    return middle;
  }

  function myHand() {
    const hand = view.hand || [];
    const panel = el("section", {
      class: `ql-seat ql-mine ql-pos-bottom${view.to_act === me && !view.over ? " is-to-act" : ""}`,
      "data-seat": me,
      // "Your hand", or in pass-and-play the person's own name ("Mina's hand").
      "aria-label": ui && ui.people > 1 ? q("hand-named", { name: nameOf(ui, me) }) : q("your-hand"),
    });
    panel.append(el("div", { class: "ql-seat-head" },
      el("span", { class: "ql-seat-name" }, `${nameOf(ui, me)}`),
      el("span", { class: "ql-note" }, q("hand-count", { n: hand.length })),
      ...seatChips(me, true), seatNumbers(me)));
    const cards = el("div", { class: "ql-hand", "data-zone": "hand" });
    cards.style.setProperty("--n", String(Math.max(hand.length, 1)));
    const interactive = myTurn && !choosing;
    hand.forEach((code, i) => {
      if (code === null || code === undefined) {
        // A card this seat may not see: a position, never a value.
        if (interactive && openTrousers) {
          const action = `play @${i}`;
          const ok = legal.has(action);
          cards.append(cardButton(null, {
            label: q(ok ? "blind-play" : "blind-off", { n: i + 1 }),
            action: ok ? action : null,
            legal: ok,
            onPress: press(action),
            extraClass: "ql-card",
          }));
        } else {
          cards.append(cardBack({ label: q("blind-back", { n: i + 1 }) }));
        }
        return;
      }
      if (interactive) {
        const action = `play ${code}`;
        const ok = legal.has(action);
        cards.append(cardButton(code, {
          label: q(ok ? "card-play" : "card-off", { card: cardName(code) }),
          action: ok ? action : null,
          legal: ok,
          onPress: press(action),
          extraClass: "ql-card",
        }));
      } else {
        cards.append(cardFace(code, { label: q("card-mine", { card: cardName(code) }) }));
      }
    });
    if (!hand.length) cards.append(el("span", { class: "ql-empty" }, q("hand-empty")));
    panel.append(toolbar(cards, { key: "hand", label: q("hand-list") }));
    if (choosing && hand.length && hand.every((c) => c === null)) {
      panel.append(el("p", { class: "ql-note" }, q("hand-hidden")));
    } else if (openTrousers && !view.over) {
      const blind = myBlindPlay(view, me);
      panel.append(el("p", { class: "ql-note", "data-blind-play": blind || "" },
        blind ? q("blind-last", { card: cardShort(blind) }) : q("blind-note")));
    }
    return panel;
  }

  function prompt() {
    if (view.over) {
      const winners = (view.winners || []).map((s) => q("winner", { you: s === me ? "yes" : "no", name: nameOf(ui, s) }));
      return [q("over", { winners: winners.length ? list(winners) : q("nobody") }), "turn"];
    }
    const who = view.to_act === null || view.to_act === undefined ? null : nameOf(ui, view.to_act);
    if (!myTurn) {
      if (choosing) return [q("prompt-choosing", { who }), "info"];
      return [who ? q("prompt-waiting", { who }) : q("prompt-waiting-anyone"), "info"];
    }
    if (choosing) return [q("prompt-choose"), "turn"];
    if (snack) {
      if (legal.has("pass")) return [q("prompt-pass"), "turn"];
      if ([...legal].some((a) => a.startsWith("take "))) return [q("prompt-take"), "turn"];
      return [q("prompt-lay"), "turn"];
    }
    if (openTrousers) return [q("prompt-blind"), "turn"];
    if (view.led_suit && SUITS[view.led_suit]) return [q("prompt-follow", { suit: view.led_suit }), "turn"];
    return [q("prompt-lead"), "turn"];
  }
}

/**
 * The last completed trick of this deal (view.last_trick: public, every card in it was played
 * face up), for the shell's "Last trick" control: the four cards in play order from the
 * leader, each under its player's name, the winner marked. null before the first trick ends
 * and in Snack, which has no tricks.
 */
export function renderLastTrick(view, ui) {
  const last = view.last_trick;
  if (!last || view.contract === "snack" || !Array.isArray(last.plays) || !last.plays.length) return null;
  ensureFrenchCss();
  const me = view.seat === null || view.seat === undefined ? null : view.seat;
  const number = (view.tricks_won || []).reduce((sum, n) => sum + (n || 0), 0);
  const who = (seat) => ({ you: seat === me ? "yes" : "no", name: nameOf(ui, seat) });
  const node = el("div", { class: "ql-last-trick", "data-last-trick": number || "" });
  node.append(el("p", { class: "ql-last-caption" },
    q("last-trick-caption", { n: number || 0, ...who(last.winner) })));
  const cards = el("ol", { class: "ql-last-cards" });
  last.plays.forEach(([seat, code], index) => {
    cards.append(el("li", {
      class: `ql-last-play${seat === last.winner ? " is-winner" : ""}`, "data-seat": seat,
    },
    cardFace(code, { small: true, label: q("last-trick-card", {
      ...who(seat), card: cardName(code), first: index === 0 ? "yes" : "no", won: seat === last.winner ? "yes" : "no",
    }) }),
    el("span", { class: "ql-last-name", "aria-hidden": "true" }, q("trick-name", who(seat)))));
  });
  node.append(cards);
  return { title: q("last-trick"), node };
}

/** A seat's latest move this deal in a few words, for its strip ("played 9♠"), or null. */
function latestMove(log, seat) {
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (e.seat !== seat) continue;
    const [verb, arg] = String(e.action).split(" ");
    const code = e.card || (parseCode(arg) ? arg : null);
    if (verb === "play") return code ? q("latest-play", { card: cardShort(code) }) : q("latest-play-unknown");
    if (verb === "take") return q("latest-take", { pile: arg });
    if (verb === "pass") return q("latest-pass");
    if (verb === "choose") return q("latest-choose", { contract: contractName(e.contract || arg) });
    return null;
  }
  return null;
}

/** In Open Trousers, the card the viewer last played blind (public once played), or null. */
function myBlindPlay(view, me) {
  if (me === null || view.contract !== "open-trousers") return null;
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (e.seat === me && String(e.action).startsWith("play") && e.card) return e.card;
  }
  return null;
}

// The last move, in words, from the log (which holds only public facts).
function lastMove(view, ui) {
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0; i -= 1) {
    if (log[i].seat === null || log[i].seat === undefined) continue;
    return q("last", { text: describeLogEntry(log[i], ui, view) });
  }
  return null;
}

// --- the score sheet: all deals, each seat's points and running totals ---------------------

/**
 * The score sheet of the game so far: one row per deal (deal number, contract, each seat's
 * points with the running total under it), the deal in progress and the deals to come.
 * ``view`` needs ``score_sheet``, ``deals``, ``round``, ``contract`` and ``totals``.
 */
export function renderScoreSheet(view, ui) {
  ensureFrenchCss();
  const sheet = view.score_sheet || [];
  const players = view.players || (view.totals || []).length || 4;
  const seats = [...Array(players).keys()];
  const me = view.seat === null || view.seat === undefined ? null : view.seat;
  const names = seats.map((s) => nameOf(ui, s));
  const deals = view.deals || 12;
  const table = el("table", { class: "ql-sheet-table", "aria-label": q("sheet") });
  table.append(el("caption", { class: "ql-visually-hidden" }, q("sheet-caption")));
  table.append(el("thead", {}, el("tr", {},
    el("th", { scope: "col" }, q("sheet-deal")),
    el("th", { scope: "col" }, q("sheet-contract")),
    ...seats.map((s) => el("th", { scope: "col", class: s === me ? "is-me" : null }, names[s])))));
  const body = el("tbody");
  const running = seats.map(() => 0);
  const byRound = new Map(sheet.map((e) => [e.round, e]));
  for (let k = 1; k <= deals; k += 1) {
    const entry = byRound.get(k);
    const tr = el("tr", { "data-deal": k });
    tr.append(el("th", { scope: "row" }, num(k)));
    if (entry) {
      const id = entry.detail && entry.detail.contract;
      tr.append(el("td", { class: "ql-sheet-contract", "data-contract": id || "" }, contractName(id)));
      seats.forEach((s) => {
        const pts = (entry.scores || [])[s] || 0;
        running[s] += pts;
        tr.append(el("td", { class: s === me ? "is-me" : null, "data-seat": s },
          el("span", { class: "ql-sheet-pts" }, signed(pts)),
          el("span", { class: "ql-sheet-run", "aria-label": q("sheet-running", { total: num(running[s]) }) },
            q("sheet-running-short", { total: num(running[s]) }))));
      });
    } else {
      const current = k === view.round && !view.over;
      tr.classList.add(current ? "is-current" : "is-future");
      tr.append(el("td", { class: "ql-sheet-contract" },
        current ? (view.contract ? q("sheet-playing", { contract: contractName(view.contract) }) : q("sheet-choosing"))
          : "\u2014"));
      seats.forEach((s) => tr.append(el("td", { class: s === me ? "is-me" : null }, "")));
    }
    body.append(tr);
  }
  table.append(body);
  table.append(el("tfoot", {}, el("tr", {},
    el("th", { scope: "row", colspan: 2 }, q("sheet-total")),
    ...seats.map((s) => el("td", { class: s === me ? "is-me" : null, "data-total": s },
      num((view.totals || running)[s]))))));
  return el("div", { class: "ql-sheet-scroll" }, table);
}

function scoreSheet(view, ui) {
  const details = el("details", { class: "ql-sheet", "data-zone": "score-sheet" });
  // The shell draws a new table after every move and keeps no state for us: a sheet the
  // player opened stays open because the table it replaces (still on the page) says so.
  const before = typeof document !== "undefined" ? document.querySelector(".ql-sheet") : null;
  if (view.over || (before && before.open)) details.open = true;
  const played = (view.score_sheet || []).length;
  details.append(el("summary", { class: "ql-sheet-toggle" },
    q("sheet-toggle", { played, deals: view.deals || 12 })));
  details.append(renderScoreSheet(view, ui));
  return details;
}

// --- one scored deal ------------------------------------------------------------------------

/** One scored deal: the contract, tricks taken, who scored what and why (or Snack's exits). */
export function renderRoundSummary(entry, ui) {
  ensureFrenchCss();
  const detail = entry.detail || {};
  const scores = entry.scores || [];
  const players = scores.length || 4;
  const seats = [...Array(players).keys()];
  const names = seats.map((s) => nameOf(ui, s));
  const me = ui && ui.me !== null && ui.me !== undefined ? ui.me : null;
  const id = detail.contract;
  const root = el("section", {
    class: "ql-summary",
    "aria-label": q("summary-name", { game: t("table.game-quodlibet"), round: entry.round, contract: contractName(id) }),
    "data-round": entry.round,
    "data-contract": id || "",
  });
  root.append(el("h3", { class: "ql-summary-title" }, q("summary-title", { round: entry.round, contract: contractName(id) })));
  const rule = contractRule(id, (ui && ui.options) || {});
  if (rule) root.append(el("p", { class: "ql-summary-rule" }, rule));
  if (detail.dealer !== undefined && detail.dealer !== null) {
    root.append(el("p", { class: "ql-note" }, q("summary-dealer", { name: names[detail.dealer] })));
  }

  // One row per player, so it fits a phone however long the names are.
  const sheet = ui && Array.isArray(ui.scoreSheet) ? ui.scoreSheet : null;
  const tricks = Array.isArray(detail.tricks_won) ? detail.tricks_won : null;
  const totals = sheet
    ? seats.map((s) => sheet.filter((e) => e.round <= entry.round)
      .reduce((sum, e) => sum + ((e.scores || [])[s] || 0), 0))
    : null;
  const table = el("table", { class: "ql-summary-table", "aria-label": q("summary-table") });
  table.append(el("thead", {}, el("tr", {},
    el("th", { scope: "col" }, q("summary-player")),
    tricks ? el("th", { scope: "col" }, q("summary-tricks")) : null,
    el("th", { scope: "col" }, q("summary-points")),
    totals ? el("th", { scope: "col" }, q("summary-total")) : null)));
  const body = el("tbody");
  for (const s of seats) {
    body.append(el("tr", { class: s === me ? "is-me" : null, "data-seat": s },
      el("th", { scope: "row" }, names[s]),
      tricks ? el("td", { "data-tricks": s }, num(tricks[s])) : null,
      el("td", { class: "ql-pts", "data-points": s }, signed(scores[s] || 0)),
      totals ? el("td", { "data-total": s }, num(totals[s])) : null));
  }
  table.append(body);
  root.append(el("div", { class: "ql-sheet-scroll" }, table));

  const why = el("ul", { class: "ql-summary-why" });
  // The engine's reasons are messages {code, params} (engine-words.js), seats named here.
  for (const e of detail.entries || []) {
    if (tricks && TRICK_COUNTS.has(e.message.code)) continue; // the table says it
    const reason = engineText(e.message, { seatName: (s) => names[s] });
    const line = { name: names[e.seat], points: signed(e.points), reason, trick: e.trick };
    const withTrick = e.trick !== null && e.trick !== undefined && e.message.code !== "ql-took-trick";
    why.append(el("li", {}, q(withTrick ? "summary-line-trick" : "summary-line", line)));
  }
  for (const exit of detail.exits || []) {
    const paid = seats.filter((s) => (exit.points || [])[s]).map((s) =>
      q("out-pays", { name: names[s], points: signed(exit.points[s]), cards: q("pile-count", { n: exit.hand_sizes[s] }) }));
    const values = { name: names[exit.seat], place: exit.place, per: exit.per_card };
    why.append(el("li", {}, paid.length ? q("summary-out-paid", { ...values, paid: list(paid) })
      : q("summary-out", values)));
  }
  if (detail.pickup) {
    const p = detail.pickup;
    const piles = (p.piles || []).length;
    const values = { name: names[p.seat], hand: p.hand_size || 0 };
    why.append(el("li", {}, piles ? q("summary-pickup", { ...values, piles, cards: p.cards || 0 })
      : q("summary-pickup-none", values)));
  }
  if (why.childNodes.length > 5) {
    root.append(el("details", { class: "ql-summary-more" },
      el("summary", {}, q("summary-more", { n: why.childNodes.length })), why));
  } else if (why.childNodes.length) {
    root.append(why);
  }

  return root;
}
