// Derive the stdlib the games need, compile it with Pyodide's own Python, and check it.
//
//   node tools/stdlib_trace.mjs job.json
//
// Started by tools/runtime_stdlib.py (build.py build), which writes job.json:
//   {pyodide_dir, micropip_wheel, engine_wheel, worker, workload, pyscript_stdlib,
//    safety: [module names], optimize, debug_ranges, out_dir}
// Offline: any http(s) fetch is refused.
//
// 1. Trace. Boot the vendored Pyodide with its stock stdlib, watch every import (an audit
//    hook, plus sys.modules for what Pyodide's own boot imported before it), and do what a
//    visit does: load micropip as PyScript does (loadPackage, the same path that installs a
//    wheel from the lock on a return visit), install the engine wheel with micropip, freeze
//    the lock, import what PyScript's worker prelude and its own Python package import when
//    the worker starts (read with ast from pyscript/__init__.py on, module-level imports only:
//    that package needs a page's JavaScript to run), then run web/py/worker.py
//    through tools/stdlib_workload.py and raise one Python error (its traceback is formatted
//    for the page). The safety list is imported too.
// 2. Compile. Every stock stdlib file whose module was imported becomes `.pyc`, compiled by
//    this Python 3.14 (unchecked hash-based pyc: no source needed, the same bytes every
//    build), without column tables unless job.debug_ranges (PYTHONNODEBUGRANGES: line
//    numbers stay), written in a zip with stored entries (the host compresses it on the wire).
//    micropip's wheel is compiled the same way: each of its modules becomes a sourceless
//    `.pyc` in its place (the rest of the wheel, RECORD rewritten, as it was), so a first
//    visit's `import micropip` runs bytecode instead of compiling 31 files (docs/RUNTIME.md).
// 3. Check. Boot a second Pyodide from the new zip and do it all again, with the compiled
//    micropip: an import missing from the zip, or a micropip that does not run from its
//    bytecode, fails the build here, not in a reader's browser.
// Writes out_dir/python_stdlib.zip, out_dir/<micropip's wheel name> and out_dir/report.json
// (modules, files, timings).

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));

const realFetch = globalThis.fetch;
globalThis.fetch = async (resource, init) => {
  const url = String(resource?.url ?? resource);
  if (/^(https?|wss?):/i.test(url)) throw new Error(`network access refused: ${url}`);
  return realFetch(resource, init);
};

const { loadPyodide } = await import(pathToFileURL(path.join(job.pyodide_dir, "pyodide.mjs")).href);

const quiet = { batched: (line) => process.stderr.write(`[pyodide] ${line}\n`) };

const WATCH = `
import sys
_parlour_imported = set(sys.modules)
def _parlour_audit(event, args):
    if event == "import":
        _parlour_imported.add(args[0])
sys.addaudithook(_parlour_audit)
`;

// What PyScript's worker runs before our code, and the stdlib its package imports.
const PYSCRIPT = `
import ast, importlib.util, os, pathlib
from pathlib import Path

def _module_level_imports(tree):
    """Names imported when the module runs: not inside a function (class bodies do run)."""
    todo, names = list(tree.body), set()
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        todo.extend(ast.iter_child_nodes(node))
    return names

def _pyscript_imports(folder):
    """What \`import pyscript\` imports, following its own submodules from __init__.py."""
    root = pathlib.Path(folder)
    seen, todo, found = set(), ["pyscript"], set()
    while todo:
        name = todo.pop()
        parts = name.split(".")
        path = root.joinpath(*parts[:-1], parts[-1] + ".py")
        if parts == ["pyscript"]:
            path = root / "pyscript" / "__init__.py"
        if name in seen or not path.is_file():
            continue
        seen.add(name)
        for imported in _module_level_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if imported.split(".")[0] == "pyscript":
                todo.append(imported)
            else:
                found.add(imported)
    return found

_ours = ("polyscript", "_pyscript", "js", "pyodide", "jsffi", "micropython")
for _name in sorted(_pyscript_imports("/tmp/pyscript")):
    if _name.split(".")[0] in _ours:
        continue  # JavaScript's or Pyodide's (always loaded); MicroPython's are not found
    try:
        found = importlib.util.find_spec(_name)
    except (ImportError, ValueError):
        found = None
    if found is not None:
        __import__(_name)
`;

