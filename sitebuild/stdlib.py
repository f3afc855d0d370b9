"""The Python stdlib the page ships: the trimmed zip (traced by tools/runtime_stdlib.py) or
Pyodide's stock one."""

from __future__ import annotations

import re
from pathlib import Path

from sitebuild.micropip import MICROPIP_OMITS, micropip_wheel
from sitebuild.paths import CACHE, ROOT, WEB
from sitebuild.steps import StepFailed, _sha256, load_tool, say
from sitebuild.wheel import BROWSER_OMITS, stored_wheel

STOCK_STDLIB = "python_stdlib.zip"
STDLIBS = ("trimmed", "full")
"""``trimmed``: the stdlib files a visit imports, compiled to ``.pyc`` (tools/runtime_stdlib.py),
as ``python_stdlib-<hash>.zip``; ``full``: Pyodide's stock ``python_stdlib.zip``."""
DEFAULT_STDLIB = "trimmed"
STDLIB_LINE = re.compile(r"^const STDLIB = .*; // build:stdlib$", re.MULTILINE)
"""The line of ``web/py/boot.mjs`` that names the stdlib zip it passes as ``stdLibURL``."""


def runtime_stdlib(stdlib: str, wheel: Path) -> tuple[Path, str, Path]:
    """The stdlib zip to ship, its name in ``vendor/pyodide-*/`` and micropip's wheel to ship
    beside it: the stock zip and micropip as published (less ``MICROPIP_OMITS``, stored), or
    the trimmed zip (traced and checked by tools/runtime_stdlib.py, cached by content) under a
    name carrying its hash, as everything in ``vendor/`` is cached for good, and micropip
    compiled to ``.pyc`` by the same trace (which installs the engine with it to check it)."""
    stock = ROOT / "node_modules" / "pyodide" / STOCK_STDLIB
    if stdlib == "full":
        return stock, STOCK_STDLIB, stored_wheel(micropip_wheel(), MICROPIP_OMITS)
    tool = load_tool("runtime_stdlib")
    try:
        made = tool.trimmed_stdlib(
            pyodide_dir=stock.parent,
            # The wheels as the page gets them, so the trace sees what the browser imports.
            micropip_wheel=stored_wheel(micropip_wheel(), MICROPIP_OMITS),
            engine_wheel=stored_wheel(wheel, BROWSER_OMITS),
            worker=WEB / "py" / "worker.py",
            pyscript_stdlib=ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib",
            cache=CACHE / "stdlib",
            say=say,
        )
    except tool.StdlibError as exc:
        raise StepFailed(f"build: {exc}") from exc
    report = made.report
    say(
        f"build: stdlib trimmed to {len(report['files'])} of {report['stock_files']} files, "
        f"compiled (Node boot {report['node_boot_seconds']['stock']:.1f} s stock, "
        f"{report['node_boot_seconds']['trimmed']:.1f} s trimmed)"
    )
    path: Path = made.zip
    return path, f"python_stdlib-{_sha256(path.read_bytes())[:10]}.zip", made.micropip
