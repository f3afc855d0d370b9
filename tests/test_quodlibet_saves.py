"""Quodlibet saves: a save taken anywhere (choosing, mid-trick, Open Trousers after its
reshuffle, Snack) loads into a game that continues identically; same seed and actions give
the same game."""

from __future__ import annotations

import hashlib
import json

import pytest
from support import new_quodlibet as new

import engine
from engine.game import Game
from engine.rng import Rng


def random_steps(game: Game, rng: Rng, steps: int) -> list[str]:
    played = []
    for _ in range(steps):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        game.apply(action)
        played.append(action)
    return played


def assert_continues_identically(game: Game, steps: int = 60) -> None:
    loaded = engine.load_game(game.to_json())
    assert loaded.to_json() == game.to_json()
    for seat in (None, 0, 1, 2, 3):
        assert loaded.view(seat) == game.view(seat)
    random_steps(game, Rng(99), steps)
    random_steps(loaded, Rng(99), steps)
    assert loaded.to_json() == game.to_json()
    assert loaded.view(None) == game.view(None)
    assert loaded.totals == game.totals


def test_save_in_the_choosing_step_continues_identically() -> None:
    game = new(seed=31)  # the first dealer is drawn: the draw replays too
    assert_continues_identically(game)


def test_save_mid_deal_continues_identically() -> None:
    game = new(dealer=0, seed=32)
    random_steps(game, Rng(1), 19)
    assert game.view(None)["trick"], "precondition: a trick in progress"
    assert_continues_identically(game, steps=120)


def test_save_mid_open_trousers_continues_identically() -> None:
    game = new(dealer=0, contracts=["minus", "open-trousers", "bribe"], seed=33)
    random_steps(game, Rng(2), 32 + 11)
    assert game.view(None)["contract"] == "open-trousers"
    assert_continues_identically(game)


def test_save_mid_snack_continues_identically() -> None:
    game = new(dealer=0, contracts=["plus", "snack"], seed=34)
    random_steps(game, Rng(3), 32 + 3)
    assert game.view(None)["phase"] == "snack"
    assert_continues_identically(game)


def test_same_seed_options_and_actions_give_the_same_game() -> None:
    first, second = new(seed=35), new(seed=35)
    actions = random_steps(first, Rng(4), 150)
    for action in actions:
        second.apply(action)
    assert first.to_json() == second.to_json()
    assert first.view(2) == second.view(2)


def test_a_save_with_a_changed_deal_does_not_load() -> None:
    game = new(dealer=0, seed=36)
    body = json.loads(game.to_json())
    assert '"hands"' not in game.to_json()  # the deal itself is not written, only its digest
    body["chance"] = body["chance"][::-1]
    body.pop("check")
    check = hashlib.sha256(
        json.dumps(body, sort_keys=True, separators=(",", ":")).encode("ascii")
    ).hexdigest()
    with pytest.raises(engine.SaveError, match="deals"):
        engine.load_game(json.dumps({**body, "check": check}))
