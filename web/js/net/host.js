// The host's side of a game on several devices (issue 29): the lobby that connects each remote
// seat, and the relay between the engine (on this device, the one source of truth) and the
// guests.
//
// `HostNet` holds every remote seat's link and connection: one WebRTC offer per link
// (peer.js, candidates gathered first, no ICE server), its join link (`data-join-link`) with
// Copy and Share, the field for the guest's answer code (`data-answer-input`). A link serves
// one connection: "New link" makes another at any time, and a seat whose connection is lost
// gets one by itself, so a guest whose page closed rejoins with it and is sent the game as it
// is now. The lobby (`openLobby`) shows the links before the game; the game starts when every
// remote seat is connected. In the game, the bar above the table (bar.js) says who is
// connected and holds the same links, and the host may let the computer play an absent seat
// for now, and give it back. A saved game continued (after a reload) gets a relay with new
// links for every remote seat.
//
// The relay (`HostRelay`) is what the table shell (table.js) calls for a remote seat:
//   plays(seat)          whether a remote player plays that seat;
//   publish(pub)         after every change (pub: the public view): each connected guest
//                        gets its own seat's view (view(seat): that seat's hand, the public
//                        log) and nothing else;
//   turn(seat, apply)    resolves once that seat's guest has sent a move the engine took
//                        (or the computer's move, for a seat handed to it). A move that
//                        comes while the host's table is still busy (a round's summary
//                        open) waits for it, one at a time.
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
//                 {t: "seats", seats}            each seat's state (bar.js), on each change
//                 {t: "reply", n, ok|error|refused}  the answer to one message

import { h, sleep } from "../dom.js";
import { t } from "../i18n.js";
import { parseBounded } from "../saves/json-limits.js";
import { copyText } from "../saves/savecode.js";
import { seatName } from "../menu/setup.js";
import { codeProblem, decodeAnswer, encodeJoin, stunServer } from "./codes.js";
import { hasWebRTC, offerPeer } from "./peer.js";
import { netBar, seatsLine } from "./bar.js";
import { qrCode, scanButton } from "./qr.js";
import { worded } from "./worded.js";

export const MAX_GUEST_MESSAGE = 1024; // characters: a move is a few dozen
const MAX_ACTION = 200;
const ACTION_TEXT = /^[\x20-\x7e]+$/;
const html = document.documentElement;
export const CONNECT_MS = 20000; // an answer entered, and no connection by then: say why
const COMPUTER_PACE_MS = 700; // the computer's move for an absent seat, at the table's pace

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

// --- the seats' connections ------------------------------------------------------------------

// The join link of a code: this page's address with the code in its fragment (never sent to
// any server) and the page's language.
function joinLink(code) {
  const url = new URL("index.html", document.baseURI);
  url.search = new URLSearchParams({ lang: document.documentElement.lang || "en" }).toString();
  url.hash = `join=${code}`;
  return url.href;
}

// One remote seat: its link (a WebRTC offer waiting for an answer) and its connection. A new
// link can be made at any time ("New link"), and one is made by itself when the connection
// is lost: a link's offer serves one connection only. The link that connects replaces the
// seat's connection (the old one, if any, is closed).
//   state: "making" | "waiting" (a link to answer) | "connecting" | "connected" | "lost"
class SeatLink {
  constructor(net, seat) {
    this.net = net;
    this.seat = seat;
    this.peer = null; // the connection, once one opened
    this.offer = null; // the link's peer, until it connects
    this.state = "making";
    this.computer = false; // the host handed this seat to the computer for now
    this.everConnected = false;
    this.#build();
  }

  get name() {
    return seatName(this.net.setup, this.seat);
  }

