"""Hostile input that costs time, shared by tests/test_hostile_input.py (short sizes: growth
must be linear) and benchmarks/hostile_input.py (every size up to each entry point's limit,
this tree against an older commit's).

A family is one kind of adversarial text (escaped quotes, open brackets, backslashes, long
numbers, long actions, deep nesting, long names...) fed to one entry point that reads
untrusted text: ``engine.load_game`` (saves, up to ``MAX_SAVE_CHARS``), ``Game.apply``
(actions: refused past ``MAX_ACTION_CHARS``), the worker's requests (``web/py/worker.py``,
its own limit) and ``engine.names`` (the command line's ``--names``, which has no limit of
its own). Only the public API and the worker's exported functions are called, so the same
families run against an older engine (``ENGINE_ROOT``) that lacks some of them (those are
skipped there).
"""

from __future__ import annotations

import importlib.util
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

LIMIT = 1_000_000
"""The longest text an entry point reads (``engine.untrusted.MAX_SAVE_CHARS``)."""


@dataclass(frozen=True)
class Family:
    name: str
    entry: str
    """What reads it: ``load_game``, ``apply``, ``worker`` or ``names``."""
    make: Callable[[int], str]
    """The hostile text of about ``size`` characters."""


def fill(head: str, unit: str, size: int, tail: str = "") -> str:
    """``head``, then ``unit`` repeated, then ``tail``: ``size`` characters at most (the unit
    cut short to fit)."""
    room = max(0, size - len(head) - len(tail))
    return head + (unit * (room // len(unit) + 1))[:room] + tail


def _save_with(field: str, size: int) -> str:
    """A real save whose ``field`` (a log action, or the game id) fills it to ``size``."""
    import engine

    body = json.loads(engine.new_game("to-the-moon", players=3, seed=1).to_json())
    if field == "action":
        body["log"].append({"seat": 0, "action": "build 7"})
    else:
        body[field] = "x"
    short = json.dumps(body)
    grow = max(0, size - len(short))
    if field == "action":
        body["log"][-1]["action"] = "build " + "7" * (grow + 1)
    else:
        body[field] = "x" * (grow + 1)
    return json.dumps(body)


def _load_request(save: str, size: int) -> str:
    """The worker's ``load`` request carrying ``save`` (as JSON escapes it), ``size`` at most."""
    text = json.dumps({"id": "g", "save": save})
    return text if len(text) <= size else json.dumps({"id": "g", "save": save[: size // 2]})


FAMILIES: list[Family] = [
    Family("escaped quotes", "load_game", lambda n: fill('"', '\\"', n)),
    Family("quotes and brackets", "load_game", lambda n: fill("", '["\\"[', n)),
    Family("backslashes", "load_game", lambda n: fill('"', "\\", n)),
    Family("open brackets", "load_game", lambda n: fill("", "[", n)),
    Family("open braces", "load_game", lambda n: fill("", '{"a":', n)),
    Family("nesting 31 deep, repeated", "load_game", lambda n: fill("[" * 31, "[],", n)),
    Family("brackets in strings", "load_game", lambda n: fill('["', "[{", n, '"]')),
    Family("long number", "load_game", lambda n: fill("", "1", n)),
    Family("long string", "load_game", lambda n: fill('"', "a", n, '"')),
    Family("save, long action", "load_game", lambda n: _save_with("action", n)),
    Family("save, long field", "load_game", lambda n: _save_with("game", n)),
    Family("long action", "apply", lambda n: fill("play ", "9", n)),
    Family("long spaced action", "apply", lambda n: fill("build", " ", n, "7")),
    Family("request, escaped quotes", "worker", lambda n: fill('{"id":"', '\\"', n)),
    Family("request, open brackets", "worker", lambda n: fill('{"id":', "[", n)),
    Family(
        "request, save of quotes",
        "worker",
        lambda n: _load_request(fill('"', '\\"', n // 2), n),
    ),
    Family("name of joiners", "names", lambda n: fill("", "\u200d", n)),
    Family("name of marks", "names", lambda n: fill("a", "\u0301", n)),
    Family("name of flags", "names", lambda n: fill("", "\U0001f1f0", n)),
    Family("name of families", "names", lambda n: fill("", "\U0001f468\u200d", n)),
    Family("name of spaces", "names", lambda n: fill("a", " \t", n, "b")),
]


class Entries:
    """The entry points of the engine importable now (this tree's, or ``ENGINE_ROOT``'s when
    the caller put that first on ``sys.path``), each taking one text."""

    def __init__(self, root: Path) -> None:
        import engine

        self.engine = engine
        self.game = engine.new_game("quodlibet", seed=1, options={"dealer": 0})
        self.worker = _load_worker(root / "web" / "py" / "worker.py")
        try:
            from engine import names
        except ImportError:  # an engine from before names had a rule
            self.names: ModuleType | None = None
        else:
            self.names = names

    def call(self, entry: str) -> Callable[[str], object] | None:
        """The function that reads an ``entry``'s text, None where this engine has none."""
        if entry == "load_game":
            return self._load
        if entry == "apply":
            return self._apply
        if entry == "worker":
            return self._worker
        if entry == "names" and self.names is not None:
            names = self.names
            return lambda text: names.name_problem(names.clean_name(text))
        return None

    def _load(self, text: str) -> object:
        try:
            return self.engine.load_game(text)
        except self.engine.SaveError as exc:
            return exc

    def _apply(self, text: str) -> object:
        try:
            return self.game.apply(text)
        except self.engine.IllegalActionError as exc:
            return exc

    def _worker(self, text: str) -> object:
        return self.worker.load(text)


def _load_worker(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("hostile_worker", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def best_time(call: Callable[[str], object], text: str, runs: int) -> float:
    """The fastest of ``runs`` calls, in seconds of CPU time (what this process did, not
    what other processes on a loaded machine did meanwhile)."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        call(text)
        best = min(best, time.process_time() - start)
    return best


def measure(
    entries: Entries, sizes: list[int], runs: int, families: list[Family] | None = None
) -> dict[str, dict[int, float]]:
    """``{family: {size: best seconds}}`` for every family this engine has an entry for."""
    out: dict[str, dict[int, float]] = {}
    for family in families or FAMILIES:
        call = entries.call(family.entry)
        if call is None:
            continue
        out[family.name] = {size: best_time(call, family.make(size), runs) for size in sizes}
    return out


def to_json(results: dict[str, dict[int, float]]) -> Any:
    return {name: {str(n): s for n, s in by_size.items()} for name, by_size in results.items()}
