"""Hostile input for the engine, shared by tests/test_bad_input.py (a fast sample) and
benchmarks/fuzz_inputs.py (the big counts): malformed and out-of-turn actions, and corrupted
saves. Every generator is seeded with the project's ``Rng``, so a failure can be replayed.

The contract checked (API.md): ``apply``/``check`` raise only ``IllegalActionError`` and leave
the game unchanged; ``load_game`` raises only ``SaveError`` (or loads a save that is still
valid, which must then write back the very text it was given).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import engine
from engine.game import Game
from engine.rng import Rng

GAME_SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("nine-virtues", {}),
    ("to-the-moon", {}),
    ("quodlibet", {}),
    ("quodlibet", {"dealer": 0, "contracts": ["open-trousers", "snack"]}),
]
"""Every game, plus Quodlibet's two odd deals (Open Trousers' positions, Snack's piles)."""

ODD_DIGITS = ["²", "¹", "⑧", "٣", "３", "߃", "𝟕", "Ⅷ", "½", "7̅", "-1", "+3", "0x7", "1e1", "7.0"]
VERBS = [
    "bid",
    "swap",
    "kill",
    "call",
    "build",
    "test",
    "withdraw",
    "choose",
    "play",
    "take",
    "pass",
]
WRONG_TYPES: list[Any] = [None, 7, 7.5, True, [], ["build 7"], {}, {"action": "test"}, b"test"]


@dataclass
class Tally:
    """What a fuzz run saw."""

    tried: int = 0
    refused: int = 0
    legal_skipped: int = 0
    other_exceptions: list[str] = field(default_factory=list)
    state_changes: int = 0
    still_valid: int = 0


def _digits(rng: Rng) -> str:
    pick = rng.below(6)
    if pick == 0:
        return rng.choice(ODD_DIGITS)
    if pick == 1:
        return "9" * (4_000 + rng.below(2_000))
    if pick == 2:
        return "0" * rng.below(300) + str(rng.below(12))
    if pick == 3:
        return str(rng.below(10**6)) + rng.choice(ODD_DIGITS)
    if pick == 4:
        return "@" + rng.choice(["", "-1", "٣", "9" * 5_000, str(rng.below(40))])
    return rng.choice(["TH", "10h", "QS", "XS", "1H", "Q", "♥Q", "ＴＨ", "th", "7C"])


def bad_action(rng: Rng, seen: list[str]) -> Any:
    """A malformed, mistyped, out-of-turn or otherwise hostile action."""
    pick = rng.below(10)
    if pick == 0:
        return rng.choice(WRONG_TYPES)
    if pick == 1 and seen:  # an action that was legal at some other moment
        return rng.choice(seen)
    if pick == 2 and seen:  # a real action with one character changed
        text = rng.choice(seen)
        at = rng.below(len(text))
        return text[:at] + chr(rng.below(0x3000)) + text[at + 1 :]
    if pick == 3:
        return rng.choice(VERBS) + " " + _digits(rng)
    if pick == 4:
        return f"{rng.choice(VERBS)} {_digits(rng)} {_digits(rng)}"
    if pick == 5:
        return "".join(chr(rng.below(0x11000)) for _ in range(rng.below(20)))
    if pick == 6:
        return rng.choice(VERBS) + " " * rng.below(5) + "\u00a0" + str(rng.below(11))
    if pick == 7:
        return rng.choice(["", " ", "\n", "\x00", "build\x007", "test test", "TEST!", "choose"])
    if pick == 8:
        return rng.choice(VERBS).upper() * (1 + rng.below(300))
    return rng.choice(VERBS) + " " + str(rng.below(100) - 50)


def _fingerprint(game: Game) -> tuple[int, int | None, int]:
    return len(game.log), game.to_act, game.round


def fuzz_actions(game_id: str, options: dict[str, Any], attempts: int, seed: int) -> Tally:
    """``attempts`` hostile actions at many points of many games (a random legal move is
    played between bursts). Every 64th attempt compares the whole save text and views."""
    rng = Rng(seed, 1)
    tally = Tally()
    game = engine.new_game(game_id, seed=seed, options=options)
    seen: list[str] = []
    while tally.tried < attempts:
        if game.is_over:
            game = engine.new_game(game_id, seed=seed + tally.tried, options=options)
        legal = game.legal_actions()
        seen.extend(legal[:3])
        del seen[:-200]
        for _ in range(1 + rng.below(40)):
            action = bad_action(rng, seen)
            if isinstance(action, str) and action in legal:
                tally.legal_skipped += 1
                continue
            try:
                game.check(action)
            except engine.IllegalActionError:
                pass
            except Exception as exc:
                tally.other_exceptions.append(f"{game_id} check({action!r:.60}): {exc!r:.200}")
            else:
                tally.legal_skipped += 1  # another spelling of a legal action ("build 07")
                continue
            tally.tried += 1
            before = (game.to_json(), game.view(None)) if tally.tried % 64 == 0 else None
            fingerprint = _fingerprint(game)
            try:
                game.apply(action)
            except engine.IllegalActionError:
                tally.refused += 1
            except Exception as exc:
                tally.other_exceptions.append(f"{game_id} apply({action!r:.60}): {exc!r:.200}")
            changed = _fingerprint(game) != fingerprint
            if changed or (before and before != (game.to_json(), game.view(None))):
                tally.state_changes += 1
        game.apply(rng.choice(legal))
    return tally


# --- saves ------------------------------------------------------------------------------------


