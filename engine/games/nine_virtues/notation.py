"""Nine Virtues action notation (RULES.md, "Notation"): ``bid R``, ``swap H C``, ``kill R``
and ``call R``, with ranks 1-10 (PD-2: actions name ranks, never card ids).

Parsing checks the notation only; whether an action is allowed now is the game's business.
Verbs are case-insensitive and ranks may carry leading zeros (``Bid 07``); the canonical text
is lower case with plain numbers (``bid 7``), which is what logs and saves record.
"""

from __future__ import annotations

from typing import NamedTuple

from ...cards import parse_rank
from ...errors import IllegalActionError

ARITY: dict[str, int] = {"bid": 1, "swap": 2, "kill": 1, "call": 1}
"""How many ranks each verb takes."""


class Action(NamedTuple):
    """A parsed action: its verb and its ranks (``swap``: hand rank, then centre rank)."""

    verb: str
    ranks: tuple[int, ...]

    @property
    def text(self) -> str:
        return " ".join([self.verb, *(str(rank) for rank in self.ranks)])


def parse_action(text: str) -> Action:
    """The action ``text`` names, or ``IllegalActionError('malformed', ...)``.

    >>> parse_action("Swap 03 10").text
    'swap 3 10'
    """
    words = text.split()
    if not words:
        raise IllegalActionError("malformed", "nv-empty")
    verb = words[0].lower()
    if verb not in ARITY:
        raise IllegalActionError("malformed", "nv-not-an-action", word=words[0])
    wanted = ARITY[verb]
    if len(words) - 1 != wanted:
        if verb == "swap":
            raise IllegalActionError("malformed", "nv-write-swap")
        raise IllegalActionError("malformed", "nv-write-verb", verb=verb)
    return Action(verb, tuple(parse_rank(word) for word in words[1:]))
