"""Quodlibet's structure: the draw for the first dealer, the three wheels of four deals, the
dealer's choice of contract, and the running totals (QL-1..QL-8).

Each deal is played by a ``Deal`` (``deal.py``): ``TricksDeal`` for the eleven trick
contracts, ``SnackDeal`` (``snack.py``) for Snack. This module deals the cards, records every
shuffle with ``_chance``, forwards the players' actions to the deal, and scores it when done.

Decisions where RULES.md is silent, as a careful player would expect:

* The draw for the first dealer (QL-3): each contender draws from a freshly shuffled full
  pack, in seat order; ranks only count (suits are ignored). The draw is public: the log
  announces each seat's rank (``[[seat, "9"], ...]``; the chance record keeps the cards).
  Ties redraw among the tied players only, each redraw from a fresh pack.
* QL-4's "previous dealer" is the dealer of the last deal of the wheel just finished.
* The hands are dealt in one shuffle: seat ``s`` gets cards ``8s..8s+7`` of the shuffled
  pack (Snack: 4 cards each, then the piles, see ``_deal_cards``).
* Open Trousers (QL-17) reshuffles each hand after the choice, from the hand as dealt, and
  records that reshuffle as a chance outcome (``"reshuffle"``).
* The public log holds the current deal only (``Game.public_log`` is per round); a finished
  deal stays on the score sheet as tricks won per seat and the scoring lines, which name
  the cards that scored in words. No card codes appear there: views of later deals hold
  the score sheet, and the same codes then name cards in hidden hands.
* In the choosing step ``leader`` is the seat that will lead the first trick.
* In practice mode ``wheel`` is the wheel of the current contract.
* Phases: ``choose`` (the dealer chooses), ``play`` (a trick contract), ``snack``.
* ``view(None)["hand"]`` is None: an onlooker has no hand of their own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...cards import SUIT_NAMES, french_deck, parse_card, rank_of, rank_value, sort_cards, suit_of
from ...errors import IllegalActionError, WorldError
from ...game import JSON, Game, json_copy
from ...messages import Message, message
from ...registry import register
from ...rng import Rng
from ...tricks import Play, next_seat
from .card_bits import INDEX, SUIT_MASK, SUIT_ORDER, mask_of
from .contracts import (
    CONTRACT_NAMES,
    SNACK,
    WHEELS,
    Contract,
    contract_for,
    wheel_of,
)
from .deal import Deal
from .snack import SnackDeal
from .trick_playout import DealSoFar, PositionPolicy, TrickPolicy, deal_so_far, play_deal
from .tricks_deal import TricksDeal, parse_play, plays_in_log

PLAYERS = 4
HAND_SIZE = 8
DEALS_PER_WHEEL = 4
SNACK_HAND_SIZE = 4
SNACK_PILE_SIZES = (3, 3, 3, 3, 3, 1)
DECK = tuple(french_deck())
SORTED_DECK = sorted(DECK)


CHOICES: tuple[tuple[tuple[str, str], ...], ...] = tuple(
    tuple(sorted((f"choose {name}", name) for name in wheel if name != SNACK)) for wheel in WHEELS
)
"""Per wheel, ``(choose NAME, NAME)`` for the contracts a dealer may choose (QL-5/QL-6),
in the order of the actions: the choosing step's legal list is these less those played."""


def new_snack_deal(dealer: int, hands: list[list[str]], piles: list[list[str]]) -> Deal:
    """A Snack deal (QL-20..QL-23) through the ``Deal`` protocol. It does not check its
    actions again: the game hands it only actions ``Game.apply`` found in ``legal()`` (or,
    in a search's playout world, that the search took from there)."""
    deal = SnackDeal(dealer, hands, piles)
    deal.checks = False
    return deal


def _detail_of(deal: Deal, dealer: int) -> Callable[[], JSON]:
    """The score sheet's detail of a finished deal, made when it is called (the deal is
    done: it stays as it is): the contract, the dealer and the deal's own detail, all new
    objects (a trick deal's are, ``TricksDeal.detail``; a Snack deal's are copied)."""
    copy = not isinstance(deal, TricksDeal)

    def detail() -> JSON:
        made = {"contract": deal.contract, "dealer": dealer, **deal.detail()}
        return json_copy(made) if copy else made

    return detail


