// The menu: saved games to continue (when there are any), then the three games, each with a
// picture drawn with its own cards, one line on what it is, and Play; then a game's setup (the
// number of players, who sits in each seat, a person or the computer, each computer's level,
// names, with a short rules summary), save codes and records. It paints from the build's
// catalog before Python has loaded, and every start works at once: a start before the engine
// is ready opens the table dealing (app.js).

import { h } from "../dom.js";
import { gameIds } from "../manifest.js";
import { exportPanel, importForm } from "../saves/savecode.js";
import { completeSetup, defaultName, defaultLevel, cleanName, validSetup, levelName, seatNames, storedName, MAX_NAME_UNITS } from "./setup.js";
import { MANY, PREFIX } from "../saves/storage.js";
import { shown, nameProblem, MAX_NAME, MAX_CLUSTER } from "../words/names.js";
import { t, list, language } from "../i18n.js";
import { firstLessonOf } from "../games/index.js";
import { rulesButton } from "../rules/dialog.js";
import { gameName, roundOf, summaryOf } from "../words/game-name.js";
import { recordBook, recordWords } from "../saves/records.js";
import { keeper } from "../saves/keep.js";
import { cardFace as pairsFace } from "../cards/pairs.js";
import { cardFace as frenchFace } from "../cards/french.js";

const UNDO_MS = 8000; // how long a deleted game can be brought back

// Whether this browser can play on several devices (net/peer.js has the same test): some
// have no WebRTC at all (Debian's WebKitGTK, for one).
const hasWebRTC = () => typeof RTCPeerConnection === "function";
const noRemote = (kind) => (kind === "remote" ? "human" : kind);

// Each game's picture on the menu: three of its own cards, fanned (the tables' card modules
// draw them, so they look as they will at the table). Decorative: the name and the line
// beside it say what the game is.
const PICTURES = {
  "nine-virtues": () => [9, 9, 4].map((rank) => pairsFace(rank, { small: true })),
  "to-the-moon": () => [6, 7, 8].map((rank) => pairsFace(rank, { small: true })),
  quodlibet: () => ["QS", "KH", "AD"].map((code) => frenchFace(code, { small: true })),
};

function gamePicture(id) {
  const cards = Object.hasOwn(PICTURES, id) ? PICTURES[id]() : [];
  return h("div", { class: "game-picture", "aria-hidden": "true", dataset: { cards: String(cards.length) } }, cards);
}

const dateText = (date) => new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(date);

export class Menu {
  // options: { catalog, store, progress (BootProgress), verify(record) (savecode.js's import
  // check), onStart(setup), onContinue(id), onLearn(lessonId) }
  constructor(options) {
    Object.assign(this, options);
    this.ready = false;
    this.state = null;
    // Whether the browser keeps the saves, known a moment after load or changed by an ask or
    // an install (keep.js): the saves' words follow it; an export or "Not now" only changes
    // the keep panel (an open export panel stays open).
    keeper.onChange(() => {
      if (!this.savedList || !this.savedList.isConnected) return; // show() words it afresh
      if (this.keptShown !== keeper.persisted) this.refreshSaved();
      else this.#renderKeep();
    });
  }

