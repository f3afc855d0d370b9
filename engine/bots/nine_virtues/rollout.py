"""The quick policy that plays out a sampled Nine Virtues round for the ``hard`` search.

It runs thousands of times per decision, so it reads the sampled world's public state
directly (``NineVirtues.hands``, ``centre``, ``kills_allowed``...; never ``view()``), and
the game's own rules say whose turn it is and which kinds of action are open. Each seat
plays as the ``normal`` player judges (``normal.py``),
from its own hand and the public cards only, not from the other sampled hands: a rollout
that let opponents see every hand would make them snipe cards no real opponent would, and
the search would learn to fear them. Another hand is its known cards plus a random draw
from the cards the seat cannot see, so the seat leads (or ties) rank r with ``c`` cards with
some chance ``lead(r, c)`` (exact hypergeometric odds), and a rank is worth

    (r * lead if it holds one) + (its bids of r) * r * (2 * lead - 1)      (NV-11, NV-12)

* Bid R: R's worth as a bid, plus a little for denying R to an opponent who would score
  it, plus a bonus for moving the round on;
* Kill R (from turn N+1, NV-6): the denial alone, plus the same bonus;
* Swap H C: the change in worth of ranks H and C, less the help H gives the opponents in
  the centre, plus the denial of C. Swaps stop after ``SWAP_TURNS`` turns per player, so
  every rollout ends (NV-8: computer players never stall);
* call R (NV-9): the rank whose call adds most to the caller's worth, judged the same way.

The 1 is wild at the end (NV-9), so in play holding it is worth ``ONE_WORTH``. The weights
were tuned by playing this policy alone against the ``normal`` player: it is about as
strong. Ties go to the first action found (bids, then kills, then swaps, ranks in order);
the ``Rng`` is not used, so a rollout is a function of its sampled state.
"""

from __future__ import annotations

from functools import cache
from itertools import chain
from math import comb
from operator import itemgetter, sub

from ...cards import pairs_deck
from ...games.nine_virtues import BIDS, CALL, CALLS, HAND_SIZE, KILLS, SWAPS, NineVirtues
from ...rng import Rng

ONE = 1
ONE_WORTH = 5.0
"""What the wild 1 is worth in hand or to an opponent who could take it."""
DENIAL = 0.15
"""How much an opponent's gain from a centre card counts: only one of them gets it."""
PROGRESS = 0.5
"""Points a Bid or Kill is worth beyond its score: the round has to end."""
SWAP_TURNS = 2
"""Rollouts swap only during the first ``SWAP_TURNS * N`` turns of a round."""