  #build() {
    const seat = String(this.seat);
    const name = this.name;
    this.status = h("p", { class: "net-status", role: "status", dataset: { state: "making" } });
    this.linkText = h("p", { class: "join-link", "data-join-link": "", dataset: { seat } });
    this.copied = h("p", { class: "hint", role: "status" });
    this.copy = h("button", { type: "button", class: "button", "data-control": "net-copy", dataset: { seat } }, t("net.copy-link"));
    this.share = h("button", { type: "button", class: "button", "data-control": "net-share", dataset: { seat }, hidden: true }, t("net.share-link"));
    const inputId = `answer-${seat}-${this.net.key}`;
    this.input = h("textarea", { id: inputId, class: "answer-input", "data-answer-input": "", dataset: { seat }, rows: "3", spellcheck: "false", autocomplete: "off" });
    this.problem = h("p", { class: "net-problem", role: "alert" });
    const connect = (this.connectButton = h("button", { type: "button", class: "button primary", "data-control": "net-connect", dataset: { seat }, onclick: () => this.#connect() }, t("net.connect")));
    this.qrBox = h("div", { class: "qr-box", dataset: { seat } });
    // The guest's answer read from its screen by this device's camera: put in the field, and
    // connected at once.
    const scan = scanButton((text) => {
      this.input.value = text;
      this.#connect();
    });
    this.linkBox = h(
      "div",
      { class: "net-link", hidden: true },
      this.qrBox,
      this.linkText,
      h("p", { class: "net-buttons" }, this.copy, this.share),
      this.copied,
      (this.answerLabel = h("label", { for: inputId }, t("net.answer-label", { name }))),
      this.input,
      h("p", { class: "net-buttons" }, connect),
      scan,
    );
    this.newLinkButton = h("button", { type: "button", class: "button quiet", "data-control": "net-new-link", dataset: { seat }, onclick: () => this.newLink() }, t("net.new-link"));
    this.computerButton = h("button", { type: "button", class: "button quiet", "data-control": "net-computer", dataset: { seat }, "aria-pressed": "false", hidden: true, onclick: () => this.net.setComputer(this.seat, !this.computer) }, t("net.computer-plays"));
    this.el = h(
      "section",
      { class: "net-seat", dataset: { remoteSeat: seat, state: "making" }, "aria-labelledby": `net-seat-${seat}-${this.net.key}` },
      (this.title = h("h2", { id: `net-seat-${seat}-${this.net.key}` }, t("net.seat-title", { name, n: this.seat + 1 }))),
      this.status,
      this.linkBox,
      h("p", { class: "net-buttons" }, this.newLinkButton, this.computerButton),
      this.problem,
    );
  }

  #setState(state) {
    this.state = state;
    this.el.dataset.state = state;
    this.status.dataset.state = state;
    const key = this.computer && state !== "connected" ? "computer" : state;
    this.status.textContent = t(`net.state-${key}`, { name: this.name });
    this.net.changed();
  }

  // A new link for this seat (the one before it is no longer answered).
  async newLink() {
    this.offer?.close();
    this.offer = null;
    this.linkBox.hidden = true;
    this.problem.textContent = "";
    this.input.value = "";
    const keep = ["connected", "lost"].includes(this.state); // said until it connects again
    if (!keep) this.#setState("making");
    const made = this.net.made;
    let peer;
    try {
      peer = await offerPeer({ iceServers: this.net.stun ? [{ urls: this.net.stun }] : [] });
    } catch (error) {
      if (!keep) this.#setState("no-link");
      // The words are for people; the error itself is for whoever looks at the console.
      if (hasWebRTC()) console.warn("Parlour: no link could be made", error);
      this.problem.textContent = t(hasWebRTC() ? "net.no-link-error" : "net.no-webrtc");
      return;
    }
    if (this.net.closed || made !== this.net.made) return peer.close();
    this.offer?.close();
    this.offer = peer;
    peer.onState = (state) => {
      if (this.offer !== peer && this.peer !== peer) return;
      if (state === "connected" && this.offer === peer) this.#connected(peer);
      else if (state === "lost" && this.peer === peer) this.#lost();
      else if (state === "lost" && this.offer === peer && this.state === "connecting") {
        this.#setState("waiting");
        this.#failed();
      }
    };
    const code = await encodeJoin({ game: this.net.setup.game, players: this.net.setup.players, seat: this.seat, sdp: peer.sdp, stun: this.net.stun });
    if (this.offer !== peer) return;
    const href = joinLink(code);
    this.href = href;
    this.linkText.textContent = href;
    this.copied.textContent = "";
    this.copy.onclick = async () => {
      this.copied.textContent = (await copyText(href)) ? t("net.copied") : t("net.copy-by-hand");
    };
    if (typeof navigator.share === "function") {
      this.share.hidden = false;
      this.share.onclick = () => navigator.share({ title: t("net.share-title"), url: href }).catch(() => {});
    }
    this.linkBox.hidden = false;
    if (!["connected", "lost"].includes(this.state)) this.#setState("waiting");
    const qr = await qrCode(href, t("net.qr-link", { name: this.name })).catch(() => null);
    if (this.offer === peer) this.qrBox.replaceChildren(qr || "");
  }

  async #connect() {
    const peer = this.offer;
    this.problem.textContent = "";
    if (!peer) return;
    const read = await decodeAnswer(this.input.value, this.seat);
    if (read.error) {
      this.problem.textContent = codeProblem(read);
      return;
    }
    try {
      await peer.accept(read.answer.sdp);
    } catch {
      this.problem.textContent = t("net.code-stale");
      return;
    }
    if (this.state !== "connected") this.#setState("connecting");
    // Not connected in CONNECT_MS: say why, and what to try.
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.offer === peer && this.state !== "connected") this.#failed();
    }, CONNECT_MS);
  }

  #failed() {
    this.problem.textContent = t(this.net.stun ? "net.failed-stun" : "net.failed-direct", { name: this.name });
    this.el.dataset.failed = "";
  }

  #connected(peer) {
    clearTimeout(this.timer);
    this.problem.textContent = "";
    delete this.el.dataset.failed;
    const old = this.peer;
    this.peer = peer;
    this.offer = null;
    this.everConnected = true;
    this.linkBox.hidden = true;
    this.input.value = "";
    old?.close();
    this.#setState("connected");
    this.net.onConnected(this.seat, peer);
  }

  #lost() {
    this.peer = null;
    this.#setState("lost");
    if (!this.offer) this.newLink(); // its next link, at once
  }

  // Every word of the seat's part again, in the language now chosen (its link, code and
  // connection stay).
  reword() {
    const name = this.name;
    this.title.textContent = t("net.seat-title", { name, n: this.seat + 1 });
    this.copy.textContent = t("net.copy-link");
    this.share.textContent = t("net.share-link");
    this.answerLabel.textContent = t("net.answer-label", { name });
    this.connectButton.textContent = t("net.connect");
    this.newLinkButton.textContent = t("net.new-link");
    this.copied.textContent = "";
    if (this.problem.textContent) this.problem.textContent = "";
    const qr = this.qrBox.querySelector("[aria-label]");
    qr?.setAttribute("aria-label", t("net.qr-link", { name }));
    this.refresh();
  }

  refresh() {
    this.#setState(this.state);
    this.computerButton.setAttribute("aria-pressed", String(this.computer));
    this.computerButton.textContent = this.computer ? t("net.give-back") : t("net.computer-plays");
  }

  close() {
    clearTimeout(this.timer);
    this.offer?.close();
    this.peer?.close();
  }
}

