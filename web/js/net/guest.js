// A guest's side of a game on several devices (issue 29): the join screen, and the engine the
// guest's table talks to instead of the worker.
//
// `openJoin` reads the join code of the link (`#join=<code>`, codes.js), says which game and
// seat it is for, makes the answer (peer.js: candidates gathered first, no ICE server) and
// shows its code (`data-answer-code`) to send back to the host. Once the host has pasted it
// the data channel opens, the host sends the setup and the seat's view, and the table opens.
//
// `RemoteEngine` has the calls of the engine bridge (engine.js) that the table shell makes,
// fed by the host: the guest never runs the game, and holds nothing but its own seat's view
// (the host sends no other) and nothing is stored on this device. `view(seat)` is the latest
// view the host sent (this seat's; `view(null)` gets it too: it holds everything common); `apply` sends the move and resolves once the host has answered (and,
// for a move taken, sent the view after it); `check` asks the host; a hint, a save, a take
// back are not the guest's to make. `plays(seat)` and `turn(seat)` are what the table asks
// of a remote game (table.js): every seat but this one is played elsewhere, and its turn is
// over when the host sends a newer view.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { parseBounded } from "../saves/json-limits.js";
import { copyText } from "../saves/savecode.js";
import { validSetup } from "../menu/setup.js";
import { gameName } from "../words/game-name.js";
import { answerPeer, hasWebRTC } from "./peer.js";
import { SEAT_STATES, netBar, seatsLine } from "./bar.js";
import { qrCode } from "./qr.js";
import { codeProblem, decodeJoin, encodeAnswer } from "./codes.js";
import { worded } from "./worded.js";

const html = document.documentElement;
export const MAX_HOST_MESSAGE = 200_000; // characters: a view is a few kilobytes

// What the guest's table is given to store: nothing is kept on this device.
export const NO_STORE = { local: null, persistent: false, onNotice() {}, write() {}, release() {} };

// The host's setup as this guest's table sees it: this seat is the person on screen, every
// other person's seat is remote, the computers stay computers (for their names and levels).
export function guestSetup(setup, seat) {
  const seats = setup.seats.map((kind, s) => (s === seat ? "human" : kind === "bot" ? "bot" : "remote"));
  return { ...setup, seats, seed: 0 };
}

const validSeats = (seats, players) => Array.isArray(seats) && seats.length === players && seats.every((state) => SEAT_STATES.includes(state));

export class RemoteEngine {
  constructor(peer, seat) {
    this.peer = peer;
    this.seat = seat;
    this.guest = true;
    this.latest = null; // { v, view }
    this.decided = 0; // the version of the last common view (view(null)): the table's loop
    // reads one before it decides whose turn it is
    this.waiters = []; // resolve functions waiting for a newer view
    this.replies = new Map(); // n -> resolve
    this.n = 0;
    this.setup = null;
    this.onSetup = () => {};
    this.onClose = () => {};
    this.seats = null; // each seat's state as the host last said (bar.js)
    this.onSeats = () => {};
  }

  // A message from the host (the host is trusted to run the game, not to be well-formed).
  receive(text) {
    const parsed = parseBounded(text, MAX_HOST_MESSAGE);
    const message = parsed.value;
    if (parsed.error || !message || typeof message !== "object") return;
    if (message.t === "setup" && !this.setup && message.seat === this.seat) {
      this.setup = message.setup;
      this.onSetup(message.setup);
    } else if (message.t === "state" && Number.isInteger(message.v) && message.view && message.view.seat === this.seat) {
      if (this.latest && message.v <= this.latest.v) return;
      this.latest = { v: message.v, view: message.view };
      const waiting = this.waiters;
      this.waiters = [];
      for (const resolve of waiting) resolve();
    } else if (message.t === "seats" && this.setup && validSeats(message.seats, this.setup.players)) {
      this.seats = message.seats;
      this.onSeats(message.seats);
    } else if (message.t === "reply" && this.replies.has(message.n)) {
      const resolve = this.replies.get(message.n);
      this.replies.delete(message.n);
      resolve(message);
    }
  }

  // Resolves once a view newer than version `v` has come.
  #newerThan(v) {
    if (this.latest && this.latest.v > v) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  firstView() {
    return this.#newerThan(0);
  }

  #ask(kind, action) {
    this.n += 1;
    const n = this.n;
    return new Promise((resolve) => {
      this.replies.set(n, resolve);
      if (!this.peer.send(JSON.stringify({ t: kind, n, seat: this.seat, action }))) {
        this.replies.delete(n);
        resolve({ refused: "lost" });
      }
    });
  }

  // --- the engine bridge's calls (engine.js) ------------------------------------------------

  async view(_id, seat) {
    if (seat !== null && seat !== this.seat) return { error: { code: "not-yours" } };
    await this.#newerThan(0);
    if (seat === null) this.decided = this.latest.v;
    return { view: this.latest.view };
  }

  async apply(_id, action) {
    const before = this.latest ? this.latest.v : 0;
    const reply = await this.#ask("act", action);
    if (reply.ok) {
      await this.#newerThan(before);
      return { ok: true };
    }
    return { error: reply.error || { code: reply.refused || "refused" } };
  }

  async check(_id, action) {
    const reply = await this.#ask("check", action);
    return reply.ok ? { action } : { error: reply.error || { code: reply.refused || "refused" } };
  }

  async bot() {
    return { error: { code: "not-here" } };
  }

  async save() {
    return { save: "" };
  }

  async drop() {
    this.peer.close();
    return { ok: true };
  }

  async call(name) {
    return { error: { code: `no-${name}` } };
  }

  // --- what the table asks of a remote game (table.js) ---------------------------------------

  plays(seat) {
    return seat !== this.seat;
  }

  publish() {}

  // Another seat's turn: over when the host has sent a view newer than the one the table's
  // loop decided on (it may have come already, while the table was drawn).
  turn() {
    return this.#newerThan(this.decided);
  }

  // The game moved on from the view the table's loop decided on (its own seat's turn may
  // have been played by the host's computer meanwhile).
  newer() {
    return this.#newerThan(this.decided);
  }

  close() {
    this.peer.close();
    this.onClose();
  }
}

