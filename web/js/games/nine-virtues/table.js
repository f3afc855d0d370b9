// Nine Virtues table (RULES.md NV-*): draws one engine view; offers only view.legal.
//
// Controls: a centre card bids it (`bid R`); a hand card starts a swap, then a centre card
// finishes it (`swap H C`, cancel with the button or Escape); Kill arms a kill, then a centre
// card is killed (`kill R`); at round end the holder of the 1 calls it from a 1-10 picker
// (`call R`). Every pressable control that submits an action carries it in `data-action`;
// a press on something not legal asks the engine why (ui.explain) and shows the answer.

import {
  actions, backFan, cardButton, cardFace, cardRow, el, messageBox, nameOf, rankBadge,
  seatOrder, signed, ensurePairsCss,
} from "../../cards/pairs.js";
import { focusGroup, toolbar } from "../../table/keys.js";
import { list, number, t } from "../../i18n.js";
import { tip } from "../../table/tips.js";
import { moveWords } from "../generic.js";

// Every word from web/i18n/<lang>/nine-virtues.json ("nine-virtues.<name>").
const w = (name, values) => t(`nine-virtues.${name}`, values);

/** The hint's move and reason for `action` (hint.js): ["Bid the 7", "it scores +7 if ..."]. */
export function hintWords(action) {
  const [verb, r, take] = String(action).split(" ");
  switch (verb) {
    case "bid": return [w("hint-bid", { rank: r }), w("hint-bid-why", { rank: r })];
    case "swap": return [w("hint-swap", { give: r, take }), w("hint-swap-why", { take })];
    case "kill": return [w("hint-kill", { rank: r }), w("hint-kill-why")];
    case "call": return [w("hint-call", { rank: r }), w("hint-call-why", { rank: r })];
    default: return null;
  }
}

/** One public log entry in words (the shell's log uses it too). */
export function describeLogEntry(entry, ui) {
  if (!entry) return null;
  const who = entry.seat === null || entry.seat === undefined ? null : nameOf(ui, entry.seat);
  const [verb, a, b] = String(entry.action).split(" ");
  if (verb === "deal") {
    const centre = Array.isArray(entry.centre) ? entry.centre.join(" ") : null;
    if (entry.dealer !== undefined && entry.dealer !== null) {
      const dealer = nameOf(ui, entry.dealer);
      return centre !== null ? w("log-dealt-centre", { dealer, cards: centre }) : w("log-dealt", { dealer });
    }
    return centre !== null ? w("log-deal-centre", { cards: centre }) : w("log-deal");
  }
  if (!who) return null;
  const turn = entry.turn ? w("turn-suffix", { turn: entry.turn }) : "";
  switch (verb) {
    case "bid": return w("log-bid", { who, rank: a, turn });
    case "kill": return w("log-kill", { who, rank: a, turn });
    case "swap": return w("log-swap", { who, give: a, take: b, turn });
    case "call": return w("log-call", { who, rank: a });
    default: return w("log-other", { who, move: moveWords(entry.action) });
  }
}

/** A seat's latest move this round in a few words, for its strip ("bid 7"), or null. */
function latestMove(log, seat) {
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (e.seat !== seat) continue;
    const [verb, a, b] = String(e.action).split(" ");
    if (verb === "bid") return w("latest-bid", { rank: a });
    if (verb === "kill") return w("latest-kill", { rank: a });
    if (verb === "swap") return w("latest-swap", { give: a, take: b });
    if (verb === "call") return w("latest-call", { rank: a });
    return null;
  }
  return null;
}

/**
 * What changed at the centre in the last turn of every seat (the viewer's own last move
 * included: the last `players` moves of the round, from the public log), for the shell's
 * "Last moves" control. null before anyone has moved this round.
 */
