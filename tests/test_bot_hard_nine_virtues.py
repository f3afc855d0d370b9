"""The ``hard`` Nine Virtues player (engine/bots/nine_virtues/): its sampled states
agree with the deciding seat's view, never contradict it, weigh the log's evidence as
documented, and every level decides the same in two games that look the same to the seat
(it cannot peek). Searches here use small ``iterations`` overrides to stay fast."""

from __future__ import annotations

import copy
from collections import Counter
from math import comb
from typing import Any

import pytest

import engine
from engine.bots import choose_action, levels
from engine.bots.nine_virtues import hard
from engine.bots.nine_virtues.hard import (
    CANDIDATES,
    MODEL,
    SCALE,
    SCREEN_WORLDS,
    margin,
    outcome,
    reward_scale,
    squash,
)
from engine.bots.nine_virtues.normal import MAX_SWAPS_IN_A_ROW, Estimate, rate, swaps_in_a_row
from engine.bots.nine_virtues.sampler import BID_WITHOUT, draw_hidden, infer
from engine.cards import pairs_deck
from engine.game import Game
from engine.games.nine_virtues.deal import aside_size
from engine.games.nine_virtues.game import NineVirtues
from engine.games.nine_virtues.worlds import worlds as nv_worlds
from engine.rng import Rng

GAME = "nine-virtues"
View = dict[str, Any]


def new(hands: list[list[int]], centre: list[int], dealer: int, **options: Any) -> Game:
    opts = {"deal": {"hands": hands, "centre": centre}, "dealer": dealer, **options}
    return engine.new_game(GAME, players=len(hands), seed=5, options=opts)


def random_states(games: int) -> list[tuple[Game, int]]:
    """Positions reached by mixed random and ``normal`` play, for 3 to 6 players, with and
    without ``swap_limit``; each is a copy of the game and the seat to act."""
    states: list[tuple[Game, int]] = []
    for index in range(games):
        players = 3 + index % 4
        options = {"swap_limit": 5} if index % 3 == 2 else {}
        game = engine.new_game(GAME, players=players, seed=300 + index, options=options)
        rng = Rng(index)
        moves = 0
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            if rng.below(3) == 0:
                states.append((game.clone(), seat))
            level = "easy" if rng.below(2) else "normal"
            game.apply(game.bot_action(level, seed=moves))
            moves += 1
    return states


STATES = random_states(8)


def test_hard_level_is_registered() -> None:
    assert levels(GAME) == ["easy", "normal", "hard"]


# --- sampled states agree with the view --------------------------------------------------


def test_sampled_states_match_the_deciding_seats_view_in_every_phase() -> None:
    phases: Counter[str] = Counter()
    for game, seat in STATES:
        view = game.view(seat)
        phases[view["phase"]] += 1
        for draw in range(2):
            sampled = MODEL.sample(view, Rng(draw, len(view["log"])))
            assert isinstance(sampled, NineVirtues) and sampled.in_playout
            assert sampled.to_act == seat
            assert sampled.legal_actions() == view["legal"]
            assert sampled.view(seat) == view
    assert phases["play"] > 100 and phases["call"] >= 3


def test_sampler_never_contradicts_the_view() -> None:
    deck = Counter(pairs_deck())
    for game, _ in STATES[::3]:
        for seat in range(game.players):
            view = game.view(seat)
            sampled = nv_worlds(view).world(draw_hidden(infer(view), Rng(seat)))
            hands = sampled.hands
            assert hands[seat] == view["hand"]  # the viewer's own hand, unchanged
            assert [len(hand) for hand in hands] == view["hand_sizes"]
            for other, hand in enumerate(hands):
                # Cards known to be in a hand (taken by Swap) are in that hand.
                assert not Counter(view["known"][other]) - Counter(hand)
            if view["phase"] == "call":
                assert 1 in hands[view["caller"]]  # NV-9: the caller holds the 1
            placed = Counter(card for hand in hands for card in hand)
            placed.update(view["centre"])
            placed.update(view["killed"])
            for row in view["bids"]:
                placed.update(row)
            assert not placed - deck  # the 55-card deck (PD-1) holds every placed card
            assert sum((deck - placed).values()) == aside_size(game.players)


