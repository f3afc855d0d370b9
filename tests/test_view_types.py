"""Every view has exactly the fields its game's ``TypedDict`` declares (``engine/views.py``):
the required ones always, the others only where they say (Quodlibet's Snack fields)."""

from __future__ import annotations

import pytest

import engine
from engine.rng import Rng

TYPES = {
    "nine-virtues": engine.NineVirtuesView,
    "to-the-moon": engine.ToTheMoonView,
    "quodlibet": engine.QuodlibetView,
}


@pytest.mark.parametrize("game_id", sorted(TYPES))
def test_views_have_the_fields_of_their_type(game_id: str) -> None:
    kind = TYPES[game_id]
    required, optional = set(kind.__required_keys__), set(kind.__optional_keys__)
    assert set(engine.CommonView.__required_keys__) <= required
    options = {"contracts": ["snack", "plus", "open-trousers"]} if game_id == "quodlibet" else {}
    for seed in range(2):
        game = engine.new_game(game_id, seed=seed, options=options)
        rng = Rng(seed, 7)
        while True:
            for seat in (None, *range(game.players)):
                fields = set(game.view(seat))
                assert required <= fields, (game_id, required - fields)
                assert fields <= required | optional, (game_id, fields - required - optional)
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