  // Paint the menu into `root`, pre-filled from a partial setup (e.g. a bad deep link's
  // valid parts). The order is a card site's: saved games to continue (only when there are
  // any), then the three games, each with a picture of its own cards, one line on what it is,
  // Play and Options; then the setup the Options lead to (seats, names, levels); then import
  // and records. Play, Continue and Start work before the engine is ready (app.js deals the
  // table at once and begins the game the moment it can).
  show(root, prefill = {}, keep = null) {
    const prefs = this.#prefs();
    const remembered = Object.hasOwn(this.catalog, prefs.game) ? prefs.game : gameIds[0]; // own: never "constructor"
    const game = Object.hasOwn(this.catalog, prefill.game) ? prefill.game : remembered;
    this.state = keep || this.#stateFor(game, prefill);
    this.root = root;
    this.savedList = h("div", { class: "saved-list" });
    this.keepBox = h("div", { class: "keep-saves" });
    this.gameList = h("div", { class: "game-list", role: "radiogroup", "aria-labelledby": "game-legend" });
    this.howTo = h("div", { class: "how-to" });
    this.seatRows = h("div", { class: "seat-rows" });
    this.playerSelect = h("select", { id: "players", name: "players", onchange: (e) => this.#setPlayers(Number(e.target.value)) });
    // Sets every computer seat at once; each seat's own picker is in its row.
    this.levelSelect = h("select", { id: "level", name: "level", onchange: (e) => this.#setAllLevels(e.target.value) });
    this.speedBox = h("input", {
      type: "checkbox",
      id: "speed",
      name: "speed",
      onchange: (e) => {
        this.state.speed = e.target.checked ? "instant" : "normal";
        this.#rememberSpeed();
        this.#renderStartWhat();
      },
    });
    // "Play on several devices" (net/host.js): seats may then be "Another device". In a
    // browser without WebRTC it is unavailable: focusable, grey, and pressed it says why
    // beside it (aria-disabled, as the tables' controls that cannot be used now).
    if (!hasWebRTC()) this.state.seats = this.state.seats.map(noRemote);
    this.devices = this.state.seats.includes("remote");
    const devicesWhy = h("p", { class: "hint devices-why", role: "status", "data-devices-why": "" });
    this.devicesBox = h("input", {
      type: "checkbox",
      id: "devices",
      name: "devices",
      "data-control": "devices",
      checked: this.devices,
      "aria-disabled": hasWebRTC() ? null : "true",
      "aria-describedby": hasWebRTC() ? null : "devices-why-text",
      onclick: (e) => {
        if (hasWebRTC()) return;
        e.preventDefault();
        devicesWhy.textContent = t("net.no-webrtc");
      },
      onchange: (e) => {
        this.devices = e.target.checked;
        if (!this.devices) this.state.seats = this.state.seats.map(noRemote);
        this.#renderSeats();
      },
    });
    this.startWhat = h("p", { class: "start-what", id: "start-what" });
    this.startButton = h("button", { type: "submit", class: "button primary start", "aria-describedby": "start-what" }, t("menu.start"));
    this.form = h(
      "form",
      { class: "new-game", id: "setup", "aria-labelledby": "new-title", onsubmit: (e) => this.#submit(e) },
      h("h2", { id: "new-title", tabindex: "-1" }, t("menu.setup-title")),
      h("fieldset", { class: "games" }, h("legend", { id: "game-legend" }, t("menu.game")), this.gameList, this.howTo),
      h(
        "fieldset",
        { class: "seats" },
        h("legend", {}, t("menu.players")),
        h("p", { class: "field" }, h("label", { for: "players" }, t("menu.number-of-players")), this.playerSelect),
        h("p", { class: "hint" }, t("menu.pass-and-play")),
        h(
          "p",
          { class: "field check" },
          this.devicesBox,
          h("label", { for: "devices" }, t("net.devices")),
          hasWebRTC() ? null : h("span", { id: "devices-why-text", class: "visually-hidden" }, t("net.no-webrtc")),
        ),
        devicesWhy,
        this.seatRows,
      ),
      h(
        "fieldset",
        { class: "computer" },
        h("legend", {}, t("menu.computer-players")),
        h("p", { class: "field" }, h("label", { for: "level" }, t("menu.level-all")), this.levelSelect),
        h("p", { class: "hint" }, t("menu.level-hint")),
        h("p", { class: "field check" }, this.speedBox, h("label", { for: "speed" }, t("menu.no-pause"))),
      ),
      h("div", { class: "start-row" }, this.startButton, this.startWhat),
    );
    // Saved games come first, as "Continue", when there are any (refreshSaved shows it).
    this.continueBox = h("section", { class: "saved", "aria-labelledby": "saved-title", hidden: true }, h("h2", { id: "saved-title" }, t("menu.continue-title")), this.savedList);
    this.tiles = h("div", { class: "game-tiles" });
    // After the games: whether the browser keeps saves (while there are none), save codes
    // (which carry a game between devices, or out of an embed: savecode.js) and the records.
    this.laterSaves = h(
      "section",
      { class: "saves-more", "aria-label": t("menu.saved-games") },
      h("details", { class: "import-save" }, h("summary", {}, t("saves.import-title")), importForm({ catalog: this.catalog, store: this.store, verify: this.verify, onImported: () => this.refreshSaved() })),
    );
    root.replaceChildren(
      h(
        "section",
        { class: "menu", "aria-labelledby": "menu-title" },
        // The page's one top heading (the brand above is a link, not a heading).
        h("h1", { class: "visually-hidden", id: "menu-title" }, t("menu.title")),
        this.continueBox,
        h(
          "section",
          { class: "games-first", "aria-labelledby": "games-title" },
          h("div", { class: "games-head" }, h("h2", { id: "games-title" }, t("menu.games")), this.progress.el),
          this.tiles,
        ),
        this.form,
        h("div", { class: "menu-more" }, this.laterSaves, (this.recordsPanel = this.#records())),
        h("p", { class: "embed-link" }, h("a", { href: "embed-builder.html" }, t("menu.embed-link"))),
      ),
    );
    this.#renderTiles();
    this.#renderGames();
    this.#renderPlayers();
    this.refreshSaved();
    this.#holdStarts();
  }

  // The language changed: paint the menu again in its words, keeping every choice made so
  // far (game, seats, names typed) and which rules summaries and panels were open.
  reword() {
    if (!this.root || !this.root.isConnected || !this.state) return;
    const open = [...this.root.querySelectorAll("details")].map((d) => d.open);
    const code = this.root.querySelector("#import-code")?.value || ""; // a save code being pasted
    this.show(this.root, {}, this.state);
    this.root.querySelectorAll("details").forEach((d, i) => (d.open = Boolean(open[i])));
    const field = this.root.querySelector("#import-code");
    if (field) field.value = code;
  }

  // Nothing waits for the engine (a start before it is ready deals the table and begins once
  // it can: app.js). Only an engine that could not start holds every start back: the boot
  // line says why, with Reload.
  setReady(ready) {
    this.ready = ready;
  }

  setBroken() {
    this.broken = true;
    this.#holdStarts();
  }

  #holdStarts() {
    if (!this.broken || !this.root) return;
    for (const button of this.root.querySelectorAll("button.play, button.start, button.continue, button.learn")) button.disabled = true;
  }

  // The three games: a picture drawn with the game's own cards, its name, how many play, one
  // line on what it is, and Play (the game as last set up here, else you against the
  // computers at the usual level), Options (the setup below), Learn and Rules.
  #renderTiles() {
    this.tiles.replaceChildren(
      ...gameIds.map((id) => {
        const info = this.catalog[id];
        const count = t("menu.player-count", { min: info.min_players, max: info.max_players, same: String(info.min_players === info.max_players) });
        const titleId = `tile-${id}`;
        return h(
          "article",
          { class: "game-card", "aria-labelledby": titleId, dataset: { game: id } },
          gamePicture(id),
          h(
            "div",
            { class: "game-text" },
            h("h3", { class: "game-name", id: titleId }, gameName(id)),
            h("p", { class: "game-count" }, count),
            h("p", { class: "game-tagline" }, summaryOf(id).tagline),
          ),
          h(
            "div",
            { class: "game-actions" },
            h("button", { type: "button", class: "button primary play", "data-play": id, "aria-label": this.#playLabel(id), onclick: () => this.#play(id) }, t("menu.play")),
            h("button", { type: "button", class: "button options", "data-options": id, "aria-label": t("menu.options-label", { game: gameName(id) }), "aria-controls": "setup", onclick: () => this.#options(id) }, t("menu.options")),
            h("span", { class: "game-more" }, this.#learnButton(id, info), rulesButton(id)),
          ),
        );
      }),
    );
  }

  // What Play starts, for its name: "Play Nine Virtues: you and 3 computers".
  #playLabel(id) {
    return t("menu.play-label", { game: gameName(id), who: this.#who(this.#stateFor(id, {}).seats) });
  }

  // Play: the game as it was last started here (its seats, names and levels), else the
  // default (you against the computers at the usual level). A new deal each time.
  #play(id) {
    const state = this.#stateFor(id, {});
    const { players, seats, levels, level, speed } = state;
    const names = seats.map((_, seat) => storedName(state.names[seat], seats, seat));
    this.#remember(state);
    this.onStart(completeSetup({ game: id, players, seats, levels, names, level, speed }, this.catalog));
  }

  // Options: the setup below, on this game, in view.
  #options(id) {
    const radio = this.gameList.querySelector(`#game-${id}`);
    if (radio && !radio.checked) {
      radio.checked = true;
      this.#setGame(id);
    }
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.form.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
    radio?.focus({ preventScroll: true });
  }

  // The choices last started with (storage.js readPrefs): the pace for every game, and per
  // game its seats, levels and names. Anything that is not a valid setup is forgotten.
  #prefs() {
    const prefs = this.store && this.store.readPrefs ? this.store.readPrefs() : {};
    return prefs && typeof prefs === "object" ? prefs : {};
  }

  #remembered(game) {
    const prefs = this.#prefs();
    const speed = ["normal", "instant"].includes(prefs.speed) ? { speed: prefs.speed } : {};
    const mine = prefs.games && typeof prefs.games === "object" ? prefs.games[game] : null;
    if (!mine || typeof mine !== "object") return speed;
    const { players, seats, levels, level, names } = mine;
    const partial = { players, seats, levels, level, names };
    const check = completeSetup({ ...partial, game, seed: 1, speed: "normal" }, this.catalog);
    const namesOk = Array.isArray(names) && names.length === seats.length && names.every((n) => typeof n === "string");
    if (!namesOk || !Array.isArray(seats) || !validSetup(check, this.catalog)) return speed;
    return { ...speed, ...partial, names: names.map((n) => cleanName(n)) };
  }

  #remember(state) {
    const prefs = this.#prefs();
    const games = prefs.games && typeof prefs.games === "object" && !Array.isArray(prefs.games) ? { ...prefs.games } : {};
    const { players, seats, levels, level } = state;
    games[state.game] = { players, seats, levels, level, names: seats.map((_, seat) => cleanName(state.names[seat])) };
    this.store.writePrefs({ game: state.game, speed: state.speed, games });
  }

  #rememberSpeed() {
    this.store.writePrefs({ ...this.#prefs(), speed: this.state.speed });
  }

  #stateFor(game, given) {
    const info = this.catalog[game];
    const remembered = this.#remembered(game);
    // A link's own choices win; what it does not say comes from the last game started.
    const prefill = given.seats || given.players ? { ...given, speed: given.speed ?? remembered.speed } : { ...remembered, ...given };
    const setup = completeSetup({ ...prefill, game }, this.catalog);
    return {
      game,
      players: setup.players,
      seats: hasWebRTC() ? setup.seats : setup.seats.map(noRemote),
      levels: setup.levels,
      names: setup.seats.map((_, seat) => {
        const typed = Array.isArray(prefill.names) ? cleanName(prefill.names[seat]) : "";
        return typed || (given.names ? setup.names[seat] : "");
      }),
      level: (info.levels || []).includes(setup.level) ? setup.level : defaultLevel(info),
      speed: setup.speed,
      seed: prefill.seed,
    };
  }

  // The setup's choice of game: one radio per game, by name (the tiles above say the rest),
  // and the chosen game's "How to play" under them.
  #renderGames() {
    this.gameList.replaceChildren(
      ...gameIds.map((id) =>
        h(
          "label",
          { class: "game-choice", for: `game-${id}` },
          h("input", { type: "radio", name: "game", id: `game-${id}`, value: id, checked: id === this.state.game, onchange: () => this.#setGame(id) }),
          h("span", {}, gameName(id)),
        ),
      ),
    );
    this.#renderHowTo();
  }

  #renderHowTo() {
    const id = this.state.game;
    const summary = summaryOf(id);
    const open = Boolean(this.howTo.querySelector("details.rules")?.open);
    this.howTo.replaceChildren(
      summary.text.length
        ? h("details", { class: "rules", open }, h("summary", {}, t("menu.how-to-play", { game: gameName(id) })), h("p", { class: "game-tagline" }, summary.tagline), summary.text.map((p) => h("p", {}, p)))
        : "",
    );
  }

  // "Learn to play": the game's guided first game (learn/coach.js; app.js waits for the engine).
  #learnButton(id, info) {
    const lesson = firstLessonOf(id);
    if (!lesson || !this.onLearn) return null;
    return h(
      "button",
      { type: "button", class: "button quiet learn", "data-learn": lesson.id, "aria-label": t("menu.learn-label", { game: gameName(id) }), onclick: () => this.onLearn(lesson.id) },
      t("menu.learn-short"),
    );
  }

  #setGame(id) {
    const keep = { level: this.state.level, speed: this.state.speed };
    const known = Boolean(this.#remembered(id).seats);
    this.state = this.#stateFor(id, {});
    this.state.speed = keep.speed;
    if (!known && (this.catalog[id].levels || []).includes(keep.level)) this.#setAllLevels(keep.level, false);
    this.#renderHowTo();
    this.#renderPlayers();
  }

  #setAllLevels(level, render = true) {
    this.state.level = level;
    this.state.levels = this.state.seats.map((kind) => (kind === "bot" ? level : null));
    if (render) this.#renderSeats();
  }

  #setPlayers(n) {
    const seats = Array.from({ length: n }, (_, i) => this.state.seats[i] || "bot");
    const names = Array.from({ length: n }, (_, i) => this.state.names[i] || "");
    const levels = seats.map((kind, i) => (kind === "bot" ? this.state.levels[i] || this.state.level : null));
    Object.assign(this.state, { players: n, seats, names, levels });
    this.#renderSeats();
  }

  #renderPlayers() {
    const info = this.catalog[this.state.game];
    const counts = [];
    for (let n = info.min_players; n <= info.max_players; n++) counts.push(n);
    this.playerSelect.replaceChildren(...counts.map((n) => h("option", { value: n, selected: n === this.state.players }, String(n))));
    this.playerSelect.disabled = counts.length === 1;
    this.levelSelect.replaceChildren(...(info.levels || []).map((lv) => h("option", { value: lv, selected: lv === this.state.level }, levelName(lv))));
    this.speedBox.checked = this.state.speed === "instant";
    this.#renderSeats();
  }

  // What Start will start, beside the button: "Quodlibet: you and 3 computers".
  #renderStartWhat() {
    const { game, seats } = this.state;
    this.startWhat.textContent = t("menu.start-what", { game: gameName(game), who: this.#who(seats), instant: String(this.state.speed === "instant") });
  }

  // Who plays, in words: "you and 3 computers".
  #who(seats) {
    const people = seats.filter((kind) => kind === "human").length;
    const remote = seats.filter((kind) => kind === "remote").length;
    const computers = seats.length - people - remote;
    const who = people === 1 ? [t("menu.who-you")] : people ? [t("menu.who-people", { n: people })] : [];
    if (remote) who.push(t("net.who-remote", { n: remote }));
    if (computers) who.push(t("menu.who-computers", { n: computers }));
    return list(who);
  }

  #renderSeats() {
    if (this.startWhat) this.#renderStartWhat();
    const { seats, names, levels } = this.state;
    const known = this.catalog[this.state.game].levels || [];
    this.seatRows.replaceChildren(
      ...seats.map((kind, seat) => {
        const nameId = `seat-name-${seat}`;
        const kindId = `seat-kind-${seat}`;
        const levelId = `seat-level-${seat}`;
        const level =
          kind === "bot"
            ? [
                h("label", { class: "visually-hidden", for: levelId }, t("menu.seat-level", { n: seat + 1 })),
                h(
                  "select",
                  { id: levelId, class: "seat-level", onchange: (e) => (this.state.levels[seat] = e.target.value) },
                  known.map((lv) => h("option", { value: lv, selected: lv === levels[seat] }, levelName(lv))),
                ),
              ]
            : [];
        return h(
          "div",
          { class: `seat-row${kind === "bot" ? " is-computer" : ""}` },
          h("span", { class: "seat-number", "aria-hidden": "true" }, String(seat + 1)),
          h("label", { class: "visually-hidden", for: kindId }, t("menu.seat-kind", { n: seat + 1 })),
          h(
            "select",
            {
              id: kindId,
              onchange: (e) => {
                this.state.seats[seat] = e.target.value;
                this.state.levels[seat] = e.target.value === "bot" ? this.state.level : null;
                this.#renderSeats();
              },
            },
            h("option", { value: "human", selected: kind === "human" }, t("menu.person")),
            h("option", { value: "bot", selected: kind === "bot" }, t("menu.computer")),
            this.devices ? h("option", { value: "remote", selected: kind === "remote" }, t("net.remote-seat")) : null,
          ),
          h("label", { class: "visually-hidden", for: nameId }, t("menu.seat-name", { n: seat + 1 })),
          h("input", {
            id: nameId,
            type: "text",
            maxlength: String(MAX_NAME_UNITS),
            autocomplete: "off",
            value: names[seat] || "",
            placeholder: defaultName(seats, seat),
            "aria-describedby": `${nameId}-problem`,
            oninput: (e) => {
              this.state.names[seat] = e.target.value;
              this.#checkName(seat);
            },
          }),
          ...level,
          h("p", { id: `${nameId}-problem`, class: "seat-name-problem", role: "status" }),
        );
      }),
    );
  }

  // A name the names rule refuses (names.js) is said under its field as it is typed, and
  // holds back the start until it is mended; an empty field takes the seat's own name.
  // Returns whether the name is fine.
  #checkName(seat) {
    const input = this.seatRows.querySelector(`#seat-name-${seat}`);
    const note = this.seatRows.querySelector(`#seat-name-${seat}-problem`);
    if (!input || !note) return true;
    const problem = nameProblem(cleanName(input.value));
    if (problem === null) input.removeAttribute("aria-invalid");
    else input.setAttribute("aria-invalid", "true");
    note.textContent = problem === null ? "" : t(`menu.name-${problem}`, { max: problem === "long" ? MAX_NAME : MAX_CLUSTER });
    return problem === null;
  }

