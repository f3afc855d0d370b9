// Run the repo's pytest suite inside Pyodide (Python 3.14) under Node, offline.
//
//   node tests/pyodide/run_tests.mjs --wheel pytest.whl ... --wheel engine.whl -- [pytest args]
//
// Normally started by tests/pyodide/run.py, which downloads the wheels and builds the engine.
// The virtual file system holds /repo/pyproject.toml (a copy, for pytest's settings) and
// /repo/tests (the real folder, mounted with NODEFS) and nothing else: the engine under test is
// the wheel unpacked into site-packages, never the source tree. tests/browser/ and
// tests/engines/ are ignored (no browser drivers here); cpython_only/browser tests are skipped
// by tests/conftest.py.
// Exits with pytest's exit code, so its summary line is the last line of output.
//
// With `--stdlib ZIP` (run.py passes the site's trimmed stdlib, tools/runtime_stdlib.py) Python
// boots from that zip, as in the browser; Pyodide's stock zip comes after it on sys.path for
// what pytest needs beyond the games. Every module found there is checked: if the code that
// imports it is the engine's (the nearest frame outside the stdlib and the import system),
// the run fails, naming it, because the browser would not have that module (the terminal
// commands, engine/cli, are not checked: they never run there).

import fs from "node:fs";
import path from "node:path";
import { ROOT, bootPyodide, exitAfterFlush, parseArgs } from "./boot.mjs";

const STOCK = "/lib/python314-stock.zip";
const WATCH_STOCK = `
import sys, zipimport
_parlour_missing = []
class _ParlourStock:
    """Last on sys.meta_path: finds in the stock zip what the trimmed stdlib lacks (submodules
    of its packages too) and notes the engine's imports of it."""
    @staticmethod
    def find_spec(fullname, path=None, target=None):
        parent = fullname.rpartition(".")[0]
        folder = "${STOCK}/" + (parent.replace(".", "/") + "/" if parent else "")
        try:
            spec = zipimport.zipimporter(folder).find_spec(fullname, target)
        except zipimport.ZipImportError:
            return None
        if spec is not None:
            frame = sys._getframe(1)
            while frame is not None and frame.f_code.co_filename.startswith(
                ("<frozen", "/lib/python314.zip/", "${STOCK}/")
            ):
                frame = frame.f_back
            where = frame.f_code.co_filename if frame is not None else "?"
            # The terminal commands (engine/cli, python -m engine) never run in the browser.
            if "/site-packages/engine/" in where and not where.endswith("__main__.py") and (
                "/site-packages/engine/cli/" not in where
            ):
                _parlour_missing.append(f"{fullname} (imported by {where}:{frame.f_lineno})")
        return spec
sys.meta_path.append(_ParlourStock)
`;

const CHECK_STOCK = `
if _parlour_missing:
    print("[pyodide] the engine imported modules the trimmed stdlib lacks:", flush=True)
    for _line in sorted(set(_parlour_missing)):
        print(f"[pyodide]   {_line}", flush=True)
len(_parlour_missing)
`;

const RUN_PYTEST = `
import importlib.util
import os
import sys

if sys.version_info[:2] != (3, 14):
    raise SystemExit(f"expected Python 3.14 inside Pyodide, got {sys.version}")
spec = importlib.util.find_spec("engine")
origin = spec.origin if spec is not None else None
if origin is None or "site-packages" not in origin:
    raise SystemExit(f"engine must come from the installed wheel, found {origin!r}")
print(f"[pyodide] engine from {os.path.dirname(origin)}", flush=True)
os.chdir("/repo")

import pytest

args = ["-p", "no:cacheprovider", "--ignore=tests/browser", "--ignore=tests/engines", *PYTEST_ARGS]
exit_code = int(pytest.main(args))
exit_code
`;

async function main() {
  const { wheels, stdlib, rest } = parseArgs(process.argv.slice(2));
  const { pyodide, bootSeconds, wheelSeconds, version } = await bootPyodide(wheels, stdlib);
  console.log(
    `[pyodide] Python ${version}; boot ${bootSeconds.toFixed(2)} s, ` +
      `${wheels.length} wheels unpacked in ${wheelSeconds.toFixed(2)} s` +
      (stdlib ? `; stdlib ${path.basename(stdlib)}` : ""),
  );
  const FS = pyodide.FS;
  if (stdlib) {
    FS.writeFile(STOCK, fs.readFileSync(path.join(ROOT, "node_modules", "pyodide", "python_stdlib.zip")));
    pyodide.runPython(WATCH_STOCK);
  }
  FS.mkdirTree("/repo/tests");
  FS.writeFile("/repo/pyproject.toml", fs.readFileSync(path.join(ROOT, "pyproject.toml")));
  FS.mount(FS.filesystems.NODEFS, { root: path.join(ROOT, "tests") }, "/repo/tests");

  pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(rest));
  let code;
  try {
    code = pyodide.runPython(RUN_PYTEST);
    if (stdlib && pyodide.runPython(CHECK_STOCK) > 0 && code === 0) code = 1;
  } catch (err) {
    // SystemExit from the checks above, or a crash outside pytest.
    console.error(`[pyodide] ${err.message ?? err}`);
    code = 3;
  }
  exitAfterFlush(code);
}

main().catch((err) => {
  console.error(`[pyodide] failed: ${err.stack ?? err}`);
  exitAfterFlush(3);
});
