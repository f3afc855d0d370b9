"""One conformance test for every registered game (OpenSpiel's ``random_sim_test``): many
seeded random games, checking at every step what the API promises.

- legal actions are sorted, unique, and non-empty exactly until the game ends;
- an illegal or malformed action raises and changes nothing;
- save -> load -> continue gives the identical game;
- every view is JSON, offers ``legal`` only to the seat to act, and shows each seat its own
  hand and no other seat's hidden cards;
- every card is accounted for; totals equal the score sheet; the game ends.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine.rng import Rng

GAME_IDS = sorted(engine.GAMES)
View = dict[str, Any]


def _pairs_count(view: View) -> int:
    if view["game"] == "nine-virtues":
        aside = 55 - 8 * view["players"]
        return (
            sum(view["hand_sizes"])
            + len(view["centre"])
            + sum(len(b) for b in view["bids"])
            + len(view["killed"])
            + aside
        )
    return sum(view["hand_sizes"]) + len(view["trick"]) + view["deck_size"] + sum(view["piles"])


def _row_size(row: list[str] | None) -> int:
    if row is None:
        return 0
    order = "789TJQKA"
    return order.index(row[1][0]) - order.index(row[0][0]) + 1


def _quodlibet_count(view: View) -> int:
    count = sum(view["hand_sizes"]) + len(view["trick"]) + 4 * sum(view["tricks_won"])
    if view.get("contract") == "snack":
        count += sum(_row_size(r) for r in view["rows"].values()) + sum(view["piles"])
    return count


CARD_COUNT: dict[str, tuple[int, Callable[[View], int]]] = {
    "nine-virtues": (55, _pairs_count),
    "to-the-moon": (55, _pairs_count),
    "quodlibet": (32, _quodlibet_count),
}


def _hidden_codes(game: engine.Game, viewer: int) -> set[str]:
    """Quodlibet cards the viewer may not see: other seats' hands, unless shown to all."""
    hidden: set[str] = set()
    for seat in range(game.players):
        if seat == viewer:
            continue
        shown = game.view(viewer)["hands"][seat]
        if shown is None:
            # The seat's own view (where it may see its hand) tells us what it holds.
            own = [c for c in game.view(seat)["hand"] if c is not None]
            hidden.update(own)
    return hidden


def _sheet_totals(view: View) -> list[int]:
    totals = [0] * view["players"]
    for entry in view["score_sheet"]:
        for seat, points in enumerate(entry["scores"]):
            totals[seat] += points
    return totals


def _check_views(game: engine.Game) -> None:
    to_act = game.to_act
    views = {seat: game.view(seat) for seat in [None, *range(game.players)]}
    for seat, view in views.items():
        json.dumps(view)
        assert view["seat"] == seat
        assert view["to_act"] == to_act
        assert view["over"] == game.is_over
        assert view["totals"] == game.totals
        assert view["legal"] == (
            game.legal_actions() if seat == to_act and seat is not None else []
        )
        total, count = CARD_COUNT[game.GAME_ID]
        assert count(view) == total, f"cards not accounted for in view {seat}"
    if game.GAME_ID == "quodlibet":
        for seat in range(game.players):
            text = json.dumps(views[seat])
            for code in _hidden_codes(game, seat):
                assert f'"{code}"' not in text, f"seat {seat} sees hidden {code}"


def _random_game(game_id: str, players: int, seed: int, options: dict[str, Any]) -> None:
    rng = Rng(seed, 99)
    game = engine.new_game(game_id, players=players, seed=seed, options=options)
    seen: set[str] = set()
    save_at = {rng.below(60), 60 + rng.below(200)}
    for step in range(20_000):
        legal = game.legal_actions()
        if game.is_over:
            assert legal == [] and game.to_act is None
            break
        assert legal, "no legal action before the game is over"
        assert legal == sorted(set(legal))
        assert game.to_act is not None
        if step % 5 == 0:
            _check_views(game)
            before = game.to_json()
            for bad in [*[a for a in sorted(seen) if a not in legal][:3], "", "?? 3"]:
                with pytest.raises(engine.IllegalActionError) as err:
                    game.apply(bad)
                assert err.value.code in ("illegal", "malformed")
            assert game.to_json() == before
        if step in save_at:
            copy = engine.load_game(game.to_json())
            assert copy.to_json() == game.to_json()
            game = copy
        sheet = len(game.view(None)["score_sheet"])
        totals = game.totals
        action = rng.choice(legal)
        seen.add(action)
        game.apply(action)
        after = game.view(None)
        if game.totals != totals:
            assert len(after["score_sheet"]) > sheet, "totals changed without a scored round"
        assert _sheet_totals(after) == game.totals
    else:
        pytest.fail("game did not end in 20,000 actions")
    _check_views(game)
    assert game.winners
    best = (min if engine.GAMES[game_id]["low_score_wins"] else max)(game.totals)
    assert game.winners == [s for s, t in enumerate(game.totals) if t == best]


def _cases() -> list[tuple[str, int, int, dict[str, Any]]]:
    cases: list[tuple[str, int, int, dict[str, Any]]] = []
    for game_id in GAME_IDS:
        info = engine.GAMES[game_id]
        for players in range(info["min_players"], info["max_players"] + 1):
            for seed in range(3):
                cases.append((game_id, players, seed, {}))
    return cases


@pytest.mark.parametrize(("game_id", "players", "seed", "options"), _cases())
def test_random_games_conform(
    game_id: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    _random_game(game_id, players, seed, options)


QL_CONTRACTS = [
    "plus", "minus", "bad-neighbour", "red-ruffians", "first-three-and-last", "no-hearts",
    "queens-and-jacks", "bribe", "open-trousers", "good-hunting", "quadrature", "snack",
]  # fmt: skip


@pytest.mark.parametrize("contract", QL_CONTRACTS)
def test_quodlibet_practice_contracts_conform(contract: str) -> None:
    for seed in range(4):
        _random_game("quodlibet", 4, seed, {"contracts": [contract]})


def test_quodlibet_variants_conform() -> None:
    for seed in range(2):
        _random_game("quodlibet", 4, seed, {"plus_austrian": True, "dealer_leads": True})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bots_play_every_game_to_the_end(game_id: str) -> None:
    for level in ("easy", "normal"):
        game = engine.new_game(game_id, seed=21)
        for move in range(20_000):
            if game.is_over:
                break
            game.apply(game.bot_action(level, seed=move))
        assert game.is_over
        assert game.winners
