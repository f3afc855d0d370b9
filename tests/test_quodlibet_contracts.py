"""Trick play (QL-7) and the eleven trick contracts (QL-9..QL-19), each in an exact deal.

Two deals are used throughout (dealer 0, so seat 1 leads the first trick):

* ``SUITS``: each seat holds one whole suit (0 spades, 1 hearts, 2 diamonds, 3 clubs). Nobody
  can follow hearts, so seat 1 leads and takes all 8 tricks; the order in which each seat
  plays its cards decides which cards meet in a trick.
* ``MIXED``: each seat holds two cards of every suit, played in the script ``MIXED_PLAY``
  whose trick winners are seats 0 1 2 0 1 2 3 3 (two tricks each).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import engine
from engine.cards import french_deck, sort_cards
from engine.game import Game
from engine.games.quodlibet.card_bits import CARD, CODE_BIT, SUIT_MASK
from engine.games.quodlibet.contracts import TRICK_CONTRACTS, contract_for
from engine.games.quodlibet.tricks_deal import FOLLOWING, TricksDeal, actions_of, following
from engine.rng import Rng
from engine.tricks import Trick

SUITS = [[rank + suit for rank in "789TJQKA"] for suit in "SHDC"]

MIXED = [
    ["AS", "KS", "7H", "8H", "7D", "8D", "7C", "8C"],
    ["QS", "JS", "AH", "KH", "9D", "TD", "9C", "TC"],
    ["TS", "9S", "QH", "JH", "AD", "KD", "JC", "QC"],
    ["8S", "7S", "TH", "9H", "QD", "JD", "KC", "AC"],
]
MIXED_PLAY = [
    "QS 9S 7S AS",  # 1: seat 1 leads, seat 0 wins
    "7H AH JH 9H",  # 2: seat 0 leads, seat 1 wins (hearts only)
    "9D AD JD 7D",  # 3: seat 1 leads, seat 2 wins
    "TS 8S KS JS",  # 4: seat 2 leads, seat 0 wins
    "8H KH QH TH",  # 5: seat 0 leads, seat 1 wins (hearts only, with the king)
    "TD KD QD 8D",  # 6: seat 1 leads, seat 2 wins (the queen of diamonds)
    "JC AC 7C 9C",  # 7: seat 2 leads, seat 3 wins
    "KC 8C TC QC",  # 8: seat 3 leads, seat 3 wins
]
MIXED_WINNERS = [0, 1, 2, 0, 1, 2, 3, 3]


def practice(contract: str, hands: list[list[str]], **options: Any) -> Game:
    return engine.new_game(
        "quodlibet",
        seed=options.pop("seed", 1),
        options={"contracts": [contract], "dealer": 0, "deal": {"hands": hands}, **options},
    )


def play(game: Game, cards: str) -> None:
    """Play ``cards`` in turn order, by name (or by position in Open Trousers)."""
    for card in cards.split():
        if game.view(None)["contract"] == "open-trousers":
            seat = game.to_act
            assert seat is not None
            onlooker = (seat + 1) % 4  # sees the seat's hand in its current order
            game.apply(f"play @{game.view(onlooker)['hands'][seat].index(card)}")
        else:
            game.apply(f"play {card}")


def suits_script(spades: str, hearts: str, diamonds: str, clubs: str) -> str:
    """The plays of the SUITS deal, trick by trick (seat 1 leads each): each argument is the
    order in which that suit's holder plays its ranks."""
    orders = [spades.split(), hearts.split(), diamonds.split(), clubs.split()]
    return " ".join(
        f"{orders[1][i]}H {orders[2][i]}D {orders[3][i]}C {orders[0][i]}S" for i in range(8)
    )


UP = "7 8 9 T J Q K A"
ALL_TO_SEAT_1 = suits_script(UP, UP, UP, UP)


def scores(game: Game) -> list[int]:
    assert game.is_over
    result: list[int] = game.score_sheet[-1]["scores"]
    return result


def entries(game: Game, trick: int | None = None) -> list[tuple[int, int]]:
    """``(seat, points)`` score-sheet lines, optionally of one trick only."""
    return [
        (entry["seat"], entry["points"])
        for entry in game.score_sheet[-1]["detail"]["entries"]
        if trick is None or entry["trick"] == trick
    ]


