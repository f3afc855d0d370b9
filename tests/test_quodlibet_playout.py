"""Quodlibet's deal playout (``worlds(view).playout``, issue 12's playout mode): the rest of
a deal played in one loop over suit-free card masks plays exactly the deal that a playout
world (``worlds(view).world``, ``apply``) plays with the same cards (QL-7): the same points
(QL-8..QL-19), and at every decision the policy is told what the world shows. The ``hard``
player's rollout policy on masks (``card_policy``) plays what it plays in a world
(``rollout_action``), and its rating of a playout (``deal_rater``) is the world's
(``deal_reward``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine.bots.quodlibet.hard import MODEL, deal_rater, deal_reward, paired_search
from engine.bots.quodlibet.normal import mode_for, penalty
from engine.bots.quodlibet.rollout import (
    EXPLORE_BELOW,
    card_policy,
    playout_policies,
    rollout_action,
)
from engine.bots.quodlibet.sample import sample_playout, sample_world
from engine.bots.search import Budget
from engine.cards import rank_value
from engine.errors import WorldError
from engine.game import Game
from engine.games.quodlibet.card_bits import CARD, INDEX, SUIT_MASK, mask_of
from engine.games.quodlibet.contracts import TRICK_CONTRACTS
from engine.games.quodlibet.game import Quodlibet
from engine.games.quodlibet.tricks_deal import TricksDeal
from engine.games.quodlibet.worlds import worlds as ql_worlds
from engine.rng import Rng


def positions(options: dict[str, Any], seed: int, every: int) -> list[Game]:
    """Games at every ``every``-th decision of random moves, before Snack (QL-20)."""
    game = engine.new_game("quodlibet", seed=seed, options=options)
    rng = Rng(seed, 7)
    found: list[Game] = []
    step = 0
    while not game.is_over and game.view(None)["phase"] != "snack":
        if step % every == 0:
            found.append(game.clone())
        game.apply(rng.choice(game.legal_actions()))
        step += 1
    return found


def hands_of(game: Game) -> list[list[str]]:
    """Every seat's cards now (while the dealer chooses, the hands as dealt)."""
    assert isinstance(game, Quodlibet)
    if game.deal is None:
        return [list(hand) for hand in game.dealt]
    assert isinstance(game.deal, TricksDeal)
    return [list(hand) for hand in game.deal.hands]


def points_of(world: Game) -> list[int]:
    assert world.to_act is None  # halted at the deal's end
    points: list[int] = world.score_sheet[-1]["scores"]
    return points


def deal_playout(game: Game) -> tuple[dict[str, Any], list[list[str]], Any]:
    """The view of the seat to act, every seat's cards, and the game's playout of them."""
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    hands = hands_of(game)
    return view, hands, ql_worlds(view).playout(hands)


def rolled_out(view: dict[str, Any], hands: list[list[str]], first: str, luck: int) -> Game:
    """The world of ``view`` and ``hands`` after ``first`` and the hard rollout
    (``rollout_action``) to the deal's end, its luck ``Rng(luck)``."""
    world = ql_worlds(view).world(hands)
    world.apply(first)
    roll = Rng(luck)
    while world.to_act is not None:
        world.apply(rollout_action(world, roll))
    return world


def recording_policy(world: Game, rng: Rng) -> Callable[..., int]:
    """A random policy that checks, at each decision, that it is told what ``world`` shows,
    and plays its card in ``world`` too."""

    def policy(
        seat: int, legal: int, hand: int, hands: list[int], length: int, winning: int, number: int
    ) -> int:
        assert isinstance(world, Quodlibet)
        deal = world.deal
        assert isinstance(deal, TricksDeal)
        assert seat == world.to_act == deal.to_act
        assert [mask_of(cards) for cards in deal.hands] == hands
        assert hand == hands[seat]
        assert length == len(deal.trick)
        assert winning == (-1 if deal.best is None else INDEX[deal.best[1]])
        assert number == len(deal.tricks) + 1
        cards = [CARD[i] for i in range(32) if legal >> i & 1]
        assert sorted(f"play {card}" for card in cards) == sorted(world.legal_actions())
        assert len(cards) > 1  # a single legal card is played without asking
        card = rng.choice(cards)
        world.apply(f"play {card}")
        return INDEX[card]

    return policy


