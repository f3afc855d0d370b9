"""To the Moon: one scenario test per rule clause (RULES.md TM-1..TM-11, PD-1, PD-2), built
from explicit ``deal`` options, plus notation, bad input, views and saves."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from support import play

import engine
from engine.cards import PAIRS_COUNTS, pairs_deck
from engine.game import Game
from engine.games.to_the_moon.game import ToTheMoon
from engine.games.to_the_moon.knowledge import won_this_round
from engine.games.to_the_moon.notation import BIT
from engine.rng import Rng

GAME = "to-the-moon"
HAND = {2: 8, 3: 7, 4: 6, 5: 5, 6: 4}


def make_deal(
    players: int,
    hands: dict[int, list[int]] | None = None,
    top: list[int] | None = None,
    bottom: list[int] | None = None,
) -> dict[str, Any]:
    """A full deal: the given (possibly partial) hands filled up, then the other hands, from
    the remaining cards low ranks first, and the deck ``top + the rest + bottom`` (top
    card first)."""
    hands = hands or {}
    top = top or []
    bottom = bottom or []
    rest = Counter(PAIRS_COUNTS)
    for cards in [*hands.values(), top, bottom]:
        rest.subtract(cards)
    assert all(count >= 0 for count in rest.values()), "test deal uses too many cards"
    pool = sorted(rest.elements())
    full: list[list[int]] = []
    for seat in range(players):
        given = list(hands.get(seat, []))
        need = HAND[players] - len(given)
        full.append(given + pool[:need])
        pool = pool[need:]
    return {"hands": full, "deck": [*top, *pool, *bottom]}


def new(players: int, dealer: int = 0, seed: int = 1, **deal: Any) -> Game:
    return engine.new_game(
        GAME,
        players=players,
        seed=seed,
        options={"dealer": dealer, "deal": make_deal(players, **deal)},
    )


def card_total(g: Game) -> int:
    """Every card this round: hands, deck, trick and this round's score piles (PD-1)."""
    v = g.view(None)
    return sum(v["hand_sizes"]) + v["deck_size"] + len(v["trick"]) + sum(v["piles"])


def bot_game(players: int, seed: int, level: str = "easy") -> Game:
    g = engine.new_game(GAME, players=players, seed=seed)
    step = 0
    while not g.is_over:
        g.apply(g.bot_action(level, seed=step))
        step += 1
    return g


# --- registration, PD-1, PD-2 -------------------------------------------------------------


def test_registered_with_options_and_player_counts() -> None:
    info = engine.GAMES[GAME]
    assert (info["name"], info["min_players"], info["max_players"]) == ("To the Moon", 2, 6)
    assert info["default_players"] == 4
    assert info["options"] == {"dealer": None, "deal": None}
    assert "normal" in __import__("engine.bots", fromlist=["levels"]).levels(GAME)


def test_pd_1_deal_uses_exactly_the_55_card_pairs_deck() -> None:
    g = engine.new_game(GAME, players=4, seed=7)
    data = next(e["data"] for e in g.log if e.get("chance") == "deal")
    cards = [c for hand in data["hands"] for c in hand] + data["deck"]
    assert sorted(cards) == pairs_deck()
    assert card_total(g) == 55


def test_pd_2_actions_name_ranks_and_hands_are_sorted_ranks() -> None:
    g = new(3, hands={1: [9, 2, 9, 5, 1, 10, 3]}, top=[4])
    assert g.view(1)["hand"] == [1, 2, 3, 5, 9, 9, 10]
    assert g.legal_actions() == sorted(
        ["build 1", "build 10", "build 2", "build 3", "build 5", "build 9", "test", "withdraw"]
    )


# --- setup ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), sorted(HAND.items()))
def test_tm_1_hand_sizes_and_the_rest_is_the_deck(players: int, size: int) -> None:
    g = engine.new_game(GAME, players=players, seed=3, options={"dealer": 0})
    v = g.view(0)
    assert v["hand_sizes"] == [size] * players
    assert len(v["hand"]) == size
    # the rest is the deck, less the countdown the dealer has turned (TM-3)
    assert v["deck_size"] == 55 - size * players - 1
    assert len(v["trick"]) == 1


