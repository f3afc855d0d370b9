"""The engine's side of the browser bridge: runs inside a PyScript worker (Pyodide).

The page never sees a Python object. Every exported function takes one JSON string and
returns one JSON string (``web/js/engine.js`` is the only caller):

- success: ``{"ok": true, ...}`` with the function's result fields;
- a refused request: ``{"error": {"code": ..., "message": {"code": ..., "params": {...}}}}``
  where the outer ``code`` is one of ``engine.ERROR_CODES`` or ``bad-save`` (a save that
  does not load), ``no-game`` (an id the worker does not hold) or ``bad-request`` (the page
  sent something malformed), and ``message`` says exactly what, as an ``engine.Message``:
  a code of ``engine/messages.py`` with plain JSON parameters (docs/ENGINE.md, "Messages"). No
  English sentence crosses the bridge: ``web/js/words/engine-words.js`` words the message in
  the reader's language.

Anything else (a bug) raises, so PyScript rejects the page's promise with the traceback and
the page shows its error screen instead of carrying on in a wrong state.

Games live here, keyed by an id the page chooses (its save id), so the page can resume a
save under the same id. The module imports ``engine`` lazily: when the engine wheel is
installed by ``install`` (the ``loadpackage`` variant) the worker has to start without it.
It runs unchanged on CPython, where ``tests/browser/test_worker_api.py`` drives it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from types import ModuleType
from typing import Any

JSON = Any

_games: dict[str, Any] = {}
"""Games in play, by the page's id (values are ``engine.Game``)."""

# What a take back undid, per game id: {start, moves, seat}. The game had the decisions
# ``moves`` after its first ``start``; ``seat`` took them back. When the same moves are made
# again, each computer answers with the reply it gave before (``bot``), so a take back never
# shows anything new: the replies are the same for the same moves even when a search level's
# time cap (the page's ``time_ms``) would have stopped it elsewhere this time. A different move
# ends the memory; so do a load, a new game under the id and ``drop``.
_undone: dict[str, dict[str, Any]] = {}


def _engine() -> ModuleType:
    import engine

    return engine


def _reply(fields: dict[str, JSON]) -> str:
    return json.dumps({"ok": True, **fields}, separators=(",", ":"))


def _refuse(code: str, message: Any) -> str:
    """``message``: an ``engine.Message``."""
    error = {"code": code, "message": message.to_json()}
    return json.dumps({"error": error}, separators=(",", ":"))


def _message(code: str, **params: JSON) -> Any:
    return _engine().Message(code, params)


class _BadRequest(Exception):
    """The page sent a request this module cannot read (a bug in the page, reported):
    ``args`` are a message code and its parameters."""

    def __init__(self, code: str, **params: JSON) -> None:
        super().__init__(code)
        self.words = _message(code, **params)


class _NoGame(Exception):
    """The page named a game id this worker does not hold (a polite refusal). Only this:
    a ``KeyError`` or ``IndexError`` from inside the engine is a bug and must surface."""


def _request(text: str) -> dict[str, JSON]:
    engine = _engine()
    try:
        data = engine.bounded_json(text, engine.MAX_SAVE_CHARS + 10_000)
    except engine.JsonLimitError as exc:
        raise _BadRequest("request-unreadable", reason=exc.words.to_json()) from exc
    if not isinstance(data, dict):
        raise _BadRequest("request-not-object")
    return data


