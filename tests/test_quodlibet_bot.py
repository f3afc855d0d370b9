"""Quodlibet's ``normal`` computer player: legal everywhere, sensible choices and plays."""

from __future__ import annotations

import pytest
from support import new_quodlibet as new

from engine.bots.quodlibet.normal import choose_contract, contract_badness
from engine.game import Game
from engine.games.quodlibet.contracts import TRICK_CONTRACTS
from engine.rng import Rng

SUITS = [[rank + suit for rank in "789TJQKA"] for suit in "SHDC"]
MIXED = [
    ["AS", "KS", "7H", "8H", "7D", "8D", "7C", "8C"],
    ["QS", "JS", "AH", "KH", "9D", "TD", "9C", "TC"],
    ["TS", "9S", "QH", "JH", "AD", "KD", "JC", "QC"],
    ["8S", "7S", "TH", "9H", "QD", "JD", "KC", "AC"],
]


def with_dealer_hand(hand: list[str]) -> Game:
    rest = [card for suit in SUITS for card in suit if card not in hand]
    hands = [hand, rest[:8], rest[8:16], rest[16:]]
    return new(dealer=0, deal={"hands": hands})


def test_normal_bot_is_registered() -> None:
    assert new(dealer=0).bot_action("normal") in new(dealer=0).legal_actions()


def test_strong_hand_chooses_plus() -> None:
    game = with_dealer_hand(["AS", "KS", "QS", "AH", "KH", "AD", "KD", "AC"])
    assert game.bot_action("normal") == "choose plus"


def test_weak_low_hand_chooses_minus() -> None:
    game = with_dealer_hand(["7S", "8S", "7H", "8H", "7D", "8D", "7C", "9C"])
    assert game.bot_action("normal") == "choose minus"


def test_high_hearts_count_against_no_hearts() -> None:
    high = ["AH", "KH", "QH", "JH", "7S", "8S", "7D", "8C"]
    low = ["7H", "8H", "9H", "AS", "8S", "7D", "8D", "8C"]
    assert contract_badness("no-hearts", high) > 0 > contract_badness("no-hearts", low)
    game = with_dealer_hand(high)
    game.apply("choose plus")
    while game.round < 5:  # reach wheel 2, then give the dealer the high hearts
        game.apply(game.legal_actions()[0])
    view = game.view(game.dealer)
    view["hand"] = high
    assert choose_contract(view) != "choose no-hearts"


def test_minus_ducks_under_the_winning_card() -> None:
    game = new(dealer=0, contracts=["minus"], deal={"hands": MIXED})
    game.apply("play QS")
    assert game.bot_action("normal") == "play TS"  # highest card under the queen
    game.apply("play TS")
    assert game.bot_action("normal") == "play 8S"
    game.apply("play 8S")
    assert game.bot_action("normal") == "play AS"  # takes it anyway: unload the ace


@pytest.mark.parametrize(
    ("contract", "shed"),
    [("queens-and-jacks", "QD"), ("red-ruffians", "QD"), ("minus", "AD"), ("no-hearts", "AD")],
)
def test_void_sheds_the_dangerous_card(contract: str, shed: str) -> None:
    game = new(dealer=0, contracts=[contract], deal={"hands": SUITS})
    game.apply("play 7H")
    assert game.bot_action("normal") == f"play {shed}"


@pytest.mark.parametrize(("contract", "shed"), [("no-hearts", "JH"), ("minus", "AD")])
def test_void_in_no_hearts_sheds_the_highest_heart(contract: str, shed: str) -> None:
    hands = [
        SUITS[0],
        SUITS[3],
        ["7H", "8H", "9H", "JH", "AD", "KD", "QD", "JD"],
        ["TH", "QH", "KH", "AH", "7D", "8D", "9D", "TD"],
    ]
    game = new(dealer=0, contracts=[contract], deal={"hands": hands})
    game.apply("play 7C")
    assert game.bot_action("normal") == f"play {shed}"


def test_plus_wins_as_cheaply_as_possible_when_last() -> None:
    game = new(dealer=0, contracts=["plus"], deal={"hands": MIXED})
    for card in ("QS", "9S", "7S"):
        game.apply(f"play {card}")
    assert game.bot_action("normal") == "play KS"


def test_plus_leads_its_best_card() -> None:
    game = new(dealer=0, contracts=["plus"], deal={"hands": SUITS})
    assert game.bot_action("normal") == "play AH"


def test_open_trousers_plays_a_position() -> None:
    game = new(dealer=0, contracts=["open-trousers"], deal={"hands": MIXED})
    assert game.bot_action("normal").startswith("play @")


def test_snack_is_played_legally() -> None:
    game = new(dealer=0, contracts=["snack"], seed=5)
    while not game.is_over:
        game.apply(game.bot_action("normal", seed=len(game.log)))
    assert len(game.score_sheet) == 1


def test_normal_plays_every_trick_contract_legally() -> None:
    game = new(dealer=2, contracts=sorted(TRICK_CONTRACTS), seed=8)
    while not game.is_over:
        game.apply(game.bot_action("normal", seed=len(game.log)))
    assert len(game.score_sheet) == len(TRICK_CONTRACTS)


def test_normal_takes_fewer_penalty_points_than_easy_in_minus() -> None:
    normal = easy = 0.0
    for index in range(16):
        seat = index % 4
        game = new(dealer=index % 4, contracts=["minus"], seed=400 + index)
        while not game.is_over:
            level = "normal" if game.to_act == seat else "easy"
            game.apply(game.bot_action(level, seed=len(game.log) + 100 * index))
        scores = game.score_sheet[-1]["scores"]
        normal += scores[seat]
        easy += (sum(scores) - scores[seat]) / 3
    assert normal < easy


def test_the_rollouts_explore_test_is_random_below_explore() -> None:
    # rollout_action tests ``next_u64() < EXPLORE_BELOW`` for ``random() < EXPLORE``: the
    # same draw must give the same answer, at the boundary and over many draws.
    from engine.bots.quodlibet.rollout import EXPLORE, EXPLORE_BELOW

    for value in (EXPLORE_BELOW - 1, EXPLORE_BELOW, EXPLORE_BELOW - 2048, EXPLORE_BELOW + 2047):
        assert ((value >> 11) / 2**53 < EXPLORE) == (value < EXPLORE_BELOW)
    first, second = Rng(11), Rng(11)
    for _ in range(20_000):
        assert (first.random() < EXPLORE) == (second.next_u64() < EXPLORE_BELOW)