def test_tm_1_explicit_deal_with_wrong_hand_size_is_bad_deal() -> None:
    deal = make_deal(3)
    deal["deck"].append(deal["hands"][0].pop())
    with pytest.raises(engine.IllegalActionError) as err:
        engine.new_game(GAME, players=3, seed=1, options={"deal": deal})
    assert err.value.code == "bad-deal"
    assert "hand 0 has 6 cards" in str(err.value)


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda d: d.pop("deck"), "no 'deck'"),
        (lambda d: d.update(extra=1), "Unknown deal field 'extra'"),
        (lambda d: d["hands"].pop(), "must hold 3 hands"),
        (lambda d: d["deck"].pop(), "missing: "),
        (lambda d: d["deck"].append(1), "rank 1"),
        (lambda d: d["deck"].__setitem__(0, 11), "11 is not a rank"),
        (lambda d: d["deck"].__setitem__(0, "7"), "'7' is not a rank"),
        (lambda d: d["hands"].__setitem__(1, 7), "hand 1 must be a list"),
        (lambda d: d.__setitem__("hands", "1234"), "hands must be a list"),
    ],
)
def test_tm_1_bad_deals_are_refused_with_a_clear_message(mutate: Any, words: str) -> None:
    deal = make_deal(3)
    mutate(deal)
    with pytest.raises(engine.IllegalActionError) as err:
        engine.new_game(GAME, players=3, seed=1, options={"deal": deal})
    assert err.value.code == "bad-deal"
    assert words in str(err.value)


def test_tm_1_swapped_rank_over_the_deck_count_is_bad_deal() -> None:
    deal = make_deal(2)
    deal["deck"][deal["deck"].index(10)] = 1  # two 1s, nine 10s: right size, wrong cards
    with pytest.raises(engine.IllegalActionError) as err:
        engine.new_game(GAME, players=2, seed=1, options={"deal": deal})
    assert err.value.code == "bad-deal"
    assert "2 cards of rank 1" in str(err.value)


def test_tm_2_six_rounds_deal_passes_left_highest_total_wins() -> None:
    g = engine.new_game(GAME, players=4, seed=11, options={"dealer": 3})
    step = 0
    while not g.is_over:
        g.apply(g.bot_action("normal", seed=step))
        step += 1
    assert g.round == 6
    assert [entry["round"] for entry in g.score_sheet] == [1, 2, 3, 4, 5, 6]
    assert [entry["detail"]["dealer"] for entry in g.score_sheet] == [3, 0, 1, 2, 3, 0]
    sums = [sum(entry["scores"][s] for entry in g.score_sheet) for s in range(4)]
    assert g.totals == sums
    assert g.winners == [s for s in range(4) if g.totals[s] == max(g.totals)]
    assert g.to_act is None and g.legal_actions() == []


def test_tm_2_first_dealer_drawn_from_the_seed_when_not_chosen() -> None:
    dealers = {engine.new_game(GAME, players=5, seed=s).view(None)["dealer"] for s in range(40)}
    assert dealers == {0, 1, 2, 3, 4}
    a = engine.new_game(GAME, players=5, seed=123)
    b = engine.new_game(GAME, players=5, seed=123)
    assert a.view(None)["dealer"] == b.view(None)["dealer"]
    assert a.to_json() == b.to_json()


def test_tm_3_dealer_turns_the_countdown_and_leads() -> None:
    g = new(4, dealer=2, top=[7, 3])
    v = g.view(None)
    assert v["trick"] == [7]
    assert v["leader"] == 2 and v["dealer"] == 2
    assert v["deck_size"] == 55 - 24 - 1
    assert v["log"][0] == {"seat": 2, "action": "lead", "card": 7, "deck_size": 30}
    assert g.to_act == 3  # the first decision is the leader's left (TM-6)


# --- a trick ----------------------------------------------------------------------------


def test_tm_4_a_rank_already_in_the_trick_cannot_be_built() -> None:
    g = new(3, hands={1: [7, 7, 1, 2, 3, 4, 5]}, top=[7])
    assert "build 7" not in g.legal_actions()
    with pytest.raises(engine.IllegalActionError) as err:
        g.apply("build 7")
    assert err.value.code == "illegal"
    assert str(err.value) == "7 is already in the countdown."


