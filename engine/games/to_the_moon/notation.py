"""To the Moon's action notation (RULES.md, "Notation"; PD-2: actions name ranks).

``build R`` · ``test`` · ``withdraw`` (the trick holds one card) · ``withdraw R`` (take the R).
Verbs are case-insensitive; ranks are written as digits 1-10. The canonical form is lower
case with single spaces, e.g. ``"build 7"``.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...cards import parse_rank
from ...errors import IllegalActionError


def parse_action(text: str) -> str:
    """The canonical form of ``text`` or ``IllegalActionError('malformed', ...)``.

    >>> parse_action("Build  07")
    'build 7'
    >>> parse_action("WITHDRAW")
    'withdraw'
    """
    words = text.lower().split()
    if not words:
        raise IllegalActionError("malformed", "tm-empty")
    verb, args = words[0], words[1:]
    if verb == "build":
        if len(args) != 1:
            raise IllegalActionError("malformed", "tm-build-one-rank")
        return f"build {parse_rank(args[0])}"
    if verb == "test":
        if args:
            raise IllegalActionError("malformed", "tm-test-no-rank")
        return "test"
    if verb == "withdraw":
        if len(args) > 1:
            raise IllegalActionError("malformed", "tm-withdraw-one-rank")
        return f"withdraw {parse_rank(args[0])}" if args else "withdraw"
    raise IllegalActionError("malformed", "tm-not-an-action", text=text)


def split_action(action: str) -> tuple[str, int | None]:
    """``"build 7"`` -> ``("build", 7)``; ``"test"`` -> ``("test", None)`` (canonical input)."""
    verb, _, rank = action.partition(" ")
    return verb, int(rank) if rank else None


BUILD_VERB, TEST_VERB, WITHDRAW_VERB = 0, 1, 2
"""Verb codes of ``ACTIONS``."""
BUILD = tuple(f"build {rank}" for rank in range(11))
WITHDRAW = tuple(f"withdraw {rank}" for rank in range(11))
"""Canonical action texts by rank (index 0 unused), made once: games and their playouts
play thousands."""
BIT = (0, *(1 << (10 - rank) for rank in range(1, 11)))
"""``BIT[r]``: rank ``r``'s bit in a rank mask (a set of ranks as an int): ``1 << (10 - r)``,
so that the masks of the common high ranks are small numbers, which CPython keeps ready
made (up to 256): a playout makes thousands of masks. ``BIT[0]`` is 0."""

ACTIONS: dict[str, tuple[int, int, int]] = {
    "test": (TEST_VERB, 0, 0),
    "withdraw": (WITHDRAW_VERB, 0, 0),
    **{BUILD[rank]: (BUILD_VERB, rank, BIT[rank]) for rank in range(1, 11)},
    **{WITHDRAW[rank]: (WITHDRAW_VERB, rank, BIT[rank]) for rank in range(1, 11)},
}
"""Every canonical action -> (verb code, rank or 0, the rank's bit or 0): ``split_action``
without the parsing."""

_ranks_of: list[tuple[int, ...]] = [()]
for _bit in range(10):  # masks below ``1 << _bit`` hold only ranks above ``10 - _bit``
    _ranks_of += [(10 - _bit, *ranks) for ranks in _ranks_of]
RANKS_OF = tuple(_ranks_of)
"""The ranks of a rank mask, lowest first (``RANKS_OF[mask]``): a rank set looped over
without testing ten bits."""
assert all(RANKS_OF[mask] == tuple(r for r in range(1, 11) if mask & BIT[r]) for mask in (5, 1023))

TEST_MOVE = 0
WITHDRAW_NONE = -11
"""Move codes of a playout (``worlds.Worlds.playout``): ``build R`` is ``R``, ``test``
``TEST_MOVE`` (0), ``withdraw R`` ``-R`` and bare ``withdraw`` ``WITHDRAW_NONE``."""
MOVE_CODE: dict[str, int] = {
    "test": TEST_MOVE,
    "withdraw": WITHDRAW_NONE,
    **{BUILD[rank]: rank for rank in range(1, 11)},
    **{WITHDRAW[rank]: -rank for rank in range(1, 11)},
}
"""Every canonical action -> its move code."""
MOVE_TEXT: dict[int, str] = {code: action for action, code in MOVE_CODE.items()}
"""Every move code -> its canonical action."""


def rank_mask(ranks: Iterable[int]) -> int:
    """The set of ``ranks`` as a bit mask."""
    mask = 0
    for rank in ranks:
        mask |= BIT[rank]
    return mask


def rank_counts(ranks: Iterable[int]) -> list[int]:
    """How many of ``ranks`` there are of each rank, by rank (index 0 unused)."""
    counts = [0] * 11
    for rank in ranks:
        counts[rank] += 1
    return counts


def build_actions(ranks: int) -> list[str]:
    """``build R`` for every rank in the mask ``ranks``, sorted (the game keeps one list per
    mask: ``ToTheMoon.legal_actions``)."""
    return sorted(BUILD[r] for r in RANKS_OF[ranks])


def other_actions(trick_ranks: int, deck: bool) -> list[str]:
    """The legal actions other than builds, sorted, for a countdown holding the ranks of the
    mask ``trick_ranks`` (not empty) and a deck that is or is not empty (TM-7): ``test``,
    then bare ``withdraw`` on a one-card countdown, else ``withdraw R`` for each of its ranks
    (the game keeps one list per mask and deck: ``ToTheMoon.legal_actions``)."""
    ranks = RANKS_OF[trick_ranks]
    withdraws = ["withdraw"] if len(ranks) == 1 else sorted(WITHDRAW[r] for r in ranks)
    return (["test"] if deck else []) + withdraws
