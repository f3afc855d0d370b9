"""Worlds built by the games from a seat's view (``worlds(view).world``, docs/ENGINE.md "Worlds
built from a view"): with the true hidden cards a world is the real game, seen from the view and
played to the end of the round; an assignment that contradicts the view is refused with
``WorldError``; a playout world halts at the round's end and keeps no log."""

from __future__ import annotations

from typing import Any

import pytest
from support import true_world

import engine
from engine.errors import WORLD_ERRORS, WorldError
from engine.game import Game
from engine.games.nine_virtues.worlds import worlds as nv_worlds
from engine.games.quodlibet.card_bits import CODE_BIT, mask_of
from engine.games.quodlibet.game import Quodlibet
from engine.games.quodlibet.snack import SnackDeal
from engine.games.quodlibet.tricks_deal import TricksDeal
from engine.games.quodlibet.worlds import worlds as ql_worlds
from engine.games.to_the_moon.notation import MOVE_CODE, RANKS_OF, TEST_MOVE, WITHDRAW_NONE
from engine.games.to_the_moon.worlds import worlds as tm_worlds
from engine.rng import Rng


def advance(game: Game, rng: Rng, moves: int) -> None:
    for _ in range(moves):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))


CASES = [
    ("nine-virtues", 3, {}),
    ("nine-virtues", 5, {"swap_limit": 4}),
    ("to-the-moon", 2, {}),
    ("to-the-moon", 4, {}),
    ("quodlibet", 4, {}),
    ("quodlibet", 4, {"contracts": ["open-trousers", "good-hunting", "snack"]}),
]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_the_true_world_is_the_real_game_to_the_end_of_the_round(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    rng = Rng(players, len(options))
    checked = 0
    for seed in range(3):
        game = engine.new_game(game_id, players=players, seed=seed, options=options)
        for stop in (0, 7, 13, 29):
            advance(game, rng, stop)
            if game.is_over:
                break
            seat = game.to_act
            assert seat is not None
            world = true_world(game, seat)
            assert world.in_playout
            assert world.view(seat) == game.view(seat)
            for other in range(players):
                assert world.view(other) == game.view(other)
            real = game.clone()
            scored = len(real.score_sheet)
            log_length = len(world.public_log)
            while len(real.score_sheet) == scored:
                action = rng.choice(real.legal_actions())
                assert world.legal_actions() == real.legal_actions()
                real.apply(action)
                world.apply(action)
            assert world.to_act is None and world.legal_actions() == []  # halted
            assert world.score_sheet[scored]["scores"] == real.score_sheet[scored]["scores"]
            assert world.score_sheet[scored]["detail"] is None
            assert world.totals == real.totals
            assert world.is_over == real.is_over
            assert len(world.public_log) == log_length and world.log == []
            checked += 1
    assert checked >= 6


def test_a_world_that_goes_on_plays_like_the_real_game() -> None:
    game = engine.new_game("to-the-moon", players=3, seed=4)
    advance(game, Rng(1), 10)
    seat = game.to_act
    assert seat is not None
    world = true_world(game, seat, playout=False)
    assert not world.in_playout
    world.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    assert world.public_log == game.public_log


PRODUCED: set[str] = set()
"""World refusal codes the tests below produced (every ``world-*`` message must be)."""


def refused(build: Any) -> str:
    """The code of the ``WorldError`` ``build()`` raises (its English is checked too)."""
    with pytest.raises(WorldError) as raised:
        build()
    error = raised.value
    assert str(error) == WORLD_ERRORS[error.code].format(**error.params)
    PRODUCED.add(error.code)
    return error.code


def test_nine_virtues_refuses_worlds_that_contradict_the_view() -> None:
    hands = [[1, 10, 10, 5, 5, 6], [8, 8, 8, 9, 9, 9], [2, 3, 3, 4, 4, 6]]
    options = {"deal": {"hands": hands, "centre": [10, 9, 8, 7, 7, 7]}, "dealer": 2}
    game = engine.new_game("nine-virtues", players=3, seed=1, options=options)
    for action in ["bid 10", "bid 9", "bid 8", "kill 7", "kill 7", "kill 7"]:
        game.apply(action)
    view = game.view(1)
    assert view["phase"] == "call" and view["caller"] == 0
    good = [[1, 5, 5, 6, 10, 10], [], [2, 3, 3, 4, 4, 6]]
    nv_worlds(view).world(good)
    assert refused(lambda: nv_worlds(view).world(good[:2])) == "world-hidden-count"
    assert refused(lambda: nv_worlds(view).world([good[0][1:], [], good[2]])) == "world-hidden-size"
    too_many = [[10, 5, 5, 6, 10, 10], [], [2, 3, 3, 4, 4, 6]]
    assert refused(lambda: nv_worlds(view).world(too_many)) == "world-caller-without-one"
    eights = [[1, 8, 8, 8, 8, 8], [], [2, 3, 3, 4, 4, 6]]  # with 4 seen, 9 of the 8 eights
    assert refused(lambda: nv_worlds(view).world(eights)) == "world-rank-too-often"


def first_legal_move(
    hand_ranks: int,
    held: list[int],
    hand_size: int,
    trick_ranks: int,
    trick_size: int,
    deck_size: int,
    live: list[int],
    live_size: int,
    trick_live: int,
) -> int:
    """A playout policy (``worlds(view).playout``): test while the deck lasts, else
    withdraw (taking the countdown's lowest rank)."""
    if deck_size:
        return TEST_MOVE
    if trick_size == 1:
        return WITHDRAW_NONE
    return -RANKS_OF[trick_ranks][0]


def moon_refused(view: dict[str, Any], hands: list[list[int]], deck: list[int]) -> str:
    """The ``WorldError`` code of a To the Moon assignment, which ``worlds(view).world`` and the
    game's round playout (``playout``) both refuse alike (before any move)."""
    code = refused(lambda: tm_worlds(view).world(hands, deck))
    playout = tm_worlds(view).playout
    assert refused(lambda: playout(hands, deck, TEST_MOVE, first_legal_move)) == code
    return code


def test_to_the_moon_refuses_worlds_that_contradict_the_view() -> None:
    game = engine.new_game("to-the-moon", players=2, seed=3, options={"dealer": 0})
    while not any(entry.get("took") is not None for entry in game.public_log):
        legal = game.legal_actions()
        game.apply(next((a for a in legal if a.startswith("withdraw ")), legal[0]))
    taker = next(e["seat"] for e in game.public_log if e.get("took") is not None)
    took = next(e["took"] for e in game.public_log if e.get("took") is not None)
    viewer = 1 - taker
    view = game.view(viewer)
    hands, deck = [list(h) for h in game.hands], list(game.deck)
    tm_worlds(view).world(hands, deck)
    playout = tm_worlds(view).playout
    # The game's round playout checks an assignment as ``world`` does (TM-1, TM-8, PD-1).
    first = MOVE_CODE[game.legal_actions()[0]]
    assert len(playout(hands, deck, first, first_legal_move)) == 2
    assert moon_refused(view, hands, deck[1:]) == "world-deck-size"
    mine = [list(h) for h in hands]
    other_card = next(card for card in deck if card not in hands[viewer])
    mine[viewer][0] = other_card
    mine_deck = list(deck)
    mine_deck[deck.index(other_card)] = hands[viewer][0]
    assert moon_refused(view, mine, mine_deck) == "world-own-hand"
    # Move every card of the rank the taker was seen taking (TM-8) into the deck.
    hand, new_deck = list(hands[taker]), list(deck)
    spare = iter(i for i, card in enumerate(deck) if card != took)
    for k, card in enumerate(hand):
        if card == took:
            i = next(spare)
            hand[k], new_deck[i] = new_deck[i], card
    moved = [hand if s == taker else list(h) for s, h in enumerate(hands)]
    assert moon_refused(view, moved, new_deck) == "world-seen-taking"
    twice = [list(h) for h in hands]
    twice[taker][0] = deck[0] if deck[0] != twice[taker][0] else 1
    assert moon_refused(view, twice, deck) == "world-not-the-deck"


def test_quodlibet_refuses_worlds_that_contradict_the_view() -> None:
    # Minus: seat 1 shows it has no spades; a world giving it a spade is refused (QL-7).
    hands = [
        ["7S", "8S", "9S", "TS", "7H", "8H", "9H", "TH"],
        ["JH", "QH", "KH", "AH", "7D", "8D", "9D", "TD"],
        ["JS", "QS", "KS", "AS", "JD", "QD", "KD", "AD"],
        ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
    ]
    options = {"contracts": ["minus"], "dealer": 3, "deal": {"hands": hands}}
    game = engine.new_game("quodlibet", seed=1, options=options)
    game.apply("play 7S")
    game.apply("play JH")  # seat 1 shows a void in spades
    view = game.view(2)
    deal = game.deal
    assert isinstance(deal, TricksDeal)
    current = [list(hand) for hand in deal.hands]
    ql_worlds(view).world(current)
    # The game's own playout (worlds(view).playout) checks an assignment the same way.
    playouts = ql_worlds(view).playout
    playouts(current)
    bad = [list(hand) for hand in current]
    bad[1][0], bad[0][0] = bad[0][0], bad[1][0]  # a spade to seat 1, a heart to seat 0
    assert refused(lambda: ql_worlds(view).world(bad)) == "world-void"
    assert refused(lambda: playouts(bad)) == "world-void"
    mine = [list(hand) for hand in current]
    mine[2][0], mine[3][0] = mine[3][0], mine[2][0]
    assert refused(lambda: ql_worlds(view).world(mine)) == "world-seen-hand"
    assert refused(lambda: playouts(mine)) == "world-seen-hand"
    twice = [list(hand) for hand in current]
    twice[3][0] = twice[0][1]
    assert refused(lambda: ql_worlds(view).world(twice)) == "world-not-the-deck"
    assert refused(lambda: playouts(twice)) == "world-not-the-deck"
    unknown = [list(hand) for hand in current]
    unknown[3][0] = "XX"
    assert refused(lambda: playouts(unknown)) == "world-not-the-deck"
    assert refused(lambda: ql_worlds(view).world(current[:3])) == "world-hand-sizes"
    assert refused(lambda: playouts(current[:3])) == "world-hand-sizes"
    assert refused(lambda: ql_worlds(view).world(current, [[]] * 6)) == "world-piles-not-snack"
    moved_on = {**view, "to_act": 3}
    assert refused(lambda: ql_worlds(moved_on).world(current)) == "world-to-act"
    assert refused(lambda: ql_worlds(moved_on).playout(current)) == "world-to-act"
    log = [dict(entry) for entry in view["log"]]
    [entry for entry in log if "card" in entry][-1]["seat"] = 3  # seat 1's card, out of turn
    out_of_turn = {**view, "log": log}
    assert refused(lambda: ql_worlds(out_of_turn).world(current)) == "world-to-act"
    assert refused(lambda: ql_worlds(out_of_turn).playout(current)) == "world-to-act"
    # The playouts from masks (worlds(view).mask_playout) refuse the same.
    by_mask = ql_worlds(view).mask_playout
    by_mask(list(map(mask_of, current)))
    for wrong, code in [
        (bad, "world-void"),
        (mine, "world-seen-hand"),
        (current[:3], "world-hand-sizes"),
        ([*current[:3], current[3][1:]], "world-hand-sizes"),
    ]:
        assert refused(lambda: by_mask(list(map(mask_of, wrong)))) == code  # noqa: B023
    missing = list(map(mask_of, current))
    missing[3] ^= CODE_BIT[current[3][0]] | CODE_BIT["7S"]  # a card played held again
    assert refused(lambda: by_mask(missing)) == "world-not-the-deck"
    good = list(map(mask_of, current))
    assert refused(lambda: ql_worlds(moved_on).mask_playout(good)) == "world-to-act"
    assert refused(lambda: ql_worlds(game.view(None)).mask_playout) == "world-not-in-play"
    assert refused(lambda: tm_worlds(view).world(current, [])) == "world-wrong-game"
    assert refused(lambda: ql_worlds(game.view(None)).world(current)) == "world-not-in-play"


def test_quodlibet_checks_every_world_of_a_view_not_only_the_first() -> None:
    # from_view works out what a view says once and reuses it for the next worlds of the
    # same view object: each world's own cards are still checked (QL-7 voids, the deck).
    game = engine.new_game("quodlibet", seed=4, options={"contracts": ["minus"]})
    rng = Rng(9)
    while True:
        advance(game, rng, 1)
        view = game.view(game.to_act)
        deal = game.deal
        assert isinstance(deal, TricksDeal)
        voids = [
            (seat, trick.led_suit)
            for trick in deal.tricks
            for seat, card in trick.plays
            if card[1] != trick.led_suit
        ]
        if voids:
            break
    seat, suit = voids[0]
    hands = [list(hand) for hand in deal.hands]
    for _ in range(3):
        ql_worlds(view).world(hands)
    donor = next(
        s for s in range(4) if s not in (seat, view["seat"]) and any(c[1] == suit for c in hands[s])
    )
    given = next(c for c in hands[donor] if c[1] == suit)
    bad = [list(hand) for hand in hands]
    bad[donor][bad[donor].index(given)], bad[seat][0] = bad[seat][0], given
    assert refused(lambda: ql_worlds(view).world(bad)) == "world-void"
    twice = [list(hand) for hand in hands]
    twice[donor][0] = twice[seat][0]
    assert refused(lambda: ql_worlds(view).world(twice)) == "world-not-the-deck"
    ql_worlds(view).world(hands)


def test_a_quodlibet_world_holds_what_a_dealt_game_holds() -> None:
    # from_view and TricksDeal.with_hands set a world's attributes one by one (not through
    # __dict__, which makes every later attribute read dearer): the same attributes as a
    # game and a deal made the usual way, with the same values as the real game's (QL-7).
    game = engine.new_game("quodlibet", seed=2, options={"contracts": ["bribe"]})
    advance(game, Rng(3), 6)
    assert isinstance(game, Quodlibet)
    deal = game.deal
    assert isinstance(deal, TricksDeal)
    world = ql_worlds(game.view(game.to_act)).world([list(h) for h in deal.hands])
    assert isinstance(world, Quodlibet)
    cache = {"_legal_cache"}  # set once a game is asked for its legal actions
    assert sorted(vars(world).keys() - cache) == sorted(vars(game).keys() - cache)
    copy = world.deal
    assert isinstance(copy, TricksDeal)
    assert list(vars(copy)) == list(vars(deal))
    for name in ("hands", "trick", "tricks", "leader", "to_act", "best", "contract"):
        assert getattr(copy, name) == getattr(deal, name), name


def test_snack_worlds_refuse_what_contradicts_the_view() -> None:
    game = engine.new_game("quodlibet", seed=2, options={"contracts": ["snack"]})
    advance(game, Rng(5), 3)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    deal = game.deal
    assert isinstance(deal, SnackDeal)
    hands = [list(deal.hand(s)) for s in range(4)]
    piles = deal.piles()
    ql_worlds(view).world(hands, piles)
    assert refused(lambda: ql_worlds(view).world(hands)) == "world-no-piles"
    assert refused(lambda: ql_worlds(view).playout) == "world-snack-playout"
    assert refused(lambda: ql_worlds(view).mask_playout) == "world-not-by-mask"
    fuller = [list(pile) for pile in piles]
    other = next(s for s in range(4) if s != seat and hands[s])
    fuller[next(i for i, pile in enumerate(piles) if pile)].append(hands[other][0])
    assert refused(lambda: ql_worlds(view).world(hands, fuller)) == "world-pile-sizes"
    swapped = [list(hand) for hand in hands]
    pile = next(i for i, pile in enumerate(piles) if pile)
    mine = [list(p) for p in piles]
    swapped[seat][0], mine[pile][0] = mine[pile][0], swapped[seat][0]
    assert refused(lambda: ql_worlds(view).world(swapped, mine)) == "world-own-hand"
    twice = [list(hand) for hand in hands]
    twice[other][0] = hands[seat][0]
    assert refused(lambda: ql_worlds(view).world(twice, piles)) == "world-not-the-deck"


def test_every_world_refusal_is_produced_and_worded() -> None:
    test_nine_virtues_refuses_worlds_that_contradict_the_view()
    test_to_the_moon_refuses_worlds_that_contradict_the_view()
    test_quodlibet_refuses_worlds_that_contradict_the_view()
    test_snack_worlds_refuse_what_contradicts_the_view()
    assert sorted(set(WORLD_ERRORS) - PRODUCED) == []
