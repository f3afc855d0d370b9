// Run the repo's pytest suite inside Pyodide (Python 3.14) under Node, offline.
//
//   node tests/pyodide/run_tests.mjs --wheel pytest.whl ... --wheel engine.whl -- [pytest args]
//
// Normally started by tests/pyodide/run.py, which downloads the wheels and builds the engine.
// The virtual file system holds /repo/pyproject.toml (a copy, for pytest's settings) and
// /repo/tests (the real folder, mounted with NODEFS) and nothing else: the engine under test is
// the wheel unpacked into site-packages, never the source tree. tests/browser/ is ignored
// (Playwright does not exist here); cpython_only/browser tests are skipped by tests/conftest.py.
// Exits with pytest's exit code, so its summary line is the last line of output.

import fs from "node:fs";
import path from "node:path";
import { ROOT, bootPyodide, exitAfterFlush, parseArgs } from "./boot.mjs";

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

args = ["-p", "no:cacheprovider", "--ignore=tests/browser", *PYTEST_ARGS]
exit_code = int(pytest.main(args))
exit_code
`;

async function main() {
  const { wheels, rest } = parseArgs(process.argv.slice(2));
  const { pyodide, bootSeconds, wheelSeconds, version } = await bootPyodide(wheels);
  console.log(
    `[pyodide] Python ${version}; boot ${bootSeconds.toFixed(2)} s, ` +
      `${wheels.length} wheels unpacked in ${wheelSeconds.toFixed(2)} s`,
  );
  const FS = pyodide.FS;
  FS.mkdirTree("/repo/tests");
  FS.writeFile("/repo/pyproject.toml", fs.readFileSync(path.join(ROOT, "pyproject.toml")));
  FS.mount(FS.filesystems.NODEFS, { root: path.join(ROOT, "tests") }, "/repo/tests");

  pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(rest));
  let code;
  try {
    code = pyodide.runPython(RUN_PYTEST);
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
