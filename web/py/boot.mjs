// Runs inside the engine's worker. PyScript imports this module in place of pyodide.mjs (it
// is copied next to it, so Pyodide still finds its files there) and calls its loadPyodide.
// It reports real boot progress to the page over a BroadcastChannel, tagged with the page's
// nonce from our URL's fragment so two tabs booting at once do not hear each other:
//   {stage: "download", file, loaded}  bytes of a runtime file received so far;
//   {stage: "python"}                  both big files are in, the interpreter is starting;
//   {stage: "engine"}                  Python is up; the engine wheel installs next;
//   {stage: "failed", message}         Pyodide did not start (say, the network failed).
// Counting bytes here means the runtime is downloaded once, by the worker, with no second
// fetch from the page.
import { loadPyodide as load, version } from "./pyodide.mjs";

export { version };

// The stdlib zip to boot from, written here by build.py: the trimmed, compiled one
// (tools/runtime_stdlib.py) under a content-hashed name, or Pyodide's own.
const STDLIB = "python_stdlib.zip"; // build:stdlib
const COUNTED = ["pyodide.asm.wasm", STDLIB];
const REPORT_MS = 50;
const nonce = new URLSearchParams(new URL(import.meta.url).hash.slice(1)).get("n") || "";

export async function loadPyodide(options) {
  const channel = new BroadcastChannel("parlour-boot");
  let open = true;
  const post = (message) => open && channel.postMessage({ nonce, ...message });
  const pending = new Set(COUNTED);
  const original = globalThis.fetch;
  // Count on a clone and hand Pyodide the response itself: a Response rebuilt from a stream
  // has no cache handler, so Chromium would never keep the compiled wasm in V8's code cache
  // and every visit would compile it again (tests/browser/test_wasm_cache.py).
  const counted = (file, response) => {
    if (!response.ok || !response.body) return response;
    const reader = response.clone().body.getReader();
    let loaded = 0;
    let said = 0; // when the last report went (a chunk can be a few KB: the page hears at most
    // one report per REPORT_MS and file, and the last one, so its progress bar costs little)
    const pump = ({ done, value }) => {
      if (done) {
        post({ stage: "download", file, loaded });
        pending.delete(file);
        if (pending.size === 0) post({ stage: "python" });
        return undefined;
      }
      loaded += value.byteLength;
      const now = performance.now();
      if (now - said >= REPORT_MS) {
        said = now;
        post({ stage: "download", file, loaded });
      }
      return reader.read().then(pump);
    };
    // A failed read shows in Pyodide's own read of the original response.
    reader.read().then(pump).catch(() => {});
    return response;
  };
  globalThis.fetch = function (input, init) {
    const url = String(input instanceof Request ? input.url : input);
    const file = COUNTED.find((name) => url.split("?")[0].endsWith(`/${name}`));
    const response = original.call(this, input, init);
    if (!file) return response;
    // Pyodide logs a failed runtime download and then waits forever: say so at once.
    const failed = (why) => post({ stage: "failed", message: `${file}: ${why}` });
    return response.then(
      (r) => {
        if (!r.ok) failed(`HTTP ${r.status}`);
        return counted(file, r);
      },
      (error) => {
        failed(String((error && error.message) || error));
        throw error;
      },
    );
  };
  try {
    const stdLibURL = new URL(STDLIB, import.meta.url).href;
    const pyodide = await load({ ...options, stdLibURL });
    post({ stage: "engine" });
    return pyodide;
  } catch (error) {
    post({ stage: "failed", message: String((error && error.message) || error) });
    throw error;
  } finally {
    globalThis.fetch = original;
    open = false;
    channel.close();
  }
}