let netKeys = 0;

// Every remote seat's link and connection. `onChange()` after any change;
// `onConnected(seat, peer)` when a seat's connection opens (set by the relay).
export class HostNet {
  // `stun`: the STUN server the host named (net.stun in the lobby), else null: direct routes
  // only, and no request leaves the players' devices.
  constructor({ setup, stun = null }) {
    this.setup = setup;
    this.stun = stun;
    this.key = ++netKeys; // the elements' ids are unique per page
    this.made = 0;
    this.closed = false;
    this.onChange = () => {};
    this.onConnected = () => {};
    this.remote = setup.seats.flatMap((kind, seat) => (kind === "remote" ? [seat] : []));
    this.links = new Map(this.remote.map((seat) => [seat, new SeatLink(this, seat)]));
    for (const link of this.links.values()) link.newLink();
  }

  changed() {
    if (!this.closed) this.onChange();
  }

  peer(seat) {
    const link = this.links.get(seat);
    return link && link.state === "connected" ? link.peer : null;
  }

  computer(seat) {
    return Boolean(this.links.get(seat)?.computer);
  }

  setComputer(seat, on) {
    const link = this.links.get(seat);
    link.computer = on;
    link.refresh();
    this.onComputer?.(seat, on);
  }

  reword() {
    for (const link of this.links.values()) link.reword();
  }