def play_forced(world: Game) -> None:
    """Play the world on while its seat to act has one legal action (the playout does not
    ask its policy then)."""
    while world.to_act is not None and len(world.legal_actions()) == 1:
        world.apply(world.legal_actions()[0])


OPTIONS: list[dict[str, Any]] = [
    {},  # choosing and every contract the dealers choose
    {"contracts": ["open-trousers", "good-hunting", "bribe", "red-ruffians"]},
    {"contracts": ["queens-and-jacks", "no-hearts", "plus"], "plus_austrian": True},
    {"contracts": ["minus", "quadrature", "first-three-and-last"], "dealer_leads": True},
]


@pytest.mark.parametrize("options", OPTIONS)
def test_ql_7_the_playout_plays_the_worlds_deal(options: dict[str, Any]) -> None:
    # A random policy: every card it picks is played in a playout world too, whose state
    # the policy's arguments must match at each decision, and the points must match at
    # the end (QL-8). Open Trousers plays positions (QL-17): the same positions both ways.
    for game in positions(options, seed=len(options) + 3, every=5):
        view, hands, playout = deal_playout(game)
        for trial, first in enumerate(view["legal"][:3]):
            world = ql_worlds(view).world(hands)
            rng = Rng(trial, view["seat"])
            world.apply(first)
            assert isinstance(world, Quodlibet)
            deal = world.deal
            assert isinstance(deal, TricksDeal)
            if deal.blind:

                def position(count: int, world: Game = world, rng: Rng = rng) -> int:
                    index = rng.below(count)
                    assert sorted(world.legal_actions()) == sorted(
                        f"play @{i}" for i in range(count)
                    )
                    world.apply(f"play @{index}")
                    return index

                points = playout(first, position)
            else:
                check = recording_policy(world, rng)

                def policy(*args: Any, world: Game = world, check: Any = check) -> int:
                    play_forced(world)
                    card: int = check(*args)
                    return card

                points = playout(first, policy)
            play_forced(world)
            assert points == points_of(world)


def test_every_contract_is_played_out_as_its_world_plays_it() -> None:
    # Each trick contract (QL-9..QL-19) from its first card, with the hard rollout policy,
    # against the same deal played in a world by ``rollout_action`` with the same luck.
    for contract in TRICK_CONTRACTS:  # QL-9..QL-19
        for seed in range(6):
            game = engine.new_game("quodlibet", seed=seed, options={"contracts": [contract]})
            view, hands, playout = deal_playout(game)
            for index, first in enumerate(view["legal"][:4]):
                luck = Rng(seed, index).next_u64()
                world = rolled_out(view, hands, first, luck)
                assert playout(first, card_policy(contract, Rng(luck))) == points_of(world)
                assert playout(first, playout_policies(contract)(luck)) == points_of(world)


def test_ql_5_a_playout_from_the_choice_plays_the_chosen_contract() -> None:
    # While the dealer chooses, ``choose NAME`` starts the deal of that contract: Open
    # Trousers reshuffles the hands as a game does (QL-17), the leader leads (QL-7).
    chosen: set[str] = set()
    for game in positions({}, seed=11, every=1):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if view["phase"] != "choose":
            continue
        hands = hands_of(game)
        playout = ql_worlds(view).playout(hands)
        for first in view["legal"]:
            contract = first.removeprefix("choose ")
            chosen.add(contract)
            luck = Rng(5, len(chosen)).next_u64()
            world = rolled_out(view, hands, first, luck)
            assert playout(first, card_policy(contract, Rng(luck))) == points_of(world)
    assert "open-trousers" in chosen and "good-hunting" in chosen


