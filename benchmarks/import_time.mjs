// The Pyodide half of benchmarks/import_time.py (which starts it; run that instead).
//
//   node benchmarks/import_time.mjs --wheel engine.whl -- '{}'
//
// Boots the vendored Pyodide offline (tests/pyodide/boot.mjs), installs the engine wheel,
// imports import_time.py from a copy in the virtual file system and calls run_plan(plan).
// The last stdout line is one JSON object: {"version", "boot", "results"}.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bootPyodide, exitAfterFlush, parseArgs } from "../tests/pyodide/boot.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const { wheels, rest } = parseArgs(process.argv.slice(2));
  const plan = rest[0] ?? "{}";
  const { pyodide, bootSeconds, version } = await bootPyodide(wheels);
  pyodide.FS.mkdirTree("/bench");
  pyodide.FS.writeFile("/bench/import_time.py", fs.readFileSync(path.join(HERE, "import_time.py")));
  pyodide.globals.set("PLAN", plan);
  const results = pyodide.runPython(`
import json
import sys

sys.path.insert(0, "/bench")
import import_time

json.dumps(import_time.run_plan(json.loads(PLAN)))
`);
  const report = { version, boot: bootSeconds, results: JSON.parse(results) };
  process.stdout.write(`\n${JSON.stringify(report)}\n`);
  exitAfterFlush(0);
}

main().catch((err) => {
  console.error(`[pyodide] import timing failed: ${err.stack ?? err}`);
  exitAfterFlush(1);
});
