// Which modules of a folder use top-level `await` (tests/test_module_graph.py). Argument: the
// folder (web/js). esbuild, pinned in the npm lock, parses each module as the browsers do, told
// that the target has no top-level await: it refuses exactly the modules that use it (a regular
// expression cannot tell an `await` in a function from one at the top). Prints
// {"<path relative to the folder>": [line, ...]} as JSON, one entry per such module.
import { transformSync } from "esbuild";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const folder = process.argv[2];
const found = {};
for (const name of readdirSync(folder, { recursive: true }).map(String).sort()) {
  if (!name.endsWith(".js")) continue;
  const source = readFileSync(join(folder, name), "utf8");
  try {
    transformSync(source, { format: "esm", loader: "js", supported: { "top-level-await": false } });
  } catch (error) {
    if (!error.errors) throw error;
    found[name.split("\\").join("/")] = error.errors.map((e) => e.location?.line ?? 0);
  }
}
console.log(JSON.stringify(found));
