// The engine's boot progress, shown in the menu while Python loads in its worker.
// Real stages from the worker (see engine.js); the bar's share of each stage is fixed, and
// the download's share moves with the bytes received.

import { h } from "./dom.js";

const STAGES = [
  { id: "download", label: "Downloading the game runtime", from: 0, to: 75 },
  { id: "python", label: "Starting Python", from: 75, to: 88 },
  { id: "engine", label: "Installing the card-game rules", from: 88, to: 99 },
  { id: "ready", label: "Ready to play", from: 100, to: 100 },
];

export class BootProgress {
  constructor() {
    this.stage = "download";
    this.fraction = 0;
    this.error = null;
    this.bar = h("progress", { max: "100", value: "0", "aria-label": "Loading the game engine" });
    this.steps = h(
      "ol",
      { class: "boot-steps" },
      STAGES.map((s) => h("li", { dataset: { stage: s.id } }, s.label)),
    );
    this.status = h("p", { class: "boot-status", role: "status" }, "Loading the game engine\u2026");
    this.el = h("section", { class: "boot", "aria-label": "Game engine" }, this.status, this.bar, this.steps);
    this.update("download", 0);
  }

  update(stage, fraction = 0) {
    this.stage = stage;
    this.fraction = fraction;
    const index = STAGES.findIndex((s) => s.id === stage);
    const s = STAGES[index];
    const percent = Math.round(s.from + (s.to - s.from) * Math.max(0, Math.min(1, fraction)));
    this.bar.value = percent;
    this.bar.setAttribute("aria-valuetext", `${s.label}, ${percent}%`);
    this.steps.querySelectorAll("li").forEach((li, i) => {
      li.className = i < index ? "done" : i === index ? "current" : "";
      if (i === index) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    });
    this.el.dataset.stage = stage;
    if (stage === "ready") {
      this.status.textContent = "The game engine is ready.";
    } else {
      const detail = stage === "download" ? ` (${percent}%)` : "";
      this.status.textContent = `${s.label}\u2026${detail}`;
    }
  }

  fail(message, detail) {
    this.error = message;
    this.el.dataset.stage = "error";
    this.status.textContent = message;
    this.status.setAttribute("role", "alert");
    this.bar.hidden = true;
    this.steps.hidden = true;
    this.el.append(
      h("button", { type: "button", class: "button", onclick: () => location.reload() }, "Reload the page"),
    );
    if (detail) {
      this.el.append(h("details", {}, h("summary", {}, "Technical details"), h("pre", {}, detail)));
    }
  }
}
