"""The stdlib made for these games: traced, compiled to ``.pyc``, checked (docs/RUNTIME.md, "A
stdlib made for these games"), and micropip's wheel compiled the same way.

``build.py build`` calls ``trimmed_stdlib``; ``tools/stdlib_trace.mjs`` does the work inside
the vendored Pyodide under Node (see its header): it traces the imports of a whole visit
(Pyodide's boot, micropip installing the engine wheel, PyScript's worker prelude, and
``web/py/worker.py`` driven by ``tools/stdlib_workload.py`` through every game, level, save
and refusal), compiles exactly those stock stdlib files with Pyodide's own Python 3.14, and
boots a second Pyodide from the result to do the whole visit again, so a missing module
fails the build. The zip is cached in ``.cache/stdlib/`` by a digest of everything that
can change it. Stdlib only (runs before anything is installed).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
TRACE = HERE / "stdlib_trace.mjs"
WORKLOAD = HERE / "stdlib_workload.py"
CACHE_FORMAT = "2"
"""Bump to rebuild every cached zip when this file changes how it is made (the key holds the
trace's files, its inputs, ``SAFETY`` and ``OPTIMIZE``, not this file)."""

SAFETY = (
    # Codecs a browser or a file may hand Python that the trace need not meet: the text of a
    # save code or an imported save file arrives as UTF-8 (with or without a byte-order
    # mark) or, from an old editor, UTF-16, Latin-1 or Windows-1252; IDNA is how Python
    # spells a host name's encoding; cp437 is zipfile's for a wheel's file names.
    "encodings.ascii",
    "encodings.cp1252",
    "encodings.cp437",
    "encodings.idna",
    "encodings.latin_1",
    "encodings.utf_16",
    "encodings.utf_16_be",
    "encodings.utf_16_le",
    "encodings.utf_32",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    # A bug's traceback reaches the page's error screen: its formatting must not need a
    # module that is missing (the trace raises one error, this keeps the rest of that path).
    "linecache",
    "traceback",
    "tokenize",
)
"""Modules kept even if the trace does not import them (with what they import)."""


OPTIMIZE = 2
"""``compile(optimize=...)`` for the ``.pyc``: 2 leaves out docstrings and asserts (a third of
the bytes; nothing here reads a stdlib docstring, and the check boot proves the visit runs)."""


DEBUG_RANGES = False
"""Keep the column tables of each code object (PEP 657) in the ``.pyc``? Without them (as
``-X no_debug_ranges`` compiles) a traceback through the stdlib keeps its file and line
numbers and loses only the ``^^^`` markers under the failing expression, and the zip is a
third smaller on the wire (1.11 -> ~0.75 MB brotli)."""


class StdlibError(Exception):
    """The trimmed stdlib could not be made or failed its check; the message says why."""


@dataclass(frozen=True)
class Stdlib:
    zip: Path
    report: dict[str, object]

    @property
    def micropip(self) -> Path:
        """micropip's wheel, its modules compiled like the stdlib's (sourceless ``.pyc``),
        checked by the trace's second visit: the wheel the page installs the engine with."""
        made = self.report["micropip"]
        assert isinstance(made, dict)
        return self.zip.with_name(str(made["wheel"]))


def _code_of(path: Path) -> bytes:
    """A file's bytes; for a wheel only its Python files (its metadata carries the README,
    whose edits change nothing the trace sees)."""
    if path.suffix != ".whl":
        return path.read_bytes()
    with zipfile.ZipFile(path) as wheel:
        names = sorted(n for n in wheel.namelist() if n.endswith(".py"))
        return b"".join(n.encode() + b"\0" + wheel.read(n) + b"\0" for n in names)


def _digest(paths: list[Path], extra: list[str]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode() + b"\0" + _code_of(path) + b"\0")
    for item in extra:
        digest.update(item.encode() + b"\0")
    return digest.hexdigest()[:16]


def trimmed_stdlib(
    *,
    pyodide_dir: Path,
    micropip_wheel: Path,
    engine_wheel: Path,
    worker: Path,
    pyscript_stdlib: Path,
    cache: Path,
    say: object = print,
) -> Stdlib:
    """The trimmed, compiled ``python_stdlib.zip`` (cached), and the trace's report."""
    inputs = [
        pyodide_dir / "python_stdlib.zip",
        pyodide_dir / "pyodide.asm.wasm",
        micropip_wheel,
        engine_wheel,
        worker,
        TRACE,
        WORKLOAD,
        *sorted((pyscript_stdlib / "pyscript").glob("*.py")),
    ]
    key = _digest(inputs, [CACHE_FORMAT, str(OPTIMIZE), str(DEBUG_RANGES), *SAFETY])
    out = cache / key
    if (out / "python_stdlib.zip").is_file() and (out / "report.json").is_file():
        cached = Stdlib(out / "python_stdlib.zip", json.loads((out / "report.json").read_text()))
        if cached.micropip.is_file():
            return cached
    if shutil.which("node") is None:
        raise StdlibError("the trimmed stdlib needs Node (or build with --stdlib full)")
    cache.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f"{key}.", suffix=".tmp", dir=cache))  # builds may overlap
    job = {
        "pyodide_dir": str(pyodide_dir),
        "micropip_wheel": str(micropip_wheel),
        "engine_wheel": str(engine_wheel),
        "worker": str(worker),
        "workload": str(WORKLOAD),
        "pyscript_stdlib": str(pyscript_stdlib),
        "safety": list(SAFETY),
        "optimize": OPTIMIZE,
        "debug_ranges": DEBUG_RANGES,
        "out_dir": str(tmp),
    }
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(job, handle)
    if callable(say):
        say("build: tracing the stdlib the games use (Pyodide under Node, once per change)")
    try:
        done = subprocess.run(
            ["node", str(TRACE), handle.name], capture_output=True, text=True, check=False
        )
    finally:
        Path(handle.name).unlink(missing_ok=True)
    if done.returncode != 0 or not (tmp / "report.json").is_file():
        shutil.rmtree(tmp, ignore_errors=True)
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-25:])
        raise StdlibError(f"tracing the stdlib failed (exit {done.returncode}):\n{tail}")
    try:
        tmp.rename(out)
    except OSError:  # another build finished the same zip first: keep that one
        shutil.rmtree(tmp, ignore_errors=True)
    return Stdlib(out / "python_stdlib.zip", json.loads((out / "report.json").read_text()))
