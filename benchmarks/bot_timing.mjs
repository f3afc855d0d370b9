// The Pyodide half of benchmarks/bot_timing.py (which starts it; run that instead).
//
//   node benchmarks/bot_timing.mjs --wheel engine.whl -- '<plan JSON>'
//
// Boots Pyodide and calls bot_timing.run_plan(plan) there: benchmarks/pyodide_boot.mjs.

import { runBenchmark } from "./pyodide_boot.mjs";

runBenchmark("bot_timing", "bot timing");
