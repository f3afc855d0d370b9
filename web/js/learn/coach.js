// The guided first games (docs/FEATURES.md, "Learn to play"): a short fixed deal against computer seats
// whose moves are scripted, with a coach above the table who says what to do and why, marks
// the control to press, kindly keeps back any other move (it is not sent), and at the end
// explains the round's scoring and offers a real game.
//
// The coach's panel stays in sight above the table (sticky on a screen tall enough) and never
// covers what it points at: whenever the step, the panel's height or the window changes, the
// ringed control and the pointed zone are scrolled into view below it; while the computers
// play, the page shows the table from its top (the other seats), and "Skip ahead" plays their
// scripted moves at once instead of at the table's pace. Each step is a few lines on a phone
// (tests/browser/test_learn.py holds the panel to 30% of the window's height at every step).
//
// A lesson (web/js/games/<game-id>/lesson*.js exports `lesson`; the games' registry,
// web/js/games/index.js, lists them):
//   { id, game, area: the catalog area of its words ("learn-nine-virtues"),
//     players, seed, options: engine options, `deal` and `dealer` among them (API.md),
//     title: the key of its name in `area` (default "title"),
//     names: catalog keys of the seat names (the person is seat 0),
//     steps: [...], end: key of the scoring explanation, next: a lesson id to offer after }
// Steps, in the order things happen at the table:
//   { say, next: true, point }       an explanation: the coach's Next button goes on (the
//                                    table waits); `point` marks a zone of the table (a CSS
//                                    selector inside it), scrolled into view below the coach
//   { seat: 0, action, say, other }  the person's move: `action` (engine notation) is marked
//                                    (hint.js's targets: the first press of a two-press move
//                                    until its second is drawn); `other` says why another
//                                    move is not this lesson's
//   { seat, action }                 a computer's move (checked by the engine before it is
//                                    played: a script that is not legal stops with an error)
// The end message gets the round's scores as {score0}..{scoreN}; it is shown above the game's
// own round summary, and the coach's panel says the person's score in a line.
//
// Lessons are never saved: they run in the engine under their own id with a store that keeps
// nothing, so they neither overwrite nor add to the saved games.

import { h } from "../dom.js";
import { t, signed, onLanguageChange, loadWords } from "../i18n.js";
import { hintTargets } from "../table/hint.js";
import { completeSetup } from "../menu/setup.js";
import { Table } from "../table/table.js";
import { rendererFor } from "../table/renderer.js";
import { lessonEntry } from "../games/index.js";
import { refusalText } from "../words/engine-words.js";

export const TARGET_CLASS = "coach-target";
const POINT_CLASS = "coach-point";
const ME = 0;
const html = document.documentElement;

// Nothing of a lesson is kept (see above); the table asks the store only these.
const NO_STORE = { write() {}, claim: async () => true, release() {} };

// The setup of a lesson's game (a fixed seed, so its later shuffles are the same too).
export function lessonSetup(lesson, catalog, speed = "normal") {
  return completeSetup(
    {
      game: lesson.game,
      players: lesson.players,
      seats: Array.from({ length: lesson.players }, (_, seat) => (seat === ME ? "human" : "bot")),
      names: lesson.names.map((key) => t(`learn.${key}`)),
      seed: lesson.seed,
      speed,
      options: lesson.options,
    },
    catalog,
  );
}

// Start lesson `lessonId` in `root` (the page's <main>). -> { close() } for the shell, which
// closes it like a table. callbacks: onMenu(), onRealGame(game), onLesson(id), onCrash(error).
export async function openLesson({ lessonId, root, engine, catalog, speed, onMenu, onRealGame, onLesson, onCrash }) {
  const entry = lessonEntry(lessonId);
  const { lesson } = await entry.load();
  await loadWords(lesson.area); // a lesson's words are a lazy catalog area (i18n.js)
  const renderer = await rendererFor(lesson.game);
  const setup = lessonSetup(lesson, catalog, speed);
  const id = `lesson-${lesson.id}`;
  const reply = await engine.newGame(id, setup);
  if (reply.error) throw new Error(`The lesson ${lesson.id} could not start: ${refusalText(reply.error)}`);
  const host = h("div", { class: "lesson-table", tabindex: "-1" });
  const coach = new Coach({ lesson, engine, id, renderer, onMenu, onRealGame, onLesson });
  // The seats' names are words too: in place, so the table's next repaint says them anew.
  const rename = onLanguageChange(() => lesson.names.forEach((key, seat) => (setup.names[seat] = t(`learn.${key}`))));
  root.replaceChildren(h("div", { class: "lesson", dataset: { lesson: lesson.id } }, coach.panel, host));
  html.dataset.screen = "lesson";
  const table = new Table({ root: host, engine, store: NO_STORE, catalog, renderer, setup, id, coach, onMenu, onPlayAgain: () => onRealGame(lesson.game), onCrash });
  coach.table = table;
  coach.resized.observe(host); // the table's layout settles (its styles, a new round): place anew
  await table.run();
  return {
    close() {
      rename();
      coach.close();
      table.close();
    },
  };
}

