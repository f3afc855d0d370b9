// The Pyodide half of benchmarks/engine_speed.py (which starts it; run that instead).
//
//   node benchmarks/engine_speed.mjs --wheel engine.whl -- '<plan JSON>'
//
// Boots Pyodide and calls engine_speed.run_plan(plan) there: benchmarks/pyodide_boot.mjs.

import { runBenchmark } from "./pyodide_boot.mjs";

runBenchmark("engine_speed", "benchmark");
