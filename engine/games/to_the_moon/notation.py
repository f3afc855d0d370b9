"""To the Moon's action notation (RULES.md, "Notation"; PD-2: actions name ranks).

``build R`` · ``test`` · ``withdraw`` (the trick holds one card) · ``withdraw R`` (take the R).
Verbs are case-insensitive; ranks are written as digits 1-10. The canonical form is lower
case with single spaces, e.g. ``"build 7"``.
"""

from __future__ import annotations

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
