"""What every step shares: ``StepFailed``, ``say``, ``run`` (a command, timed for the final
summary line), and small helpers for hashes, copies and loading ``tools/``."""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from sitebuild.paths import ROOT


class StepFailed(Exception):
    """A named step of a subcommand failed; the message says which and why."""


STEPS_DONE: list[tuple[str, float]] = []
"""``(step, seconds)`` for every command ``run`` finished, for the final summary line."""


def say(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(step: str, cmd: Sequence[str], *, ok_codes: Sequence[int] = (0,)) -> None:
    """Run ``cmd`` from the repo root, streaming its output; raise ``StepFailed`` otherwise."""
    say(f"{step}: {' '.join(cmd)}")
    start = time.monotonic()
    try:
        code = subprocess.call(list(cmd), cwd=ROOT)
    except FileNotFoundError as exc:
        raise StepFailed(f"{step}: cannot run {cmd[0]!r} ({exc})") from exc
    if code not in ok_codes:
        why = " (pytest collected no tests)" if code == 5 and "pytest" in step else ""
        raise StepFailed(f"{step} failed (exit code {code}){why}")
    STEPS_DONE.append((step, time.monotonic() - start))


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def load_tool(name: str) -> ModuleType:
    """A module of ``tools/`` (stdlib only), loaded by path: ``tools/`` is a folder of
    scripts, not a package, and the build runs before anything is installed."""
    spec = importlib.util.spec_from_file_location(f"parlour_{name}", ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module