def test_tm_5_everyone_is_back_in_including_a_player_with_no_cards() -> None:
    g = new(6, hands={0: [5, 6, 7, 8], 1: [1, 2, 3, 4]}, top=[10])
    play(g, "build 1", "withdraw 10", "withdraw", "withdraw", "withdraw")
    assert g.view(None)["in"] == [True, True, False, False, False, False]
    play(g, "build 5", "build 2", "build 6", "build 3", "build 7", "build 4")
    assert g.view(None)["hand_sizes"][1] == 0
    play(g, "withdraw 1")  # seat 0 goes out: seat 1 wins (TM-9) and leads (TM-10)
    v = g.view(None)
    assert v["in"] == [True] * 6
    assert v["leader"] == 1 and g.to_act == 2
    assert v["piles"] == [0, 6, 0, 0, 0, 0]


def test_tm_6_turns_go_clockwise_from_the_leaders_left_skipping_out_players() -> None:
    g = new(4, dealer=2, hands={0: [1, 2, 3, 4, 5, 6], 2: [8, 8], 3: [9, 9]}, top=[10])
    order = [g.to_act]
    g.apply("build 9")  # seat 3
    order.append(g.to_act)
    g.apply("withdraw 10")  # seat 0 out
    order.append(g.to_act)
    g.apply("withdraw")  # seat 1 out (the trick is down to one card)
    order.append(g.to_act)  # the leader takes a turn too
    assert order == [3, 0, 1, 2]
    g.apply("build 8")
    assert g.to_act == 3  # seats 0 and 1 are skipped


def test_tm_7_build_stays_in_and_puts_the_card_in_the_trick() -> None:
    g = new(3, hands={1: [2, 4, 6, 8, 9, 10, 10]}, top=[5])
    g.apply("build 8")
    v = g.view(1)
    assert v["trick"] == [5, 8]
    assert v["hand"] == [2, 4, 6, 9, 10, 10]
    assert v["in"] == [True, True, True]
    assert v["log"][-1] == {"seat": 1, "action": "build 8", "card": 8, "perfect": False}


def test_tm_7_build_perfect_countdown_wins_at_once() -> None:
    g = new(3, hands={1: [2, 5, 8], 2: [3, 6, 9], 0: [4, 7, 10]}, top=[1])
    play(g, "build 2", "build 3", "build 4", "build 5", "build 6", "build 7", "build 8", "build 9")
    assert g.view(None)["in"] == [True, True, True]
    g.apply("build 10")  # seat 0 completes all ten ranks while everyone is in
    v = g.view(None)
    assert v["piles"] == [10, 0, 0]
    assert v["leader"] == 0 and len(v["trick"]) == 1 and g.to_act == 1
    assert v["log"][-3]["perfect"] is True
    assert v["log"][-2] == {
        "seat": 0,
        "action": "win",
        "cards": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        "points": 10,
        "perfect": True,
    }


def test_tm_7_test_perfect_countdown_wins_at_once() -> None:
    g = new(3, hands={1: [2, 5, 8], 2: [3, 6, 9], 0: [4, 7, 7]}, top=[1, 10])
    play(g, "build 2", "build 3", "build 4", "build 5", "build 6", "build 7", "build 8", "build 9")
    g.apply("test")  # seat 0 turns the 10: all ten ranks
    v = g.view(None)
    assert v["piles"] == [10, 0, 0]
    assert v["log"][-3] == {
        "seat": 0,
        "action": "test",
        "card": 10,
        "joined": True,
        "perfect": True,
        "deck_size": v["deck_size"] + 1,
    }
    assert v["leader"] == 0 and v["in"] == [True, True, True]


def test_tm_7_test_new_rank_joins_and_player_stays_in() -> None:
    g = new(3, top=[4, 9])
    g.apply("test")
    v = g.view(None)
    assert v["trick"] == [4, 9]
    assert v["in"] == [True, True, True]
    assert v["shown"] == [None, None, None]
    assert v["log"][-1]["card"] == 9 and v["log"][-1]["joined"] is True
    assert g.to_act == 2


