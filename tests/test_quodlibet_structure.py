"""Quodlibet's structure (RULES.md QL-1..QL-8): the deck, the draw for the first dealer,
wheels and dealers, choosing, Snack's place, totals and winners, practice mode and options."""

from __future__ import annotations

from typing import Any

import pytest
from support import new_quodlibet as new
from support import true_world

import engine
from engine.cards import french_deck, rank_value
from engine.game import Game
from engine.games.quodlibet.contracts import WHEELS
from engine.games.quodlibet.tricks_deal import TricksDeal
from engine.rng import Rng
from engine.tricks import Play

SUIT_HANDS = [[rank + suit for rank in "789TJQKA"] for suit in "SHDC"]
"""Seat 0 all spades, 1 all hearts, 2 all diamonds, 3 all clubs."""


def first_legal_until(game: Game, deal: int) -> None:
    """Play the first legal action until deal number ``deal`` starts."""
    while game.round < deal and not game.is_over:
        game.apply(game.legal_actions()[0])


def dealt_hands(game: Game) -> list[list[str]]:
    """The hands of the current deal as recorded in the log (the last ``deal`` chance)."""
    deals = [entry for entry in game.log if entry.get("chance") == "deal"]
    hands: list[list[str]] = deals[-1]["data"]["hands"]
    return hands


# --- QL-1 ------------------------------------------------------------------------------------


def test_ql_1_thirty_two_cards_dealt_eight_each() -> None:
    game = new(dealer=0, seed=9)
    hands = dealt_hands(game)
    assert [len(hand) for hand in hands] == [8, 8, 8, 8]
    assert sorted(card for hand in hands for card in hand) == sorted(french_deck())


def test_ql_1_registered_for_exactly_four_players() -> None:
    info = engine.GAMES["quodlibet"]
    assert (info["min_players"], info["max_players"], info["default_players"]) == (4, 4, 4)
    assert info["low_score_wins"] is True
    assert info["options"] == {
        "dealer": None,
        "deal": None,
        "contracts": None,
        "plus_austrian": False,
        "dealer_leads": False,
    }
    with pytest.raises(engine.IllegalActionError) as err:
        engine.new_game("quodlibet", players=3)
    assert err.value.code == "bad-players"


# --- QL-2 / QL-3 / QL-6 ----------------------------------------------------------------------


def test_ql_2_twelve_deals_in_three_wheels_each_contract_once() -> None:
    game = new(dealer=1, seed=3)
    first_legal_until(game, 13)
    assert game.is_over and game.round == 12
    played = [entry["detail"]["contract"] for entry in game.score_sheet]
    assert [entry["round"] for entry in game.score_sheet] == list(range(1, 13))
    for number, wheel in enumerate(WHEELS):
        assert sorted(played[4 * number : 4 * number + 4]) == sorted(wheel)


def test_ql_3_lowest_draw_deals() -> None:
    game = new(seed=2)
    draws = [entry["data"] for entry in game.log if entry.get("chance") == "draw"]
    assert len(draws) == 1
    low = min(rank_value(card) for _, card in draws[0])
    assert [seat for seat, card in draws[0] if rank_value(card) == low] == [game.dealer]
    ranks = [[seat, card[0]] for seat, card in draws[0]]  # only ranks count, and are shown
    assert game.view(None)["log"][0] == {"seat": None, "action": "draw", "draws": ranks}


def test_ql_3_tied_lowest_draw_redraws_among_the_tied() -> None:
    game = new(seed=5)
    draws = [entry["data"] for entry in game.log if entry.get("chance") == "draw"]
    assert len(draws) == 2
    first_low = min(rank_value(card) for _, card in draws[0])
    tied = [seat for seat, card in draws[0] if rank_value(card) == first_low]
    assert len(tied) == 2
    assert [seat for seat, _ in draws[1]] == tied
    low = min(rank_value(card) for _, card in draws[1])
    assert [seat for seat, card in draws[1] if rank_value(card) == low] == [game.dealer]