def rollout_action(game: NineVirtues, rng: Rng | None = None) -> str:
    """A quick, sensible legal action for ``game.to_act`` in a sampled state."""
    del rng  # the policy is deterministic: the search's randomness is in the sampling
    (seat, stage, turn, hands, centre, every_bid, killed, table_knows, kills, swaps) = (
        game.rollout_state()
    )
    assert seat is not None
    hand = hands[seat]
    my_bids = every_bid[seat]
    # What ``seat`` sees: every other card is unseen (another hand's unknown part or set
    # aside); ``rank - seen.count(rank)`` cards of rank ``rank`` are unseen (the deck holds r
    # cards of rank r).
    seen = hand + centre + killed
    for bid_row in every_bid:
        seen += bid_row
    players = len(hands)
    # The other hands in seat order: how many of their cards ``seat`` cannot see.
    slots = list(map(len, hands))
    others: list[list[int]] = []
    known_cards: list[int] = []
    if any(table_knows):
        # Some hand's cards are known (taken by Swap): the other hands' known cards are
        # seen, and a rank one of them holds has its own lead row (``_rank_worth``).
        slots = list(map(sub, slots, map(len, table_knows)))
        others = table_knows[:seat] + table_knows[seat + 1 :]
        known_cards = list(chain.from_iterable(others))
        seen += known_cards
    del slots[seat]
    # Counted as bytes: ``bytes.count`` of a rank is a plain scan (``list.count`` calls a
    # comparison per card).
    seen_of = bytes(seen).count
    held = bytes(hand).count
    shape = (PAIRS_DECK_SIZE - len(seen), *slots)
    worths = _WORTHS.get(shape)
    if worths is None:
        if len(_WORTHS) >= _MAX_SHAPES:
            _WORTHS.clear()
        worths = _WORTHS[shape] = {}

    if stage == CALL:
        gains = [0.0] * 11
        for rank in range(1, 11):
            count = held(rank) - (rank == ONE)  # the 1 being called is not a 1
            row = _lead_row(
                rank - seen_of(rank),
                shape,
                _bases(rank, others) if rank in known_cards else None,
            )
            bid = my_bids.count(rank) * rank
            after = row[count + 1]
            before = row[count]
            gains[rank] = (rank * after + bid * (2.0 * after - 1.0)) - (
                (rank * before if count else 0.0) + bid * (2.0 * before - 1.0)
            )
        return CALLS[max(range(1, 11), key=lambda rank: (gains[rank], -rank))]

    best_value = -1e9
    best = ""
    # Bids, then kills, then swaps (each rank's worths: ``_rank_worth``), the centre's
    # ranks in order, each once.
    ranks = sorted(set(centre))
    worth: Worth
    rank_worths: list[Worth] = []
    for rank in ranks:
        key: tuple[int, ...] = (
            rank,
            rank - seen_of(rank),
            held(rank),
            my_bids.count(rank) if my_bids else 0,
        )
        if rank in known_cards:
            key += _bases(rank, others)
        worth = worths.get(key) or _rank_worth(worths, key, shape)
        rank_worths.append(worth)
        if worth[0] > best_value:
            best_value, best = worth[0], BIDS[rank]
    if kills:  # NV-6
        for rank, worth in zip(ranks, rank_worths, strict=True):
            if worth[1] > best_value:
                best_value, best = worth[1], KILLS[rank]
    if swaps and turn <= SWAP_TURNS * players:  # NV-8
        takes = sorted(zip(map(itemgetter(2), rank_worths), ranks, strict=True))
        gives: list[tuple[float, int]] = []
        for give in set(hand):
            key = (
                give,
                give - seen_of(give),
                held(give),
                my_bids.count(give) if my_bids else 0,
            )
            if give in known_cards:
                key += _bases(give, others)
            worth = worths.get(key) or _rank_worth(worths, key, shape)
            gives.append((worth[3], give))
        gives.sort()
        for neg_gain, take in takes[:2]:
            for loss, give in gives[:2]:
                if give == take:
                    continue
                value = -neg_gain - loss
                if value > best_value:
                    best_value, best = value, SWAPS[give][take]
    # Unreachable in a real round (a Bid is open until Kills are), but never play nothing.
    return best or game.legal_actions()[0]


def _bases(rank: int, others: list[list[int]]) -> tuple[int, ...]:
    """How many cards of ``rank`` each other hand is known to hold, in seat order."""
    return tuple([cards.count(rank) for cards in others])


Worth = tuple[float, float, float, float]
"""``_rank_worth``'s ``(bid, kill, -take, give)``."""
_WORTHS: dict[tuple[int, ...], dict[tuple[int, ...], Worth]] = {}
"""``_rank_worth`` by the shape of the other hands (``(unseen, *slots)``), then by its
key: shared by every step of every rollout (a function of its arguments alone)."""
_MAX_SHAPES = 10_000
"""``_WORTHS`` this full is emptied (a search meets a few hundred shapes)."""


