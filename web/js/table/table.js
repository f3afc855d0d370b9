// The table shell: everything around a game's own rendering.
//
// RENDERER CONTRACT (web/js/games/<game-id>/table.js, listed in the games' registry,
// web/js/games/index.js; renderer.js hands it to the shell)
//
//   export function renderTable(view, ui) -> HTMLElement
//   export function renderRoundSummary(entry, ui) -> HTMLElement   (optional: generic one)
//
// `view` is exactly what the engine's `view(seat)` returned for the seat on screen (`ui.me`),
// or `view(null)` (common knowledge) when no person plays. Render it as pure DOM: no rules in
// JavaScript. Every action a renderer offers must come from `view.legal` (it is empty unless
// the seat on screen is to act), and it sends one with `ui.act(action)`, in the engine's
// notation. Never keep state between calls: the shell calls renderTable again after every
// change and replaces the old element.
// A renderer's own score sheet, marked `data-zone="score-sheet"`, is moved by the shell
// beside the log (below the hand on a phone, in the side column on a wide screen).
// `entry` is one `view.score_sheet` entry `{round, scores, detail}` (all public once the
// round is scored); the summary names its round ("Round 3", "Deal 3") itself. The shell
// shows it when the round ends and on the score sheet.
//
//   export function describeLogEntry(entry, ui, view) -> string|null  (optional)
//
// One `view.log` entry `{seat, action, ...public extras}` of `view` in words for the shell's
// log ("Ann built a 7."); null or no export: the shell's plain "Ann build 7".
//
//   export function hintWords(action, view) -> [move, reason]|null   (optional; hint.js)
//
// (What the game calls a round, "deal" in Quodlibet, is its registry entry's `roundWord`; the
// shell reads it as `renderer.roundWord`.)
//
//   export function renderLastTrick(view, ui) -> {title, node}|null    (optional)
//
// The last completed trick (countdown, centre change) drawn from the view and its public log
// only, for the shell's "Last trick" control (its text is `title`): the shell keeps it open
// across repaints, at every speed, until the person closes it. null: nothing to show yet.
//
//   ui = {
//     act(action: string): Promise<void>     play it (the shell refuses it when it is not
//                                            that seat's turn, and shows the engine's reason
//                                            when the engine refuses it);
//     explain(action: string): Promise<string|null>   why the engine would refuse it now
//                                            (null: it is legal), e.g. for a refused click;
//     seatName(seat: number): string         the name to show for a seat;
//     me: number|null                        the seat on screen (null: nobody's hand);
//     people: number                         how many seats people play (more than one:
//                                            pass-and-play, where a hand is named "Mina's hand");
//     thinking: number|null                  the computer seat thinking now (its strip says so);
//     instant: boolean                       true: no animation or delay (speed=instant);
//     scoreSheet: entry[]                    the whole view.score_sheet (running totals);
//     options: object                        the game's engine options (practice, variants).
//     announce(text, urgency = "polite"|"assertive")   say it to a screen reader through the
//                                            page's live regions (announce.js): a renderer
//                                            says a refusal it shows itself "assertive".
//   }
//
// COACH OPTION (the guided lessons, learn/coach.js): `new Table({..., coach})` where coach has
//   computerMove(seat) -> Promise<string>   the computer seat's move (instead of the bot);
//                                            the engine still checks it
//   allow(action) -> Promise<boolean>        before a person's move is sent: false keeps it
//                                            back (the coach says why) and the table is
//                                            redrawn as it was
//   painted(root, view)                      after every repaint (to mark the control to press)
//   roundOver(entry, ui) -> Promise<void>    a round was scored: the coach takes over the
//                                            table's root, and the table stops (no round
//                                            dialog, nothing more is played)
//   hurry: boolean                           true: computer moves are not paced (Skip ahead)
// A coached table offers no Hint (the coach says what to do).
//
// REMOTE OPTION (a game on several devices, net/): `new Table({..., remote})` where remote has
//   plays(seat) -> boolean                   a person on another device plays that seat
//   publish(pub) -> Promise                  the game changed (pub: view(null)): tell the
//                                            other devices
//   turn(seat, apply) -> Promise             that seat's move is made elsewhere; the host's
//                                            relay calls apply(action) (the engine checks it)
//                                            and resolves once one was taken; a guest's
//                                            resolves when the host sends the next view
//   newer() -> Promise                       (a guest's) a view newer than the loop's came
//   close()                                  the table closes (not by close({ keepRemote: true }),
//                                            which leaves the relay to the next table)
// A remote game offers no take back and no challenge; a guest's table (remote.guest) no Hint.
//
// The shell draws the header (game, round, totals, whose turn, which computer is thinking),
// the public log of this round (view.log), a message area for refused actions, a "thinking"
// line while the computer plays, a Hint button for the person to act (hint.js: it marks the
// hinted controls by their `data-action` with the class `is-hint`), round summaries, the
// final result with "Play again" and "Menu". After each repaint it moves every card face
// (`.fc-face[data-card]`, `.pc-face[data-rank]`) from where it was on the old table to where
// it is now (motion.js), so renderers only draw where cards are. It paces
// computer moves so people can follow them, and in pass-and-play it puts a "Pass to <name>"
// screen between two different people's turns, with nothing of the table in the page, so no
// hidden card is ever in the DOM while another seat is on screen: only the view of the seat
// on screen is ever rendered.

