"""The engine bridge (web/py/worker.py) on CPython: JSON string in, JSON string out, the
engine's refusals as ``{error: {code, message: {code, params}}}`` (never an English sentence),
games kept by the page's id."""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pytest
from worker_bridge import call, load_worker

import engine

pytestmark = pytest.mark.cpython_only  # reads web/py/worker.py from the repository


@pytest.fixture
def worker() -> ModuleType:
    return load_worker()


def some_game() -> str:
    return sorted(engine.GAMES)[0]


def test_games_lists_the_registry_with_bot_levels(worker: ModuleType) -> None:
    reply = json.loads(worker.games())
    assert reply["ok"] is True
    assert set(reply["games"]) == set(engine.GAMES)
    for info in reply["games"].values():
        assert "easy" in info["levels"]
        assert info["min_players"] <= info["default_players"] <= info["max_players"]


def test_exports_are_the_functions_the_page_calls(worker: ModuleType) -> None:
    used = {"games", "new_game", "apply", "check", "view", "bot", "save", "load", "drop"}
    used |= {"take_back", "take_back_state"}  # table.js's Take back (engine/history.py)
    used |= {"replay_round", "challenge_replay"}  # replay.js, challenge.js
    assert used | {"install"} == set(worker.__export__)
    for name in worker.__export__:
        assert callable(getattr(worker, name))


def test_a_game_played_through_the_bridge_matches_the_engine(worker: ModuleType) -> None:
    game_id = some_game()
    players = engine.GAMES[game_id]["default_players"]
    assert call(worker, "new_game", id="a", game=game_id, players=players, seed=3) == {"ok": True}
    twin = engine.new_game(game_id, players, seed=3)
    for _ in range(12):
        seat = twin.to_act
        view = call(worker, "view", id="a", seat=seat)["view"]
        assert view == json.loads(json.dumps(twin.view(seat)))
        action = call(worker, "bot", id="a", level="easy", seed=5)["action"]
        assert action == twin.bot_action("easy", 5)
        assert call(worker, "apply", id="a", action=action) == {"ok": True}
        twin.apply(action)
    assert call(worker, "save", id="a")["save"] == twin.to_json()


def test_refusals_come_back_as_error_objects(worker: ModuleType) -> None:
    game_id = some_game()
    call(worker, "new_game", id="b", game=game_id, seed=1)
    bad = call(worker, "apply", id="b", action="no such move")
    assert bad["error"]["code"] == "malformed" and bad["error"]["message"]["code"]
    assert call(worker, "check", id="b", action="no such move")["error"]["code"] == "malformed"
    legal = engine.new_game(game_id, seed=1).legal_actions()[0]
    assert call(worker, "check", id="b", action=legal) == {"ok": True, "action": legal}
    assert call(worker, "new_game", id="c", game="snap")["error"]["code"] == "unknown-game"
    assert call(worker, "new_game", id="c", game=game_id, players=99)["error"]["code"] == (
        "bad-players"
    )
    assert call(worker, "view", id="nope", seat=None)["error"]["code"] == "no-game"
    assert call(worker, "bot", id="b", level="grandmaster", seed=0)["error"]["code"] == (
        "bad-level"
    )
    assert json.loads(worker.apply("not json"))["error"]["code"] == "bad-request"


def test_load_continues_a_save_and_refuses_a_damaged_one(worker: ModuleType) -> None:
    game = engine.new_game(some_game(), seed=8)
    game.apply(game.legal_actions()[0])
    text = game.to_json()
    reply = call(worker, "load", id="d", save=text)
    assert reply == {"ok": True, "game": game.GAME_ID, "players": game.players}
    assert call(worker, "save", id="d")["save"] == text
    damaged = call(worker, "load", id="e", save=text[:-20])
    assert damaged["error"]["code"] == "bad-save"
    assert damaged["error"]["message"]["code"] in {"save-damaged", "save-unreadable"}
    assert call(worker, "view", id="e", seat=None)["error"]["code"] == "no-game"