def test_sampled_state_with_the_true_hidden_cards_is_the_real_game() -> None:
    for game, seat in STATES[::7]:
        view = game.view(seat)
        true_hidden = [
            []
            if other == seat
            else sorted((Counter(hand) - Counter(view["known"][other])).elements())
            for other, hand in enumerate(game.hands)  # type: ignore[attr-defined]
        ]
        sampled = nv_worlds(view).world(true_hidden)
        for other in range(game.players):
            assert sampled.view(other) == game.view(other)
        real = game.clone()
        moves = 0
        while not real.score_sheet[len(view["score_sheet"]) :]:
            action = real.bot_action("normal", seed=moves)
            real.apply(action)
            sampled.apply(action)
            moves += 1
        assert (
            sampled.score_sheet[-1]["scores"]
            == real.score_sheet[len(view["score_sheet"])]["scores"]
        )
        assert sampled.totals == real.totals


# --- what the log suggests ---------------------------------------------------------------


def seat_holds_rank(view: View, seat: int, rank: int, draws: int) -> float:
    """How often ``seat`` holds ``rank`` in states sampled from ``view``."""
    inference = infer(view)
    rng = Rng(17)
    held = 0
    for _ in range(draws):
        hidden = draw_hidden(inference, rng)
        held += rank in hidden[seat] + view["known"][seat]
    return held / draws


def hypergeometric(unseen: int, good: int, draws: int, k: int) -> float:
    return comb(good, k) * comb(unseen - good, draws - k) / comb(unseen, draws)


def test_a_swap_from_the_hidden_hand_shows_the_rank_was_dealt() -> None:
    # Seat 0 gives a 10 that nobody knew it had: with u more 10s left among its 5 unknown
    # cards, the deal is 1 / C(u + 1, 1) = 1 / (u + 1) times as likely as a uniform draw.
    hands = [[8, 8, 9, 9, 10, 10], [2, 3, 4, 5, 6, 7], [3, 4, 5, 6, 7, 8], [4, 5, 6, 7, 8, 9]]
    game = new(hands, [2, 3, 4, 5, 6, 7, 8, 9], dealer=3)
    game.apply("swap 10 2")
    view = game.view(1)
    assert view["known"][0] == [2]
    unseen, tens = 55 - 6 - 8 - 1, 10 - 1
    weights = [hypergeometric(unseen, tens, 5, u) / (u + 1) for u in range(6)]
    posterior = 1 - weights[0] / sum(weights)
    uniform = 1 - hypergeometric(unseen, tens, 5, 0)
    observed = seat_holds_rank(view, 0, 10, 4000)
    assert abs(observed - posterior) < 0.03
    assert uniform - posterior > 0.1


def test_a_bid_suggests_the_bidder_holds_the_rank() -> None:
    hands = [[5, 6, 7, 8, 9, 10], [4, 5, 6, 8, 9, 10], [5, 6, 8, 9, 10, 10], [6, 8, 9, 10, 10, 10]]
    game = new(hands, [4, 7, 7, 8, 9, 9, 10, 10], dealer=3)
    game.apply("bid 7")
    view = game.view(1)
    # Seat 1 sees two 7s (the centre's and the bid): 5 of the 41 unseen cards are 7s.
    unseen, sevens = 55 - 6 - 7 - 1, 7 - 2
    weights = [
        hypergeometric(unseen, sevens, 6, u) * (BID_WITHOUT if u == 0 else 1.0) for u in range(6)
    ]
    bidder = 1 - weights[0] / sum(weights)
    uniform = 1 - hypergeometric(unseen, sevens, 6, 0)
    assert abs(seat_holds_rank(view, 0, 7, 4000) - bidder) < 0.03
    assert bidder - uniform > 0.15
    # Seat 2 bid nothing: it holds a 7 as often as the 7s seat 0 leaves allow.
    other = sum(
        weight / sum(weights) * (1 - hypergeometric(unseen - 6, sevens - u, 6, 0))
        for u, weight in enumerate(weights)
    )
    assert abs(seat_holds_rank(view, 2, 7, 4000) - other) < 0.03


