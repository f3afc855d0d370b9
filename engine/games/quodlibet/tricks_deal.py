"""One deal of a Quodlibet trick contract: the ``Deal`` of ``deal.py`` for the eleven
contracts that are played in tricks (QL-7, QL-9..QL-19).

The play is the same for all of them (QL-7): the given leader leads, everyone plays one card
clockwise, the highest card of the suit led wins and its winner leads next, and all 8 tricks
are played. What differs — who sees which hand, whether one must follow suit, and the
scoring — is asked of the ``Contract`` (``contracts/``).

Hands are kept sorted (suit, then rank) except in Open Trousers, where a hand's order *is*
the information its owner lacks: there a hand keeps the order it was reshuffled into, a card
played from position ``i`` leaves the gap closed, and ``play @i`` counts from 0 in that
current order (QL-17).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import parse_card, sort_cards, suit_of
from ...errors import IllegalActionError
from ...messages import Message, message
from ...tricks import Play, Trick, legal_cards, next_seat
from ...untrusted import ascii_int
from .contracts import Contract, totals, tricks_won
from .contracts.base import PLAYERS, TRICKS

MAX_POSITION_DIGITS = 3
"""``play @i`` with a longer number is not notation (and could never be legal)."""


def parse_play(text: str) -> str:
    """The canonical form of ``play CARD`` or ``play @i``, or a ``malformed`` error.

    >>> parse_play("PLAY 10h"), parse_play("play @07")
    ('play TH', 'play @7')
    """
    words = text.split()
    if len(words) != 2 or words[0].lower() != "play":
        raise IllegalActionError("malformed", "ql-not-a-play", text=text)
    target = words[1]
    if target.startswith("@"):
        digits = target[1:]
        position = ascii_int(digits)
        if position is None or len(digits) > MAX_POSITION_DIGITS:
            raise IllegalActionError("malformed", "ql-not-a-position", text=target)
        return f"play @{position}"
    return f"play {parse_card(target)}"


def plays_in_log(log: Sequence[Mapping[str, Any]]) -> list[Play]:
    """The cards played so far in this deal, in order, from its public log (every play names
    its card, ``play @i`` included)."""
    return [(entry["seat"], entry["card"]) for entry in log if "card" in entry]


class TricksDeal:
    """A trick contract being played: a ``Deal`` (deal.py)."""

    def __init__(self, rules: Contract, dealer: int, hands: list[list[str]], leader: int) -> None:
        self.rules = rules
        self.contract = rules.name
        self.dealer = dealer
        self.blind = rules.visibility == "blind"
        self.hands = [list(hand) if self.blind else sort_cards(hand) for hand in hands]
        self.trick: list[Play] = []
        self.tricks: list[Trick] = []
        self.leader = leader
        """Who led (or is to lead) the current trick."""
        self._to_act = leader

    @classmethod
    def resume(
        cls,
        rules: Contract,
        dealer: int,
        hands: list[list[str]],
        leader: int,
        plays: Sequence[Play],
    ) -> TricksDeal:
        """The deal after ``plays`` (``plays_in_log``), with ``hands`` the cards still held
        and ``leader`` the seat that led (or leads) the current trick: complete tricks of
        four, the trick in progress, and the seat to act (QL-7)."""
        deal: TricksDeal = cls(rules, dealer, hands, leader)
        done = len(plays) - len(plays) % PLAYERS
        deal.tricks = [Trick(tuple(plays[i : i + PLAYERS])) for i in range(0, done, PLAYERS)]
        deal.trick = list(plays[done:])
        if deal.trick:
            deal._to_act = next_seat(deal.trick[-1][0], PLAYERS)
        elif deal.tricks:
            deal._to_act = deal.tricks[-1].winner
        return deal

    # --- the Deal protocol ---------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return None if self.done else self._to_act

    @property
    def done(self) -> bool:
        return len(self.tricks) == TRICKS

    @property
    def led_suit(self) -> str | None:
        return suit_of(self.trick[0][1]) if self.trick else None

    def legal(self) -> list[str]:
        if self.done:
            return []
        hand = self.hands[self._to_act]
        if self.blind:
            return sorted(f"play @{i}" for i in range(len(hand)))
        return sorted(
            f"play {card}" for card in legal_cards(hand, self.led_suit, self.rules.must_follow)
        )

    def parse(self, text: str) -> str:
        return parse_play(text)

    def why_illegal(self, action: str) -> Message:
        if self.done:
            return message("ql-deal-over")
        if not action.startswith("play "):
            return message("ql-play-a-card", action=action, contract=self.contract)
        hand = self.hands[self._to_act]
        target = action.removeprefix("play ")
        if target.startswith("@"):
            if not self.blind:
                return message("ql-positions-only-blind")
            if not hand:  # pragma: no cover - a deal ends when the hands are empty
                return message("ql-no-cards-left")
            return message("ql-position-range", count=len(hand), last=len(hand) - 1)
        if self.blind:
            return message("ql-play-a-position", last=len(hand) - 1)
        if target not in hand:
            return message("ql-not-held", card=target)
        led = self.led_suit
        if led is not None and self.rules.must_follow and suit_of(target) != led:
            return message("ql-follow-suit", suit=led)
        return message("not-allowed-now", action=action)  # pragma: no cover - it is legal

    def do(self, action: str) -> dict[str, Any]:
        seat = self._to_act
        hand = self.hands[seat]
        target = action.removeprefix("play ")
        if target.startswith("@"):
            card = hand.pop(int(target[1:]))
        else:
            card = target
            hand.remove(card)
        self.trick.append((seat, card))
        seen: dict[str, Any] = {"card": card}
        if len(self.trick) < PLAYERS:
            self._to_act = next_seat(seat, PLAYERS)
            return seen
        trick = Trick(tuple(self.trick))
        self.tricks.append(trick)
        self.trick = []
        self.leader = self._to_act = trick.winner  # QL-7: the winner leads next
        seen.update(trick_number=len(self.tricks), trick_winner=trick.winner)
        return seen

    def scores(self) -> list[int]:
        if not self.done:
            return [0] * PLAYERS
        return totals(self.rules.score(self.tricks))

    def detail(self) -> dict[str, Any]:
        entries = self.rules.score(self.tricks) if self.done else []
        # No card codes here: the score sheet stays in every later view, when the same codes
        # name cards in hidden hands; the reasons name the cards that scored in words.
        return {
            "tricks_won": tricks_won(self.tricks),
            "entries": [entry.to_json() for entry in entries],
        }

    def zones(self, viewer: int | None) -> dict[str, Any]:
        return {
            "hand": self._own_hand(viewer),
            "hands": [self._seen_hand(seat, viewer) for seat in range(PLAYERS)],
            "trick": [[seat, card] for seat, card in self.trick],
            "tricks_won": tricks_won(self.tricks),
            "hand_sizes": [len(hand) for hand in self.hands],
            "led_suit": self.led_suit,
            "leader": self.leader,
            "trick_number": min(len(self.tricks) + 1, TRICKS),
            "last_trick": self.tricks[-1].to_json() if self.tricks else None,
        }

    # --- visibility ------------------------------------------------------------------------

    def _own_hand(self, viewer: int | None) -> list[str | None] | None:
        if viewer is None:
            return None
        hand = self.hands[viewer]
        if self.blind:  # QL-17: only the backs of one's own cards
            return [None] * len(hand)
        return list(hand)

    def _seen_hand(self, seat: int, viewer: int | None) -> list[str] | None:
        """``seat``'s cards as ``viewer`` sees them; the viewer's own entry is always None
        (their cards are in ``hand``)."""
        if seat == viewer:
            return None
        visibility = self.rules.visibility
        if visibility == "open":  # QL-18: face up for everyone, onlookers included
            return list(self.hands[seat])
        if visibility == "blind" and viewer is not None:  # QL-17: held facing the others
            return list(self.hands[seat])
        return None