def resign(body: Any, deep: int = 0) -> str:
    """The text of ``body`` with its check recomputed (only replay can catch the edit).
    ``deep``: the string ``"DEEP"`` anywhere in ``body`` becomes that many nested lists
    (deeper than Python's own ``json.dumps`` can write)."""
    nested = "[" * deep + "0" + "]" * deep

    def text(value: Any) -> str:
        out = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return out.replace('"DEEP"', nested) if deep else out

    if isinstance(body, dict):
        body = {k: v for k, v in body.items() if k != "check"}
        body["check"] = hashlib.sha256(text(body).encode("ascii")).hexdigest()
    return text(body)


def played_saves(count: int, seed: int) -> list[str]:
    """Save texts from random points of every game."""
    rng = Rng(seed, 2)
    texts = []
    for index in range(count):
        game_id, options = GAME_SETUPS[index % len(GAME_SETUPS)]
        game = engine.new_game(game_id, seed=seed + index, options=options)
        for _ in range(rng.below(250)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        texts.append(game.to_json())
    return texts


def _edit(body: dict[str, Any], rng: Rng) -> tuple[Any, int]:
    """A structural edit of a save body (its check is recomputed afterwards), and the depth
    of the nested lists standing in for ``"DEEP"`` in it (0: none)."""
    body = json.loads(json.dumps(body))
    log = body.get("log") or [{"seat": 0, "action": "x"}]
    entry = log[rng.below(len(log))] if log else {}
    pick = rng.below(16)
    deep = 0
    if pick == 0:
        action = bad_action(rng, [str(entry.get("action"))])
        entry["action"] = action.decode("latin-1") if isinstance(action, bytes) else action
    elif pick == 1:
        entry["seat"] = rng.choice([None, -1, 99, "0", 1.5, True, [0]])
    elif pick == 2:
        body["seed"] = rng.choice([None, "1", 1.5, True, -(2**300), [1], {"a": 1}])
    elif pick == 3:
        body["players"] = rng.choice([None, "4", 0, 1, 99, 4.0, True, [4]])
    elif pick == 4:
        body["options"] = rng.choice(
            ["ab", [1], 7, None, {"dealer": 1e300}, {"x": 1}, {"dealer": "0"}]
        )
    elif pick == 5:
        body["game"] = rng.choice([None, "toString", "__proto__", "", 7, ["quodlibet"]])
    elif pick == 6:
        body["version"] = rng.choice([None, "2", 0, -1, 3, 2.0, True, 10**30])
    elif pick == 7:
        body["log"] = rng.choice(["nope", None, {}, 7, [[0, "test"]], [None]])
    elif pick == 8:
        body["chance"] = rng.choice([None, "", "0" * 64, 7, ["x"]])
    elif pick == 9:
        body["options"] = {"deal": "DEEP"}
        deep = rng.choice([40, 1_000, 5_000])
    elif pick == 10:
        entry["action"] = "build " + "9" * rng.choice([4_301, 5_000, 20_000])
    elif pick == 11:
        log.insert(rng.below(len(log) + 1), {"seat": rng.below(5), "action": rng.choice(VERBS)})
        body["log"] = log
    elif pick == 12:
        entry["extra"] = {"chance": "deal", "data": [1, 2, 3]}
    elif pick == 13:
        del log[rng.below(len(log)) :]
        body["log"] = log
    elif pick == 14:
        body["options"] = {"deal": {"hands": [[rng.below(12) for _ in range(6)] for _ in range(4)]}}
    else:
        body.pop(rng.choice(sorted(body)), None)
    return body, deep


def corrupted_saves(texts: list[str], count: int, seed: int, huge: int = 4) -> Iterator[str]:
    """``count`` damaged or hostile variants of ``texts``: truncations, character flips,
    edits with a recomputed check, wrong types, deep nesting and (``huge`` of them) 10 MB."""
    rng = Rng(seed, 3)
    for index in range(count):
        text = texts[index % len(texts)]
        pick = rng.below(8) if index >= huge else 8
        if pick == 0:
            yield text[: rng.below(len(text))]
        elif pick == 1:
            at = rng.below(len(text))
            yield text[:at] + chr(32 + rng.below(0x2000)) + text[at + 1 :]
        elif pick in (2, 3, 4):
            yield resign(*_edit(json.loads(text), rng))
        elif pick == 5:
            yield resign(rng.choice([*WRONG_TYPES[:-1], "save", 10**20, -1.5]))
        elif pick == 6:
            depth = rng.choice([33, 1_000, 3_000, 5_000, 100_000])
            yield rng.choice(["[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth])
        elif pick == 7:
            body = json.loads(text)
            body["version"] = 1
            body["log"] = body["log"] + [{"chance": "deal", "data": {"hands": [[1]]}}]
            yield resign(body)
        else:
            body = json.loads(text)
            body["log"] = [{"seat": 0, "action": "x" * 10_000_000}]
            yield resign(body)


def fuzz_saves(texts: list[str], count: int, seed: int, huge: int = 4) -> Tally:
    """Load ``count`` corrupted saves: only ``SaveError``, or a still-valid save that writes
    back exactly as given."""
    tally = Tally()
    for bad in corrupted_saves(texts, count, seed, huge):
        tally.tried += 1
        try:
            loaded = engine.load_game(bad)
        except engine.SaveError:
            tally.refused += 1
            continue
        except Exception as exc:
            tally.other_exceptions.append(f"load_game({bad[:80]!r}...): {exc!r:.200}")
            continue
        tally.still_valid += 1
        if loaded.to_json() != bad:
            tally.state_changes += 1
    return tally