import { h, sleep, reducedMotion } from "../dom.js";
import { has, list, number, signed, t } from "../i18n.js";
import { levelOf, seatName as setupSeatName } from "../menu/setup.js";
import { describeHint, hintLevel, showHint } from "./hint.js";
import { flip, snapshot } from "./motion.js";
import { announcer } from "./announce.js";
import { firstGroup, focusGroup, isUndoKey, modal, placeOf, restorePlace } from "./keys.js";
import { rulesButton } from "../rules/dialog.js";
import * as generic from "../games/generic.js";
import { refusalText as engineRefusal } from "../words/engine-words.js";
import { replayButton } from "./replay.js";
import { challengeChip, challengePanel } from "./challenge.js";
import { recordBook, recordWords } from "../saves/records.js";
import { TableSounds } from "./sound.js";
import { playOnlyMove, tableOptions } from "./only-move.js";

export const PACE_MS = 600; // a computer move, so people can follow it
const SUMMARY_MS = 1800; // how long a demo shows a round's scores
const INSTANT_PAINT_MS = 250; // at speed=instant, computer moves repaint at most this often
// Search levels (hard) stop thinking after this long in the browser, where Pyodide runs
// about half as fast as CPython: a computer move or a hint then takes about a second at most.
export const THINK_MS = 800;

// A refusal or an engine error in words: the engine sends a message {code, params} (docs/ENGINE.md,
// "Messages"), engine-words.js words it; `seatName` names the seats it mentions.
export const refusalText = (error, seatName = undefined) =>
  (error && error.message ? engineRefusal(error, seatName ? { seatName } : {}) : t("table.refused"));

const html = document.documentElement;

// The last kind of input on <html data-input="keyboard|pointer">: the focus ring is drawn for
// the keyboard only (app.css), so a tap on a card, or a game opening, shows none even though
// the table moves focus by script after each redraw.
let watching = false;
function watchInput() {
  if (watching) return;
  watching = true;
  const mark = (kind) => () => {
    if (html.dataset.input !== kind) html.dataset.input = kind;
  };
  document.addEventListener("keydown", mark("keyboard"), true);
  document.addEventListener("pointerdown", mark("pointer"), true);
}

// The name of `seat` in a setup: the name a person gave it, else its default worded now in the
// page's language ("You", "Player 2", a computer's own short name: setup.js's seatName). A
// default name is stored as "" (or an old save's English default) and never shown as stored,
// so it follows a language switch; a menu listing saved games can use this too.
export function seatNameOf(setup, seat) {
  const given = setup.names ? setup.names[seat] : undefined;
  if (given === undefined || given === null) return t("table.seat", { n: seat + 1 });
  return setupSeatName(setup, seat);
}

export class Table {
  // options: { root, engine, store, catalog, renderer, setup, id, onMenu, onPlayAgain, onCrash,
  // languageSwitch? (-> the shell's language switch for the bar) }
  constructor(options) {
    Object.assign(this, options);
    watchInput();
    this.info = this.catalog[this.setup.game];
    this.humans = this.setup.seats.flatMap((kind, seat) => (kind === "human" ? [seat] : []));
    this.onScreen = this.humans.length === 1 ? this.humans[0] : null;
    this.instant = this.setup.speed === "instant";
    this.closed = false;
    this.waitingFor = null; // the human seat whose move the shell awaits
    this.acting = false;
    this.sending = false; // a move of this device's on its way to the engine (#act)
    this.thinking = null; // the computer seat thinking now
    this.message = "";
    this.view = null;
    this.paintedAt = -Infinity;
    this.sheetOpen = false;
    this.lastOpen = false; // the "Last trick" panel, open until the person closes it
    this.turn = 0; // counts human turns and moves: a hint belongs to one
    this.hint = null; // { turn, action, text } or { turn, pending: true }
    this.stopHint = () => {};
    this.say = announcer();
    this.sounds = new TableSounds(); // sound.js: deal, card played, trick won, your turn
    this.heard = { round: 0, count: 0 }; // the log entries already announced
    this.place = null; // where keyboard focus was in the table (keys.js placeOf)
    // Take back (engine/history.py through the worker): offered against computers and in
    // pass-and-play, never in a demo, a lesson or a challenge. `takeBack` is the engine's answer for the
    // person on screen at their turn ({available, reason, seats}); `lastMover` the person
    // who moved last (pass-and-play: they may take it back until the next person's turn
    // begins); `takenBack` the log's note of the move just taken back.
    // A challenge (challenge.js) is played as dealt, to compare: no take back there.
    this.takeBackOffered = !this.coach && !this.remote && this.humans.length > 0 && !this.setup.challenge;
    this.takeBack = null;
    this.lastMover = null;
    this.takenBack = null;
    this.shrinking = false; // the next save is shorter than the last (a take back)
    this.onKey = (event) => {
      if (!isUndoKey(event) || !this.takeBackOffered || this.closed) return;
      event.preventDefault();
      if (html.dataset.screen === "pass") this.root.querySelector("[data-control=pass-take-back]")?.click();
      else if (html.dataset.screen === "table") this.#takeBackPressed();
    };
    this.ui = {
      act: (action) => this.#act(action),
      explain: (action) => this.#explain(action),
      seatName: (seat) => this.seatName(seat),
      me: this.onScreen,
      people: this.humans.length,
      thinking: null,
      instant: this.instant,
      scoreSheet: [],
      options: this.setup.options || {},
      announce: (text, urgency = "polite") => (urgency === "assertive" ? this.say.assertive(text) : this.say.polite(text)),
    };
  }

  get pace() {
    return this.instant || this.coach?.hurry ? 0 : PACE_MS; // a lesson's "Skip ahead" (learn/coach.js)
  }