async function visit(pyodide, label, micropipWheel) {
  const FS = pyodide.FS;
  const t0 = performance.now();
  await pyodide.loadPackage(micropipWheel, { messageCallback: () => {}, errorCallback: (m) => console.error(m) });
  const wheel = `/tmp/${path.basename(job.engine_wheel)}`;
  FS.writeFile(wheel, fs.readFileSync(job.engine_wheel));
  await pyodide.runPythonAsync(`
import micropip
await micropip.install(["emfs:${wheel}"], keep_going=True)
micropip.freeze()
import engine
`);
  FS.mkdirTree("/tmp/pyscript/pyscript");
  for (const name of fs.readdirSync(path.join(job.pyscript_stdlib, "pyscript"))) {
    FS.writeFile(`/tmp/pyscript/pyscript/${name}`, fs.readFileSync(path.join(job.pyscript_stdlib, "pyscript", name)));
  }
  pyodide.runPython(PYSCRIPT);
  FS.mkdirTree("/tmp/parlour");
  FS.writeFile("/tmp/parlour/worker.py", fs.readFileSync(job.worker));
  FS.writeFile("/tmp/parlour/stdlib_workload.py", fs.readFileSync(job.workload));
  const played = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/tmp/parlour")
import worker, stdlib_workload
json.dumps(stdlib_workload.run(worker))
`);
  try {
    pyodide.runPython("def _parlour_fails():\n    raise RuntimeError('traced')\n_parlour_fails()");
    throw new Error("the traced error was not raised");
  } catch (error) {
    if (!String(error.message).includes("RuntimeError: traced")) throw error;
  }
  pyodide.globals.set("SAFETY", pyodide.toPy(job.safety));
  pyodide.runPython("import importlib\nfor _n in SAFETY:\n    importlib.import_module(_n)");
  const seconds = (performance.now() - t0) / 1000;
  console.error(`[stdlib] ${label}: a visit's work in ${seconds.toFixed(1)} s`);
  return JSON.parse(played);
}

// Files of the stock zip for every imported module, then their .pyc in a stored zip.
const COMPILE = `
import importlib._bootstrap_external as _bx
import importlib.util, json, sys, zipfile
_stock = zipfile.ZipFile(STOCK)
_names = set(_stock.namelist())
_files = set()
for _mod in sorted(set(sys.modules) | _parlour_imported):
    _rel = _mod.replace(".", "/")
    for _cand in (_rel + "/__init__.py", _rel + ".py"):
        if _cand in _names:
            _files.add(_cand)
            break
_out = zipfile.ZipFile(OUT, "w", zipfile.ZIP_STORED)
for _file in sorted(_files):
    _source = _stock.read(_file)
    _code = compile(
        _source, "/lib/python314.zip/" + _file, "exec", dont_inherit=True, optimize=OPTIMIZE
    )
    _pyc = _bx._code_to_hash_pyc(_code, importlib.util.source_hash(_source), checked=False)
    _info = zipfile.ZipInfo(_file[:-3] + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
    _info.external_attr = 0o644 << 16
    _out.writestr(_info, bytes(_pyc))
_out.close()
json.dumps({
    "files": sorted(_files),
    "modules": sorted(m for m in set(sys.modules) | _parlour_imported),
    "stock_files": len([n for n in _names if n.endswith(".py")]),
})
`;

