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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..rng import Rng

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


class Assignment:
    """Uniform random fillings of slots of fixed ``sizes`` with the cards of ``groups``.

    >>> a = Assignment([Group(("AS", "KS"), (0,)), Group(("7H", "8H"), (0, 1))], [3, 1])
    >>> a.ways
    2
    >>> hands = a.sample(Rng(1))
    >>> sorted(hands[0])[:2], len(hands[1])
    (['AS', 'KS'], 1)
    """

    def __init__(self, groups: Sequence[Group], sizes: Sequence[int]) -> None:
        # Small, tightly barred groups first: the last group then just fills what is left.
        self._groups = sorted(
            (group for group in groups if group.cards),
            key=lambda g: (len(g.allowed) == len(sizes), len(g.cards), g.allowed, g.cards),
        )
        self._sizes = tuple(sizes)
        self._ways: dict[tuple[int, Caps], int] = {}
        self._table: dict[tuple[int, Caps], tuple[list[Split], list[int]]] = {}
        total_cards = sum(len(group.cards) for group in self._groups)
        self.ways = self._count(0, self._sizes) if total_cards == sum(self._sizes) else 0
        """How many complete fillings respect the bars (0: none, the view is inconsistent)."""

    def sample(self, rng: Rng) -> list[list[str]]:
        """One filling, uniformly among the ``ways``: the cards of each slot."""
        if self.ways == 0:
            raise ValueError("no way to place the unseen cards")
        slots: list[list[str]] = [[] for _ in self._sizes]
        caps = self._sizes
        for index, group in enumerate(self._groups):
            splits, cumulative = self._table[(index, caps)]
            pick = bisect_right(cumulative, below_big(rng, cumulative[-1]))
            split = splits[pick]
            cards = rng.shuffled(group.cards)
            start = 0
            for slot, count in enumerate(split):
                slots[slot].extend(cards[start : start + count])
                start += count
            caps = tuple(cap - count for cap, count in zip(caps, split, strict=True))
        return slots

    def _count(self, index: int, caps: Caps) -> int:
        if index == len(self._groups):
            return 1 if not any(caps) else 0
        key = (index, caps)
        known = self._ways.get(key)
        if known is not None:
            return known
        group = self._groups[index]
        splits: list[Split] = []
        cumulative: list[int] = []
        total = 0
        for split in _splits(len(group.cards), group.allowed, caps):
            rest = tuple(cap - count for cap, count in zip(caps, split, strict=True))
            ways = multinomial(split) * self._count(index + 1, rest)
            if ways:
                total += ways
                splits.append(split)
                cumulative.append(total)
        self._ways[key] = total
        if total:
            self._table[key] = (splits, cumulative)
        return total


def _splits(count: int, allowed: Sequence[int], caps: Caps) -> Iterator[Split]:
    """Every way to put ``count`` cards into the ``allowed`` slots within ``caps``."""
    split = [0] * len(caps)

    def place(position: int, left: int) -> Iterator[Split]:
        if position == len(allowed) - 1:
            if left <= caps[allowed[position]]:
                split[allowed[position]] = left
                yield tuple(split)
                split[allowed[position]] = 0
            return
        slot = allowed[position]
        for here in range(min(left, caps[slot]) + 1):
            split[slot] = here
            yield from place(position + 1, left - here)
        split[slot] = 0

    if not allowed:
        if count == 0:
            yield tuple(split)
        return
    yield from place(0, count)
