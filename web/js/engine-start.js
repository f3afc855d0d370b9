// Python starts here, as soon as the page's first small modules have arrived: before the
// words are loaded and the menu is painted, so that the runtime's download and the worker's
// boot overlap them (issue 13: a first visit as fast as the stack allows). app.js takes the
// engine and the boot's progress from here; the embed starts its own engine on Play.

import { manifest } from "./manifest.js";
import { Engine } from "./engine.js";

const listeners = new Set();
let latest = null; // the last [stage, fraction] reported, for a listener that comes later

function report(stage, fraction) {
  latest = [stage, fraction];
  for (const listener of listeners) listener(stage, fraction);
}

// `?embed=1` on the site's page sends the visitor to embed.html (app.js): nothing to start.
const leaving = new URLSearchParams(location.search).get("embed") === "1";

/** The engine, once booted (rejects as Engine.boot does; app.js shows why). */
export const engineStart = leaving ? new Promise(() => {}) : Engine.boot(manifest, report);
engineStart.catch(() => {}); // handled where it is awaited

/** Calls `listener(stage, fraction)` with the latest stage at once, then with each new one. */
export function onBootStage(listener) {
  listeners.add(listener);
  if (latest) listener(...latest);
}
