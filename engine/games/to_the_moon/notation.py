"""To the Moon's action notation (RULES.md, "Notation"; PD-2: actions name ranks).

``build R`` · ``test`` · ``withdraw`` (the trick holds one card) · ``withdraw R`` (take the R).
Verbs are case-insensitive; ranks are written as digits 1-10. The canonical form is lower
case with single spaces, e.g. ``"build 7"``.
"""

from __future__ import annotations

from ...cards import parse_rank
from ...errors import IllegalActionError

USAGE = "use 'build R', 'test', 'withdraw' or 'withdraw R' (R a rank 1 to 10)"


def parse_action(text: str) -> str:
    """The canonical form of ``text`` or ``IllegalActionError('malformed', ...)``.

    >>> parse_action("Build  07")
    'build 7'
    >>> parse_action("WITHDRAW")
    'withdraw'
    """
    words = text.lower().split()
    if not words:
        raise IllegalActionError("malformed", f"Empty action: {USAGE}.")
    verb, args = words[0], words[1:]
    if verb == "build":
        if len(args) != 1:
            raise IllegalActionError("malformed", "Build names one rank, e.g. 'build 7'.")
        return f"build {parse_rank(args[0])}"
    if verb == "test":
        if args:
            raise IllegalActionError(
                "malformed", "Test takes no rank: you turn the top card of the deck. Say 'test'."
            )
        return "test"
    if verb == "withdraw":
        if len(args) > 1:
            raise IllegalActionError(
                "malformed", "Withdraw takes at most one rank, e.g. 'withdraw 7'."
            )
        return f"withdraw {parse_rank(args[0])}" if args else "withdraw"
    raise IllegalActionError("malformed", f"'{text}' is not a To the Moon action: {USAGE}.")


def split_action(action: str) -> tuple[str, int | None]:
    """``"build 7"`` -> ``("build", 7)``; ``"test"`` -> ``("test", None)`` (canonical input)."""
    verb, _, rank = action.partition(" ")
    return verb, int(rank) if rank else None
