// The host's side of a game on several devices (issue 29): the lobby that connects each remote
// seat, and the relay between the engine (on this device, the one source of truth) and the
// guests.
//
// The lobby (`openLobby`) makes one WebRTC offer per remote seat (peer.js, candidates
// gathered first, no ICE server) and shows its join link (`data-join-link`) with Copy and
// Share; the host pastes the guest's answer code into that seat's field
// (`data-answer-input`). When every remote seat is connected the game starts.
//
// The relay (`HostRelay`) is what the table shell (table.js) calls for a remote seat:
//   plays(seat)          whether a remote player plays that seat;
//   publish(pub)         after every change (pub: the public view): each connected guest
//                        gets its own seat's view (view(seat): that seat's hand, the public
//                        log) and nothing else;
//   turn(seat, apply)    resolves once that seat's guest has sent a move the engine took.
//                        A move that comes while the host's table is still busy (a round's
//                        summary open) waits for it, one at a time.
// Every message from a guest is checked before anything happens: its size, its JSON (bounded
// depth), exactly the fields of its kind, the seat it names (the seat this connection was
// made for, no other), that it is that seat's turn now, and finally the engine's own check
// when the move is applied (atomic: a refused move changes nothing). A refused message is
// logged (console.warn, and `refusals`) and answered with the reason; nothing else changes.
//
// Guest -> host:  {t: "act", n, seat, action}    a move (n: the guest's own counter)
//                 {t: "check", n, seat, action}  why would this move be refused? (its turn only)
// Host -> guest:  {t: "setup", seat, setup}      the game (names, kinds of seats), once
//                 {t: "state", v, view}          the seat's view after each change
//                 {t: "reply", n, ok|error|refused}  the answer to one message

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { parseBounded } from "../saves/json-limits.js";
import { copyText } from "../saves/savecode.js";
import { seatName } from "../menu/setup.js";
import { codeProblem, decodeAnswer, encodeJoin } from "./codes.js";
import { offerPeer } from "./peer.js";

export const MAX_GUEST_MESSAGE = 1024; // characters: a move is a few dozen
const MAX_ACTION = 200;
const ACTION_TEXT = /^[\x20-\x7e]+$/;
const html = document.documentElement;

// -> the setup as a guest may know it: no seed (the deal would follow from it).
export function publicSetup(setup) {
  const { game, players, seats, names, level, levels, speed, options } = setup;
  return { game, players, seats, names, level, levels, speed, options };
}

// The page's connection state from the remote seats': lost if any is, connected if all are.
export function overallState(states) {
  if (states.includes("lost")) return "lost";
  return states.every((state) => state === "connected") ? "connected" : "connecting";
}

// -> { message } (a checked guest message) or { refused: reason }.
export function readGuestMessage(text, seat) {
  if (typeof text !== "string" || text.length > MAX_GUEST_MESSAGE) return { refused: "too-long" };
  const parsed = parseBounded(text, MAX_GUEST_MESSAGE, 2);
  if (parsed.error) return { refused: "malformed" };
  const value = parsed.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { refused: "malformed" };
  const keys = Object.keys(value);
  const shape = keys.length === 4 && ["t", "n", "seat", "action"].every((key) => Object.hasOwn(value, key));
  if (!shape || !["act", "check"].includes(value.t)) return { refused: "malformed" };
  if (!Number.isSafeInteger(value.n) || value.n < 0) return { refused: "malformed" };
  const { action } = value;
  if (typeof action !== "string" || !action.length || action.length > MAX_ACTION || !ACTION_TEXT.test(action)) {
    return { refused: "malformed" };
  }
  if (value.seat !== seat) return { refused: "wrong-seat", n: value.n };
  return { message: value };
}

export class HostRelay {
  // engine: the page's engine bridge; id: the game's id there; setup: the host's setup;
  // peers: Map seat -> Peer (connected).
  constructor({ engine, id, setup, peers }) {
    Object.assign(this, { engine, id, setup, peers });
    this.version = 0;
    this.awaiting = null; // { seat, apply, resolve } while the table waits for a remote seat
    this.pending = null; // { seat, n, action }: a move that came before the table asked
    this.toAct = null; // the seat to act as last published (null: none, or a move is taken)
    this.busy = false; // a move is being applied
    this.refusals = []; // { seat, reason }
    this.closed = false;
    for (const [seat, peer] of peers) {
      peer.onMessage = (text) => this.#receive(seat, text);
      peer.onState = () => this.#showState();
      peer.send(JSON.stringify({ t: "setup", seat, setup: publicSetup(setup) }));
    }
    this.#showState();
  }

