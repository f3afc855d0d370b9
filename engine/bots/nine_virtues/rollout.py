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

from collections.abc import Callable, Sequence
from functools import cache
from math import comb

from ...games.nine_virtues.game import CALL, NineVirtues
from ...games.nine_virtues.notation import BIDS, CALLS, KILLS, SWAPS
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


def rollout_action(game: NineVirtues, rng: Rng) -> str:
    """A quick, sensible legal action for ``game.to_act`` in a sampled state."""
    del rng  # the policy is deterministic: the search's randomness is in the sampling
    seat = game.to_act
    assert seat is not None
    hand = game.hands[seat]
    every_bid = game.bids
    mine = [0] * 11
    for rank in hand:
        mine[rank] += 1
    bids = [0] * 11
    for rank in every_bid[seat]:
        bids[rank] += 1
    table = _lead_table(game, seat, mine, every_bid)
    # ``table(r)[c]`` is ``lead(r, c)`` for c = 0..mine[r] + 1 (module docstring); below,
    # ``points``, ``worth`` and ``threat`` are written out with the very same arithmetic
    # (the same operations in the same order, so the same floats).

    if game.stage == CALL:
        mine[ONE] -= 1  # the 1 being called is not a rank-1 card
        gains = [0.0] * 11
        for rank in range(1, 11):
            count = mine[rank]
            row = table(rank)
            bid = bids[rank] * rank
            after = row[count + 1]
            before = row[count]
            gains[rank] = (rank * after + bid * (2.0 * after - 1.0)) - (
                (rank * before if count else 0.0) + bid * (2.0 * before - 1.0)
            )
        return CALLS[max(range(1, 11), key=lambda rank: (gains[rank], -rank))]

    ranks = sorted(set(game.centre))
    best_value = -1e9
    best = ""
    # Bids, then kills.
    denials = [0.0] * 11
    rows: list[list[float]] = [_NO_ROW] * 11
    for rank in ranks:
        count = mine[rank]
        row = rows[rank] = table(rank)
        denial = denials[rank] = DENIAL * (
            ONE_WORTH if rank == ONE else rank * (1.0 - (row[count - 1] if count else 0.0))
        )
        if rank == ONE:
            continue
        value = rank * (2.0 * row[count] - 1.0) + denial
        if value + PROGRESS > best_value:
            best_value, best = value + PROGRESS, BIDS[rank]
    if game.kills_allowed:  # NV-6
        for rank in ranks:
            value = denials[rank] + PROGRESS
            if value > best_value:
                best_value, best = value, KILLS[rank]
    if game.swaps_allowed and game.turn <= SWAP_TURNS * game.players:  # NV-8
        takes: list[tuple[float, int]] = []
        for take in ranks:
            count = mine[take]
            if take == ONE:
                gain = (ONE_WORTH - (ONE_WORTH if count else 0.0)) + DENIAL * ONE_WORTH
            else:
                row = rows[take]
                bid = bids[take] * take
                after = row[count + 1]
                before = row[count]
                gain = (
                    (take * after + bid * (2.0 * after - 1.0))
                    - ((take * before if count else 0.0) + bid * (2.0 * before - 1.0))
                ) + DENIAL * (take * (1.0 - before))
            takes.append((-gain, take))
        takes.sort()
        gives: list[tuple[float, int]] = []
        for give in sorted(set(hand)):
            count = mine[give]
            if give == ONE:
                loss = (ONE_WORTH - (ONE_WORTH if count - 1 else 0.0)) + DENIAL * ONE_WORTH
            else:
                row = rows[give]
                if row is _NO_ROW:
                    row = rows[give] = table(give)
                bid = bids[give] * give
                now = row[count]
                less = row[count - 1]
                loss = (
                    (give * now + bid * (2.0 * now - 1.0))
                    - ((give * less if count - 1 else 0.0) + bid * (2.0 * less - 1.0))
                ) + DENIAL * (give * (1.0 - (row[count - 2] if count > 1 else 0.0)))
            gives.append((loss, give))
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


_NO_ROW: list[float] = []


def _lead_table(
    game: NineVirtues, seat: int, mine: list[int], every_bid: Sequence[Sequence[int]]
) -> Callable[[int], list[float]]:
    """``table(r)``: the list of ``lead(r, c)`` for c = 0..mine[r] + 1, where ``lead(r, c)``
    is the chance that ``c`` cards of rank ``r`` lead or tie every other hand, as ``seat``
    can judge it from its own hand and the public cards (another hand is its known cards
    plus a draw from the cards ``seat`` cannot see). (The chance that another hand holds at
    least ``c`` is then ``1 - lead(r, c - 1)``.) Each chance is the product over the other
    hands, in seat order, of the chance that the hand holds at most ``c`` of the rank."""
    seen = list(mine)
    for rank in game.centre:
        seen[rank] += 1
    for rank in game.killed:
        seen[rank] += 1
    for bid_row in every_bid:
        for rank in bid_row:
            seen[rank] += 1
    table_knows = game.known
    hands = game.hands
    knows: list[tuple[list[int] | None, int]] = []
    for other in range(game.players):
        if other == seat:
            continue
        cards = table_knows[other]
        row = None
        if cards:
            row = [0] * 11
            for rank in cards:
                row[rank] += 1
                seen[rank] += 1
        knows.append((row, len(hands[other]) - len(cards)))
    pool = [rank - seen[rank] for rank in range(11)]  # the deck holds r cards of rank r
    pool[0] = 0
    unseen = sum(pool)
    others = [(row, _cdf_row(slots, unseen), slots) for row, slots in knows]

    def table(rank: int) -> list[float]:
        top = mine[rank] + 2
        chances = [1.0] * top
        good = pool[rank]
        for row, cdfs, slots in others:
            cdf = cdfs[good]
            if cdf is None:
                cdf = cdfs[good] = _at_most(slots, good, unseen)
            size = len(cdf)
            base = 0 if row is None else row[rank]
            for count in range(top):
                extra = count - base
                if extra < 0:
                    chances[count] = 0.0
                elif extra < size:
                    chances[count] *= cdf[extra]
        return chances

    return table


_CDF_ROWS: dict[tuple[int, int], list[tuple[float, ...] | None]] = {}


def _cdf_row(draws: int, total: int) -> list[tuple[float, ...] | None]:
    """``_at_most(draws, good, total)`` by ``good`` (0..10), each filled in when first
    needed (the table is shared by every decision)."""
    row = _CDF_ROWS.get((draws, total))
    if row is None:
        row = _CDF_ROWS[(draws, total)] = [None] * 11
    return row


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