@pytest.mark.parametrize("options", OPTIONS)
def test_a_playout_from_masks_is_the_playout_from_the_hands(options: dict[str, Any]) -> None:
    # ``mask_playout`` plays what ``playout`` plays from the hands of the same
    # masks; it refuses the choice and Open Trousers (QL-5, QL-17: the order held counts).
    games = positions(options, seed=13, every=3)
    games.append(engine.new_game("quodlibet", seed=13, options=options))  # the choice
    refusals = 0
    for game in games:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if view["phase"] == "choose" or view["contract"] == "open-trousers":
            with pytest.raises(WorldError) as refused:
                ql_worlds(view).mask_playout  # noqa: B018  (reading it refuses)
            assert refused.value.code == "world-not-by-mask"
            refusals += 1
            continue
        hands = hands_of(game)
        by_mask = ql_worlds(view).mask_playout(list(map(mask_of, hands)))
        playout = ql_worlds(view).playout(hands)
        for first in view["legal"][:3]:
            assert by_mask(first, card_policy(view["contract"], Rng(5))) == playout(
                first, card_policy(view["contract"], Rng(5))
            )
    # A dealer chooses unless the contracts are given; Open Trousers is one of options[1].
    assert bool(refusals) == (not options or "open-trousers" in options["contracts"])


def test_sample_playout_draws_what_sample_world_draws() -> None:
    # The search's playouts sample the unseen cards as its worlds do: the same draws.
    games = [game for options in OPTIONS for game in positions(options, seed=21, every=9)[:8]]
    for game in games:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        one, two = Rng(4, seat), Rng(4, seat)
        playout = sample_playout(view, one)
        make = sample_world(view, two)
        assert playout is not None and one.state == two.state
        first = view["legal"][0]
        contract = view["contract"] or first.removeprefix("choose ")
        world = make()
        world.apply(first)
        roll = Rng(9)
        while world.to_act is not None:
            world.apply(rollout_action(world, roll))
        assert playout(first, card_policy(contract, Rng(9))) == points_of(world)


def test_the_playout_rating_is_the_worlds_reward() -> None:
    # ``deal_rater`` (a playout's points) and ``deal_reward`` (a world played to its end)
    # agree, the last deal's win weight included (QL-6, QL-8).
    for options in ({}, {"contracts": ["bribe"]}, {"contracts": ["minus", "plus"]}):
        for game in positions(options, seed=31, every=13)[:6]:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            hands = hands_of(game)
            rate = deal_rater(seat, view["totals"], view["round"], view["deals"])
            for first in view["legal"][:3]:
                world = rolled_out(view, hands, first, 2)
                expected = deal_reward(world, seat, len(view["score_sheet"]))
                assert rate(points_of(world)) == expected


@pytest.mark.parametrize("options", [{}, {"contracts": ["snack"]}])
def test_the_search_hook_rates_a_playout_as_the_world_path_does(options: dict[str, Any]) -> None:
    # ``QuodlibetSearch.playout`` (search.py's optional hook, taken by ``flat``) = sample,
    # play, rollout and reward, with the same draws; Snack (QL-20) through its worlds.
    game = engine.new_game("quodlibet", seed=61, options=options)
    rng = Rng(61, 2)
    checked = 0
    while not game.is_over and checked < 40:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        for index, action in enumerate(view["legal"][:3]):
            world_rng, hook_rng = Rng(index, checked), Rng(index, checked)
            world = MODEL.sample(view, world_rng)
            world.apply(action)
            while world.to_act is not None:
                world.apply(MODEL.rollout_action(world, world_rng))
            expected = MODEL.reward(world, seat, len(view["score_sheet"]))
            assert MODEL.playout(view, action, hook_rng) == expected
            assert hook_rng.state == world_rng.state  # the same draws
        checked += 1
        game.apply(rng.choice(game.legal_actions()))


def test_the_paired_search_gives_what_playing_its_worlds_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The search with the game's playouts chooses as the search that plays every candidate
    # in a world with ``rollout_action`` (the path Snack takes): same draws, same totals.
    from engine.bots.quodlibet import hard

    for game in positions({}, seed=41, every=17)[:6]:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        budget = Budget(iterations=24)
        fast = paired_search(view, Rng(seat, 3), budget)
        with monkeypatch.context() as patch:
            patch.setattr(hard, "sample_playout", lambda view, rng: None)
            slow = paired_search(view, Rng(seat, 3), budget)
        assert fast == slow
        assert fast in MODEL.candidates(view)