def parse_notation(text: str) -> str:
    """Canonical form of any Quodlibet action (RULES.md notation), or ``malformed``."""
    words = text.split(" ")
    verb = words[0].lower()
    if verb == "choose":
        if len(words) == 2 and words[1].lower() in CONTRACT_NAMES:
            return f"choose {words[1].lower()}"
        raise IllegalActionError(
            "malformed",
            "ql-not-a-choice",
            text=text,
            contracts=[name for name in CONTRACT_NAMES if name != SNACK],
        )
    if verb == "take":
        if len(words) == 2 and words[1] in {"1", "2", "3", "4", "5", "6"}:
            return f"take {words[1]}"
        raise IllegalActionError("malformed", "ql-not-a-take", text=text)
    if verb == "pass" and len(words) == 1:
        return "pass"
    if verb == "play":
        return parse_play(text)
    raise IllegalActionError("malformed", "ql-not-an-action", text=text)


def _bad_deal(message_code: str, **params: JSON) -> IllegalActionError:
    return IllegalActionError("bad-deal", message_code, **params)


def _read_cards(value: object, count: int, part: str, **where: int) -> list[str]:
    """``count`` card codes, or ``bad-deal`` with ``ql-deal-<part>-size`` or ``-card``
    (``where``: the seat or pile the cards are for)."""
    if not isinstance(value, list) or len(value) != count:
        raise _bad_deal(f"ql-deal-{part}-size", **where, size=count)
    cards: list[str] = []
    for item in value:
        if not isinstance(item, str):
            raise _bad_deal(f"ql-deal-{part}-card", **where, value=repr(item))
        try:
            cards.append(parse_card(item))
        except IllegalActionError:
            raise _bad_deal(f"ql-deal-{part}-card", **where, value=repr(item)) from None
    return cards


def read_deal_option(deal: object, snack: bool) -> tuple[list[list[str]], list[list[str]] | None]:
    """The ``deal`` option as hands (and Snack piles), or a ``bad-deal`` error (API.md)."""
    if not isinstance(deal, dict):
        raise _bad_deal("ql-deal-not-object")
    unknown = sorted(str(key) for key in deal if key not in ("hands", "piles"))
    if unknown:
        raise _bad_deal("ql-deal-unknown-field", fields=unknown)
    if "hands" not in deal:
        raise _bad_deal("ql-deal-no-hands")
    hand_size = SNACK_HAND_SIZE if snack else HAND_SIZE
    raw_hands = deal["hands"]
    if not isinstance(raw_hands, list) or len(raw_hands) != PLAYERS:
        raise _bad_deal("ql-deal-hands", players=PLAYERS, size=hand_size)
    hands = [_read_cards(hand, hand_size, "hand", seat=seat) for seat, hand in enumerate(raw_hands)]
    piles: list[list[str]] | None = None
    if snack:
        raw_piles = deal.get("piles")
        if not isinstance(raw_piles, list) or len(raw_piles) != len(SNACK_PILE_SIZES):
            raise _bad_deal("ql-deal-no-piles")
        sized = zip(raw_piles, SNACK_PILE_SIZES, strict=True)
        piles = [
            _read_cards(pile, size, "pile", pile=number)
            for number, (pile, size) in enumerate(sized, start=1)
        ]
    elif "piles" in deal:
        raise _bad_deal("ql-deal-piles-not-snack")
    seen: set[str] = set()
    for card in [card for group in hands + (piles or []) for card in group]:
        if card in seen:
            raise _bad_deal("ql-deal-twice", card=card)
        seen.add(card)
    return hands, piles


@dataclass
class WorldFacts:
    """What one seat's view of a deal says that every world built from it shares (see
    ``Quodlibet.from_view``), worked out once per view."""

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
    (``Quodlibet._hand_masks``), made with them."""
    mask_check: Callable[[Sequence[int]], list[int]] = field(init=False)
    """The same checks of a world's cards given as masks (``Quodlibet._mask_check``)."""


NOT_EDITED = frozenset({"options", "practice", "_winners", "dealt"})
"""Attributes of a game only ever replaced, never edited in place: a world built from a
view shares them with the view's facts (``dealt`` is a world's own anyway)."""

_new = object.__new__

