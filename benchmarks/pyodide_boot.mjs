// The Pyodide half every benchmark shares (benchmarks/pyodide_run.py starts a benchmark's
// own .mjs, which calls runBenchmark; run the benchmark's .py instead).
//
//   node benchmarks/<name>.mjs --wheel engine.whl -- '<plan JSON>'
//
// Boots the vendored Pyodide offline (tests/pyodide/boot.mjs), installs the engine wheel,
// copies benchmarks/<name>.py into the virtual file system, imports it, hands it Node's CPU
// clock when it has a `cpu_clock` (inside Pyodide time.process_time() is not a CPU clock)
// and calls its run_plan(plan). The last stdout line is one JSON object:
// {"version", "boot", "results"}.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bootPyodide, exitAfterFlush, parseArgs } from "../tests/pyodide/boot.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Seconds of CPU time this Node process has used (user + system). */
function cpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

async function run(name) {
  const { wheels, rest } = parseArgs(process.argv.slice(2));
  const plan = rest[0] ?? "{}";
  const { pyodide, bootSeconds, version } = await bootPyodide(wheels);
  pyodide.FS.mkdirTree("/bench");
  pyodide.FS.writeFile(`/bench/${name}.py`, fs.readFileSync(path.join(HERE, `${name}.py`)));
  pyodide.globals.set("PLAN", plan);
  pyodide.globals.set("BENCHMARK", name);
  pyodide.globals.set("cpu_seconds", cpuSeconds);
  const results = pyodide.runPython(`
import importlib
import json
import sys

sys.path.insert(0, "/bench")
benchmark = importlib.import_module(BENCHMARK)
if hasattr(benchmark, "cpu_clock"):
    benchmark.cpu_clock = cpu_seconds
json.dumps(benchmark.run_plan(json.loads(PLAN)))
`);
  const report = { version, boot: bootSeconds, results: JSON.parse(results) };
  process.stdout.write(`\n${JSON.stringify(report)}\n`);
}

/** Run benchmarks/<name>.py's run_plan inside Pyodide and exit; `label` names it in errors. */
export function runBenchmark(name, label) {
  run(name)
    .then(() => exitAfterFlush(0))
    .catch((err) => {
      console.error(`[pyodide] ${label} failed: ${err.stack ?? err}`);
      exitAfterFlush(1);
    });
}