def reference_card(deal: TricksDeal, rng: Rng) -> str:
    """The hard rollout's card as first written, on card codes with ``min`` and ``max``
    (``normal``'s modes; what docs/BOTS.md's strength figures were measured with): the
    oracle that the mask policy (``card_policy``) must match, draw for draw."""
    seat = deal.to_act
    assert seat is not None
    hand = deal.hands[seat]
    trick = deal.trick
    led = trick[0][1][1] if trick else None
    legal = ([c for c in hand if c[1] == led] or hand) if led else hand  # QL-7
    if len(legal) == 1:
        return legal[0]
    if rng.next_u64() < EXPLORE_BELOW:
        return rng.choice(legal)
    contract = deal.contract
    mode = mode_for(contract, len(deal.tricks) + 1)
    lengths = Counter(c[1] for c in hand)

    def low(card: str) -> tuple[int, str]:  # by rank, then suit letter
        return rank_value(card), card[1]

    def extreme(cards: list[str], pick: Any) -> str:  # ties: by suit length, suit letter
        rank = rank_value(pick(cards, key=low))
        tied = [c for c in cards if rank_value(c) == rank]
        card: str = pick(tied, key=lambda c: (lengths[c[1]], c[1]))
        return card

    if led is None:  # leading
        if mode == "win":
            return extreme(legal, max)
        if mode == "dump":
            return max(legal, key=low)
        return extreme([c for c in legal if penalty(contract, c) == 0] or legal, min)
    if legal[0][1] != led:  # void
        if mode == "lose":

            def cost(card: str) -> tuple[int, int]:
                return penalty(contract, card), rank_value(card)

            worst = cost(max(legal, key=cost))
            tied = [c for c in legal if cost(c) == worst]
            return max(tied, key=lambda c: (-lengths[c[1]], c[1]))
        if mode == "dump":
            return max(legal, key=low)
        return extreme(legal, min)
    assert deal.best is not None
    winning = deal.best[1]
    if mode == "win":
        beating = [c for c in legal if rank_value(c) > rank_value(winning)]
        if not beating:
            return min(legal, key=low)
        cheapest = min(beating, key=low)
        played = {who for who, _ in trick}
        best_left = not any(
            c[1] == led and rank_value(c) > rank_value(cheapest)
            for other, cards in enumerate(deal.hands)
            if other != seat and other not in played
            for c in cards
        )
        return cheapest if len(trick) == 3 or best_left else max(beating, key=low)
    if mode == "dump":
        return max(legal, key=low)
    if mode == "save":
        return min(legal, key=low)
    under = [c for c in legal if rank_value(c) < rank_value(winning)]
    if under:
        return max(under, key=low)
    return max(legal, key=low) if len(trick) == 3 else min(legal, key=low)


def test_the_mask_policy_plays_the_rollouts_card_as_first_written() -> None:
    # Every trick contract, every mode (normal.mode_for), leads, follows and voids: the
    # policy on masks picks the card the first rollout picked, with the same draws.
    seen: set[tuple[str, bool]] = set()
    for options in OPTIONS:
        for game in positions(options, seed=51 + len(options), every=1):
            assert isinstance(game, Quodlibet)
            deal = game.deal
            if not isinstance(deal, TricksDeal) or deal.blind:
                continue
            seen.add((mode_for(deal.contract, len(deal.tricks) + 1), bool(deal.trick)))
            for luck in range(6):
                ours, theirs = Rng(luck, 1), Rng(luck, 1)
                assert rollout_action(game, ours) == f"play {reference_card(deal, theirs)}"
                assert ours.state == theirs.state
    modes = ("win", "lose", "dump", "save")
    assert seen == {(mode, following) for mode in modes for following in (False, True)}


def test_card_masks_and_suits() -> None:
    # card_bits: a card's int orders by rank, then suit letter; a suit's cards share a mask.
    assert [CARD[i] for i in range(4)] == ["7C", "7D", "7H", "7S"]
    assert CARD[31] == "AS" and INDEX["AS"] == 31
    assert mask_of(["7C", "AS"]) == 1 | 1 << 31
    assert mask_of(["7C", "7C"]).bit_count() == 1  # a card given twice shows
    for suit, letter in enumerate("CDHS"):
        assert {CARD[i] for i in range(32) if SUIT_MASK[suit] >> i & 1} == {
            rank + letter for rank in "789TJQKA"
        }
