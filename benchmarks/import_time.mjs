// The Pyodide half of benchmarks/import_time.py (which starts it; run that instead).
//
//   node benchmarks/import_time.mjs --wheel engine.whl -- '<plan JSON>'
//
// Boots Pyodide and calls import_time.run_plan(plan) there: benchmarks/pyodide_boot.mjs.

import { runBenchmark } from "./pyodide_boot.mjs";

runBenchmark("import_time", "import timing");
