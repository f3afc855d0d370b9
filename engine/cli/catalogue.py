"""``games``: the registered games, their player counts and their options."""

from __future__ import annotations

import json
from typing import Any

import engine

OPTION_NOTES = {
    "dealer": "first dealer's seat; default: drawn from the seed",
    "deal": "an explicit first deal as JSON, e.g. deal=@deal.json (see API.md)",
}
"""What the options common to every game mean (their defaults are both null)."""


def _default(value: Any) -> str:
    return "none" if value is None else json.dumps(value)


def listing() -> list[str]:
    """One block per game: id, name, players, who wins, options with defaults."""
    if not engine.GAMES:
        return ["No games are installed."]
    lines = ["Games and their options (--option NAME=VALUE):"]
    for game_id in sorted(engine.GAMES):
        info = engine.GAMES[game_id]
        low, high = info["min_players"], info["max_players"]
        players = f"{low} players" if low == high else f"{low}-{high} players"
        default = info.get("default_players")
        if default is not None and low != high:
            players += f" (default {default})"
        goal = "lowest total wins" if info.get("low_score_wins") else "highest total wins"
        lines.append(f"{game_id}  ({info.get('name', game_id)}): {players}, {goal}")
        names = info.get("options", {})
        width = max((len(name) for name in names), default=0)
        for name, value in names.items():
            note = OPTION_NOTES.get(name, f"default: {_default(value)}")
            lines.append(f"    {name.ljust(width)}  {note}")
    return lines


def as_json() -> str:
    return json.dumps(engine.GAMES, indent=2, sort_keys=True)
