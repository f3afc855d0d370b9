// The tables', lessons', replays' and rules pages' stylesheets (the .css files beside their
// modules under js/, listed in sitebuild/assemble.py's LATER_STYLES) are linked by build.py as
// print styles, so that they don't hold back the menu's first paint; nothing on the menu uses
// them. `applyLaterStyles()` turns them on (app.js, once the menu is painted) and resolves once
// each has loaded (or failed), so a screen that needs them can wait for them. They are turned
// on one sheet per task: each then costs the page one short restyle, where all of them at once
// were one long one (issue 13).

let applied = null;
let settle;
// Resolves once applyLaterStyles() has turned every sheet on and each has loaded (it never
// starts them itself): engine.js holds PyScript and the worker's start until then, so
// compiling the runtime, which takes every core, does not slow the page's first frames.
export const laterStylesApplied = new Promise((resolve) => (settle = resolve));

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function turnOn(link) {
  link.media = "all";
  if (link.sheet) return null;
  return new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  });
}

export function applyLaterStyles() {
  applied ??= (async () => {
    const loads = [];
    for (const [i, link] of [...document.querySelectorAll("link[data-later]")].entries()) {
      // A tab in the background (timers slowed to one a second there) takes them at once.
      if (i > 0 && document.visibilityState === "visible") await nextTask();
      loads.push(turnOn(link));
    }
    await Promise.all(loads);
    // For the menu's card pictures (app.css), drawn with the decks' sheets: on, now.
    document.documentElement.dataset.laterStyles = "on";
    settle();
  })();
  return applied;
}
