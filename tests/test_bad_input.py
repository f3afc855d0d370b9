"""Bad input stays an error: ``apply``/``check`` raise only ``IllegalActionError`` and change
nothing, ``load_game`` raises only ``SaveError``, for any string or value (digits of any
script or length, wrong types, deep nesting, huge texts); ``new_game``/``bot_action`` refuse
wrong types with a clear code. A fast sample of benchmarks/fuzz_inputs.py's big counts."""

from __future__ import annotations

from typing import Any

import pytest
from fuzz_support import GAME_SETUPS, fuzz_actions, fuzz_saves, played_saves

import engine

GAME_IDS = sorted(engine.GAMES)


@pytest.mark.parametrize(("game_id", "options"), GAME_SETUPS)
def test_random_hostile_actions_are_refused_and_change_nothing(
    game_id: str, options: dict[str, Any]
) -> None:
    tally = fuzz_actions(game_id, options, attempts=1_500, seed=11)
    assert tally.other_exceptions == []
    assert tally.state_changes == 0
    assert tally.refused == tally.tried >= 1_500


def test_corrupted_saves_raise_only_save_error() -> None:
    tally = fuzz_saves(played_saves(8, seed=5), count=400, seed=5, huge=1)
    assert tally.other_exceptions == []
    assert tally.state_changes == 0
    assert tally.refused + tally.still_valid == tally.tried == 400
    assert tally.refused > 350


ODD_NUMBERS = ["²", "¹", "⑧", "٣", "9" * 4_301, "0" * 5_000 + "7x", "1" * 100_000]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_numbers_of_any_script_or_length_are_malformed(game_id: str) -> None:
    game = engine.new_game(game_id, seed=3, options={"dealer": 0})
    before = game.to_json()
    for number in ODD_NUMBERS:
        for verb in ("take", "build", "bid", "swap 1", "play @", "withdraw", "kill"):
            with pytest.raises(engine.IllegalActionError) as err:
                game.apply(f"{verb} {number}".replace("@ ", "@"))
            assert err.value.code in ("malformed", "illegal")
    assert game.to_json() == before


def test_snack_take_reads_only_ascii_digits() -> None:
    game = engine.new_game("quodlibet", seed=4, options={"dealer": 0, "contracts": ["snack"]})
    assert game.view(None)["phase"] == "snack"
    for number in ODD_NUMBERS:
        with pytest.raises(engine.IllegalActionError) as err:
            game.check(f"take {number}")
        assert err.value.code == "malformed"


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("options", ["ab", [1], 7, ("dealer", 0)])
def test_new_game_refuses_options_that_are_not_an_object(game_id: str, options: Any) -> None:
    with pytest.raises(engine.IllegalActionError) as err:
        engine.new_game(game_id, seed=1, options=options)
    assert err.value.code == "bad-option"


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"seed": "1"}, "bad-option"),
        ({"seed": 1.5}, "bad-option"),
        ({"seed": 2**300}, "bad-option"),
        ({"players": "4"}, "bad-players"),
        ({"options": {"dealer": float("inf")}}, "bad-option"),
        ({"options": {"dealer": 1e300}}, "bad-option"),
        ({"options": {"dealer": "1"}}, "bad-option"),
        ({"options": {"deal": "x"}}, "bad-deal"),
        ({"options": {1: 2}}, "bad-option"),
    ],
)
def test_new_game_refuses_wrong_types_clearly(kwargs: dict[str, Any], code: str) -> None:
    for game_id in GAME_IDS:
        with pytest.raises(engine.IllegalActionError) as err:
            engine.new_game(game_id, **kwargs)
        assert err.value.code == code
        assert len(err.value.message) < 300


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bot_action_refuses_wrong_types_clearly(game_id: str) -> None:
    game = engine.new_game(game_id, seed=2)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"level": "hard", "seed": "x"}, "bad-option"),
        ({"level": "hard", "seed": True}, "bad-option"),
        ({"level": "hard", "iterations": "3"}, "bad-option"),
        ({"level": "hard", "iterations": 0}, "bad-option"),
        ({"level": "hard", "time_ms": float("nan")}, "bad-option"),
        ({"level": "hard", "time_ms": "5"}, "bad-option"),
        ({"level": ["easy"]}, "bad-level"),
        ({"level": None}, "bad-level"),
    ]
    for kwargs, code in cases:
        with pytest.raises(engine.IllegalActionError) as err:
            game.bot_action(**kwargs)
        assert err.value.code == code


def test_deep_and_huge_save_texts_are_save_errors() -> None:
    for text in ("[" * 100_000, '{"a":' * 5_000, "[" * 3_000 + "]" * 3_000, "x" * 10_000_000):
        with pytest.raises(engine.SaveError):
            engine.load_game(text)