  plays(seat) {
    return this.setup.seats[seat] === "remote";
  }

  #showState() {
    html.dataset.connection = overallState([...this.peers.values()].map((peer) => peer.state));
  }

  // Send each connected guest its seat's view.
  async publish(pub) {
    this.toAct = pub.over ? null : pub.to_act;
    this.version += 1;
    const v = this.version;
    for (const [seat, peer] of this.peers) {
      if (peer.state !== "connected") continue;
      const reply = await this.engine.view(this.id, seat);
      if (this.closed || reply.error) continue;
      peer.send(JSON.stringify({ t: "state", v, view: reply.view }));
    }
  }

  // Wait for `seat`'s move; `apply(action)` applies it in the engine -> its reply.
  turn(seat, apply) {
    return new Promise((resolve) => {
      this.awaiting = { seat, apply, resolve };
      const pending = this.pending;
      this.pending = null;
      if (pending && pending.seat === seat) this.#take(pending);
    });
  }

  #refuse(seat, reason, n = null) {
    this.refusals.push({ seat, reason });
    console.warn(`Parlour: refused a message from seat ${seat + 1}: ${reason}`);
    if (n !== null) this.peers.get(seat)?.send(JSON.stringify({ t: "reply", n, refused: reason }));
  }

  async #receive(seat, text) {
    if (this.closed) return;
    const read = readGuestMessage(text, seat);
    if (read.refused) {
      this.#refuse(seat, read.refused, read.n ?? null);
      return;
    }
    const { t: kind, n, action } = read.message;
    // Its turn: the seat to act in the engine, no move of it already on its way.
    if (this.toAct !== seat || this.busy || this.pending) {
      this.#refuse(seat, "not-your-turn", n);
      return;
    }
    if (kind === "check") {
      const reply = await this.engine.check(this.id, action);
      this.peers.get(seat)?.send(JSON.stringify({ t: "reply", n, ...(reply.error ? { error: reply.error } : { ok: true }) }));
      return;
    }
    if (this.awaiting && this.awaiting.seat === seat) await this.#take({ seat, n, action });
    else this.pending = { seat, n, action };
  }

  // Apply a checked move through the table; the engine refuses it or takes it.
  async #take({ seat, n, action }) {
    const awaiting = this.awaiting;
    const peer = this.peers.get(seat);
    this.busy = true;
    try {
      const reply = await awaiting.apply(action);
      if (reply.error) {
        this.#refuse(seat, `illegal: ${action}`);
        peer?.send(JSON.stringify({ t: "reply", n, error: reply.error }));
        return;
      }
      this.awaiting = null;
      this.toAct = null; // until the next publish: no second move of this seat now
      peer?.send(JSON.stringify({ t: "reply", n, ok: true }));
      awaiting.resolve();
    } finally {
      this.busy = false;
    }
  }

  close() {
    this.closed = true;
    for (const peer of this.peers.values()) peer.close();
  }
}

// --- the lobby -----------------------------------------------------------------------------

// The join link of a code: this page's address with the code in its fragment (never sent to
// any server) and the page's language.
function joinLink(code) {
  const url = new URL("index.html", document.baseURI);
  url.search = new URLSearchParams({ lang: document.documentElement.lang || "en" }).toString();
  url.hash = `join=${code}`;
  return url.href;
}