def mixed(contract: str, **options: Any) -> Game:
    game = practice(contract, MIXED, **options)
    play(game, " ".join(MIXED_PLAY))
    return game


# --- QL-7 trick play -------------------------------------------------------------------------


def test_ql_7_must_follow_suit_when_able() -> None:
    game = practice("minus", MIXED)
    game.apply("play QS")
    assert game.legal_actions() == ["play 9S", "play TS"]
    assert game.view(2)["led_suit"] == "S"


def test_ql_7_legal_lists_are_the_callers_own() -> None:
    """A deal keeps each seat's actions between moves: changing a list it handed out, or
    playing a card, must not change what is legal later (QL-7)."""
    game = practice("minus", MIXED)
    deal = game.deal
    assert deal is not None
    handed_out = deal.legal()
    handed_out.clear()
    assert deal.legal() == game.legal_actions() != []
    game.apply("play QS")
    assert game.legal_actions() == ["play 9S", "play TS"]
    mine = game.legal_actions()
    mine.append("play AS")
    assert game.legal_actions() == ["play 9S", "play TS"]


def test_ql_7_legal_lists_are_the_actions_of_the_playable_cards_sorted() -> None:
    """A deal's legal list is ``play CARD`` for each card ``TrickPlay.play`` said the seat
    may play, sorted: made a rank at a time (``actions_of``), shared per mask when following
    suit (part of one suit: 1,020 masks at most)."""
    rng = Rng(27)
    for _ in range(2_000):
        mask = rng.next_u64() & rng.next_u64() & 0xFFFF_FFFF
        assert actions_of(mask) == sorted(
            f"play {CARD[card]}" for card in range(32) if mask >> card & 1
        )
    game = engine.new_game("quodlibet", seed=27)
    while not game.is_over:
        deal = game.deal
        if isinstance(deal, TricksDeal) and not deal.blind:
            assert game.legal_actions() == actions_of(deal.playable)
        game.apply(rng.choice(game.legal_actions()))
    assert FOLLOWING and all(
        any(mask & ~SUIT_MASK[suit] == 0 for suit in range(4)) for mask in FOLLOWING
    )
    assert following(CODE_BIT["7H"] | CODE_BIT["AH"]) is following(CODE_BIT["7H"] | CODE_BIT["AH"])


def test_ql_7_void_in_the_suit_led_may_play_any_card() -> None:
    game = practice("minus", SUITS)
    game.apply("play 9H")
    assert game.legal_actions() == sorted(f"play {card}" for card in SUITS[2])


def test_ql_7_highest_card_of_suit_led_wins_off_suit_never_wins() -> None:
    game = practice("minus", SUITS)
    play(game, "7H AD AC AS")
    view = game.view(None)
    assert view["last_trick"] == {
        "leader": 1,
        "plays": [[1, "7H"], [2, "AD"], [3, "AC"], [0, "AS"]],
        "winner": 1,
    }
    assert view["tricks_won"] == [0, 1, 0, 0] and view["trick"] == []
    assert game.view(None)["log"][-1]["trick_winner"] == 1


def test_ql_7_winner_leads_next() -> None:
    game = practice("minus", MIXED)
    play(game, MIXED_PLAY[0])
    assert game.to_act == 0 and game.view(None)["leader"] == 0


def test_ql_7_all_eight_tricks_are_played() -> None:
    game = mixed("quadrature")
    plays = [entry for entry in game.view(None)["log"] if entry["action"].startswith("play")]
    assert len(plays) == 32
    winners = [entry["trick_winner"] for entry in plays if "trick_winner" in entry]
    assert winners == MIXED_WINNERS


# --- wheel 1 ---------------------------------------------------------------------------------


def test_ql_9_plus_minus_ten_per_trick() -> None:
    assert scores(mixed("plus")) == [-20, -20, -20, -20]


def test_ql_9_plus_no_trick_scores_plus_100() -> None:
    game = practice("plus", SUITS)
    play(game, ALL_TO_SEAT_1)
    assert scores(game) == [100, -80, 100, 100]


def test_ql_9_plus_austrian_ten_per_trick_not_taken() -> None:
    assert scores(mixed("plus", plus_austrian=True)) == [60, 60, 60, 60]


def test_ql_9_plus_austrian_no_trick_scores_100_in_total() -> None:
    game = practice("plus", SUITS, plus_austrian=True)
    play(game, ALL_TO_SEAT_1)
    assert scores(game) == [100, 0, 100, 100]


