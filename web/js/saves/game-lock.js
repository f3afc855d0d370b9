// One game, one writer: a tab (or an embed on this origin) that plays a saved game holds the
// Web Lock `parlour:game:<id>` for as long as the game is on its table. Another tab that
// opens the same game finds the lock taken and says so ("this game is open in another tab")
// instead of playing on from an older state; its "Continue here" steals the lock, which
// tells the first tab (its lock request rejects) to stop saving that game.
// Where the browser has no Web Locks every claim succeeds, and the store's own rule (a save
// never replaces a longer history of the same game) still keeps the longer game.

import { h } from "../dom.js";
import { t } from "../i18n.js";

const lockName = (id) => `parlour:game:${id}`;

export class GameLocks {
  // onLost(id): another tab took the game over; this tab must stop writing it.
  constructor({ onLost } = {}) {
    this.onLost = onLost || (() => {});
    this.held = new Map(); // id -> release()
    this.supported = typeof navigator !== "undefined" && !!navigator.locks;
  }

  holds(id) {
    return !this.supported || this.held.has(id);
  }

  // -> true when this tab now holds the game (`steal`: take it from another tab).
  claim(id, { steal = false } = {}) {
    if (!this.supported || this.held.has(id)) return Promise.resolve(true);
    return new Promise((resolve) => {
      let release = null;
      const holding = new Promise((done) => (release = done));
      const options = steal ? { steal: true } : { ifAvailable: true };
      navigator.locks
        .request(lockName(id), options, (lock) => {
          if (!lock) {
            resolve(false);
            return undefined;
          }
          this.held.set(id, release);
          resolve(true);
          return holding;
        })
        .catch(() => {
          // Stolen by another tab ("Continue here" there).
          if (this.held.get(id) === release) {
            this.held.delete(id);
            this.onLost(id);
          }
          resolve(false);
        });
    });
  }

  release(id) {
    const release = this.held.get(id);
    if (!release) return;
    this.held.delete(id);
    release();
  }
}

// What a tab shows instead of a game another tab (or window, or embed) has open.
export function otherTabPanel({ onTakeOver, onBack }) {
  const here = h("button", { type: "button", class: "button primary continue-here" }, t("notices.other-tab-here"));
  here.addEventListener("click", () => {
    here.disabled = true;
    onTakeOver();
  });
  return h(
    "section",
    { class: "other-tab", "aria-labelledby": "other-tab-title" },
    h("h2", { id: "other-tab-title" }, t("notices.other-tab-title")),
    h("p", {}, t("notices.other-tab-why")),
    h("div", { class: "other-tab-actions" }, here, h("button", { type: "button", class: "button quiet", onclick: onBack }, t("notices.other-tab-back"))),
  );
}
