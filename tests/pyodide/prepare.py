"""Set-up shared by the Pyodide test run and the benchmark (stdlib only, CPython side).

- ``ensure_node_modules``: ``npm ci`` when ``node_modules`` is missing or stale (the function
  lives in ``sitebuild/tools_install.py``; the repository root goes on ``sys.path`` for it).
- ``pytest_wheels``: pytest and its dependencies as pure Python 3.14 wheels, pinned with hashes
  in ``requirements.txt`` and cached in ``.cache/pyodide-wheels/``; downloaded only when a
  pinned wheel is missing from the cache, so a second run costs a few hashes.
- ``engine_wheel``: the engine built as a wheel from the working tree into a private temporary
  folder (removed afterwards), so runs in parallel never see each other's half-written wheel.

Nothing is fetched except from PyPI (pip) and npm: Pyodide itself comes from ``node_modules``.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: sitebuild

from sitebuild import stdlib, tools_install, wheel
from sitebuild.steps import StepFailed

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CACHE = ROOT / ".cache"
WHEEL_CACHE = CACHE / "pyodide-wheels"
REQUIREMENTS = HERE / "requirements.txt"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"

_PIN = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})\s*$")


class SetupError(Exception):
    """Something the Pyodide run needs could not be set up; the message says what."""


def say(message: str) -> None:
    print(f"[pyodide] {message}", flush=True)


def ensure_node_modules() -> None:
    """``npm ci`` if ``node_modules`` does not match ``package-lock.json``; check Node is here."""
    if shutil.which("node") is None:
        raise SetupError("node is not installed (Node 20 is needed)")
    try:
        tools_install.ensure_node_modules()
    except StepFailed as exc:
        raise SetupError(str(exc)) from exc
    if not (PYODIDE_DIR / "pyodide.mjs").is_file():
        raise SetupError(f"{PYODIDE_DIR / 'pyodide.mjs'} is missing after npm ci")


def site_stdlib() -> Path | None:
    """The trimmed stdlib zip the site ships (``sitebuild.stdlib``'s, cached), or None when
    ``PARLOUR_STDLIB=full`` asks for Pyodide's stock one, as ``build.py build --stdlib full``."""
    if os.environ.get("PARLOUR_STDLIB") == "full":
        return None
    try:
        path, _name, _micropip = stdlib.runtime_stdlib("trimmed", wheel.engine_wheel())
    except StepFailed as exc:
        raise SetupError(str(exc)) from exc
    found: Path = path
    return found


def pinned_hashes() -> dict[str, str]:
    """``{sha256: "name==version"}`` for every pin in ``requirements.txt``."""
    pins: dict[str, str] = {}
    for line in REQUIREMENTS.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = _PIN.match(line)
        if match is None:
            raise SetupError(f"{REQUIREMENTS}: expected 'name==version --hash=sha256:…': {line}")
        name, version, digest = match.groups()
        pins[digest] = f"{name}=={version}"
    return pins


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _cached_wheels(pins: dict[str, str]) -> dict[str, Path]:
    """``{sha256: path}`` for cached wheels whose hash is pinned."""
    found: dict[str, Path] = {}
    if WHEEL_CACHE.is_dir():
        for path in sorted(WHEEL_CACHE.glob("*.whl")):
            digest = _sha256(path)
            if digest in pins:
                found[digest] = path
    return found


def pytest_wheels() -> list[Path]:
    """The pinned wheels, downloading them from PyPI only if the cache lacks one."""
    pins = pinned_hashes()
    found = _cached_wheels(pins)
    if len(found) < len(pins):
        missing = sorted(pins[d] for d in pins if d not in found)
        say(f"downloading {', '.join(missing)} (Python 3.14 wheels) into {WHEEL_CACHE}")
        WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
        cmd = [
            sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
            "--require-hashes", "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
            "--implementation", "py", "--abi", "none", "--platform", "any",
            "-d", str(WHEEL_CACHE), "-r", str(REQUIREMENTS),
        ]  # fmt: skip
        if subprocess.call(cmd) != 0:
            raise SetupError("pip download of the Pyodide test wheels failed")
        found = _cached_wheels(pins)
        if len(found) < len(pins):
            raise SetupError("pip download did not produce every pinned wheel")
    return [found[d] for d in sorted(found, key=lambda d: pins[d])]


@contextmanager
def engine_wheel() -> Iterator[Path]:
    """Build the engine wheel from the working tree; yield its path; delete it afterwards."""
    CACHE.mkdir(exist_ok=True)
    out = Path(tempfile.mkdtemp(prefix="engine-wheel-", dir=CACHE))
    try:
        # --no-build-isolation: hatchling is already installed (the ``test`` extra), which
        # keeps this offline and under a second.
        cmd = [
            sys.executable, "-m", "pip", "wheel", "-q", "--disable-pip-version-check",
            "--no-deps", "--no-build-isolation", "-w", str(out), str(ROOT),
        ]  # fmt: skip
        if subprocess.call(cmd, cwd=out) != 0:
            raise SetupError("building the engine wheel failed (is hatchling installed?)")
        wheels = sorted(out.glob("*.whl"))
        if len(wheels) != 1:
            raise SetupError(f"expected one engine wheel in {out}, found {len(wheels)}")
        yield wheels[0]
    finally:
        shutil.rmtree(out, ignore_errors=True)
