// Boot the vendored Pyodide (node_modules/pyodide) under Node, offline, and install wheels.
//
// Shared by run_tests.mjs (pytest inside Pyodide) and benchmarks/pyodide_boot.mjs.
// Nothing is fetched from the network: indexURL is the local package folder, wheels are
// unpacked from local files, and any http(s) fetch is refused so a CDN fallback would fail
// loudly instead of silently downloading.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");

function refuseNetwork() {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (resource, init) => {
    const url = String(resource?.url ?? resource);
    if (/^(https?|wss?):/i.test(url)) {
      throw new Error(`network access refused (offline Pyodide run): ${url}`);
    }
    return realFetch(resource, init);
  };
}

function rawWriter(stream) {
  // Pyodide hands us bytes that may live in wasm memory: copy them before queueing.
  return { write: (buf) => (stream.write(Buffer.from(buf)), buf.length) };
}

/** Parse `--wheel FILE` pairs and an optional `--stdlib ZIP`; everything after `--` is
 * returned as `rest`. */
export function parseArgs(argv) {
  const wheels = [];
  let stdlib = null;
  let rest = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--") {
      rest = argv.slice(i + 1);
      break;
    }
    if (argv[i] === "--wheel" && i + 1 < argv.length) {
      wheels.push(argv[++i]);
    } else if (argv[i] === "--stdlib" && i + 1 < argv.length) {
      stdlib = argv[++i];
    } else {
      throw new Error(`unexpected argument ${argv[i]} (use --wheel FILE ... [--stdlib ZIP] -- ARGS)`);
    }
  }
  return { wheels, stdlib, rest };
}

/**
 * Boot Pyodide (from `stdlib`, a stdlib zip, when given: the site's trimmed one) and unpack
 * `wheels` into site-packages.
 * Returns { pyodide, bootSeconds, wheelSeconds, version }.
 */
export async function bootPyodide(wheels, stdlib = null) {
  refuseNetwork();
  const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
  const t0 = performance.now();
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_DIR + path.sep,
    stdout: undefined,
    stderr: undefined,
    ...(stdlib ? { stdLibURL: stdlib } : {}),
  });
  pyodide.setStdout(rawWriter(process.stdout));
  pyodide.setStderr(rawWriter(process.stderr));
  const t1 = performance.now();
  // unpackArchive's default target is the working directory (/home/pyodide): name
  // site-packages explicitly so the wheels are installed, not just lying on sys.path.
  const extractDir = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const wheel of wheels) {
    pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir });
  }
  const t2 = performance.now();
  const version = pyodide.runPython(
    "import sys; sys.dont_write_bytecode = True; " +
      "'%d.%d.%d' % sys.version_info[:3] + ' (' + sys.platform + ')'",
  );
  return { pyodide, bootSeconds: (t1 - t0) / 1000, wheelSeconds: (t2 - t1) / 1000, version };
}

/** Exit with `code` once everything written to stdout/stderr has been flushed. */
export function exitAfterFlush(code) {
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}
