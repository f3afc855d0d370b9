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

from ...cards import french_deck, parse_card, rank_value, sort_cards, suit_of
from ...errors import IllegalActionError
from ...messages import Message, message
from ...messages import Message as _Message
from ...tricks import Play, Trick, next_seat, winning_play
from ...untrusted import ascii_int
from ...views import QuodlibetDealZones
from .contracts import Contract, Entry, tricks_won
from .contracts.base import PLAYERS, TRICKS, Line, line_json

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


PLAY_ACTION: dict[str, str] = {card: f"play {card}" for card in french_deck()}
"""``play CARD`` by card code, built once: ``legal`` lists them for every state."""

CARD_PLAYED: dict[str, str] = {action: card for card, action in PLAY_ACTION.items()}
PLAYS: tuple[dict[str, Play], ...] = tuple(
    {card: (seat, card) for card in french_deck()} for seat in range(PLAYERS)
)
"""The card ``play CARD`` plays, and the ``(seat, card)`` play of each seat and card, made
once: a slice and a tuple fewer per card (allocations are dear, in Pyodide most)."""

PLAY_ENTRIES: tuple[dict[str, dict[str, Any]], ...] = tuple(
    {action: {"seat": seat, "action": action, "card": card} for action, card in CARD_PLAYED.items()}
    for seat in range(PLAYERS)
)
"""The public log's entry for ``play CARD`` by a seat when the card does not end a trick,
made once and shared by every game: log entries are never edited (views copy them, worlds
share them), so a dict fewer per card of every game (``game.MOVE_ENTRIES`` does the same
for the game log's entry)."""

POSITION_ACTIONS: tuple[list[str], ...] = tuple(
    sorted(f"play @{i}" for i in range(size)) for size in range(TRICKS + 1)
)
"""Open Trousers' legal actions by hand size (QL-17): ``play @0`` to ``play @{size-1}``
(shared lists, never edited: ``legal_now``)."""

RANK_VALUE: dict[str, int] = {card: rank_value(card) for card in french_deck()}

HIGHER: dict[str, frozenset[str]] = {
    card: frozenset(
        other
        for other in french_deck()
        if other[1] == card[1] and RANK_VALUE[other] > RANK_VALUE[card]
    )
    for card in french_deck()
}
"""The cards that beat ``card`` when it leads or wins a trick: higher cards of its suit
(no trumps, QL-7)."""

_HAND_ORDER: dict[str, int] = {card: i for i, card in enumerate(sort_cards(french_deck()))}


def _sorted_hand(cards: Sequence[str]) -> list[str]:
    """``sort_cards(cards)``, by a table built once."""
    return sorted(cards, key=_HAND_ORDER.__getitem__)


def _actions_by_suit(hand: Sequence[str]) -> dict[str, list[str]]:
    """``play CARD`` for every card of ``hand``, sorted: all of them under ``""``, and each
    suit's under the suit (what ``legal`` offers when that suit is led and held, QL-7)."""
    actions = sorted([PLAY_ACTION[card] for card in hand])
    by_suit: dict[str, list[str]] = {"": actions, "S": [], "H": [], "D": [], "C": []}
    for action in actions:
        by_suit[action[6]].append(action)
    return by_suit