// The join screen. `code`: the link's join code. `openTable(engine, setup)` opens the table
// once the host has sent the game; `onMenu()` leaves. -> { error } when the code is refused.
// The join screen's words said again in the language now chosen (app.js), its answer code
// kept; null when no join screen is open.
let joinWords = null;
export const rewordJoin = () => joinWords?.();

export async function openJoin({ root, code, catalog, openTable, onMenu }) {
  const read = await decodeJoin(code, catalog);
  if (read.error) return { error: codeProblem(read) };
  const { game, seat, sdp, stun } = read.join;
  const words = [];
  joinWords = () => words.forEach((word) => word());
  const back = () => h("p", {}, worded(words, "button", { type: "button", class: "button quiet", "data-control": "net-back", onclick: () => onMenu() }, "net.back"));
  const title = h("h1", { id: "join-title" }, "");
  words.push(() => (title.textContent = t("net.join-title", { game: gameName(game), n: seat + 1 })));
  joinWords();
  if (!hasWebRTC()) {
    // No WebRTC here (some browsers are built without it): this page cannot be a guest, and
    // says so plainly, with where it can be (no connection is made: no data-connection).
    html.dataset.screen = "join";
    root.replaceChildren(
      h(
        "section",
        { class: "net-join", dataset: { screen: "join" }, "aria-labelledby": "join-title" },
        title,
        worded(words, "p", { class: "net-problem", role: "alert", "data-net-unavailable": "" }, "net.no-webrtc-guest"),
        back(),
      ),
    );
    document.dispatchEvent(new Event("parlour-painted")); // js/watchdog.js stands down
    return {};
  }
  html.dataset.seat = String(seat);
  html.dataset.connection = "connecting";
  html.dataset.screen = "join";
  const status = h("p", { class: "net-status", role: "status" });
  let said = "net.making-answer";
  const say = (key) => {
    said = key;
    status.textContent = t(key);
  };
  words.push(() => say(said));
  say(said);
  const answer = h("p", { class: "answer-code", "data-answer-code": "", hidden: true });
  const qrBox = h("div", { class: "qr-box" });
  const copied = h("p", { class: "hint", role: "status" });
  const copy = worded(words, "button", { type: "button", class: "button", "data-control": "net-copy", hidden: true }, "net.copy-answer");
  words.push(() => (copied.textContent = ""));
  root.replaceChildren(
    h(
      "section",
      { class: "net-join", dataset: { screen: "join" }, "aria-labelledby": "join-title" },
      title,
      worded(words, "p", {}, "net.join-text"),
      stun ? worded(words, "p", { class: "hint", "data-stun": "" }, "net.join-stun", { server: stun }) : null,
      status,
      qrBox,
      answer,
      h("p", { class: "net-buttons" }, copy),
      copied,
      back(),
    ),
  );
  document.dispatchEvent(new Event("parlour-painted")); // js/watchdog.js stands down
  let peer;
  try {
    peer = await answerPeer(sdp, { iceServers: stun ? [{ urls: stun }] : [] });
  } catch (error) {
    // The words are for people; the error itself is for whoever looks at the console.
    console.warn("Parlour: no answer could be made", error);
    say("net.no-answer-error");
    html.dataset.connection = "lost";
    return {};
  }
  const remote = new RemoteEngine(peer, seat);
  let bar = null; // the line above the table, once it is open
  let nameOf = (s) => String(s + 1);
  const showLine = () => {
    if (!bar) return;
    const lost = html.dataset.connection === "lost";
    bar.line.textContent = lost ? t("net.lost-host-line") : remote.seats ? seatsLine(remote.seats, nameOf) : t("net.state-connected-host");
    bar.el.dataset.state = lost ? "lost" : "connected";
  };
  peer.onMessage = (text) => remote.receive(text);
  peer.onState = (state) => {
    html.dataset.connection = state;
    if (state === "connected") say("net.state-connected-host");
    if (state === "lost") say("net.state-lost-host");
    showLine();
  };
  remote.onSeats = showLine;
  // A new language (app.js): the bar's words again (the table words itself).
  remote.reword = () => {
    bar?.el.setAttribute("aria-label", t("net.bar-label"));
    showLine();
  };
  const text = await encodeAnswer({ seat, sdp: peer.sdp });
  answer.textContent = text;
  answer.hidden = false;
  const qr = await qrCode(text, t("net.qr-answer")).catch(() => null);
  if (qr) qrBox.replaceChildren(qr);
  copy.hidden = false;
  copy.onclick = async () => {
    copied.textContent = (await copyText(text)) ? t("net.copied") : t("net.copy-by-hand");
  };
  say("net.answer-ready");
  remote.onSetup = async (given) => {
    const setup = guestSetup(given, seat);
    if (setup.game !== game || !validSetup(setup, catalog)) {
      say("net.bad-setup");
      return;
    }
    await remote.firstView();
    const { seatNameOf } = await import("../table/table.js");
    nameOf = (s) => (s === seat ? t("net.you") : seatNameOf(setup, s));
    bar = netBar();
    remote.onClose = () => bar?.remove();
    showLine();
    joinWords = null; // the table words itself from here
    await openTable(remote, setup);
  };
  return {};
}
