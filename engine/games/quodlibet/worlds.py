"""Quodlibet's worlds for search (OpenSpiel's ``resample_from_infostate``): the full state
of a deal from one seat's view plus an assignment of the cards that seat cannot see, checked
against what the view shows, and a search's playouts of the rest of a trick deal.

One entry point, ``worlds(view)``: it checks the view and returns its ``Worlds`` (what the
view alone says is worked out once, when first needed), which every computer player uses:

* ``world(hands, piles=None)``: a ``Quodlibet`` whose own ``view(viewer)`` equals ``view``
  (any phase: the dealer choosing, a trick deal, Snack);
* ``playout(hands)``: the rest of a trick deal (or the choice and the deal after it) from
  the same assignment, played without a game object: the deal's ``TrickPlay``
  (``trick_play``), played to its end in one call;
* ``mask_playout(masks)``: the same with every hand given as a mask of card ints.

The world is built here, not by a bot, because which assignments fit a view is a rules
question (QL-7: a suit not followed is a void; QL-17, QL-18: the hands a seat sees).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ...cards import SUIT_NAMES, sort_cards, suit_of
from ...errors import WorldError
from ...game import JSON
from ...rng import Rng
from ...tricks import next_seat
from ...worlds import ViewWorlds
from .card_bits import INDEX, SUIT_MASK, SUIT_ORDER, mask_of
from .contracts import contract_for
from .game import DECK, PLAYERS, Quodlibet
from .snack import SnackDeal
from .trick_play import PositionPolicy, TrickPlay, TrickPolicy
from .tricks_deal import TricksDeal, plays_in_log


@dataclass
class WorldFacts:
    """What one seat's view of a deal says that every world built from it shares (see
    ``Worlds.world``), worked out once per view."""

    view: Mapping[str, JSON]
    """The view itself: facts are reused for the same view object only."""
    playout: bool
    log_length: int
    to_act: int | None
    state: dict[str, Any]
    """A world's attributes before the hidden cards are placed."""
    containers: tuple[str, ...]
    """The attributes of ``state`` a world may change in place (lists, dicts but those of
    ``NOT_EDITED``): copied per world."""
    shared: tuple[tuple[str, Any], ...]
    """The other attributes of ``state`` with their values, shared by every world (but
    ``rng`` and ``dealt``, which each world sets anew)."""
    hand_cards: int
    unplayed: frozenset[str]
    """The cards in hand, all seats together (the deck less this deal's plays)."""
    seen: list[tuple[int, list[str], bool]]
    """``(seat, cards, own)`` for every hand the viewer sees: as ``hand`` shows it when
    ``own`` (sorted), else in the order it is held."""
    voids: list[tuple[int, str]]
    """``(seat, suit)`` for every suit a seat has shown void in (QL-7), first shown first."""
    played_by: list[list[str]]
    """Per seat, the cards it played in this deal, in order."""
    deal: TricksDeal | None
    """The deal resumed from the view's plays with no cards in hand (None: choosing)."""
    to_act_agrees: bool
    hand_masks: Callable[[Sequence[Sequence[str]]], list[int]] = field(init=False)
    """The check of a world's cards against these facts, as card masks
    (``_hand_masks``), made with them."""
    mask_check: Callable[[Sequence[int]], list[int]] = field(init=False)
    """The same checks of a world's cards given as masks (``_mask_check``)."""


NOT_EDITED = frozenset({"options", "practice", "_winners", "dealt"})
"""Attributes of a game only ever replaced, never edited in place: a world built from a
view shares them with the view's facts (``dealt`` is a world's own anyway)."""

_new = object.__new__

DealPlayout = Callable[[str, "TrickPolicy | PositionPolicy"], list[int]]
"""``playout(first, policy) -> points``: one playout of a deal (``Worlds.playout``)."""


def _by_position(held: list[list[int]], position: PositionPolicy) -> TrickPolicy:
    """A ``TrickPolicy`` that plays the card at ``position``'s position of the hand as held
    (``held``, which it keeps up to date: ``TrickPlay.play`` plays every card with more
    than one to choose from through it, and the last trick's cards, one per hand, after
    which ``held`` is not read again)."""

    def choose(
        seat: int, legal: int, hand: int, hands: list[int], length: int, winning: int, number: int
    ) -> int:
        order = held[seat]
        return order.pop(position(len(order)))

    return choose


