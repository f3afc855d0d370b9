// Nine Virtues table (RULES.md NV-*): draws one engine view; offers only view.legal.
//
// Controls: a centre card bids it (`bid R`); a hand card starts a swap, then a centre card
// finishes it (`swap H C`, cancel with the button or Escape); Kill arms a kill, then a centre
// card is killed (`kill R`); at round end the holder of the 1 calls it from a 1-10 picker
// (`call R`). Every pressable control that submits an action carries it in `data-action`;
// a press on something not legal asks the engine why (ui.explain) and shows the answer.

import {
  aRank, actions, backFan, cardButton, cardFace, cardRow, el, messageBox, nameOf, rankBadge,
  seatOrder, signed, ensurePairsCss,
} from "../cards-pairs.js";
import { focusGroup, toolbar } from "../keys.js";
import { number } from "../dom.js";
import { tip } from "../tips.js";

const plural = (rank) => `${rank}s`;

/** The hint's move and reason for `action` (hint.js): ["Bid the 7", "it scores +7 if ..."]. */
export function hintWords(action) {
  const [verb, r, take] = String(action).split(" ");
  switch (verb) {
    case "bid": return [`Bid the ${r}`, `it scores +${r} if you end the round with the most ${plural(r)} in hand`];
    case "swap": return [`Swap your ${r} for the ${take}`, `the ${take} counts in your hand when the round is scored`];
    case "kill": return [`Kill the ${r}`, "nobody can bid it or take it into hand any more"];
    case "call": return [`Call the 1 as ${aRank(Number(r))}`, `it then counts as ${aRank(Number(r))} in your hand`];
    default: return null;
  }
}

/** One public log entry in words (the shell's log uses it too). */
export function describeLogEntry(entry, ui) {
  if (!entry) return null;
  const who = entry.seat === null || entry.seat === undefined ? null : nameOf(ui, entry.seat);
  const [verb, a, b] = String(entry.action).split(" ");
  if (verb === "deal") {
    const dealt = entry.dealer !== undefined && entry.dealer !== null
      ? `${nameOf(ui, entry.dealer)} dealt` : "New deal";
    return Array.isArray(entry.centre) ? `${dealt}; centre ${entry.centre.join(" ")}.` : `${dealt}.`;
  }
  if (!who) return null;
  const turn = entry.turn ? ` (turn ${entry.turn})` : "";
  switch (verb) {
    case "bid": return `${who} bid the ${a}${turn}.`;
    case "kill": return `${who} killed the ${a}${turn}.`;
    case "swap": return `${who} swapped ${aRank(Number(a))} from hand for the ${b}${turn}.`;
    case "call": return `${who} called the 1 as ${aRank(Number(a))}.`;
    default: return `${who}: ${entry.action}.`;
  }
}