def test_in_the_call_phase_the_caller_holds_the_1() -> None:
    # Seat 0 holds the 1 and calls; seat 1's view knows who calls, so every sample agrees.
    hands = [[1, 10, 10, 5, 5, 6], [8, 8, 8, 9, 9, 9], [2, 3, 3, 4, 4, 6]]
    game = new(hands, [10, 9, 8, 7, 7, 7], dealer=2)
    for action in ["bid 10", "bid 9", "bid 8", "kill 7", "kill 7", "kill 7"]:
        game.apply(action)
    view = game.view(1)
    assert view["phase"] == "call" and view["caller"] == 0
    inference = infer(view)
    rng = Rng(3)
    assert all(1 in draw_hidden(inference, rng)[0] for _ in range(200))


# --- fairness: the same view gives the same decision -------------------------------------


def twin_deals(players: int, seed: int, one_in_hand: bool) -> tuple[dict[str, Any], ...]:
    """Two first deals that look the same to seat 0 (its hand and the centre) but put the
    other cards in different hands and aside. The 1 is in seat 0's hand or in the centre,
    so the call phase looks the same to seat 0 too."""
    rng = Rng(seed)
    rest = rng.shuffled(pairs_deck())
    rest.remove(1)
    centre_size = 2 * players
    if one_in_hand:
        mine, centre, hidden = [1, *rest[:5]], rest[5 : 5 + centre_size], rest[5 + centre_size :]
    else:
        mine, centre = rest[:6], [1, *rest[6 : 5 + centre_size]]
        hidden = rest[5 + centre_size :]
    deals = []
    for cards in (hidden, rng.shuffled(hidden)):
        hands = [mine] + [cards[6 * i : 6 * i + 6] for i in range(players - 1)]
        deals.append({"hands": hands, "centre": centre})
    assert deals[0]["hands"] != deals[1]["hands"]
    return tuple(deals)


@pytest.mark.parametrize(
    ("players", "seed", "one_in_hand"),
    [(3, 1, True), (4, 2, False), (4, 3, True), (5, 4, False), (6, 5, True)],
)
def test_every_level_decides_the_same_when_the_view_is_the_same(
    players: int, seed: int, one_in_hand: bool
) -> None:
    deal_1, deal_2 = twin_deals(players, seed, one_in_hand)
    options = {"dealer": players - 1}  # seat 0 moves first
    g1 = engine.new_game(GAME, players=players, seed=seed, options={**options, "deal": deal_1})
    g2 = engine.new_game(GAME, players=players, seed=seed, options={**options, "deal": deal_2})
    phases: list[str] = []
    moves = 0
    while not g1.score_sheet:  # once the round is scored, the hands are public
        assert g1.to_act == g2.to_act
        if g1.to_act == 0:
            assert g1.view(0) == g2.view(0)
            for level in levels(GAME):
                assert g1.bot_action(level, seed=moves, iterations=20) == g2.bot_action(
                    level, seed=moves, iterations=20
                )
            action = g1.bot_action("hard", seed=moves, iterations=20)
            phases.append(g1.view(0)["phase"])
        else:
            # Other seats: the same legal action in both games (their hands differ).
            action = g1.bot_action("normal", seed=moves)
            if action not in g2.legal_actions():
                action = next(a for a in g1.legal_actions() if a in g2.legal_actions())
        g1.apply(action)
        g2.apply(action)
        moves += 1
    assert phases.count("play") >= 2
    if one_in_hand:  # these deals keep the 1 with seat 0 to the end: its call is compared too
        assert phases[-1] == "call"
    assert g1.score_sheet[0]["detail"]["hands"] != g2.score_sheet[0]["detail"]["hands"]


