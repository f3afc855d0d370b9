"""The bridge's take back (web/py/worker.py ``take_back_state``, ``take_back``) on CPython:
the engine's history (engine/history.py) behind JSON, refusals as messages, nothing changed
by a refusal."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.cpython_only  # reads web/py/worker.py from the repository

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def worker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("parlour_worker", ROOT / "web/py/worker.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def call(worker: ModuleType, name: str, **request: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(getattr(worker, name)(json.dumps(request)))
    return data


def test_take_back_through_the_bridge(worker: ModuleType) -> None:
    assert call(worker, "new_game", id="g", game="to-the-moon", players=2, seed=4)["ok"]
    start = call(worker, "save", id="g")["save"]
    state = call(worker, "take_back_state", id="g", seat=0)
    assert state == {
        "ok": True,
        "available": False,
        "reason": {"code": "history-nothing-to-take-back", "params": {"seat": 0}},
        "seats": [],
    }
    refused = call(worker, "take_back", id="g", seat=0)
    assert refused["error"]["code"] == "illegal"
    assert refused["error"]["message"]["code"] == "history-nothing-to-take-back"
    assert call(worker, "save", id="g")["save"] == start
    moved = []
    while len(moved) < 3:  # a move of each seat, and one more
        seat = call(worker, "view", id="g", seat=None)["view"]["to_act"]
        action = call(worker, "bot", id="g", level="easy", seed=1)["action"]
        assert call(worker, "apply", id="g", action=action)["ok"]
        moved.append(seat)
    first = moved[0]
    state = call(worker, "take_back_state", id="g", seat=first)
    last = max(i for i, s in enumerate(moved) if s == first)
    assert state["available"] is True
    assert state["seats"] == moved[last:]
    undone = call(worker, "take_back", id="g", seat=first)
    assert undone == {"ok": True, "undone": 3 - last}
    assert call(worker, "view", id="g", seat=None)["view"]["to_act"] == first
    for bad in (5, True, "0"):
        assert call(worker, "take_back_state", id="g", seat=bad)["error"]["code"] == "bad-seat"
    assert call(worker, "take_back", id="nope", seat=0)["error"]["code"] == "no-game"
