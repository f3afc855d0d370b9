"""What a To the Moon seat knows, and guessed worlds consistent with it, for the ``hard``
search (``engine/bots/to_the_moon/hard.py``). Everything here is read from the seat's own
view: no game object goes in, so a guess can never peek.

What the view says (RULES.md TM-1, TM-7..TM-9, PD-1):

* the seat's own hand, the trick, every hand size, the deck size, who is in, the score-pile
  counts, the dealer, the leader, the totals, the round and the score sheet;
* this round's public log: every card turned (``lead``, ``test``), every card built, every
  card taken into a hand (a failed ``test`` card, a ``withdraw R``) and every trick won
  (``win`` lists its cards, so the cards in this round's score piles are known).

From that the sampler infers, per other seat, the cards it must still hold: a card it was
seen taking stays known until that seat builds the same rank (the card built may have been
the taken one or one it was dealt; either way one fewer is known). This is the least number
of that rank the seat can hold now, a count that never goes below zero (``held_by_others``).
The shown card (TM-8) is one of these. All other cards, the *unseen* ones, are the 55 Pairs
cards less the seat's hand, the trick, this round's won cards and the known held cards.

A guess shuffles the unseen cards (uniformly, to within a part in ten million) and deals
them, in seat order, to fill up each
other hand to its size around its known cards; the rest is the deck in that random order.
A uniform shuffle of the physical cards makes every split of the unseen multiset among the
hands and the deck as likely as it is under the random deal; how players chose to act is not
used as evidence (that would need a model of their minds).

A guess is built by the game itself (``worlds(view).world``, which checks it against the
view) as a playout world: it halts when the round is scored, because the search only plays
to the end of the current round, and keeps no log.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from ...cards import PAIRS_COUNTS
from ...games.to_the_moon import ToTheMoon, seen_in_hands, won_this_round
from ...games.to_the_moon.worlds import DealtPlayout, World, Worlds, worlds
from ...rng import Rng
from ...views import ToTheMoonView, seat_of

View = ToTheMoonView


def held_by_others(view: View) -> list[Counter[int]]:
    """Per seat, the cards it was seen taking into hand this round (TM-7, TM-8) and has not
    built again since; empty for the viewer, whose hand is known anyway."""
    held = seen_in_hands(view["log"], view["players"])
    held[seat_of(view)] = Counter()
    return held


@dataclass(frozen=True)
class Knowledge:
    """Everything a guess needs, worked out once per view (the search samples many)."""

    view: View
    held: tuple[tuple[int, ...], ...]
    """Per seat, the known cards it holds (sorted); the viewer's entry is its whole hand."""
    unseen: tuple[int, ...]
    """The unseen cards (sorted): other hands' unknown cards plus the deck."""
    worlds: Worlds
    """The game's worlds of this view (``worlds(view)``): its ``dealt_playout`` plays the
    rest of the round given the unseen cards in the order they are dealt (``order``'s)."""
    cuts: tuple[tuple[tuple[int, ...], int, int], ...]
    """Per seat, its known cards and the slice ``start:end`` of the shuffled unseen cards
    that fills its hand up (the viewer: its hand, and an empty slice)."""
    dealt: int
    """The unseen cards that go to hands: the deck is the rest."""
    loose: int
    """The first other hand's share of the unseen cards (``shuffled``'s ``loose``)."""

    @cached_property
    def playout(self) -> DealtPlayout:
        """``worlds.dealt_playout``, looked up once."""
        return self.worlds.dealt_playout

    @cached_property
    def world(self) -> World:
        """``worlds.world``, made when a world is first asked for: the search's playouts
        need none."""
        return self.worlds.world


def knowledge(view: View) -> Knowledge:
    """Read what the view reveals; ``ValueError`` if the view is not a consistent seat view
    of a round in play (a card counted twice, a hand smaller than its known cards)."""
    me = seat_of(view)
    players: int = view["players"]
    held = held_by_others(view)
    unseen = Counter(PAIRS_COUNTS)
    unseen.subtract(view["hand"])
    unseen.subtract(view["trick"])
    won = won_this_round(view["log"])
    unseen.subtract(won)
    for seat in range(players):
        unseen.subtract(held[seat])
    if any(count < 0 for count in unseen.values()):
        raise ValueError("the view shows more cards of a rank than the deck holds")
    sizes: list[int] = view["hand_sizes"]
    for seat in range(players):
        if seat != me and sum(held[seat].values()) > sizes[seat]:
            raise ValueError(f"seat {seat} holds fewer cards than it was seen taking")
    hidden = sum(sizes[s] - sum(held[s].values()) for s in range(players) if s != me)
    if sum(unseen.values()) != hidden + view["deck_size"]:
        raise ValueError("the view's card counts do not add up to the 55 Pairs cards")
    known = tuple(
        tuple(sorted(view["hand"])) if seat == me else tuple(sorted(held[seat].elements()))
        for seat in range(players)
    )
    cuts = []
    start = 0
    for seat, cards in enumerate(known):
        need = 0 if seat == me else sizes[seat] - len(cards)
        cuts.append((cards, start, start + need))
        start += need
    first_other = 1 if me == 0 else 0
    return Knowledge(
        view=view,
        held=known,
        unseen=tuple(sorted(unseen.elements())),
        worlds=worlds(view),
        cuts=tuple(cuts),
        dealt=start,
        loose=cuts[first_other][2],
    )