  // Show the "the computer plays this seat" buttons (in a game, not in the lobby).
  inGame() {
    for (const link of this.links.values()) {
      link.computerButton.hidden = false;
      link.refresh();
    }
  }

  // Every seat's state (bar.js's SEAT_STATES).
  seatStates() {
    return this.setup.seats.map((kind, seat) => {
      if (kind === "bot") return "bot";
      if (kind !== "remote") return "here";
      const link = this.links.get(seat);
      if (link.computer) return "computer";
      return link.state === "connected" ? "connected" : "away";
    });
  }

  // The page's connection state (<html data-connection>): lost if a seat's connection was
  // lost (and the computer does not play for it), connected when every other remote seat is.
  overall() {
    const states = [...this.links.values()].filter((link) => !link.computer || link.state === "connected").map((link) => (link.state === "lost" ? "lost" : link.state === "connected" ? "connected" : "connecting"));
    return overallState(states);
  }

  get allConnected() {
    return [...this.links.values()].every((link) => link.state === "connected");
  }

  rows() {
    return [...this.links.values()].map((link) => link.el);
  }

  close() {
    this.closed = true;
    this.made += 1;
    for (const link of this.links.values()) link.close();
  }
}

// --- the relay -------------------------------------------------------------------------------

export class HostRelay {
  // engine: the page's engine bridge; id: the game's id there; setup: the host's setup;
  // net: the seats' connections (HostNet).
  constructor({ engine, id, setup, net }) {
    Object.assign(this, { engine, id, setup, net });
    this.version = 0;
    this.awaiting = null; // { seat, apply, resolve } while the table waits for a remote seat
    this.pending = null; // { seat, n, action }: a move that came before the table asked
    this.toAct = null; // the seat to act as last published (null: none, or a move is taken)
    this.busy = false; // a move is being applied
    this.published = false;
    this.refusals = []; // { seat, reason }
    this.closed = false;
    this.pace = setup.speed === "instant" ? 0 : COMPUTER_PACE_MS;
    net.inGame();
    // The bar above the table: who is connected, and the seats' links.
    this.devicesSummary = h("summary", {}, t("net.devices-summary"));
    this.devices = h("details", { class: "net-devices" }, this.devicesSummary, net.rows());
    this.bar = netBar(this.devices);
    net.onChange = () => this.#showState();
    net.onConnected = (seat, peer) => this.#welcome(seat, peer);
    net.onComputer = (seat, on) => {
      this.#showState();
      if (on && this.awaiting?.seat === seat && !this.busy) this.#computerMove();
    };
    for (const seat of net.remote) {
      const peer = net.peer(seat);
      if (peer) this.#welcome(seat, peer, { quiet: true });
    }
    if (net.remote.some((seat) => !net.peer(seat))) this.devices.open = true;
    this.#showState();
  }

  plays(seat) {
    return this.setup.seats[seat] === "remote";
  }

  // The table closes and another opens on the same game (a new language: app.js), with
  // this relay and its connections: the move the old table awaited is awaited by the new
  // one (a guest's move that comes meanwhile waits for it), every word is said again.
  handOver() {
    this.awaiting = null;
    this.devicesSummary.textContent = t("net.devices-summary");
    this.bar.el.setAttribute("aria-label", t("net.bar-label"));
    this.net.reword();
    this.#showState();
  }