class DealPlay:
    """What one view of a trick deal in play says for its playouts, worked out once: the
    deal's state (``state``: its plays, with no cards in hand) and each seat's cards played
    (``played``)."""

    def __init__(self, deal: TricksDeal) -> None:
        self.rules = deal.rules
        self.state = deal.state
        self.played = deal.dealt  # the view's deal holds no cards: its cards are played

    def dealt(self, masks: Sequence[int]) -> list[int]:
        """Each seat's cards this deal (``Contract.deal_points``' ``dealt``), with ``masks``
        its cards now."""
        return [*map(int.__or__, masks, self.played)]


class Worlds(ViewWorlds):
    """The worlds of one seat's view of a deal in play (``worlds(view)``)."""

    GAME = Quodlibet

    @cached_property
    def _facts(self) -> WorldFacts:
        """What the view says that every world of it shares, worked out once."""
        return _work_out_facts(self.view, self.playout_worlds)

    def world(
        self, hands: Sequence[Sequence[str]], piles: Sequence[Sequence[str]] | None = None
    ) -> Quodlibet:
        """The full state that the view (a seat's view of a deal in play) shows, with the
        cards the viewer cannot see placed: ``hands`` every seat's cards now (while the
        dealer chooses, the hands as dealt; in Open Trousers the viewer's own hand in the
        order it is held, QL-17) and, in Snack, ``piles`` the six piles' cards (a taken pile
        empty). Everything public, the turn, the totals, the score sheet and this deal's
        log are the view's, so the world's ``view(viewer)`` equals ``view``.

        ``WorldError`` unless the assignment fits the view: the hand sizes are the view's,
        every hand the viewer sees is as it sees it, the 32 cards are each in exactly one
        place (hands, this deal's plays, Snack's piles and rows), and in a contract that
        must follow suit no seat holds a suit it has shown void in (QL-7). (In Snack, what
        takes and passes say about hands, QL-22, is left to the caller.) With ``playout``
        (``worlds``'s default) the world is for a search's playouts (``Game.in_playout``): it halts
        once this deal is scored and keeps no log.

        A search builds hundreds of worlds from one view, so what the view alone says (the
        plays, the voids, the hands it shows, the deal resumed) is worked out once per view
        object (``WorldFacts``) and each world's own cards are checked against it: build
        worlds from a view that is not edited afterwards (a changed view is a new dict)."""
        view = self.view
        if len(hands) != PLAYERS or list(map(len, hands)) != list(view["hand_sizes"]):
            raise WorldError("world-hand-sizes")
        if view["phase"] == "snack":
            return _snack_world(view, hands, piles, self.playout_worlds)
        if piles is not None:
            raise WorldError("world-piles-not-snack")
        facts = self._facts
        facts.hand_masks(hands)  # every check of the cards but one:
        blind = facts.deal is not None and facts.deal.blind
        for other, seen, own in facts.seen:  # another hand seen, in the order it is seen
            if not (own or blind) and list(hands[other]) != seen:
                raise WorldError("world-seen-hand", seat=other)
        game: Quodlibet = Quodlibet.__new__(Quodlibet)
        # Attribute by attribute, never through ``game.__dict__``: an instance whose dict
        # has been asked for keeps a dict of its own, and every attribute read of it then
        # costs about a tenth of a microsecond more (CPython 3.11), a dozen a card.
        for name, value in facts.shared:
            setattr(game, name, value)
        state = facts.state
        for name in facts.containers:  # what a world changes is its own
            setattr(game, name, state[name].copy())
        game.rng = rng = _new(Rng)  # ``Rng(0)`` without the call of its ``__init__``
        rng.state = 0
        pattern = facts.deal
        if pattern is None:  # the dealer is choosing: the hands as dealt
            game.dealt = [list(hand) for hand in hands]
            return game
        game.dealt = [[*hand, *cards] for hand, cards in zip(hands, facts.played_by, strict=True)]
        game.deal = pattern.with_hands(hands)  # held sorted (QL-7), but in Open Trousers
        return game

    @cached_property
    def playout(self) -> Callable[[Sequence[Sequence[str]]], DealPlayout]:
        """A search's playouts of the rest of this deal, for one view and many assignments
        of the cards it does not show: a trick contract in play (QL-7) or the dealer's
        choice before it (QL-5). ``playout(hands)`` checks ``hands`` (every seat's cards, as
        for ``world``: the same ``WorldError``) and returns ``playout(first, policy)``,
        which plays the legal action ``first`` for the seat to act (``choose NAME``, ``play
        CARD`` or ``play @i``: nothing is checked again), then lets ``policy`` choose every
        card with more than one to choose from, to the end of the deal, and returns each
        seat's points for the deal (QL-8). ``policy`` is a ``trick_play.TrickPolicy``,
        which sees hands as masks of card ints (``card_bits``), but in Open Trousers
        (QL-17), where it is a ``trick_play.PositionPolicy`` (a position of the hand as
        held: the contract chosen is ``first``'s, so its caller knows which to give).

        The same deal as ``world(hands)`` played with ``apply`` to its
        end (Open Trousers' reshuffle after a choice, QL-17, is the world's: a generator
        of seed 0), with the same points on its score sheet, without a game object: the
        deal's own play, the view's ``TrickPlay`` redealt with these cards and played by
        one call of ``TrickPlay.play``. Every playout starts afresh from ``hands``: a paired
        search plays each of its candidates in the same world. Snack (QL-20) is played in
        worlds from ``world``: ``WorldError("world-snack-playout")``."""
        view = self.view
        if view["phase"] == "snack":
            raise WorldError("world-snack-playout")
        facts = self._facts
        masks_of = facts.hand_masks
        if facts.deal is None:
            options = facts.state["options"]
            plus_austrian: bool = options["plus_austrian"]
            dealer: int = view["dealer"]
            leader = dealer if options["dealer_leads"] else next_seat(dealer, PLAYERS)

            def dealt(hands: Sequence[Sequence[str]]) -> DealPlayout:
                masks = masks_of(hands)
                as_dealt = [list(hand) for hand in hands]

                def chosen(first: str, policy: TrickPolicy | PositionPolicy) -> list[int]:
                    rules = contract_for(first.removeprefix("choose "), plus_austrian=plus_austrian)
                    state = TrickPlay([*masks], leader, rules.must_follow)
                    if rules.visibility == "blind":  # QL-17, as ``_begin`` reshuffles
                        shuffle = Rng(0).shuffled
                        held = [[INDEX[card] for card in shuffle(hand)] for hand in as_dealt]
                        position: PositionPolicy = policy  # type: ignore[assignment]
                        card = held[leader].pop(position(len(held[leader])))
                        state.play(card, _by_position(held, position))
                    else:
                        choose: TrickPolicy = policy  # type: ignore[assignment]
                        hand = masks[leader]
                        state.play(choose(leader, hand, hand, state.hands, 0, -1, 1), choose)
                    return rules.deal_points(state.cards, state.winners, masks)

                return chosen

            return dealt
        deal = facts.deal
        rules, blind = deal.rules, deal.blind
        play = DealPlay(deal)
        seat: int = view["to_act"]

        def world(hands: Sequence[Sequence[str]]) -> DealPlayout:
            masks = masks_of(hands)
            if blind:  # QL-17: positions of the hands as held
                order = [[INDEX[card] for card in hand] for hand in hands]
                start = play.state
                dealt = play.dealt(masks)

                def by_position(first: str, policy: TrickPolicy | PositionPolicy) -> list[int]:
                    held = [*map(list.copy, order)]
                    card = held[seat].pop(int(first[6:]))  # ``play @i``
                    state = start.redealt([*masks])
                    state.play(card, _by_position(held, policy))  # type: ignore[arg-type]
                    return rules.deal_points(state.cards, state.winners, dealt)

                return by_position
            return _played_from(play, masks)

        return world

    @cached_property
    def mask_playout(self) -> Callable[[Sequence[int]], DealPlayout]:
        """``playout``'s playouts with every seat's cards given as a mask of card ints
        (``card_bits``) rather than listed: for a trick deal in play that is not played by
        position (QL-17: there the order held is part of the world, and so while the dealer
        chooses, as Open Trousers deals the hands as dealt). ``mask_playout(masks)`` checks the
        masks as ``playout`` checks hands (the hand sizes, the 32 cards each
        once, the hands the viewer sees, the voids shown: the same ``WorldError``s) and
        returns the same ``playout(first, policy)`` as ``playout(hands)`` for
        the hands of those masks. A search whose sampler deals masks (``Assignment.
        sample_sums``) builds no list of cards per world. Other views:
        ``WorldError("world-not-by-mask")``."""
        view = self.view
        if view["phase"] != "play":
            raise WorldError("world-not-by-mask")
        facts = self._facts
        deal = facts.deal
        if deal is None or deal.blind:
            raise WorldError("world-not-by-mask")
        check = facts.mask_check
        play = DealPlay(deal)

        def world(masks: Sequence[int]) -> DealPlayout:
            return _played_from(play, check(masks))

        return world