def test_the_default_budget_is_fair_too() -> None:
    deal_1, deal_2 = twin_deals(4, 9, True)
    games = [
        engine.new_game(GAME, players=4, seed=9, options={"dealer": 3, "deal": deal})
        for deal in (deal_1, deal_2)
    ]
    assert games[0].view(0) == games[1].view(0)
    assert games[0].bot_action("hard", seed=4) == games[1].bot_action("hard", seed=4)


# --- determinism and play ----------------------------------------------------------------


def test_same_view_and_seed_give_the_same_action() -> None:
    for game, seat in STATES[::40]:
        view = game.view(seat)
        first = choose_action(view, "hard", 3, iterations=15)
        assert choose_action(copy.deepcopy(view), "hard", 3, iterations=15) == first
        loaded = engine.load_game(game.to_json())
        assert loaded.bot_action("hard", seed=3, iterations=15) == first
        assert first in view["legal"]


def test_hard_searches_every_action_but_endless_swaps() -> None:
    for game, seat in STATES[::10]:
        view = game.view(seat)
        open_actions = MODEL.candidates(view)
        assert open_actions
        assert open_actions == [action for action in view["legal"] if action in open_actions]
        if swaps_in_a_row(view) >= MAX_SWAPS_IN_A_ROW and any(
            not action.startswith("swap") for action in view["legal"]
        ):
            assert not any(action.startswith("swap") for action in open_actions)  # NV-8
        else:
            assert open_actions == view["legal"]  # every call, too (NV-9)


def test_the_screen_tries_every_action_in_the_same_first_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With more actions than ``CANDIDATES`` and budget enough, every action open is played
    in each of the first ``SCREEN_WORLDS`` worlds (as ``flat`` does); only the best
    ``CANDIDATES`` play on; on a small budget the ``normal`` player's favourites do."""
    game, seat = next(
        (g, s)
        for g, s in STATES
        if g.view(s)["phase"] == "play" and len(MODEL.candidates(g.view(s))) > CANDIDATES + 2
    )
    view = game.view(seat)
    actions = MODEL.candidates(view)
    played: list[str] = []
    real_play = NineVirtues.apply

    def spy_play(world: NineVirtues, action: str) -> None:
        # The search plays each candidate with ``apply`` and the rest of the round
        # with ``play_out``: every call here is a candidate's first action in a world.
        played.append(action)
        real_play(world, action)

    monkeypatch.setattr(NineVirtues, "apply", spy_play)
    budget = 2 * SCREEN_WORLDS * len(actions) + 40
    choose_action(view, "hard", 2, iterations=budget)
    screen = SCREEN_WORLDS * len(actions)
    assert sorted(played[:screen]) == sorted(actions * SCREEN_WORLDS)
    assert len(set(played[screen:])) == CANDIDATES
    played.clear()
    choose_action(view, "hard", 2, iterations=2 * len(actions) - 1)  # no room for a screen
    estimate = Estimate(view)  # the normal player's ratings; ties keep the legal order
    base = estimate.value(estimate.hand, estimate.my_bids)
    favourites = sorted(actions, key=lambda action: -rate(action, estimate, base))
    assert set(played) <= set(favourites[:CANDIDATES])


@pytest.mark.parametrize("players", [3, 5])
def test_nv_8_hard_plays_full_games_and_never_swaps_more_than_twice_in_a_row(
    players: int,
) -> None:
    game = engine.new_game(GAME, players=players, seed=40 + players)
    run = [0] * players
    moves = 0
    while not game.is_over:
        assert moves < 40 * players, "the game did not end"
        seat = game.to_act
        assert seat is not None
        moving = [a for a in game.legal_actions() if not a.startswith(("swap", "call"))]
        action = game.bot_action("hard", seed=moves, iterations=5)
        if action.startswith("swap"):
            run[seat] += 1
            if moving:
                assert run[seat] <= MAX_SWAPS_IN_A_ROW
        else:
            run[seat] = 0
        game.apply(action)
        moves += 1
        if game.view(None)["turn"] == 1:
            run = [0] * players  # a new round
    assert game.winners
    assert len(game.score_sheet) == players


