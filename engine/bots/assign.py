"""Dealing unseen cards uniformly at random under "who may hold what" constraints, for the
``hard`` Quodlibet player's sampler (``sample.py``).

The unseen cards fall into groups whose members share the same allowed places ("slots": a
hidden hand, or Snack's remaining piles taken together); every slot has a fixed size. For
trick contracts a group is a suit and a seat is barred from it when it has shown void (QL-7);
in Snack a group is the cards with the same bars. ``Assignment`` counts the ways to fill the
slots exactly (a product of multinomials, summed over how many cards of each group go to
each slot) and then samples a filling with probability proportional to its ways: every
complete deal that respects the bars is equally likely — no rejection, however many voids.

The counts are computed once per decision (the search samples hundreds of worlds from the
same view) and kept with the split tables they came from, so a sample is one weighted pick
per group plus a shuffle.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from operator import mod, sub

from ..rng import Rng, below_limit, shuffle_plan

_FACTORIAL = [1]
for _n in range(1, 33):
    _FACTORIAL.append(_FACTORIAL[-1] * _n)

_U64 = 1 << 64


def multinomial(counts: Sequence[int]) -> int:
    """Ways to split ``sum(counts)`` distinct cards into parts of these sizes."""
    ways = _FACTORIAL[sum(counts)]
    for count in counts:
        ways //= _FACTORIAL[count]
    return ways


def below_big(rng: Rng, n: int) -> int:
    """A uniform int in ``0..n-1`` for any ``n >= 1`` (``Rng.below`` wants ``n <= 2**64``)."""
    if n <= _U64:
        return rng.below(n)
    value = 0
    bits = 0
    while bits < n.bit_length() + 64:  # 64 spare bits make the modulo bias negligible
        value = (value << 64) | rng.next_u64()
        bits += 64
    return value % n


@dataclass(frozen=True)
class Group:
    """Cards that may go to exactly the same slots."""

    cards: tuple[str, ...]
    allowed: tuple[int, ...]
    """Slot indexes these cards may go to."""


Caps = tuple[int, ...]
Split = tuple[int, ...]
Cut = tuple[int, int, int]
"""``(slot, start, end)``: ``cards[start:end]`` of a group's shuffled cards go to ``slot``."""
Step = tuple[list[int], list[tuple[Cut, ...]], list["Step | None"], list["Caps"], int, int]
"""A group's table as ``Assignment.sample`` reads it: the running totals of the ways of
its splits, each split's cuts, the next group's ``Step`` after each split (None until a
sample first takes that split, and after the last group), the room each split leaves, the
total of the ways, and ``below_limit`` of that total (0 when it is above 2**64, where
``below_big`` draws)."""

_CUTS: dict[Split, tuple[Cut, ...]] = {}
"""``_cuts`` by split, kept (the same few hundred splits come back decision after decision)."""


def _cuts(split: Split) -> tuple[Cut, ...]:
    """A split as cuts of the group's shuffled cards, slot by slot (empty shares left out)."""
    cuts: list[Cut] = []
    start = 0
    for slot, share in enumerate(split):
        if share:
            cuts.append((slot, start, start + share))
            start += share
    _CUTS[split] = found = tuple(cuts)
    return found


Valued = tuple[tuple[int, ...], list[int], list[int]]
"""A group as ``sample_sums`` reads it: its cards' values, and its shuffle's positions and
bounds (``shuffle_plan``)."""