def worlds(view: Mapping[str, JSON], *, playout: bool = True) -> Worlds:
    """The worlds of ``view`` (a seat's view of a deal in play): ``WorldError`` unless it
    is one. A search builds hundreds of worlds from one view, so they are read once per
    view object: build worlds from a view that is not edited afterwards (a changed view is
    a new dict)."""
    return Worlds.of(view, playout=playout)


def _played_from(play: DealPlay, masks: list[int]) -> DealPlayout:
    """``playout(first, policy)`` of a trick deal played by sight from ``masks``."""
    rules = play.rules
    start = play.state
    dealt = play.dealt(masks)

    def playout(first: str, policy: TrickPolicy | PositionPolicy) -> list[int]:
        state = start.redealt([*masks])
        state.play(INDEX[first[5:]], policy)  # type: ignore[arg-type]  # ``play CARD``
        return rules.deal_points(state.cards, state.winners, dealt)

    return playout


def _hand_masks(facts: WorldFacts) -> Callable[[Sequence[Sequence[str]]], list[int]]:
    """``masks(hands)``: ``hands`` checked against the view of ``facts``
    (``WorldFacts.hand_masks``: ``world``'s checks, the same ``WorldError``), as
    masks of card ints (``card_bits``): the hand sizes, the 32 cards each once, then
    ``mask_check``'s checks, and in Open Trousers (QL-17), where the order held is
    what is seen, the order of each hand the viewer sees."""
    sizes = list(facts.view["hand_sizes"])
    blind = facts.deal is not None and facts.deal.blind
    seen_lists = [(other, cards) for other, cards, _ in facts.seen]
    check = facts.mask_check

    def masks(hands: Sequence[Sequence[str]]) -> list[int]:
        if len(hands) != PLAYERS or list(map(len, hands)) != sizes:
            raise WorldError("world-hand-sizes")
        try:
            found = list(map(mask_of, hands))
        except KeyError:  # not a card code
            raise WorldError("world-not-the-deck", count=32) from None
        if [mask.bit_count() for mask in found] != sizes:  # a card given twice
            raise WorldError("world-not-the-deck", count=32)
        check(found)
        if blind:
            for other, order in seen_lists:
                if list(hands[other]) != order:
                    raise WorldError("world-seen-hand", seat=other)
        return found

    return masks