def test_ql_3_dealer_option_replaces_the_draw() -> None:
    game = new(dealer=3)
    assert game.dealer == 3 and game.to_act == 3
    assert not any(entry.get("chance") == "draw" for entry in game.log)


def test_ql_3_deal_passes_left_within_a_wheel() -> None:
    game = new(dealer=2, seed=4)
    dealers = []
    while game.round <= 4:
        if game.view(None)["phase"] == "choose":
            dealers.append(game.dealer)
        game.apply(game.legal_actions()[0])
    assert dealers == [2, 3, 0, 1]


def test_ql_4_highest_total_deals_wheel_two_tie_goes_clockwise() -> None:
    game = new(dealer=2, seed=7)
    first_legal_until(game, 5)
    totals = game.totals
    tied = [seat for seat in range(4) if totals[seat] == max(totals)]
    # The last dealer of wheel 1 was seat 1: clockwise from seat 2, seat 3 comes before seat 1.
    assert tied == [1, 3], "precondition: this seed ties seats 1 and 3 at the top"
    assert game.dealer == 3 and game.to_act == 3


def test_ql_4_highest_total_deals_wheel_three() -> None:
    game = new(dealer=0, seed=11)
    first_legal_until(game, 8)
    previous = game.dealer  # the last dealer of wheel 2
    first_legal_until(game, 9)
    totals = game.totals
    order = [(previous + 1 + k) % 4 for k in range(4)]
    expected = next(seat for seat in order if totals[seat] == max(totals))
    assert game.dealer == expected
    assert game.view(None)["wheel"] == 3


def next_dealer(previous: int, deal: int, totals: list[int]) -> int:
    """Who deals after deal number ``deal``, dealt by ``previous``, with ``totals`` after it:
    the deal is played (first legal actions) in the true world of a view whose totals before
    it are set so."""
    game = new(dealer=(previous - deal + 1) % 4)
    first_legal_until(game, deal)
    assert game.dealer == previous and game.to_act is not None
    played = game.clone()
    start = len(played.log)
    first_legal_until(played, deal + 1)
    scores = played.score_sheet[-1]["scores"]
    before = [total - points for total, points in zip(totals, scores, strict=True)]
    view = {**game.view(game.to_act), "totals": before}
    world = true_world(game, game.to_act, view=view, playout=False)
    for entry in played.log[start:]:
        if "action" in entry:
            world.apply(entry["action"])
    assert world.round == deal + 1 and world.totals == totals
    return world.dealer


def test_ql_4_tie_rule_counts_from_left_of_previous_dealer() -> None:
    # The end of wheel 1 (deal 4): the first tied from the previous dealer's left deals.
    assert next_dealer(2, 4, [50, 10, 50, 20]) == 0  # seats 3, 0, 1, 2: seat 0 is first tied
    assert next_dealer(3, 4, [50, 10, 50, 20]) == 0
    assert next_dealer(0, 4, [50, 10, 50, 20]) == 2  # seats 1, 2, 3, 0
    assert next_dealer(2, 3, [50, 10, 50, 20]) == 3  # within a wheel the deal passes left


def test_ql_5_only_the_dealer_sees_the_hand_before_choosing() -> None:
    game = new(dealer=1, deal={"hands": SUIT_HANDS})
    dealer_view = game.view(1)
    assert dealer_view["phase"] == "choose" and dealer_view["contract"] is None
    assert dealer_view["hand"] == SUIT_HANDS[1]
    assert dealer_view["legal"] == [
        "choose bad-neighbour",
        "choose minus",
        "choose plus",
        "choose red-ruffians",
    ]
    for seat in (0, 2, 3):
        view = game.view(seat)
        assert view["hand"] == [None] * 8
        assert view["legal"] == []
    game.apply("choose minus")
    assert game.view(2)["hand"] == SUIT_HANDS[2]
    assert game.view(None)["log"][-1] == {"seat": 1, "action": "choose minus", "contract": "minus"}