class Assignment:
    """Uniform random fillings of slots of fixed ``sizes`` with the cards of ``groups``.

    >>> a = Assignment([Group(("AS", "KS"), (0,)), Group(("7H", "8H"), (0, 1))], [3, 1])
    >>> a.ways
    2
    >>> hands = a.sample(Rng(1))
    >>> {"AS", "KS"} <= set(hands[0]), len(hands[0]), len(hands[1])
    (True, 3, 1)
    """

    def __init__(self, groups: Sequence[Group], sizes: Sequence[int]) -> None:
        # Small, tightly barred groups first: the last group then just fills what is left.
        self._groups = sorted(
            (group for group in groups if group.cards),
            key=lambda g: (len(g.allowed) == len(sizes), len(g.cards), g.allowed, g.cards),
        )
        self._sizes = tuple(sizes)
        levels = range(len(self._groups) + 1)
        self._ways: list[dict[Caps, int]] = [{} for _ in levels]
        """By group index, then the slots' room left: the ways to place that group and the
        later ones."""
        self._table: list[dict[Caps, tuple[list[int], list[Split], list[Caps]]]] = [
            {} for _ in levels
        ]
        """By group index and the slots' room left: the group's possible splits (in
        ``_splits`` order, those with any way), the running totals of their ways, and the
        room each leaves to the next group."""
        self._first: Step | None = None
        """The first group's ``Step`` (``_step``), made at the first ``sample``."""
        total_cards = sum(len(group.cards) for group in self._groups)
        self._cards = total_cards
        """The most values a filling draws (when every total is at most 2**64): one for
        the split of each group and one per card past its first for its shuffle."""
        self._least = min(
            (shuffle_plan(len(group.cards))[3] for group in self._groups), default=_U64
        )
        """A shuffle of a group draws again at or above this only (the least of their
        limits, ``shuffle_plan``)."""
        self._valued: tuple[Mapping[str, int], list[Valued]] | None = None
        """``sample_sums``' mapping and, per group, its cards' values by it and its
        shuffle's positions and bounds (``shuffle_plan``)."""
        self.ways = self._count(0, self._sizes) if total_cards == sum(self._sizes) else 0
        """How many complete fillings respect the bars (0: none, the view is inconsistent)."""

    def sample(self, rng: Rng) -> list[list[str]]:
        """One filling, uniformly among the ``ways``: the cards of each slot. Group by
        group (in ``_groups`` order), a split is picked with probability proportional to its
        ways and the group's cards, shuffled, are cut into the slots by it."""
        step = self._first
        if step is None:
            if self.ways == 0:
                raise ValueError("no way to place the unseen cards")
            if not self._groups:  # nothing unseen
                return [[] for _ in self._sizes]
            step = self._first = self._step(0, self._sizes)
        slots: list[list[str]] = [[] for _ in self._sizes]
        below = rng.below
        last = len(self._groups) - 1
        for index, group in enumerate(self._groups):
            cumulative, cuts, after, rests, total, _ = step
            # ``below_big(rng, total)``, with ``rng.below`` called directly when it can be.
            drawn = below(total) if total <= _U64 else below_big(rng, total)
            pick = bisect_right(cumulative, drawn)
            cards = rng.shuffled(group.cards)
            for slot, start, end in cuts[pick]:
                slots[slot] += cards[start:end]
            if index < last:
                following = after[pick]
                if following is None:
                    following = after[pick] = self._step(index + 1, rests[pick])
                step = following
        return slots

    def sample_sums(self, rng: Rng, value: Mapping[str, int]) -> list[int]:
        """The sum of ``value`` over each slot's cards in the filling that ``sample(rng)``
        makes, with the same draws (``rng`` ends where ``sample`` leaves it): given each
        card's own bit, each slot's set of cards as a mask. Cheaper than ``sample`` (a
        search's worlds that need no order): the draws come in one batch, each group's
        shuffle is its swaps alone, and no slot's list is built. Pass the same ``value``
        every time: each group's values by it are kept from the first call.

        If a draw could be one that ``below`` rejects (a shuffle's at or above the least
        of their limits, or a split's at or above its own; about once in 2**58 fillings),
        or a split's total is above 2**64, the generator steps back and ``sample`` makes
        the filling."""
        valued = self._valued
        if valued is None or valued[0] is not value:
            valued = self._valued = (
                value,
                [
                    (
                        tuple(map(value.__getitem__, group.cards)),
                        *shuffle_plan(len(group.cards))[:2],
                    )
                    for group in self._groups
                ],
            )
        step = self._first
        if step is None or not self._groups:
            return self._sums_of(self.sample(rng), value)
        need = self._cards
        draws = rng.next_u64s(need)
        if max(draws) >= self._least:
            return self._sums_again(rng, need, value)
        sums = [0] * len(self._sizes)
        taken = 0
        last = len(self._groups) - 1
        for index, (items, positions, bounds) in enumerate(valued[1]):
            cumulative, cuts, after, rests, total, limit = step
            if total > 1:  # ``below(total)``; it draws nothing for 1
                drawn = draws[taken]
                if drawn >= limit:  # (a ``limit`` of 0: a total above 2**64)
                    return self._sums_again(rng, need, value)
                taken += 1
                pick = bisect_right(cumulative, drawn % total)
            else:
                pick = 0
            count = len(items)
            if count > 1:  # ``rng.shuffled(items)``: its swaps, with the same draws
                cards = [*items]
                after_swaps = taken + count - 1
                for i, j in zip(positions, map(mod, draws[taken:after_swaps], bounds), strict=True):
                    cards[i], cards[j] = cards[j], cards[i]
                taken = after_swaps
                for slot, start, end in cuts[pick]:
                    sums[slot] += sum(cards[start:end])
            else:
                for slot, _, _ in cuts[pick]:
                    sums[slot] += items[0]
            if index < last:
                following = after[pick]
                if following is None:
                    following = after[pick] = self._step(index + 1, rests[pick])
                step = following
        if taken < need:  # a split drew nothing
            rng.rewind(need - taken)
        return sums

    def _sums_again(self, rng: Rng, taken: int, value: Mapping[str, int]) -> list[int]:
        """``sample_sums`` by ``sample``, after stepping ``rng`` back over the ``taken``
        values it took."""
        rng.rewind(taken)
        return self._sums_of(self.sample(rng), value)

    @staticmethod
    def _sums_of(slots: list[list[str]], value: Mapping[str, int]) -> list[int]:
        return [sum(map(value.__getitem__, cards)) for cards in slots]

    def _step(self, index: int, caps: Caps) -> Step:
        """The table of group ``index`` with ``caps`` room left (``_count``'s) as ``sample``
        reads it (a ``Step``), made when a sample first reaches it: after that a sample
        follows the ``Step`` links and looks nothing up by key."""
        cumulative, splits, rests = self._table[index][caps]
        cuts = [_CUTS.get(split) or _cuts(split) for split in splits]
        total = cumulative[-1]
        limit = below_limit(total) if total <= _U64 else 0
        return (cumulative, cuts, [None] * len(splits), rests, total, limit)

    def _count(self, index: int, caps: Caps) -> int:
        last = len(self._groups) - 1
        if index > last:
            return 1 if not any(caps) else 0
        known = self._ways[index].get(caps)
        if known is not None:
            return known
        group = self._groups[index]
        splits: list[Split] = []
        cumulative: list[int] = []
        total = 0
        rests: list[Caps] = []
        if index == last:
            # The last group fills exactly what is left: of its splits, only ``caps`` itself
            # can leave every slot full (the same table the loop below would make, at once).
            allowed = group.allowed
            if sum(caps) == len(group.cards) and all(
                slot in allowed for slot, cap in enumerate(caps) if cap
            ):
                total = multinomial(caps)
                splits.append(caps)
                cumulative.append(total)
                rests.append((0,) * len(caps))
        else:
            count, after, known_ways = self._count, index + 1, self._ways[index + 1]
            shape = (len(group.cards), group.allowed, caps)
            for split, rest, ways in _CHOICES.get(shape) or _choices(*shape):
                below = known_ways.get(rest)  # ``count``'s own look-up, without the call
                if below is None:
                    below = count(after, rest)
                ways *= below
                if ways:
                    total += ways
                    splits.append(split)
                    cumulative.append(total)
                    rests.append(rest)
        self._ways[index][caps] = total
        if total:
            self._table[index][caps] = (cumulative, splits, rests)
        return total


