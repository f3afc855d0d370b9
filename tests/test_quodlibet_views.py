"""What each seat sees in Quodlibet (API.md views): the fields, and that no view ever holds a
card its seat may not know — in the choosing step (QL-5), Open Trousers (QL-17), Good Hunting
(QL-18) and the ordinary contracts."""

from __future__ import annotations

import json
from typing import Any

import engine
from engine.cards import french_deck, sort_cards
from engine.game import Game
from engine.games.quodlibet.contracts import TRICK_CONTRACTS
from engine.games.quodlibet.tricks_deal import TricksDeal
from engine.rng import Rng

CODES = frozenset(french_deck())
MIXED = [
    ["AS", "KS", "7H", "8H", "7D", "8D", "7C", "8C"],
    ["QS", "JS", "AH", "KH", "9D", "TD", "9C", "TC"],
    ["TS", "9S", "QH", "JH", "AD", "KD", "JC", "QC"],
    ["8S", "7S", "TH", "9H", "QD", "JD", "KC", "AC"],
]


def new(**options: Any) -> Game:
    return engine.new_game("quodlibet", seed=options.pop("seed", 1), options=options)


def cards_in(value: Any) -> set[str]:
    """Every card code anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if value in CODES else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(item) for item in value)) if value else set()
    return set()


def hidden_from(game: Any, seat: int | None) -> set[str]:
    """The cards ``seat`` may not know right now (white-box: from the true state)."""
    if game.deal is None:  # choosing: only the dealer has looked at a hand (QL-5)
        return {
            card
            for owner, hand in enumerate(game.dealt)
            if not (owner == seat == game.dealer)
            for card in hand
        }
    deal = game.deal
    assert isinstance(deal, TricksDeal)
    hidden: set[str] = set()
    for owner, hand in enumerate(deal.hands):
        visibility = deal.rules.visibility
        if visibility == "open":
            seen = True
        elif visibility == "blind":
            seen = seat is not None and owner != seat
        else:
            seen = owner == seat
        if not seen:
            hidden |= set(hand)
    return hidden


def assert_no_leak(game: Game) -> None:
    for seat in (None, 0, 1, 2, 3):
        view = game.view(seat)
        json.dumps(view)
        # The score sheet too: it stays in every later view, when its cards may be hidden.
        shown = cards_in(view)
        leaked = shown & hidden_from(game, seat)
        assert not leaked, f"seat {seat} sees {sorted(leaked)} in {game.view(None)['phase']}"


def test_views_have_the_api_fields() -> None:
    view = new(dealer=0).view(0)
    fields = [
        "game", "round", "phase", "to_act", "legal", "totals", "over", "winners", "dealer",
        "contract", "remaining_contracts", "hand", "hands", "trick", "tricks_won",
        "hand_sizes", "led_suit", "leader", "wheel",
    ]  # fmt: skip
    for field in fields:
        assert field in view, field
    assert view["game"] == "quodlibet" and view["phase"] == "choose" and view["wheel"] == 1


def test_hand_is_sorted_by_suit_then_rank() -> None:
    shuffled = [list(reversed(hand)) for hand in MIXED]
    game = new(dealer=0, contracts=["minus"], deal={"hands": shuffled})
    for seat in range(4):
        assert game.view(seat)["hand"] == sort_cards(MIXED[seat])
    assert game.view(None)["hand"] is None


def test_choose_phase_leaks_nothing() -> None:
    game = new(dealer=2, deal={"hands": MIXED})
    assert_no_leak(game)
    assert cards_in(game.view(0)) == set()
    assert cards_in(game.view(None)) == set()
    assert cards_in(game.view(2)) == set(MIXED[2])
    assert game.view(2)["hands"] == [None] * 4


def test_ordinary_contract_shows_only_the_own_hand() -> None:
    game = new(dealer=0, contracts=["bribe"], deal={"hands": MIXED})
    assert game.view(1)["hands"] == [None] * 4
    assert cards_in(game.view(1)) == set(MIXED[1])
    assert_no_leak(game)


def test_open_trousers_shows_the_other_three_and_only_backs_of_ones_own() -> None:
    game = new(dealer=0, contracts=["open-trousers"], deal={"hands": MIXED})
    for seat in range(4):
        view = game.view(seat)
        assert view["hand"] == [None] * 8
        assert view["hands"][seat] is None
        assert cards_in(view) == CODES - set(MIXED[seat])
    assert game.view(None)["hands"] == [None] * 4
    assert game.view(None)["hand"] is None
    assert cards_in(game.view(None)) == set()
    game.apply("play @3")
    assert game.view(1)["hand"] == [None] * 7
    assert_no_leak(game)


def test_good_hunting_view_none_shows_all_four() -> None:
    game = new(dealer=0, contracts=["good-hunting"], deal={"hands": MIXED})
    assert game.view(None)["hands"] == [sort_cards(hand) for hand in MIXED]
    assert game.view(3)["hands"][3] is None
    assert_no_leak(game)


def test_the_log_shows_plays_choices_and_trick_results() -> None:
    game = new(dealer=0, deal={"hands": MIXED})
    game.apply("choose minus")
    for card in ["QS", "9S", "7S", "AS"]:
        game.apply(f"play {card}")
    log = game.view(None)["log"]
    assert log[0] == {"seat": None, "action": "deal", "deal": 1, "dealer": 0}
    assert log[1] == {"seat": 0, "action": "choose minus", "contract": "minus"}
    assert log[-1] == {
        "seat": 0,
        "action": "play AS",
        "card": "AS",
        "trick_number": 1,
        "trick_winner": 0,
    }


def test_random_play_in_every_contract_leaks_nothing() -> None:
    rng = Rng(2024)
    game = new(dealer=1, contracts=sorted(TRICK_CONTRACTS), seed=77)
    while not game.is_over:
        assert_no_leak(game)
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.score_sheet) == len(TRICK_CONTRACTS)


def test_random_full_game_start_leaks_nothing() -> None:
    rng = Rng(5)
    game = new(seed=21)  # the draw is announced by rank: no card codes
    while game.round <= 3:
        assert_no_leak(game)
        game.apply(rng.choice(game.legal_actions()))
