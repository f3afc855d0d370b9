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
from math import comb

from ...cards import pairs_deck
from ...games.nine_virtues.deal import HAND_SIZE
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
    # aside); ``rank - seen.count(rank)`` of rank ``rank`` are unseen (the deck holds r
    # cards of rank r).
    seen = hand + centre + killed
    for bid_row in every_bid:
        seen += bid_row
    # The other hands in seat order: their unknown cards (``slots``) and known cards.
    players = len(hands)
    other_seats = _OTHER_SEATS.get((players, seat)) or _other_seats(players, seat)
    slots: list[int] = []
    others: list[list[int]] = []
    known_cards: list[int] = []
    for other in other_seats:
        other_known = table_knows[other]
        others.append(other_known)
        if other_known:
            known_cards += other_known
        slots.append(len(hands[other]) - len(other_known))
    seen += known_cards
    unseen = PAIRS_DECK_SIZE - len(seen)
    shape = (unseen, *slots)
    plain = _PLAIN_ROWS.get(shape)
    if plain is None:
        if len(_PLAIN_ROWS) >= _MAX_ROWS:
            _PLAIN_ROWS.clear()
        plain = _PLAIN_ROWS[shape] = [None] * 11

    def table(rank: int) -> list[float]:
        """``lead(rank, c)`` for c = 0..``ROW_LENGTH - 1`` (``_lead_row``)."""
        good = rank - seen.count(rank)
        if rank not in known_cards:
            row = plain[good]
            if row is None:
                row = plain[good] = _lead_row(good, shape, None)
            return row
        bases = tuple([cards.count(rank) for cards in others])
        key = (good, shape, bases)
        row = _KNOWN_ROWS.get(key)
        if row is None:
            if len(_KNOWN_ROWS) >= _MAX_ROWS:
                _KNOWN_ROWS.clear()
            row = _KNOWN_ROWS[key] = _lead_row(good, shape, bases)
        return row

    # ``table(r)[c]`` is ``lead(r, c)`` (module docstring); below, ``points``, ``worth``
    # and ``threat`` are written out with the very same arithmetic (the same operations in
    # the same order, so the same floats) as before the tables were shared.

    if stage == CALL:
        gains = [0.0] * 11
        for rank in range(1, 11):
            count = hand.count(rank) - (rank == ONE)  # the 1 being called is not a 1
            row = table(rank)
            bid = my_bids.count(rank) * rank
            after = row[count + 1]
            before = row[count]
            gains[rank] = (rank * after + bid * (2.0 * after - 1.0)) - (
                (rank * before if count else 0.0) + bid * (2.0 * before - 1.0)
            )
        return CALLS[max(range(1, 11), key=lambda rank: (gains[rank], -rank))]

    best_value = -1e9
    best = ""
    # Bids, then kills.
    ranks = sorted(set(centre))
    denials: list[float] = []
    rows: dict[int, list[float]] = {}
    for rank in ranks:
        if rank == ONE:
            denials.append(DENIAL * ONE_WORTH)
            continue
        count = hand.count(rank)
        row = rows[rank] = table(rank)
        denial = DENIAL * (rank * (1.0 - (row[count - 1] if count else 0.0)))
        denials.append(denial)
        value = rank * (2.0 * row[count] - 1.0) + denial
        if value + PROGRESS > best_value:
            best_value, best = value + PROGRESS, BIDS[rank]
    if kills:  # NV-6
        for rank, denial in zip(ranks, denials, strict=True):
            value = denial + PROGRESS
            if value > best_value:
                best_value, best = value, KILLS[rank]
    if swaps and turn <= SWAP_TURNS * players:  # NV-8
        takes: list[tuple[float, int]] = []
        for take in ranks:
            count = hand.count(take)
            if take == ONE:
                gain = (ONE_WORTH - (ONE_WORTH if count else 0.0)) + DENIAL * ONE_WORTH
            else:
                row = rows[take]
                bid = my_bids.count(take) * take
                after = row[count + 1]
                before = row[count]
                gain = (
                    (take * after + bid * (2.0 * after - 1.0))
                    - ((take * before if count else 0.0) + bid * (2.0 * before - 1.0))
                ) + DENIAL * (take * (1.0 - before))
            takes.append((-gain, take))
        takes.sort()
        gives: list[tuple[float, int]] = []
        for give in set(hand):  # in any order: sorted below
            count = hand.count(give)
            if give == ONE:
                loss = (ONE_WORTH - (ONE_WORTH if count - 1 else 0.0)) + DENIAL * ONE_WORTH
            else:
                row = rows.get(give) or table(give)
                bid = my_bids.count(give) * give
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


PAIRS_DECK_SIZE = len(pairs_deck())
"""The Pairs deck's cards: r of each rank r from 1 to 10 (PD-1)."""
_OTHER_SEATS: dict[tuple[int, int], tuple[int, ...]] = {}
"""By ``(players, seat)``: the other seats, in seat order."""


def _other_seats(players: int, seat: int) -> tuple[int, ...]:
    others = _OTHER_SEATS[(players, seat)] = tuple(o for o in range(players) if o != seat)
    return others


ROW_LENGTH = HAND_SIZE + 2
"""Counts 0..HAND_SIZE + 1 of a rank: every count a policy asks about (a hand holds at most
``HAND_SIZE`` cards of a rank, and a policy asks about one more)."""
_MAX_ROWS = 50_000
"""A row cache this full is emptied (a search needs a few thousand rows at most)."""
_PLAIN_ROWS: dict[tuple[int, ...], list[list[float] | None]] = {}
"""Lead rows by the shape of the other hands (``(unseen, *slots)``), then by the unseen
cards of the rank, for ranks none of the other hands is known to hold."""
_KNOWN_ROWS: dict[tuple[int, tuple[int, ...], tuple[int, ...]], list[float]] = {}
"""Lead rows for ranks some other hand is known to hold, by ``(good, shape, bases)``."""


def _lead_row(good: int, shape: tuple[int, ...], bases: tuple[int, ...] | None) -> list[float]:
    """``lead(r, c)`` for c = 0..``ROW_LENGTH - 1``: the chance that ``c`` cards of a rank
    lead or tie every other hand, as the deciding seat can judge it from its own hand and
    the public cards. ``shape`` is ``(unseen, slots...)``: the cards the seat cannot see
    and, per other hand in seat order, how many of its cards are among them (its
    ``slots``: the rest of it is known); ``good`` unseen cards are of the rank and the
    other hands are known to hold ``bases`` of it (None: none). Each chance is the product
    over the other hands, in seat order, of the chance that the hand holds at most ``c``
    (its known cards plus a hypergeometric draw of its slots). (The chance that another
    hand holds at least ``c`` is then ``1 - lead(r, c - 1)``.)"""
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
    return chances


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