  #showState() {
    if (this.closed) return;
    html.dataset.connection = this.net.overall();
    const states = this.net.seatStates();
    // The one person at this device is "you"; people passing it round are named.
    const alone = states.filter((state) => state === "here").length === 1;
    this.bar.line.textContent = seatsLine(states, (seat) => (alone && states[seat] === "here" ? t("net.you") : seatName(this.setup, seat)));
    // A seat lost: its new link in sight.
    if (this.net.remote.some((seat) => this.net.links.get(seat).state === "lost")) this.devices.open = true;
    const text = JSON.stringify({ t: "seats", seats: states });
    for (const seat of this.net.remote) this.net.peer(seat)?.send(text);
  }

  // A seat's connection opened: its guest gets the game and the seat's view as it is now.
  async #welcome(seat, peer, { quiet = false } = {}) {
    peer.onMessage = (text) => this.#receive(seat, text);
    peer.send(JSON.stringify({ t: "setup", seat, setup: publicSetup(this.setup) }));
    if (!quiet) this.#showState();
    if (!this.published) return; // publish() sends it
    const reply = await this.engine.view(this.id, seat);
    if (this.closed || reply.error || this.net.peer(seat) !== peer) return;
    peer.send(JSON.stringify({ t: "state", v: this.version, view: reply.view }));
    peer.send(JSON.stringify({ t: "seats", seats: this.net.seatStates() }));
  }

  // Send each connected guest its seat's view.
  async publish(pub) {
    this.toAct = pub.over ? null : pub.to_act;
    this.version += 1;
    this.published = true;
    const v = this.version;
    for (const seat of this.net.remote) {
      const peer = this.net.peer(seat);
      if (!peer) continue;
      const reply = await this.engine.view(this.id, seat);
      if (this.closed || reply.error) continue;
      peer.send(JSON.stringify({ t: "state", v, view: reply.view }));
    }
  }

  // Wait for `seat`'s move; `apply(action)` applies it in the engine -> its reply. A seat
  // handed to the computer gets the computer's move.
  turn(seat, apply) {
    return new Promise((resolve) => {
      this.awaiting = { seat, apply, resolve };
      const pending = this.pending;
      this.pending = null;
      if (this.net.computer(seat)) this.#computerMove();
      else if (pending && pending.seat === seat) this.#take(pending);
    });
  }

  // The computer's move for the seat awaited (handed to it by the host), after its pace.
  async #computerMove() {
    const awaiting = this.awaiting;
    if (this.pace) await sleep(this.pace);
    const still = () => !this.closed && this.awaiting === awaiting && this.net.computer(awaiting.seat) && !this.busy;
    if (!still()) return;
    const level = this.setup.level || "normal";
    const reply = await this.engine.bot(this.id, level, this.setup.seed, { timeMs: null });
    if (!still() || reply.error) return;
    this.busy = true;
    try {
      const applied = await awaiting.apply(reply.action);
      if (applied.error) return;
      this.awaiting = null;
      this.toAct = null;
      awaiting.resolve();
    } finally {
      this.busy = false;
    }
  }

  #refuse(seat, reason, n = null) {
    this.refusals.push({ seat, reason });
    console.warn(`Parlour: refused a message from seat ${seat + 1}: ${reason}`);
    if (n !== null) this.net.peer(seat)?.send(JSON.stringify({ t: "reply", n, refused: reason }));
  }

  async #receive(seat, text) {
    if (this.closed) return;
    const read = readGuestMessage(text, seat);
    if (read.refused) {
      this.#refuse(seat, read.refused, read.n ?? null);
      return;
    }
    const { t: kind, n, action } = read.message;
    // Its turn: the seat to act in the engine, no move of it already on its way, not handed
    // to the computer.
    if (this.toAct !== seat || this.busy || this.pending || this.net.computer(seat)) {
      this.#refuse(seat, "not-your-turn", n);
      return;
    }
    if (kind === "check") {
      const reply = await this.engine.check(this.id, action);
      this.net.peer(seat)?.send(JSON.stringify({ t: "reply", n, ...(reply.error ? { error: reply.error } : { ok: true }) }));
      return;
    }
    if (this.awaiting && this.awaiting.seat === seat) await this.#take({ seat, n, action });
    else this.pending = { seat, n, action };
  }

  // Apply a checked move through the table; the engine refuses it or takes it.
  async #take({ seat, n, action }) {
    const awaiting = this.awaiting;
    const peer = this.net.peer(seat);
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
    this.net.close();
    this.bar.remove();
    delete html.dataset.connection;
  }
}

