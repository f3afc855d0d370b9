// The engine's boot progress, shown in the menu while Python loads in its worker.
// Real stages from the worker (see engine.js); the bar's share of each stage is fixed, and
// the download's share moves with the bytes received.

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
    this.steps = h(
      "ol",
      { class: "boot-steps" },
      STAGES.map((s) => h("li", { dataset: { stage: s.id } })),
    );
    this.status = h("p", { class: "boot-status", role: "status" });
    this.el = h("section", { class: "boot" }, this.status, this.bar, this.steps);
    this.update("download", 0);
  }

  // Word it all again (the language changed); a failure keeps its own message's key.
  reword() {
    this.drawn = null;
    this.bar.setAttribute("aria-label", t("menu.boot-loading"));
    this.el.setAttribute("aria-label", t("menu.boot-section"));
    this.steps.querySelectorAll("li").forEach((li, i) => (li.textContent = label(STAGES[i])));
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
    this.steps.querySelectorAll("li").forEach((li, i) => {
      li.className = i < index ? "done" : i === index ? "current" : "";
      if (i === index) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    });
    this.el.dataset.stage = stage;
    if (stage === "ready") {
      this.status.textContent = t("menu.boot-done");
    } else {
      this.status.textContent = t("menu.boot-status", { stage: label(s), download: String(stage === "download"), percent: percent / 100 });
    }
  }

  // The engine could not start: `words()` says why (worded again after a language switch);
  // `detail` is the technical text (the runtime's own, English).
  fail(words, detail) {
    this.failure = { words, detail };
    this.error = words();
    this.el.dataset.stage = "error";
    this.status.setAttribute("role", "alert");
    this.bar.hidden = true;
    this.steps.hidden = true;
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
