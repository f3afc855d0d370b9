"""The project's one source of randomness: a small seeded generator (SplitMix64).

Everything random in the engine (shuffles, draws, bot choices) is built on ``next_u64``, so
the same seed gives the same sequence on CPython 3.11 and on Pyodide's Python 3.14: it uses
only integer arithmetic, never the global ``random`` module, string hashes or set order.
"""

from __future__ import annotations

import sys
from collections.abc import MutableSequence, Sequence
from operator import ge, mod
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_SPAN = 1 << 64
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(257))
"""``below(n)`` rejects draws at or above ``_LIMITS[n]`` (the largest multiple of ``n``)."""


def below_limit(n: int) -> int:
    """``Rng.below(n)`` draws again while its value is at or above this (the largest
    multiple of ``n`` up to 2**64), then gives ``value % n``: how a loop that takes its
    values ahead (``next_u64s``) makes the same pick as ``below`` or ``choice``."""
    return _LIMITS[n] if n < 257 else _SPAN - _SPAN % n


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""``shuffle``'s steps by length (lengths below 257 are kept): ``(i, i + 1, limit)`` for
``i`` from the end down to 1, ``limit`` that of ``below(i + 1)``."""


def _shuffle_steps(n: int) -> tuple[tuple[int, int, int], ...]:
    steps = tuple((i, i + 1, below_limit(i + 1)) for i in range(n - 1, 0, -1))
    if n < 257:
        _SHUFFLE_STEPS[n] = steps
    return steps


BATCH_FROM = 8
"""``Rng.shuffle`` draws all at once (``_draws``) from this many items up: below, the big
integers' set-up costs more than it saves."""

_LANE = 128
"""Bits per draw in ``_draws``' big integers: a 64-bit value times a 64-bit constant fits."""

_LANES: dict[int, tuple[int, int, int, int, int]] = {}
"""``_draws``' constants by count (lengths below 257 are kept)."""

_BATCH_PLANS: dict[int, tuple[list[int], list[int], list[int], int]] = {}
"""``shuffle``'s steps by length as three lists (positions, bounds, limits) and the least
limit, for the batched shuffle (lengths below 257 are kept)."""

_LITTLE_ENDIAN = sys.byteorder == "little"


def _lanes(n: int) -> tuple[int, int, int, int, int]:
    """For ``n`` draws: one in each lane, the increments ``(k + 1) * gamma`` by lane, and
    the masks of 64, 34 and 37 low bits of each lane."""
    ones = sum(1 << (_LANE * k) for k in range(n))
    lanes = (
        ones,
        sum(((k + 1) * _GAMMA) << (_LANE * k) for k in range(n)),
        _MASK * ones,
        ((1 << 34) - 1) * ones,
        ((1 << 37) - 1) * ones,
    )
    if n < 257:
        _LANES[n] = lanes
    return lanes


def _draws(state: int, n: int) -> list[int]:
    """The next ``n`` values ``next_u64`` gives from ``state``, worked out side by side:
    lane ``k`` (``_LANE`` bits) of one big integer holds the ``k``-th state and goes through
    SplitMix64's mix, each shift masked to its lane, each product (at most 128 bits) kept
    in its lane; the low 64 bits of each lane are then read back. The same numbers as
    ``n`` calls of ``next_u64``, for a few big-integer operations in all."""
    ones, steps, low64, low34, low37 = _LANES.get(n) or _lanes(n)
    s = (state * ones + steps) & low64
    z = ((s ^ ((s >> 30) & low34)) * 0xBF58476D1CE4E5B9) & low64
    z = ((z ^ ((z >> 27) & low37)) * 0x94D049BB133111EB) & low64
    z ^= z >> 31  # the next lane's bits land above this one's 64: read no further
    words = memoryview(z.to_bytes(16 * n, sys.byteorder)).cast("Q")
    return words[::2].tolist() if _LITTLE_ENDIAN else words[::-2].tolist()