def test_ql_5_choose_among_the_wheels_unplayed_contracts() -> None:
    game = new(dealer=0)
    game.apply("choose red-ruffians")
    first_legal_until(game, 2)
    assert game.to_act == 1
    assert game.legal_actions() == ["choose bad-neighbour", "choose minus", "choose plus"]
    assert game.view(1)["remaining_contracts"] == ["plus", "minus", "bad-neighbour"]
    game.apply("choose plus")
    assert game.view(1)["remaining_contracts"] == ["minus", "bad-neighbour"]
    first_legal_until(game, 5)
    assert game.legal_actions() == [
        "choose bribe",
        "choose first-three-and-last",
        "choose no-hearts",
        "choose queens-and-jacks",
    ]


def test_ql_6_snack_is_always_the_twelfth_deal_without_a_choice() -> None:
    game = new(dealer=0, seed=6)
    first_legal_until(game, 9)
    assert game.legal_actions() == [
        "choose good-hunting",
        "choose open-trousers",
        "choose quadrature",
    ]
    assert "snack" in game.view(None)["remaining_contracts"]
    first_legal_until(game, 12)
    view = game.view(None)
    assert view["phase"] == "snack" and view["contract"] == "snack"
    assert view["remaining_contracts"] == []
    assert not any(action.startswith("choose") for action in game.legal_actions())
    assert view["hand_sizes"] == [4, 4, 4, 4]
    assert view["piles"] == [3, 3, 3, 3, 3, 1]


def test_ql_7_left_of_dealer_leads() -> None:
    game = new(dealer=3, contracts=["minus"])
    assert game.to_act == 0 and game.view(None)["leader"] == 0


def test_ql_7_dealer_leads_variant() -> None:
    game = new(dealer=3, contracts=["minus"], dealer_leads=True)
    assert game.to_act == 3 and game.view(None)["leader"] == 3
    chosen = new(dealer=3, dealer_leads=True)
    assert chosen.view(None)["leader"] == 3
    chosen.apply("choose plus")
    assert chosen.to_act == 3


def test_ql_8_lowest_total_wins_and_ties_share() -> None:
    game = new(dealer=0, contracts=["plus"], deal={"hands": SUIT_HANDS})
    first_legal_until(game, 2)  # seat 1 leads hearts, nobody can follow: seat 1 takes all
    assert game.is_over
    assert game.totals == [100, -80, 100, 100]  # totals may go negative
    assert game.winners == [1]
    tie = new(dealer=0, contracts=["minus"], deal={"hands": SUIT_HANDS})
    first_legal_until(tie, 2)
    assert tie.totals == [0, 100, 0, 0] and tie.winners == [0, 2, 3]


def test_ql_8_totals_change_only_when_a_deal_is_scored() -> None:
    game = new(dealer=0, contracts=["minus", "plus"], deal={"hands": SUIT_HANDS})
    for _ in range(31):
        game.apply(game.legal_actions()[0])
    assert game.totals == [0, 0, 0, 0]
    assert game.view(None)["tricks_won"] == [0, 7, 0, 0]
    game.apply(game.legal_actions()[0])
    assert game.totals == [0, 100, 0, 0]
    assert game.round == 2 and game.score_sheet[0]["scores"] == [0, 100, 0, 0]


# --- practice mode ---------------------------------------------------------------------------


def test_practice_mode_plays_the_list_in_order_without_choosing() -> None:
    game = new(dealer=2, contracts=["bribe", "plus", "quadrature"])
    seen = []
    while not game.is_over:
        view = game.view(None)
        assert view["phase"] == "play"
        if not seen or seen[-1][0] != game.round:
            seen.append((game.round, view["contract"], game.dealer, view["remaining_contracts"]))
        game.apply(game.legal_actions()[0])
    assert seen == [
        (1, "bribe", 2, ["plus", "quadrature"]),
        (2, "plus", 3, ["quadrature"]),
        (3, "quadrature", 0, []),
    ]
    assert game.round == 3 and len(game.score_sheet) == 3
    assert game.view(None)["wheel"] == 3


