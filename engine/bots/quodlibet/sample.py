"""The ``hard`` Quodlibet player's sampler: complete game states consistent with one seat's
view (``SearchModel.sample`` of ``engine/bots/search.py``). Only the view goes in, so the
search cannot peek; two games that look the same to the seat give the same samples.

What the view reveals, and how each phase is sampled (every unseen card is equally likely
to be anywhere the view allows, see ``engine/bots/assign.py``):

* Choosing (QL-5): the dealer knows only their own hand; the other 24 cards are dealt 8 to
  each of the others.
* Trick contracts (QL-7): the viewer's hand, the cards played in this deal (the public log
  shows every card), and the hands lying face up: Good Hunting (QL-18) shows all, so nothing
  is left to chance. A player who did not follow the suit led holds none of that suit for
  the rest of the deal, since hands never grow; the sampler deals them none. In Open
  Trousers (QL-17) nobody has to follow, so nothing is inferred, but the viewer sees the
  other three hands (in their current order): the viewer's *own* cards are the unseen ones,
  dealt in a random order into its positions.
* Snack (QL-20..QL-23): see ``snack_sample.py`` (what takes and passes say).

The world is built by the game (``worlds(view).world``, which checks it against the view)
as a playout world, so its ``to_act`` and ``legal_actions()`` are the view's, its
``view(seat)`` equals the original one, and it halts when the deal is scored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...cards import SUITS, french_deck, suit_of
from ...games.quodlibet import CODE_BIT, Quodlibet, contract_for, mask_of, plays_in_log
from ...games.quodlibet.worlds import DealPlayout, worlds
from ...rng import Rng
from ...tricks import Play
from ...views import seat_of
from ..assign import Assignment, Group
from .snack_sample import SnackPlan, build_snack
from .world import PLAYERS, View, own_hand, playing_contract

DECK = tuple(french_deck())


# --- what the view says, worked out once per decision ------------------------------------


@dataclass
class TrickPlan:
    """A choosing step or a trick contract, as the viewer knows it."""

    known: list[list[str] | None]
    """Per seat: the cards the viewer sees in that hand (in order), None if unseen."""
    unseen_seats: list[int]
    assignment: Assignment
    plays: list[Play]
    """This deal's cards so far, in play order."""
    blind: bool
    """Open Trousers: the viewer's own positions are what is unseen."""
    world: Callable[[Sequence[Sequence[str]]], Quodlibet]
    """The game's world of an assignment for this view (``worlds(view).world``)."""
    playouts: Callable[[Sequence[Sequence[str]]], DealPlayout]
    """The game's playouts of the rest of the deal for this view
    (``worlds(view).playout``)."""
    by_mask: Callable[[Sequence[int]], DealPlayout] | None
    """The same from hands as masks (``worlds(view).mask_playout``), in a trick deal
    played by sight: ``sample_playout`` then deals masks (``Assignment.sample_sums``, the
    same draws) and lists no cards. None while choosing and in Open Trousers, where the
    order of a hand is part of the world."""
    known_masks: list[int]
    """Per seat, the mask (``card_bits``) of the cards the viewer sees in that hand."""


Plan = TrickPlan | SnackPlan


class _PlanCache:
    """The plan of the view being searched: the search samples hundreds of worlds from the
    same view object, and working out voids and counts once is most of a sample's cost."""

    def __init__(self) -> None:
        self.view: View | None = None
        self.plan: Plan | None = None

    def get(self, view: View) -> Plan:
        if self.view is not view or self.plan is None:
            self.plan = make_plan(view)
            self.view = view
        return self.plan


_CACHE = _PlanCache()


def sample_state(view: View, rng: Rng) -> Quodlibet:
    """A complete Quodlibet state consistent with ``view`` (the deciding seat's view)."""
    return sample_world(view, rng)()


def sample_world(view: View, rng: Rng) -> Callable[[], Quodlibet]:
    """One draw of the unseen cards for ``view``, as a maker of fresh worlds of that draw:
    the paired search plays each of its candidates in its own copy of the same world."""
    plan = _CACHE.get(view)
    if isinstance(plan, SnackPlan):
        filling = plan.sample(rng)
        return lambda: build_snack(view, plan, filling)
    hands = _sample_hands(plan, rng)
    world = plan.world
    return lambda: world(hands)


def sample_playout(view: View, rng: Rng) -> DealPlayout | None:
    """One draw of the unseen cards for ``view`` (the same draws as ``sample_world``), as
    the game's playout of the rest of the deal in that world (``worlds(view).playout``:
    ``playout(first, policy) -> points``, each call afresh from the same cards); None in
    Snack, whose worlds ``sample_world`` builds."""
    plan = _CACHE.get(view)
    if isinstance(plan, SnackPlan):
        return None
    if plan.by_mask is None:
        return plan.playouts(_sample_hands(plan, rng))
    masks = [*plan.known_masks]
    if plan.unseen_seats:
        for seat, mask in zip(
            plan.unseen_seats, plan.assignment.sample_sums(rng, CODE_BIT), strict=True
        ):
            masks[seat] = mask
    return plan.by_mask(masks)


def make_plan(view: View) -> Plan:
    if view["phase"] == "snack":
        return SnackPlan(view)
    return _trick_plan(view)


# --- choosing and trick contracts ----------------------------------------------------------


def voids(plays: Sequence[Play]) -> list[set[str]]:
    """Per seat, the suits it has shown it lacks by not following the suit led (QL-7)."""
    out: list[set[str]] = [set() for _ in range(PLAYERS)]
    for start in range(0, len(plays), PLAYERS):
        trick = plays[start : start + PLAYERS]
        led = suit_of(trick[0][1])
        for seat, card in trick[1:]:
            if suit_of(card) != led:
                out[seat].add(led)
    return out


def _trick_plan(view: View) -> TrickPlan:
    seat = seat_of(view)
    choosing = view["phase"] == "choose"
    plays = [] if choosing else plays_in_log(view["log"])
    blind = not choosing and contract_for(playing_contract(view)).visibility == "blind"
    known: list[list[str] | None] = list(view["hands"])
    if not blind:
        known[seat] = list(own_hand(view))
    seen = {card for _, card in plays}
    for hand in known:
        seen.update(hand or [])
    unseen_cards = [card for card in DECK if card not in seen]
    unseen_seats = [s for s in range(PLAYERS) if known[s] is None]
    must_follow = not choosing and contract_for(playing_contract(view)).must_follow
    lacking = voids(plays) if must_follow else [set() for _ in range(PLAYERS)]
    groups = [
        Group(
            tuple(card for card in unseen_cards if suit_of(card) == suit),
            tuple(i for i, s in enumerate(unseen_seats) if suit not in lacking[s]),
        )
        for suit in SUITS
    ]
    sizes = [view["hand_sizes"][s] for s in unseen_seats]
    found = worlds(view)
    by_mask = None if choosing or blind else found.mask_playout
    known_masks = [mask_of(hand or ()) for hand in known]
    assignment = Assignment(groups, sizes)
    return TrickPlan(
        known,
        unseen_seats,
        assignment,
        plays,
        blind,
        found.world,
        found.playout,
        by_mask,
        known_masks,
    )


def _sample_hands(plan: TrickPlan, rng: Rng) -> list[list[str]]:
    hands = [list(hand) if hand is not None else [] for hand in plan.known]
    if plan.unseen_seats:
        for seat, cards in zip(plan.unseen_seats, plan.assignment.sample(rng), strict=True):
            hands[seat] = cards
            if plan.blind:  # a slot is filled group by group: its order is not yet random
                rng.shuffle(cards)
    return hands