// micropip's wheel with every module compiled: NAME.py becomes NAME.pyc (sourceless, found
// by Python's own bytecode loader), the same compile as the stdlib's; RECORD lists the files.
const COMPILE_WHEEL = `
import base64, hashlib, importlib._bootstrap_external as _bx, importlib.util, zipfile
def _parlour_record(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\\n"
_src = zipfile.ZipFile(WHEEL_IN)
_out = zipfile.ZipFile(WHEEL_OUT, "w", zipfile.ZIP_STORED)
_record_name = next(n for n in _src.namelist() if n.endswith(".dist-info/RECORD"))
_record = []
_compiled = 0
for _name in _src.namelist():
    if _name == _record_name:
        continue
    _data = _src.read(_name)
    if _name.endswith(".py"):
        _code = compile(_data, "/lib/python3.14/site-packages/" + _name, "exec", dont_inherit=True, optimize=OPTIMIZE)
        _data = bytes(_bx._code_to_hash_pyc(_code, importlib.util.source_hash(_data), checked=False))
        _name = _name[:-3] + ".pyc"
        _compiled += 1
    _info = zipfile.ZipInfo(_name, date_time=(1980, 1, 1, 0, 0, 0))
    _info.external_attr = 0o644 << 16
    _out.writestr(_info, _data)
    _record.append(_parlour_record(_name, _data))
_record.append(_record_name + ",,\\n")
_info = zipfile.ZipInfo(_record_name, date_time=(1980, 1, 1, 0, 0, 0))
_info.external_attr = 0o644 << 16
_out.writestr(_info, "".join(_record))
_out.close()
_compiled
`;

async function main() {
  fs.mkdirSync(job.out_dir, { recursive: true });
  const t0 = performance.now();
  // Compiled without the column tables (PYTHONNODEBUGRANGES: tracebacks keep their line
  // numbers, lose the ^^^ markers), a third fewer brotli bytes (docs/RUNTIME.md).
  const env = job.debug_ranges ? {} : { PYTHONNODEBUGRANGES: "1" };
  const stock = await loadPyodide({ indexURL: job.pyodide_dir + path.sep, env, stdout: quiet.batched, stderr: quiet.batched });
  const stockBoot = (performance.now() - t0) / 1000;
  stock.runPython(WATCH);
  const played = await visit(stock, "stock stdlib", job.micropip_wheel);
  stock.FS.mkdirTree("/out");
  stock.FS.mount(stock.FS.filesystems.NODEFS, { root: job.out_dir }, "/out");
  stock.globals.set("STOCK", "/lib/python314.zip");
  stock.globals.set("OUT", "/out/python_stdlib.zip");
  stock.globals.set("OPTIMIZE", job.optimize);
  const compiled = JSON.parse(stock.runPython(COMPILE));
  const micropipName = path.basename(job.micropip_wheel);
  stock.FS.mkdirTree("/in");
  stock.FS.writeFile(`/in/${micropipName}`, fs.readFileSync(job.micropip_wheel));
  stock.globals.set("WHEEL_IN", `/in/${micropipName}`);
  stock.globals.set("WHEEL_OUT", `/out/${micropipName}`);
  const micropipModules = stock.runPython(COMPILE_WHEEL);
  stock.FS.unmount("/out");
  const micropipCompiled = path.join(job.out_dir, micropipName);

  // The check: the same work on a Pyodide booted from the new zip.
  const zipPath = path.join(job.out_dir, "python_stdlib.zip");
  const t1 = performance.now();
  const trimmed = await loadPyodide({
    indexURL: job.pyodide_dir + path.sep,
    stdLibURL: zipPath,
    stdout: quiet.batched,
    stderr: quiet.batched,
  });
  const trimmedBoot = (performance.now() - t1) / 1000;
  const again = await visit(trimmed, "trimmed stdlib, compiled micropip", micropipCompiled);
  if (JSON.stringify(again) !== JSON.stringify(played)) {
    throw new Error(`the games played differently on the trimmed stdlib: ${JSON.stringify(again)}`);
  }
  const report = {
    ...compiled,
    played,
    node_boot_seconds: { stock: stockBoot, trimmed: trimmedBoot },
    bytes: fs.statSync(zipPath).size,
    micropip: { wheel: micropipName, modules: micropipModules, bytes: fs.statSync(micropipCompiled).size },
  };
  fs.writeFileSync(path.join(job.out_dir, "report.json"), JSON.stringify(report, null, 1) + "\n");
  console.error(
    `[stdlib] ${compiled.files.length} of ${compiled.stock_files} stdlib files, ` +
      `${(report.bytes / 1e6).toFixed(2)} MB; Node boot ${stockBoot.toFixed(2)} s stock, ` +
      `${trimmedBoot.toFixed(2)} s trimmed`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[stdlib] failed: ${error.stack ?? error}`);
    process.exit(1);
  },
);