export function renderLastTrick(view, ui) {
  const players = view.players || (view.hand_sizes || []).length;
  const moves = (view.log || []).filter((e) => e.seat !== null && e.seat !== undefined);
  const since = moves.length - players;
  const shown = moves.slice(Math.max(0, since));
  if (!shown.length) return null;
  ensurePairsCss();
  const node = el("ol", { class: "nv-last-moves", "data-last-trick": "" });
  for (const entry of shown) {
    const who = nameOf(ui, entry.seat);
    const [verb, a, b] = String(entry.action).split(" ");
    const cards = [];
    if (verb === "bid") cards.push(cardFace(Number(a), { small: true, label: w("last-bid", { who, rank: a }) }));
    if (verb === "kill") cards.push(cardFace(Number(a), { small: true, label: w("last-kill", { who, rank: a }) }));
    if (verb === "swap") {
      cards.push(cardFace(Number(a), { small: true, label: w("last-give", { rank: a }) }),
        el("span", { class: "nv-last-arrow", "aria-hidden": "true" }, "⇄"),
        cardFace(Number(b), { small: true, label: w("last-take", { rank: b }) }));
    }
    if (verb === "call") cards.push(cardFace(1, { small: true, label: w("last-call", { rank: a }) }));
    node.append(el("li", { class: "nv-last-move", "data-seat": entry.seat, "data-verb": verb },
      el("span", { class: "nv-last-text" }, describeLogEntry(entry, ui) || w("log-other", { who, move: moveWords(entry.action) })),
      cards.length ? el("span", { class: "nv-last-cards" }, ...cards) : null));
  }
  return { title: w("last-title"), node };
}

