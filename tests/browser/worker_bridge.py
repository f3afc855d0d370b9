"""The page's Python bridge (web/py/worker.py) loaded into CPython for tests: a fresh module
each time (its games are module state), and a call with a JSON request and reply as the
worker makes them."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

WORKER = Path(__file__).resolve().parents[2] / "web/py/worker.py"


def load_worker() -> ModuleType:
    """A fresh copy of web/py/worker.py (no games in it yet)."""
    spec = importlib.util.spec_from_file_location("parlour_worker", WORKER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def call(worker: ModuleType, name: str, **request: Any) -> dict[str, Any]:
    """``worker.<name>`` with ``request`` as JSON text, its JSON text reply as a dict."""
    reply = getattr(worker, name)(json.dumps(request))
    assert isinstance(reply, str)
    data: dict[str, Any] = json.loads(reply)
    return data