class TricksDeal:
    """A trick contract being played: a ``Deal`` (deal.py).

    ``to_act`` is a plain attribute (None once the deal is done), and the card winning the
    trick in progress is kept as it is played: ``legal`` and ``apply`` run for every card of
    every deal (and of every search rollout)."""

    def __init__(self, rules: Contract, dealer: int, hands: list[list[str]], leader: int) -> None:
        self.rules = rules
        self.contract = rules.name
        self.dealer = dealer
        self.blind = rules.visibility == "blind"
        self.must_follow = rules.must_follow
        self.hands = [list(hand) if self.blind else _sorted_hand(hand) for hand in hands]
        self._actions: list[dict[str, list[str]] | None] = [None] * PLAYERS
        """Per seat, ``play CARD`` for each card held, sorted, under ``""`` and under each
        suit (``_actions_by_suit``): made when ``legal`` first asks (a search's rollouts
        never do), then kept up to date (unused in Open Trousers)."""
        self.trick: list[Play] = []
        self.tricks: list[Trick] = []
        self.leader = leader
        """Who led (or is to lead) the current trick."""
        self.to_act: int | None = leader
        """The seat to play, None once the deal is done."""
        self.best: Play | None = None
        """The play winning the trick in progress (None before its lead): the highest card
        of the suit led so far (QL-7). Read it, never set it (a rollout policy reads it)."""
        self._lines: list[Line] | None = None
        """The score sheet lines, worked out once when the deal is done."""

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
            deal.to_act = next_seat(deal.trick[-1][0], PLAYERS)
            deal.best = winning_play(deal.trick)
        elif deal.tricks:
            deal.to_act = deal.tricks[-1].winner
        if len(deal.tricks) == TRICKS:
            deal.to_act = None
        return deal

    def with_hands(self, hands: Sequence[Sequence[str]]) -> TricksDeal:
        """A new deal in the same position as this one with ``hands`` the cards each seat
        holds now (checked by the caller): the trick in progress, the tricks and the turn
        are this deal's. ``worlds(view).world`` resumes one deal per view (with no cards
        in hand) and gives every world built from that view a copy of it."""
        # Attribute by attribute in ``__init__``'s order, never through ``__dict__``: an
        # instance whose dict has been asked for keeps a dict of its own, and every
        # attribute read of it then costs more (CPython 3.11), a dozen a card of a rollout.
        deal: TricksDeal = TricksDeal.__new__(TricksDeal)
        deal.rules = self.rules
        deal.contract = self.contract
        deal.dealer = self.dealer
        deal.blind = self.blind
        deal.must_follow = self.must_follow
        if self.blind:
            deal.hands = [list(hand) for hand in hands]
        else:
            order = _HAND_ORDER.__getitem__
            deal.hands = [sorted(hand, key=order) for hand in hands]
        deal._actions = [None] * PLAYERS
        deal.trick = list(self.trick)
        deal.tricks = list(self.tricks)  # a Trick never changes: the list is what grows
        deal.leader = self.leader
        deal.to_act = self.to_act
        deal.best = self.best
        deal._lines = None
        return deal

    # --- the Deal protocol ---------------------------------------------------------------

    @property
    def done(self) -> bool:
        return len(self.tricks) == TRICKS

    @property
    def led_suit(self) -> str | None:
        return suit_of(self.trick[0][1]) if self.trick else None

    def legal(self) -> list[str]:
        return self.legal_now().copy()

    def legal_now(self) -> list[str]:
        """``legal()`` as the deal's own list, good until its next action: for the game's
        cache of the legal actions, which hands out copies only. Never edit it."""
        seat = self.to_act
        if seat is None:
            return []
        if self.blind:
            return POSITION_ACTIONS[len(self.hands[seat])]
        actions = self._actions[seat]
        if actions is None:
            actions = self._actions[seat] = _actions_by_suit(self.hands[seat])
        best = self.best
        if best is not None and self.must_follow:
            follow = actions[best[1][1]]  # the suit led (only a card of it can be winning)
            if follow:
                return follow
        return actions[""]

    def parse(self, text: str) -> str:
        return parse_play(text)

    def why_illegal(self, action: str) -> Message:
        if self.done:
            return message("ql-deal-over")
        if not action.startswith("play "):
            return message("ql-play-a-card", action=action, contract=self.contract)
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
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

    def apply(self, action: str) -> dict[str, Any]:
        """Play a legal card for ``to_act`` (QL-7) and return the public log's entry for
        it: the seat, the action, the card (also for ``play @i``), and when the card
        completes a trick its number and winner."""
        seat: int = self.to_act  # type: ignore[assignment]  # a legal action: not done
        hand = self.hands[seat]
        if self.blind:
            card = hand.pop(int(action[6:]))
        else:
            card = CARD_PLAYED[action]
            hand.remove(card)
            actions = self._actions[seat]
            if actions is not None:
                actions[""].remove(action)
                actions[card[1]].remove(action)
        play = PLAYS[seat][card]
        trick = self.trick
        trick.append(play)
        best = self.best
        if best is None or card in HIGHER[best[1]]:
            best = self.best = play
        if len(trick) < PLAYERS:
            self.to_act = (seat + 1) % PLAYERS
            if self.blind:  # ``play @i``: the card it names differs from deal to deal
                return {"seat": seat, "action": action, "card": card}
            return PLAY_ENTRIES[seat][action]
        winner = self._close_trick(best[0])
        return {
            "seat": seat,
            "action": action,
            "card": card,
            "trick_number": len(self.tricks),
            "trick_winner": winner,
        }

    def _close_trick(self, winner: int) -> int:
        """A fourth card was played: the trick goes to ``winner`` (the highest card of the
        suit led, QL-7), who leads the next one (or the deal is done)."""
        tricks = self.tricks
        tricks.append(Trick.won_by(tuple(self.trick), winner))
        self.trick = []
        self.best = None
        self.leader = winner
        self.to_act = None if len(tricks) == TRICKS else winner
        return winner

    def lines(self) -> list[Line]:
        """The score sheet lines of the deal (none before it is done), worked out once."""
        if len(self.tricks) != TRICKS:
            return []
        lines = self._lines
        if lines is None:
            lines = self._lines = self.rules.lines(self.tricks)
        return lines

    def entries(self) -> list[Entry]:
        """``lines()`` as ``Entry`` objects."""
        return [
            Entry(seat, points, _Message(code, params), trick)
            for seat, points, code, params, trick in self.lines()
        ]

    def scores(self) -> list[int]:
        """Each seat's points for the deal (its lines are worded only when the score
        sheet is read: ``lines``)."""
        return self.rules.points(self.tricks)

    def detail(self) -> dict[str, Any]:
        """Tricks won per seat and the scoring lines: every part a new object (``line_json``),
        so the score sheet stores it without a copy."""
        # No card codes here: the score sheet stays in every later view, when the same codes
        # name cards in hidden hands; the reasons name the cards that scored in words.
        return {
            "tricks_won": tricks_won(self.tricks),
            "entries": [line_json(line) for line in self.lines()],
        }

    def zones(self, viewer: int | None) -> QuodlibetDealZones:
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
