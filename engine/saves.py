"""Versioned saves that replay, and that hold no hidden card.

A save is the game's setup (id, players, seed, options) and the players' decisions in order
(``log``: ``{"seat", "action"}`` entries, all of which the whole table saw). The chance
outcomes (every deal, the To the Moon deck order, the Snack piles) are *not* written: a save
holds one digest of all of them together (``chance``), an HMAC-SHA-256 keyed with the seed over
the canonical text of every outcome so far. Loading replays the decisions from the seed and
checks that the outcomes come out with the same digest, so a save loads only into the very
game it was written from (a different engine version that dealt differently is refused).

One digest over *all* outcomes, not one per outcome, so no single deal can be guessed by trying its
few possibilities: recovering a hidden card from the text means running the engine from the seed
(what a game with no server cannot prevent; see docs/FEATURES.md, "Saves"). An explicit ``deal``
option is kept in ``options``: whoever made that link chose the cards.

A SHA-256 check over the canonical text catches tampering and truncation early with a clear
message. Older versions are brought up to date by ``MIGRATIONS`` (version -> function to the
next version) before anything else is read: version 1 wrote the chance outcomes themselves.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable, Iterable
from typing import Any

from .errors import IllegalActionError, SaveError
from .game import Game, LogEntry
from .untrusted import MAX_SAVE_CHARS, JsonLimitError, bounded_json

FORMAT = "parlour-save"
SAVE_VERSION = 2

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _canonical(body: object) -> str:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _checksum(body: dict[str, Any]) -> str:
    return hashlib.sha256(_canonical(body).encode("ascii")).hexdigest()


def chance_digest(seed: int, log: Iterable[LogEntry]) -> str:
    """The digest of every chance outcome in ``log``, keyed with the seed (hex)."""
    outcomes = [entry for entry in log if "chance" in entry]
    key = f"parlour-chance:{seed}".encode("ascii")
    return hmac.new(key, _canonical(outcomes).encode("ascii"), hashlib.sha256).hexdigest()


def _decisions(log: Iterable[LogEntry]) -> list[LogEntry]:
    return [
        {"seat": entry["seat"], "action": entry["action"]} for entry in log if "action" in entry
    ]


def dump_game(game: Game) -> str:
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": SAVE_VERSION,
        "game": game.GAME_ID,
        "players": game.players,
        "seed": game.seed,
        "options": game.options,
        "log": _decisions(game.log),
        "chance": chance_digest(game.seed, game.log),
    }
    return _canonical({**body, "check": _checksum(body)})


def _from_version_1(body: dict[str, Any]) -> dict[str, Any]:
    """Version 1 wrote every chance outcome in the log: keep only their digest."""
    log = body.get("log")
    seed = body.get("seed")
    if not isinstance(log, list) or not all(isinstance(entry, dict) for entry in log):
        raise SaveError("save-log-not-entries")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SaveError("save-seed-not-whole")
    decisions = [entry for entry in log if "chance" not in entry]
    return {**body, "log": decisions, "chance": chance_digest(seed, log)}


MIGRATIONS: dict[int, Migration] = {1: _from_version_1}
"""``MIGRATIONS[v]`` turns a version-``v`` body into a version ``v+1`` body."""


def migrate(body: dict[str, Any]) -> dict[str, Any]:
    """Bring a save body of any known older version up to ``SAVE_VERSION``."""
    version = body.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError("save-no-version")
    if version > SAVE_VERSION:
        raise SaveError("save-newer", version=version, newest=SAVE_VERSION)
    while version < SAVE_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:  # pragma: no cover - every version below SAVE_VERSION migrates
            raise SaveError("save-too-old", version=version)
        body = step(body)
        version += 1
        body["version"] = version
    return body


def load_game(text: str) -> Game:
    """The game a save was written from. Raises ``SaveError`` (never anything else) for
    any text that is not a complete, untampered save of a known version."""
    if not isinstance(text, str):
        raise SaveError("save-not-text")
    try:
        data = bounded_json(text, MAX_SAVE_CHARS)
    except JsonLimitError as exc:
        raise SaveError("save-unreadable", reason=exc.words.to_json()) from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("save-not-parlour")
    check = data.pop("check", None)
    try:
        intact = isinstance(check, str) and check == _checksum(data)
    except ValueError as exc:  # a number json.dumps cannot write back (4,301+ digits)
        raise SaveError("save-number-too-long") from exc
    if not intact:
        raise SaveError("save-damaged")
    return _replay(migrate(data))


def _replay(body: dict[str, Any]) -> Game:
    from .registry import game_class

    log = body.get("log")
    if not isinstance(log, list):
        raise SaveError("save-log-not-list")
    for name, kind in (("players", int), ("seed", int), ("options", dict)):
        value = body.get(name)
        if isinstance(value, bool) or not isinstance(value, kind):
            raise SaveError("save-field", field=name, type=kind.__name__)
    try:
        cls = game_class(body.get("game"))
        game = cls.create(body.get("players"), body.get("seed"), body.get("options"))
        for index, entry in enumerate(log):
            if not isinstance(entry, dict) or set(entry) != {"seat", "action"}:
                raise SaveError("save-entry-not-decision", entry=index)
            if isinstance(entry["seat"], bool) or entry["seat"] != game.to_act:
                raise SaveError("save-out-of-turn", entry=index)
            game.apply(entry["action"])
    except IllegalActionError as exc:
        raise SaveError("save-does-not-replay", reason=exc.words.to_json()) from exc
    if _canonical(_decisions(game.log)) != _canonical(log):
        raise SaveError("save-not-canonical")
    if body.get("chance") != chance_digest(game.seed, game.log):
        raise SaveError("save-chance-mismatch")
    return game
