// The Pyodide half of benchmarks/bot_timing.py (which starts it; run that instead).
//
//   node benchmarks/bot_timing.mjs --wheel engine.whl -- '{"games": ["to-the-moon"], ...}'
//
// Boots the vendored Pyodide offline (tests/pyodide/boot.mjs), installs the engine wheel,
// imports bot_timing.py from a copy in the virtual file system and calls run_plan(plan).
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
  pyodide.FS.writeFile("/bench/bot_timing.py", fs.readFileSync(path.join(HERE, "bot_timing.py")));
  pyodide.globals.set("PLAN", plan);
  // Inside Pyodide time.process_time() is not a CPU clock: hand in Node's own.
  pyodide.globals.set("cpu_seconds", () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  });
  const results = pyodide.runPython(`
import json
import sys

sys.path.insert(0, "/bench")
import bot_timing

bot_timing.cpu_clock = cpu_seconds
json.dumps(bot_timing.run_plan(json.loads(PLAN)))
`);
  const report = { version, boot: bootSeconds, results: JSON.parse(results) };
  process.stdout.write(`\n${JSON.stringify(report)}\n`);
  exitAfterFlush(0);
}

main().catch((err) => {
  console.error(`[pyodide] bot timing failed: ${err.stack ?? err}`);
  exitAfterFlush(1);
});