def test_tm_7_test_repeated_rank_goes_out_and_takes_card() -> None:
    g = new(3, hands={1: [1, 2, 2, 3, 3, 3, 4]}, top=[6, 6])
    g.apply("test")
    v = g.view(1)
    assert v["trick"] == [6]
    assert v["in"] == [True, False, True]
    assert v["hand"] == [1, 2, 2, 3, 3, 3, 4, 6]
    assert v["hand_sizes"][1] == 8
    assert v["shown"] == [None, 6, None]
    assert v["log"][-1]["joined"] is False and v["log"][-1]["card"] == 6


def test_tm_7_test_is_illegal_with_an_empty_deck() -> None:
    g = exhausted_six(leave=0)
    assert "test" not in g.legal_actions()
    with pytest.raises(engine.IllegalActionError) as err:
        g.apply("test")
    assert (err.value.code, str(err.value)) == ("illegal", "The deck is empty: you can't test.")


def test_tm_7_withdraw_takes_a_card_of_choice_from_the_trick() -> None:
    g = new(3, hands={1: [2, 2, 3, 3, 3, 4, 4]}, top=[9])
    play(g, "build 2", "test")  # seat 2 turns a new rank (the filled deck starts with low cards)
    trick = g.view(None)["trick"]
    assert trick[:2] == [9, 2] and len(trick) == 3
    g.apply("withdraw 9")  # seat 0 takes the countdown card
    v = g.view(0)
    assert v["trick"] == trick[1:]
    assert 9 in v["hand"] and v["hand_sizes"][0] == 8
    assert v["in"] == [False, True, True]
    assert v["shown"] == [9, None, None]
    assert v["log"][-1] == {"seat": 0, "action": "withdraw 9", "took": 9}
    assert g.to_act == 1


def test_tm_7_withdraw_from_a_one_card_trick_takes_nothing() -> None:
    g = new(3, top=[9])
    before = g.view(1)["hand"]
    with pytest.raises(engine.IllegalActionError) as err:
        g.apply("withdraw 9")
    assert str(err.value) == (
        "The countdown holds one card: withdraw takes nothing, so say 'withdraw'."
    )
    g.apply("withdraw")
    v = g.view(1)
    assert v["hand"] == before and v["trick"] == [9]
    assert v["in"] == [True, False, True] and v["shown"] == [None, None, None]
    assert v["log"][-1] == {"seat": 1, "action": "withdraw", "took": None}


def test_tm_7_withdraw_from_a_bigger_trick_must_name_a_card() -> None:
    g = new(3, hands={1: [2, 2, 3, 3, 3, 4, 4]}, top=[9])
    g.apply("build 3")
    assert "withdraw" not in g.legal_actions()
    assert {"withdraw 3", "withdraw 9"} <= set(g.legal_actions())
    with pytest.raises(engine.IllegalActionError) as err:
        g.apply("withdraw")
    assert err.value.code == "illegal" and "say which" in str(err.value)
    with pytest.raises(engine.IllegalActionError) as err:
        g.apply("withdraw 5")
    assert str(err.value) == "There is no 5 in the countdown to take."


def test_tm_8_the_taken_card_is_public_until_the_next_lead_hands_stay_hidden() -> None:
    g = new(3, hands={1: [1, 2, 2, 3, 3, 3, 4]}, top=[6, 6, 8])
    g.apply("test")  # seat 1 turns a second 6 and goes out with it
    for seat in (0, 2, None):
        v = g.view(seat)
        assert v["shown"] == [None, 6, None]
        assert v["hand"] == [] if seat is None else v["hand"] != g.view(1)["hand"]
        assert v["hand_sizes"] == [7, 8, 7]
    g.apply("withdraw 6" if "withdraw 6" in g.legal_actions() else "withdraw")
    v = g.view(None)  # seat 0 wins; the next lead clears what was shown
    assert v["shown"] == [None, None, None]
    assert v["trick"] == [8]


