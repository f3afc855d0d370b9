"""Sampling a Snack world (QL-20..QL-23) from one seat's view, for the ``hard`` player.

The viewer knows its own hand, the rows and the size of every hand and pile; the other
cards are in the others' hands or the remaining piles. The public log says more: replayed
over the rows, each ``take`` and ``pass`` shows that at that moment the player held no card
that fitted (QL-22). Such a card can be in their hand now only if it came later, from the
pile they took at that moment or one taken after it; a jack never comes that way (a pile's
jacks are laid out at once) and after a ``pass`` nothing comes at all.

Hence, per player, an "origin check" (``Origins.fits``): their cards — held now, or played
in this deal — must be matched to where they came from: the four dealt cards, then the
non-jack cards of each pile they took, in order, each source filled exactly. A card may
come from the deal unless it fitted at one of their takes before it left their hand, and
from a pile taken at or after its last such take and before it was played. Sources are in
time order and each card allows an interval of them, so earliest-deadline matching decides.

Sampling: the cards that can never be in a player's hand (jacks once they took or passed,
cards that fitted at a pass) are barred outright and the rest dealt uniformly
(``Assignment``); a deal that fails the origin check is drawn again, which keeps the result
uniform over every deal the history allows. A few positions make that rare (a player who
took pile after pile); when the first good deal took more than ``QUICK_ATTEMPTS`` draws,
later samples instead walk from the last good deal by random swaps of two cards between
places, each kept only if the check still holds (a Markov chain whose steady state is the
same uniform choice). If no good deal turns up in ``FIRST_ATTEMPTS`` draws the last draw
is used: it agrees with the view, if not with all of the history.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards import french_deck, rank_of
from ...games.quodlibet import SNACK_HAND_SIZE, Quodlibet, Rows
from ...games.quodlibet.worlds import worlds
from ...rng import Rng
from ...views import seat_of
from ..assign import Assignment, Group
from .world import PLAYERS, View, own_hand

QUICK_ATTEMPTS = 8
FIRST_ATTEMPTS = 400
MIX_STEPS = 12
POOL = -1
"""The slot of the remaining piles, taken together (nothing is known about any of them)."""

Range = tuple[int, int]


@dataclass
class History:
    """One player's takes, passes and plays in this Snack deal."""

    takes: list[tuple[int, frozenset[str], int]] = field(default_factory=list)
    """(log index, cards that fitted just before, non-jack cards the pile held)."""
    plays: list[tuple[int, str]] = field(default_factory=list)
    """(log index, card) of each play."""
    passes: list[frozenset[str]] = field(default_factory=list)
    """Cards that fitted at each pass."""


def histories(log: Sequence[dict[str, Any]]) -> list[History]:
    """Replay this deal's log over empty rows: per seat, what fitted at each take and pass,
    and every play (QL-21, QL-22)."""
    rows = Rows()
    out = [History() for _ in range(PLAYERS)]
    for index, entry in enumerate(log):
        seat = entry["seat"]
        if seat is None:
            continue
        verb, _, arg = str(entry["action"]).partition(" ")
        if verb == "play":
            out[seat].plays.append((index, arg))
            rows.place(arg)
        elif verb == "take":
            jacks: list[str] = entry["jacks"]
            out[seat].takes.append(
                (index, frozenset(rows.next_cards()), entry["cards"] - len(jacks))
            )
            for jack in jacks:
                rows.place(jack)
        elif verb == "pass":
            out[seat].passes.append(frozenset(rows.next_cards()))
    return out


def _range(card: str, history: History, before: int) -> Range | None:
    """Which of the first ``before`` takes (0 = the deal) ``card`` may have come from, as
    an interval of sources; None if none (the card cannot have been in this hand)."""
    latest = max(
        (k for k, (_, fitting, _) in enumerate(history.takes[:before], start=1) if card in fitting),
        default=0,
    )
    last = 0 if rank_of(card) == "J" else before
    return (latest, last) if latest <= last else None


