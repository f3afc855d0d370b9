// The embed once the reader has pressed Play (loaded by embed.js, never before): the table's
// styles, Python in its worker, and the same table shell as the full site, with compact
// chrome around it: a bar with "Moves", the save code and "Open full screen", which carries a
// game in progress to the full site in its link (savecode.js).
//
// While a game is on, the frame keeps the height it was given (embed.js reports it and nothing
// more), so the host's article never moves as moves are made: the table's log, which grows
// with every move, is not drawn in the page (embed.css) but behind the bar's "Moves" button,
// a dialog that shows the log as the table last drew it and follows it while open.
//
// Where the browser blocks storage in this frame, saves live in memory with a notice (as on
// the full site); where it blocks IndexedDB too, PyScript cannot start (STACK.md), so the
// frame says so and links to the game in a new tab instead of trying.

import { h } from "../dom.js";
import { manifest } from "../manifest.js";
import { Engine } from "../engine.js";
import { BootProgress } from "../progress.js";
import { SaveStore, newId } from "../saves/storage.js";
import { Table } from "../table/table.js";
import { rendererFor } from "../table/renderer.js";
import { deepLink, newSeed } from "../menu/setup.js";
import { checkWithEngine, encodeSave, exportPanel } from "../saves/savecode.js";
import { otherTabPanel } from "../saves/game-lock.js";
import { t } from "../i18n.js";
import { refusalText } from "../words/engine-words.js";

const html = document.documentElement;

// The table's styles (inert in embed.html's <template> until now), before embed.css so the
// embed's overrides win. Resolves when they have loaded (or failed: the page still works).
function loadStyles() {
  const template = document.getElementById("play-styles");
  const ours = document.querySelector('link[href$="css/embed.css"]');
  if (!template || !ours) return Promise.resolve();
  const links = [...template.content.querySelectorAll("link")].map((link) => link.cloneNode());
  template.remove();
  const loaded = links.map(
    (link) =>
      new Promise((resolve) => {
        link.addEventListener("load", resolve);
        link.addEventListener("error", resolve);
      }),
  );
  ours.before(...links);
  return Promise.all(loaded);
}

// What index.html says to PyScript in its body, added before PyScript loads: skip the
// editor, terminal and game plug-ins this site never uses (one block per interpreter type).
function pyConfig() {
  const plugins = JSON.stringify({ plugins: ["!codemirror", "!donkey", "!py-editor", "!py-game", "!py-terminal"] });
  for (const tag of ["py-config", "mpy-config"]) {
    if (!document.querySelector(tag)) document.body.append(h(tag, { type: "json", hidden: true }, plugins));
  }
}

// PyScript keeps its state in IndexedDB and cannot boot without it.
function indexedDbWorks() {
  return new Promise((resolve) => {
    let request;
    try {
      request = indexedDB.open("parlour-probe");
    } catch {
      resolve(false);
      return;
    }
    request.onsuccess = () => {
      request.result.close();
      try {
        indexedDB.deleteDatabase("parlour-probe");
      } catch {
        // Nothing to tidy.
      }
      resolve(true);
    };
    request.onerror = (event) => {
      event.preventDefault();
      resolve(false);
    };
    request.onblocked = () => resolve(true);
  });
}

export class EmbedPlayer {
  // options: { main, catalog, notice(words, opts), fullSiteLink(search, hash), onCover() }
  constructor(options) {
    Object.assign(this, options);
    this.ready = false;
    this.engine = null;
    this.table = null;
    this.current = null; // { id, setup } of the game on the table
    this.store = new SaveStore({
      catalog: this.catalog,
      onNotice: (words) => this.notice(words, { kind: "warning", sticky: true }),
      onLost: (id) => {
        if (this.current && this.current.id === id) this.#showOtherTab(id);
      },
    });
    // Every save refreshes the "Open full screen" link with the game's code.
    const write = this.store.write.bind(this.store);
    this.store.write = (fields) => {
      const kept = write(fields);
      if (this.current && fields.id === this.current.id) this.#refreshLinks();
      return kept;
    };
    this.bar = null;
    this.moves = null; // the "Moves" dialog, once made
  }

  // The table's styles, loaded once.
  styles() {
    this.stylesLoaded ??= loadStyles();
    return this.stylesLoaded;
  }

  lastUnfinished(gameId) {
    const open = this.store.list().filter((e) => e.record && !e.record.over && e.record.setup.game === gameId);
    return open.length ? { id: open[0].id, ...open[0].record } : null;
  }

