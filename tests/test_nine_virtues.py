"""Nine Virtues (RULES.md PD-1, PD-2, NV-1 to NV-14): one scenario test per clause, the
worked example, the ``swap_limit`` variant, bad input, hidden information, the bot and saves.

Situations are built with explicit ``deal`` options, so every expected number below can be
checked by hand against the rules.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from support import play, play_out, refused, true_world

import engine
from engine.bots.nine_virtues.normal import MAX_SWAPS_IN_A_ROW
from engine.cards import pairs_deck
from engine.game import Game
from engine.games.nine_virtues.scoring import score_round

GAME = "nine-virtues"

# A 3-player deal that scores cleanly: dealer 2, so seats play 0, 1, 2, 0, 1, 2.
CLEAN_HANDS = [[2, 3, 4, 10, 10, 10], [5, 9, 9, 9, 10, 10], [6, 7, 8, 8, 8, 8]]
CLEAN_CENTRE = [5, 6, 7, 8, 9, 10]
CLEAN_PLAY = ["bid 10", "bid 9", "bid 8", "kill 7", "kill 6", "kill 5"]


def new(
    hands: list[list[int]],
    centre: list[int],
    dealer: int | None = None,
    seed: int = 1,
    **options: Any,
) -> Game:
    opts: dict[str, Any] = {"deal": {"hands": hands, "centre": centre}, **options}
    if dealer is not None:
        opts["dealer"] = dealer
    return engine.new_game(GAME, players=len(hands), seed=seed, options=opts)


def clean(**options: Any) -> Game:
    return new(CLEAN_HANDS, CLEAN_CENTRE, dealer=2, **options)


def rank_line(game: Game, rank: int, round_index: int = 0) -> dict[str, Any]:
    line: dict[str, Any] = game.score_sheet[round_index]["detail"]["ranks"][rank - 1]
    assert line["rank"] == rank
    return line


def deals(game: Game) -> list[dict[str, Any]]:
    return [entry["data"] for entry in game.log if entry.get("chance") == "deal"]


# --- the Pairs deck ----------------------------------------------------------------------


def test_pd_1_each_deal_uses_the_55_card_pairs_deck() -> None:
    game = engine.new_game(GAME, players=4, seed=3)
    play_out(game)
    assert len(deals(game)) == 4
    for deal in deals(game):
        cards = [c for hand in deal["hands"] for c in hand] + deal["centre"] + deal["aside"]
        assert sorted(cards) == pairs_deck()
        assert Counter(cards) == {r: r for r in range(1, 11)}


def test_pd_2_actions_name_ranks_not_cards() -> None:
    game = clean()
    game.apply("bid 10")  # any 10 of the hand/centre: they are indistinguishable
    legal = game.legal_actions()
    assert legal == sorted(set(legal))
    # Seat 1 holds three 9s and two 10s: one swap per pair of ranks, not per card.
    assert [a for a in legal if a.startswith("swap 9 ")] == [
        "swap 9 5",
        "swap 9 6",
        "swap 9 7",
        "swap 9 8",
        "swap 9 9",
    ]


# --- setup -------------------------------------------------------------------------------


def test_nv_1_three_to_six_players() -> None:
    info = engine.GAMES[GAME]
    assert (info["min_players"], info["max_players"], info["default_players"]) == (3, 6, 4)
    for players in (2, 7):
        with pytest.raises(engine.IllegalActionError) as err:
            engine.new_game(GAME, players=players, seed=1)
        assert err.value.code == "bad-players"
    for players in range(3, 7):
        view = engine.new_game(GAME, players=players, seed=1).view(None)
        assert view["hand_sizes"] == [6] * players
        assert len(view["centre"]) == 2 * players
        assert view["aside_size"] == 55 - 8 * players


def test_nv_2_n_rounds_each_player_deals_once_passing_left() -> None:
    game = engine.new_game(GAME, players=5, seed=11, options={"dealer": 3})
    play_out(game)
    assert [d["dealer"] for d in deals(game)] == [3, 4, 0, 1, 2]
    assert [entry["round"] for entry in game.score_sheet] == [1, 2, 3, 4, 5]
    assert game.round == 5


def test_nv_2_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = {engine.new_game(GAME, players=6, seed=s).view(None)["dealer"] for s in range(30)}
    assert len(dealers) > 1
    again = [engine.new_game(GAME, players=6, seed=s).view(None)["dealer"] for s in range(30)]
    assert again == [
        engine.new_game(GAME, players=6, seed=s).view(None)["dealer"] for s in range(30)
    ]


def test_nv_3_each_round_is_a_fresh_deal_of_hidden_hands_and_open_centre() -> None:
    game = clean()
    assert deals(game)[0]["hands"] == CLEAN_HANDS
    play(game, *CLEAN_PLAY)
    # Round 2 was shuffled from the seed, not from what round 1 left behind.
    assert game.round == 2
    second = deals(game)[1]
    assert [len(hand) for hand in second["hands"]] == [6, 6, 6]
    assert len(second["centre"]) == 6 and len(second["aside"]) == 55 - 24
    view = game.view(1)
    assert view["hand"] == second["hands"][1]
    assert view["centre"] == second["centre"]
    assert view["bids"] == [[], [], []] and view["killed"] == [] and view["known"] == [[], [], []]


# --- turns -------------------------------------------------------------------------------


def test_nv_4_left_of_dealer_moves_first_then_clockwise() -> None:
    hands = [
        [2, 3, 3, 4, 4, 4],
        [5, 5, 5, 5, 6, 6],
        [6, 6, 7, 7, 7, 7],
        [8, 8, 8, 8, 9, 9],
    ]
    game = new(hands, [10, 10, 10, 10, 10, 10, 9, 9], dealer=2)
    seats = []
    for _ in range(6):
        seats.append(game.to_act)
        game.apply("bid 10")
    assert seats == [3, 0, 1, 2, 3, 0]


def test_nv_5_bid_moves_a_centre_card_to_the_bid_row() -> None:
    game = clean()
    game.apply("bid 10")
    view = game.view(None)
    assert view["bids"] == [[10], [], []]
    assert view["centre"] == [5, 6, 7, 8, 9]
    assert game.view(0)["hand"] == CLEAN_HANDS[0]  # a bid never touches the hand
    assert view["log"][-1] == {"seat": 0, "action": "bid 10", "turn": 1}


def test_nv_5_the_1_can_never_be_bid() -> None:
    game = new(
        [[2, 3, 4, 10, 10, 10], [5, 9, 9, 9, 10, 10], [6, 7, 8, 8, 8, 8]],
        [1, 6, 7, 8, 9, 10],
        dealer=2,
    )
    assert "bid 1" not in game.legal_actions()
    assert "swap 2 1" in game.legal_actions()
    message = refused(game, "bid 1", "illegal")
    assert message == "The 1 can never be bid (NV-5)."


def test_nv_5_swap_exchanges_any_ranks_both_ways_the_1_included() -> None:
    game = new(
        [[1, 3, 4, 10, 10, 10], [5, 9, 9, 9, 10, 10], [6, 7, 8, 8, 8, 8]],
        [2, 6, 7, 8, 9, 10],
        dealer=2,
    )
    game.apply("swap 1 2")  # the 1 goes to the centre...
    assert game.view(0)["hand"] == [2, 3, 4, 10, 10, 10]
    assert game.view(None)["centre"] == [1, 6, 7, 8, 9, 10]
    game.apply("swap 5 1")  # ...and comes back out of it
    assert game.view(1)["hand"] == [1, 9, 9, 9, 10, 10]
    assert game.view(None)["centre"] == [5, 6, 7, 8, 9, 10]
    assert game.view(None)["known"] == [[2], [1], []]


def test_nv_5_swapping_equal_ranks_is_legal() -> None:
    game = clean()
    assert "swap 10 10" in game.legal_actions()
    game.apply("swap 10 10")
    assert game.view(0)["hand"] == CLEAN_HANDS[0]
    assert game.view(None)["centre"] == CLEAN_CENTRE
    assert game.view(None)["known"][0] == [10]  # seat 0 surely holds a 10 now
    assert game.to_act == 1


def test_nv_5_kill_discards_any_centre_card_the_1_included() -> None:
    game = new(
        [[2, 3, 4, 10, 10, 10], [5, 9, 9, 9, 10, 10], [6, 7, 8, 8, 8, 8]],
        [1, 6, 7, 8, 9, 10],
        dealer=2,
    )
    play(game, "bid 10", "bid 9", "bid 8", "kill 1")
    view = game.view(None)
    assert view["killed"] == [1]
    assert view["centre"] == [6, 7]
    assert view["bids"] == [[10], [9], [8]]


def test_nv_6_kill_illegal_during_first_n_turns() -> None:
    game = clean()
    for action in ("bid 10", "bid 9", "bid 8"):
        assert not [a for a in game.legal_actions() if a.startswith("kill")]
        assert game.view(None)["kills_allowed"] is False
        message = refused(game, "kill 5", "illegal")
        assert message.startswith(
            "You can't kill yet: every player must have had one turn this round (NV-6)."
        )
        game.apply(action)
    assert game.view(None)["kills_allowed"] is True
    assert "kill 5" in game.legal_actions()


def test_nv_6_kill_illegal_again_at_the_start_of_each_round() -> None:
    game = clean()
    play(game, *CLEAN_PLAY)
    assert game.round == 2
    assert game.view(None)["turn"] == 1
    assert not [a for a in game.legal_actions() if a.startswith("kill")]


def test_nv_7_round_ends_as_soon_as_the_centre_is_empty() -> None:
    game = clean()
    play(game, *CLEAN_PLAY[:-1])
    assert game.score_sheet == [] and game.round == 1
    game.apply(CLEAN_PLAY[-1])
    assert len(game.score_sheet) == 1 and game.round == 2


def test_nv_7_swaps_never_empty_the_centre() -> None:
    game = clean()
    for _ in range(30):
        game.apply(sorted(a for a in game.legal_actions() if a.startswith("swap"))[0])
    assert len(game.view(None)["centre"]) == 6 and game.round == 1


def test_nv_8_swap_limit_allows_swaps_on_turns_1_to_limit_only() -> None:
    game = clean(swap_limit=2)
    game.apply("swap 2 5")  # turn 1
    game.apply("swap 5 2")  # turn 2
    assert game.view(None)["turn"] == 3
    assert game.view(None)["swaps_allowed"] is False
    assert not [a for a in game.legal_actions() if a.startswith("swap")]
    message = refused(game, "swap 6 5", "illegal")
    assert message.startswith(
        "Swap limit reached: swaps are allowed on turns 1 to 2 only, and this is turn 3 (NV-8)."
    )
    assert game.legal_actions() == sorted(f"bid {r}" for r in (5, 6, 7, 8, 9, 10))


def test_nv_8_swap_limit_counts_turns_from_1_each_round() -> None:
    game = clean(swap_limit=1)
    play(game, *CLEAN_PLAY)
    assert game.round == 2
    assert [a for a in game.legal_actions() if a.startswith("swap")]
    assert game.view(None)["swap_limit"] == 1


def test_nv_8_no_swap_limit_by_default() -> None:
    game = clean()
    for _ in range(12):
        game.apply(sorted(a for a in game.legal_actions() if a.startswith("swap"))[-1])
    assert game.view(None)["turn"] == 13 and game.view(None)["swaps_allowed"] is True


@pytest.mark.parametrize("limit", [0, -2, True, "3", 1.5, [2]])
def test_nv_8_bad_swap_limit_is_a_bad_option(limit: object) -> None:
    with pytest.raises(engine.IllegalActionError) as err:
        engine.new_game(GAME, players=3, seed=1, options={"swap_limit": limit})
    assert err.value.code == "bad-option"


def test_nv_8_normal_bot_never_swaps_more_than_twice_in_a_row() -> None:
    for seed in range(6):
        game = engine.new_game(GAME, players=3 + seed % 4, seed=seed)
        run = [0] * game.players
        moves = 0
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            moving = [a for a in game.legal_actions() if not a.startswith(("swap", "call"))]
            action = game.bot_action("normal", seed=moves)
            if action.startswith("swap"):
                run[seat] += 1
                if moving:
                    assert run[seat] <= MAX_SWAPS_IN_A_ROW
            else:
                run[seat] = 0
            game.apply(action)
            moves += 1
            if game.view(None)["turn"] == 1:
                run = [0] * game.players  # a new round
        assert moves < 200


# --- scoring -----------------------------------------------------------------------------

# Seat 0 holds the 1; dealer 1, so the last turn (6) is seat 1's and seat 2 would be next.
ONE_HANDS = [[1, 2, 3, 4, 5, 10], [6, 6, 6, 7, 7, 10], [8, 8, 8, 9, 9, 10]]
ONE_CENTRE = [2, 3, 4, 5, 6, 7]
ONE_PLAY = ["bid 2", "bid 3", "bid 4", "kill 5", "kill 6", "kill 7"]


def test_nv_9_holder_of_the_1_calls_before_scoring() -> None:
    game = new(ONE_HANDS, ONE_CENTRE, dealer=1)
    play(game, *ONE_PLAY)
    assert game.view(None)["phase"] == "call"
    assert game.to_act == 0 and game.view(None)["caller"] == 0
    assert game.score_sheet == []
    assert game.legal_actions() == sorted(f"call {r}" for r in range(1, 11))
    message = refused(game, "bid 2", "illegal")
    assert "call" in message and "NV-9" in message
    game.apply("call 10")
    detail = game.score_sheet[0]["detail"]
    assert detail["call"] == {"seat": 0, "rank": 10}
    assert detail["hands"][0] == [1, 2, 3, 4, 5, 10]  # revealed as dealt, the 1 shown
    # The called 1 makes seat 0 the only leader in 10s (2 against 1 and 1).
    assert rank_line(game, 10)["counts"] == [2, 1, 1]
    assert rank_line(game, 10)["hand_winners"] == [0]
    assert rank_line(game, 1)["counts"] == [0, 0, 0]


def test_nv_9_call_is_refused_while_the_centre_holds_cards() -> None:
    game = new(ONE_HANDS, ONE_CENTRE, dealer=1)
    message = refused(game, "call 10", "illegal")
    assert "NV-9" in message


def test_nv_9_the_1_may_be_called_as_1() -> None:
    game = new(ONE_HANDS, ONE_CENTRE, dealer=1)
    play(game, *ONE_PLAY, "call 1")
    assert rank_line(game, 1)["counts"] == [1, 0, 0]
    assert rank_line(game, 1)["hand_winners"] == [0]
    assert rank_line(game, 10)["hand_winners"] == [0, 1, 2]


def test_nv_9_nobody_calls_when_the_1_was_killed() -> None:
    hands = [[2, 3, 4, 10, 10, 10], [5, 9, 9, 9, 10, 10], [6, 7, 8, 8, 8, 8]]
    game = new(hands, [1, 6, 7, 8, 9, 10], dealer=2)
    play(game, "bid 10", "bid 9", "bid 8", "kill 1", "kill 6", "kill 7")
    assert len(game.score_sheet) == 1 and game.round == 2
    assert game.score_sheet[0]["detail"]["call"] is None


def test_nv_9_nobody_calls_when_the_1_was_not_dealt() -> None:
    game = clean()
    play(game, *CLEAN_PLAY)
    assert game.score_sheet[0]["detail"]["call"] is None
    assert game.view(None)["phase"] == "play"


def test_nv_10_bid_cards_never_count_as_hand_cards() -> None:
    # Seat 0 bids two 10s but holds none; seat 1 holds the only hand 10.
    hands = [[2, 3, 3, 4, 4, 4], [10, 5, 5, 5, 6, 6], [7, 7, 7, 8, 8, 8]]
    game = new(hands, [10, 10, 9, 9, 9, 9], dealer=2)
    play(game, "bid 10", "bid 9", "bid 9", "bid 10", "kill 9", "kill 9")
    line = rank_line(game, 10)
    assert line["counts"] == [0, 1, 0]
    assert line["hand_winners"] == [1]
    assert line["bids"] == [{"seat": 0, "points": -10}, {"seat": 0, "points": -10}]


def test_nv_11_highest_hand_count_scores_the_rank_once_ties_all_score() -> None:
    game = clean()
    play(game, *CLEAN_PLAY)
    assert rank_line(game, 10)["counts"] == [3, 2, 0]
    assert rank_line(game, 10)["hand_winners"] == [0]  # +10 once, not once per card
    assert rank_line(game, 8)["hand_winners"] == [2]
    assert game.score_sheet[0]["detail"]["hand_points"] == [10 + 4 + 3 + 2, 9 + 5, 8 + 7 + 6]
    tied = new(
        [[9, 9, 2, 3, 4, 4], [9, 9, 5, 5, 5, 6], [9, 6, 6, 7, 7, 7]],
        [10, 10, 10, 10, 10, 10],
        dealer=2,
    )
    play(tied, "bid 10", "bid 10", "bid 10", "kill 10", "kill 10", "kill 10")
    assert rank_line(tied, 9)["counts"] == [2, 2, 1]
    assert rank_line(tied, 9)["hand_winners"] == [0, 1]
    assert tied.score_sheet[0]["detail"]["hand_points"][0:2] == [9 + 2 + 3 + 4, 9 + 5]


def test_nv_11_nobody_holding_a_rank_scores_no_hand_points_for_it() -> None:
    game = clean()
    play(game, *CLEAN_PLAY)
    assert rank_line(game, 1)["counts"] == [0, 0, 0]
    assert rank_line(game, 1)["hand_winners"] == []


def test_nv_12_bid_scores_plus_when_leading_and_minus_otherwise() -> None:
    # Seat 0 holds two 8s, seat 1 one 8: seat 0's bid 8 is +8, seat 1's is -8.
    hands = [[8, 8, 2, 3, 3, 4], [8, 5, 5, 5, 6, 6], [7, 7, 7, 9, 9, 9]]
    game = new(hands, [8, 8, 10, 10, 10, 10], dealer=2)
    play(game, "bid 8", "bid 8", "bid 10", "kill 10", "kill 10", "kill 10")
    assert rank_line(game, 8)["bids"] == [{"seat": 0, "points": 8}, {"seat": 1, "points": -8}]
    assert rank_line(game, 10)["bids"] == [{"seat": 2, "points": 10}]  # NV-13: nobody holds
    assert game.score_sheet[0]["detail"]["bid_points"] == [8, -8, 10]


def test_nv_12_tied_for_most_is_enough_for_a_bid() -> None:
    hands = [[8, 2, 3, 3, 4, 4], [8, 5, 5, 5, 6, 6], [7, 7, 7, 9, 9, 9]]
    game = new(hands, [8, 8, 10, 10, 10, 10], dealer=2)
    play(game, "bid 8", "bid 8", "bid 10", "kill 10", "kill 10", "kill 10")
    assert rank_line(game, 8)["bids"] == [{"seat": 0, "points": 8}, {"seat": 1, "points": 8}]


def test_nv_13_nobody_holds_rank_every_bid_scores_plus() -> None:
    hands = [[2, 3, 3, 4, 4, 4], [5, 5, 5, 5, 6, 6], [7, 7, 7, 8, 8, 8]]
    game = new(hands, [10, 10, 10, 9, 9, 9], dealer=2)
    play(game, "bid 10", "bid 10", "bid 10", "kill 9", "kill 9", "kill 9")
    assert rank_line(game, 10)["counts"] == [0, 0, 0]
    assert rank_line(game, 10)["hand_winners"] == []
    assert [b["points"] for b in rank_line(game, 10)["bids"]] == [10, 10, 10]


def test_nv_14_round_scores_add_to_the_totals() -> None:
    game = clean()
    play(game, *CLEAN_PLAY)
    # Hands: seat 0 10,4,3,2; seat 1 9,5; seat 2 8,7,6. Bids 10, 9, 8 all lead.
    assert game.score_sheet[0]["scores"] == [29, 23, 29]
    assert game.totals == [29, 23, 29]
    assert game.view(2)["totals"] == [29, 23, 29]


def test_nv_14_scores_may_be_negative() -> None:
    hands = [[2, 3, 3, 4, 4, 4], [10, 5, 5, 5, 6, 6], [7, 7, 7, 8, 8, 8]]
    game = new(hands, [10, 10, 10, 9, 9, 9], dealer=2)
    play(game, "bid 10", "bid 9", "bid 10", "bid 10", "kill 9", "kill 9")
    # Seat 0: hand 2+3+4, bids 10 and 10 against seat 1's hand 10: 9 - 20.
    assert game.score_sheet[0]["scores"][0] == -11
    assert game.totals[0] == -11


def test_nv_14_after_n_rounds_the_highest_total_wins() -> None:
    game = engine.new_game(GAME, players=3, seed=5)
    play_out(game)
    assert game.is_over and game.to_act is None and game.legal_actions() == []
    assert len(game.score_sheet) == 3
    sums = [sum(entry["scores"][s] for entry in game.score_sheet) for s in range(3)]
    assert game.totals == sums
    assert game.winners == [s for s in range(3) if sums[s] == max(sums)]
    view = game.view(None)
    assert view["phase"] == "over" and view["over"] is True and view["round"] == 3


def test_nv_14_tied_players_share_the_win() -> None:
    game = engine.new_game(GAME, players=3, seed=5, options={"dealer": 0})
    moves = 0
    while game.round < 3:
        game.apply(game.bot_action("normal", seed=moves))
        moves += 1
    # Play the last round on a copy to learn its scores, then replay the same actions in the
    # true world of a view whose totals before it make the game end in a three-way tie.
    final = game.clone()
    start = len(final.log)
    play_out(final)
    last = final.score_sheet[-1]["scores"]
    target = max(last) + 100
    seat = game.to_act
    assert seat is not None
    view = {**game.view(seat), "totals": [target - points for points in last]}
    world = true_world(game, seat, view=view, playout=False)
    play(world, *[entry["action"] for entry in final.log[start:] if "action" in entry])
    assert world.is_over
    assert world.totals == [target] * 3
    assert world.winners == [0, 1, 2]


def test_nv_worked_example_from_the_rules() -> None:
    hands = [
        [7, 7, 2, 3, 3, 4],
        [7, 7, 4, 4, 5, 5],
        [6, 6, 6, 8, 8, 8],
        [9, 9, 9, 10, 10, 10],
    ]
    centre = [7, 7, 2, 3, 5, 6, 8, 9]
    actions = ["bid 7", "bid 2", "bid 7", "bid 9", "kill 3", "kill 5", "kill 6", "kill 8"]
    game = new(hands, centre, dealer=3)
    play(game, *actions)
    line = rank_line(game, 7)
    assert line["counts"] == [2, 2, 0, 0]
    assert line["hand_winners"] == [0, 1]  # P0 and P1 tie at 2, each +7
    assert line["bids"] == [{"seat": 0, "points": 7}, {"seat": 2, "points": -7}]
    # "Had nobody held a 7 in hand, both bid 7s would score +7."
    hands_without_7 = [
        [3, 3, 4, 4, 5, 5],
        [6, 6, 6, 8, 8, 8],
        [9, 9, 9, 10, 10, 10],
        [2, 4, 5, 6, 8, 9],
    ]
    game = new(hands_without_7, centre, dealer=3)
    play(game, *actions)
    line = rank_line(game, 7)
    assert line["hand_winners"] == []
    assert line["bids"] == [{"seat": 0, "points": 7}, {"seat": 2, "points": 7}]


def test_score_round_worked_example_directly() -> None:
    hands = [[7, 7], [7, 7], [], []]
    bids = [[7], [], [7], []]
    scores, detail = score_round(hands, bids, [], None, None)
    assert scores == [14, 7, -7, 0]
    json.dumps(detail)
    scores, _ = score_round([[], [], [], []], bids, [], None, None)
    assert scores == [7, 0, 7, 0]


# --- notation and bad input --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["bid", "bid 11", "bid 0", "swap 3", "swap 3 4 5", "build seven", "", "   ", "kill x", "bid ²",
     "call", "bid -3", "pass", 7],
)  # fmt: skip
def test_malformed_actions_raise_and_change_nothing(text: Any) -> None:
    game = clean()
    refused(game, text, "malformed")


def test_notation_is_canonicalised() -> None:
    game = clean()
    assert game.parse("  BID   010 ") == "bid 10"
    assert game.parse("Swap 02 5") == "swap 2 5"
    game.apply("Swap 02 5")
    assert game.log[-1] == {"seat": 0, "action": "swap 2 5"}


def test_illegal_actions_explain_in_player_words() -> None:
    game = clean()
    assert refused(game, "bid 4", "illegal") == "There is no 4 in the centre."
    assert refused(game, "swap 9 5", "illegal") == "You have no 9 to give."
    assert refused(game, "swap 2 3", "illegal") == "There is no 3 in the centre."


def test_game_over_refuses_every_action() -> None:
    game = engine.new_game(GAME, players=3, seed=2)
    play_out(game)
    for action in ("bid 5", "call 3", "nonsense"):
        refused(game, action, "game-over")


@pytest.mark.parametrize(
    "deal",
    [
        {"hands": CLEAN_HANDS},
        {"centre": CLEAN_CENTRE},
        {"hands": CLEAN_HANDS, "centre": CLEAN_CENTRE, "deck": []},
        {"hands": CLEAN_HANDS[:2], "centre": CLEAN_CENTRE},
        {"hands": [*CLEAN_HANDS, [2, 3, 4, 5, 6, 7]], "centre": CLEAN_CENTRE},
        {"hands": [CLEAN_HANDS[0][:5], *CLEAN_HANDS[1:]], "centre": CLEAN_CENTRE},
        {"hands": CLEAN_HANDS, "centre": CLEAN_CENTRE[:5]},
        {"hands": CLEAN_HANDS, "centre": [*CLEAN_CENTRE, 9]},
        {"hands": CLEAN_HANDS, "centre": [5, 6, 7, 8, 9, 11]},
        {"hands": CLEAN_HANDS, "centre": [5, 6, 7, 8, 9, 0]},
        {"hands": CLEAN_HANDS, "centre": [5, 6, 7, 8, 9, "10"]},
        {"hands": CLEAN_HANDS, "centre": [5, 6, 7, 8, 9, True]},
        {"hands": CLEAN_HANDS, "centre": [5, 6, 7, 8, 9, 9.0]},
        {"hands": CLEAN_HANDS, "centre": [2, 2, 7, 8, 9, 9]},  # three 2s
        {"hands": [[1, 1, 2, 3, 4, 5], *CLEAN_HANDS[1:]], "centre": CLEAN_CENTRE},
        {"hands": CLEAN_HANDS, "centre": [10] * 6},  # eleven 10s
        {"hands": "lots", "centre": CLEAN_CENTRE},
        {"hands": [CLEAN_HANDS[0], "abc", CLEAN_HANDS[2]], "centre": CLEAN_CENTRE},
        [CLEAN_HANDS, CLEAN_CENTRE],
    ],
)
def test_bad_deals_are_refused(deal: Any) -> None:
    with pytest.raises(engine.IllegalActionError) as err:
        engine.new_game(GAME, players=3, seed=1, options={"deal": deal})
    assert err.value.code == "bad-deal"
    assert str(err.value)


def test_bad_deal_messages_say_what_is_wrong() -> None:
    with pytest.raises(engine.IllegalActionError) as err:
        engine.new_game(
            GAME, players=3, seed=1, options={"deal": {"hands": CLEAN_HANDS, "centre": [2] * 6}}
        )
    assert "rank 2" in str(err.value)
    with pytest.raises(engine.IllegalActionError) as err:
        engine.new_game(GAME, players=4, seed=1, options={"deal": {"hands": CLEAN_HANDS}})
    assert "centre" in str(err.value)


def test_unknown_option_is_a_bad_option() -> None:
    with pytest.raises(engine.IllegalActionError) as err:
        engine.new_game(GAME, players=3, seed=1, options={"swaplimit": 3})
    assert err.value.code == "bad-option"
    assert "swap_limit" in str(err.value)


# --- views and hidden information --------------------------------------------------------


def test_views_show_own_hand_and_public_zones_only() -> None:
    game = clean()
    game.apply("swap 2 5")
    for seat in range(3):
        view = game.view(seat)
        json.dumps(view)
        assert view["hand"] == sorted(view["hand"])
        assert view["legal"] == (game.legal_actions() if seat == game.to_act else [])
    assert game.view(None)["hand"] == []
    assert game.view(0)["hand"] == [3, 4, 5, 10, 10, 10]
    view = game.view(2)
    assert view["known"] == [[5], [], []]
    assert view["hand_sizes"] == [6, 6, 6]
    assert view["dealer"] == 2 and view["turn"] == 2
    assert "deal" not in view["options"]


def test_known_tracks_swapped_in_cards_until_swapped_out() -> None:
    game = clean()
    play(game, "swap 2 5", "swap 5 2", "swap 6 5")  # seat 0 takes a 5, seat 1 the 2, ...
    assert game.view(None)["known"] == [[5], [2], [5]]
    play(game, "swap 5 6")  # seat 0 gives its known 5, takes the 6
    assert game.view(None)["known"] == [[6], [2], [5]]
    play(game, "swap 9 5")  # seat 1 gives a 9 it was not known to hold
    assert game.view(None)["known"] == [[6], [2, 5], [5]]


def _same_views(a: Game, b: Game, seats: list[int | None]) -> None:
    for seat in seats:
        assert json.dumps(a.view(seat), sort_keys=True) == json.dumps(
            b.view(seat), sort_keys=True
        ), f"view of {seat} depends on cards it may not see"


def test_views_do_not_depend_on_other_hidden_hands() -> None:
    # Seats 1 and 2 exchange their hands between the two games: seat 0 must not notice.
    mine = [2, 3, 4, 5, 6, 7]
    centre = [5, 6, 7, 8, 9, 10]
    a = new([mine, [8, 8, 8, 9, 9, 9], [10, 10, 10, 4, 6, 7]], centre, dealer=2)
    b = new([mine, [10, 10, 10, 4, 6, 7], [8, 8, 8, 9, 9, 9]], centre, dealer=2)
    actions = ["swap 2 10", "bid 9", "bid 8", "kill 7", "kill 6", "kill 5", "bid 2"]
    for action in actions:
        _same_views(a, b, [0, None])
        a.apply(action)
        b.apply(action)
    # The last card ends the round: the score sheet then reveals the hands, as it should.
    assert a.score_sheet[0]["detail"]["hands"] != b.score_sheet[0]["detail"]["hands"]


def test_views_during_the_call_hide_the_callers_hand() -> None:
    # Seats 0 and 2 hold different cards in the two games; seat 0 holds the 1 in both.
    centre = [10, 9, 8, 7, 7, 7]
    seat_1 = [8, 8, 8, 9, 9, 9]
    c = new([[1, 10, 10, 5, 5, 6], seat_1, [2, 3, 3, 4, 4, 6]], centre, dealer=2)
    d = new([[1, 2, 3, 3, 4, 4], seat_1, [10, 10, 5, 5, 6, 6]], centre, dealer=2)
    for action in ["bid 10", "bid 9", "bid 8", "kill 7", "kill 7", "kill 7"]:
        c.apply(action)
        d.apply(action)
        _same_views(c, d, [1, None])
    assert c.view(1)["phase"] == "call" and c.view(1)["caller"] == 0
    c.apply("call 10")
    d.apply("call 10")
    assert c.score_sheet[0]["detail"]["hands"][0] == [1, 5, 5, 6, 10, 10]


def test_set_aside_cards_never_appear_in_views() -> None:
    # Only the set-aside cards differ between the two games.
    hands = CLEAN_HANDS
    a = new(hands, CLEAN_CENTRE, dealer=2)
    b = new(hands, CLEAN_CENTRE, dealer=2)
    play(a, *CLEAN_PLAY[:-1])
    play(b, *CLEAN_PLAY[:-1])
    _same_views(a, b, [0, 1, 2, None])
    a.apply(CLEAN_PLAY[-1])
    aside = deals(a)[0]["aside"]
    sheet = json.dumps(a.view(None)["score_sheet"])
    assert "aside" not in sheet and len(aside) == 31


# --- saves, determinism, termination -----------------------------------------------------


def test_save_and_load_mid_round_continues_identically() -> None:
    game = engine.new_game(GAME, players=4, seed=17, options={"swap_limit": 6})
    for move in range(13):
        game.apply(game.bot_action("normal", seed=move))
    text = game.to_json()
    copy = engine.load_game(text)
    assert copy.to_json() == text
    assert copy.view(2) == game.view(2)
    for move in range(13, 13 + 40):
        if game.is_over:
            break
        action = game.bot_action("normal", seed=move)
        assert copy.bot_action("normal", seed=move) == action
        game.apply(action)
        copy.apply(action)
        assert copy.to_json() == game.to_json()
    assert copy.view(None) == game.view(None)


def test_save_and_load_in_the_call_phase() -> None:
    game = new(ONE_HANDS, ONE_CENTRE, dealer=1)
    play(game, *ONE_PLAY)
    copy = engine.load_game(game.to_json())
    assert copy.view(0) == game.view(0)
    assert copy.to_act == 0
    copy.apply("call 7")
    game.apply("call 7")
    assert copy.to_json() == game.to_json()


def test_same_seed_same_game() -> None:
    one = engine.new_game(GAME, players=5, seed=99)
    two = engine.new_game(GAME, players=5, seed=99)
    play_out(one)
    play_out(two)
    assert one.to_json() == two.to_json()
    assert engine.new_game(GAME, players=5, seed=98).view(None) != engine.new_game(
        GAME, players=5, seed=99
    ).view(None)


def test_random_play_ends() -> None:
    for seed in range(4):
        game = engine.new_game(GAME, players=3 + seed, seed=seed)
        moves = play_out(game, level="easy", limit=3000)
        assert game.is_over and moves > 0


def test_normal_bot_calls_the_1_as_its_best_rank() -> None:
    # Seat 0 holds the 1 and one 10, and has bid two 10s: calling 10 protects 20 bid points.
    hands = [[1, 2, 3, 4, 5, 10], [6, 6, 6, 7, 7, 10], [8, 8, 8, 9, 9, 9]]
    game = new(hands, [10, 10, 6, 7, 2, 3], dealer=1)
    play(game, "bid 6", "bid 10", "bid 7", "kill 2", "bid 10", "kill 3")
    assert game.to_act == 0 and game.view(0)["phase"] == "call"
    assert game.bot_action("normal") == "call 10"


def test_normal_bot_beats_random_players() -> None:
    wins = 0
    for seed in range(8):
        game = engine.new_game(GAME, players=4, seed=seed)
        moves = 0
        while not game.is_over:
            level = "normal" if game.to_act == 0 else "easy"
            game.apply(game.bot_action(level, seed=moves))
            moves += 1
        wins += 0 in game.winners
    assert wins >= 6