// Show the lobby in `root` for `setup`; `onReady(peers)` once every remote seat is connected;
// `onCancel()` for Back. `iceServers`: none unless the host chose one.
export function openLobby({ root, setup, onReady, onCancel, iceServers = [] }) {
  const remote = setup.seats.flatMap((kind, seat) => (kind === "remote" ? [seat] : []));
  const peers = new Map();
  let done = false;
  const states = () => remote.map((seat) => (peers.get(seat) ? peers.get(seat).state : "connecting"));
  const update = () => {
    html.dataset.connection = overallState(states());
    if (!done && remote.every((seat) => peers.get(seat)?.state === "connected")) {
      done = true;
      onReady(peers);
    }
  };
  const rows = remote.map((seat) => seatPanel(seat));
  const back = h(
    "button",
    {
      type: "button",
      class: "button quiet",
      "data-control": "net-back",
      onclick: () => {
        done = true;
        for (const peer of peers.values()) peer.close();
        onCancel();
      },
    },
    t("net.back"),
  );
  root.replaceChildren(
    h(
      "section",
      { class: "net-lobby", dataset: { screen: "lobby" }, "aria-labelledby": "lobby-title" },
      h("h1", { id: "lobby-title" }, t("net.lobby-title")),
      h("p", {}, t("net.lobby-text")),
      h("p", { class: "hint" }, t("net.lobby-privacy")),
      rows.map((row) => row.el),
      h("p", {}, back),
    ),
  );
  html.dataset.screen = "lobby";
  update();
  root.querySelector("h1")?.focus?.();

  function seatPanel(seat) {
    const name = seatName(setup, seat);
    const status = h("p", { class: "net-status", role: "status", dataset: { state: "making" } }, t("net.making-link"));
    const link = h("p", { class: "join-link", "data-join-link": "", dataset: { seat: String(seat) }, hidden: true });
    const copied = h("p", { class: "hint", role: "status" });
    const copy = h("button", { type: "button", class: "button", "data-control": "net-copy", hidden: true }, t("net.copy-link"));
    const share = h("button", { type: "button", class: "button", "data-control": "net-share", hidden: true }, t("net.share-link"));
    const inputId = `answer-${seat}`;
    const input = h("textarea", { id: inputId, class: "answer-input", "data-answer-input": "", dataset: { seat: String(seat) }, rows: "3", spellcheck: "false", autocomplete: "off" });
    const problem = h("p", { class: "net-problem", role: "alert" });
    const connect = h("button", { type: "button", class: "button primary", "data-control": "net-connect", dataset: { seat: String(seat) } }, t("net.connect"));
    const el = h(
      "section",
      { class: "net-seat", dataset: { remoteSeat: String(seat) }, "aria-labelledby": `net-seat-${seat}` },
      h("h2", { id: `net-seat-${seat}` }, t("net.seat-title", { name, n: seat + 1 })),
      status,
      link,
      h("p", { class: "net-buttons" }, copy, share),
      copied,
      h("label", { for: inputId }, t("net.answer-label", { name })),
      input,
      h("p", {}, connect),
      problem,
    );
    const setStatus = (state) => {
      status.dataset.state = state;
      status.textContent = t(`net.state-${state}`, { name });
    };
    offerPeer()
      .then(async (peer) => {
        if (done) return peer.close();
        peers.set(seat, peer);
        peer.onState = (state) => {
          setStatus(state);
          update();
        };
        const code = await encodeJoin({ game: setup.game, players: setup.players, seat, sdp: peer.sdp });
        const href = joinLink(code);
        link.textContent = href;
        link.hidden = false;
        copy.hidden = false;
        copy.onclick = async () => {
          copied.textContent = (await copyText(href)) ? t("net.copied") : t("net.copy-by-hand");
        };
        if (typeof navigator.share === "function") {
          share.hidden = false;
          share.onclick = () => navigator.share({ title: t("net.share-title"), url: href }).catch(() => {});
        }
        setStatus("waiting");
      })
      .catch((error) => {
        setStatus("no-link");
        problem.textContent = t("net.no-webrtc", { why: String(error && error.message ? error.message : error) });
      });
    connect.onclick = async () => {
      const peer = peers.get(seat);
      problem.textContent = "";
      if (!peer) return;
      const read = await decodeAnswer(input.value, seat);
      if (read.error) {
        problem.textContent = codeProblem(read);
        return;
      }
      try {
        await peer.accept(read.answer.sdp);
        setStatus("connecting");
      } catch {
        problem.textContent = t("net.code-stale");
      }
    };
    return { el };
  }
}
