"""micropip's wheel for the page: the release Pyodide's lock names, from PyPI, and what the
shipped copy leaves out."""

from __future__ import annotations

from pathlib import Path

from sitebuild.paths import CACHE, PYTHON
from sitebuild.steps import StepFailed, run

MICROPIP_VERSION = "0.11.1"


def micropip_wheel() -> Path:
    """micropip for Python 3.14 from PyPI (Pyodide's npm package does not ship it), cached.

    On CPython 3.11 a plain ``pip download micropip`` silently picks an old release, so the
    Python version and the exact release are both asked for."""
    name = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
    where = CACHE / "micropip"
    if not (where / name).is_file():
        cmd = [PYTHON, "-m", "pip", "download", "-q", f"micropip=={MICROPIP_VERSION}"]
        cmd += ["--python-version", "3.14", "--only-binary=:all:", "--no-deps", "-d", str(where)]
        run("download micropip", cmd)
        if not (where / name).is_file():
            raise StepFailed(f"download micropip: pip did not produce {name}")
    return where / name


_VENDORED_PACKAGING = "micropip/_vendored/packaging/"
MICROPIP_OMITS = (
    f"{_VENDORED_PACKAGING}src/packaging/metadata.py",  # core-metadata validation
    f"{_VENDORED_PACKAGING}src/packaging/licenses/",  # SPDX expressions (48 KB of ids)
    f"{_VENDORED_PACKAGING}README.rst",
    "micropip/_compat/_compat_not_in_pyodide.py",  # micropip outside a browser
)
"""What micropip's wheel leaves out: modules the page's install never imports (the stdlib
trace installs the engine with this wheel and records every module, micropip's own too; a
module missing here fails the build's check boot), 17 KB brotli. Its license files stay, and
its METADATA's ``License:`` field keeps its first line (the MPL's name; the full text is
``licenses/LICENSE``, also shipped)."""
