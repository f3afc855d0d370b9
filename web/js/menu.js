// The menu: pick a game (with a short rules summary), the number of players, who sits in
// each seat (a person or the computer, and each computer's level), names; continue or delete
// saved games. It paints from the build's catalog before Python has loaded; Start and
// Continue work once the engine is ready.

import { h, listText } from "./dom.js";
import { gameIds } from "./manifest.js";
import { summaryOf } from "./summaries.js";
import { exportPanel, importForm } from "./savecode.js";
import { completeSetup, defaultName, defaultLevel, cleanName, validSetup, MAX_NAME } from "./setup.js";
import { MANY } from "./storage.js";
import { t } from "./i18n.js";
import { firstLessonOf } from "./learn-lessons.js";
import { rulesButton } from "./rules.js";

const UNDO_MS = 8000; // how long a deleted game can be brought back

const LEVEL_NAMES = { easy: "Easy", normal: "Normal", hard: "Hard" };
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export class Menu {
  // options: { catalog, store, progress (BootProgress), verify(record) (savecode.js's import
  // check), onStart(setup), onContinue(id), onLearn(lessonId) }
  constructor(options) {
    Object.assign(this, options);
    this.ready = false;
    this.state = null;
  }

  // Paint the menu into `root`, pre-filled from a partial setup (e.g. a bad deep link's
  // valid parts).
  show(root, prefill = {}) {
    const prefs = this.#prefs();
    const remembered = this.catalog[prefs.game] ? prefs.game : gameIds[0];
    const game = this.catalog[prefill.game] ? prefill.game : remembered;
    this.state = this.#stateFor(game, prefill);
    this.root = root;
    this.savedList = h("div", { class: "saved-list" });
    this.gameList = h("div", { class: "game-list" });
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
    this.startHint = h("p", { class: "hint", id: "start-hint" });
    this.startWhat = h("p", { class: "start-what", id: "start-what" });
    this.startButton = h("button", { type: "submit", class: "button primary start", "aria-describedby": "start-what start-hint" }, "Start the game");
    const form = h(
      "form",
      { class: "new-game", "aria-labelledby": "new-title", onsubmit: (e) => this.#submit(e) },
      h("h2", { id: "new-title" }, "New game"),
      h("fieldset", { class: "games" }, h("legend", {}, "Game"), this.gameList),
      h(
        "fieldset",
        { class: "seats" },
        h("legend", {}, "Players"),
        h("p", { class: "field" }, h("label", { for: "players" }, "Number of players"), this.playerSelect),
        h("p", { class: "hint" }, "Pass-and-play: give several seats to people and pass the device round; the computer plays the others."),
        this.seatRows,
      ),
      h(
        "fieldset",
        { class: "computer" },
        h("legend", {}, "Computer players"),
        h("p", { class: "field" }, h("label", { for: "level" }, "Level of every computer"), this.levelSelect),
        h("p", { class: "hint" }, "Hard thinks ahead (about a second a move); each computer seat can have its own level."),
        h("p", { class: "field check" }, this.speedBox, h("label", { for: "speed" }, "No pause between computer moves")),
      ),
      h("div", { class: "start-row" }, this.startButton, this.startWhat, this.startHint),
    );
    root.replaceChildren(
      h(
        "section",
        { class: "menu", "aria-labelledby": "menu-title" },
        // The page's one top heading (the brand above is a link, not a heading).
        h("h1", { class: "visually-hidden", id: "menu-title" }, "Parlour: choose a card game"),
        this.progress.el,
        h(
          "section",
          { class: "saved", "aria-labelledby": "saved-title" },
          h("h2", { id: "saved-title" }, "Saved games"),
          this.savedList,
          // Save codes carry a game between devices, or out of an embed (savecode.js).
          h("details", { class: "import-save" }, h("summary", {}, "Import a saved game"), importForm({ catalog: this.catalog, store: this.store, verify: this.verify, onImported: () => this.refreshSaved() })),
        ),
        form,
        h("p", { class: "embed-link" }, h("a", { href: "embed-builder.html" }, "Embed a game in your own page or article")),
      ),
    );
    this.#renderGames();
    this.#renderPlayers();
    this.refreshSaved();
    this.setReady(this.ready);
  }

  setReady(ready) {
    this.ready = ready;
    if (!this.startButton) return;
    this.startButton.disabled = !ready;
    this.startHint.textContent = ready ? "" : "You can start as soon as the game engine has loaded.";
    for (const button of this.root.querySelectorAll("button.continue")) button.disabled = !ready;
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
      seats: setup.seats,
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

  #renderGames() {
    this.gameList.replaceChildren(
      ...gameIds.map((id) => {
        const info = this.catalog[id];
        const summary = summaryOf(id);
        const count = info.min_players === info.max_players ? `${info.min_players} players` : `${info.min_players}\u2013${info.max_players} players`;
        const radio = h("input", {
          type: "radio",
          name: "game",
          id: `game-${id}`,
          value: id,
          checked: id === this.state.game,
          onchange: () => this.#setGame(id),
        });
        return h(
          "div",
          { class: "game-card" },
          radio,
          h("label", { for: `game-${id}` }, h("span", { class: "game-name" }, info.name), h("span", { class: "game-count" }, count), h("span", { class: "game-tagline" }, summary.tagline)),
          h("details", { class: "rules" }, h("summary", {}, `How to play ${info.name}`), summary.text.map((p) => h("p", {}, p))),
          this.#learnButton(id, info),
          rulesButton(id),
        );
      }),
    );
  }

  // "Learn to play": the game's guided first game (learn.js; app.js waits for the engine).
  #learnButton(id, info) {
    const lesson = firstLessonOf(id);
    if (!lesson || !this.onLearn) return null;
    return h(
      "button",
      { type: "button", class: "button quiet learn", "data-learn": lesson.id, "aria-label": t("learn.menu-button-label", { game: t(`learn-${id}.title`) }), onclick: () => this.onLearn(lesson.id) },
      t("learn.menu-button"),
    );
  }

  #setGame(id) {
    const keep = { level: this.state.level, speed: this.state.speed };
    const known = Boolean(this.#remembered(id).seats);
    this.state = this.#stateFor(id, {});
    this.state.speed = keep.speed;
    if (!known && (this.catalog[id].levels || []).includes(keep.level)) this.#setAllLevels(keep.level, false);
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
    this.levelSelect.replaceChildren(...(info.levels || []).map((lv) => h("option", { value: lv, selected: lv === this.state.level }, LEVEL_NAMES[lv] || lv)));
    this.speedBox.checked = this.state.speed === "instant";
    this.#renderSeats();
  }

  // What Start will start, beside the button: "Quodlibet: you and 3 computers".
  #renderStartWhat() {
    const { game, seats } = this.state;
    const people = seats.filter((kind) => kind === "human").length;
    const computers = seats.length - people;
    const who = people === 1 ? ["you"] : people ? [`${people} people`] : [];
    if (computers) who.push(`${computers} ${computers === 1 ? "computer" : "computers"}`);
    const pace = this.state.speed === "instant" ? ", no pause" : "";
    this.startWhat.textContent = `${this.catalog[game].name}: ${listText(who)}${pace}`;
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
                h("label", { class: "visually-hidden", for: levelId }, `Seat ${seat + 1}: computer level`),
                h(
                  "select",
                  { id: levelId, class: "seat-level", onchange: (e) => (this.state.levels[seat] = e.target.value) },
                  known.map((lv) => h("option", { value: lv, selected: lv === levels[seat] }, LEVEL_NAMES[lv] || lv)),
                ),
              ]
            : [];
        return h(
          "div",
          { class: `seat-row${kind === "bot" ? " is-computer" : ""}` },
          h("span", { class: "seat-number", "aria-hidden": "true" }, String(seat + 1)),
          h("label", { class: "visually-hidden", for: kindId }, `Seat ${seat + 1}: who plays`),
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
            h("option", { value: "human", selected: kind === "human" }, "Person"),
            h("option", { value: "bot", selected: kind === "bot" }, "Computer"),
          ),
          h("label", { class: "visually-hidden", for: nameId }, `Seat ${seat + 1}: name`),
          h("input", {
            id: nameId,
            type: "text",
            maxlength: String(MAX_NAME),
            autocomplete: "off",
            value: names[seat] || "",
            placeholder: defaultName(seats, seat),
            oninput: (e) => (this.state.names[seat] = e.target.value),
          }),
          ...level,
        );
      }),
    );
  }

  #submit(event) {
    event.preventDefault();
    if (!this.ready) return;
    const { game, players, seats, levels, level, speed, seed } = this.state;
    const names = seats.map((_, seat) => cleanName(this.state.names[seat]) || defaultName(seats, seat));
    this.#remember(this.state);
    this.onStart(completeSetup({ game, players, seats, levels, names, level, speed, seed }, this.catalog));
  }

  // Delete saved games (no confirm: Undo brings them back for a few seconds).
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
      `Deleted ${this.undo.what}. `,
      h("button", { type: "button", class: "button quiet undo-delete", onclick: () => this.#undoDelete() }, "Undo"),
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
      `${entries.length} saved games are kept on this device. `,
      h(
        "button",
        { type: "button", class: "button quiet delete-finished", onclick: () => this.#delete(finished, `${n} finished game${n === 1 ? "" : "s"}`) },
        `Delete the ${n} finished one${n === 1 ? "" : "s"}`,
      ),
    );
  }

  refreshSaved() {
    if (!this.savedList) return;
    const entries = this.store.list();
    if (!entries.length) {
      this.savedList.replaceChildren(
        this.#undoBar() || "",
        h("p", { class: "hint" }, "No saved games yet. Every move is saved on this device as you play."),
      );
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
              "aria-label": entry.record ? `Delete the saved ${this.#title(entry.record)}` : "Delete this damaged save",
              onclick: () => this.#delete([entry.id], entry.record ? `the ${this.#title(entry.record)}` : "the damaged save"),
            },
            "Delete",
          );
          if (!entry.record) {
            return h("li", { class: "save damaged", dataset: { id: entry.id } }, h("p", {}, h("strong", {}, "Damaged save. "), entry.error), h("div", { class: "save-actions" }, remove));
          }
          const r = entry.record;
          const cont = h(
            "button",
            {
              type: "button",
              class: "button continue",
              disabled: !this.ready,
              "aria-label": `${r.over ? "Show" : "Continue"} ${this.#title(r)}`,
              onclick: () => this.onContinue(entry.id),
            },
            r.over ? "Show" : "Continue",
          );
          const share = h(
            "button",
            {
              type: "button",
              class: "button quiet export",
              "aria-expanded": "false",
              "aria-label": `Export ${this.#title(r)} as a save code`,
              onclick: (event) => {
                const item = event.currentTarget.closest("li");
                const open = item.querySelector(".save-export");
                event.currentTarget.setAttribute("aria-expanded", String(!open));
                if (open) open.remove();
                else item.append(exportPanel({ ...r, id: entry.id }, this.catalog));
              },
            },
            "Export",
          );
          const date = Date.parse(r.updated);
          return h(
            "li",
            { class: "save", dataset: { id: entry.id } },
            h(
              "p",
              {},
              h("strong", {}, this.catalog[r.setup.game].name),
              ` \u00b7 ${r.over ? "finished" : `${summaryOf(r.setup.game).roundWord} ${r.round}`} \u00b7 ${listText(r.setup.names)}`,
              h("br"),
              h("small", {}, Number.isNaN(date) ? "" : `Saved ${dateFormat.format(new Date(date))}`),
            ),
            h("div", { class: "save-actions" }, cont, share, remove),
          );
        }),
      ),
    );
  }

  #title(record) {
    const name = this.catalog[record.setup.game].name;
    return `${name} game with ${listText(record.setup.names)}`;
  }
}