  seatName(seat) {
    return seatNameOf(this.setup, seat);
  }

  // The game's name in the page's language (the engine's catalog name for a game we have no
  // words for).
  gameName() {
    const key = `table.game-${this.setup.game}`;
    return has(key) ? t(key) : this.info.name;
  }

  // Play the game (it is open in the engine under this.id) until it ends or the page leaves.
  async run() {
    html.dataset.gameState = "playing";
    const first = await this.#call("view", null);
    this.roundsSeen = first.view.score_sheet.length;
    this.heard = { round: first.view.round, count: first.view.log.length }; // the page shows those
    this.say.clear();
    document.addEventListener("keydown", this.onKey);
    this.dirty = true; // save at once: a new game, or a loaded one under its id
    this.#loop().catch((error) => {
      if (!this.closed) this.onCrash(error);
    });
  }

  // Draw the table again (its words in the language now chosen), where no reload from a save
  // can (a guest's table: app.js).
  async reword() {
    if (!this.closed && this.view) await this.#render();
  }

  close({ keepRemote = false } = {}) {
    this.closed = true;
    document.removeEventListener("keydown", this.onKey);
    this.say.clear();
    this.stopHint();
    if (!keepRemote) this.remote?.close();
    this.engine.drop(this.id).catch(() => {});
  }

  // --- engine calls --------------------------------------------------------------------

  async #call(name, ...args) {
    const methods = {
      view: (seat) => this.engine.view(this.id, seat),
      bot: (seat) => {
        const level = levelOf(this.setup, seat);
        return this.engine.bot(this.id, level, this.setup.seed, { timeMs: level === "hard" ? THINK_MS : null });
      },
      apply: (action) => this.engine.apply(this.id, action),
      save: () => this.engine.save(this.id),
    };
    const reply = await methods[name](...args);
    if (reply.error) throw new Error(`The engine refused ${name}: ${refusalText(reply.error)}`);
    return reply;
  }

  async #save(pub) {
    const { save } = await this.#call("save");
    const takenBack = this.shrinking;
    this.shrinking = false;
    this.store.write({
      id: this.id,
      setup: this.setup,
      engine: save,
      round: pub.round,
      over: pub.over,
      toAct: pub.to_act === null ? null : this.seatName(pub.to_act),
    }, { takenBack });
  }

  // --- the game loop -------------------------------------------------------------------

  async #loop() {
    while (!this.closed) {
      const pub = (await this.#call("view", null)).view;
      if (this.closed) return;
      if (this.dirty) {
        await this.#save(pub);
        this.dirty = false;
      }
      if (this.remote) await this.remote.publish(pub);
      const fresh = pub.score_sheet.slice(this.roundsSeen);
      this.roundsSeen = pub.score_sheet.length;
      if (this.coach && fresh.length) {
        this.thinking = null;
        await this.coach.roundOver(fresh[0], this.ui);
        return;
      }
      if (pub.over) {
        // People see the last round's summary too, then the result.
        if (this.humans.length) for (const entry of fresh) await this.#roundOver(entry, { last: true });
        if (this.closed) return;
        await this.#showOver(pub);
        return;
      }
      for (const entry of fresh) await this.#roundOver(entry);
      if (this.closed) return;
      const seat = pub.to_act;
      if (this.remote?.plays(seat)) await this.#remoteTurn(seat);
      else if (this.setup.seats[seat] === "bot") await this.#botTurn(seat);
      else await this.#humanTurn(seat);
    }
  }

  async #botTurn(seat) {
    this.thinking = seat;
    // At instant speed nobody can follow each move: repaint a few times a second only.
    if (!this.instant || performance.now() - this.paintedAt > INSTANT_PAINT_MS) await this.#render();
    // Each computer move is timed (the `parlour:think` measure: from the first frame after
    // the table was drawn to the reply; detail {seat, level, ms: request to reply}), so the
    // tests can check that the page stays responsive while the worker thinks, and anyone
    // can read move times in the browser's performance panel.
    const asked = performance.now();
    let drawn = null;
    requestAnimationFrame(() => setTimeout(() => (drawn = performance.now())));
    const asking = this.coach ? this.coach.computerMove(seat).then((action) => ({ action })) : this.#call("bot", seat);
    const thinking = asking.then((reply) => {
      const detail = { seat, level: levelOf(this.setup, seat), ms: performance.now() - asked };
      if (drawn !== null) performance.measure("parlour:think", { start: drawn, detail });
      return reply;
    });
    const [reply] = await Promise.all([thinking, sleep(this.pace)]);
    if (this.closed) return;
    await this.#call("apply", reply.action);
    this.thinking = null;
    this.dirty = true;
  }

  // A seat played on another device (the REMOTE OPTION above): its move comes through the
  // relay, and the engine here checks it like any other.
  async #remoteTurn(seat) {
    this.thinking = null;
    await this.#render();
    if (this.closed) return;
    await this.remote.turn(seat, async (action) => {
      const reply = await this.engine.apply(this.id, action);
      if (!reply.error) this.dirty = true;
      return reply;
    });
  }

  async #humanTurn(seat) {
    if (this.humans.length > 1 && this.onScreen !== seat) {
      const choice = await this.#passTo(seat);
      if (this.closed) return;
      if (choice === "take-back") return; // the loop goes on with the mover's turn again
    }
    this.waitingFor = seat;
    this.turn += 1;
    const done = new Promise((resolve) => (this.turnDone = resolve));
    await this.#render();
    if (!this.closed) {
      this.say.polite(this.humans.length === 1 ? t("table.your-turn-said") : t("table.name-your-turn-said", { name: this.seatName(seat) }));
      if (this.humans.length === 1) this.sounds.turn();
      void playOnlyMove(this); // only-move.js: when set, and exactly one move is legal
    }
    // On a guest's device the game can move on without this person's move (the host let the
    // computer play the seat for a while): a newer view from the host ends the wait, and the
    // loop draws it.
    await (this.remote?.guest ? Promise.race([done, this.remote.newer()]) : done);
    this.turnDone = null;
    this.waitingFor = null;
  }

  async #act(action) {
    if (this.closed) return;
    if (this.waitingFor === null || this.waitingFor !== this.onScreen || this.acting) {
      this.#say(this.thinking !== null ? t("table.not-your-turn", { who: this.seatName(this.thinking) }) : t("table.not-your-turn-others"));
      return;
    }
    this.acting = true;
    try {
      if (this.coach && !(await this.coach.allow(action))) {
        if (!this.closed) await this.#render(); // a two-press move half made is undone
        return;
      }
      // The move is on its way (on a guest's device, to the host and back): the table no
      // longer awaits this seat until the engine answers, so nothing on it invites a second.
      const tableEl = this.root.querySelector(".table");
      if (tableEl) tableEl.dataset.awaiting = "";
      this.sending = true;
      const reply = await this.engine.apply(this.id, action).finally(() => (this.sending = false));
      if (reply.error) {
        if (!this.closed) this.root.querySelector(".table")?.setAttribute("data-awaiting", String(this.waitingFor));
        this.#say(refusalText(reply.error, (s) => this.seatName(s)));
        return;
      }
      this.#say("");
      this.dirty = true;
      this.lastMover = this.onScreen;
      this.takenBack = null;
      this.turn += 1;
      this.#clearHint();
      this.root.querySelector(".hint-bar")?.remove(); // no hint for a move already made
      const done = this.turnDone;
      this.turnDone = null;
      this.waitingFor = null;
      done?.(); // (none when a newer view ended the wait first)
    } finally {
      this.acting = false;
    }
  }

  async #explain(action) {
    const reply = await this.engine.check(this.id, action);
    return reply.error ? refusalText(reply.error, (s) => this.seatName(s)) : null;
  }

  // --- screens -------------------------------------------------------------------------

  // The viewer whose view is rendered: the person on screen, else common knowledge.
  #viewer() {
    return this.humans.length ? this.onScreen : null;
  }

  async #render() {
    const { view } = await this.#call("view", this.#viewer());
    if (this.closed) return;
    this.view = view;
    this.ui.me = view.seat;
    this.ui.thinking = this.thinking;
    this.ui.scoreSheet = view.score_sheet;
    await this.#takeBackState(view);
    if (this.closed) return;
    this.#paint(view);
    this.#announceNews(view);
  }

  // Say the public log entries added since the last announcement (moves in words).
  #announceNews(view) {
    const from = this.heard.round === view.round ? Math.min(this.heard.count, view.log.length) : 0;
    if (this.heard.round === view.round) this.sounds.news(view.log.slice(from));
    for (const entry of view.log.slice(from)) this.say.polite(this.#describeText(entry, view));
    this.heard = { round: view.round, count: view.log.length };
  }

  #paint(view) {
    // Keyboard focus keeps its place across the redraw (keys.js): focus in the table, or
    // dropped to the page when the control it was on went away (a move was made).
    const focused = document.activeElement;
    // Cards travel from where they were (motion.js); not at speed=instant, nor into a new round.
    const moving = !this.instant && this.paintedRound === view.round;
    const before = moving ? snapshot(this.root) : null;
    this.paintedRound = view.round;
    const here = placeOf(this.root);
    if (here) this.place = here;
    const lost = !focused || focused === document.body || focused === this.root;
    const restore = Boolean(here) || (lost && this.place !== null);
    const body = this.renderer.renderTable(view, this.ui);
    // A renderer's own score sheet (Quodlibet's table of deals) is "the score sheet": the
    // shell's round summaries beside it get a title of their own, so one heading says it.
    const ownSheet = body.querySelector("[data-zone=score-sheet]");
    this.root.replaceChildren(
      h(
        "section",
        {
          class: "table",
          // For tests and styles: whose view this is, and whose move the table awaits.
          dataset: {
            game: view.game,
            screen: "table",
            viewer: view.seat === null ? "none" : String(view.seat),
            awaiting: this.waitingFor === null || this.sending ? "" : String(this.waitingFor),
            renderer: this.renderer.generic ? "generic" : "own",
          },
          "aria-label": t("table.table-label", { game: this.gameName() }),
        },
        this.#header(view),
        this.#thinkingLine(),
        h("div", { class: "table-body" }, body),
        this.#lastTrickPanel(),
        this.#messageLine(),
        h("div", { class: "table-extra" }, tableOptions(this), ownSheet, this.#log(view), this.#scoreSheet(view, { titled: !ownSheet })),
      ),
    );
    html.dataset.screen = "table";
    if (before) flip(before, this.root, { actor: [...view.log].reverse().find((e) => e.seat !== null)?.seat ?? null });
    this.paintedAt = performance.now();
    this.sounds.painted(view);
    const log = this.root.querySelector(".log ol");
    if (log) log.scrollTop = log.scrollHeight; // the latest move in sight
    this.#markHint();
    this.#restoreFocus(restore);
    if (this.coach) this.coach.painted(this.root, view);
  }

  // After a redraw: on the person's turn, focus goes back to their place (the same control,
  // else the same spot of the same hand), or, the first time, to their hand; on another
  // seat's turn it rests on the page's <main> (outside the table, so it is not announced
  // again at every redraw) until the person has something to press.
  #restoreFocus(restore) {
    const mine = this.waitingFor !== null && this.waitingFor === this.onScreen;
    const focused = document.activeElement;
    const idle = !focused || focused === document.body || focused === this.root;
    if (restore) {
      if (restorePlace(this.root, this.place)) return;
      if (mine && focusGroup(firstGroup(this.root))) return;
      if (!this.root.contains(document.activeElement)) this.root.focus({ preventScroll: true });
    } else if (mine && idle && this.place === null) {
      focusGroup(firstGroup(this.root)); // the first turn: straight to the hand
    }
  }

  #header(view) {
    let turn;
    const name = this.seatName(view.to_act);
    const yours = view.to_act === this.ui.me && (this.waitingFor === view.to_act || this.humans.length === 1);
    const alone = this.humans.length === 1 && this.humans[0] === view.to_act; // the one person
    if (view.over) turn = t("table.game-over");
    else if (yours || alone) turn = this.humans.length === 1 ? t("table.your-turn") : t("table.name-your-turn", { name });
    else turn = t("table.name-turn", { name });
    return h(
      "header",
      { class: "table-head" },
      h(
        "div",
        { class: "title-row" },
        h("h1", {}, this.gameName()),
        h("p", { class: "round" }, this.#roundName(view.round)),
        challengeChip(this.setup), // challenge.js: whose challenge this game is

        h("p", { class: "turn" }, turn),
        this.#tools(view),
        rulesButton(view.game, { getView: () => this.view }),
        this.languageSwitch ? this.languageSwitch() : null,
        h("button", { type: "button", class: "button quiet menu-button", "data-control": "menu", onclick: () => this.onMenu() }, t("table.menu")),
      ),
      h(
        "ol",
        { class: "totals", "aria-label": t("table.scores-so-far") },
        view.totals.map((total, seat) =>
          h(
            "li",
            {
              class: [seat === view.to_act ? "to-act" : "", seat === this.thinking ? "is-thinking" : ""].join(" ").trim(),
              "aria-current": seat === view.to_act ? "true" : null,
              dataset: { seat: String(seat), level: levelOf(this.setup, seat) ?? "" },
            },
            h("span", { class: "name" }, this.seatName(seat)),
            h("span", { class: "kind" }, this.setup.seats[seat] === "bot" ? t("table.computer-level", { level: levelOf(this.setup, seat) }) : ""),
            h("strong", { class: "total" }, number(total)),
            seat === this.thinking ? h("span", { class: "seat-thinking", "aria-hidden": "true" }, t("table.thinking-mark")) : null,
          ),
        ),
      ),
    );
  }

  // In the bar: Hint (for the person to act) and "Last trick" (any time).
  #tools(view) {
    const hint = this.#hintLine(view);
    const back = this.#takeBackButton(view);
    const last = this.renderer.renderLastTrick ? this.renderer.renderLastTrick(view, this.ui) : null;
    this.lastTrick = last;
    if (!last) this.lastOpen = false;
    const button = last
      ? h(
          "button",
          {
            type: "button",
            class: "button quiet last-trick-button",
            "data-control": "last-trick",
            "aria-expanded": this.lastOpen ? "true" : "false",
            "aria-controls": "last-trick-panel",
            onclick: () => this.#toggleLastTrick(),
          },
          last.title,
        )
      : null;
    if (!hint && !button && !back) return null;
    return h("div", { class: "table-tools" }, hint, back, button);
  }

  // --- take back -----------------------------------------------------------------------

  // What the engine says about taking back the on-screen person's last move, asked once per
  // turn of theirs (a replay in the worker): -> this.takeBack = {turn, available, why}, or
  // null where no take back is offered (a demo, a lesson, a finished game, a pass screen).
  async #takeBackState(view) {
    const seat = this.onScreen;
    if (!this.takeBackOffered || view.over || seat === null) {
      this.takeBack = null;
      return;
    }
    if (this.waitingFor !== seat || view.to_act !== seat) {
      this.takeBack = { turn: null, available: false, why: t("table.take-back-wait") };
      return;
    }
    if (this.takeBack && this.takeBack.turn === this.turn) return;
    this.takeBack = { turn: this.turn, ...(await this.#takeBackAnswer(seat)) };
  }

  // -> {available, why}: whether `seat` may take its last move back now.
  async #takeBackAnswer(seat) {
    const reply = await this.engine.call("take_back_state", { id: this.id, seat });
    if (reply.error) return { available: false, why: refusalText(reply.error, (s) => this.seatName(s)) };
    if (!reply.available) {
      const code = reply.reason && reply.reason.code;
      if (code === "history-nothing-to-take-back") return { available: false, why: t("table.take-back-none") };
      if (code === "history-round-ended") return { available: false, why: t("table.take-back-round-ended", { word: this.#roundWord() }) };
      return { available: false, why: refusalText({ message: reply.reason }, (s) => this.seatName(s)) };
    }
    // Pass-and-play: never past another person's move (their turn has begun since).
    const others = reply.seats.filter((s) => s !== seat && this.setup.seats[s] === "human");
    if (others.length) return { available: false, why: t("table.take-back-other-moved", { name: this.seatName(others[0]) }) };
    return { available: true, why: "" };
  }

  // On the table bar: "Take back", with why not (said when pressed) while it cannot be done.
  #takeBackButton() {
    const state = this.takeBack;
    if (!state) return null;
    const button = h(
      "button",
      {
        type: "button",
        class: "button quiet take-back-button",
        "data-control": "take-back",
        "aria-disabled": state.available ? null : "true",
        "aria-describedby": state.available ? null : "take-back-why",
        "aria-keyshortcuts": "Control+Z Meta+Z",
        onclick: () => this.#takeBackPressed(),
      },
      // On a phone the bar has room for the arrow only; the words stay its name.
      h("span", { class: "take-back-icon", "aria-hidden": "true" }, "\u21b6"),
      h("span", { class: "take-back-text" }, t("table.take-back")),
    );
    const why = state.available ? null : h("span", { id: "take-back-why", class: "visually-hidden" }, state.why);
    return h("span", { class: "take-back" }, button, why);
  }

  async #takeBackPressed() {
    const state = this.takeBack;
    if (!state || this.closed) return;
    const mine = this.waitingFor !== null && this.waitingFor === this.onScreen;
    if (!state.available || !mine || this.acting) {
      this.#say(state.available ? t("table.take-back-wait") : state.why);
      return;
    }
    if (await this.#doTakeBack(this.onScreen)) await this.#render();
  }

  // Take `seat`'s last move back in the engine, the others' replies after it too; the save
  // is written at once (shorter: the store allows it for a take back only), the move taken
  // back is said and noted in the log. -> true when it was taken back.
  async #doTakeBack(seat) {
    this.acting = true;
    try {
      const before = (await this.#call("view", seat)).view;
      const reply = await this.engine.call("take_back", { id: this.id, seat });
      if (this.closed) return false;
      if (reply.error) {
        this.#say(refusalText(reply.error, (s) => this.seatName(s)));
        return false;
      }
      const after = (await this.#call("view", null)).view;
      const mine = before.log.slice(after.log.length).find((entry) => entry.seat === seat);
      const move = mine ? this.#describeText(mine, before) : null;
      const text = move ? t("table.taken-back", { move }) : t("table.taken-back-plain");
      this.takenBack = { round: after.round, text };
      this.heard = { round: after.round, count: after.log.length }; // nothing new to say
      this.lastMover = null;
      this.turn += 1; // a hint asked for the undone position is of no use now
      this.#clearHint();
      this.#say("");
      this.shrinking = true;
      await this.#save(after);
      this.dirty = false;
      this.say.polite(text);
      return true;
    } finally {
      this.acting = false;
    }
  }

  // Drawn over the table (it never pushes the hand down), from the view on screen.
  #lastTrickPanel() {
    const last = this.lastTrick;
    if (!last || !this.lastOpen) return null;
    return h(
      "section",
      { class: "last-trick-panel", id: "last-trick-panel", "aria-labelledby": "last-trick-title" },
      h(
        "div",
        { class: "last-trick-head" },
        h("h2", { id: "last-trick-title" }, last.title),
        h("button", { type: "button", class: "button quiet last-trick-close", "data-control": "last-trick-close", onclick: () => this.#toggleLastTrick() }, t("table.last-close")),
      ),
      last.node,
    );
  }

  #toggleLastTrick() {
    this.lastOpen = !this.lastOpen;
    if (!this.view) return;
    const table = this.root.querySelector(".table");
    table?.querySelector(".last-trick-panel")?.remove();
    const button = table?.querySelector(".last-trick-button");
    if (button) button.setAttribute("aria-expanded", this.lastOpen ? "true" : "false");
    const panel = this.#lastTrickPanel();
    if (panel && table) {
      table.querySelector(".table-head")?.after(panel);
      panel.querySelector(".last-trick-close")?.focus({ preventScroll: true });
    } else button?.focus({ preventScroll: true });
  }

  #messageLine() {
    // Not a live region (it is redrawn with the table): #say announces it (announce.js).
    this.messageEl = h("p", { class: "message", hidden: !this.message }, this.message);
    return this.messageEl;
  }

  #say(text) {
    this.message = text;
    if (text) this.say.assertive(text);
    if (this.messageEl) {
      this.messageEl.textContent = text;
      this.messageEl.hidden = !text;
    }
  }

  #thinkingLine() {
    const seat = this.thinking;
    return h(
      "p",
      { class: "thinking", hidden: seat === null },
      seat === null ? "" : h("span", {}, t("table.thinking", { name: this.seatName(seat) }), h("span", { class: "dots", "aria-hidden": "true" }, "...")),
    );
  }

  // --- hints ---------------------------------------------------------------------------

  // The Hint button and its line, for the person on screen when it is their move (never
  // for a computer seat, a pass screen or a finished game).
  #hintLine(view) {
    const offered = !this.coach && !this.remote?.guest && !view.over && this.waitingFor !== null && this.waitingFor === this.onScreen && view.to_act === this.waitingFor;
    this.hintTextEl = null;
    if (!offered) return null;
    const hint = this.hint && this.hint.turn === this.turn ? this.hint : null;
    const button = h(
      "button",
      { type: "button", class: "button quiet hint-button", "data-control": "hint", disabled: Boolean(hint), onclick: () => this.#askHint() },
      t("table.hint"),
    );
    this.hintTextEl = h("p", { class: "hint-text" }, hint ? hint.text : "");
    return h("div", { class: "hint-bar" }, button, this.hintTextEl);
  }

  async #askHint() {
    if (this.closed || this.waitingFor === null || this.waitingFor !== this.onScreen) return;
    const turn = this.turn;
    this.hint = { turn, pending: true, text: t("table.hint-thinking") };
    this.#showHintText();
    const button = this.root.querySelector(".hint-button");
    if (button) button.disabled = true;
    const start = performance.now();
    const reply = await this.engine.bot(this.id, hintLevel(this.info), this.setup.seed, { timeMs: THINK_MS });
    performance.measure("parlour:hint", { start, detail: { seat: this.onScreen } });
    if (this.closed || this.turn !== turn) return; // the move was made meanwhile: no use now
    if (reply.error) {
      this.hint = { turn, text: t("table.hint-none", { reason: refusalText(reply.error) }) };
    } else {
      this.hint = { turn, action: reply.action, text: describeHint(reply.action, this.view, this.renderer) };
    }
    this.#showHintText();
    this.say.polite(this.hint.text);
    this.#markHint();
  }

  #showHintText() {
    if (this.hintTextEl) this.hintTextEl.textContent = this.hint ? this.hint.text : "";
    const bar = this.root.querySelector(".hint-bar");
    if (bar && this.hint) bar.dataset.hint = this.hint.action || "";
  }

  // Mark the hinted move on the table just painted (and as the renderer redraws it).
  #markHint() {
    this.stopHint();
    this.stopHint = () => {};
    const hint = this.hint;
    if (!hint || hint.turn !== this.turn || !hint.action) return;
    const body = this.root.querySelector(".table-body");
    if (body) this.stopHint = showHint(body, hint.action);
  }

  #clearHint() {
    this.hint = null;
    this.stopHint();
    this.stopHint = () => {};
    if (this.hintTextEl) this.hintTextEl.textContent = "";
  }

  // What the game calls a round ("deal" in Quodlibet: its registry entry's `roundWord`).
  #roundWord() {
    return this.renderer.roundWord || "round";
  }

  #roundName(n) {
    return t("table.round-name", { word: this.#roundWord(), n });
  }

  // One public log entry in words: the renderer's own wording when it has one, else the
  // generic renderer's "Name move (what the table saw)".
  #describe(entry, view) {
    const own = this.renderer.describeLogEntry ? this.renderer.describeLogEntry(entry, this.ui, view) : null;
    return own || generic.describeLogEntry(entry, this.ui);
  }

  #describeText(entry, view) {
    const words = this.#describe(entry, view);
    return typeof words === "string" ? words : h("span", {}, words).textContent;
  }

  #log(view) {
    const items = view.log.map((entry) => h("li", {}, this.#describe(entry, view)));
    const note = this.takenBack && this.takenBack.round === view.round ? this.takenBack.text : null;
    if (note) items.push(h("li", { class: "taken-back" }, note));
    return h(
      "section",
      { class: "log", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title" }, t("table.log-title", { word: this.#roundWord(), n: view.round })),
      // It scrolls, so it takes focus (to be scrolled by keyboard) and has a name.
      items.length ? h("ol", { id: "log-list", tabindex: "0", "aria-labelledby": "log-title" }, items) : h("p", { class: "hint" }, t("table.log-empty", { word: this.#roundWord() })),
    );
  }

  #summary(entry) {
    return h(
      "section",
      { class: "round-summary", dataset: { round: String(entry.round) }, "aria-label": this.#roundName(entry.round) },
      this.renderer.renderRoundSummary(entry, this.ui),
      this.coach ? null : replayButton(this, entry), // replay.js: that round move by move
    );
  }

  // Collapsed by default; drawn only while open (and kept open across repaints).
  #scoreSheet(view, { titled = true } = {}) {
    const sheet = view.score_sheet;
    if (!sheet.length) return null;
    const fill = (details) => details.append(...sheet.map((entry) => this.#summary(entry)));
    const details = h(
      "details",
      {
        class: "score-sheet",
        open: this.sheetOpen,
        ontoggle: (event) => {
          this.sheetOpen = event.target.open;
          if (this.sheetOpen && !event.target.querySelector(".round-summary")) fill(event.target);
        },
      },
      h("summary", { id: "score-sheet-toggle" }, t(titled ? "table.score-sheet-toggle" : "table.round-details-toggle", { word: this.#roundWord(), count: sheet.length })),
    );
    if (this.sheetOpen) fill(details);
    return details;
  }

  // A round has been scored: people see the summary and continue; a demo shows it a moment.
  async #roundOver(entry, { last = false } = {}) {
    this.sounds.roundOver();
    await this.#render();
    if (this.closed) return;
    const scores = list(entry.scores.map((p, seat) => t("table.seat-score", { name: this.seatName(seat), points: signed(p) })));
    const word = this.#roundWord();
    if (!this.humans.length) {
      const banner = h("section", { class: "round-banner", role: "status" }, h("h2", {}, t("table.round-scored", { word, n: entry.round })), h("p", {}, scores));
      this.root.querySelector(".table")?.prepend(banner);
      await sleep(this.instant ? 0 : SUMMARY_MS);
      return;
    }
    await this.#dialog(t("table.round-over", { word, n: entry.round }), [this.#summary(entry)], last ? t("table.see-result") : t("table.next-round", { word }));
  }

  // A modal dialog (keys.js modal): opens at its top with focus on its button (kept in view
  // at the dialog's foot), keeps Tab inside; the button or Escape closes it, and the next
  // redraw puts focus back where the person was.
  #dialog(title, content, buttonText) {
    return new Promise((resolve) => {
      const button = h("button", { type: "button", class: "button primary" }, buttonText);
      const panel = h(
        "section",
        { class: "dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "dialog-title", tabindex: "-1" },
        h("h2", { id: "dialog-title" }, title),
        content,
        h("div", { class: "dialog-actions" }, button),
      );
      const overlay = h("div", { class: "overlay" }, panel);
      let release = () => {};
      const close = () => {
        release();
        overlay.remove();
        resolve();
      };
      button.addEventListener("click", close);
      panel.addEventListener("keydown", (event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          close();
        }
      });
      this.root.append(overlay);
      release = modal(overlay, panel, button);
    });
  }

  // Pass-and-play: hide everything until the next person says they are at the device. The
  // person who just moved may still take their move back here (their turn again, with the
  // computers' replies undone): -> "show" or "take-back".
  async #passTo(seat) {
    const name = this.seatName(seat);
    const mover = this.lastMover;
    this.onScreen = null;
    this.ui.me = null;
    this.say.clear(); // nothing of the last person's view follows them away
    const offer = this.takeBackOffered && mover !== null && mover !== seat ? await this.#takeBackAnswer(mover) : null;
    if (this.closed) return "show";
    return new Promise((resolve) => {
      const back = offer && offer.available
        ? h(
            "p",
            {},
            h(
              "button",
              {
                type: "button",
                class: "button quiet",
                "data-control": "pass-take-back",
                onclick: async () => {
                  if (!(await this.#doTakeBack(mover))) return;
                  this.onScreen = mover;
                  this.ui.me = mover;
                  resolve("take-back");
                },
              },
              t("table.pass-take-back", { name: this.seatName(mover) }),
            ),
          )
        : null;
      const button = h(
        "button",
        {
          type: "button",
          class: "button primary",
          onclick: () => {
            this.onScreen = seat;
            this.lastMover = null; // the next person's turn begins: no take back past it
            resolve("show");
          },
        },
        t("table.pass-show", { name }),
      );
      this.root.replaceChildren(
        h(
          "section",
          { class: "pass-screen", dataset: { screen: "pass", seat: String(seat) }, "aria-labelledby": "pass-title" },
          h("h1", { id: "pass-title" }, t("table.pass-title", { name })),
          h("p", {}, t("table.pass-text", { name })),
          button,
          back,
          h("p", {}, h("button", { type: "button", class: "button quiet", onclick: () => this.onMenu() }, t("table.menu"))),
        ),
      );
      html.dataset.screen = "pass";
      window.scrollTo(0, 0);
      button.focus();
    });
  }

  // The person's record at this game and level, on the final screen (records.js).
  #recordLine(record, pub) {
    const score = pub.totals[this.setup.seats.indexOf("human")];
    const low = Boolean(this.info.low_score_wins);
    const best = record.fresh && record.played > 1 && score === record.best;
    return h(
      "section",
      { class: "record-line", "aria-labelledby": "record-title", dataset: { game: record.game, level: record.level } },
      h("h2", { id: "record-title" }, t("records.best", { game: this.gameName(), level: record.level, score: number(record.best), low: String(low) })),
      best ? h("p", { class: "record-new" }, t("records.new-best")) : null,
      h("p", {}, recordWords(record)),
    );
  }

  async #showOver(pub) {
    html.dataset.gameState = "over";
    this.thinking = null;
    this.#clearHint();
    this.ui.scoreSheet = pub.score_sheet; // summaries show running totals where they can
    const winners = pub.winners.map((seat) => this.seatName(seat));
    const you = this.humans.length === 1 && pub.winners.includes(this.humans[0]);
    let headline;
    if (you && winners.length === 1) headline = t("table.you-win");
    else if (winners.length === 1) headline = t("table.name-wins", { name: winners[0] });
    else headline = t("table.share-win", { names: list(winners) });
    const order = pub.totals.map((total, seat) => ({ total, seat }));
    order.sort((a, b) => (this.info.low_score_wins ? a.total - b.total : b.total - a.total) || a.seat - b.seat);
    const again = h("button", { type: "button", class: "button primary play-again", onclick: () => this.onPlayAgain() }, t("table.play-again"));
    const record = this.coach ? null : recordBook(this.store, this.catalog).add(this.id, this.setup, pub);
    // challenge.js: a friend's challenge result comes first (the comparison they came for),
    // "Challenge a friend" after the actions.
    const challenge = challengePanel(this, pub);
    const challengeFirst = Boolean(this.setup.challenge);
    this.root.replaceChildren(
      h(
        "section",
        { class: "final", dataset: { screen: "over" }, "aria-labelledby": "final-title" },
        h("h1", { id: "final-title" }, t("table.final-title", { game: this.gameName() })),
        challengeFirst ? challenge : null,
        h("h2", { class: "headline" }, headline), // said by the announcer (announce.js)
        this.info.low_score_wins ? h("p", { class: "hint" }, t("table.low-wins")) : null,
        h(
          "ol",
          { class: "final-totals", "aria-label": t("table.final-scores") },
          order.map(({ total, seat }) =>
            h("li", { class: pub.winners.includes(seat) ? "winner" : "" }, h("span", { class: "name" }, this.seatName(seat)), h("strong", {}, number(total))),
          ),
        ),
        record ? this.#recordLine(record, pub) : null,
        h("div", { class: "final-actions" }, again, h("button", { type: "button", class: "button", onclick: () => this.onMenu() }, t("table.menu"))),
        challengeFirst ? null : challenge,
        pub.score_sheet.length ? h("section", { class: "final-sheet", "aria-label": t("table.score-sheet") }, h("h2", {}, t("table.score-sheet")), pub.score_sheet.map((entry) => this.#summary(entry))) : null,
      ),
    );
    html.dataset.screen = "over";
    this.say.polite(t("table.game-over-said", { headline }));
    window.scrollTo(0, 0);
    if (!reducedMotion()) this.root.querySelector(".final")?.classList.add("arrive");
    again.focus();
  }
}