def _rank_worth(
    worths: dict[tuple[int, ...], Worth], key: tuple[int, ...], shape: tuple[int, ...]
) -> Worth:
    """What one rank is worth to the seat to act (module docstring), for ``key`` =
    ``(rank, good, count, bids, *bases)``: ``good`` cards of the rank unseen, ``count``
    in its hand, ``bids`` of its bid cards of that rank, and the other hands known to hold
    ``bases`` of it, in seat order (none given: none); ``shape`` is the other hands'
    (``_lead_row``). Stored in ``worths`` (the shape's) and returned: ``(bid, kill, -take,
    give)``: the value of bidding a centre card of the rank (with the bonus for moving
    on), of killing one (the same), minus the gain of taking one by Swap, and the loss of
    giving one away (for a rank the hand holds). Worked out with the arithmetic the policy
    always used (the same operations in the same order, so the same floats)."""
    rank, good, count, bids = key[:4]
    worth: Worth
    if rank == ONE:  # never bid (NV-5); wild in hand (NV-9)
        worth = (
            -2e9,
            DENIAL * ONE_WORTH + PROGRESS,
            -((ONE_WORTH - (ONE_WORTH if count else 0.0)) + DENIAL * ONE_WORTH),
            (ONE_WORTH - (ONE_WORTH if count - 1 else 0.0)) + DENIAL * ONE_WORTH,
        )
    else:
        row = _lead_row(good, shape, key[4:] or None)
        bid = bids * rank
        denial = DENIAL * (rank * (1.0 - (row[count - 1] if count else 0.0)))
        value = rank * (2.0 * row[count] - 1.0) + denial
        after = row[count + 1]
        before = row[count]
        gain = (
            (rank * after + bid * (2.0 * after - 1.0))
            - ((rank * before if count else 0.0) + bid * (2.0 * before - 1.0))
        ) + DENIAL * (rank * (1.0 - before))
        loss = 0.0
        if count:
            now, less = before, row[count - 1]
            loss = (
                (rank * now + bid * (2.0 * now - 1.0))
                - ((rank * less if count - 1 else 0.0) + bid * (2.0 * less - 1.0))
            ) + DENIAL * (rank * (1.0 - (row[count - 2] if count > 1 else 0.0)))
        worth = (value + PROGRESS, denial + PROGRESS, -gain, loss)
    worths[key] = worth
    return worth


PAIRS_DECK_SIZE = len(pairs_deck())
"""The Pairs deck's cards: r of each rank r from 1 to 10 (PD-1)."""
ROW_LENGTH = HAND_SIZE + 2
"""Counts 0..HAND_SIZE + 1 of a rank: every count a policy asks about (a hand holds at most
``HAND_SIZE`` cards of a rank, and a policy asks about one more)."""


def _lead_row(good: int, shape: tuple[int, ...], bases: tuple[int, ...] | None) -> list[float]:
    """``lead(r, c)`` for c = 0..``ROW_LENGTH - 1``: the chance that ``c`` cards of a rank
    lead or tie every other hand, as the deciding seat can judge it from its own hand and
    the public cards. ``shape`` is ``(unseen, slots...)``: the cards the seat cannot see
    and, per other hand in seat order, how many of its cards are among them (its
    ``slots``: the rest of it is known); ``good`` unseen cards are of the rank and the
    other hands are known to hold ``bases`` of it (None: none). Each chance is the product
    over the other hands, in seat order, of the chance that the hand holds at most ``c``
    (its known cards plus a hypergeometric draw of its slots). (The chance that another
    hand holds at least ``c`` is then ``1 - lead(r, c - 1)``.) Kept in ``_ROWS`` (a function
    of its arguments)."""
    key = (good, shape, bases)
    chances = _ROWS.get(key)
    if chances is not None:
        return chances
    if len(_ROWS) >= _MAX_SHAPES:
        _ROWS.clear()
    unseen = shape[0]
    chances = [1.0] * ROW_LENGTH
    for index, slots in enumerate(shape[1:]):
        cdf = _at_most(slots, good, unseen)
        size = len(cdf)
        base = 0 if bases is None else bases[index]
        for count in range(ROW_LENGTH):
            extra = count - base
            if extra < 0:
                chances[count] = 0.0
            elif extra < size:
                chances[count] *= cdf[extra]
    _ROWS[key] = chances
    return chances


_ROWS: dict[tuple[int, tuple[int, ...], tuple[int, ...] | None], list[float]] = {}
"""``_lead_row`` by its arguments."""


@cache
def _at_most(draws: int, good: int, total: int) -> tuple[float, ...]:
    """P(X <= k) for k = 0..draws, X hypergeometric: ``draws`` cards from ``total`` unseen
    cards of which ``good`` are of the rank (exact integers, divided once, so the values
    are the same on every platform; at most a few thousand distinct arguments)."""
    ways = comb(total, draws)
    if ways == 0:
        return (1.0,)
    out: list[float] = []
    running = 0
    for k in range(draws + 1):
        running += comb(good, k) * comb(total - good, draws - k)
        out.append(running / ways)
    return tuple(out)