def _mask_check(facts: WorldFacts) -> Callable[[Sequence[int]], list[int]]:
    """``check(masks)``: every seat's cards as masks of card ints (``card_bits``)
    checked against the view of ``facts`` and returned as a new list: the hand sizes,
    the unplayed cards each in one hand, the hands the viewer sees (as sets of cards),
    the voids shown (QL-7) and the seat to act (``WorldFacts.mask_check``)."""
    sizes = list(facts.view["hand_sizes"])
    unplayed = mask_of(facts.unplayed)
    seen_masks = [(other, mask_of(cards)) for other, cards, _ in facts.seen]
    voids = [(who, led, SUIT_MASK[SUIT_ORDER.index(led)]) for who, led in facts.voids]
    to_act_agrees = facts.to_act_agrees

    def check(masks: Sequence[int]) -> list[int]:
        found = [*masks]
        if len(found) != PLAYERS or [mask.bit_count() for mask in found] != sizes:
            raise WorldError("world-hand-sizes")
        if found[0] | found[1] | found[2] | found[3] != unplayed:
            raise WorldError("world-not-the-deck", count=32)
        for other, cards in seen_masks:
            if found[other] != cards:
                raise WorldError("world-seen-hand", seat=other)
        for who, led, suit in voids:
            if found[who] & suit:
                raise WorldError("world-void", seat=who, suit=SUIT_NAMES[led])
        if not to_act_agrees:
            raise WorldError("world-to-act")
        return found

    return check