  #submit(event) {
    event.preventDefault();
    const refused = this.state.seats.map((_, seat) => seat).filter((seat) => !this.#checkName(seat));
    if (refused.length) {
      this.seatRows.querySelector(`#seat-name-${refused[0]}`)?.focus();
      return;
    }
    const { game, players, seats, levels, level, speed, seed } = this.state;
    const names = seats.map((_, seat) => storedName(this.state.names[seat], seats, seat));
    this.#remember(this.state);
    this.onStart(completeSetup({ game, players, seats, levels, names, level, speed, seed }, this.catalog));
  }

  // Delete saved games (no confirm: Undo brings them back for a few seconds). `what()`
  // words what was deleted (at render time: the language may change meanwhile).
  #delete(ids, what) {
    const removed = ids.map((id) => [id, this.store.remove(id)]);
    this.undo = { what, removed, until: Date.now() + UNDO_MS };
    clearTimeout(this.undoTimer);
    this.undoTimer = setTimeout(() => {
      this.undo = null;
      this.refreshSaved();
    }, UNDO_MS);
    this.refreshSaved();
    this.savedList.querySelector(".undo-delete")?.focus();
  }

  #undoDelete() {
    const { removed } = this.undo;
    this.undo = null;
    clearTimeout(this.undoTimer);
    for (const [id, text] of removed) this.store.restore(id, text);
    this.refreshSaved();
  }

  #undoBar() {
    if (!this.undo) return null;
    return h(
      "p",
      { class: "undo-bar", role: "status" },
      `${t("saves.deleted", { what: this.undo.what() })} `,
      h("button", { type: "button", class: "button quiet undo-delete", onclick: () => this.#undoDelete() }, t("saves.undo")),
    );
  }

  // With many saved games: offer to clear the finished ones (nothing is ever cleared unasked).
  #clearFinished(entries) {
    const finished = entries.filter((e) => e.record && e.record.over).map((e) => e.id);
    if (entries.length < MANY && this.store.persistent) return null;
    if (!finished.length) return null;
    const n = finished.length;
    return h(
      "p",
      { class: "hint clear-finished" },
      `${t("saves.kept-count", { n: entries.length, kept: String(keeper.kept) })} `,
      h(
        "button",
        { type: "button", class: "button quiet delete-finished", onclick: () => this.#delete(finished, () => t("saves.finished-games", { n })) },
        t("saves.delete-finished", { n }),
      ),
    );
  }

  // This device's records against the computer (records.js), one line per game and level.
  #records() {
    const records = recordBook(this.store, this.catalog).all();
    return h(
      "section",
      { class: "records", "aria-labelledby": "records-title" },
      h("h2", { id: "records-title" }, t("records.title")),
      records.length
        ? h(
            "ul",
            { class: "record-list" },
            records.map((record) =>
              h(
                "li",
                { dataset: { game: record.game, level: record.level } },
                h("strong", {}, t("records.game-level", { game: gameName(record.game), level: record.level })),
                " ",
                h("span", {}, recordWords(record)),
              ),
            ),
          )
        : h("p", { class: "hint" }, t("records.none")),
      h("p", { class: "hint" }, t("records.what-counts")),
    );
  }

  refreshSaved() {
    if (!this.savedList) return;
    if (this.recordsPanel && this.recordsPanel.isConnected) {
      const fresh = this.#records();
      this.recordsPanel.replaceWith(fresh);
      this.recordsPanel = fresh;
    }
    const entries = this.store.list();
    this.keptShown = keeper.persisted;
    this.#renderKeep(entries);
    // "Continue" is there only with something in it (a game, or the Undo of the last one
    // deleted); whether the browser keeps saves is said with the saves, else after the games.
    const any = entries.length > 0 || Boolean(this.undo);
    if (this.continueBox) {
      this.continueBox.hidden = !any;
      if (any) this.continueBox.append(this.keepBox);
      else this.laterSaves.prepend(this.keepBox);
    }
    if (!entries.length) {
      // Once the browser's answer is known, the keep panel says it all in one paragraph.
      const said = keeper.persisted !== null;
      this.savedList.replaceChildren(this.#undoBar() || "");
      if (!said && !any) this.keepBox.replaceChildren(h("p", { class: "hint" }, t("saves.none-yet", { kept: String(keeper.kept) })));
      return;
    }
    this.savedList.replaceChildren(
      this.#undoBar() || "",
      this.#clearFinished(entries) || "",
      h(
        "ul",
        { class: "saves" },
        entries.map((entry) => {
          const remove = h(
            "button",
            {
              type: "button",
              class: "button quiet delete",
              "aria-label": entry.record ? t("saves.delete-label", { title: this.#title(entry.record) }) : t("saves.delete-damaged-label"),
              onclick: () => {
                const record = entry.record;
                this.#delete([entry.id], () => (record ? t("saves.deleted-game", { title: this.#title(record) }) : t("saves.deleted-damaged")));
              },
            },
            t("saves.delete"),
          );
          if (!entry.record) {
            // Said by its key, never as a game: its game may be none of ours (issue 28).
            const where = t("saves.damaged-key", { key: shown(`${PREFIX}save:${entry.id}`, 80) });
            return h("li", { class: "save damaged", dataset: { id: entry.id } }, h("p", {}, h("strong", {}, `${t("saves.damaged")} `), entry.error, " ", where), h("div", { class: "save-actions" }, remove));
          }
          const r = entry.record;
          const cont = h(
            "button",
            {
              type: "button",
              class: "button continue",
              disabled: Boolean(this.broken),
              "aria-label": t("saves.continue-label", { over: String(r.over), title: this.#title(r) }),
              onclick: () => this.onContinue(entry.id),
            },
            t("saves.continue", { over: String(r.over) }),
          );
          const share = h(
            "button",
            {
              type: "button",
              class: "button quiet export",
              "aria-expanded": "false",
              "aria-label": t("saves.export-label", { title: this.#title(r) }),
              onclick: (event) => {
                const item = event.currentTarget.closest("li");
                const open = item.querySelector(".save-export");
                event.currentTarget.setAttribute("aria-expanded", String(!open));
                if (open) open.remove();
                else item.append(exportPanel({ ...r, id: entry.id }, this.catalog));
              },
            },
            t("saves.export"),
          );
          const date = Date.parse(r.updated);
          return h(
            "li",
            { class: "save", dataset: { id: entry.id } },
            h(
              "p",
              {},
              h("strong", {}, gameName(r.setup.game)),
              ` \u00b7 ${roundOf(r)} \u00b7 ${list(seatNames(r.setup))}`,
              h("br"),
              h("small", {}, Number.isNaN(date) ? "" : t("saves.saved-at", { when: dateText(new Date(date)) })),
            ),
            h("div", { class: "save-actions" }, cont, share, remove),
          );
        }),
      ),
    );
  }

  // Whether this browser keeps the saves (keep.js), said plainly. Where it does not: the
  // caveat as the summary of the ways to keep them (the Home Screen, with an Install button
  // where the browser offers one; export), and a quiet reminder, put off with "Not now", of
  // unfinished games and records that no save code ever carried.
  #renderKeep(entries = null) {
    if (!this.keepBox) return;
    if (keeper.persisted === null) {
      this.keepBox.replaceChildren(); // not known yet (a moment after load)
      return;
    }
    entries ??= this.store.list();
    if (keeper.kept) {
      this.keepBox.replaceChildren(h("p", { class: "hint keep-status", dataset: { kept: "yes" } }, t(entries.length ? "saves.keep-yes" : "saves.keep-yes-none")));
      return;
    }
    const wasOpen = Boolean(this.keepBox.querySelector("details.keep-how")?.open);
    const home = keeper.installed
      ? []
      : [
          h("p", {}, t("saves.keep-home")),
          keeper.installPrompt ? h("p", {}, h("button", { type: "button", class: "button keep-install", onclick: () => keeper.install() }, t("saves.keep-install"))) : "",
          h("p", {}, t("saves.keep-home-move")),
        ];
    this.keepBox.replaceChildren(
      h(
        "details",
        { class: "keep-how", open: wasOpen, dataset: { kept: "no" } },
        h("summary", {}, h("span", { class: "keep-status" }, t(entries.length ? "saves.keep-no" : "saves.keep-no-none")), " ", h("span", { class: "keep-more" }, t("saves.keep-how"))),
        ...home,
        h("p", {}, t("saves.keep-export")),
      ),
      this.#reminder(entries),
    );
  }

  #reminder(entries) {
    if (keeper.quiet) return "";
    const open = entries.filter((e) => e.record && !e.record.over && e.record.setup.seats.includes("human") && !keeper.wasExported(e.id));
    const records = keeper.unexportedRecords(recordBook(this.store, this.catalog).all());
    // Any save code carries the records: without an unfinished game, the newest save does.
    const target = open[0] || (records.length ? entries.find((e) => e.record) : null);
    if (!target) return "";
    const what = [];
    if (open.length) what.push(t("saves.keep-remind-games", { n: open.length, game: gameName(open[0].record.setup.game) }));
    if (records.length) what.push(t("saves.keep-remind-records"));
    return h(
      "p",
      { class: "hint keep-reminder" },
      `${t("saves.keep-remind", { what: list(what) })} `,
      h(
        "span",
        { class: "keep-reminder-actions" },
        h("button", { type: "button", class: "button quiet keep-export", onclick: () => this.#openExport(target.id) }, t("saves.keep-export-now")),
        h("button", { type: "button", class: "button quiet keep-later", onclick: () => keeper.putOff() }, t("saves.keep-later")),
      ),
    );
  }

  // The reminder's Export: that game's own export panel, opened and in view.
  #openExport(id) {
    const item = [...this.savedList.querySelectorAll("li.save")].find((li) => li.dataset.id === id);
    if (!item) return;
    if (!item.querySelector(".save-export")) item.querySelector("button.export")?.click();
    item.scrollIntoView({ block: "nearest" });
    item.querySelector(".save-code")?.focus();
  }

  #title(record) {
    return t("saves.game-with", { game: gameName(record.setup.game), names: list(seatNames(record.setup)) });
  }
}
