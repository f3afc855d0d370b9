"""The worker's replay and challenge functions (web/py/worker.py) on CPython: a round's
steps are exactly the engine's views for the replaying seat, and a challenge replays to its
score only when its moves are the challenger's own."""

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


def play_in_step(worker: ModuleType, game: engine.Game, level: str, seed: int) -> engine.Game:
    """Play ``game`` (a twin of the worker's game "g") by the computer at ``level`` to the end
    of round 1, each move through the worker's own ``apply`` so the two stay in step."""
    while game.round < 2 and not game.is_over:
        action = game.bot_action(level, seed)
        game.apply(action)
        assert call(worker, "apply", id="g", action=action)["ok"], action
    assert call(worker, "save", id="g")["save"] == game.to_json()
    return game


SETUPS = [
    ("nine-virtues", 3, {}),
    ("to-the-moon", 2, {}),
    ("quodlibet", 4, {"contracts": ["good-hunting", "minus"]}),
]


@pytest.mark.parametrize(("game_id", "players", "options"), SETUPS)
def test_replay_steps_are_the_engines_views_for_that_seat(
    worker: ModuleType, game_id: str, players: int, options: dict[str, Any]
) -> None:
    assert call(
        worker, "new_game", id="g", game=game_id, players=players, seed=11, options=options
    )["ok"]
    game = play_in_step(worker, engine.new_game(game_id, players, 11, options), "normal", 11)
    for seat in [0, None]:
        reply = call(worker, "replay_round", id="g", seat=seat, round=1)
        twin = engine.new_game(game_id, players, 11, options)
        steps = reply["steps"]
        for k, step in enumerate(steps):
            expected = json.loads(json.dumps(twin.view(seat)))
            assert step["view"] == {**expected, "legal": []}, f"step {k}"
            decision = {"seat": twin.to_act, "action": None}
            action = game.log and [e for e in game.log if "action" in e][k]["action"]
            decision["action"] = action
            if k + 1 < len(steps):
                assert steps[k + 1]["move"] == decision
            else:
                assert reply["last"] == decision
            twin.apply(action)
        assert twin.round == 2 or twin.is_over  # the steps end with the round
        assert reply["entry"] == json.loads(json.dumps(game.score_sheet[0]))


def test_replay_refuses_a_round_not_yet_scored_and_a_bad_seat(worker: ModuleType) -> None:
    call(worker, "new_game", id="g", game="to-the-moon", players=2, seed=3)
    assert call(worker, "replay_round", id="g", seat=0, round=1)["error"]["code"] == "bad-option"
    play_in_step(worker, engine.new_game("to-the-moon", 2, 3), "easy", 3)
    assert call(worker, "replay_round", id="g", seat=4, round=1)["error"]["code"] == "bad-seat"
    assert call(worker, "replay_round", id="nope", seat=0, round=1)["error"]["code"] == "no-game"


def challenger_game(seed: int) -> tuple[engine.Game, list[str]]:
    """A Quodlibet deal of Minus as the table plays it: computers at normal with the game's
    seed; the person's moves are another seed's easy choices."""
    game = engine.new_game("quodlibet", 4, seed, {"contracts": ["minus"]})
    moves = []
    while not game.is_over:
        if game.to_act == 0:
            moves.append(game.bot_action("easy", 99))
            game.apply(moves[-1])
        else:
            game.apply(game.bot_action("normal", seed))
    return game, moves


def replay(
    worker: ModuleType, seed: int, moves: list[str], levels: list[Any] | None = None
) -> dict[str, Any]:
    return call(
        worker,
        "challenge_replay",
        game="quodlibet",
        players=4,
        seed=seed,
        options={"contracts": ["minus"]},
        seats=["human", "bot", "bot", "bot"],
        levels=levels or [None, "normal", "normal", "normal"],
        moves=moves,
    )


def test_a_challenge_replays_to_the_challengers_score(worker: ModuleType) -> None:
    game, moves = challenger_game(8)
    reply = replay(worker, 8, moves)
    assert reply == {
        "ok": True,
        "complete": True,
        "totals": game.totals,
        "rounds": [entry["scores"] for entry in game.score_sheet],
    }


def test_edited_challenges_do_not_replay_to_their_score(worker: ModuleType) -> None:
    game, moves = challenger_game(8)
    assert replay(worker, 8, moves[:-1]) == {
        "ok": True,
        "complete": False,
        "reason": "short",
        "at": len(moves) - 1,
    }
    assert replay(worker, 8, [*moves, "play 7H"])["reason"] == "long"
    edited = ["play ZZ", *moves[1:]]
    assert replay(worker, 8, edited) == {
        "ok": True,
        "complete": False,
        "reason": "illegal",
        "at": 0,
    }
    # Another legal first move: a different game (or refused later), never the same claim.
    other = [
        a
        for a in engine.new_game("quodlibet", 4, 8, {"contracts": ["minus"]}).legal_actions()
        if a != moves[0]
    ]
    changed = replay(worker, 8, [other[0], *moves[1:]])
    assert (
        not changed["complete"]
        or changed["totals"] != game.totals
        or changed["rounds"] != [e["scores"] for e in game.score_sheet]
    )
    # A hard computer's moves depend on the device's speed: not a challenge.
    assert (
        replay(worker, 8, moves, [None, "hard", "normal", "normal"])["error"]["code"]
        == "bad-request"
    )