def _work_out_facts(view: Mapping[str, JSON], playout: bool) -> WorldFacts:
    seat: int = view["seat"]
    phase: str = view["phase"]
    game = Quodlibet.world_from_view(view, playout=playout)
    _public_state_from_view(game, view)
    plays = [] if phase == "choose" else plays_in_log(view["log"])
    seen_hands: list[list[str] | None] = view["hands"]
    seen: list[tuple[int, list[str], bool]] = []
    for other in range(PLAYERS):
        cards = view["hand"] if other == seat else seen_hands[other]
        if cards is not None and None not in cards:
            seen.append((other, list(cards), other == seat))
    deal: TricksDeal | None = None
    voids: list[tuple[int, str]] = []
    to_act_agrees = True
    if phase != "choose":
        rules = contract_for(view["contract"], plus_austrian=game.options["plus_austrian"])
        if rules.must_follow:  # QL-7: not following shows a void for the rest of the deal
            for start in range(0, len(plays), PLAYERS):
                trick = plays[start : start + PLAYERS]
                led = suit_of(trick[0][1])
                for who, card in trick[1:]:
                    if suit_of(card) != led and (who, led) not in voids:
                        voids.append((who, led))
        try:
            deal = TricksDeal.resume(rules, game.dealer, [[] for _ in range(PLAYERS)],
                                     view["leader"], plays)  # fmt: skip
        except ValueError:  # a card played out of turn
            raise WorldError("world-to-act") from None
        to_act_agrees = deal.to_act == view["to_act"]
    state = dict(game.__dict__)
    containers = tuple(
        name
        for name, value in state.items()
        if isinstance(value, list | dict | set) and name not in NOT_EDITED
    )
    facts = WorldFacts(
        view=view,
        playout=playout,
        log_length=len(view["log"]),
        to_act=view["to_act"],
        state=state,
        containers=containers,
        shared=tuple(
            (name, value)
            for name, value in state.items()
            if name not in containers and name not in ("rng", "dealt")
        ),
        hand_cards=sum(view["hand_sizes"]),
        unplayed=frozenset(DECK) - {card for _, card in plays},
        seen=seen,
        voids=voids,
        played_by=[[card for who, card in plays if who == other] for other in range(PLAYERS)],
        deal=deal,
        to_act_agrees=to_act_agrees,
    )
    facts.mask_check = _mask_check(facts)
    facts.hand_masks = _hand_masks(facts)
    return facts


def _public_state_from_view(game: Quodlibet, view: Mapping[str, JSON]) -> None:
    """The structure's state a view shows: contracts played, contract, dealer."""
    game.practice = game.options["contracts"]
    game.played = [entry["detail"]["contract"] for entry in view["score_sheet"]]
    game.contract = view["contract"]
    game.dealer = view["dealer"]
    game.dealt = []
    game.deal = None


def _snack_world(
    view: Mapping[str, JSON],
    hands: Sequence[Sequence[str]],
    piles: Sequence[Sequence[str]] | None,
    playout: bool,
) -> Quodlibet:
    game = Quodlibet.world_from_view(view, playout=playout)
    _public_state_from_view(game, view)
    if piles is None:
        raise WorldError("world-no-piles")
    deal = SnackDeal.from_view(view, hands, piles, checks=not playout)
    if sort_cards(deal.hand(view["seat"])) != view["hand"]:
        raise WorldError("world-own-hand")
    game.deal = deal
    return game