def test_tm_9_last_player_in_wins_the_trick_into_their_pile() -> None:
    g = new(3, hands={1: [2, 2, 3, 3, 3, 4, 4]}, top=[9, 5])
    play(g, "build 3", "test")  # trick 9, 3, 5
    play(g, "withdraw 5")  # seat 0 out with the 5
    assert g.view(None)["piles"] == [0, 0, 0]
    g.apply("withdraw 3")  # seat 1 out: seat 2 is the last one in
    v = g.view(None)
    assert v["piles"] == [0, 0, 1]
    assert v["tricks_won"] == [0, 0, 1]
    assert v["log"][-2] == {"seat": 2, "action": "win", "cards": [9], "points": 1, "perfect": False}
    assert g.totals == [0, 0, 0]  # piles reach the totals only at round end (TM-11)


def test_tm_10_winner_leads_by_turning_the_top_card() -> None:
    g = new(2, top=[9, 4])
    g.apply("withdraw")  # seat 1 out: seat 0 wins the 9
    v = g.view(None)
    assert v["leader"] == 0 and v["trick"] == [4] and v["in"] == [True, True]
    assert v["log"][-1] == {"seat": 0, "action": "lead", "card": 4, "deck_size": 37}
    assert g.to_act == 1


def exhausted_six(leave: int) -> Game:
    """Six players, dealer 0; seat 0 holds 5 6 7 8, seat 1 holds 1 2 3 4 and the deck ends
    10, 9. Seat 0 wins one-card tricks (everyone else withdraws) until ``leave`` cards are
    left in the deck after the lead."""
    g = new(6, hands={0: [5, 6, 7, 8], 1: [1, 2, 3, 4]}, bottom=[10, 9])
    while g.view(None)["deck_size"] > leave:
        play(g, *["withdraw"] * 5)
    assert g.round == 1 and g.to_act == 1
    return g


def test_tm_10_countdown_is_the_last_deck_card_then_the_round_ends() -> None:
    g = exhausted_six(leave=0)
    v = g.view(None)
    assert v["trick"] == [9] and v["deck_size"] == 0
    assert v["piles"] == [30, 0, 0, 0, 0, 0]
    play(g, "build 1", "withdraw 9", "withdraw", "withdraw", "withdraw")
    play(g, "build 5", "build 2", "build 6", "build 3", "build 7", "build 4", "build 8")
    # seat 1 is in with no cards and the deck is empty: only withdraws remain
    assert g.view(1)["hand"] == [] and g.to_act == 1
    assert g.legal_actions() == sorted(f"withdraw {r}" for r in [1, 5, 2, 6, 3, 7, 4, 8])
    g.apply("withdraw 1")  # seat 0 wins 7 cards; the next lead finds the deck empty
    assert g.round == 2
    first = g.score_sheet[0]
    assert first["scores"] == [37, 0, 0, 0, 0, 0]
    assert first["detail"]["tricks_won"] == [31, 0, 0, 0, 0, 0]
    assert g.totals == [37, 0, 0, 0, 0, 0]
    assert g.view(None)["dealer"] == 1 and g.view(None)["leader"] == 1


def test_tm_10_deck_runs_out_mid_trick_play_continues() -> None:
    g = exhausted_six(leave=1)
    assert g.view(None)["trick"] == [10]
    g.apply("test")  # seat 1 turns the last card, a 9: it joins
    v = g.view(None)
    assert v["deck_size"] == 0 and v["trick"] == [10, 9] and g.round == 1
    assert g.to_act == 2 and "test" not in g.legal_actions()
    play(g, "withdraw 10", "withdraw", "withdraw", "withdraw")  # seats 2-5 out
    assert g.legal_actions() == ["build 5", "build 6", "build 7", "build 8", "withdraw"]
    g.apply("build 5")
    assert g.round == 1 and g.to_act == 1


def test_tm_11_piles_add_to_totals_and_hands_score_nothing() -> None:
    g = exhausted_six(leave=0)
    play(g, *["withdraw"] * 5)  # seat 0 wins the last card; the round ends
    assert g.round == 2
    assert g.totals == [31, 0, 0, 0, 0, 0]  # seat 1 still held 4 cards: they score nothing
    detail = g.score_sheet[0]["detail"]
    assert detail["piles"] == [31, 0, 0, 0, 0, 0]
    assert detail["perfect_countdowns"] == [0] * 6
    v = g.view(None)
    assert v["piles"] == [0] * 6 and v["hand_sizes"] == [4] * 6
    assert [e["action"] for e in v["log"]] == ["lead"]  # the log holds this round only