def test_drop_forgets_a_game(worker: ModuleType) -> None:
    call(worker, "new_game", id="f", game=some_game(), seed=1)
    assert call(worker, "drop", id="f") == {"ok": True}
    assert call(worker, "view", id="f", seat=None)["error"]["code"] == "no-game"
    assert call(worker, "drop", id="f") == {"ok": True}


def test_an_engine_bug_raises_instead_of_becoming_no_game(
    worker: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a missing id is the polite ``no-game``: a KeyError inside the engine surfaces."""
    assert call(worker, "new_game", id="g", game=some_game(), seed=1)["ok"]

    def broken(self: engine.Game, seat: int | None) -> dict[str, Any]:
        raise KeyError("hands")

    monkeypatch.setattr(engine.Game, "view", broken)
    with pytest.raises(KeyError):
        call(worker, "view", id="g", seat=0)
    assert call(worker, "view", id="missing", seat=0)["error"]["code"] == "no-game"


def test_deep_or_huge_requests_are_refused_before_parsing(worker: ModuleType) -> None:
    deep = '{"id":"g","game":"to-the-moon","options":{"dealer":' + "[" * 3_000 + "]" * 3_000 + "}}"
    assert json.loads(worker.new_game(deep))["error"]["code"] == "bad-request"
    huge = json.dumps({"id": "g", "save": "x" * 2_000_000})
    assert json.loads(worker.load(huge))["error"]["code"] == "bad-request"
    bad_save = json.dumps({"id": "g", "save": "[" * 5_000})
    assert json.loads(worker.load(bad_save))["error"]["code"] == "bad-save"


def test_refusals_carry_message_codes_and_no_english(worker: ModuleType) -> None:
    """Every refusal the page can get is a message code with JSON parameters whose English
    (for the command line) is the engine's own; no sentence crosses the bridge."""
    from engine.messages import MESSAGES, english

    game = engine.new_game("quodlibet", seed=2, options={"dealer": 0})
    call(worker, "new_game", id="q", game="quodlibet", seed=2, options={"dealer": 0})
    replies = [
        (call(worker, "apply", id="q", action="choose bribe"), "choose bribe"),
        (call(worker, "check", id="q", action="play ZZ"), "play ZZ"),
        (call(worker, "apply", id="q", action="play @1"), "play @1"),
        (call(worker, "new_game", id="c", game="quodlibet", players=3), None),
        (call(worker, "view", id="nope", seat=None), None),
        (call(worker, "load", id="e", save="{}"), None),
        (json.loads(worker.apply("not json")), None),
    ]
    for reply, action in replies:
        assert set(reply) == {"error"}
        error = reply["error"]
        assert set(error) == {"code", "message"}
        assert set(error["message"]) == {"code", "params"}
        assert error["message"]["code"] in MESSAGES
        if action is not None:
            with pytest.raises(engine.IllegalActionError) as refused:
                game.check(action)
            assert error["message"] == refused.value.words.to_json()
            assert english(error["message"]["code"], error["message"]["params"]) == str(
                refused.value
            )
        # Parameters are data (ids, numbers, what was typed), never a sentence.
        text = json.dumps(error["message"]["params"])
        assert " is " not in text and " must " not in text


def test_every_bridge_message_code_is_produced(worker: ModuleType) -> None:
    """The bridge's own codes (``request-*`` in engine/messages.py): a page bug or an id the
    worker does not hold, each refused with its code."""
    from engine.messages import MESSAGES

    call(worker, "new_game", id="r", game="to-the-moon", seed=1)
    replies = [
        json.loads(worker.apply("not json")),
        json.loads(worker.apply("[1]")),
        call(worker, "apply", id="r", action=""),
        call(worker, "new_game", id="r2", game="to-the-moon", options=[1]),
        call(worker, "bot", id="r", level="easy", seed="x"),
        call(worker, "bot", id="r", level="hard", time_ms=-1),
        call(worker, "bot", id="r", level="hard", iterations=1.5),
        call(worker, "view", id="gone", seat=None),
        call(worker, "load", id="r3", save=5),
    ]
    produced = {reply["error"]["message"]["code"] for reply in replies}
    assert produced == {code for code in MESSAGES if code.startswith("request-")}
