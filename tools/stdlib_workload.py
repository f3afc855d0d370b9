"""What the page asks of the worker, run inside Pyodide to trace the stdlib it imports.

``tools/stdlib_trace.mjs`` imports this file in the booted Pyodide after installing the
engine wheel with micropip (as the page does) and calls ``run(worker)`` with the worker
module (``web/py/worker.py``). It goes through every path the page can reach: the catalog;
every game at every player count (the usual table played to its end, the others for some
moves); every computer level (``hard`` on a tiny budget, in the first moves); checks, saves
and loads; and every refusal (an illegal or malformed action, a bad save, an unknown game,
option or level, an unknown id, a malformed request).

Stdlib only, and only what the worker would import anyway: ``json``. Runs on CPython too
(``tests/test_runtime_stdlib.py``).
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

MAX_MOVES = 2_000
"""A game that has not ended after this many moves is a bug in the engine: refused."""


def _call(worker: ModuleType, name: str, **request: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(getattr(worker, name)(json.dumps(request)))
    return reply


def _ok(worker: ModuleType, name: str, **request: Any) -> dict[str, Any]:
    reply = _call(worker, name, **request)
    if not reply.get("ok"):
        raise AssertionError(f"{name}({request}) was refused: {reply}")
    return reply


def _refused(worker: ModuleType, name: str, **request: Any) -> str:
    reply = _call(worker, name, **request)
    error = reply.get("error")
    if not isinstance(error, dict) or not error.get("code"):
        raise AssertionError(f"{name}({request}) should have been refused: {reply}")
    return str(error["code"])


def _play(
    worker: ModuleType, game_id: str, players: int, levels: list[str], seed: int, moves_max: int
) -> int:
    """One game to its end (or ``moves_max`` moves), computer seats cycling through ``levels``;
    returns its moves."""
    gid = f"{game_id}-{players}-{seed}"
    _ok(worker, "new_game", id=gid, game=game_id, players=players, seed=seed, options={})
    moves = 0
    while moves < min(moves_max, MAX_MOVES):
        view = _ok(worker, "view", id=gid, seat=None)["view"]
        if view["over"]:
            break
        seat = view["to_act"]
        _ok(worker, "view", id=gid, seat=seat)
        # Every level in the first moves, then the cheap ones (a search adds no imports).
        cheap = [level for level in levels if level != "hard"] or levels
        pool = levels if moves < len(levels) * 2 else cheap
        level = pool[(seat + moves) % len(pool)]
        budget = {"iterations": 2} if level == "hard" else {}
        action = _ok(worker, "bot", id=gid, level=level, seed=moves, **budget)["action"]
        _ok(worker, "check", id=gid, action=action)
        _ok(worker, "apply", id=gid, action=action)
        moves += 1
        if moves == 3:  # a save and a resume mid-game, as after a reload
            text = _ok(worker, "save", id=gid)["save"]
            _ok(worker, "load", id=gid, save=text)
    else:
        if moves_max >= MAX_MOVES:
            raise AssertionError(f"{game_id} did not end in {MAX_MOVES} moves")
    text = _ok(worker, "save", id=gid)["save"]
    _ok(worker, "load", id=f"{gid}-loaded", save=text)
    _ok(worker, "drop", id=f"{gid}-loaded")
    _ok(worker, "drop", id=gid)
    return moves


def _refusals(worker: ModuleType, game_id: str, players: int) -> None:
    gid = f"{game_id}-refusals"
    _ok(worker, "new_game", id=gid, game=game_id, players=players, seed=1, options={})
    _refused(worker, "apply", id=gid, action="not an action at all")
    _refused(worker, "check", id=gid, action="")
    _refused(worker, "apply", id=gid, action="zz 99")
    _refused(worker, "load", id=gid, save="{not json")
    _refused(worker, "load", id=gid, save=json.dumps({"format": "parlour", "version": 999}))
    text = _ok(worker, "save", id=gid)["save"]
    _refused(worker, "load", id=gid, save=text[: len(text) // 2])
    _refused(worker, "load", id=gid, save=None)
    _refused(worker, "new_game", id="x", game=game_id, players=99, seed=1, options={})
    _refused(worker, "new_game", id="x", game=game_id, players=players, seed=1, options={"no": 1})
    _refused(worker, "bot", id=gid, level="grandmaster", seed=0)
    _refused(worker, "bot", id=gid, level="hard", seed=0, time_ms=-1)
    _ok(worker, "drop", id=gid)


def run(worker: ModuleType) -> dict[str, int]:
    """Every path; returns the moves played per game (a sign the games really ran)."""
    catalog = json.loads(worker.games())["games"]
    played: dict[str, int] = {}
    for game_id, info in sorted(catalog.items()):
        levels = list(info["levels"])
        for players in range(info["min_players"], info["max_players"] + 1):
            # The usual table to the end; the other sizes for a few rounds of moves.
            most = MAX_MOVES if players == info["default_players"] else 12 * players
            played[f"{game_id}/{players}"] = _play(worker, game_id, players, levels, players, most)
        _refusals(worker, game_id, info["default_players"])
    _refused(worker, "new_game", id="x", game="no-such-game", players=2, seed=1, options={})
    _refused(worker, "view", id="never-started", seat=None)
    for text in ("not json", "[1, 2]", json.dumps({"id": ""})):
        reply = json.loads(worker.view(text))
        if "error" not in reply:
            raise AssertionError(f"view({text!r}) should have been refused: {reply}")
    return played