// --- the lobby -----------------------------------------------------------------------------

// Show the lobby in `root` for `setup`; `onReady(net)` once every remote seat is connected;
// `onCancel()` for Back. Its "Network" part names a STUN server (off unless the host writes
// one): every link not yet answered is made again with it.
// The open lobby's words said again in the language now chosen (app.js), its links and
// answers kept; null when no lobby is open.
let lobbyWords = null;
export const rewordLobby = () => lobbyWords?.();

export function openLobby({ root, setup, onReady, onCancel }) {
  const words = [];
  lobbyWords = () => words.forEach((word) => word());
  if (!hasWebRTC()) {
    // No WebRTC here (a link with remote seats, in a browser built without it): no link can
    // be made, and the lobby says so plainly; Back leads to the setup, pass-and-play.
    root.replaceChildren(
      h(
        "section",
        { class: "net-lobby", dataset: { screen: "lobby" }, "aria-labelledby": "lobby-title" },
        worded(words, "h1", { id: "lobby-title", tabindex: "-1" }, "net.lobby-title"),
        worded(words, "p", { class: "net-problem", role: "alert", "data-net-unavailable": "" }, "net.no-webrtc"),
        h("p", {}, worded(words, "button", { type: "button", class: "button quiet", "data-control": "net-back", onclick: () => onCancel() }, "net.back")),
      ),
    );
    html.dataset.screen = "lobby";
    root.querySelector("h1")?.focus?.();
    return null;
  }
  const net = new HostNet({ setup });
  words.push(() => net.reword());
  let done = false;
  net.onChange = () => {
    html.dataset.connection = net.overall();
    if (!done && net.allConnected) {
      done = true;
      lobbyWords = null;
      onReady(net);
    }
  };
  const back = worded(
    words,
    "button",
    {
      type: "button",
      class: "button quiet",
      "data-control": "net-back",
      onclick: () => {
        done = true;
        lobbyWords = null;
        net.close();
        onCancel();
      },
    },
    "net.back",
  );
  // The network option: a STUN server, for play over the internet (off by default).
  const stunInput = h("input", { id: "net-stun", type: "text", "data-control": "net-stun", placeholder: "stun:stun.example.org:3478", autocomplete: "off", spellcheck: "false" });
  const stunProblem = h("p", { class: "net-problem", role: "alert" });
  const stunApply = worded(
    words,
    "button",
    {
      type: "button",
      class: "button",
      "data-control": "net-stun-apply",
      onclick: () => {
        const text = stunInput.value.trim();
        const stun = text ? stunServer(text) : null;
        stunProblem.textContent = text && !stun ? t("net.stun-bad") : "";
        if (text && !stun) return;
        net.stun = stun;
        for (const link of net.links.values()) if (link.state !== "connected") link.newLink();
      },
    },
    "net.stun-apply",
  );
  const network = h(
    "details",
    { class: "net-network" },
    worded(words, "summary", {}, "net.network"),
    worded(words, "p", { class: "hint" }, "net.stun-text"),
    h("p", { class: "field" }, worded(words, "label", { for: "net-stun" }, "net.stun-label"), stunInput),
    h("p", {}, stunApply),
    stunProblem,
  );
  root.replaceChildren(
    h(
      "section",
      { class: "net-lobby", dataset: { screen: "lobby" }, "aria-labelledby": "lobby-title" },
      worded(words, "h1", { id: "lobby-title", tabindex: "-1" }, "net.lobby-title"),
      worded(words, "p", {}, "net.lobby-text"),
      worded(words, "p", { class: "hint" }, "net.lobby-privacy"),
      net.rows(),
      network,
      h("p", {}, back),
    ),
  );
  html.dataset.screen = "lobby";
  html.dataset.connection = net.overall();
  root.querySelector("h1")?.focus?.();
  return net;
}