# --- notation and bad input -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("build 7", "build 7"),
        ("BUILD   07", "build 7"),
        (" Test ", "test"),
        ("withdraw", "withdraw"),
        ("Withdraw 10", "withdraw 10"),
    ],
)
def test_notation_is_canonicalised(text: str, canonical: str) -> None:
    assert new(3).parse(text) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "build seven",
        "build 11",
        "build 0",
        "build",
        "build 7 8",
        "test 3",
        "withdraw 3 4",
        "withdraw x",
        "play 7",
        "build ²",
        "build -1",
        "7",
    ],
)
def test_malformed_actions_raise_and_change_nothing(text: str) -> None:
    g = new(3, top=[5])
    before = g.to_json()
    with pytest.raises(engine.IllegalActionError) as err:
        g.apply(text)
    assert err.value.code == "malformed"
    assert g.to_json() == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("build 5", "5 is already in the countdown."),
        ("build 4", "You have no 4."),
        ("withdraw 5", "The countdown holds one card: withdraw takes nothing, so say 'withdraw'."),
    ],
)
def test_illegal_actions_say_why_and_change_nothing(text: str, message: str) -> None:
    g = new(3, hands={1: [1, 2, 2, 3, 3, 3, 5]}, top=[5])
    before = g.to_json()
    with pytest.raises(engine.IllegalActionError) as err:
        g.apply(text)
    assert (err.value.code, str(err.value)) == ("illegal", message)
    assert g.to_json() == before


def test_no_action_after_the_game_is_over() -> None:
    g = bot_game(2, seed=5)
    before = g.to_json()
    with pytest.raises(engine.IllegalActionError) as err:
        g.apply("test")
    assert err.value.code == "game-over"
    assert g.to_json() == before


# --- views and saves --------------------------------------------------------------------


def test_views_leak_no_hidden_card() -> None:
    """Two deals differing only in seat 1's and seat 2's hands and the deck below the top
    give seat 0 (and everyone's common view) identical views, all through a trick."""
    base = {0: [1, 2, 3, 4, 5, 6, 7]}
    a = new(3, hands={**base, 1: [10, 10, 10, 9, 9, 9, 8], 2: [8, 8, 7, 7, 6, 6, 5]}, top=[4, 3])
    b = new(3, hands={**base, 1: [10, 9, 8, 8, 7, 6, 5], 2: [10, 10, 9, 9, 8, 7, 6]}, top=[4, 3])
    actions = ["build 10", "build 8", "test", "withdraw 8", "build 7", "build 6"]
    for action in [None, *actions]:
        if action is not None:
            a.apply(action)
            b.apply(action)
        for seat in (0, None):
            va, vb = a.view(seat), b.view(seat)
            assert va == vb
            json.dumps(va)
    assert a.view(1)["hand"] != b.view(1)["hand"]
    assert "deck" not in a.view(0) and "hands" not in a.view(0)


def test_view_fields_and_seat_checks() -> None:
    g = new(4, dealer=1, top=[3])
    v = g.view(2)
    for key in (
        "hand",
        "trick",
        "deck_size",
        "in",
        "piles",
        "shown",
        "hand_sizes",
        "dealer",
        "leader",
        "legal",
        "totals",
        "over",
        "winners",
        "round",
        "phase",
    ):
        assert key in v
    assert v["legal"] == g.legal_actions() and g.to_act == 2
    assert g.view(0)["legal"] == []
    assert g.view(None)["hand"] == []
    with pytest.raises(engine.IllegalActionError) as err:
        g.view(4)
    assert err.value.code == "bad-seat"


def test_save_and_load_mid_round_continues_identically() -> None:
    g = engine.new_game(GAME, players=4, seed=99)
    for step in range(40):
        g.apply(g.bot_action("normal", seed=step))
    text = g.to_json()
    h = engine.load_game(text)
    assert h.to_json() == text
    assert [h.view(s) for s in (None, 0, 1, 2, 3)] == [g.view(s) for s in (None, 0, 1, 2, 3)]
    step = 40
    while not g.is_over:
        action = g.bot_action("normal", seed=step)
        assert h.bot_action("normal", seed=step) == action
        g.apply(action)
        h.apply(action)
        step += 1
    assert h.to_json() == g.to_json() and h.winners == g.winners