def test_ql_10_minus_ten_per_trick() -> None:
    assert scores(mixed("minus")) == [20, 20, 20, 20]


def test_ql_10_minus_all_eight_tricks_score_100_not_80() -> None:
    game = practice("minus", SUITS)
    play(game, ALL_TO_SEAT_1)
    assert scores(game) == [0, 100, 0, 0]


def test_ql_11_bad_neighbour_minus_score_is_written_on_the_left() -> None:
    game = practice("bad-neighbour", SUITS)
    play(game, ALL_TO_SEAT_1)
    assert scores(game) == [0, 0, 100, 0]  # seat 1's 100 lands on seat 2


def test_ql_11_bad_neighbour_with_uneven_tricks() -> None:
    # MIXED but with tricks 7 and 8 changed so seat 3 takes none and seat 2 takes three.
    hands = [list(hand) for hand in MIXED]
    hands[2][6:8], hands[3][6:8] = ["KC", "AC"], ["JC", "QC"]
    game = practice("bad-neighbour", hands)
    play(game, " ".join(MIXED_PLAY[:6]) + " AC QC 7C 9C KC JC 8C TC")
    # tricks: seat 0 two, seat 1 two, seat 2 four, seat 3 none
    assert game.score_sheet[-1]["detail"]["tricks_won"] == [2, 2, 4, 0]
    assert scores(game) == [0, 20, 20, 40]


def test_ql_12_red_ruffians_king_of_hearts_50_queen_of_diamonds_30() -> None:
    game = mixed("red-ruffians")
    assert scores(game) == [0, 50, 30, 0]
    assert entries(game) == [(1, 50), (2, 30)]


def test_ql_12_red_ruffians_both_in_one_trick_score_100_instead_of_80() -> None:
    # Seat 1 plays the king of hearts in trick 1, where seat 2 gives the queen of diamonds.
    game = practice("red-ruffians", SUITS)
    play(game, suits_script(UP, "K 7 8 9 T J Q A", "Q 7 8 9 T J K A", UP))
    assert scores(game) == [0, 100, 0, 0]
    assert entries(game) == [(1, 100)]


def test_ql_12_red_ruffians_in_separate_tricks_score_80() -> None:
    game = practice("red-ruffians", SUITS)
    play(game, ALL_TO_SEAT_1)
    assert scores(game) == [0, 80, 0, 0]


# --- wheel 2 ---------------------------------------------------------------------------------


def test_ql_13_first_three_and_last() -> None:
    game = mixed("first-three-and-last")
    assert scores(game) == [10, 20, 30, 50]
    assert entries(game) == [(0, 10), (1, 20), (2, 30), (3, 50)]


def test_ql_13_tricks_four_to_seven_score_nothing() -> None:
    game = practice("first-three-and-last", SUITS)
    play(game, ALL_TO_SEAT_1)
    assert scores(game) == [0, 110, 0, 0]


def test_ql_14_no_hearts_low_hearts_20_high_hearts_10() -> None:
    game = practice("no-hearts", SUITS)
    play(game, ALL_TO_SEAT_1)
    assert scores(game) == [0, 4 * 20 + 4 * 10, 0, 0]
    assert [points for _, points in entries(game)] == [20, 20, 20, 20, 10, 10, 10, 10]


def test_ql_14_no_hearts_all_hearts_trick_scores_100_flat() -> None:
    game = mixed("no-hearts")
    # Tricks 2 (7H AH JH 9H, worth 60 by card) and 5 (8H KH QH TH, 60) are all hearts.
    assert scores(game) == [0, 200, 0, 0]
    assert entries(game) == [(1, 100), (1, 100)]


def test_ql_15_queens_30_jacks_20() -> None:
    game = mixed("queens-and-jacks")
    assert scores(game) == [50, 50, 50, 50]


def test_ql_15_queen_and_jack_in_one_trick_cost_100_more_once() -> None:
    game = practice("queens-and-jacks", SUITS)
    play(
        game,
        suits_script(
            "J 7 8 9 T K Q A",  # spades: JS in trick 1, QS in trick 7
            "Q 7 8 9 T J K A",  # hearts: QH in trick 1, JH in trick 6
            "J 7 8 9 T K Q A",  # diamonds: JD in trick 1, QD in trick 7
            "Q 7 8 9 T J K A",  # clubs: QC in trick 1, JC in trick 6
        ),
    )
    # Trick 1: two queens, two jacks and one bonus = 200; trick 6: two jacks = 40; trick 7:
    # two queens = 60.
    assert scores(game) == [0, 300, 0, 0]
    assert sorted(points for _, points in entries(game, trick=1)) == [20, 20, 30, 30, 100]
    assert entries(game, trick=6) == [(1, 20), (1, 20)]


