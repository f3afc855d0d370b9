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


RANKS_AS_TEXT: tuple[int, ...] = tuple(sorted(range(1, 11), key=str))
"""The ranks in the order their notation sorts (1, 10, 2, ..., 9): listing actions rank by
rank in this order lists them sorted as text, with no sort at all."""

BIDS: tuple[str, ...] = tuple(f"bid {rank}" for rank in range(11))
"""``BIDS[r]`` is ``"bid r"`` (index 0 unused); likewise ``KILLS`` and ``CALLS``."""
KILLS: tuple[str, ...] = tuple(f"kill {rank}" for rank in range(11))
CALLS: tuple[str, ...] = tuple(f"call {rank}" for rank in range(11))
SWAPS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"swap {give} {take}" for take in range(11)) for give in range(11)
)
"""``SWAPS[h][c]`` is ``"swap h c"``."""

CANONICAL: dict[str, Action] = {
    action.text: action
    for action in [
        *(Action(verb, (rank,)) for verb in ("bid", "kill", "call") for rank in range(1, 11)),
        *(Action("swap", (h, c)) for h in range(1, 11) for c in range(1, 11)),
    ]
}
"""Every action's canonical text -> the parsed action: what the game plays is looked up
here instead of parsed again (``parse_action`` gives the same for these texts)."""


ALL_CALLS: tuple[str, ...] = tuple(CALLS[rank] for rank in RANKS_AS_TEXT)
"""The legal actions of the call phase (NV-9), sorted."""


class CentreActions(NamedTuple):
    """The actions a centre offers, each list sorted as text: ``bids`` (never the 1, NV-5),
    ``kills``, and per rank ``h`` in hand ``swaps[h]``, the swaps giving ``h``."""

    bids: tuple[str, ...]
    kills: tuple[str, ...]
    swaps: tuple[tuple[str, ...], ...]
    moves: tuple[str, ...]
    """``bids + kills`` (sorted as text too: every bid sorts before every kill)."""


CENTRES: dict[frozenset[int], CentreActions] = {}
"""``centre_actions`` worked out so far, by set of centre ranks."""
GIVES: dict[frozenset[int], tuple[int, ...]] = {}
"""``gives`` worked out so far, by set of hand ranks."""


def centre_actions(centre: frozenset[int]) -> CentreActions:
    """The actions the centre ranks ``centre`` offer (worked out once per set of ranks:
    there are at most 1,024)."""
    block = CENTRES.get(centre)
    if block is None:
        present = [rank for rank in RANKS_AS_TEXT if rank in centre]
        bids = tuple(BIDS[rank] for rank in present if rank != 1)
        kills = tuple(KILLS[rank] for rank in present)
        block = CENTRES[centre] = CentreActions(
            bids,
            kills,
            tuple(tuple(SWAPS[give][take] for take in present) for give in range(11)),
            bids + kills,
        )
    return block


def gives(hand: frozenset[int]) -> tuple[int, ...]:
    """The ranks of ``hand`` in the order their swaps sort (``RANKS_AS_TEXT``); so the
    legal actions are ``bids + kills + swaps[h] for h in gives(hand)``, sorted as text."""
    order = GIVES.get(hand)
    if order is None:
        order = GIVES[hand] = tuple(rank for rank in RANKS_AS_TEXT if rank in hand)
    return order


def parse_canonical(text: str) -> Action:
    """``parse_action(text)``, looked up for canonical text (what ``legal`` lists)."""
    action = CANONICAL.get(text)
    return action if action is not None else parse_action(text)
