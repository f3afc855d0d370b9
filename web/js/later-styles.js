// The tables', lessons', replays' and rules pages' stylesheets (css/games/*.css) are linked by
// build.py as print styles, so that they don't hold back the menu's first paint; nothing on the
// menu uses them. `applyLaterStyles()` turns them on (app.js, once the menu is painted) and
// resolves once each has loaded (or failed), so a screen that needs them can wait for them.

let applied = null;

export function applyLaterStyles() {
  applied ??= Promise.all(
    [...document.querySelectorAll("link[data-later]")].map((link) => {
      link.media = "all";
      if (link.sheet) return null;
      return new Promise((resolve) => {
        link.addEventListener("load", resolve, { once: true });
        link.addEventListener("error", resolve, { once: true });
      });
    }),
  );
  return applied;
}