  // Load the table's styles and boot Python, with a progress bar on the cover.
  // -> true when the engine is ready; else the frame shows why and links to a new tab.
  async boot() {
    html.dataset.engine = "loading";
    const progress = new BootProgress();
    const cover = this.main.querySelector(".cover") || this.main;
    cover.querySelectorAll("button").forEach((button) => (button.disabled = true));
    cover.prepend(progress.el);
    const styles = this.styles();
    if (!(await indexedDbWorks())) {
      this.#cannotRun(t("embed.no-indexeddb"));
      return false;
    }
    pyConfig();
    try {
      this.engine = await Engine.boot(manifest, (stage, fraction) => progress.update(stage, fraction));
    } catch (error) {
      console.error(error);
      this.#cannotRun(t("embed.no-engine"));
      return false;
    }
    await styles;
    html.dataset.engine = "ready";
    this.ready = true;
    return true;
  }

  #cannotRun(reason) {
    html.dataset.engine = "error";
    window.parlourCannotRun(reason, this.fullSiteLink());
  }

  async startNew(setup) {
    const id = newId();
    const reply = await this.engine.newGame(id, setup);
    if (reply.error) {
      this.notice(t("notices.could-not-start", { why: refusalText(reply.error) }), { kind: "error" });
      this.onCover();
      return;
    }
    await this.#openTable(id, setup);
  }

  // An import's check: the engine loads the whole game first (booting it if need be).
  async verify(record) {
    if (!this.ready && !(await this.boot())) return { error: t("embed.no-engine-check") };
    return checkWithEngine(this.engine, record);
  }

  async continueSaved(id) {
    const read = this.store.read(id);
    let error = read.error;
    if (!error) {
      const reply = await this.engine.load(id, read.record.engine);
      const { setup } = read.record;
      if (!reply.error && reply.game === setup.game && reply.players === setup.players) {
        await this.#openTable(id, setup);
        return;
      }
      error = reply.error ? t("saves.cannot-continue", { why: refusalText(reply.error) }) : t("saves.moves-not-its-game");
    }
    this.onCover();
    this.notice(error, { kind: "warning" });
  }

  async #openTable(id, setup) {
    const renderer = await rendererFor(setup.game);
    if ((!this.current || this.current.id !== id) && !(await this.store.claim(id))) {
      this.#showOtherTab(id);
      return;
    }
    if (this.table) this.table.close();
    if (this.current && this.current.id !== id) this.store.release(this.current.id);
    this.current = { id, setup };
    this.#showBar();
    this.table = new Table({
      root: this.main,
      engine: this.engine,
      store: this.store,
      catalog: this.catalog,
      renderer,
      setup,
      id,
      onMenu: () => this.#leave(),
      onPlayAgain: () => this.startNew({ ...setup, seed: newSeed(), challenge: undefined }), // a new deal is no challenge
      onCrash: (error) => this.#crash(error),
    });
    await this.table.run();
  }

  // The game is open in another tab or window of this site (or that one just took it over).
  #showOtherTab(id) {
    if (this.table) this.table.close();
    this.table = null;
    if (this.current) this.store.release(this.current.id);
    this.current = null;
    if (this.bar) this.bar.hidden = true;
    this.engine.drop(id).catch(() => {});
    html.dataset.gameState = "none";
    this.main.replaceChildren(
      otherTabPanel({
        onTakeOver: async () => {
          if (await this.store.claim(id, { steal: true })) await this.continueSaved(id);
        },
        onBack: () => this.onCover(),
      }),
    );
  }

  #leave() {
    if (this.moves?.dialog.open) this.moves.dialog.close();
    if (this.table) this.table.close();
    this.table = null;
    if (this.current) this.store.release(this.current.id);
    this.current = null;
    if (this.bar) this.bar.hidden = true;
    this.onCover();
  }

  #crash(error) {
    console.error(error);
    html.dataset.engine = "error";
    this.notice(t("embed.crash"), {
      kind: "error",
      link: { href: this.fullLink?.href || this.fullSiteLink(), text: `${t("embed.continue-new-tab")} \u2197` },
    });
  }

  // --- the bar above the table --------------------------------------------------------------

  #showBar() {
    if (!this.bar) {
      this.fullLink = h(
        "a",
        { class: "button quiet full-screen", href: this.fullSiteLink(), target: "_blank", rel: "noopener", title: t("embed.full-screen-title") },
        `${t("embed.full-screen")} \u2197`,
      );
      this.codeButton = h("button", { type: "button", class: "button quiet save-code-button", "aria-expanded": "false" }, t("saves.code"));
      this.codeArea = h("div", { class: "embed-code", hidden: true });
      this.codeButton.addEventListener("click", () => this.#toggleCode());
      this.movesButton = h(
        "button",
        { type: "button", class: "button quiet moves-button", "data-control": "moves", "aria-haspopup": "dialog", "aria-controls": "moves-dialog", onclick: () => this.#openMoves() },
        t("embed.moves"),
      );
      this.bar = h(
        "div",
        { class: "embed-bar" },
        h("a", { class: "embed-brand", href: this.fullSiteLink(""), target: "_blank", rel: "noopener" }, "Parlour"),
        h("span", { class: "embed-bar-actions" }, this.movesButton, this.codeButton, this.fullLink),
      );
      // The frame's banner landmark, so no content sits outside a landmark (axe's region).
      this.main.before(h("header", { class: "embed-head" }, this.bar, this.codeArea));
    }
    this.bar.hidden = false;
    this.codeArea.hidden = true;
    this.codeButton.setAttribute("aria-expanded", "false");
    this.fullLink.href = this.fullSiteLink(deepLink(this.current.setup).toString());
  }

  // --- "Moves": the table's log in a dialog ------------------------------------------------------

  // A modal <dialog> (Escape and its Close button close it; focus goes back to "Moves"),
  // holding a copy of the log the table drew last (its ids dropped), refreshed while it is
  // open as the table redraws, scrolled to the latest move.
  #openMoves() {
    if (!this.moves) {
      const close = h("button", { type: "button", class: "button moves-close", "data-control": "moves-close" }, t("embed.moves-close"));
      this.moves = {
        dialog: h(
          "dialog",
          { id: "moves-dialog", class: "moves-dialog", "aria-labelledby": "moves-title" },
          h("div", { class: "moves-head" }, h("h2", { id: "moves-title" }, t("embed.moves")), close),
          h("p", { class: "moves-round" }),
          h("div", { class: "moves-list", tabindex: "0", role: "region", "aria-labelledby": "moves-title" }), // it scrolls: by keyboard too
        ),
        watch: new MutationObserver(() => this.#fillMoves()),
      };
      close.addEventListener("click", () => this.moves.dialog.close());
      this.moves.dialog.addEventListener("close", () => {
        this.moves.watch.disconnect();
        this.movesButton.focus({ preventScroll: true });
      });
      this.main.after(this.moves.dialog);
    }
    this.#fillMoves();
    this.moves.dialog.showModal();
    this.moves.watch.observe(this.main, { childList: true, subtree: true });
    const list = this.moves.dialog.querySelector(".moves-list");
    list.scrollTop = list.scrollHeight;
  }

  #fillMoves() {
    const { dialog } = this.moves;
    const log = this.main.querySelector(".table .log");
    dialog.querySelector("#moves-title").textContent = t("embed.moves");
    dialog.querySelector(".moves-close").textContent = t("embed.moves-close");
    dialog.querySelector(".moves-round").textContent = log?.querySelector("h2")?.textContent || "";
    const body = log ? [...log.children].filter((el) => el.tagName !== "H2").map((el) => el.cloneNode(true)) : [];
    for (const el of body) {
      el.removeAttribute("id");
      el.removeAttribute("tabindex");
      el.removeAttribute("aria-labelledby");
    }
    const list = dialog.querySelector(".moves-list");
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 2;
    list.replaceChildren(...body);
    if (atEnd) list.scrollTop = list.scrollHeight;
  }

  #toggleCode() {
    const open = this.codeArea.hidden;
    this.codeArea.hidden = !open;
    this.codeButton.setAttribute("aria-expanded", String(open));
    if (!open || !this.current) return;
    const { record, error } = this.store.read(this.current.id);
    this.codeArea.replaceChildren(record ? exportPanel({ id: this.current.id, ...record }, this.catalog) : h("p", { class: "hint" }, error));
  }

  // After each save: the full-screen link carries the game (a code in its #fragment, which
  // never reaches a server), and an open code panel shows the latest code.
  async #refreshLinks() {
    const { id, setup } = this.current;
    const { record } = this.store.read(id);
    if (!record) return;
    const code = await encodeSave({ id, ...record });
    if (!this.current || this.current.id !== id) return;
    this.fullLink.href = this.fullSiteLink(deepLink(setup).toString(), `import=${code}`);
    this.fullLink.dataset.carries = id;
    if (!this.codeArea.hidden) {
      this.codeArea.replaceChildren(exportPanel({ id, ...record }, this.catalog));
    }
  }
}