_CHOICES: dict[tuple[int, tuple[int, ...], Caps], list[tuple[Split, Caps, int]]] = {}
"""``_choices`` by its arguments, kept: the same shapes come back view after view (a few
thousand at most: up to 8 cards, 3 slots of up to 8 cards)."""


def _choices(count: int, allowed: tuple[int, ...], caps: Caps) -> list[tuple[Split, Caps, int]]:
    """``(split, room left, multinomial(split))`` for every split of ``_splits(count,
    allowed, caps)``, in its order: what ``Assignment._count`` goes over for a group of
    ``count`` cards allowed in ``allowed`` with ``caps`` room."""
    found = [
        (split, tuple(map(sub, caps, split)), _MULTINOMIALS.get(split) or _multinomial(split))
        for split in _splits(count, allowed, caps)
    ]
    _CHOICES[count, allowed, caps] = found
    return found


_MULTINOMIALS: dict[Split, int] = {}
"""``multinomial`` by split, kept (a view's counting asks for the same few hundred)."""


def _multinomial(split: Split) -> int:
    ways = _MULTINOMIALS.get(split)
    if ways is None:
        ways = _MULTINOMIALS[split] = multinomial(split)
    return ways


def _splits(count: int, allowed: Sequence[int], caps: Caps) -> list[Split]:
    """Every way to put ``count`` cards into the ``allowed`` slots within ``caps``, the
    first allowed slot's share slowest-growing (the order the sampler's tables keep). One
    or two slots with a free share (two or three allowed, the common cases) are written
    out; more go through ``itertools.product`` in the same order."""
    if not allowed:
        return [(0,) * len(caps)] if count == 0 else []
    *free, last = allowed
    room = caps[last]
    out: list[Split] = []
    split = [0] * len(caps)
    if len(free) == 1:
        (first,) = free
        for share in range(max(0, count - room), min(count, caps[first]) + 1):
            split[first] = share
            split[last] = count - share
            out.append(tuple(split))
        return out
    if len(free) == 2:
        first, second = free
        for share in range(min(count, caps[first]) + 1):
            split[first] = share
            left = count - share
            for other in range(max(0, left - room), min(left, caps[second]) + 1):
                split[second] = other
                split[last] = left - other
                out.append(tuple(split))
        return out
    for shares in product(*[range(min(count, caps[slot]) + 1) for slot in free]):
        left = count - sum(shares)
        if 0 <= left <= room:
            for slot, share in zip(free, shares, strict=True):
                split[slot] = share
            split[last] = left
            out.append(tuple(split))
    return out
