"""Pyodide's lock file cut to what the page resolves."""

from __future__ import annotations

import json
from pathlib import Path

from sitebuild.steps import StepFailed, _sha256


def page_lock(lock_text: str, micropip: Path | None) -> str:
    """Pyodide's lock cut to what the page resolves: its ``info`` (Pyodide checks the Python
    version in it) and micropip with whatever it depends on, or no package at all when the
    engine is not installed with micropip. The page never loads another package from it (the
    engine wheel has no dependencies), and the stock lock is 111 KB. micropip's hash is set to
    the PyPI wheel we ship: the two differ, and the browser's integrity check would refuse it."""
    lock = json.loads(lock_text)
    packages: dict[str, dict[str, object]] = lock["packages"]
    keep: dict[str, dict[str, object]] = {}
    todo = ["micropip"] if micropip is not None else []
    while todo:
        name = todo.pop()
        if name not in keep:
            keep[name] = packages[name]
            todo.extend(str(dep) for dep in packages[name].get("depends", []))  # type: ignore[attr-defined]
    if micropip is not None:
        entry = keep["micropip"]
        if entry["file_name"] != micropip.name:
            raise StepFailed(
                f"vendor Pyodide: its lock wants {entry['file_name']}, not {micropip.name}"
            )
        entry["sha256"] = _sha256(micropip.read_bytes())
    trimmed = {"info": lock["info"], "packages": dict(sorted(keep.items()))}
    return json.dumps(trimmed, separators=(",", ":"))
