"""Versioned saves.

A save is the game's setup (id, players, seed, options) plus its log: every decision and
every chance outcome (shuffles, draws) as it happened. Loading replays the decisions from the
seed and checks that the chance outcomes come out exactly as recorded, so a save can only load
into the very game it was written from. A SHA-256 check over the canonical text catches
tampering and truncation early with a clear message.

Older versions are brought up to date by ``MIGRATIONS`` (version -> function to the next
version) before anything else is read.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from .errors import IllegalActionError, SaveError
from .game import Game

FORMAT = "parlour-save"
SAVE_VERSION = 1

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[v]`` turns a version-``v`` body into a version ``v+1`` body."""


def _canonical(body: dict[str, Any]) -> str:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _checksum(body: dict[str, Any]) -> str:
    return hashlib.sha256(_canonical(body).encode("ascii")).hexdigest()


def dump_game(game: Game) -> str:
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": SAVE_VERSION,
        "game": game.GAME_ID,
        "players": game.players,
        "seed": game.seed,
        "options": game.options,
        "log": game.log,
    }
    return _canonical({**body, "check": _checksum(body)})


def migrate(body: dict[str, Any]) -> dict[str, Any]:
    """Bring a save body of any known older version up to ``SAVE_VERSION``."""
    version = body.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError("This save has no valid version number.")
    if version > SAVE_VERSION:
        raise SaveError(
            f"This save is from a newer version of Parlour (save format {version}); "
            f"this one reads up to {SAVE_VERSION}."
        )
    while version < SAVE_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"Saves of format {version} can no longer be read.")
        body = step(body)
        version += 1
        body["version"] = version
    return body


def load_game(text: str) -> Game:
    """The game a save was written from. Raises ``SaveError`` (never anything else) for
    text that is not a complete, untampered save of a known version."""
    from .registry import game_class

    if not isinstance(text, str):
        raise SaveError("A save is text.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveError("This is not a Parlour save (not valid JSON; truncated?).") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("This is not a Parlour save.")
    check = data.pop("check", None)
    if not isinstance(check, str) or check != _checksum(data):
        raise SaveError("This save has been changed or damaged (its check does not match).")
    body = migrate(data)
    try:
        cls = game_class(body.get("game"))
        log = body["log"]
        if not isinstance(log, list):
            raise SaveError("The save's log is not a list.")
        game = cls.create(body.get("players"), body.get("seed"), body.get("options"))
        for index, entry in enumerate(log):
            if not isinstance(entry, dict):
                raise SaveError(f"Entry {index} of the save's log is not an object.")
            if "action" not in entry:
                continue
            if entry.get("seat") != game.to_act:
                raise SaveError(f"Entry {index} of the save's log was played out of turn.")
            game.apply(entry["action"])
    except IllegalActionError as exc:
        raise SaveError(f"This save does not replay: {exc}") from exc
    except (KeyError, TypeError) as exc:
        raise SaveError(f"This save is incomplete: {exc}") from exc
    if game.log != log:
        raise SaveError("This save's recorded deals do not match its seed.")
    return game