export function renderTable(view, ui) {
  ensurePairsCss();
  const me = view.seat === null || view.seat === undefined ? null : view.seat;
  const players = view.players || view.hand_sizes.length;
  const legal = new Set(view.legal || []);
  const myTurn = me !== null && legal.size > 0;
  const playing = view.phase === "play";
  const centre = view.centre || [];
  const state = { mode: "bid", give: null, giveIndex: -1 }; // mode: bid | swap | kill

  const root = el("section", {
    // Unnamed: the shell's section is the "Nine Virtues table" region (one landmark, not two).
    class: `pairs-table nv-table${ui.instant ? " is-instant" : ""}`,
    "data-game": "nine-virtues",
    "data-phase": view.phase,
  });
  const message = messageBox();
  const act = actions(root, ui, message);

  // --- status line ----------------------------------------------------------------------
  const status = el("ul", { class: "pairs-status", "aria-label": w("round-status") });
  status.append(
    el("li", { "data-status": "round" }, w("status-round", { round: view.round, rounds: players })),
  );
  if (view.dealer !== undefined && view.dealer !== null) {
    status.append(el("li", { "data-status": "dealer" }, w("status-dealer", { name: nameOf(ui, view.dealer) })));
  }
  if (view.phase === "play") {
    status.append(el("li", { "data-status": "turn" }, w("status-turn", { turn: view.turn })));
    status.append(el("li", {
      "data-status": "kill",
      id: "nv-kill-status",
      class: view.kills_allowed ? "is-yes" : "is-no",
    }, view.kills_allowed ? w("status-kill-yes") : w("status-kill-from", { turn: players + 1 })));
    if (view.swap_limit !== null && view.swap_limit !== undefined) {
      status.append(el("li", { "data-status": "swap", class: view.swaps_allowed ? "is-yes" : "is-no" },
        view.swaps_allowed ? w("status-swaps-until", { turn: view.swap_limit }) : w("status-swaps-no")));
    }
  } else if (view.phase === "call") {
    status.append(el("li", { "data-status": "turn" }, w("status-calling")));
  } else if (view.over) {
    status.append(el("li", { "data-status": "turn" }, w("status-over")));
  }
  if (typeof view.aside_size === "number") {
    status.append(el("li", { "data-status": "aside" }, w("status-aside", { count: view.aside_size }),
      tip(w("aside-tip"), { about: w("aside-about") })));
  }
  root.append(status);

  // --- last move ------------------------------------------------------------------------
  const log = view.log || [];
  const lastText = describeLogEntry([...log].reverse().find((e) => e.seat !== null && e.seat !== undefined)
    || log[log.length - 1], ui);
  if (lastText) root.append(el("p", { class: "pairs-zone-note pairs-last", "data-last": "" }, w("last", { text: lastText })));

  // The hand on screen: "Your hand", or in pass-and-play the person's own name ("Mina's hand").
  const handName = me !== null && ui.people > 1 ? w("hand-named", { name: nameOf(ui, me) }) : w("your-hand");
  // A computer seat thinking now (the shell's ui.thinking): said on its strip.
  const thinkingChip = () => el("span", { class: "pairs-chip is-thinking", "data-thinking": "" }, t("table.thinking-mark"));

  // --- seats ----------------------------------------------------------------------------
  function seatPanel(seat) {
    const name = nameOf(ui, seat);
    const toAct = view.to_act === seat && !view.over;
    const panel = el("section", {
      class: `pairs-zone pairs-seat${toAct ? " is-to-act" : ""}`,
      "data-seat": seat,
      "aria-label": toAct ? w("seat-label-to-play", { name }) : w("seat-label", { name }),
    });
    const head = el("div", { class: "pairs-zone-head" },
      el("span", { class: "pairs-seat-name" }, name));
    if (view.dealer === seat) head.append(el("span", { class: "pairs-chip" }, w("chip-dealer")));
    if (toAct) head.append(el("span", { class: "pairs-chip is-turn" },
      view.phase === "call" ? w("chip-calling") : w("chip-to-play")));
    if (ui.thinking === seat) head.append(thinkingChip());
    head.append(el("span", { class: "pairs-seat-score", "aria-label": w("total-label", { total: number(view.totals[seat]) }) },
      w("points", { points: number(view.totals[seat]) })));
    panel.append(head);

    const known = (view.known && view.known[seat]) || [];
    const size = view.hand_sizes[seat];
    panel.append(el("div", { class: "pairs-seat-line" },
      backFan(size, { label: w("hand-of", { name, count: size }), max: 5 })));
    const latest = latestMove(log, seat);
    if (latest) panel.append(el("p", { class: "pairs-seat-last", "data-seat-last": seat }, latest));
    if (known.length) {
      panel.append(el("div", { class: "pairs-seat-line", "data-known": seat },
        el("span", { class: "pairs-label", title: w("known-title") }, w("known")),
        cardRow(known, { small: true, labelFor: (r) => w("known-in-hand", { rank: r, name }) })));
    }

    const bids = view.bids[seat] || [];
    panel.append(el("div", { class: "pairs-seat-line", "data-bids": seat },
      el("span", { class: "pairs-label" }, w("bids")),
      bids.length
        ? cardRow(bids, { small: true, labelFor: (r) => w("bid-of", { name, rank: r }) })
        : el("span", { class: "pairs-empty" }, w("none"))));
    return panel;
  }

  // Where each strip sits on a wide table (table.css), round the centre as people sit: the
  // player on your left (play goes clockwise) on the left, the last before you on the right,
  // the others across. Only up to three others: more share the band across the top.
  const others = seatOrder(players, me);
  const around = others.length <= 3;
  const place = (index) => {
    if (!around || others.length === 1) return "top";
    if (index === 0) return "left";
    return index === others.length - 1 ? "right" : "top";
  };
  if (around) root.dataset.around = "";
  const seats = el("div", { class: "pairs-seats", "aria-label": w("players") });
  others.forEach((seat, index) => {
    const panel = seatPanel(seat);
    panel.dataset.pos = place(index);
    seats.append(panel);
  });

  // --- the play area: centre, tools, call picker, my hand ---------------------------------
  const play = el("div", { class: "pairs-play" });
  const centreZone = el("section", { class: "pairs-zone nv-centre", "aria-label": w("centre") });
  const tools = el("div", { class: "pairs-tools" });
  const callZone = el("section", { class: "pairs-zone nv-call", "aria-label": w("call-zone") });
  const handZone = el("section", { class: "pairs-zone nv-hand", "aria-label": handName });

  const anySwapFrom = (h) => [...legal].some((a) => a.startsWith(`swap ${h} `));
  const anyKill = () => [...legal].some((a) => a.startsWith("kill "));

  function cancel() {
    state.mode = "bid";
    state.give = null;
    state.giveIndex = -1;
    draw("[data-zone=hand]");
  }
  const cancelSwapButton = () => el("button", {
    type: "button", class: "pairs-button", "data-control": "cancel",
    onclick: cancel,
  }, w("cancel-swap"));

  function centreAction(rank) {
    if (state.mode === "swap") return `swap ${state.give} ${rank}`;
    if (state.mode === "kill") return `kill ${rank}`;
    return `bid ${rank}`;
  }
  function centreLabel(rank) {
    if (state.mode === "swap") return w("centre-swap", { rank, give: state.give });
    if (state.mode === "kill") return w("centre-kill", { rank });
    return w("centre-bid", { rank });
  }

  function promptText() {
    if (view.over) return [w("prompt-over"), "info"];
    if (view.phase === "call") {
      if (myTurn) return [w("prompt-call"), "turn"];
      return [w("prompt-wait-call", { name: nameOf(ui, view.to_act) }), "info"];
    }
    if (!myTurn) {
      return view.to_act === null || view.to_act === undefined
        ? ["", "info"] : [w("prompt-to-play", { name: nameOf(ui, view.to_act) }), "info"];
    }
    if (state.mode === "swap") return [w("prompt-swap", { give: state.give }), "turn"];
    if (state.mode === "kill") return [w("prompt-kill"), "turn"];
    // Only what is legal now (a swap limit reached, kills not open yet: not offered).
    const can = (verb) => ([...legal].some((a) => a.startsWith(`${verb} `)) ? "yes" : "no");
    return [w("prompt-turn", { bid: can("bid"), swap: can("swap"), kill: can("kill") }), "turn"];
  }

  function drawCentre() {
    centreZone.replaceChildren();
    centreZone.append(el("h2", {},
      w("centre"), el("span", { class: "pairs-zone-note" }, w("cards-count", { count: centre.length }))));
    const cards = el("div", { class: "pairs-cards pairs-overlap", "data-zone": "centre" });
    cards.style.setProperty("--n", String(Math.max(centre.length, 1)));
    if (!centre.length) cards.append(el("span", { class: "pairs-empty" }, w("empty")));
    centre.forEach((rank) => {
      if (myTurn && playing) {
        const action = centreAction(rank);
        const ok = legal.has(action);
        const btn = cardButton(rank, {
          label: ok ? centreLabel(rank) : w("not-allowed", { label: centreLabel(rank) }),
          action: ok ? action : null,
          legal: ok,
          extraClass: state.mode === "kill" ? "is-kill-target" : state.mode === "swap" ? "is-target" : "",
          onPress: () => (ok ? act.submit(action) : act.refuse(action)),
        });
        if (!ok) btn.dataset.explain = action;
        cards.append(btn);
      } else {
        cards.append(cardFace(rank, { label: w("in-centre", { rank }) }));
      }
    });
    centreZone.append(toolbar(cards, { key: "centre", label: w("centre-cards") }));
    const killed = view.killed || [];
    centreZone.append(el("div", { class: "pairs-seat-line", "data-zone": "killed" },
      el("span", { class: "pairs-label" }, w("killed")),
      killed.length
        ? cardRow(killed, { small: true, labelFor: (r) => w("killed-card", { rank: r }) })
        : el("span", { class: "pairs-empty" }, w("none"))));
  }

  function drawTools() {
    tools.replaceChildren();
    if (!(myTurn && playing)) {
      tools.hidden = true;
      return;
    }
    tools.hidden = false;
    const killOk = anyKill();
    const killBtn = el("button", {
      type: "button",
      class: `pairs-button is-danger${killOk ? "" : " is-off"}`,
      "data-control": "kill",
      "aria-pressed": state.mode === "kill" ? "true" : "false",
      // Not yet: the status line says from which turn (its words are the reason).
      "aria-disabled": killOk ? null : "true",
      "aria-describedby": killOk ? null : "nv-kill-status",
    }, state.mode === "kill" ? w("kill-cancel") : w("kill-button"));
    killBtn.addEventListener("click", () => {
      if (state.mode === "kill") return cancel();
      if (!killOk) return act.refuse(`kill ${centre[0]}`, w("cannot-kill"));
      state.mode = "kill";
      state.give = null;
      draw("[data-zone=centre]");
      return undefined;
    });
    tools.append(killBtn);
    if (state.mode === "swap") tools.append(cancelSwapButton());
  }

  function drawCall() {
    callZone.replaceChildren();
    if (!(view.phase === "call" && myTurn)) {
      callZone.hidden = true;
      return;
    }
    callZone.hidden = false;
    callZone.append(el("h2", {}, w("call-zone"),
      el("span", { class: "pairs-zone-note" }, w("call-note"))));
    const grid = el("div", { class: "nv-call-grid" });
    for (let rank = 1; rank <= 10; rank += 1) {
      const action = `call ${rank}`;
      const ok = legal.has(action);
      const btn = cardButton(rank, {
        label: w("call-as", { rank: String(rank) }),
        action: ok ? action : null,
        legal: ok,
        onPress: () => (ok ? act.submit(action) : act.refuse(action)),
      });
      if (!ok) btn.dataset.explain = action;
      grid.append(btn);
    }
    callZone.append(toolbar(grid, { key: "call", label: w("call-as-group") }));
  }

  function drawHand() {
    handZone.replaceChildren();
    if (me === null) {
      handZone.hidden = true;
      return;
    }
    const hand = view.hand || [];
    const knownLeft = {};
    for (const r of (view.known && view.known[me]) || []) knownLeft[r] = (knownLeft[r] || 0) + 1;
    const head = el("div", { class: "pairs-zone-head" },
      el("span", { class: "pairs-seat-name" }, handName),
      el("span", { class: "pairs-zone-note" }, w("cards-count", { count: hand.length })));
    if (view.dealer === me) head.append(el("span", { class: "pairs-chip" }, w("chip-dealer")));
    if (myTurn) head.append(el("span", { class: "pairs-chip is-turn" },
      view.phase === "call" ? w("chip-calling") : w("chip-your-turn")));
    head.append(el("span", { class: "pairs-seat-score" }, w("points", { points: number(view.totals[me]) })));
    handZone.append(head);
    const cards = el("div", { class: "pairs-cards pairs-overlap", "data-zone": "hand" });
    cards.style.setProperty("--n", String(Math.max(hand.length, 1)));
    hand.forEach((rank, index) => {
      const isKnown = (knownLeft[rank] || 0) > 0;
      if (isKnown) knownLeft[rank] -= 1;
      const known = isKnown ? "yes" : "no";
      let node;
      if (myTurn && playing) {
        const ok = anySwapFrom(rank);
        const selected = state.mode === "swap" && state.giveIndex === index;
        node = cardButton(rank, {
          label: selected ? w("hand-chosen", { rank, known })
            : ok ? w("hand-swap", { rank, known }) : w("hand-no-swap", { rank, known }),
          legal: ok,
          selected,
          onPress: () => {
            if (selected) return cancel();
            if (!ok) return act.refuse(`swap ${rank} ${centre[0]}`, w("cannot-swap"));
            state.mode = "swap";
            state.give = rank;
            state.giveIndex = index;
            draw("[data-zone=centre]");
            return undefined;
          },
        });
        node.dataset.swapGive = String(rank);
      } else {
        node = cardFace(rank, { label: w("hand-card", { rank, known }) });
      }
      if (isKnown) {
        const wrap = el("span", { class: "nv-known-wrap" },
          node, el("span", { class: "nv-known-mark", "aria-hidden": "true", title: w("known-mark-title") }, w("known-mark")));
        cards.append(wrap);
      } else {
        cards.append(node);
      }
    });
    if (!hand.length) cards.append(el("span", { class: "pairs-empty" }, w("no-cards")));
    handZone.append(toolbar(cards, { key: "hand", label: w("your-cards") }));
    if (((view.known && view.known[me]) || []).length) {
      handZone.append(el("p", { class: "pairs-zone-note nv-known-note" }, w("known-note", { mark: w("known-mark") })));
    }
    const bids = view.bids[me] || [];
    handZone.append(el("div", { class: "pairs-seat-line", "data-bids": me },
      el("span", { class: "pairs-label" }, w("your-bids")),
      bids.length
        ? cardRow(bids, { small: true, labelFor: (r) => w("your-bid", { rank: r }) })
        : el("span", { class: "pairs-empty" }, w("none"))));
  }

  // Redraw after a change of mode; ``focus`` (a group's selector) keeps keyboard play flowing.
  function draw(focus = null) {
    drawCentre();
    drawTools();
    drawCall();
    drawHand();
    const [text, kind] = promptText();
    message.show(text, kind);
    if (focus) focusGroup(root.querySelector(focus));
  }

  // The prompt (and a refusal) sits between the centre and the controls, above the hand.
  play.append(centreZone, message.node, tools, callZone, handZone);
  root.append(el("div", { class: "pairs-main" }, seats, play));
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && state.mode !== "bid") {
      event.preventDefault();
      cancel();
    }
  });
  draw();
  return root;
}