class Origins:
    """The origin check of one player (see the module docstring)."""

    def __init__(self, history: History, unseen: Sequence[str]) -> None:
        takes = history.takes
        self.capacities = [SNACK_HAND_SIZE] + [cards for _, _, cards in takes]
        sources = len(self.capacities)
        self.base = [[0] * sources for _ in range(sources)]
        """Counts of the played cards by (first, last) possible source."""
        self.possible = True
        for index, card in history.plays:
            before = sum(1 for at, _, _ in takes if at < index)
            allowed = _range(card, history, before)
            if allowed is None:
                self.possible = False
            else:
                self.base[allowed[0]][allowed[1]] += 1
        barred = frozenset().union(*history.passes)
        self.held: dict[str, Range | None] = {
            card: None if card in barred else _range(card, history, len(takes)) for card in unseen
        }
        """Per unseen card, its sources if this player holds it now (None: it cannot)."""
        self.trivial = len(takes) == 0
        """No takes: only the dealt cards, so the bars in ``held`` say it all."""

    def fits(self, cards: Sequence[str]) -> bool:
        """Could the player hold exactly ``cards`` now, given the history?"""
        if self.trivial:
            return self.possible and all(self.held[card] is not None for card in cards)
        counts = [row[:] for row in self.base]
        for card in cards:
            allowed = self.held[card]
            if allowed is None:
                return False
            counts[allowed[0]][allowed[1]] += 1
        sources = len(self.capacities)
        pending = [0] * sources  # cards seen so far, by the last source they may use
        for source in range(sources):
            row = counts[source]
            for last in range(source, sources):
                pending[last] += row[last]
            need = self.capacities[source]
            for last in range(source, sources):  # earliest deadline first
                if need == 0:
                    break
                used = min(need, pending[last])
                pending[last] -= used
                need -= used
            if need or pending[source]:
                return False
        return True


class SnackPlan:
    """What the view says about the unseen cards of a Snack deal, worked out once per
    decision, and the state of the sampler's walk (see the module docstring)."""

    def __init__(self, view: View) -> None:
        seat = seat_of(view)
        seen = set(own_hand(view)) | set(Rows.from_view(view["rows"]).on_table())
        unseen = [card for card in french_deck() if card not in seen]
        past = histories(view["log"])
        others = [s for s in range(PLAYERS) if s != seat and view["hand_sizes"][s] > 0]
        pile_cards = sum(view["piles"])
        self.slots: list[int] = others + ([POOL] if pile_cards else [])
        sizes = [view["hand_sizes"][s] for s in others] + ([pile_cards] if pile_cards else [])
        self.origins = {s: Origins(past[s], unseen) for s in others}
        self.allowed: dict[str, frozenset[int]] = {
            card: frozenset(
                i
                for i, s in enumerate(self.slots)
                if s == POOL or self.origins[s].held[card] is not None
            )
            for card in unseen
        }
        by_allowed: dict[tuple[int, ...], list[str]] = {}
        for card in unseen:
            by_allowed.setdefault(tuple(sorted(self.allowed[card])), []).append(card)
        groups = [Group(tuple(cards), allowed) for allowed, cards in sorted(by_allowed.items())]
        self.assignment = Assignment(groups, sizes)
        self.walk: list[list[str]] | None = None
        """The last good deal, once drawing them has proved slow."""

    def good(self, filling: Sequence[Sequence[str]], slots: Sequence[int] = ()) -> bool:
        """Does ``filling`` pass the origin check (of the given slots only, if any)?"""
        check = slots or range(len(self.slots))
        return all(
            self.slots[i] == POOL or self.origins[self.slots[i]].fits(filling[i]) for i in check
        )

    def sample(self, rng: Rng) -> list[list[str]]:
        """The cards of each slot, in slot order."""
        if self.walk is not None:
            self._mix(rng)
            return [list(cards) for cards in self.walk]
        filling: list[list[str]] = []
        for attempt in range(FIRST_ATTEMPTS):
            filling = self.assignment.sample(rng)
            if self.good(filling):
                if attempt >= QUICK_ATTEMPTS:
                    self.walk = [list(cards) for cards in filling]
                return filling
        return filling

    def _mix(self, rng: Rng) -> None:
        """``MIX_STEPS`` swap proposals on the walk: swap two cards between two slots when
        both may go to their new slot and the check still holds there."""
        walk = self.walk
        assert walk is not None
        where = [(slot, i) for slot, cards in enumerate(walk) for i in range(len(cards))]
        for _ in range(MIX_STEPS):
            a_slot, a_index = where[rng.below(len(where))]
            b_slot, b_index = where[rng.below(len(where))]
            if a_slot == b_slot:
                continue
            a, b = walk[a_slot][a_index], walk[b_slot][b_index]
            if b_slot not in self.allowed[a] or a_slot not in self.allowed[b]:
                continue
            walk[a_slot][a_index], walk[b_slot][b_index] = b, a
            if not self.good(walk, (a_slot, b_slot)):
                walk[a_slot][a_index], walk[b_slot][b_index] = a, b


def build_snack(view: View, plan: SnackPlan, filling: Sequence[Sequence[str]]) -> Quodlibet:
    """The world of ``filling``: the viewer's hand, the others' as sampled, the remaining
    piles cut from the pool in order; the game builds it (``worlds(view).world``) with the
    rows, exits and scores the view shows."""
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    hands[seat_of(view)] = list(own_hand(view))
    pool: Sequence[str] = []
    for s, cards in zip(plan.slots, filling, strict=True):
        if s == POOL:
            pool = cards
        else:
            hands[s] = list(cards)
    piles: list[list[str]] = []
    start = 0
    for size in view["piles"]:
        piles.append(list(pool[start : start + size]))
        start += size
    return worlds(view).world(hands, piles)