def test_reward_is_the_margin_squashed_into_0_1() -> None:
    assert squash(0) == 0.5
    assert 0 < squash(-1e9) < squash(-1) < 0.5 < squash(1) < squash(1e9) < 1
    game, seat = STATES[0]
    view = game.view(seat)
    sampled = MODEL.sample(view, Rng(1))
    assert isinstance(sampled, NineVirtues)
    while sampled.to_act is not None:
        sampled.apply(MODEL.rollout_action(sampled, Rng(0)))
    reward = MODEL.reward(sampled, seat, len(view["score_sheet"]))
    assert 0 < reward < 1
    assert reward == squash(margin(sampled, seat) / SCALE)
    assert (reward > 0.5) == (margin(sampled, seat) > 0)


def test_hard_rates_a_playout_by_the_lead_in_the_totals() -> None:
    """NV-14: the totals decide the game, so ``hard`` rates a playout by the seat's lead over
    the best other total, on a scale that widens with the rounds still to come."""
    game, seat = next((g, s) for g, s in STATES if g.round == 2 and g.players == 4)
    view = game.view(seat)
    assert reward_scale(view) == SCALE * 3**0.5  # rounds 3 and 4 still to come
    sampled = MODEL.sample(view, Rng(3))
    assert isinstance(sampled, NineVirtues)
    while sampled.to_act is not None:
        sampled.apply(MODEL.rollout_action(sampled, Rng(0)))
    totals = sampled.totals
    lead = totals[seat] - max(t for other, t in enumerate(totals) if other != seat)
    assert outcome(sampled, seat, 5.0) == squash(lead / 5.0)
    assert sampled.totals == totals  # rating a world changes nothing in it


def test_every_candidate_is_played_in_the_same_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The paired search draws the hidden cards once per world, not once per playout: every
    candidate still in the race plays in the same worlds."""
    game, seat = next((g, s) for g, s in STATES if len(MODEL.candidates(g.view(s))) > 2)
    view = game.view(seat)
    draws: list[list[list[int]]] = []

    def spy(inference: Any, rng: Rng) -> list[list[int]]:
        hidden = draw_hidden(inference, rng)
        draws.append(hidden)
        return hidden

    monkeypatch.setattr(hard, "draw_hidden", spy)
    ranked = len(MODEL.candidates(view))
    playouts = 4 * ranked
    choose_action(view, "hard", 1, iterations=playouts)
    # The first stage alone plays every candidate in each of its worlds.
    assert 0 < len(draws) <= playouts // ranked + playouts // 2
    assert len(draws) < playouts


def test_a_playout_copy_plays_on_apart_and_as_its_world_would() -> None:
    """``playout_copy``: the paired search plays every candidate in a copy of one world;
    a copy plays exactly as a new world built from the same view and cards, and playing
    it changes nothing in the world it was copied from."""
    for game, seat in STATES[::7]:
        view = game.view(seat)
        hidden = draw_hidden(infer(view), Rng(seat))
        world = nv_worlds(view).world(hidden)
        before = world.rollout_state()
        snapshot = copy.deepcopy(before)
        for action in view["legal"][:4]:
            fresh, copied = nv_worlds(view).world(hidden), world.playout_copy()
            assert copied.rollout_state() == fresh.rollout_state()
            for played in (fresh, copied):
                played.apply(action)
                played.play_out(hard.rollout_action, hard.MAX_ROLLOUT_STEPS)
            assert copied.score_sheet == fresh.score_sheet
            assert copied.totals == fresh.totals
            assert copied.to_act is None and fresh.to_act is None
        assert world.rollout_state() == snapshot  # the world itself never moved
        assert world.view(seat) == view


def test_rollout_state_is_the_properties_in_one_call() -> None:
    for game, seat in STATES[::5]:
        world = nv_worlds(game.view(seat)).world(draw_hidden(infer(game.view(seat)), Rng(1)))
        assert world.rollout_state() == (
            world.to_act,
            world.stage,
            world.turn,
            world.hands,
            world.centre,
            world.bids,
            world.killed,
            world.known,
            world.kills_allowed,
            world.swaps_allowed,
        )
