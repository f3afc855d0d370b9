"""Bad input to Quodlibet: each refused with the right code, a readable message, and the game
left exactly as it was (``to_json`` unchanged)."""

from __future__ import annotations

import pytest
from support import new_quodlibet as new
from support import refused

import engine
from engine.game import Game

SUITS = [[rank + suit for rank in "789TJQKA"] for suit in "SHDC"]
MIXED = [
    ["AS", "KS", "7H", "8H", "7D", "8D", "7C", "8C"],
    ["QS", "JS", "AH", "KH", "9D", "TD", "9C", "TC"],
    ["TS", "9S", "QH", "JH", "AD", "KD", "JC", "QC"],
    ["8S", "7S", "TH", "9H", "QD", "JD", "KC", "AC"],
]


def until_deal(game: Game, deal: int) -> None:
    while game.round < deal and not game.is_over:
        game.apply(game.legal_actions()[0])


def test_choosing_a_contract_already_played_is_illegal() -> None:
    game = new(dealer=0)
    game.apply("choose minus")
    until_deal(game, 2)
    refused(game, "choose minus", "illegal", "already been played")


def test_choosing_from_another_wheel_is_illegal() -> None:
    game = new(dealer=0)
    refused(game, "choose bribe", "illegal", "wheel 2")
    refused(game, "choose open-trousers", "illegal", "wheel 3")
    until_deal(game, 5)
    refused(game, "choose plus", "illegal", "wheel 1")


def test_choosing_snack_before_the_twelfth_deal_is_illegal() -> None:
    game = new(dealer=0)
    refused(game, "choose snack", "illegal", "12th deal")


def test_choosing_in_practice_mode_or_after_the_choice_is_illegal() -> None:
    refused(new(dealer=0, contracts=["plus"]), "choose plus", "illegal", "practice")
    game = new(dealer=0)
    game.apply("choose plus")
    refused(game, "choose minus", "illegal", "already")


def test_playing_before_the_choice_is_illegal() -> None:
    game = new(dealer=0, deal={"hands": SUITS})
    refused(game, "play 7S", "illegal", "choose")


def test_card_not_in_hand_is_illegal() -> None:
    game = new(dealer=0, contracts=["minus"], deal={"hands": MIXED})
    message = refused(game, "play AS", "illegal", "do not hold")
    assert "ace of spades" in message


def test_card_of_another_seat_is_illegal() -> None:
    # Seat 1 is to act; 7H belongs to seat 0, who may not play out of turn.
    game = new(dealer=0, contracts=["minus"], deal={"hands": MIXED})
    assert game.to_act == 1
    refused(game, "play 7H", "illegal", "do not hold")


def test_revoking_is_illegal() -> None:
    game = new(dealer=0, contracts=["minus"], deal={"hands": MIXED})
    game.apply("play QS")
    refused(game, "play QH", "illegal", "follow suit")


def test_play_position_beyond_the_hand_is_illegal() -> None:
    game = new(dealer=0, contracts=["open-trousers"], deal={"hands": MIXED})
    refused(game, "play @8", "illegal", "@0 to @7")
    game.apply("play @0")
    game.apply("play @7")
    game.apply("play @0")
    game.apply("play @0")
    refused(game, "play @7", "illegal", "@0 to @6")  # the trick's winner now holds 7 cards


def test_open_trousers_needs_positions_and_others_need_cards() -> None:
    blind = new(dealer=0, contracts=["open-trousers"], deal={"hands": MIXED})
    refused(blind, "play QS", "illegal", "position")
    normal = new(dealer=0, contracts=["minus"], deal={"hands": MIXED})
    refused(normal, "play @0", "illegal", "Open Trousers")


def test_snack_actions_outside_snack_are_illegal() -> None:
    game = new(dealer=0, contracts=["minus"])
    refused(game, "take 2", "illegal", "not an action")
    refused(game, "pass", "illegal", "not an action")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "play",
        "play XS",
        "play 1H",
        "play @",
        "play @x",
        "play @-1",
        "play @1234",
        "choose",
        "choose snacks",
        "choose plus minus",
        "take 7",
        "take",
        "pass 2",
        "dance",
        "play TH TH",
    ],
)
def test_malformed_actions(text: str) -> None:
    game = new(dealer=0, contracts=["minus"], deal={"hands": MIXED})
    refused(game, text, "malformed")


def test_notation_is_canonicalised() -> None:
    game = new(dealer=0, contracts=["minus"], deal={"hands": MIXED})
    assert game.check("PLAY  qs") == "play QS"
    assert game.check("play 10d") == "play TD"
    chooser = new(dealer=0)
    assert chooser.check("Choose Bad-Neighbour") == "choose bad-neighbour"
    blind = new(dealer=0, contracts=["open-trousers"])
    assert blind.check("play @03") == "play @3"


def test_wrong_seat_views_and_out_of_turn_saves_are_refused() -> None:
    game = new(dealer=0)
    for seat in (4, -1, "0", True):
        with pytest.raises(engine.IllegalActionError) as err:
            game.view(seat)  # type: ignore[arg-type]
        assert err.value.code == "bad-seat"
    game.apply("choose plus")
    text = game.to_json().replace('"seat":0', '"seat":2')
    with pytest.raises(engine.SaveError):
        engine.load_game(text)


def test_no_action_after_the_game_is_over() -> None:
    game = new(dealer=0, contracts=["minus"], deal={"hands": SUITS})
    until_deal(game, 2)
    assert game.is_over and game.to_act is None and game.legal_actions() == []
    refused(game, "play 7H", "game-over")
    assert game.view(None)["phase"] == "over"
