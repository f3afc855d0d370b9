"""Turning command-line words into what the engine takes: a game id, an options dict, a
list of seats, and the seeds the computer players use.

Anything that cannot be used raises ``UsageError``; ``main`` prints its message and exits
with status 2. The engine's own checks (player counts, option names and values, levels) are
not repeated here: their ``IllegalActionError`` messages are relayed as they are.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, replace
from typing import Any

import engine
from engine import (
    MAX_CLUSTER,
    MAX_NAME,
    MAX_SAVE_CHARS,
    Game,
    IllegalActionError,
    JsonLimitError,
    Rng,
    bounded_json,
    clean_name,
    name_problem,
)

HUMAN = "human"
BOT = "bot"


class UsageError(Exception):
    """A command line that cannot be acted upon (exit status 2)."""


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a person at this terminal, or a computer player of some level."""

    human: bool
    level: str | None = None
    name: str = ""
    """What the seat is called (``--names``; engine/names.py's rule), "" for none."""

    def label(self) -> str:
        kind = HUMAN if self.human else f"{self.level} bot"
        return f"{self.name}, {kind}" if self.name else kind


def game_id(name: str) -> str:
    """The registered id for ``name`` (case, ``_`` and spaces forgiven), else a UsageError
    that lists the games."""
    wanted = "-".join(name.strip().lower().replace("_", " ").split())
    if wanted in engine.GAMES:
        return wanted
    if not engine.GAMES:
        raise UsageError(f"unknown game {name!r}: no games are installed.")
    raise UsageError(
        f"unknown game {name!r}; the games are: {', '.join(sorted(engine.GAMES))} "
        "(see the 'games' command)."
    )


def option_value(name: str, text: str) -> Any:
    """The value of ``--option name=text``: JSON when it parses (numbers, true/false, null,
    lists, objects), ``@FILE`` for JSON read from a file (deals), a comma list as a list of
    words (``contracts=plus,minus``; ``contracts=snack,`` for a list of one), otherwise the
    text itself."""
    if text.startswith("@"):
        path = text[1:]
        try:
            with open(path, encoding="utf-8") as handle:
                return bounded_json(handle.read(MAX_SAVE_CHARS + 1), MAX_SAVE_CHARS)
        except OSError as exc:
            raise UsageError(f"option {name}: cannot read {path!r}: {exc.strerror}.") from exc
        except ValueError as exc:  # JsonLimitError (too long, too deep, not JSON) or UTF-8
            raise UsageError(f"option {name}: {path!r} is not valid JSON ({exc}).") from exc
    try:
        return bounded_json(text, MAX_SAVE_CHARS)
    except JsonLimitError as exc:
        if exc.words.code != "json-invalid":  # JSON, but too long or too deep to read
            raise UsageError(f"option {name}: {exc}") from exc
    if "," in text:  # a trailing comma makes a list of one: contracts=snack,
        return [part.strip() for part in text.split(",") if part.strip()]
    return text


def options(pairs: list[str] | None) -> dict[str, Any]:
    """``["dealer=0", "swap_limit=3"]`` -> ``{"dealer": 0, "swap_limit": 3}``. Names are
    checked by the engine (it knows each game's options)."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageError(f"--option wants NAME=VALUE, e.g. dealer=0; got {pair!r}.")
        if name in out:
            raise UsageError(f"option {name!r} is given twice.")
        out[name] = option_value(name, text.strip())
    return out


def split_list(text: str) -> list[str]:
    """``"human, bot,bot"`` -> ``["human", "bot", "bot"]``."""
    return [part.strip().lower() for part in text.split(",")]


def play_seats(text: str | None, players: int, level: str) -> list[Seat]:
    """Seats for ``play``: ``human``, ``bot`` (a computer player of ``--level``) or a level
    name. Without ``--seats``: a human in seat 0 and computer players elsewhere."""
    if text is None:
        return [Seat(True)] + [Seat(False, level)] * (players - 1)
    seats: list[Seat] = []
    for entry in split_list(text):
        if not entry:
            raise UsageError(f"--seats has an empty entry: {text!r}.")
        if entry == HUMAN:
            seats.append(Seat(True))
        else:
            seats.append(Seat(False, level if entry == BOT else entry))
    check_seat_count(len(seats), players)
    return seats


NAME_PROBLEMS = {
    "long": f"is too long: a name has at most {MAX_NAME} characters "
    f"(as a person counts them) and {MAX_NAME * MAX_CLUSTER} code points",
    "hidden": "has a control or invisible character, or a mark with nothing to sit on",
    "stacked": f"piles more than {MAX_CLUSTER} code points into one character",
}


def named_seats(text: str | None, seats: list[Seat]) -> list[Seat]:
    """``seats`` with the names of ``--names`` (a comma list, one per seat; an empty entry
    names nobody), each cleaned and checked by engine/names.py's rule, else a UsageError that
    shows the name escaped (``repr``: nothing in it can change the terminal's text)."""
    if text is None:
        return seats
    names = [clean_name(part) for part in text.split(",")]
    if len(names) != len(seats):
        raise UsageError(
            f"--names gives {len(names)} name{'s' if len(names) != 1 else ''}, "
            f"but the game has {len(seats)} players: give one per seat (empty for none)."
        )
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            shown = name if len(name) <= 60 else name[:60] + "..."
            raise UsageError(f"--names: {shown!r} {NAME_PROBLEMS[problem]}.")
    return [replace(seat, name=name) for seat, name in zip(seats, names, strict=True)]


def check_seat_count(count: int, players: int) -> None:
    if count != players:
        raise UsageError(
            f"--seats names {count} seat{'s' if count != 1 else ''}, "
            f"but the game has {players} players: give one entry per seat."
        )


def bot_seed(seed: int, move: int) -> int:
    """The seed a computer player gets for decision number ``move`` (0-based) of a game
    started with ``seed``: a pure function of the two, so a replay, a saved-and-loaded game
    and an unbroken one make the same choices."""
    return Rng(seed, move).next_u64()


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a simulation run with ``seed``."""
    return Rng(seed, 1, index).next_u64()


def check_levels(game: Game, levels: list[str]) -> None:
    """Raise a UsageError with the engine's own message if a level is unknown for the game.

    The engine is the one authority on levels: ask it, through the public ``bot_action``,
    which checks the level before anything else (a finished game answers ``game-over``
    instead, which says nothing about the level)."""
    for level in sorted(set(levels)):
        try:
            game.bot_action(level, 0)
        except IllegalActionError as exc:
            if exc.code == "bad-level":
                raise UsageError(exc.message) from exc


def positive_int(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    value = whole_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def whole_int(text: str) -> int:
    """argparse type: any whole number."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