def test_practice_mode_dealer_passes_left_even_across_wheels() -> None:
    game = new(dealer=0, contracts=["plus", "minus", "bad-neighbour", "red-ruffians", "bribe"])
    first_legal_until(game, 5)
    assert game.dealer == 0  # QL-4 does not apply: 0, 1, 2, 3, then 0 again


def test_practice_mode_snack_may_stand_anywhere() -> None:
    game = new(dealer=0, contracts=["plus", "snack", "minus"], seed=12)
    first_legal_until(game, 2)
    view = game.view(None)
    assert view["phase"] == "snack" and view["contract"] == "snack"
    assert view["hand_sizes"] == [4, 4, 4, 4] and game.dealer == 1
    assert view["remaining_contracts"] == ["minus"]
    first_legal_until(game, 3)
    assert game.view(None)["contract"] == "minus"
    first_legal_until(game, 4)
    assert game.is_over and [e["detail"]["contract"] for e in game.score_sheet] == [
        "plus",
        "snack",
        "minus",
    ]


def test_practice_mode_snack_first_with_an_explicit_deal() -> None:
    deck = french_deck()
    hands = [deck[4 * seat : 4 * seat + 4] for seat in range(4)]
    piles = [deck[16 + 3 * k : 19 + 3 * k] for k in range(5)] + [deck[31:]]
    game = new(dealer=0, contracts=["snack"], deal={"hands": hands, "piles": piles})
    assert game.view(1)["hand"] == hands[1]
    assert game.view(None)["piles"] == [3, 3, 3, 3, 3, 1]
    assert game.to_act == 1  # Snack: the dealer's left starts (QL-22)


# --- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"contracts": []},
        {"contracts": "plus"},
        {"contracts": ["plus", "nonsense"]},
        {"contracts": ["plus", "minus", "plus"]},
        {"contracts": [1]},
        {"plus_austrian": "yes"},
        {"plus_austrian": 1},
        {"dealer_leads": None},
        {"dealer": 4},
        {"colour": "red"},
    ],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(engine.IllegalActionError) as err:
        engine.new_game("quodlibet", seed=1, options=options)
    assert err.value.code == "bad-option"
    assert str(err.value)


def _swap(hands: list[list[str]], seat: int, index: int, card: str) -> list[list[str]]:
    out = [list(hand) for hand in hands]
    out[seat][index] = card
    return out


@pytest.mark.parametrize(
    ("deal", "contracts"),
    [
        ({"hands": SUIT_HANDS, "piles": [["7S"]]}, None),
        ({"hands": SUIT_HANDS[:3]}, None),
        ({"hands": [hand[:7] for hand in SUIT_HANDS]}, None),
        ({"hands": _swap(SUIT_HANDS, 0, 0, "XS")}, None),
        ({"hands": _swap(SUIT_HANDS, 0, 0, "8S")}, None),  # 8S twice
        ({"hands": _swap(SUIT_HANDS, 0, 0, 7)}, None),
        ({"cards": SUIT_HANDS}, None),
        ({}, None),
        ({"hands": SUIT_HANDS}, ["snack"]),  # Snack needs 4-card hands and piles
        ("deal", None),
    ],
)
def test_bad_deals_are_refused(deal: Any, contracts: list[str] | None) -> None:
    options: dict[str, Any] = {"deal": deal}
    if contracts is not None:
        options["contracts"] = contracts
    with pytest.raises(engine.IllegalActionError) as err:
        engine.new_game("quodlibet", seed=1, options=options)
    assert err.value.code == "bad-deal"
    assert str(err.value)


def test_deal_option_accepts_lower_case_and_ten_codes() -> None:
    hands = [list(hand) for hand in SUIT_HANDS]
    hands[1] = ["7h", "8h", "9h", "10h", "jh", "qh", "kh", "ah"]
    game = new(dealer=1, deal={"hands": hands})
    assert game.view(1)["hand"] == SUIT_HANDS[1]


