"""What this round's public log of To the Moon shows about the cards (TM-7..TM-9): cards
seen going into hands, cards won into score piles, perfect countdowns. Read by
``worlds.Worlds.world`` to check a world against a view, and by anyone reasoning from a
view (the computer players): the log is public, so none of this is hidden.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

LogEntries = Sequence[Mapping[str, Any]]


def seen_in_hands(log: LogEntries, players: int) -> list[Counter[int]]:
    """Per seat, the cards it was seen taking into hand this round (a failed ``test``, a
    ``withdraw R``; TM-7, TM-8) and has not built since: it surely holds them. A build of
    the same rank forgets one (it may have been the taken card or one dealt)."""
    held: list[Counter[int]] = [Counter() for _ in range(players)]
    for entry in log:
        seat = entry.get("seat")
        if seat is None:
            continue
        action = entry.get("action", "")
        if action == "test":
            if not entry.get("joined", True):
                held[seat][entry["card"]] += 1
            continue
        if action == "lead" or action == "win":
            continue
        action = str(action)
        if action.startswith("withdraw "):
            if entry.get("took") is not None:
                held[seat][entry["took"]] += 1
        elif action.startswith("build ") and held[seat][entry["card"]] > 0:
            held[seat][entry["card"]] -= 1
    return [+counts for counts in held]


def won_this_round(log: LogEntries) -> Counter[int]:
    """The cards in this round's score piles: every ``win`` of the log lists them (TM-9)."""
    cards: list[int] = []
    for entry in log:
        if entry.get("action") == "win":
            cards += entry["cards"]
    return Counter(cards)


def perfects_this_round(log: LogEntries, players: int) -> list[int]:
    """Perfect countdowns won this round, per seat."""
    perfects = [0] * players
    for entry in log:
        if entry.get("action") == "win" and entry.get("perfect"):
            perfects[entry["seat"]] += 1
    return perfects