ShuffleSteps = tuple[int, tuple[tuple[int, int, int, int], ...], bool]
_SHUFFLE_STEPS: dict[tuple[int, int], ShuffleSteps] = {}
"""``_shuffle_steps(n, loose)`` by ``(n, loose)``."""


def _shuffle_steps(n: int, loose: int = 0) -> ShuffleSteps:
    """For ``shuffled`` of ``n`` items: how many 64-bit draws make a number with 64 bits more
    than ``n!`` needs; the Fisher-Yates steps in pairs ``(i, i + 1, i - 1, (i + 1) * i)`` for
    ``i`` from ``n - 1`` down (each pair's two indices are one digit of radix ``(i + 1) *
    i``), down to the last pair that moves an item at ``loose`` or above; and whether a last
    single step (``i = 1``) is left over (never when ``loose`` is above 1)."""
    steps = _SHUFFLE_STEPS.get((n, loose))
    if steps is None:
        draws = (math.factorial(n).bit_length() + 64 + 63) // 64
        pairs = tuple((i, i + 1, i - 1, (i + 1) * i) for i in range(n - 1, 1, -2) if i >= loose)
        single = n > 1 and (n - 1) % 2 == 1 and loose <= 1
        steps = _SHUFFLE_STEPS[n, loose] = (draws, pairs, single)
    return steps


def shuffled(items: Sequence[int], rng: Rng, loose: int = 0) -> list[int]:
    """``items`` in a random order: Fisher-Yates whose indices are the digits of one big
    random number in a mixed radix. A few 64-bit draws (``rng.next_u64s``: the draws of
    ``next_u64``, worked out side by side) are joined into a number ``big`` 64 bits longer than
    ``n!``; each step pair ``(i, i - 1)`` takes the digit ``r = big % ((i + 1) * i)``
    (``big`` is then divided by that radix), ``r % (i + 1)`` its index for ``i`` and
    ``r // (i + 1)`` for ``i - 1``. Every order's chance is off from uniform by less than
    one part in ``2**64``; 35 cards take 4 draws rather than 17 (two swaps per draw) or 34
    (``Rng.shuffled``), the big-integer arithmetic that costs most, above all in Pyodide.
    Every sampled world shuffles.

    The order among the first ``loose`` items does not matter to the caller: the last steps,
    which only reorder them among themselves, are left out (the items at ``loose`` and above,
    and which items are below it, are the same as with every step)."""
    out = list(items)
    draws, pairs, single = _SHUFFLE_STEPS.get((len(out), loose)) or _shuffle_steps(len(out), loose)
    big = 0
    for word in rng.next_u64s(draws):
        big = (big << 64) | word
    for i, k, h, radix in pairs:
        big, r = divmod(big, radix)
        j = r % k
        out[i], out[j] = out[j], out[i]
        j = r // k
        out[h], out[j] = out[j], out[h]
    if single and big & 1:
        out[0], out[1] = out[1], out[0]
    return out


def order(known: Knowledge, rng: Rng) -> list[int]:
    """The unseen cards in the order a guess deals them (``assignment``): each other hand's
    share in seat order, then the deck from its top."""
    return shuffled(known.unseen, rng, known.loose)


def assignment(known: Knowledge, rng: Rng) -> tuple[list[list[int]], list[int]]:
    """Where the cards go in a guess: every hand (the viewer's its own) and the deck, top
    first; the unseen cards shuffled, each other hand filled up around its known cards in
    seat order, the rest is the deck. (The first other hand's cards come first in the
    shuffle, and their order among themselves is left as it falls: a hand is a set of
    ranks, PD-2.)"""
    pool = order(known, rng)
    return [[*held, *pool[start:end]] for held, start, end in known.cuts], pool[known.dealt :]


def guess(known: Knowledge, rng: Rng) -> ToTheMoon:
    """A full state consistent with ``known.view``: the world of ``assignment(known, rng)``,
    built by the game."""
    hands, deck = assignment(known, rng)
    return known.world(hands, deck)
