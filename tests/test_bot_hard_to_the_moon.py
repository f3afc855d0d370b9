"""The ``hard`` To the Moon player (``engine/bots/to_the_moon/``): guessed worlds
agree with everything the deciding seat's view shows (TM-1, TM-7, TM-8, PD-1), the choice
depends on the view only (fairness), it is deterministic, and it plays whole games."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import engine
from engine.bots import choose_action, levels
from engine.bots.to_the_moon.hard import MODEL, rollout_policy
from engine.bots.to_the_moon.normal import unseen_cards
from engine.bots.to_the_moon.sample import knowledge
from engine.cards import PAIRS_COUNTS, pairs_deck
from engine.game import Game
from engine.games.to_the_moon.game import ToTheMoon
from engine.rng import Rng

GAME = "to-the-moon"
HAND = {2: 8, 3: 7, 4: 6, 5: 5, 6: 4}
LEVELS = ("easy", "normal", "hard")
FAST = 20
"""Search iterations in tests: enough to exercise the search, quick enough for CI."""


def make_deal(
    players: int, hands: dict[int, list[int]] | None = None, top: list[int] | None = None
) -> dict[str, Any]:
    """A full deal: the given (partial) hands filled up and the other hands dealt from the
    remaining cards low ranks first, then the deck ``top + the rest`` (top card first)."""
    hands = hands or {}
    top = top or []
    rest = Counter(PAIRS_COUNTS)
    for cards in [*hands.values(), top]:
        rest.subtract(cards)
    assert all(count >= 0 for count in rest.values()), "test deal uses too many cards"
    pool = sorted(rest.elements())
    full: list[list[int]] = []
    for seat in range(players):
        given = list(hands.get(seat, []))
        need = HAND[players] - len(given)
        full.append(given + pool[:need])
        pool = pool[need:]
    return {"hands": full, "deck": [*top, *pool]}


def new(players: int, deal: dict[str, Any], dealer: int = 0) -> Game:
    return engine.new_game(GAME, players=players, seed=1, options={"dealer": dealer, "deal": deal})


def won_cards(view: dict[str, Any]) -> Counter[int]:
    won: Counter[int] = Counter()
    for entry in view["log"]:
        if entry["action"] == "win":
            won.update(entry["cards"])
    return won


def assert_consistent(view: dict[str, Any], sampled: Game) -> None:
    """A guessed world agrees with the view it came from, and holds the 55 Pairs cards."""
    assert isinstance(sampled, ToTheMoon) and sampled.in_playout
    seat = view["seat"]
    assert sampled.to_act == seat
    assert sampled.legal_actions() == view["legal"]
    assert sampled.view(seat) == view
    assert sampled.hands[seat] == view["hand"]
    assert [len(hand) for hand in sampled.hands] == view["hand_sizes"]
    assert len(sampled.deck) == view["deck_size"]
    cards = Counter(card for hand in sampled.hands for card in hand)
    cards.update(sampled.deck)
    cards.update(sampled.trick)
    cards.update(won_cards(view))
    assert cards == PAIRS_COUNTS


# --- guessed worlds agree with the view ---------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_sampled_states_agree_with_the_view_throughout_a_game(players: int) -> None:
    g = engine.new_game(GAME, players=players, seed=40 + players)
    rng = Rng(players)
    seen: Counter[str] = Counter()
    while not g.is_over:
        seat = g.to_act
        assert seat is not None
        view = g.view(seat)
        known = knowledge(view)
        sampled = MODEL.sample(view, rng)
        assert_consistent(view, sampled)
        for other, cards in enumerate(known.held):
            if other != seat:
                assert not Counter(cards) - Counter(sampled.hands[other])
        seen["deck empty"] += view["deck_size"] == 0
        seen["card shown"] += any(card is not None for card in view["shown"])
        seen["known held"] += any(known.held[s] for s in range(players) if s != seat)
        seen["later round"] += view["round"] > 1
        seen["won cards"] += sum(view["piles"]) > 0
        g.apply(rng.choice(g.legal_actions()))
    assert seen["deck empty"] and seen["known held"] and seen["later round"] and seen["won cards"]
    # With two players going out ends the trick at once, so a shown card is never on view.
    assert seen["card shown"] or players == 2


def test_sampled_states_agree_with_the_view_in_normal_play() -> None:
    # Bots that build and test sensibly reach longer countdowns than random play.
    g = engine.new_game(GAME, players=3, seed=5)
    rng = Rng(9)
    step = 0
    while g.round <= 2 and not g.is_over:
        seat = g.to_act
        assert seat is not None
        view = g.view(seat)
        assert_consistent(view, MODEL.sample(view, rng))
        g.apply(g.bot_action("normal", seed=step))
        step += 1


def test_tm_8_a_card_seen_taken_is_in_the_takers_sampled_hand() -> None:
    # Seat 1 fails a test on the 7 (TM-7: it takes the 7), seat 2 builds a 3, seat 0's test
    # turns a 5 and seat 2 withdraws it: seat 0 is left in and wins [7, 3], then leads a 2.
    deal = make_deal(3, hands={2: [3]}, top=[7, 7, 5, 2])
    g = new(3, deal)
    for action in ("test", "build 3", "test", "withdraw 5"):
        g.apply(action)
    view = g.view(1)
    assert g.to_act == 1 and view["shown"] == [None, None, None]  # a lead hides them again
    known = knowledge(view)
    assert known.held[2] == (5,)
    assert known.held[0] == ()
    assert known.held[1] == tuple(view["hand"])
    rng = Rng(3)
    for _ in range(100):
        sampled = MODEL.sample(view, rng)
        assert_consistent(view, sampled)
        assert 5 in sampled.hands[2]
    # The unseen cards: 55 less seat 1's hand, the trick [2], the won [7, 3] and seat 2's 5.
    unseen = Counter(PAIRS_COUNTS)
    unseen.subtract([*view["hand"], 2, 7, 3, 5])
    assert Counter(known.unseen) == unseen


def test_tm_7_a_card_taken_then_built_again_is_no_longer_known() -> None:
    # As above, then seat 1 builds a 7 and seat 2 a 6: the 7 seat 1 built may be the one it
    # took or one it was dealt, so nothing about its hand is known any more (never below 0).
    deal = make_deal(3, hands={2: [3]}, top=[7, 7, 5, 2])
    g = new(3, deal)
    for action in ("test", "build 3", "test", "withdraw 5", "build 7"):
        g.apply(action)
    assert g.to_act == 2
    assert knowledge(g.view(2)).held == ((), (), tuple(g.view(2)["hand"]))
    g.apply("build 6")
    assert g.to_act == 0
    view = g.view(0)
    assert knowledge(view).held == (tuple(view["hand"]), (), (5,))
    rng = Rng(4)
    sevens: Counter[int] = Counter()
    for _ in range(200):
        sampled = MODEL.sample(view, rng)
        assert_consistent(view, sampled)
        assert 5 in sampled.hands[2]
        sevens[min(sampled.hands[1].count(7), 1)] += 1
    assert sevens[0] and sevens[1]  # seat 1 may or may not hold another 7


def test_sampler_splits_the_unseen_cards_among_hands_and_deck_at_random() -> None:
    g = engine.new_game(GAME, players=4, seed=8, options={"dealer": 0})
    view = g.view(g.to_act)
    rng = Rng(1)
    firsts: Counter[int] = Counter()
    for _ in range(300):
        sampled = MODEL.sample(view, rng)
        firsts[sampled.deck[0]] += 1
        assert_consistent(view, sampled)
    assert len(firsts) >= 8  # the top card varies over nearly every rank


def test_sampler_refuses_a_view_whose_cards_do_not_add_up() -> None:
    g = engine.new_game(GAME, players=3, seed=2)
    view = g.view(g.to_act)
    view["deck_size"] += 1
    with pytest.raises(ValueError, match="add up"):
        knowledge(view)
    view = g.view(g.to_act)
    view["hand"] = view["hand"] + [10] * 10
    with pytest.raises(ValueError, match="more cards of a rank"):
        knowledge(view)


def test_rollout_policy_plays_legal_actions_to_the_end_of_the_round() -> None:
    rng = Rng(2)
    for players in (2, 4, 6):
        g = engine.new_game(GAME, players=players, seed=players)
        for _ in range(15):
            g.apply(rng.choice(g.legal_actions()))
        view = g.view(g.to_act)
        sampled = MODEL.sample(view, rng)
        assert isinstance(sampled, ToTheMoon) and sampled.in_playout
        steps = 0
        while not sampled.score_sheet[len(view["score_sheet"]) :]:
            action = rollout_policy(sampled)
            assert action in sampled.legal_actions()
            sampled.apply(action)
            steps += 1
            assert steps < 500
        assert sum(sampled.score_sheet[-1]["scores"]) <= 55


def test_rollout_policy_completes_a_perfect_countdown() -> None:
    deal = make_deal(2, hands={1: [10]}, top=[1, 2, 3, 4, 5, 6, 7, 8, 9])
    g = new(2, deal)
    for _ in range(8):
        g.apply("test")  # seat 1 and seat 0 turn 2..9 in turn, all new ranks
    assert g.to_act == 1 and len(g.view(None)["trick"]) == 9
    sampled = MODEL.sample(g.view(1), Rng(0))
    assert isinstance(sampled, ToTheMoon) and sampled.in_playout
    assert rollout_policy(sampled) == "build 10"
    assert g.bot_action("hard", seed=0, iterations=FAST) == "build 10"


# --- fairness: the same view gives the same choice ------------------------------------------


def twin_deals(players: int, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two deals seat 0 cannot tell apart: seats 1 and 2 swap hands, and the bottom deck
    card swaps with a card of the last seat's hand of another rank."""
    cards = Rng(seed).shuffled(pairs_deck())
    size = HAND[players]
    hands = [sorted(cards[i * size : (i + 1) * size]) for i in range(players)]
    deck = cards[size * players :]
    first = {"hands": hands, "deck": deck}
    other = [list(hand) for hand in hands]
    other[1], other[2] = other[2], other[1]
    last = other[-1] if players > 3 else other[2]
    index = next(i for i, card in enumerate(last) if card != deck[-1])
    swapped = list(deck)
    last[index], swapped[-1] = swapped[-1], last[index]
    for hand in other:
        hand.sort()
    second = {"hands": other, "deck": swapped}
    assert first != second
    return first, second


