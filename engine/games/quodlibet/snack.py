"""Snack, Quodlibet's last deal (RULES.md QL-20 to QL-23), as a ``Deal`` (``deal.py``).

The structure deals (QL-20: four cards to each seat, five face-down piles of 3 and a sixth of
1, numbered 1-6 as dealt), records that chance outcome and builds ``SnackDeal(dealer, hands,
piles)``. From then on everything here is decided by the actions alone: no randomness.

Rules as implemented
- QL-21 Rows per suit, started only by that suit's jack, grown outward from it one card at a
  time next to the current end (``snack_rows.py``).
- QL-22 The dealer's left starts; the turn goes clockwise, skipping players who are out. A
  player who can play must play exactly one card (``play CARD``): a jack or a card fitting
  an end. A player who cannot play takes a remaining pile of their choice (``take P``); every
  jack in it is laid out at once, as part of the take, and the table sees those jacks and
  the pile's size, never its other cards. The same player then acts again: play if they can,
  else take another pile; with no play and no pile left they ``pass``.
- QL-23 When a play empties a hand, that player is out at once and the others still in
  score, at that moment, +10 (first out), +20 (second out) per card in hand. When the third
  player goes out, the last player takes every remaining pile into hand (no jacks are laid
  out: the deal is over) and scores +30 per card. The deal then ends; the scores add up.

Where the rules are silent (the choices made here)
- Laying out a pile's jacks is not the turn's play: QL-22 says lay them out, *then* play if
  you can. So a player who takes a jack still owes a play (the jack often makes one: the 10
  or queen beside it), and after that play the turn passes to the next player in.
- Only a play ends a turn with a card on the table; a take never does (the same seat stays to
  act), a pass always does.
- Nobody goes out by laying out jacks: a player only takes when they cannot play, so they
  hold no jack (a held jack is always playable) and at least one card (a player in the deal
  with an empty hand would already be out), and laying out only removes the pile's jacks.
- A player goes out only when a play empties their hand, and scoring for that exit uses the
  hands exactly as they are after that play.
- No deadlock: once the piles are gone, every card is in a row or in the hand of a player
  still in (out players hold nothing). Take any card still in a hand: if its row is not
  started, that suit's jack is in some hand and is playable; if it is, the card next to the
  end on its side is not in the row and not in a pile, so it is in some hand and playable.
  So while two or more players are in, someone can play before the turn comes round again;
  every play puts a card down, there are 6 takes at most, so every deal ends.
- ``take 7`` (or 0) is malformed notation: piles are numbered 1-6 in every Snack deal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import FRENCH_CARDS, french_deck, parse_card, rank_of, sort_cards
from ...errors import IllegalActionError, WorldError
from ...messages import Message, message
from ...untrusted import ascii_int
from ...views import QuodlibetDealZones
from .snack_rows import Rows

SEATS = 4
HAND_SIZE = 4
PILE_SIZES = (3, 3, 3, 3, 3, 1)  # QL-20
POINTS_PER_CARD = (10, 20, 30)  # QL-23: first, second, third player out
SNACK_DECK = frozenset(french_deck())
PLAY_ACTION = {card: f"play {card}" for card in french_deck()}
TAKE_ACTION = tuple(f"take {number}" for number in range(1, len(PILE_SIZES) + 1))
"""``play CARD`` and ``take P`` (by pile index, 0-5), built once: ``legal`` lists them."""


def _check_deal(hands: Sequence[Sequence[str]], piles: Sequence[Sequence[str]]) -> None:
    """``bad-deal`` unless this is a full Snack deal of the 32 cards (QL-20)."""
    if len(hands) != SEATS or any(len(hand) != HAND_SIZE for hand in hands):
        raise IllegalActionError("bad-deal", "snack-deal-hands")
    if tuple(len(pile) for pile in piles) != PILE_SIZES:
        raise IllegalActionError("bad-deal", "snack-deal-piles")
    cards = [card for part in (*hands, *piles) for card in part]
    unknown = sorted({card for card in cards if card not in FRENCH_CARDS})
    if unknown:
        raise IllegalActionError("bad-deal", "snack-deal-unknown-cards", cards=unknown)
    twice = sort_cards(card for card, count in Counter(cards).items() if count > 1)
    if twice:
        raise IllegalActionError("bad-deal", "snack-deal-twice", cards=twice)


class SnackDeal:
    """One Snack deal (QL-20..QL-23) behind the ``Deal`` interface.

    >>> deal = SnackDeal(0, [["JS", "TS", "7H", "8H"], ["QS", "KS", "AS", "9S"],
    ...                      ["JH", "QH", "KH", "AH"], ["TH", "9H", "8S", "7S"]],
    ...                  [["JD", "TD", "9D"], ["8D", "7D", "QD"], ["KD", "AD", "JC"],
    ...                   ["TC", "9C", "8C"], ["7C", "QC", "KC"], ["AC"]])
    >>> deal.to_act, deal.legal()
    (1, ['take 1', 'take 2', 'take 3', 'take 4', 'take 5', 'take 6'])
    >>> deal.apply("take 1")
    {'seat': 1, 'action': 'take 1', 'jacks': ['JD'], 'cards': 3}
    >>> deal.legal(), deal.to_act
    (['play TD'], 1)
    """

    contract = "snack"

    def __init__(self, dealer: int, hands: list[list[str]], piles: list[list[str]]) -> None:
        _check_deal(hands, piles)
        self.dealer = dealer
        self._hands: list[list[str]] = [list(hand) for hand in hands]
        self._piles: list[list[str]] = [list(pile) for pile in piles]
        self._taken: list[bool] = [False] * len(piles)
        self._rows = Rows()
        self._out: list[int] = []
        self._scores: list[int] = [0] * SEATS
        self._exits: list[dict[str, Any]] = []
        self._pickup: dict[str, Any] | None = None
        self.to_act: int | None = (dealer + 1) % SEATS  # QL-22: the dealer's left starts
        """The seat to act, None once the deal is done (a plain attribute, as in
        ``TricksDeal``: the game reads it for every action). Read it, never set it."""
        self.checks = True
        """``apply`` re-checks its action (False in a playout world: search plays only legal
        actions)."""

    @classmethod
    def from_view(
        cls,
        view: Mapping[str, Any],
        hands: Sequence[Sequence[str]],
        piles: Sequence[Sequence[str]],
        *,
        checks: bool = True,
    ) -> SnackDeal:
        """The Snack deal a seat's ``view`` shows (rows, pile and hand sizes, exits, scores,
        the seat to act), with ``hands`` every seat's cards and ``piles`` the cards of the six
        piles (a taken pile empty). ``WorldError`` unless the sizes are the view's and hands,
        piles and rows hold the 32 cards once each (QL-20)."""
        if [len(hand) for hand in hands] != list(view["hand_sizes"]):
            raise WorldError("world-hand-sizes")
        if [len(pile) for pile in piles] != list(view["piles"]):
            raise WorldError("world-pile-sizes")
        rows = Rows.from_view(view["rows"])
        cards = [card for part in (*hands, *piles) for card in part] + rows.on_table()
        if len(cards) != len(SNACK_DECK) or set(cards) != SNACK_DECK:  # each card once
            raise WorldError("world-not-the-deck", count=32)
        deal: SnackDeal = cls.__new__(cls)
        deal.dealer = view["dealer"]
        deal._hands = [list(hand) for hand in hands]
        deal._piles = [list(pile) for pile in piles]
        deal._taken = [size == 0 for size in view["piles"]]
        deal._rows = rows
        deal._out = list(view["out"])
        deal._scores = list(view["snack_scores"])
        deal._exits = [dict(entry["out"]) for entry in view["log"] if "out" in entry]
        deal._pickup = None
        deal.to_act = view["to_act"]
        deal.checks = checks
        return deal

    # --- read-only state, for a search's rollouts in a world (never the real deal's) -------

    def hand(self, seat: int) -> Sequence[str]:
        """The cards ``seat`` holds (hidden information), in the order they came."""
        return self._hands[seat]

    def fitting(self) -> list[str]:
        """Every card that would fit a row now (QL-21)."""
        return self._rows.next_cards()

    def piles(self) -> list[list[str]]:
        """The six piles' cards (hidden information), a taken pile empty: the ``piles`` that
        ``Worlds.world`` takes."""
        return [
            [] if taken else list(pile)
            for pile, taken in zip(self._piles, self._taken, strict=True)
        ]

    def remaining_piles(self) -> list[int]:
        """The numbers of the piles not taken yet."""
        return [i + 1 for i, taken in enumerate(self._taken) if not taken]

    # --- the Deal interface --------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.to_act is None

    def legal(self) -> list[str]:
        """``play`` each fitting card if any (QL-22: must play), else ``take`` each remaining
        pile, else ``pass``. Sorted, no duplicates."""
        seat = self.to_act
        if seat is None:
            return []
        plays = self._playable(seat)
        if plays:
            return sorted([PLAY_ACTION[card] for card in plays])
        takes = [TAKE_ACTION[i] for i, taken in enumerate(self._taken) if not taken]
        return takes or ["pass"]  # already in order: ``take 1`` to ``take 6``

    def parse(self, text: str) -> str:
        """Canonical ``play TH`` / ``take 3`` / ``pass``; ``malformed`` for anything else.

        >>> SnackDeal.parse_action("play 10h"), SnackDeal.parse_action("TAKE 6")
        ('play TH', 'take 6')
        """
        return self.parse_action(text)

    @staticmethod
    def parse_action(text: str) -> str:
        words = text.split()
        verb = words[0].lower() if words else ""
        if verb == "pass" and len(words) == 1:
            return "pass"
        if verb == "play" and len(words) == 2:
            if words[1].startswith("@"):
                raise IllegalActionError("malformed", "snack-play-by-code")
            return f"play {parse_card(words[1])}"
        if verb == "take" and len(words) == 2:
            number = words[1]
            pile = ascii_int(number)
            if pile is None or not 1 <= pile <= len(PILE_SIZES):
                raise IllegalActionError(
                    "malformed", "snack-not-a-pile", text=number, piles=len(PILE_SIZES)
                )
            return f"take {pile}"
        raise IllegalActionError("malformed", "snack-not-an-action")

    def why_illegal(self, action: str) -> Message:
        seat = self.to_act
        if seat is None:
            return message("snack-over")
        verb, _, arg = action.partition(" ")
        can_play = bool(self._playable(seat))
        if verb == "play":
            if arg not in self._hands[seat]:
                return message("snack-not-held", card=arg)
            if not self._rows.fits(arg):
                return self._rows.why_not(arg)
        elif verb == "take":
            if can_play:
                return message("snack-can-play")
            if self._taken[int(arg) - 1]:
                return message("snack-pile-taken", pile=int(arg))
        elif verb == "pass" and (can_play or self.remaining_piles()):
            return message("snack-must-act")
        return message("not-allowed-now", action=action)  # pragma: no cover - it is legal

    def apply(self, action: str) -> dict[str, Any]:
        """Carry out a legal action; return the public log's entry: the seat, the action
        and what the table saw."""
        seat = self.to_act
        if seat is None or (self.checks and action not in self.legal()):
            raise IllegalActionError("illegal", self.why_illegal(action))
        verb, _, arg = action.partition(" ")
        if verb == "take":
            seen = self._take(seat, int(arg))
        elif verb == "pass":
            self.to_act = self._next_in(seat)
            seen = {}
        else:
            seen = self._play(seat, arg)
        return {"seat": seat, "action": action, **seen}

    legal_now = legal
    """``legal()``: a new list each time (the ``Deal`` protocol's name for the game's
    cache)."""

    def scores(self) -> list[int]:
        """Points per seat: the QL-23 exits added up (so far, until ``done``)."""
        return list(self._scores)

    def detail(self) -> dict[str, Any]:
        """Exits in order (each with every seat's hand size and points at that moment) and
        the last player's pickup of the remaining piles. Counts only: no card is shown."""
        return {
            "contract": self.contract,
            "exits": [dict(exit_) for exit_ in self._exits],
            "pickup": None if self._pickup is None else dict(self._pickup),
            "scores": self.scores(),
        }

    def zones(self, viewer: int | None) -> QuodlibetDealZones:
        """API.md Quodlibet zones for Snack: the viewer's own hand, everything else public
        (row ends, pile sizes, hand sizes); every ``hands`` entry is null."""
        return {
            "hand": [] if viewer is None else sort_cards(self._hands[viewer]),
            "hands": [None] * SEATS,
            "trick": [],
            "tricks_won": [0] * SEATS,
            "hand_sizes": [len(hand) for hand in self._hands],
            "rows": self._rows.view(),
            "piles": [
                0 if taken else len(pile)
                for pile, taken in zip(self._piles, self._taken, strict=True)
            ],
            "out": list(self._out),
            "snack_scores": self.scores(),
        }

    # --- the rules -------------------------------------------------------------------------

    def _playable(self, seat: int) -> list[str]:
        return self._rows.playable(self._hands[seat])

    def _next_in(self, seat: int) -> int:
        """The next seat clockwise that is not out (QL-22)."""
        for step in range(1, SEATS + 1):
            candidate = (seat + step) % SEATS
            if candidate not in self._out:
                return candidate
        raise AssertionError("everyone is out, but the deal ends with the third exit")

    def _take(self, seat: int, number: int) -> dict[str, Any]:
        """QL-22: the pile goes into hand, its jacks are laid out at once; same seat acts."""
        pile = self._piles[number - 1]
        self._taken[number - 1] = True
        jacks = sort_cards(card for card in pile if rank_of(card) == "J")
        for jack in jacks:
            self._rows.place(jack)
        self._hands[seat].extend(card for card in pile if rank_of(card) != "J")
        return {"jacks": jacks, "cards": len(pile)}

    def _play(self, seat: int, card: str) -> dict[str, Any]:
        self._hands[seat].remove(card)
        self._rows.place(card)
        if self._hands[seat]:
            self.to_act = self._next_in(seat)
            return {}
        return self._go_out(seat)

    def _go_out(self, seat: int) -> dict[str, Any]:
        """QL-23: score this exit at once; the third exit also ends the deal."""
        self._out.append(seat)
        place = len(self._out)
        still_in = [s for s in range(SEATS) if s not in self._out]
        extras: dict[str, Any] = {}
        if place == SEATS - 1:
            last = still_in[0]
            numbers = self.remaining_piles()
            picked = [card for n in numbers for card in self._piles[n - 1]]
            for n in numbers:
                self._taken[n - 1] = True
            self._hands[last].extend(picked)
            self._pickup = {
                "seat": last,
                "piles": numbers,
                "cards": len(picked),
                "hand_size": len(self._hands[last]),
            }
            extras["pickup"] = dict(self._pickup)
        per_card = POINTS_PER_CARD[place - 1]
        points = [per_card * len(self._hands[s]) if s in still_in else 0 for s in range(SEATS)]
        for s in range(SEATS):
            self._scores[s] += points[s]
        exit_ = {
            "seat": seat,
            "place": place,
            "per_card": per_card,
            "hand_sizes": [len(hand) for hand in self._hands],
            "points": points,
        }
        self._exits.append(exit_)
        extras["out"] = dict(exit_)
        self.to_act = None if place == SEATS - 1 else self._next_in(seat)
        return extras