/** One scored round: hands as revealed, the call, and per rank who scored what. */
export function renderRoundSummary(entry, ui) {
  ensurePairsCss();
  const detail = entry.detail || {};
  const scores = entry.scores || [];
  const players = scores.length;
  const seats = [...Array(players).keys()];
  const names = seats.map((s) => nameOf(ui, s));
  const root = el("section", {
    class: "pairs-summary nv-summary",
    "aria-label": w("summary-label", { round: entry.round }),
    "data-round": entry.round,
  });
  root.append(el("h3", {}, w("summary-round", { round: entry.round })));

  const call = detail.call;
  root.append(el("p", { class: "pairs-summary-note" }, call
    ? w("summary-call", { name: names[call.seat], rank: String(call.rank) })
    : w("summary-no-call")));

  if (detail.hands) {
    const hands = el("div", { class: "pairs-summary-hands" });
    seats.forEach((seat) => {
      const row = el("div", { class: "pairs-summary-hand", "data-seat": seat },
        el("span", { class: "pairs-label" }, names[seat]));
      row.append(cardRow(detail.hands[seat] || [], {
        small: true,
        labelFor: (r) => (r === 1 && call && call.seat === seat
          ? w("summary-called", { rank: call.rank }) : w("summary-rank", { rank: r })),
      }));
      const bids = (detail.bids && detail.bids[seat]) || [];
      if (bids.length) {
        row.append(el("span", { class: "nv-summary-bids" },
          el("span", { class: "pairs-zone-note" }, w("summary-bids")),
          cardRow(bids, { small: true, labelFor: (r) => w("summary-bid", { rank: r }) })));
      }
      hands.append(row);
    });
    root.append(hands);
  }

  const table = el("table", { "aria-label": w("points-by-rank") });
  table.append(el("caption", { class: "pairs-visually-hidden" }, w("summary-caption")));
  root.append(el("p", { class: "pairs-summary-note nv-legend" }, w("legend-count"),
    el("span", { class: "nv-bid-line is-win", "aria-hidden": "true" }, w("legend-bid-mark")), w("legend-bid")));
  table.append(el("thead", {}, el("tr", {},
    el("th", { scope: "col" }, w("rank-col")),
    ...seats.map((s) => el("th", { scope: "col" }, names[s])))));
  const body = el("tbody");
  for (const line of detail.ranks || []) {
    const counts = line.counts || [];
    const bids = line.bids || [];
    if (!counts.some((c) => c > 0) && !bids.length) continue;
    const winners = new Set(line.hand_winners || []);
    const tr = el("tr", { "data-rank": line.rank },
      el("th", { scope: "row" }, rankBadge(line.rank, { label: w("rank-label", { rank: line.rank }) })));
    for (const seat of seats) {
      const td = el("td");
      const c = counts[seat] || 0;
      td.append(el("span", { class: "nv-count" },
        c ? `×${c}` : el("span", { "aria-label": w("none") }, "–")));
      if (winners.has(seat)) {
        td.append(el("span", { class: "nv-hand-points is-win" }, signed(line.rank)));
      }
      for (const bid of bids.filter((b) => b.seat === seat)) {
        td.append(el("span", { class: `nv-bid-line ${bid.points >= 0 ? "is-win" : "is-loss"}`,
          title: w("bid-title") },
        el("span", { class: "pairs-visually-hidden" }, w("bid-hidden")), signed(bid.points)));
      }
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(body);
  const foot = el("tfoot");
  if (detail.hand_points) {
    foot.append(el("tr", {}, el("th", { scope: "row" }, w("row-hand")),
      ...seats.map((s) => el("td", {}, signed(detail.hand_points[s])))));
  }
  if (detail.bid_points) {
    foot.append(el("tr", {}, el("th", { scope: "row" }, w("row-bids")),
      ...seats.map((s) => el("td", {}, signed(detail.bid_points[s])))));
  }
  foot.append(el("tr", { "data-row": "round-scores" }, el("th", { scope: "row" }, w("row-round")),
    ...seats.map((s) => el("td", {}, signed(scores[s])))));
  table.append(foot);
  root.append(el("div", { class: "pairs-summary-scroll" }, table));
  if (detail.killed && detail.killed.length) {
    root.append(el("p", { class: "pairs-summary-note" },
      w("summary-killed", { cards: list(detail.killed.map(String)) })));
  }
  return root;
}