def blind_action(g: Game) -> str:
    """Another seat's move that reveals nothing hidden and is legal in both twins: test if
    it can, else withdraw (the trick is public, so withdraws are the same in both)."""
    legal = g.legal_actions()
    if "test" in legal:
        return "test"
    return next(action for action in legal if action.startswith("withdraw"))


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3)])
def test_fairness_bots_choose_from_the_view_only(players: int, seed: int) -> None:
    first, second = twin_deals(players, seed)
    g1 = new(players, first, dealer=players - 1)
    g2 = new(players, second, dealer=players - 1)
    decisions = 0
    step = 0
    while g1.view(None)["deck_size"] > 1 and g1.round == 1 and decisions < 8:
        assert g1.to_act == g2.to_act
        if g1.to_act == 0:
            assert g1.view(0) == g2.view(0)
            chosen = {}
            for level in LEVELS:
                chosen[level] = g1.bot_action(level, seed=step, iterations=FAST)
                assert chosen[level] == g2.bot_action(level, seed=step, iterations=FAST)
            action = chosen[LEVELS[step % len(LEVELS)]]
            decisions += 1
        else:
            action = blind_action(g1)
            assert blind_action(g2) == action
        g1.apply(action)
        g2.apply(action)
        step += 1
    assert decisions >= 3
    assert g1.to_json() != g2.to_json()  # the hidden cards really differ