def test_ql_16_bribe_thirty_per_trick_and_twenty_for_the_lowest_card() -> None:
    game = mixed("bribe")
    # Lowest cards: 7S (seat 3), 7H, 7D (seat 0), 8S (seat 3), 8H, 8D, 7C, 8C (seat 0).
    assert scores(game) == [60 + 6 * 20, 60, 60, 60 + 2 * 20]


def test_ql_16_bribe_winner_played_lowest_card_scores_150() -> None:
    game = practice("bribe", SUITS)
    # Trick 1: 7H (seat 1, wins), 7D (seat 2), 8C (seat 3), 9S (seat 0): both 7s are lowest.
    play(game, suits_script("9 7 8 T J Q K A", UP, UP, "8 7 9 T J Q K A"))
    assert sorted(entries(game, trick=1)) == [(1, 20), (1, 30), (1, 100), (2, 20)]


def test_ql_16_bribe_all_tied_for_lowest_score_20_each() -> None:
    game = practice("bribe", SUITS)
    # Trick 1: 9H (seat 1 wins), 8D, 8C, TS: seats 2 and 3 tie for lowest; no bonus.
    play(
        game,
        suits_script("T 7 8 9 J Q K A", "9 7 8 T J Q K A", "8 7 9 T J Q K A", "8 7 9 T J Q K A"),
    )
    assert sorted(entries(game, trick=1)) == [(1, 30), (2, 20), (3, 20)]


# --- wheel 3 ---------------------------------------------------------------------------------


def test_ql_17_open_trousers_hands_reshuffled_into_unknown_order() -> None:
    game = practice("open-trousers", SUITS, seed=3)
    reshuffles = [entry["data"] for entry in game.log if entry.get("chance") == "reshuffle"]
    assert len(reshuffles) == 1
    shown = [game.view((seat + 1) % 4)["hands"][seat] for seat in range(4)]
    assert shown == reshuffles[0]
    assert [sorted(hand) for hand in shown] == [sorted(hand) for hand in SUITS]
    assert shown != SUITS  # the given hands were reshuffled too


def test_ql_17_open_trousers_no_follow_rule() -> None:
    game = practice("open-trousers", MIXED)
    play(game, "QS")
    assert game.legal_actions() == [f"play @{i}" for i in range(8)]
    play(game, "QH")  # seat 2 holds spades but need not follow
    assert game.view(None)["trick"] == [[1, "QS"], [2, "QH"]]


def test_ql_17_play_position_counts_in_current_order_and_is_announced() -> None:
    game = practice("open-trousers", MIXED, seed=8)
    before = game.view(0)["hands"][1]
    game.apply("play @2")
    assert game.view(None)["log"][-1] == {"seat": 1, "action": "play @2", "card": before[2]}
    assert game.view(0)["hands"][1] == before[:2] + before[3:]
    assert game.view(None)["trick"] == [[1, before[2]]]


def test_ql_17_open_trousers_minus_ten_per_trick() -> None:
    game = mixed("open-trousers")
    assert scores(game) == [-20, -20, -20, -20]


def test_ql_17_open_trousers_all_eight_tricks_score_plus_100() -> None:
    game = practice("open-trousers", SUITS)
    play(game, ALL_TO_SEAT_1)
    assert scores(game) == [0, 100, 0, 0]


def test_ql_18_good_hunting_hands_face_up_for_everyone() -> None:
    game = practice("good-hunting", MIXED)
    for seat in range(4):
        view = game.view(seat)
        assert view["hand"] == sort_cards(MIXED[seat])
        assert view["hands"][seat] is None
        for other in range(4):
            if other != seat:
                assert sorted(view["hands"][other]) == sorted(MIXED[other])
    assert [sorted(hand) for hand in game.view(None)["hands"]] == [sorted(h) for h in MIXED]