class Coach {
  constructor({ lesson, engine, id, renderer, onMenu, onRealGame, onLesson }) {
    Object.assign(this, { lesson, engine, id, renderer, onMenu, onRealGame, onLesson });
    this.steps = lesson.steps;
    this.pos = 0; // the step now
    this.note = null; // [key, values] of a kind refusal, shown until the next step
    this.root = null; // the table's root, as last painted
    this.view = null;
    this.waiter = null; // { seat, resolve } a computer seat waiting for its scripted move
    this.hurry = false; // "Skip ahead" was pressed: the table plays the computers' moves at once
    this.placed = ""; // the step the page was last scrolled for
    this.done = false;
    this.closed = false;
    this.stopMarks = () => {};
    this.shown = "";
    this.focusedFor = ""; // the step (and control) keyboard focus was last brought to
    this.people = this.steps.filter((step) => step.next || step.seat === ME).length + 1; // + the end
    this.say = h("div", { class: "coach-say", id: "coach-say", "aria-live": "polite" });
    this.count = h("p", { class: "coach-count" });
    this.nextButton = h("button", { type: "button", class: "button primary coach-next", "data-control": "coach-next", "aria-describedby": "coach-say", onclick: () => this.#next() });
    this.skipButton = h("button", { type: "button", class: "button coach-skip", "data-control": "coach-skip", "aria-describedby": "coach-say", onclick: () => this.#skip() });
    this.leave = h("button", { type: "button", class: "button quiet coach-leave", "data-control": "coach-leave", onclick: () => this.onMenu() });
    this.title = h("h2", { id: "coach-title" });
    this.actions = h("div", { class: "coach-actions" }, this.nextButton, this.skipButton, this.leave);
    this.panel = h(
      "section",
      { class: "coach", "aria-labelledby": "coach-title", dataset: { state: "wait" } },
      h("div", { class: "coach-head" }, this.title, this.count),
      this.say,
      this.actions,
    );
    this.unlisten = onLanguageChange(() => this.#show(true));
    // The panel's height (a note, a language, a narrower window) or the window's size changes
    // what it would cover: bring the step's targets back into view below it.
    this.resized = new ResizeObserver(() => this.#place(true));
    this.resized.observe(this.panel);
    this.onResize = () => this.#place(true);
    window.addEventListener("resize", this.onResize);
    this.#show();
  }

  close() {
    this.closed = true;
    html.style.removeProperty("--coach-h");
    this.resized.disconnect();
    window.removeEventListener("resize", this.onResize);
    this.stopMarks();
    this.unlisten();
    if (this.waiter) this.waiter.resolve(null); // the table is closed: nothing is played
    this.waiter = null;
  }

  get #step() {
    return this.steps[this.pos] || null;
  }

  #key(name) {
    return `${this.lesson.area}.${name}`;
  }

  // --- the table's hooks (table.js, "COACH OPTION") -------------------------------------

  computerMove(seat) {
    return new Promise((resolve, reject) => {
      this.waiter = { seat, resolve, reject };
      this.#wake();
    });
  }

  async allow(action) {
    const step = this.#step;
    if (step && !step.next && step.seat === ME && step.action === action) {
      this.pos += 1;
      this.hurry = false;
      this.note = null;
      this.view = null; // the move changes the table: the next step waits for its repaint
      this.#show();
      return true;
    }
    this.focusedFor = ""; // after the table is redrawn, focus goes back to the ringed control
    if (step && step.next) this.note = ["learn.first-next"];
    else this.note = ["learn.not-the-lesson", { why: step && step.other ? t(this.#key(step.other)) : "" }];
    this.#show();
    return false;
  }

  painted(root, view) {
    this.root = root;
    this.view = view;
    this.#show();
  }

  async roundOver(entry, ui) {
    this.done = true;
    this.note = null;
    this.stopMarks();
    html.dataset.gameState = "over";
    html.dataset.screen = "lesson-end";
    const values = Object.fromEntries(entry.scores.map((score, seat) => [`score${seat}`, signed(score)]));
    this.endWords = ["learn.end-short", { score: signed(entry.scores[ME]) }];
    const real = h("button", { type: "button", class: `button primary coach-real ${TARGET_CLASS}`, "data-control": "coach-real", onclick: () => this.onRealGame(this.lesson.game) }, t("learn.real-game"));
    const next = this.lesson.next
      ? h("button", { type: "button", class: "button coach-next-lesson", "data-control": "coach-next-lesson", onclick: () => this.onLesson(this.lesson.next) }, t(`learn.next-lesson-${this.lesson.next}`))
      : null;
    const back = h("button", { type: "button", class: "button quiet coach-menu", "data-control": "coach-menu", onclick: () => this.onMenu() }, t("learn.back-to-menu"));
    this.root.replaceChildren(
      h(
        "section",
        { class: "lesson-end", "aria-labelledby": "lesson-end-title" },
        h("h1", { id: "lesson-end-title" }, t("learn.end-title")),
        h("p", { class: "lesson-end-words" }, t(this.#key(this.lesson.end), values)),
        h("div", { class: "lesson-end-actions" }, real, next, back),
        h(
          "section",
          { class: "round-summary", "aria-labelledby": "lesson-sheet-title" },
          h("h2", { id: "lesson-sheet-title", class: "lesson-sheet-title" }, t("learn.summary-title")),
          this.renderer.renderRoundSummary(entry, ui),
        ),
      ),
    );
    this.#show();
    real.focus({ preventScroll: true });
    this.panel.scrollIntoView({ block: "start" });
  }

  // --- steps -----------------------------------------------------------------------------

  #next() {
    const step = this.#step;
    if (!step || !step.next) return;
    this.pos += 1;
    this.note = null;
    this.#show();
    this.#wake();
  }

  // "Skip ahead": the computers' scripted moves up to the person's next step are played at
  // once (the table asks `hurry` for its pace), and the coach's next words say what they did.
  #skip() {
    if (this.panel.dataset.state !== "wait" || this.done) return;
    this.hurry = true;
    this.#show();
  }

  // A computer waits for its move until the script reaches it (explanations come first).
  #wake() {
    const waiter = this.waiter;
    const step = this.#step;
    if (!waiter || !step || step.next || step.seat === ME) {
      if (waiter && !step) this.#broken(`the script ended but seat ${waiter.seat} is to play`);
      return;
    }
    if (step.seat !== waiter.seat) {
      this.#broken(`step ${this.pos} is seat ${step.seat}'s move, but seat ${waiter.seat} is to play`);
      return;
    }
    this.waiter = null;
    this.pos += 1;
    this.engine.check(this.id, step.action).then((reply) => {
      if (reply.error) waiter.reject(new Error(`Lesson ${this.lesson.id}: the computer's "${step.action}" is refused: ${refusalText(reply.error)}`));
      else waiter.resolve(step.action);
    }, waiter.reject);
    this.#show();
  }

  #broken(why) {
    const waiter = this.waiter;
    this.waiter = null;
    if (waiter) waiter.reject(new Error(`Lesson ${this.lesson.id}: ${why}.`));
  }

  // The person's step is theirs to make now: it is their turn and the move is legal.
  #myMoveNow(step) {
    const view = this.view;
    if (!view || view.to_act !== ME || this.root?.querySelector(".table")?.dataset.awaiting !== String(ME)) return false;
    if (!view.legal.includes(step.action)) {
      console.error(`Lesson ${this.lesson.id}: step ${this.pos} ("${step.action}") is not legal now.`);
      return false;
    }
    return true;
  }

  // Word the coach for the step now, and mark what to press. The live region is rewritten
  // only when its words change (a repaint alone says nothing again).
  #show(force = false) {
    if (this.closed) return;
    const step = this.#step;
    let state;
    let words;
    if (this.done) {
      state = "done";
      words = [this.endWords];
    } else if (step && step.next) {
      state = "next";
      words = [[this.#key(step.say)]];
      this.hurry = false;
    } else if (step && step.seat === ME && this.#myMoveNow(step)) {
      state = "do";
      words = [[this.#key(step.say)]];
      this.hurry = false;
    } else {
      state = "wait";
      words = [[this.pos === 0 ? "learn.starting" : "learn.watch"]];
    }
    if (this.note && state !== "done") words.push(this.note);
    const stepNumber = this.done ? this.people : this.steps.slice(0, this.pos + 1).filter((s) => s.next || s.seat === ME).length;
    this.panel.dataset.state = state;
    this.panel.dataset.step = String(this.pos);
    this.title.textContent = t("learn.coach", { lesson: t(this.#key(this.lesson.title || "title")) });
    this.count.textContent = t("learn.step", { n: Math.max(stepNumber, 1), total: this.people });
    this.leave.textContent = t("learn.leave");
    this.leave.setAttribute("aria-label", t("learn.leave-label"));
    this.nextButton.textContent = t("learn.next");
    this.nextButton.hidden = state !== "next";
    this.nextButton.classList.toggle(TARGET_CLASS, state === "next");
    // While the computers play (not while the cards are first dealt): a way on at once.
    const skippable = state === "wait" && this.pos > 0 && !this.hurry;
    if (!skippable && this.skipButton === document.activeElement) this.root?.focus({ preventScroll: true });
    this.skipButton.textContent = t("learn.skip");
    this.skipButton.hidden = !skippable;
    const signature = JSON.stringify([words, state]);
    if (force || signature !== this.shown) {
      this.shown = signature;
      this.say.replaceChildren(
        ...words.map(([key, values], i) => h("p", { class: i === 0 ? "coach-text" : "coach-note" }, t(key, values))),
      );
    }
    html.style.setProperty("--coach-h", `${this.panel.offsetHeight}px`);
    this.#mark(state === "do" ? step.action : null, state === "next" ? step.point : null);
    if (state === "next") this.#bringFocus(this.nextButton, `next ${this.pos}`);
    if (skippable) this.#bringFocus(this.skipButton, `skip ${this.pos}`);
    this.#place();
  }

  // Keep what the step points at in view and out from under the panel: the ringed controls
  // and the pointed zone are scrolled into view below it (their scroll-margin-top is the
  // panel's height, learn.css). While the computers play, the table is shown from its top,
  // where the other seats are. `again`: the panel or the window changed size, so the same
  // step is placed anew.
  #place(again = false) {
    if (this.closed) return;
    html.style.setProperty("--coach-h", `${this.panel.offsetHeight}px`);
    const state = this.panel.dataset.state;
    const key = state === "wait" ? state : `${state} ${this.pos}`; // a wait is placed once, as it begins
    if (!again && key === this.placed) return;
    this.placed = key;
    if (state === "wait" && this.pos > 0) {
      if (!again) window.scrollTo({ top: 0 });
      return;
    }
    const root = this.root;
    if (!root || state === "done") return;
    const shown = [...root.querySelectorAll(`.${TARGET_CLASS}, .${POINT_CLASS}`)].filter((el) => el.getClientRects().length);
    for (const el of shown) el.scrollIntoView({ block: "nearest" });
  }

  // Keyboard focus goes to what the coach asks for, once per step (and once more for the
  // second press of a two-press move), so Enter follows the coach; the control is described
  // by the coach's words (aria-describedby), so a screen reader says why.
  #bringFocus(el, key) {
    if (!el || key === this.focusedFor || el.hidden || !el.isConnected) return;
    this.focusedFor = key;
    el.focus({ preventScroll: true });
    if (!this.panel.contains(el)) el.scrollIntoView({ block: "nearest" }); // the panel is in view
  }

  // Ring the control to press (hint.js's targets), and keep it ringed while the renderer
  // redraws part of the table (the second press of a two-press move).
  #mark(action, point) {
    this.stopMarks();
    this.stopMarks = () => {};
    const root = this.root;
    if (!root || this.done) return;
    const body = root.querySelector(".table-body") || root;
    const mark = () => {
      const targets = action ? hintTargets(body, action) : [];
      for (const el of root.querySelectorAll(`.${TARGET_CLASS}`)) if (!targets.includes(el)) unmark(el);
      for (const el of targets) {
        if (el.classList.contains(TARGET_CLASS)) continue;
        el.classList.add(TARGET_CLASS);
        el.setAttribute("aria-describedby", [el.getAttribute("aria-describedby"), "coach-say"].filter(Boolean).join(" "));
      }
      const zone = point ? root.querySelector(point) : null;
      for (const el of root.querySelectorAll(`.${POINT_CLASS}`)) if (el !== zone) el.classList.remove(POINT_CLASS);
      if (zone && !zone.classList.contains(POINT_CLASS)) {
        zone.classList.add(POINT_CLASS);
        this.#place(true);
      }
      if (targets.length) {
        const press = targets[0];
        this.#bringFocus(press, `do ${this.pos} ${press.dataset.action || press.dataset.swapGive || press.dataset.control || ""}`);
      }
    };
    const unmark = (el) => {
      el.classList.remove(TARGET_CLASS);
      const rest = (el.getAttribute("aria-describedby") || "").split(" ").filter((x) => x && x !== "coach-say");
      if (rest.length) el.setAttribute("aria-describedby", rest.join(" "));
      else el.removeAttribute("aria-describedby");
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    this.stopMarks = () => {
      observer.disconnect();
      for (const el of root.querySelectorAll(`.${TARGET_CLASS}`)) unmark(el);
      for (const el of root.querySelectorAll(`.${POINT_CLASS}`)) el.classList.remove(POINT_CLASS);
    };
  }
}