def shuffle_plan(n: int) -> tuple[list[int], list[int], list[int], int]:
    """``Rng.shuffle``'s steps for ``n`` items: the positions ``i`` swapped, from the end
    down to 1; the bound ``i + 1`` of each one's draw (the swap is with ``draw % bound``
    unless ``below`` rejects the draw); each draw's limit (``below_limit(bound)``); and
    the least of those limits (2**64 with no step). Kept for lengths below 257; never
    edit it. A caller that takes its draws ahead (``next_u64s``) makes the same swaps."""
    plan = _BATCH_PLANS.get(n)
    if plan is None:
        steps = _SHUFFLE_STEPS.get(n) or _shuffle_steps(n)
        limits = [lim for _, _, lim in steps]
        positions = [i for i, _, _ in steps]
        plan = (positions, [m for _, m, _ in steps], limits, min(limits, default=_SPAN))
        if n < 257:
            _BATCH_PLANS[n] = plan
    return plan


ALONE = 32
"""A generator's first values drawn one at a time (``Rng``): most generators of a search
draw a dozen values or fewer, for which a batch would cost more than it saves."""
AHEAD_MAX = 64
"""Values ``Rng`` works out ahead at once after its first ``ALONE``."""


class Rng:
    """SplitMix64. ``Rng(seed)`` for any int seed (negative and huge seeds are folded in).

    >>> Rng(42).next_u64()
    13679457532755275413

    Values one at a time (``next_u64``, ``below``, ``choice``, ``random``) are drawn alone
    (the arithmetic written out in each) for a generator's first ``ALONE``, then worked out
    ahead ``AHEAD_MAX`` at a time (``_draws``: the arithmetic of many draws in one big
    integer, about a third of one draw's cost per value); the methods that draw many
    (``shuffle``, ``shuffle_from``, ``next_u64s``) take those first, and past a
    generator's first ``ALONE`` values (single or bulk) a bulk draw of fewer than
    ``AHEAD_MAX`` with none ahead works out ``AHEAD_MAX`` and keeps the rest ahead. The
    values and their order are the same as drawing them one by one; ``state`` is the state
    after the values handed out so far (not after those worked out ahead), and setting it
    forgets them."""

    __slots__ = ("_ahead", "_alone", "_state")

    _state: int
    """The state after the last of the values worked out ahead (after the last value
    handed out when there are none)."""
    _ahead: list[int]
    """Values worked out ahead, the next one last (``pop()``); always the same list object
    for a generator, so a method may hold it while it refills."""
    _alone: int
    """Values drawn so far, alone or in bulk (counted up to ``ALONE`` and a bulk draw past
    it)."""

    def __init__(self, seed: int = 0, *streams: int) -> None:
        state = seed & _MASK
        # Fold any bits above 64 in, so distinct big seeds give distinct streams.
        rest = seed >> 64 if seed >= 0 else (~seed) >> 63
        while rest:
            state = _mix((state ^ (rest & _MASK)) + _GAMMA)
            rest >>= 64
        for stream in streams:
            state = _mix((state ^ (stream & _MASK)) + _GAMMA)
        self._state = state
        self._ahead = []
        self._alone = 0

    @property
    def state(self) -> int:
        """The generator's state: what ``next_u64`` adds to, after the values handed out."""
        ahead = self._ahead
        if ahead:
            return (self._state - len(ahead) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        return self._state

    @state.setter
    def state(self, value: int) -> None:
        self._state = value & _MASK
        self._ahead = []
        self._alone = 0

    def rewind(self, count: int) -> None:
        """Step back over the last ``count`` values handed out: the next ``count`` values
        are those again (a caller that took values ahead, ``next_u64s``, and used fewer, or
        one that found a value ``below`` would reject and starts again one draw at a
        time). The values worked out ahead are forgotten, not changed."""
        self.state = (self.state - count * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF

    def _take(self, n: int) -> list[int]:
        """The next ``n`` values in order, those worked out ahead first and the rest by
        ``_draws``, the generator moved on past them (for the methods that draw many)."""
        if n <= 0:  # (``del ahead[-0:]`` below would drop every value worked out ahead)
            return []
        ahead = self._ahead
        state = self._state
        if not ahead:
            if n >= AHEAD_MAX or self._alone < ALONE:  # a young generator: just these
                self._alone += n
                self._state = (state + n * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                return _draws(state, n)
            # Past its first ``ALONE`` values, a few more at a time: ``AHEAD_MAX`` worked
            # out at once, the rest kept ahead (a search draws a few for every world).
            self._state = (state + AHEAD_MAX * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            values = _draws(state, AHEAD_MAX)
            rest = values[n:]
            rest.reverse()
            ahead.extend(rest)
            del values[n:]
            return values
        k = min(n, len(ahead))
        values = ahead[: -k - 1 : -1]  # the next ``k`` (``ahead`` holds the next one last)
        del ahead[-k:]
        if n > k:
            self._state = (state + (n - k) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            values += _draws(state, n - k)
        return values

    def _refill(self) -> int:
        """The next value, once ``ALONE`` were drawn alone and none is worked out ahead:
        ``AHEAD_MAX`` values by ``_draws``, the first returned and the rest kept."""
        values = self._take(AHEAD_MAX)
        values.reverse()
        first = values.pop()
        self._ahead.extend(values)
        return first

    def next_u64(self) -> int:
        # The first ``ALONE`` values drawn alone, SplitMix64 written out with literal
        # constants (a constant load is cheaper than a global one); then from ``_ahead``.
        ahead = self._ahead
        if ahead:
            return ahead.pop()
        if self._alone < 32:  # ALONE
            self._alone += 1
            z = self._state = (self._state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            return z ^ (z >> 31)
        return self._refill()

    def next_u64s(self, n: int) -> list[int]:
        """The next ``n`` values of ``next_u64``, worked out side by side (``_draws``: the
        arithmetic of a few draws in one big integer), the generator moved on past them."""
        return self._take(n)

    def below(self, n: int) -> int:
        """A uniform int in ``0..n-1`` (rejection sampling, no modulo bias)."""
        if n <= 1:
            if n == 1:
                return 0
            raise ValueError("below() needs n >= 1")
        limit = _LIMITS[n] if n < 257 else _SPAN - _SPAN % n
        ahead = self._ahead
        if ahead:
            z = ahead.pop()
        elif self._alone < 32:  # ALONE: ``next_u64`` written out
            self._alone += 1
            z = self._state = (self._state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
        else:
            z = self._refill()
        while z >= limit:  # rare: about once in 2**58 draws for a small n
            z = self.next_u64()
        return z % n  # also for a power of two: a test for one cost more than a mask saved

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits: ``next_u64() >> 11`` over 2**53 (a
        rollout asks once per card)."""
        ahead = self._ahead
        if ahead:
            return (ahead.pop() >> 11) / 9007199254740992.0
        if self._alone < 32:  # ALONE: ``next_u64`` written out
            self._alone += 1
            z = self._state = (self._state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            return ((z ^ (z >> 31)) >> 11) / 9007199254740992.0
        return (self._refill() >> 11) / 9007199254740992.0

    def choice(self, items: Sequence[T]) -> T:
        """``items[below(len(items))]``, with ``below`` written out (every random player's
        move and many rollout moves come through here): the same draws."""
        n = len(items)
        if n <= 1:
            if n == 1:
                return items[0]
            raise ValueError("choice() from an empty sequence")
        limit = _LIMITS[n] if n < 257 else _SPAN - _SPAN % n
        ahead = self._ahead
        if ahead:
            z = ahead.pop()
        elif self._alone < 32:  # ALONE: ``next_u64`` written out
            self._alone += 1
            z = self._state = (self._state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
        else:
            z = self._refill()
        while z >= limit:  # rare: about once in 2**58 draws for a small n
            z = self.next_u64()
        return items[z % n]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place: ``items[i]`` swaps with ``items[below(i + 1)]`` for ``i``
        from the end down to 1.

        From ``BATCH_FROM`` items up (a deal's deck) the draws are worked out all at once
        (``_draws``: one big integer holds them side by side, so the arithmetic of 31 draws
        costs about what 3 cost one by one) and each reduced by its bound in one pass; if
        one of them would be rejected (about once in 2**58 draws, and then every later draw
        shifts) the shuffle is made one draw at a time instead. Either way the draws, the
        swaps and the generator's state afterwards are exactly the ones ``below`` would
        give."""
        n = len(items)
        if n < BATCH_FROM:
            self._shuffle_one_by_one(items)
            return
        plan = _BATCH_PLANS.get(n) or shuffle_plan(n)
        draws = self._take(n - 1)
        # A draw ``below`` would reject (one at least as high as the least limit first):
        # back to the state before the draws, and step by step.
        if max(draws) >= plan[3] and any(map(ge, draws, plan[2])):
            self.rewind(n - 1)
            self._shuffle_one_by_one(items)
            return
        for i, j in zip(plan[0], map(mod, draws, plan[1]), strict=True):
            items[i], items[j] = items[j], items[i]

    def _shuffle_one_by_one(self, items: MutableSequence[T]) -> None:
        """``shuffle`` one draw at a time: ``below`` and ``next_u64`` written out with the
        state in a local variable (stored back once, even if a swap raises), each step's
        bound looked up once per length (``_SHUFFLE_STEPS``)."""
        n = len(items)
        steps = _SHUFFLE_STEPS.get(n) or _shuffle_steps(n)
        ahead = self._ahead
        if ahead:  # values worked out ahead come first (``next_u64`` when they run out)
            pop = ahead.pop
            draw = self.next_u64
            for i, m, limit in steps:
                z = pop() if ahead else draw()
                while z >= limit:  # rare: about once in 2**58 draws
                    z = draw()
                j = z % m
                items[i], items[j] = items[j], items[i]
            return
        s = self._state
        try:
            for i, m, limit in steps:
                s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                z ^= z >> 31
                while z >= limit:  # rare: about once in 2**58 draws
                    s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                    z ^= z >> 31
                j = z % m
                items[i], items[j] = items[j], items[i]
        finally:
            self._state = s

    def shuffle_from(self, items: MutableSequence[T], start: int, count: int) -> None:
        """Draw ``count`` of ``items[start:]`` at random into ``items[start:start + count]``
        (a partial Fisher-Yates shuffle, in place): ``items[i]`` swaps with ``items[i +
        below(len(items) - i)]`` for ``i`` from ``start`` up, exactly the draws of those
        ``below`` calls (written out here, as in ``shuffle``: a sampler deals hundreds of
        hands a decision this way)."""
        size = len(items)
        if self._ahead:  # values worked out ahead come first: draw through ``below``
            below = self.below
            for i in range(start, start + count):
                if size - i < 1:
                    raise ValueError("shuffle_from() past the end of the items")
                j = i + below(size - i)
                items[i], items[j] = items[j], items[i]
            return
        s = self._state
        try:
            for i in range(start, start + count):
                n = size - i
                if n <= 1:
                    if n == 1:
                        continue  # ``below(1)`` is 0 and draws nothing
                    raise ValueError("shuffle_from() past the end of the items")
                limit = _LIMITS[n] if n < 257 else _SPAN - _SPAN % n
                while True:
                    s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                    z ^= z >> 31
                    if z < limit:
                        break
                j = i + z % n
                items[i], items[j] = items[j], items[i]
        finally:
            self._state = s

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def fork(self, *streams: int) -> Rng:
        """An independent generator derived from this one's current state and ``streams``."""
        return Rng(self.state, *streams)
