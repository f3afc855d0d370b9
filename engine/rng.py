"""The project's one source of randomness: a small seeded generator (SplitMix64).

Everything random in the engine (shuffles, draws, bot choices) is built on ``next_u64``, so
the same seed gives the same sequence on CPython 3.11 and on Pyodide's Python 3.14: it uses
only integer arithmetic, never the global ``random`` module, string hashes or set order.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_SPAN = 1 << 64
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(257))
"""``below(n)`` rejects draws at or above ``_LIMITS[n]`` (the largest multiple of ``n``)."""


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64. ``Rng(seed)`` for any int seed (negative and huge seeds are folded in).

    >>> Rng(42).next_u64()
    13679457532755275413
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *streams: int) -> None:
        state = seed & _MASK
        # Fold any bits above 64 in, so distinct big seeds give distinct streams.
        rest = seed >> 64 if seed >= 0 else (~seed) >> 63
        while rest:
            state = _mix((state ^ (rest & _MASK)) + _GAMMA)
            rest >>= 64
        for stream in streams:
            state = _mix((state ^ (stream & _MASK)) + _GAMMA)
        self.state = state

    def next_u64(self) -> int:
        # ``_mix`` written out: every shuffle, draw and bot choice comes through here.
        z = self.state = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in ``0..n-1`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        if n == 1:
            return 0
        limit = _LIMITS[n] if n < len(_LIMITS) else _SPAN - _SPAN % n
        x = self.next_u64()
        while x >= limit:  # about once in 2**58 draws for a small n
            x = self.next_u64()
        return x % n

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def fork(self, *streams: int) -> Rng:
        """An independent generator derived from this one's current state and ``streams``."""
        return Rng(self.state, *streams)
