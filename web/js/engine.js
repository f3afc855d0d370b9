// The engine bridge: the only module that talks to Python.
//
// Python (the pure-Python engine, in Pyodide) runs in a PyScript worker, so booting it and
// every engine call or computer move leave the page responsive. Nothing here needs
// SharedArrayBuffer or COOP/COEP: calls are asynchronous round trips of JSON strings
// (web/py/worker.py). Python objects never reach UI code: every function resolves to plain
// JSON, either the reply or `{ error: { code, message } }` for a request the engine refused.
// A Python exception (a bug) rejects with an EngineCrash carrying the traceback.
//
// Boot stages, reported to `onStage(stage, fraction)`:
//   "download" – the runtime files are downloading (fraction = bytes so far / total);
//   "python"   – Python is starting in the worker;
//   "engine"   – the engine wheel is installing;
//   "ready"    – the engine answered.
// The worker reports them itself (web/py/boot.mjs, which PyScript loads in place of
// pyodide.mjs), so the runtime is downloaded once, by the worker.

export class EngineCrash extends Error {
  constructor(message, detail) {
    super(message);
    this.name = "EngineCrash";
    this.detail = detail;
  }
}

const absolute = (path) => new URL(path, document.baseURI).href;

// No sign of life from the boot for this long means it is stuck (a dead network, a worker
// that failed without a word): give up with a clear message instead of waiting forever.
// Every report of downloaded bytes counts as a sign of life, so a slow phone is fine.
export const STALL_MS = 90_000;

// Listen to the worker's boot reports (see web/py/boot.mjs). Returns `stop()` and `failed`,
// a promise that rejects when the worker reports a failure or the boot stalls.
function bootReports(nonce, totals, report) {
  const channel = new BroadcastChannel("parlour-boot");
  const loaded = {};
  const total = Object.values(totals).reduce((a, b) => a + b, 0) || 1;
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  failed.catch(() => {}); // handled by whoever races it
  let timer;
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fail(new EngineCrash("The game engine stopped loading.")), STALL_MS);
  };
  alive();
  channel.onmessage = ({ data }) => {
    if (!data || data.nonce !== nonce) return;
    alive();
    if (data.stage === "download") {
      loaded[data.file] = data.loaded;
      const sum = Object.values(loaded).reduce((a, b) => a + b, 0);
      report("download", Math.min(sum / total, 1));
    } else if (data.stage === "failed") {
      fail(new EngineCrash("Python could not start.", data.message));
    } else {
      report(data.stage);
    }
  };
  const stop = () => {
    clearTimeout(timer);
    channel.close();
  };
  return { stop, failed };
}

export class Engine {
  constructor(worker) {
    this.worker = worker;
  }

  // Start Python in a worker and install the engine. `manifest` comes from the build.
  // `after` (optional): a promise the worker's start waits for (the page's own first work).
  static async boot(manifest, onStage, { after = null } = {}) {
    const order = ["download", "python", "engine", "ready"];
    let current = -1;
    // Stages only move forward (reports from the worker may arrive out of order).
    const report = (stage, fraction = 0) => {
      const index = order.indexOf(stage);
      if (index < current || (index === current && stage !== "download")) return;
      current = index;
      onStage(stage, fraction);
    };
    // The nonce rides in the loader's URL fragment: a query would make each visit's URL new
    // and miss the HTTP cache; a fragment is never sent, so the shim stays cached for good.
    const nonce = Math.random().toString(36).slice(2);
    const totals = Object.fromEntries(manifest.downloads.map((d) => [d.url.split("/").pop(), d.bytes]));
    const reports = bootReports(nonce, totals, report);
    const orFail = (promise) => Promise.race([promise, reports.failed]);
    report("download", 0);
    try {
      if (after) await orFail(after);
      // The worker starts in the same turn as PyScript's module settles, before anything else
      // runs: once PyScript has set up its own script types (after its plug-ins load, a few
      // tasks later, sooner from a warm cache), a new worker takes their hooks, which it
      // builds with Function(), and the site's Content-Security-Policy refuses that: the
      // engine never starts. A task between the two lost that race in WebKit on reloads.
      const { PyWorker } = await orFail(import(absolute(manifest.pyscript)));
      const wheel = absolute(manifest.wheel);
      const config = {};
      if (manifest.engine_install === "packages") {
        config.packages = [wheel];
        // PyScript keeps micropip's resolved lock in IndexedDB between visits, but not for a
        // local wheel unless told to: safe here, as the wheel's URL changes with its content.
        config.packages_cache = "all";
      }
      if (manifest.engine_install === "files") config.files = { [wheel]: "./*" };
      const worker = await orFail(
        PyWorker(absolute(manifest.worker), { config, version: `${absolute(manifest.pyodide)}#n=${nonce}` }),
      );
      const engine = new Engine(worker);
      report("engine");
      if (manifest.engine_install === "loadpackage") await orFail(engine.#raw("install", wheel));
      const reply = await orFail(engine.call("games"));
      if (reply.error) throw new EngineCrash(`The engine did not start: ${JSON.stringify(reply.error)}`);
      engine.games = reply.games;
      engine.version = reply.version;
      report("ready", 1);
      return engine;
    } finally {
      reports.stop();
    }
  }

  async #raw(name, argument) {
    try {
      return JSON.parse(await this.worker.sync[name](argument));
    } catch (error) {
      const text = String(error && error.message ? error.message : error);
      throw new EngineCrash(`The engine failed in ${name}.`, text);
    }
  }

  // Call an exported worker function with a JSON-able request; resolves to the reply object.
  call(name, request = {}) {
    return this.#raw(name, JSON.stringify(request));
  }

  newGame(id, setup) {
    return this.call("new_game", {
      id,
      game: setup.game,
      players: setup.players,
      seed: setup.seed,
      options: setup.options || {},
    });
  }
  apply(id, action) {
    return this.call("apply", { id, action });
  }
  check(id, action) {
    return this.call("check", { id, action });
  }
  view(id, seat) {
    return this.call("view", { id, seat });
  }
  // A computer player's choice for the seat to act, from that seat's view only (also the
  // hint for a person). `timeMs` caps a search level's thinking (hard); others ignore it.
  bot(id, level, seed, { timeMs = null } = {}) {
    const request = { id, level, seed };
    if (timeMs !== null) request.time_ms = timeMs;
    return this.call("bot", request);
  }
  save(id) {
    return this.call("save", { id });
  }
  load(id, save) {
    return this.call("load", { id, save });
  }
  drop(id) {
    return this.call("drop", { id });
  }
}
