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

from collections.abc import Callable
from typing import Any, ClassVar

from ...cards import french_deck, parse_card, rank_of, rank_value, sort_cards
from ...errors import IllegalActionError
from ...game import JSON, Game, json_copy
from ...messages import Message, message
from ...registry import register
from ...tricks import next_seat
from ...views import QuodlibetDealZones, QuodlibetZones
from .contracts import (
    CONTRACT_NAMES,
    SNACK,
    WHEELS,
    contract_for,
    wheel_of,
)
from .deal import Deal
from .snack import SnackDeal
from .tricks_deal import TricksDeal, parse_play

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

    def _zones(self, seat: int | None) -> QuodlibetZones:
        if self.deal is None:
            zones = self._choosing_zones(seat)
        else:
            zones = self.deal.zones(seat)
            zones.setdefault("led_suit", None)
            zones.setdefault("leader", None)
        return {
            **zones,
            "dealer": self.dealer,
            "contract": self.contract,
            "remaining_contracts": self._remaining(),
            "wheel": self.wheel,
            "deals": self.deal_count,
        }

    def _choosing_zones(self, seat: int | None) -> QuodlibetDealZones:
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