def test_ql_18_good_hunting_normal_following() -> None:
    game = practice("good-hunting", MIXED)
    game.apply("play QS")
    assert game.legal_actions() == ["play 9S", "play TS"]


def test_ql_18_good_hunting_ten_per_trick() -> None:
    assert scores(mixed("good-hunting")) == [20, 20, 20, 20]


def test_ql_18_good_hunting_all_eight_tricks_score_100() -> None:
    game = practice("good-hunting", SUITS)
    play(game, ALL_TO_SEAT_1)
    assert scores(game) == [0, 100, 0, 0]


def test_ql_19_quadrature_trick_four_minus_40_trick_eight_minus_80() -> None:
    game = mixed("quadrature")
    assert scores(game) == [-40, 0, 0, -80]
    assert entries(game) == [(0, -40), (3, -80)]


def test_ql_19_quadrature_same_winner_scores_both() -> None:
    game = practice("quadrature", SUITS)
    play(game, ALL_TO_SEAT_1)
    assert scores(game) == [0, -120, 0, 0]


@pytest.mark.parametrize(
    "contract",
    [
        "plus",
        "minus",
        "bad-neighbour",
        "red-ruffians",
        "first-three-and-last",
        "no-hearts",
        "queens-and-jacks",
        "bribe",
        "open-trousers",
        "good-hunting",
        "quadrature",
    ],
)
def test_score_sheet_entries_add_up_to_the_scores(contract: str) -> None:
    game = mixed(contract)
    sums = [0, 0, 0, 0]
    for seat, points in entries(game):
        sums[seat] += points
    assert sums == scores(game) == game.totals
    detail = game.score_sheet[-1]["detail"]
    assert detail["contract"] == contract and detail["dealer"] == 0
    assert detail["tricks_won"] == [2, 2, 2, 2]


# --- one statement of scoring: masks to points, lines where points are added (``deal_points``) --


def deal_as_masks(tricks: list[Trick], hands: list[list[str]]) -> tuple[list[int], ...]:
    """``deal_points``' arguments for ``tricks`` played from ``hands`` (as a playout has them)."""
    cards = [sum(CODE_BIT[card] for _, card in trick.plays) for trick in tricks]
    dealt = [sum(CODE_BIT[card] for card in hand) for hand in hands]
    return cards, [trick.winner for trick in tricks], dealt


def test_ql_9_to_ql_19_lines_add_up_to_the_points_of_the_masks() -> None:
    """Every contract's one statement of its rule (``deal_points``) gives a playout's masks
    the points its score sheet's lines add up to (QL-9..QL-19),
    over random deals whose tricks go to random seats, to one seat (all eight tricks,
    and none for the others) and to a random player of each trick, and in the two deals
    of this file."""
    rules = [contract_for(name) for name in TRICK_CONTRACTS]
    rules.append(contract_for("plus", plus_austrian=True))
    rng = Rng(12)
    deck = french_deck()
    deals: list[tuple[list[Trick], list[list[str]]]] = []
    for hands, script in [(MIXED, " ".join(MIXED_PLAY)), (SUITS, ALL_TO_SEAT_1)]:
        played = TricksDeal(contract_for("minus"), 0, hands, 1)  # QL-7 decides the winners
        for card in script.split():
            played.apply(f"play {card}")
        deals.append((played.tricks, hands))
    assert [trick.winner for trick in deals[0][0]] == MIXED_WINNERS
    for number in range(3_000):
        shuffled = rng.shuffled(deck)
        hands = [shuffled[8 * seat : 8 * seat + 8] for seat in range(4)]
        leader = rng.below(4)
        tricks = []
        for index in range(8):
            plays = tuple(((leader + i) % 4, hands[(leader + i) % 4][index]) for i in range(4))
            how = number % 3
            winner = rng.below(4) if how == 0 else 2 if how == 1 else plays[rng.below(4)][0]
            tricks.append(Trick(plays, winner))
            leader = winner
        deals.append((tricks, hands))
    seen = Counter[str]()
    for tricks, hands in deals:
        for rules_of in rules:
            points = rules_of.points(tricks)
            sums = [0] * 4
            for line in rules_of.lines(tricks):
                sums[line[0]] += line[1]
            assert sums == points
            assert rules_of.deal_points(*deal_as_masks(tricks, hands)) == points
            seen[rules_of.name] += any(points)
    assert all(seen[name] > 1_000 for name in TRICK_CONTRACTS)
