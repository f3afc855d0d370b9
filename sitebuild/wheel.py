"""The engine wheel (``pip wheel``, cached by a digest of its sources) and wheels rewritten
with stored entries, less the files the browser never imports."""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import importlib.util
import os
import shutil
import zipfile
from collections.abc import Sequence
from pathlib import Path

from sitebuild.paths import CACHE, PYTHON, ROOT
from sitebuild.steps import StepFailed, _sha256, run


def engine_wheel() -> Path:
    """The engine wheel, built with ``pip wheel`` and cached by a digest of its sources."""
    sources = sorted(p for p in (ROOT / "engine").rglob("*") if p.is_file())
    sources = [p for p in sources if "__pycache__" not in p.parts]
    digest = hashlib.sha256()
    for path in [ROOT / "pyproject.toml", ROOT / "README.md", *sources]:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    out = CACHE / "wheels" / digest.hexdigest()[:16]
    found = sorted(out.glob("parlour_engine-*.whl"))
    if found:
        return found[0]
    # A folder of this process's own: builds may run at once (tests, benchmarks, serve).
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    # Offline-friendly: use the installed hatchling when there is one.
    flags = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    cmd = [PYTHON, "-m", "pip", "wheel", "-q", "--no-deps", *flags, "-w", str(tmp), "."]
    run("build the engine wheel", cmd)
    built = sorted(tmp.glob("parlour_engine-*-py3-none-any.whl"))
    if len(built) != 1:
        raise StepFailed(f"build the engine wheel: expected one pure wheel, found {built}")
    try:
        tmp.rename(out)
    except OSError:  # another build cached the same wheel first: use that one
        shutil.rmtree(tmp, ignore_errors=True)
    return out / built[0].name


BROWSER_OMITS = ("engine/cli/", "engine/__main__.py")
"""What the browser's engine wheel leaves out: the terminal front end (``parlour``, ``python -m
engine``: argument parsing, console rendering, tournaments), which a page never imports. The
rules, bots and saves are the same files, byte for byte, as the CPython package's
(``tests/browser/test_runtime_stdlib_in_browser.py`` checks it); the wheel's ``RECORD`` is cut to
match and its ``entry_points.txt`` (the console script) goes too. docs/RUNTIME.md says why."""


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def _short_license(metadata: bytes) -> bytes:
    """A METADATA's ``License:`` field cut to its first line (its continuation lines, the
    whole license text, go: the wheel ships the license file itself)."""
    lines, skipping = [], False
    for line in metadata.decode().splitlines(keepends=True):
        if skipping and line.startswith((" ", "\t")):
            continue
        skipping = line.startswith("License:")
        lines.append(line)
    return "".join(lines).encode()


def stored_wheel(wheel: Path, omit: Sequence[str] = ()) -> Path:
    """The same wheel with its entries stored, not deflated (cached by content): the host
    compresses the whole file on the wire, which beats zip's per-entry deflate (micropip and
    the engine: 247 KB brotli as built, docs/RUNTIME.md). Installers read either. ``omit``:
    path prefixes left out (``BROWSER_OMITS``, ``MICROPIP_OMITS``); when anything is
    omitted, the console scripts that could name them go too, METADATA's license text is cut
    to its name (``_short_license``) and ``RECORD`` lists exactly what is left, with the
    hashes of the files changed."""
    key = _sha256(wheel.read_bytes() + "\0".join(omit).encode())[:16]
    out = CACHE / "stored-wheels" / key / wheel.name
    if out.is_file():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")

    def dropped(name: str) -> bool:
        return name.startswith(tuple(omit)) or (
            bool(omit) and name.endswith(".dist-info/entry_points.txt")
        )

    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as dst:
        kept: dict[str, bytes] = {}
        for info in src.infolist():
            if not dropped(info.filename):
                data = src.read(info)
                if omit and info.filename.endswith(".dist-info/METADATA"):
                    data = _short_license(data)
                kept[info.filename] = data
        for info in src.infolist():
            if info.filename not in kept:
                continue
            data = kept[info.filename]
            if omit and info.filename.endswith(".dist-info/RECORD"):
                data = "".join(
                    f"{name},,\n" if name == info.filename else _record_line(name, body)
                    for name, body in kept.items()
                ).encode()
            entry = zipfile.ZipInfo(info.filename, info.date_time)
            entry.external_attr = info.external_attr
            dst.writestr(entry, data)
    tmp.replace(out)
    return out