def test_save_with_explicit_deal_replays() -> None:
    g = new(3, hands={1: [1, 2, 2, 3, 3, 3, 4]}, top=[6, 6])
    g.apply("test")
    assert engine.load_game(g.to_json()).view(1) == g.view(1)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_with_every_card_accounted_for(players: int) -> None:
    g = engine.new_game(GAME, players=players, seed=players)
    step = 0
    while not g.is_over:
        assert g.legal_actions() and card_total(g) == 55
        assert g.legal_actions() == sorted(set(g.legal_actions()))
        g.apply(g.bot_action("easy", seed=step))
        step += 1
    assert len(g.score_sheet) == 6 and g.winners
    assert sum(g.totals) == sum(sum(e["scores"]) for e in g.score_sheet)


def spelled_out_legal(g: ToTheMoon) -> list[str]:
    """TM-7's legal actions worked out from the hand, countdown and deck as the rule says."""
    seat = g.to_act
    assert seat is not None
    actions = {f"build {rank}" for rank in g.hands[seat] if rank not in g.trick}
    if g.deck:
        actions.add("test")
    if len(g.trick) == 1:
        actions.add("withdraw")
    else:
        actions.update(f"withdraw {rank}" for rank in g.trick)
    return sorted(actions)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_tm_7_legal_actions_and_the_kept_rank_counts_follow_the_hands(players: int) -> None:
    # Legal lists are looked up by rank masks the game keeps in step with hands and
    # countdown: check them against the rule and the hands at every turn of a whole game.
    g = engine.new_game(GAME, players=players, seed=70 + players)
    assert isinstance(g, ToTheMoon)
    rng = Rng(players)
    while not g.is_over:
        assert g.legal_actions() == spelled_out_legal(g)
        for seat, hand in enumerate(g.hands):
            assert g.hand_counts[seat] == [hand.count(rank) for rank in range(11)]
            assert g.hand_ranks[seat] == sum(BIT[rank] for rank in set(hand))
        assert g.trick_ranks == sum(BIT[rank] for rank in g.trick)
        # What the round keeps beside the hands and the countdown, in step with them and
        # with the public log (round.Round: the state the game and the playouts share).
        state = g.state
        assert state.sizes == [sum(counts) for counts in state.counts]
        assert state.length == len(g.trick)
        assert state.left == len(g.deck) == g.view(None)["deck_size"]
        assert sum(state.sizes) + state.left + state.length + sum(state.piles) == 55
        assert 0 < state.inside < 1 << players and state.inside >> state.turn & 1
        assert g.view(None)["in"].count(True) == state.inside.bit_count() >= 2
        won = won_this_round(g.public_log)
        assert state.live[1:] == [rank - won[rank] for rank in range(1, 11)]
        assert sum(state.piles) == sum(won.values())
        g.apply(rng.choice(g.legal_actions()))


def test_a_game_keeps_fewer_than_30_attributes() -> None:
    """CPython 3.11 keeps the attributes of an instance with 30 or more in a dict of its
    own, and every attribute access in the rules then costs more (game.py's note after
    ``trick_ranks``): a speed contract, checked through a whole game."""
    g = engine.new_game("to-the-moon", players=4, seed=3)
    rng = Rng(3)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        assert len(vars(g)) < 30


def test_same_seed_same_game() -> None:
    assert bot_game(3, seed=21).to_json() == bot_game(3, seed=21).to_json()
    assert bot_game(3, seed=21).to_json() != bot_game(3, seed=22).to_json()


def test_normal_bot_beats_random_bots() -> None:
    wins = 0.0
    for seed in range(8):
        g = engine.new_game(GAME, players=4, seed=seed)
        hero = seed % 4
        step = 0
        while not g.is_over:
            level = "normal" if g.to_act == hero else "easy"
            g.apply(g.bot_action(level, seed=step))
            step += 1
        if hero in g.winners:
            wins += 1 / len(g.winners)
    assert wins >= 6