# --- determinism, levels, whole games ------------------------------------------------------


def test_hard_is_registered_after_normal() -> None:
    assert levels(GAME) == ["easy", "normal", "hard"]


def test_same_view_and_seed_give_the_same_action() -> None:
    g = engine.new_game(GAME, players=4, seed=17)
    for step in range(12):
        view = g.view(g.to_act)
        a = g.bot_action("hard", seed=step, iterations=FAST)
        assert a == choose_action(dict(view), "hard", step, iterations=FAST)
        assert a == g.clone().bot_action("hard", seed=step, iterations=FAST)
        g.apply(a)


def test_different_seeds_can_choose_differently() -> None:
    # A decision where the search has real choices: seeds drive the sampled worlds.
    g = engine.new_game(GAME, players=3, seed=23, options={"dealer": 0})
    view = g.view(g.to_act)
    assert len(view["legal"]) > 2
    picks = {choose_action(view, "hard", seed, iterations=3) for seed in range(30)}
    assert len(picks) > 1


@pytest.mark.parametrize("players", [2, 5])
def test_hard_plays_whole_games_to_the_end(players: int) -> None:
    g = engine.new_game(GAME, players=players, seed=60 + players)
    moves = 0
    while not g.is_over:
        level = "hard" if g.to_act == 0 else "normal"
        g.apply(g.bot_action(level, seed=moves, iterations=8))
        moves += 1
        assert moves < 5_000
    assert len(g.score_sheet) == 6 and g.winners


def test_hard_with_a_time_cap_still_chooses_a_legal_action() -> None:
    g = engine.new_game(GAME, players=4, seed=3)
    assert g.bot_action("hard", seed=1, time_ms=1) in g.legal_actions()


# --- the search's shortlist -----------------------------------------------------------------


def test_candidates_keep_builds_and_test_and_the_three_rarest_withdraws() -> None:
    # Seat 1 faces a six-card countdown: it may withdraw any of six ranks.
    deal = make_deal(2, hands={1: [10, 10]}, top=[1, 2, 3, 4, 5, 6])
    g = new(2, deal)
    for _ in range(5):
        g.apply("test")  # seats 1 and 0 turn 2..6 in turn, all new ranks
    view = g.view(g.to_act)
    legal = view["legal"]
    assert sum(action.startswith("withdraw ") for action in legal) == 6
    shortlist = MODEL.candidates(view)
    unseen = unseen_cards(view)
    kept = [a for a in shortlist if a.startswith("withdraw ")]
    dropped = [a for a in legal if a.startswith("withdraw ") and a not in kept]
    assert len(kept) == 3 and shortlist == [a for a in legal if a in shortlist]
    assert [a for a in legal if not a.startswith("withdraw ")] == [
        a for a in shortlist if not a.startswith("withdraw ")
    ]
    worst_kept = max((unseen[int(a.split()[1])], int(a.split()[1])) for a in kept)
    assert all((unseen[int(a.split()[1])], int(a.split()[1])) > worst_kept for a in dropped)


def test_candidates_a_perfect_countdown_build_is_the_only_one() -> None:
    deal = make_deal(2, hands={1: [10]}, top=[1, 2, 3, 4, 5, 6, 7, 8, 9])
    g = new(2, deal)
    for _ in range(8):
        g.apply("test")
    assert MODEL.candidates(g.view(1)) == ["build 10"]
