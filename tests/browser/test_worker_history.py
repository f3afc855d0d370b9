"""The bridge's take back (web/py/worker.py ``take_back_state``, ``take_back``) on CPython:
the engine's history (engine/history.py) behind JSON, refusals as messages, nothing changed
by a refusal."""

from __future__ import annotations

from types import ModuleType

import pytest
from worker_bridge import call, load_worker

pytestmark = pytest.mark.cpython_only  # reads web/py/worker.py from the repository


@pytest.fixture
def worker() -> ModuleType:
    return load_worker()


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


def test_after_a_take_back_the_same_move_gets_the_same_reply(worker: ModuleType) -> None:
    """Issue 14: taking back reveals nothing new. The computers answer a repeated move with
    the reply they gave before, even where their own search would now choose otherwise (a
    hard level stopped by the page's time cap): here the replies are asked with another seed,
    which chooses otherwise in a copy of the game, so only the remembered replies can match.
    A different move forgets them, and so does a load."""
    assert call(worker, "new_game", id="g", game="to-the-moon", players=2, seed=4)["ok"]

    def to_act(game: str = "g") -> int:
        return int(call(worker, "view", id=game, seat=None)["view"]["to_act"])

    person = to_act()
    mine = call(worker, "bot", id="g", level="easy", seed=1)["action"]
    assert call(worker, "apply", id="g", action=mine)["ok"]
    before = call(worker, "save", id="g")["save"]
    replies = []
    while to_act() != person:
        action = call(worker, "bot", id="g", level="easy", seed=1)["action"]
        assert call(worker, "apply", id="g", action=action)["ok"]
        replies.append(action)
    after = call(worker, "save", id="g")["save"]
    # A seed that would not have replied so, found in a copy (a load remembers nothing).
    assert call(worker, "load", id="copy", save=before)["ok"]
    seed = next(
        s
        for s in range(2, 200)
        if call(worker, "bot", id="copy", level="easy", seed=s)["action"] != replies[0]
    )

    assert call(worker, "take_back", id="g", seat=person)["undone"] == 1 + len(replies)
    assert call(worker, "apply", id="g", action=mine)["ok"]
    for reply in replies:
        assert call(worker, "bot", id="g", level="easy", seed=seed)["action"] == reply
        assert call(worker, "apply", id="g", action=reply)["ok"]
    assert call(worker, "save", id="g")["save"] == after

    # Off that line the computers choose afresh: as in a loaded copy of the same game.
    assert call(worker, "take_back", id="g", seat=person)["ok"]
    legal = call(worker, "view", id="g", seat=person)["view"]["legal"]
    other = next(a for a in legal if a != mine)
    assert call(worker, "apply", id="g", action=other)["ok"]
    assert to_act() != person
    assert call(worker, "load", id="copy", save=call(worker, "save", id="g")["save"])["ok"]
    fresh = call(worker, "bot", id="g", level="easy", seed=seed)["action"]
    assert fresh == call(worker, "bot", id="copy", level="easy", seed=seed)["action"]