def _text(data: dict[str, JSON], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise _BadRequest("request-not-text", field=key)
    return value


def _game(data: dict[str, JSON]) -> Any:
    game_id = _text(data, "id")
    if game_id not in _games:
        raise _NoGame(game_id)
    return _games[game_id]


def _handled(body: Callable[[dict[str, JSON]], str]) -> Callable[[str], str]:
    """Turn engine refusals into ``{"error": ...}`` replies; let real bugs raise."""

    def call(text: str) -> str:
        engine = _engine()
        try:
            return body(_request(text))
        except engine.SaveError as exc:
            return _refuse("bad-save", exc.words)
        except engine.IllegalActionError as exc:
            return _refuse(exc.code, exc.words)
        except _BadRequest as exc:
            return _refuse("bad-request", exc.words)
        except _NoGame as exc:
            return _refuse("no-game", _message("request-no-game", id=exc.args[0]))

    call.__name__ = body.__name__
    call.__doc__ = body.__doc__
    return call


def games(text: str = "{}") -> str:
    """The registered games with their bot levels: ``{"ok", "version", "games": {id: info}}``."""
    engine = _engine()
    catalog = {
        gid: {**info, "levels": engine.bot_levels(gid)} for gid, info in engine.GAMES.items()
    }
    return _reply({"version": engine.__version__, "games": catalog})


@_handled
def new_game(data: dict[str, JSON]) -> str:
    """``{id, game, players, seed, options}`` -> ``{ok}``; the game is kept under ``id``."""
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise _BadRequest("request-options-not-object")
    game = _engine().new_game(data.get("game"), data.get("players"), data.get("seed"), options)
    _games[_text(data, "id")] = game
    _undone.pop(_text(data, "id"), None)
    return _reply({})


@_handled
def apply(data: dict[str, JSON]) -> str:
    """``{id, action}`` -> ``{ok}``, or the engine's reason as an error (game unchanged)."""
    _game(data).apply(_text(data, "action"))
    return _reply({})


@_handled
def check(data: dict[str, JSON]) -> str:
    """``{id, action}`` -> ``{ok, action}`` (canonical form) if legal now, else the error."""
    return _reply({"action": _game(data).check(_text(data, "action"))})


@_handled
def view(data: dict[str, JSON]) -> str:
    """``{id, seat}`` -> ``{ok, view}``: what that seat may know (``seat`` null: everyone)."""
    return _reply({"view": _game(data).view(data.get("seat"))})


@_handled
def bot(data: dict[str, JSON]) -> str:
    """``{id, level, seed, time_ms?, iterations?}`` -> ``{ok, action}``: a computer player's
    choice for ``to_act``, from ``view(to_act)`` only (so a hint for the person to act shows
    nothing they could not see). ``time_ms`` caps a search level's thinking (``hard``; the
    page keeps a move to about a second), ``iterations`` replaces its budget; other levels
    ignore both."""
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise _BadRequest("request-seed-not-whole")
    time_ms = _positive(data, "time_ms")
    iterations = _positive(data, "iterations")
    again = _reply_again(_text(data, "id"), _game(data))
    if again is not None:
        return _reply({"action": again})
    action = _game(data).bot_action(
        _text(data, "level"),
        seed,
        iterations=None if iterations is None else int(iterations),
        time_ms=time_ms,
    )
    return _reply({"action": action})


def _positive(data: dict[str, JSON], key: str) -> float | None:
    """An optional positive number (a bool is not one)."""
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise _BadRequest("request-not-positive", field=key)
    if key == "iterations" and value != int(value):
        raise _BadRequest("request-iterations-not-whole")
    return float(value)


@_handled
def save(data: dict[str, JSON]) -> str:
    """``{id}`` -> ``{ok, save}``: the engine's versioned save text (``to_json``)."""
    return _reply({"save": _game(data).to_json()})


@_handled
def load(data: dict[str, JSON]) -> str:
    """``{id, save}`` -> ``{ok, game, players}``; a bad save is a ``bad-save`` error."""
    text = data.get("save")
    if not isinstance(text, str):
        return _refuse("bad-save", _message("request-no-save"))
    game = _engine().load_game(text)
    _games[_text(data, "id")] = game
    _undone.pop(_text(data, "id"), None)
    return _reply({"game": game.GAME_ID, "players": game.players})


@_handled
def drop(data: dict[str, JSON]) -> str:
    """``{id}`` -> ``{ok}``: forget a game (the page left it); unknown ids are fine."""
    _games.pop(_text(data, "id"), None)
    _undone.pop(_text(data, "id"), None)
    return _reply({})


def _history() -> ModuleType:
    return _engine().history


@_handled
def take_back_state(data: dict[str, JSON]) -> str:
    """``{id, seat}`` -> ``{ok, available, reason, seats}``: whether ``seat`` can take a move
    back now (its last decision, in the round still being played: engine/history.py); when
    it cannot, ``reason`` is the engine's message saying why (else null); ``seats``: the seat
    of each decision a take back would undo, in order (``[]`` when none). Changes nothing."""
    engine = _engine()
    history = _history()
    game = _game(data)
    try:
        step = history.take_back_step(game, data.get("seat"))
    except engine.IllegalActionError as exc:
        if exc.code == "bad-seat":
            raise
        return _reply({"available": False, "reason": exc.words.to_json(), "seats": []})
    seats = [decision["seat"] for decision in history.decisions(game)[step:]]
    return _reply({"available": True, "reason": None, "seats": seats})


@_handled
def take_back(data: dict[str, JSON]) -> str:
    """``{id, seat}`` -> ``{ok, undone}``: the game under ``id`` goes back to just before
    ``seat``'s last decision of this round, the other seats' replies undone too (``undone``:
    how many decisions); refused as ``take_back_state`` says, the game unchanged."""
    game = _game(data)
    history = _history()
    back = history.take_back(game, data.get("seat"))
    made = history.decisions(game)
    start = len(history.decisions(back))
    game_id = _text(data, "id")
    later = _undone.pop(game_id, None)
    future = made[start:]
    if later is not None and _same_line(later, made):
        future += later["moves"][len(made) - later["start"] :]
    _undone[game_id] = {"start": start, "moves": future, "seat": data.get("seat")}
    _games[game_id] = back
    return _reply({"undone": len(made) - start})


def _same_line(memo: dict[str, Any], made: list[Any]) -> bool:
    """Whether the decisions ``made`` since ``memo["start"]`` are the first of its moves."""
    done = len(made) - memo["start"]
    return 0 <= done <= len(memo["moves"]) and bool(made[memo["start"] :] == memo["moves"][:done])


def _reply_again(game_id: str, game: Any) -> str | None:
    """The action a computer played here before a take back undid it, when the game has come
    back along the same moves and it is that seat's turn again (never a move of the seat that
    took back: a hint for the person suggests afresh); else None (and the memory goes once the
    game has left that line)."""
    memo = _undone.get(game_id)
    if memo is None:
        return None
    made = _history().decisions(game)
    if not _same_line(memo, made) or len(made) - memo["start"] == len(memo["moves"]):
        del _undone[game_id]
        return None
    move = memo["moves"][len(made) - memo["start"]]
    if move["seat"] != game.to_act or move["seat"] == memo["seat"]:
        return None
    return str(move["action"]) if move["action"] in game.legal_actions() else None


# --- replays and challenges (issue 14) -----------------------------------------------------


@_handled
def replay_round(data: dict[str, JSON]) -> str:
    """``{id, seat, round}`` -> ``{ok, round, steps, last, entry}``: a finished round of the
    game under ``id`` move by move, as ``seat`` saw it (null: what every seat saw), from
    ``engine.history.views_along``. ``steps[0]`` is the round as dealt, ``steps[k]`` the view
    after its ``k``-th decision (``move``: ``{seat, action}``); the view after the last
    decision is not sent (it already shows the next round's cards): ``last`` is that
    decision and ``entry`` (the round's score-sheet entry) stands for its view. Each view is
    the engine's own ``view(seat)`` at that point, with ``legal`` emptied (a replay offers no
    move). A round not yet scored or a bad seat is the engine's refusal."""
    history = _history()
    game = _game(data)
    views = history.views_along(game, data.get("seat"), data.get("round"))
    number = int(data["round"])  # a whole round number: views_along refuses anything else
    starts = history.round_starts(game)
    made = history.decisions(game)
    moves = [dict(d) for d in made[starts[number - 1] :][: len(views) - 1]]
    steps = [
        {"view": {**view, "legal": []}, "move": moves[k - 1] if k else None}
        for k, view in enumerate(views[:-1])
    ]
    entry = game.score_sheet[number - 1]
    return _reply({"round": number, "steps": steps, "last": moves[-1], "entry": entry})


@_handled
def challenge_replay(data: dict[str, JSON]) -> str:
    """``{game, players, seed, options, seats, levels, moves}`` -> ``{ok, complete, totals,
    rounds, reason?}``: a challenge's game played again from its seed, the person's seat
    (``seats[s]`` ``"human"``, exactly one) making ``moves`` in order and each computer seat
    answering as the table's computers do (``bot_action(levels[s], seed)``; only the
    deterministic levels, easy and normal). ``complete`` is true when the moves, all legal,
    end the game exactly: then ``totals`` and ``rounds`` (each round's scores) are the
    replay's. Otherwise ``reason`` is ``illegal`` (move ``at`` is refused), ``short`` (the
    moves run out first) or ``long`` (moves are left over)."""
    engine = _engine()
    seats = data.get("seats")
    levels = data.get("levels")
    moves = data.get("moves")
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise _BadRequest("request-seed-not-whole")
    if not isinstance(seats, list) or not isinstance(levels, list) or len(levels) != len(seats):
        raise _BadRequest("request-not-object")
    if seats.count("human") != 1 or not all(s in ("human", "bot") for s in seats):
        raise _BadRequest("request-not-object")
    if not all(lv in ("easy", "normal") for s, lv in zip(seats, levels, strict=True) if s == "bot"):
        raise _BadRequest("request-not-object")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise _BadRequest("request-not-object")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise _BadRequest("request-options-not-object")
    game = engine.new_game(data.get("game"), data.get("players"), seed, options)
    if game.players != len(seats):
        raise _BadRequest("request-not-object")
    person = seats.index("human")
    used = 0
    while not game.is_over:
        seat = game.to_act
        if seat != person:
            game.apply(game.bot_action(levels[seat], seed))
            continue
        if used == len(moves):
            return _reply({"complete": False, "reason": "short", "at": used})
        try:
            game.apply(moves[used])
        except engine.IllegalActionError:
            return _reply({"complete": False, "reason": "illegal", "at": used})
        used += 1
    if used != len(moves):
        return _reply({"complete": False, "reason": "long", "at": used})
    rounds = [entry["scores"] for entry in game.score_sheet]
    return _reply({"complete": True, "totals": game.totals, "rounds": rounds})


async def install(url: str) -> str:
    """The ``loadpackage`` variant: install the engine wheel from ``url`` (absolute), then
    import it. ``loadPackage`` logs failures instead of raising, so the import is the check."""
    import pyodide_js  # type: ignore[import-not-found]  # only exists inside Pyodide

    await pyodide_js.loadPackage(url)
    return games()


__export__ = [
    "apply",
    "bot",
    "challenge_replay",
    "check",
    "drop",
    "games",
    "install",
    "load",
    "new_game",
    "replay_round",
    "save",
    "take_back",
    "take_back_state",
    "view",
]