DealPlayout = Callable[[str, "TrickPolicy | PositionPolicy"], list[int]]
"""``playout(first, policy) -> points``: one playout of a deal (``Quodlibet.playout_maker``)."""

NOTHING_PLAYED: DealSoFar = deal_so_far((), ())
"""``play_deal``'s deal so far before its first card (never edited)."""

_LAST_FACTS: list[WorldFacts] = []
"""The facts of the last view worlds were built from (one entry at most)."""


@register
class Quodlibet(Game):
    """Quodlibet for exactly four players (RULES.md QL-1..QL-23)."""

    GAME_ID = "quodlibet"
    NAME = "Quodlibet"
    MIN_PLAYERS = PLAYERS
    MAX_PLAYERS = PLAYERS
    DEFAULT_PLAYERS = PLAYERS
    LOW_SCORE_WINS = True
    GAME_OPTIONS: ClassVar[dict[str, JSON]] = {
        "contracts": None,
        "plus_austrian": False,
        "dealer_leads": False,
    }

    # --- options ---------------------------------------------------------------------------

    @classmethod
    def _check_options(cls, options: dict[str, JSON], players: int) -> None:
        contracts = options["contracts"]
        if contracts is not None:
            if not isinstance(contracts, list) or not contracts:
                raise IllegalActionError("bad-option", "ql-contracts-option")
            for name in contracts:
                if not isinstance(name, str) or name not in CONTRACT_NAMES:
                    raise IllegalActionError(
                        "bad-option",
                        "ql-unknown-contract",
                        value=repr(name),
                        contracts=list(CONTRACT_NAMES),
                    )
            repeated = sorted({name for name in contracts if contracts.count(name) > 1})
            if repeated:
                raise IllegalActionError("bad-option", "ql-repeated-contracts", contracts=repeated)
        for flag in ("plus_austrian", "dealer_leads"):
            if not isinstance(options[flag], bool):
                raise IllegalActionError(
                    "bad-option", "ql-flag-option", option=flag, value=repr(options[flag])
                )
        if options["deal"] is not None:
            first_is_snack = contracts is not None and contracts[0] == SNACK
            read_deal_option(options["deal"], first_is_snack)

    # --- worlds built from a view, for search -------------------------------------------------

    @classmethod
    def from_view(
        cls,
        view: Mapping[str, JSON],
        hands: Sequence[Sequence[str]],
        piles: Sequence[Sequence[str]] | None = None,
        *,
        playout: bool = True,
    ) -> Quodlibet:
        """The full state that ``view`` (a seat's view of a deal in play) shows, with the
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
        (the default) the world is for a search's playouts (``Game.in_playout``): it halts
        once this deal is scored and keeps no log.

        A search builds hundreds of worlds from one view, so what the view alone says (the
        plays, the voids, the hands it shows, the deal resumed) is worked out once per view
        object (``WorldFacts``) and each world's own cards are checked against it: build
        worlds from a view that is not edited afterwards (a changed view is a new dict)."""
        cls.check_world_view(view)
        if len(hands) != PLAYERS or list(map(len, hands)) != list(view["hand_sizes"]):
            raise WorldError("world-hand-sizes")
        if view["phase"] == "snack":
            return cls._snack_world(view, hands, piles, playout)
        if piles is not None:
            raise WorldError("world-piles-not-snack")
        facts = cls._world_facts(view, playout)
        facts.hand_masks(hands)  # every check of the cards but one:
        blind = facts.deal is not None and facts.deal.blind
        for other, seen, own in facts.seen:  # another hand seen, in the order it is seen
            if not (own or blind) and list(hands[other]) != seen:
                raise WorldError("world-seen-hand", seat=other)
        game: Quodlibet = cls.__new__(cls)
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

    @classmethod
    def playout_maker(
        cls, view: Mapping[str, JSON]
    ) -> Callable[[Sequence[Sequence[str]]], DealPlayout]:
        """A search's playouts of the rest of this deal, for one view and many assignments
        of the cards it does not show: a trick contract in play (QL-7) or the dealer's
        choice before it (QL-5). ``maker(hands)`` checks ``hands`` (every seat's cards, as
        for ``from_view``: the same ``WorldError``) and returns ``playout(first, policy)``,
        which plays the legal action ``first`` for the seat to act (``choose NAME``, ``play
        CARD`` or ``play @i``: nothing is checked again), then lets ``policy`` choose every
        card with more than one to choose from, to the end of the deal, and returns each
        seat's points for the deal (QL-8). ``policy`` is a ``trick_playout.TrickPolicy``,
        which sees hands as masks of card ints (``card_bits``), but in Open Trousers
        (QL-17), where it is a ``trick_playout.PositionPolicy`` (a position of the hand as
        held: the contract chosen is ``first``'s, so its caller knows which to give).

        The same deal as ``from_view(view, hands)`` played with ``apply`` to its
        end (Open Trousers' reshuffle after a choice, QL-17, is the world's: a generator
        of seed 0), with the same points on its score sheet, without a game object
        (``trick_playout.play_deal``). Every playout starts afresh from ``hands``: a paired
        search plays each of its candidates in the same world. Snack (QL-20) is played in
        worlds from ``from_view``: ``WorldError("world-snack-playout")``."""
        cls.check_world_view(view)
        if view["phase"] == "snack":
            raise WorldError("world-snack-playout")
        facts = cls._world_facts(view, True)
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
                    if rules.visibility == "blind":  # QL-17, as ``_begin`` reshuffles
                        shuffle = Rng(0).shuffled
                        held = [[INDEX[card] for card in shuffle(hand)] for hand in as_dealt]
                        position: PositionPolicy = policy  # type: ignore[assignment]
                        card = held[leader][position(len(held[leader]))]
                        return play_deal(
                            rules, [*masks], held, (), NOTHING_PLAYED, masks, leader, card, policy
                        )
                    own = [*masks]
                    hand = own[leader]
                    choose: TrickPolicy = policy  # type: ignore[assignment]
                    card = choose(leader, hand, hand, own, 0, -1, 1)
                    return play_deal(
                        rules, own, None, (), NOTHING_PLAYED, masks, leader, card, policy
                    )

                return chosen

            return dealt
        deal = facts.deal
        rules, trick, blind = deal.rules, deal.trick, deal.blind
        so_far = deal_so_far(trick, deal.tricks)
        seat: int = view["to_act"]

        def world(hands: Sequence[Sequence[str]]) -> DealPlayout:
            masks = masks_of(hands)
            if blind:  # QL-17: positions of the hands as held
                order = [[INDEX[card] for card in hand] for hand in hands]
                dealt = [*map(int.__or__, masks, so_far[2])]

                def by_position(first: str, policy: TrickPolicy | PositionPolicy) -> list[int]:
                    held = [*map(list.copy, order)]
                    card = held[seat][int(first[6:])]  # ``play @i``
                    return play_deal(
                        rules, [*masks], held, trick, so_far, dealt, seat, card, policy
                    )

                return by_position
            return cls._played_from(rules, masks, trick, so_far, seat)

        return world

    @classmethod
    def mask_playout_maker(cls, view: Mapping[str, JSON]) -> Callable[[Sequence[int]], DealPlayout]:
        """``playout_maker``'s playouts with every seat's cards given as a mask of card ints
        (``card_bits``) rather than listed: for a trick deal in play that is not played by
        position (QL-17: there the order held is part of the world, and so while the dealer
        chooses, as Open Trousers deals the hands as dealt). ``maker(masks)`` checks the
        masks as ``playout_maker``'s maker checks hands (the hand sizes, the 32 cards each
        once, the hands the viewer sees, the voids shown: the same ``WorldError``s) and
        returns the same ``playout(first, policy)`` as ``playout_maker(view)(hands)`` for
        the hands of those masks. A search whose sampler deals masks (``Assignment.
        sample_sums``) builds no list of cards per world. Other views:
        ``WorldError("world-not-by-mask")``."""
        cls.check_world_view(view)
        if view["phase"] != "play":
            raise WorldError("world-not-by-mask")
        facts = cls._world_facts(view, True)
        deal = facts.deal
        if deal is None or deal.blind:
            raise WorldError("world-not-by-mask")
        check = facts.mask_check
        rules, trick = deal.rules, deal.trick
        so_far = deal_so_far(trick, deal.tricks)
        seat: int = view["to_act"]

        def world(masks: Sequence[int]) -> DealPlayout:
            return cls._played_from(rules, check(masks), trick, so_far, seat)

        return world

    @staticmethod
    def _played_from(
        rules: Contract, masks: list[int], trick: Sequence[Play], so_far: DealSoFar, seat: int
    ) -> DealPlayout:
        """``playout(first, policy)`` of a trick deal played by sight from ``masks``."""
        dealt = [*map(int.__or__, masks, so_far[2])]

        def playout(first: str, policy: TrickPolicy | PositionPolicy) -> list[int]:
            card = INDEX[first[5:]]  # ``play CARD``
            return play_deal(rules, [*masks], None, trick, so_far, dealt, seat, card, policy)

        return playout

    @classmethod
    def _hand_masks(cls, facts: WorldFacts) -> Callable[[Sequence[Sequence[str]]], list[int]]:
        """``masks(hands)``: ``hands`` checked against the view of ``facts``
        (``WorldFacts.hand_masks``: ``from_view``'s checks, the same ``WorldError``), as
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

    @classmethod
    def _mask_check(cls, facts: WorldFacts) -> Callable[[Sequence[int]], list[int]]:
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

    @classmethod
    def _world_facts(cls, view: Mapping[str, JSON], playout: bool) -> WorldFacts:
        """What ``view`` says that every world built from it shares (``WorldFacts``),
        worked out once per view: a search builds hundreds of worlds from one view object,
        and a view handed out is never edited (a new view is a new object)."""
        facts = _LAST_FACTS[0] if _LAST_FACTS else None
        if (
            facts is not None
            and facts.view is view
            and facts.playout == playout
            and facts.log_length == len(view["log"])
            and facts.to_act == view["to_act"]
        ):
            return facts
        facts = cls._work_out_facts(view, playout)
        _LAST_FACTS[:] = [facts]
        return facts

    @classmethod
    def _work_out_facts(cls, view: Mapping[str, JSON], playout: bool) -> WorldFacts:
        seat: int = view["seat"]
        phase: str = view["phase"]
        game = cls.world_from_view(view, playout=playout)
        cls._public_state_from_view(game, view)
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
            deal = TricksDeal.resume(rules, game.dealer, [[] for _ in range(PLAYERS)],
                                     view["leader"], plays)  # fmt: skip
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
        facts.mask_check = cls._mask_check(facts)
        facts.hand_masks = cls._hand_masks(facts)
        return facts

    @classmethod
    def _public_state_from_view(cls, game: Quodlibet, view: Mapping[str, JSON]) -> None:
        """The structure's state a view shows: contracts played, contract, dealer."""
        game.practice = game.options["contracts"]
        game.played = [entry["detail"]["contract"] for entry in view["score_sheet"]]
        game.contract = view["contract"]
        game.dealer = view["dealer"]
        game.dealt = []
        game.deal = None

    @classmethod
    def _snack_world(
        cls,
        view: Mapping[str, JSON],
        hands: Sequence[Sequence[str]],
        piles: Sequence[Sequence[str]] | None,
        playout: bool,
    ) -> Quodlibet:
        game = cls.world_from_view(view, playout=playout)
        cls._public_state_from_view(game, view)
        if piles is None:
            raise WorldError("world-no-piles")
        deal = SnackDeal.from_view(view, hands, piles, checks=not playout)
        if sort_cards(deal.hand(view["seat"])) != view["hand"]:
            raise WorldError("world-own-hand")
        game.deal = deal
        return game

    # --- set-up and the flow of deals --------------------------------------------------------

    def _setup(self) -> None:
        self.practice: list[str] | None = self.options["contracts"]
        self.played: list[str] = []
        """Contracts scored so far, in order."""
        self.contract: str | None = None
        self.deal: Deal | None = None
        """None while the dealer is choosing (QL-5)."""
        self.dealt: list[list[str]] = []
        """The hands as dealt, for the choosing step."""
        dealer = self.options["dealer"]
        self.dealer: int = dealer if dealer is not None else self._draw_for_dealer()
        self._start_deal()

    @property
    def deal_count(self) -> int:
        return len(self.practice) if self.practice is not None else 3 * DEALS_PER_WHEEL

    @property
    def wheel(self) -> int:
        """The current wheel (practice mode: the wheel of the current contract)."""
        if self.practice is not None:
            return wheel_of(self.practice[self._round - 1])
        return (self._round - 1) // DEALS_PER_WHEEL + 1

    def _draw_for_dealer(self) -> int:
        """QL-3: everyone draws a card; the lowest rank deals; ties redraw among the tied."""
        contenders = list(range(PLAYERS))
        while True:
            pack = self.rng.shuffled(DECK)
            draws = [(seat, pack[i]) for i, seat in enumerate(contenders)]
            self._chance("draw", [[seat, card] for seat, card in draws], copy=False)
            # Only ranks count in the draw; announcing ranks keeps card codes out of views.
            self._announce(None, "draw", draws=[[seat, rank_of(card)] for seat, card in draws])
            lowest = min(rank_value(card) for _, card in draws)
            contenders = [seat for seat, card in draws if rank_value(card) == lowest]
            if len(contenders) == 1:
                return contenders[0]

    def _scheduled_contract(self) -> str | None:
        """The contract the deal must be, or None when the dealer chooses it."""
        if self.practice is not None:
            return self.practice[self._round - 1]
        if self._round == self.deal_count:  # QL-6: Snack is always the 12th deal
            return SNACK
        return None

    def _start_deal(self) -> None:
        self.contract = self._scheduled_contract()
        self.deal = None
        self._announce(None, "deal", deal=self._round, dealer=self.dealer)
        if self.contract == SNACK:
            hands, piles = self._deal_cards(snack=True)
            assert piles is not None
            self.deal = new_snack_deal(self.dealer, hands, piles)
            return
        self.dealt, _ = self._deal_cards(snack=False)
        if self.contract is not None:
            self._begin(self.contract)

    def _deal_cards(self, snack: bool) -> tuple[list[list[str]], list[list[str]] | None]:
        """QL-5 / QL-20: shuffle and deal (or take the ``deal`` option for the first deal)."""
        if self._round == 1 and self.options["deal"] is not None:
            hands, piles = read_deal_option(self.options["deal"], snack)
        else:
            pack = self.rng.shuffled(DECK)
            if snack:
                hands = [pack[SNACK_HAND_SIZE * s : SNACK_HAND_SIZE * (s + 1)] for s in range(4)]
                piles, start = [], SNACK_HAND_SIZE * PLAYERS
                for size in SNACK_PILE_SIZES:
                    piles.append(pack[start : start + size])
                    start += size
            else:
                hands = [pack[HAND_SIZE * s : HAND_SIZE * (s + 1)] for s in range(PLAYERS)]
                piles = None
        if not self._playout:  # the record's own lists: ``_chance`` need not copy them
            record: dict[str, Any] = {"hands": [hand.copy() for hand in hands]}
            if piles is not None:
                record["piles"] = [pile.copy() for pile in piles]
            self._chance("deal", record, copy=False)
        return hands, piles

    def _begin(self, name: str) -> None:
        """Start the trick contract ``name`` with the hands as dealt (QL-7)."""
        rules = contract_for(name, plus_austrian=self.options["plus_austrian"])
        hands = self.dealt  # ``TricksDeal`` holds lists of its own
        if rules.visibility == "blind":  # QL-17: each hand in an order its owner cannot know
            hands = [self.rng.shuffled(hand) for hand in hands]
            self._chance("reshuffle", hands, copy=False)  # new lists, used only here
        leader = self.dealer if self.options["dealer_leads"] else next_seat(self.dealer, PLAYERS)
        self.contract = name
        self.deal = TricksDeal(rules, self.dealer, hands, leader)

    def _end_deal(self, deal: Deal) -> None:
        scores = deal.scores()
        # A playout world's score sheet has no detail: it would only be thrown away.
        # Otherwise the detail is made when the sheet is read: the deal is done, so it
        # stays as it is (a trick deal's detail is all new objects, ``TricksDeal.detail``;
        # a Snack deal's is copied).
        self._score_round(scores, None if self._playout else _detail_of(deal, self.dealer))
        self._announce(None, "score", contract=deal.contract, scores=scores)
        self.played.append(deal.contract)
        if self._round == self.deal_count:
            self._finish()
            return
        if self._halted:  # a playout world stops at the end of its deal
            return
        self.dealer = self._next_dealer()
        self._round += 1
        self.public_log = []
        self._start_deal()

    def _next_dealer(self) -> int:
        """QL-3: the deal passes left within a wheel. QL-4: a new wheel starts with the
        highest running total, ties to the first tied player from the previous dealer's
        left. Practice mode always passes left."""
        left = next_seat(self.dealer, PLAYERS)
        if self.practice is not None or self._round % DEALS_PER_WHEEL != 0:
            return left
        top = max(self._totals)
        order = [(left + k) % PLAYERS for k in range(PLAYERS)]
        return next(seat for seat in order if self._totals[seat] == top)

    # --- choosing ------------------------------------------------------------------------------

    def _choosable(self) -> list[str]:
        """QL-5/QL-6: the current wheel's unplayed contracts, Snack excepted."""
        wheel = WHEELS[self.wheel - 1]
        return [name for name in wheel if name != SNACK and name not in self.played]

    def _remaining(self) -> list[str]:
        if self.practice is not None:
            return list(self.practice[self._round :])
        return [
            name
            for name in WHEELS[self.wheel - 1]
            if name not in self.played and name != self.contract
        ]

    def _why_not_choose(self, name: str) -> Message:
        choices = self._choosable()
        if self.practice is not None:
            return message("ql-practice-no-choice")
        if self.deal is not None:
            return message("ql-contract-settled", contract=self.deal.contract)
        if name == SNACK:
            return message("ql-snack-last", choices=choices)
        if wheel_of(name) != self.wheel:
            return message(
                "ql-other-wheel",
                contract=name,
                contract_wheel=wheel_of(name),
                wheel=self.wheel,
                choices=choices,
            )
        if name in self.played:
            return message("ql-already-played", contract=name, choices=choices)
        return message("not-allowed-now", action=f"choose {name}")  # pragma: no cover

    # --- the Game contract -------------------------------------------------------------------

    def _current_seat(self) -> int | None:
        return self.dealer if self.deal is None else self.deal.to_act

    def _legal(self) -> list[str]:
        if self.deal is None:  # ``choose NAME`` for each of ``_choosable()``, sorted
            played = self.played
            return [action for action, name in CHOICES[self.wheel - 1] if name not in played]
        return self.deal.legal_now()  # the cache: ``Game`` hands out copies only

    def _parse(self, text: str) -> str:
        if (
            self.contract == SNACK
            and self.deal is not None
            and not text.lower().startswith("choose")
        ):
            return self.deal.parse(text)
        return parse_notation(text)

    def _why_illegal(self, action: str) -> Message:
        if action.startswith("choose "):
            return self._why_not_choose(action.removeprefix("choose "))
        if self.deal is None:
            return message("ql-choose-first", dealer=self.dealer)
        return self.deal.why_illegal(action)

    def _apply(self, action: str) -> None:
        deal = self.deal
        if deal is not None:
            entry = deal.apply(action)
            if not self._playout:  # a playout world keeps no log (``_announce`` written out)
                self.public_log.append(entry)
            if deal.to_act is None:  # the deal is done
                self._end_deal(deal)
            return
        name = action.removeprefix("choose ")  # while no deal is under way: the choice
        self._announce(self.dealer, action, contract=name)
        self._begin(name)

    def _phase(self) -> str:
        if self.deal is None:
            return "choose"
        return "snack" if self.contract == SNACK else "play"

    def _zones(self, seat: int | None) -> dict[str, JSON]:
        if self.deal is None:
            zones = self._choosing_zones(seat)
        else:
            zones = self.deal.zones(seat)
            zones.setdefault("led_suit", None)
            zones.setdefault("leader", None)
        zones.update(
            dealer=self.dealer,
            contract=self.contract,
            remaining_contracts=self._remaining(),
            wheel=self.wheel,
            deals=self.deal_count,
        )
        return zones

    def _choosing_zones(self, seat: int | None) -> dict[str, JSON]:
        """QL-5: the dealer looks at their hand; the others see theirs after the choice."""
        hand: list[str | None] | None = None
        if seat is not None:
            cards = self.dealt[seat]
            hand = list(sort_cards(cards)) if seat == self.dealer else [None] * len(cards)
        leader = self.dealer if self.options["dealer_leads"] else next_seat(self.dealer, PLAYERS)
        return {
            "hand": hand,
            "hands": [None] * PLAYERS,
            "trick": [],
            "tricks_won": [0] * PLAYERS,
            "hand_sizes": [len(cards) for cards in self.dealt],
            "led_suit": None,
            "leader": leader,
            "trick_number": 1,
            "last_trick": None,
        }