def test_deal_option_is_the_first_deal_only() -> None:
    game = new(dealer=0, contracts=["minus", "plus"], deal={"hands": SUIT_HANDS})
    first_legal_until(game, 2)
    assert dealt_hands(game) != SUIT_HANDS
    assert sorted(card for hand in dealt_hands(game) for card in hand) == sorted(french_deck())


def highest_of_suit_led(trick: list[Play]) -> Play:
    """The play of ``trick`` that wins it so far, worked out here on its own (QL-7): the
    highest card of the suit led; a card of another suit never wins (no trumps)."""
    led = trick[0][1][1]
    return max((play for play in trick if play[1][1] == led), key=lambda p: rank_value(p[1]))


def test_ql_7_the_deal_keeps_the_winning_play_as_cards_fall() -> None:
    # TricksDeal.best (public, read by the rollout policy): the highest card of the suit led
    # so far (QL-7), None before a lead; the trick's winner once it is complete.
    game = engine.new_game("quodlibet", seed=5, options={"contracts": ["minus", "bribe"]})
    rng = Rng(5)
    checked = 0
    while not game.is_over:
        deal = game.deal
        if isinstance(deal, TricksDeal) and not deal.done:
            if deal.trick:
                assert deal.best == highest_of_suit_led(deal.trick)
                checked += 1
            else:
                assert deal.best is None
        game.apply(rng.choice(game.legal_actions()))
    assert checked > 40


def test_ql_8_score_sheet_entries_share_nothing() -> None:
    # The score sheet's lines are stored without a copy (Game._score_round(copy=False)):
    # each deal's detail must be new objects, never shared with another deal's or a cache.
    game = engine.new_game("quodlibet", seed=2)
    rng = Rng(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    seen: set[int] = set()
    for entry in game.score_sheet:
        for line in entry["detail"].get("entries", []):
            for part in (line, line["message"], line["message"]["params"]):
                assert id(part) not in seen
                seen.add(id(part))
    assert len(seen) > 30


def test_ql_1_every_french_deck_holds_the_same_card_objects() -> None:
    # french_deck interns its codes: tables made from different calls share the objects,
    # so a look-up is an identity hit (the engine's speed, not a rule).
    first, second = french_deck(), french_deck()
    assert first == second
    assert all(a is b for a, b in zip(first, second, strict=True))


def test_a_score_sheet_read_late_is_the_one_read_at_once() -> None:
    """QL-8: a deal's score-sheet detail (contract, dealer, tricks, worded lines) is made
    when the sheet is next read (``Game._score_round`` with a function), so a game nobody
    looks at never words it. Read after the whole game, after a copy, or after every deal,
    the sheet is the same, each deal's detail filled in."""
    import copy
    import json

    def played(seed: int, read_each_deal: bool) -> tuple[Game, Game]:
        game, rng = new(seed=seed), Rng(seed, 1)
        halfway: Game | None = None
        while not game.is_over:
            before = game.round
            game.apply(rng.choice(game.legal_actions()))
            if read_each_deal and game.round != before:
                assert game.score_sheet[-1]["detail"] is not None
            if halfway is None and game.round == 7:
                halfway = copy.deepcopy(game)  # six deals scored, none read
        assert halfway is not None
        return game, halfway

    for seed in (5, 6):
        late, late_half = played(seed, read_each_deal=False)
        once, once_half = played(seed, read_each_deal=True)
        sheet = late.score_sheet
        assert len(sheet) == 12
        assert all(entry["detail"]["contract"] == name for entry, name in
                   zip(sheet, late.played, strict=True))  # fmt: skip
        assert json.dumps(sheet) == json.dumps(once.score_sheet)
        assert json.dumps(late_half.score_sheet) == json.dumps(once_half.score_sheet)
        assert json.dumps(late_half.score_sheet) == json.dumps(sheet[:6])
        assert late.view(1)["score_sheet"] == once.view(1)["score_sheet"]