/** A seat's latest move this round in a few words, for its strip ("bid 7"), or null. */
function latestMove(log, seat) {
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (e.seat !== seat) continue;
    const [verb, a, b] = String(e.action).split(" ");
    if (verb === "bid") return `bid ${a}`;
    if (verb === "kill") return `killed ${a}`;
    if (verb === "swap") return `swapped ${a} for ${b}`;
    if (verb === "call") return `called 1 as ${a}`;
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
    if (verb === "bid") cards.push(cardFace(Number(a), { small: true, label: `${who} bid the ${a}` }));
    if (verb === "kill") cards.push(cardFace(Number(a), { small: true, label: `${who} killed the ${a}` }));
    if (verb === "swap") {
      cards.push(cardFace(Number(a), { small: true, label: `${a} into the centre` }),
        el("span", { class: "nv-last-arrow", "aria-hidden": "true" }, "⇄"),
        cardFace(Number(b), { small: true, label: `${b} taken from the centre` }));
    }
    if (verb === "call") cards.push(cardFace(1, { small: true, label: `the 1, called as ${a}` }));
    node.append(el("li", { class: "nv-last-move", "data-seat": entry.seat, "data-verb": verb },
      el("span", { class: "nv-last-text" }, describeLogEntry(entry, ui) || `${who}: ${entry.action}.`),
      cards.length ? el("span", { class: "nv-last-cards" }, ...cards) : null));
  }
  return { title: "Last moves", node };
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
  const status = el("ul", { class: "pairs-status", "aria-label": "Round status" });
  status.append(
    el("li", { "data-status": "round" }, `Round ${view.round} of ${players}`),
  );
  if (view.dealer !== undefined && view.dealer !== null) {
    status.append(el("li", { "data-status": "dealer" }, `Dealer: ${nameOf(ui, view.dealer)}`));
  }
  if (view.phase === "play") {
    status.append(el("li", { "data-status": "turn" }, `Turn ${view.turn}`));
    status.append(el("li", {
      "data-status": "kill",
      id: "nv-kill-status",
      class: view.kills_allowed ? "is-yes" : "is-no",
    }, view.kills_allowed ? "Kill allowed" : `Kill from turn ${players + 1}`));
    if (view.swap_limit !== null && view.swap_limit !== undefined) {
      status.append(el("li", { "data-status": "swap", class: view.swaps_allowed ? "is-yes" : "is-no" },
        view.swaps_allowed ? `Swaps until turn ${view.swap_limit}` : "No more swaps"));
    }
  } else if (view.phase === "call") {
    status.append(el("li", { "data-status": "turn" }, "Calling the 1"));
  } else if (view.over) {
    status.append(el("li", { "data-status": "turn" }, "Game over"));
  }
  if (typeof view.aside_size === "number") {
    status.append(el("li", { "data-status": "aside" }, `${view.aside_size} set aside `,
      tip("Cards nobody was dealt this round: they stay face down and unused, so no rank is sure to be all in play.",
        { about: "set aside" })));
  }
  root.append(status);

  // --- last move ------------------------------------------------------------------------
  const log = view.log || [];
  const lastText = describeLogEntry([...log].reverse().find((e) => e.seat !== null && e.seat !== undefined)
    || log[log.length - 1], ui);
  if (lastText) root.append(el("p", { class: "pairs-zone-note pairs-last", "data-last": "" }, `Last: ${lastText}`));

  // --- seats ----------------------------------------------------------------------------
  function seatPanel(seat) {
    const name = nameOf(ui, seat);
    const toAct = view.to_act === seat && !view.over;
    const panel = el("section", {
      class: `pairs-zone pairs-seat${toAct ? " is-to-act" : ""}`,
      "data-seat": seat,
      "aria-label": `${name}${toAct ? ", to play" : ""}`,
    });
    const head = el("div", { class: "pairs-zone-head" },
      el("span", { class: "pairs-seat-name" }, name));
    if (view.dealer === seat) head.append(el("span", { class: "pairs-chip" }, "Dealer"));
    if (toAct) head.append(el("span", { class: "pairs-chip is-turn" },
      view.phase === "call" ? "Calling" : "To play"));
    head.append(el("span", { class: "pairs-seat-score", "aria-label": `Total ${view.totals[seat]}` },
      `${number(view.totals[seat])} pts`));
    panel.append(head);

    const known = (view.known && view.known[seat]) || [];
    const size = view.hand_sizes[seat];
    panel.append(el("div", { class: "pairs-seat-line" },
      backFan(size, { label: `${name}'s hand: ${size} ${size === 1 ? "card" : "cards"}`, max: 5 })));
    const latest = latestMove(log, seat);
    if (latest) panel.append(el("p", { class: "pairs-seat-last", "data-seat-last": seat }, latest));
    if (known.length) {
      panel.append(el("div", { class: "pairs-seat-line", "data-known": seat },
        el("span", { class: "pairs-label", title: "Taken from the centre by Swap" }, "Known"),
        cardRow(known, { small: true, labelFor: (r) => `${r}, known to be in ${name}'s hand` })));
    }

    const bids = view.bids[seat] || [];
    panel.append(el("div", { class: "pairs-seat-line", "data-bids": seat },
      el("span", { class: "pairs-label" }, "Bids"),
      bids.length
        ? cardRow(bids, { small: true, labelFor: (r) => `${name}'s bid: ${r}` })
        : el("span", { class: "pairs-empty" }, "none")));
    return panel;
  }

  const seats = el("div", { class: "pairs-seats", "aria-label": "Players" });
  for (const seat of seatOrder(players, me)) seats.append(seatPanel(seat));

  // --- the play area: centre, tools, call picker, my hand ---------------------------------
  const play = el("div", { class: "pairs-play" });
  const centreZone = el("section", { class: "pairs-zone nv-centre", "aria-label": "Centre" });
  const tools = el("div", { class: "pairs-tools" });
  const callZone = el("section", { class: "pairs-zone nv-call", "aria-label": "Call the 1" });
  const handZone = el("section", { class: "pairs-zone nv-hand", "aria-label": "Your hand" });

  const anySwapFrom = (h) => [...legal].some((a) => a.startsWith(`swap ${h} `));
  const anyKill = () => [...legal].some((a) => a.startsWith("kill "));

  function cancel() {
    state.mode = "bid";
    state.give = null;
    state.giveIndex = -1;
    draw("[data-zone=hand]");
  }
  const cancelButton = (what) => el("button", {
    type: "button", class: "pairs-button", "data-control": "cancel",
    onclick: cancel,
  }, `Cancel ${what}`);

  function centreAction(rank) {
    if (state.mode === "swap") return `swap ${state.give} ${rank}`;
    if (state.mode === "kill") return `kill ${rank}`;
    return `bid ${rank}`;
  }
  function centreLabel(rank) {
    if (state.mode === "swap") return `Take the ${rank} for your ${state.give}`;
    if (state.mode === "kill") return `Kill the ${rank}`;
    return `Bid the ${rank}`;
  }

  function promptText() {
    if (view.over) return ["The game is over.", "info"];
    if (view.phase === "call") {
      if (myTurn) return ["You hold the 1: call the rank it becomes before hands are shown.", "turn"];
      return [`Waiting for ${nameOf(ui, view.to_act)} to call the 1.`, "info"];
    }
    if (!myTurn) {
      return view.to_act === null || view.to_act === undefined
        ? ["", "info"] : [`${nameOf(ui, view.to_act)} to play.`, "info"];
    }
    if (state.mode === "swap") return [`Swap your ${state.give} for which centre card?`, "turn"];
    if (state.mode === "kill") return ["Kill which centre card? It leaves the round.", "turn"];
    return [
      "Your turn: press a centre card to bid it, one of your cards to swap it" +
        (view.kills_allowed ? ", or Kill." : ".") ,
      "turn",
    ];
  }

  function drawCentre() {
    centreZone.replaceChildren();
    centreZone.append(el("h2", {},
      `Centre`, el("span", { class: "pairs-zone-note" },
        `${centre.length} ${centre.length === 1 ? "card" : "cards"}`)));
    const cards = el("div", { class: "pairs-cards pairs-overlap", "data-zone": "centre" });
    cards.style.setProperty("--n", String(Math.max(centre.length, 1)));
    if (!centre.length) cards.append(el("span", { class: "pairs-empty" }, "Empty"));
    centre.forEach((rank) => {
      if (myTurn && playing) {
        const action = centreAction(rank);
        const ok = legal.has(action);
        const btn = cardButton(rank, {
          label: ok ? centreLabel(rank) : `${centreLabel(rank)} (not allowed now)`,
          action: ok ? action : null,
          legal: ok,
          extraClass: state.mode === "kill" ? "is-kill-target" : state.mode === "swap" ? "is-target" : "",
          onPress: () => (ok ? act.submit(action) : act.refuse(action)),
        });
        if (!ok) btn.dataset.explain = action;
        cards.append(btn);
      } else {
        cards.append(cardFace(rank, { label: `${rank} in the centre` }));
      }
    });
    centreZone.append(toolbar(cards, { key: "centre", label: "Centre cards" }));
    const killed = view.killed || [];
    centreZone.append(el("div", { class: "pairs-seat-line", "data-zone": "killed" },
      el("span", { class: "pairs-label" }, "Killed"),
      killed.length
        ? cardRow(killed, { small: true, labelFor: (r) => `killed ${r}` })
        : el("span", { class: "pairs-empty" }, "none")));
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
    }, state.mode === "kill" ? "Cancel kill" : "Kill…");
    killBtn.addEventListener("click", () => {
      if (state.mode === "kill") return cancel();
      if (!killOk) return act.refuse(`kill ${centre[0]}`, "You cannot kill now.");
      state.mode = "kill";
      state.give = null;
      draw("[data-zone=centre]");
      return undefined;
    });
    tools.append(killBtn);
    if (state.mode === "swap") tools.append(cancelButton("swap"));
  }

  function drawCall() {
    callZone.replaceChildren();
    if (!(view.phase === "call" && myTurn)) {
      callZone.hidden = true;
      return;
    }
    callZone.hidden = false;
    callZone.append(el("h2", {}, "Call the 1",
      el("span", { class: "pairs-zone-note" }, "it counts as this rank in your hand")));
    const grid = el("div", { class: "nv-call-grid" });
    for (let rank = 1; rank <= 10; rank += 1) {
      const action = `call ${rank}`;
      const ok = legal.has(action);
      const btn = cardButton(rank, {
        label: `Call the 1 as ${aRank(rank)}`,
        action: ok ? action : null,
        legal: ok,
        onPress: () => (ok ? act.submit(action) : act.refuse(action)),
      });
      if (!ok) btn.dataset.explain = action;
      grid.append(btn);
    }
    callZone.append(toolbar(grid, { key: "call", label: "Call the 1 as" }));
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
      el("span", { class: "pairs-seat-name" }, `Your hand`),
      el("span", { class: "pairs-zone-note" }, `${hand.length} ${hand.length === 1 ? "card" : "cards"}`));
    if (view.dealer === me) head.append(el("span", { class: "pairs-chip" }, "Dealer"));
    if (myTurn) head.append(el("span", { class: "pairs-chip is-turn" },
      view.phase === "call" ? "Calling" : "Your turn"));
    head.append(el("span", { class: "pairs-seat-score" }, `${number(view.totals[me])} pts`));
    handZone.append(head);
    const cards = el("div", { class: "pairs-cards pairs-overlap", "data-zone": "hand" });
    cards.style.setProperty("--n", String(Math.max(hand.length, 1)));
    hand.forEach((rank, index) => {
      const isKnown = (knownLeft[rank] || 0) > 0;
      if (isKnown) knownLeft[rank] -= 1;
      const knownText = isKnown ? ", known to all" : "";
      let node;
      if (myTurn && playing) {
        const ok = anySwapFrom(rank);
        const selected = state.mode === "swap" && state.giveIndex === index;
        node = cardButton(rank, {
          label: selected ? `Your ${rank}${knownText}: chosen to swap (press to cancel)`
            : ok ? `Swap your ${rank}${knownText}` : `Your ${rank}${knownText} (cannot be swapped now)`,
          legal: ok,
          selected,
          onPress: () => {
            if (selected) return cancel();
            if (!ok) return act.refuse(`swap ${rank} ${centre[0]}`, "You cannot swap now.");
            state.mode = "swap";
            state.give = rank;
            state.giveIndex = index;
            draw("[data-zone=centre]");
            return undefined;
          },
        });
        node.dataset.swapGive = String(rank);
      } else {
        node = cardFace(rank, { label: `Your ${rank}${knownText}` });
      }
      if (isKnown) {
        const wrap = el("span", { class: "nv-known-wrap" },
          node, el("span", { class: "nv-known-mark", "aria-hidden": "true", title: "Known to all" }, "K"));
        cards.append(wrap);
      } else {
        cards.append(node);
      }
    });
    if (!hand.length) cards.append(el("span", { class: "pairs-empty" }, "No cards"));
    handZone.append(toolbar(cards, { key: "hand", label: "Your cards" }));
    if (((view.known && view.known[me]) || []).length) {
      handZone.append(el("p", { class: "pairs-zone-note nv-known-note" },
        "K: everyone knows you hold this card (you took it by Swap)."));
    }
    const bids = view.bids[me] || [];
    handZone.append(el("div", { class: "pairs-seat-line", "data-bids": me },
      el("span", { class: "pairs-label" }, "Your bids"),
      bids.length
        ? cardRow(bids, { small: true, labelFor: (r) => `Your bid: ${r}` })
        : el("span", { class: "pairs-empty" }, "none")));
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
    "aria-label": `Nine Virtues, round ${entry.round} scores`,
    "data-round": entry.round,
  });
  root.append(el("h3", {}, `Round ${entry.round}`));

  const call = detail.call;
  root.append(el("p", { class: "pairs-summary-note" }, call
    ? `${names[call.seat]} called the 1 as ${aRank(call.rank)}.`
    : "Nobody held the 1, so nobody called."));

  if (detail.hands) {
    const hands = el("div", { class: "pairs-summary-hands" });
    seats.forEach((seat) => {
      const row = el("div", { class: "pairs-summary-hand", "data-seat": seat },
        el("span", { class: "pairs-label" }, names[seat]));
      row.append(cardRow(detail.hands[seat] || [], {
        small: true,
        labelFor: (r) => (r === 1 && call && call.seat === seat
          ? `1, called as ${call.rank}` : `${r}`),
      }));
      const bids = (detail.bids && detail.bids[seat]) || [];
      if (bids.length) {
        row.append(el("span", { class: "nv-summary-bids" },
          el("span", { class: "pairs-zone-note" }, "bids"),
          cardRow(bids, { small: true, labelFor: (r) => `bid ${r}` })));
      }
      hands.append(row);
    });
    root.append(hands);
  }

  const table = el("table", { "aria-label": "Points by rank" });
  table.append(el("caption", { class: "pairs-visually-hidden" },
    "Hand cards of each rank per player; the most (ties too) score the rank; each bid scores its rank if its bidder leads that rank, else loses it."));
  root.append(el("p", { class: "pairs-summary-note nv-legend" }, "×n: cards of that rank in hand; ",
    el("span", { class: "nv-bid-line is-win", "aria-hidden": "true" }, "+r"), " in a card outline: a bid."));
  table.append(el("thead", {}, el("tr", {},
    el("th", { scope: "col" }, "Rank"),
    ...seats.map((s) => el("th", { scope: "col" }, names[s])))));
  const body = el("tbody");
  for (const line of detail.ranks || []) {
    const counts = line.counts || [];
    const bids = line.bids || [];
    if (!counts.some((c) => c > 0) && !bids.length) continue;
    const winners = new Set(line.hand_winners || []);
    const tr = el("tr", { "data-rank": line.rank },
      el("th", { scope: "row" }, rankBadge(line.rank, { label: `Rank ${line.rank}` })));
    for (const seat of seats) {
      const td = el("td");
      const c = counts[seat] || 0;
      td.append(el("span", { class: "nv-count" },
        c ? `×${c}` : el("span", { "aria-label": "none" }, "–")));
      if (winners.has(seat)) {
        td.append(el("span", { class: "nv-hand-points is-win" }, signed(line.rank)));
      }
      for (const bid of bids.filter((b) => b.seat === seat)) {
        td.append(el("span", { class: `nv-bid-line ${bid.points >= 0 ? "is-win" : "is-loss"}`,
          title: "bid" },
        el("span", { class: "pairs-visually-hidden" }, "bid "), signed(bid.points)));
      }
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(body);
  const foot = el("tfoot");
  if (detail.hand_points) {
    foot.append(el("tr", {}, el("th", { scope: "row" }, "Hand"),
      ...seats.map((s) => el("td", {}, signed(detail.hand_points[s])))));
  }
  if (detail.bid_points) {
    foot.append(el("tr", {}, el("th", { scope: "row" }, "Bids"),
      ...seats.map((s) => el("td", {}, signed(detail.bid_points[s])))));
  }
  foot.append(el("tr", { "data-row": "round-scores" }, el("th", { scope: "row" }, "Round"),
    ...seats.map((s) => el("td", {}, signed(scores[s])))));
  table.append(foot);
  root.append(el("div", { class: "pairs-summary-scroll" }, table));
  if (detail.killed && detail.killed.length) {
    root.append(el("p", { class: "pairs-summary-note" },
      `Killed: ${detail.killed.join(", ")}.`));
  }
  return root;
}
