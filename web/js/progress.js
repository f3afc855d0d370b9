// The engine's boot, shown as a quiet line in players' words ("Shuffling the cards…") with a
// thin bar under it, on the menu, on the table that is dealing while the engine starts, and on
// the embed's cover. Real stages from the worker (see engine.js); the bar's share of each stage
// is fixed, and the download's share moves with the bytes received. Nothing here names the
// machinery (no runtime, no Python): a person waits for the cards, not for software. Once the
// engine is ready the line says so to a screen reader and leaves the screen.

import { h } from "./dom.js";
import { t } from "./i18n.js";

// Each stage's words are menu.boot-<id>.
const STAGES = [
  { id: "download", from: 0, to: 75 },
  { id: "python", from: 75, to: 88 },
  { id: "engine", from: 88, to: 99 },
  { id: "ready", from: 100, to: 100 },
];
const label = (stage) => t(`menu.boot-${stage.id}`);

export class BootProgress {
  constructor() {
    this.stage = "download";
    this.fraction = 0;
    this.error = null;
    this.bar = h("progress", { max: "100", value: "0" });
    this.status = h("p", { class: "boot-status", role: "status" });
    this.el = h("section", { class: "boot" }, this.status, this.bar);
    this.update("download", 0);
  }

  // Word it all again (the language changed); a failure keeps its own message's key.
  reword() {
    this.drawn = null;
    this.bar.setAttribute("aria-label", t("menu.boot-loading"));
    this.el.setAttribute("aria-label", t("menu.boot-section"));
    if (this.failure) this.#showFailure();
    else this.update(this.stage, this.fraction);
  }

  update(stage, fraction = 0) {
    this.stage = stage;
    this.fraction = fraction;
    const index = STAGES.findIndex((s) => s.id === stage);
    const s = STAGES[index];
    const percent = Math.round(s.from + (s.to - s.from) * Math.max(0, Math.min(1, fraction)));
    // Most download reports move the bar by less than a percent: then nothing changes on screen.
    if (this.worded && stage === this.drawn?.stage && percent === this.drawn.percent) return;
    this.drawn = { stage, percent };
    this.bar.value = percent;
    if (!this.worded) {
      this.worded = true;
      this.reword();
      return;
    }
    this.bar.setAttribute("aria-valuetext", t("menu.boot-valuetext", { stage: label(s), percent: percent / 100 }));
    this.el.dataset.stage = stage;
    // The words change with the stage only, not with each percent (a status that changed with
    // every report would be read out again and again).
    const words = stage === "ready" ? t("menu.boot-done") : label(s);
    if (this.status.textContent !== words) this.status.textContent = words;
  }

  // The engine could not start: `words()` says why (worded again after a language switch);
  // `detail` is the technical text (the runtime's own, English).
  fail(words, detail) {
    this.failure = { words, detail };
    this.error = words();
    this.el.dataset.stage = "error";
    this.status.setAttribute("role", "alert");
    this.bar.hidden = true;
    this.#showFailure();
  }

  #showFailure() {
    const { words, detail } = this.failure;
    this.status.textContent = words();
    this.el.querySelectorAll(".boot-failure").forEach((el) => el.remove());
    this.el.append(
      h("button", { type: "button", class: "button boot-failure", onclick: () => location.reload() }, t("menu.boot-reload")),
    );
    if (detail) {
      this.el.append(h("details", { class: "boot-failure" }, h("summary", {}, t("menu.boot-details")), h("pre", { lang: "en" }, detail)));
    }
  }
}
