"""The ``hard`` Quodlibet player's worlds weighted by what the seats' plays say (issue 12's
"better-weighted worlds"): ``sample.py``'s uniform deal, with the cards each seat's
earlier plays say it does not hold barred from it.

In a trick-avoiding (``lose``) trick (``normal.mode_for``), a good player does two things
the public log shows, and ``normal``, ``flat`` and ``hard`` all do them (``normal`` by
rule, the searches because their rollouts do and ducking pays):

* **Ducking** (QL-7): a seat that follows suit with a card *over* the trick's winner held
  no card of that suit under it (else it would have ducked): it holds none of them now.
* **Shedding** when void: a seat that discards a card in Queens and Jacks (QL-15), Red
  Ruffians (QL-12) or No Hearts (QL-14) sheds its most costly penalty card first
  (``normal.penalty``); having discarded one of cost ``c`` (0 for a card that costs
  nothing), it holds no card that costs more than ``c``.

These are read from the view alone (its log: every play shows its card), so two games that
look the same to the seat get the same worlds. They are a model of the other players, not
a rule of the game: a seat may break them, and then the true deal is among the worlds no
more. When the bars leave no deal at all (a seat broke them so that the counts cannot fit),
the plain uniform deal of ``sample.py`` is used. Snack and choosing are ``sample.py``'s.
``flat`` keeps ``sample.py``'s uniform worlds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...cards import french_deck, rank_value, suit_of
from ...games.quodlibet.contracts import TRICK_CONTRACTS
from ...games.quodlibet.contracts.base import TRICKS
from ...games.quodlibet.game import Quodlibet
from ...rng import Rng
from ...tricks import Play
from ..assign import Assignment, Group
from . import sample
from .normal import mode_for, penalty
from .world import PLAYERS, View

DECK = tuple(french_deck())
VALUE = {card: rank_value(card) for card in DECK}
MODES: dict[str, tuple[str, ...]] = {
    name: tuple(mode_for(name, number) for number in range(TRICKS + 2)) for name in TRICK_CONTRACTS
}
COSTS: dict[str, dict[str, int]] = {
    name: {card: penalty(name, card) for card in DECK} for name in TRICK_CONTRACTS
}
SHEDDING = frozenset(name for name, costs in COSTS.items() if any(costs.values()))
"""The contracts with penalty cards to shed (Queens and Jacks, Red Ruffians, No Hearts)."""


def barred(contract: str, plays: Sequence[Play]) -> list[set[str]]:
    """Per seat, the cards its plays in this deal say it does not hold (module docstring)."""
    out: list[set[str]] = [set() for _ in range(PLAYERS)]
    modes = MODES[contract]
    costs = COSTS[contract]
    shedding = contract in SHEDDING
    for start in range(0, len(plays), PLAYERS):
        if modes[start // PLAYERS + 1] != "lose":
            continue
        trick = plays[start : start + PLAYERS]
        led = suit_of(trick[0][1])
        top = VALUE[trick[0][1]]
        for seat, card in trick[1:]:
            if suit_of(card) == led:
                value = VALUE[card]
                if value > top:
                    out[seat].update(c for c in DECK if c[1] == led and VALUE[c] < top)
                    top = value
            elif shedding:
                cost = costs[card]
                out[seat].update(c for c in DECK if costs[c] > cost)
    return out


class _Cache:
    """The plan of the view being searched (as ``sample._PlanCache``)."""

    def __init__(self) -> None:
        self.view: View | None = None
        self.plan: sample.TrickPlan | None = None

    def get(self, view: View) -> sample.TrickPlan:
        if self.view is not view or self.plan is None:
            self.plan = inferred_plan(view)
            self.view = view
        return self.plan


_CACHE = _Cache()


def sample_state(view: View, rng: Rng) -> Quodlibet:
    """A complete state consistent with ``view``, drawn from the inferred worlds."""
    return sample_world(view, rng)()


def sample_world(view: View, rng: Rng) -> Callable[[], Quodlibet]:
    """``sample.sample_world`` on the inferred worlds in trick play (same contract: one draw,
    fresh copies of it)."""
    if view["phase"] != "play" or view["contract"] not in MODES:
        return sample.sample_world(view, rng)
    plan = _CACHE.get(view)
    hands = [list(hand) if hand is not None else [] for hand in plan.known]
    for seat, cards in zip(plan.unseen_seats, plan.assignment.sample(rng), strict=True):
        hands[seat] = cards
    return lambda: Quodlibet.from_view(view, hands)


def inferred_plan(view: View) -> sample.TrickPlan:
    """``sample.make_plan`` with the bars of ``barred`` added to the voids, or the plain
    plan when they leave no deal (or there is nothing to infer)."""
    plain = sample.make_plan(view)
    assert isinstance(plain, sample.TrickPlan)
    if plain.blind or not plain.unseen_seats or not plain.plays:
        return plain
    bars = barred(view["contract"], plain.plays)
    if not any(bars[s] for s in plain.unseen_seats):
        return plain
    lacking = sample.voids(plain.plays)
    seen = {card for _, card in plain.plays}
    for hand in plain.known:
        seen.update(hand or [])
    by_allowed: dict[tuple[int, ...], list[str]] = {}
    for card in DECK:
        if card in seen:
            continue
        allowed = tuple(
            index
            for index, seat in enumerate(plain.unseen_seats)
            if card[1] not in lacking[seat] and card not in bars[seat]
        )
        by_allowed.setdefault(allowed, []).append(card)
    groups = [Group(tuple(cards), allowed) for allowed, cards in by_allowed.items()]
    sizes = [view["hand_sizes"][s] for s in plain.unseen_seats]
    assignment = Assignment(groups, sizes)
    if assignment.ways == 0:
        return plain
    return sample.TrickPlan(plain.known, plain.unseen_seats, assignment, plain.plays, False)
