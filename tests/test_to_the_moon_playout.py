"""To the Moon's round playout (``worlds(view).playout``, issue 12's playout mode): the
rest of a round played by one call of ``Round.play`` with a policy plays exactly the round
that a playout world (``worlds(view).world``, ``apply``) plays with the same moves
(TM-7..TM-11): the same score piles, and at every decision the policy is told what the
world shows. The ``hard``
player's playout hook (``MoonModel.playout``) rates a playout as the world path does."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.bots.search import margin_reward
from engine.bots.to_the_moon.hard import MODEL, ROUND_MARGIN_SCALE, rollout_move, rollout_policy
from engine.bots.to_the_moon.sample import assignment, knowledge, order
from engine.errors import WorldError
from engine.game import Game
from engine.games.to_the_moon.game import ToTheMoon
from engine.games.to_the_moon.notation import (
    BIT,
    MOVE_CODE,
    MOVE_TEXT,
    RANKS_OF,
    TEST_MOVE,
    WITHDRAW_NONE,
)
from engine.games.to_the_moon.worlds import worlds as tm_worlds
from engine.rng import Rng

GAME = "to-the-moon"


def positions(players: int, seed: int, every: int) -> list[Game]:
    """Games at every ``every``-th decision of a whole game of random moves."""
    game = engine.new_game(GAME, players=players, seed=seed)
    rng = Rng(seed, 7)
    found: list[Game] = []
    step = 0
    while not game.is_over:
        if step % every == 0:
            found.append(game.clone())
        game.apply(rng.choice(game.legal_actions()))
        step += 1
    return found


def legal_moves(hand_ranks: int, trick_ranks: int, trick_size: int, deck_size: int) -> list[int]:
    """The legal moves (TM-7) from what a playout's policy is told, as move codes."""
    builds = [rank for rank in RANKS_OF[hand_ranks & ~trick_ranks & 1023]]
    tests = [TEST_MOVE] if deck_size else []
    withdraws = [WITHDRAW_NONE] if trick_size == 1 else [-r for r in RANKS_OF[trick_ranks]]
    return builds + tests + withdraws


def score_of_world(world: Game) -> list[int]:
    assert world.to_act is None  # halted at the round's end
    scores: list[int] = world.score_sheet[-1]["scores"]
    return scores


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_tm_7_to_11_the_playout_plays_the_worlds_round(players: int) -> None:
    # A random policy: every move it makes is replayed in a playout world, whose state the
    # policy's arguments must match at each decision, and the piles must match at the end.
    for game in positions(players, seed=players, every=11):
        assert isinstance(game, ToTheMoon)
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        playout = tm_worlds(view).playout
        for trial in range(3):
            world = tm_worlds(view).world(game.hands, game.deck)
            rng = Rng(players, trial)
            first = rng.choice(view["legal"])
            world.apply(first)

            def policy(
                hand_ranks: int,
                held: list[int],
                hand_size: int,
                trick_ranks: int,
                trick_size: int,
                deck_size: int,
                live: list[int],
                live_size: int,
                trick_live: int,
                world: ToTheMoon = world,
                rng: Rng = rng,
            ) -> int:
                turn = world.turn
                assert turn is not None
                assert hand_ranks == world.hand_ranks[turn]
                assert held[1:] == world.hand_counts[turn][1:]
                assert hand_size == len(world.hands[turn])
                assert trick_ranks == world.trick_ranks == sum(BIT[r] for r in world.trick)
                assert trick_size == len(world.trick)
                assert deck_size == len(world.deck)
                assert live[1:] == [rank - world.won[rank] for rank in range(1, 11)]
                assert live_size == sum(live)
                assert trick_live == sum(live[rank] for rank in world.trick)
                moves = legal_moves(hand_ranks, trick_ranks, trick_size, deck_size)
                assert sorted(MOVE_TEXT[m] for m in moves) == sorted(world.legal_actions())
                move = rng.choice(moves)
                world.apply(MOVE_TEXT[move])
                return move

            piles = playout(game.hands, game.deck, MOVE_CODE[first], policy)
            assert piles == score_of_world(world)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_playout_with_the_rollout_policy_is_the_worlds_rollout(players: int) -> None:
    # ``rollout_move`` in the game's playout and ``rollout_policy`` in a world choose alike.
    for game in positions(players, seed=10 + players, every=7):
        assert isinstance(game, ToTheMoon)
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        playout = tm_worlds(view).playout
        for first in view["legal"]:
            world = tm_worlds(view).world(game.hands, game.deck)
            world.apply(first)
            world.play_out(rollout_policy, 2_000)
            piles = playout(game.hands, game.deck, MOVE_CODE[first], rollout_move)
            assert piles == score_of_world(world)


def test_the_search_hook_rates_a_playout_as_the_world_path_does() -> None:
    # ``MoonModel.playout`` (search.py's optional hook) = sample, play, rollout and reward.
    for game in positions(4, seed=3, every=9)[:12]:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        for index, action in enumerate(view["legal"]):
            world_rng, hook_rng = Rng(index, 1), Rng(index, 1)
            world = MODEL.sample(view, world_rng)
            world.apply(action)
            MODEL.rollout(world, world_rng, 2_000)
            expected = MODEL.reward(world, seat, len(view["score_sheet"]))
            assert MODEL.playout(view, action, hook_rng) == expected
            assert hook_rng.state == world_rng.state  # the same draws


def dealt_as(known: Any, pool: list[int]) -> tuple[list[list[int]], list[int]]:
    """The hands and deck of an order of the unseen cards (``dealt_playout``'s
    dealing: each other hand's share after its known cards in seat order, then the deck)."""
    hands = [[*held, *pool[start:end]] for held, start, end in known.cuts]
    return hands, pool[known.dealt :]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_tm_8_the_dealt_playout_plays_the_round_of_its_hands_and_deck(players: int) -> None:
    # ``dealt_playout`` takes the unseen cards in the order they are dealt (the
    # cards seen taken stay where they were seen going, TM-8): the round that
    # ``playout`` plays with the hands and deck of that order.
    for game in positions(players, seed=20 + players, every=9):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        known = knowledge(view)
        dealt = tm_worlds(view).dealt_playout
        playout = tm_worlds(view).playout
        for trial, first in enumerate(view["legal"]):
            pool = order(known, Rng(trial, players))
            hands, deck = dealt_as(known, pool)
            expected = playout(hands, deck, MOVE_CODE[first], rollout_move)
            assert dealt(pool, MOVE_CODE[first], rollout_move) == expected


def test_the_dealt_playout_refuses_what_is_not_an_order_of_the_unseen_cards() -> None:
    game = positions(4, seed=8, every=11)[4]
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    known = knowledge(view)
    dealt = tm_worlds(view).dealt_playout
    pool = order(known, Rng(1))
    dealt(pool, MOVE_CODE[view["legal"][0]], rollout_move)
    for bad in (pool[:-1], [*pool, 5], [11 - pool[0], *pool[1:]], [*known.held[seat], *pool]):
        with pytest.raises(WorldError) as caught:
            dealt(bad, MOVE_CODE[view["legal"][0]], rollout_move)
        assert caught.value.code == "world-not-the-deck"


def test_the_sampled_assignment_is_the_sampled_worlds() -> None:
    game = positions(3, seed=5, every=13)[3]
    seat = game.to_act
    assert seat is not None
    view: dict[str, Any] = game.view(seat)
    known = knowledge(view)
    hands, deck = assignment(known, Rng(9))
    assert (hands, deck) == dealt_as(known, order(known, Rng(9)))  # the same draws
    world = known.world(hands, deck)
    assert isinstance(world, ToTheMoon)
    assert world.hands == [sorted(hand) for hand in hands]
    assert world.deck == deck
    piles = known.playout(order(known, Rng(9)), MOVE_CODE[view["legal"][0]], rollout_move)
    world.apply(view["legal"][0])
    world.play_out(rollout_policy, 2_000)
    assert margin_reward(piles, seat, ROUND_MARGIN_SCALE) == MODEL.reward(
        world, seat, len(view["score_sheet"])
    )
