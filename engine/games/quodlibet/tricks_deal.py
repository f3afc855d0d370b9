"""One deal of a Quodlibet trick contract: the ``Deal`` of ``deal.py`` for the eleven
contracts that are played in tricks (QL-7, QL-9..QL-19).

The play is the same for all of them (QL-7) and is ``trick_play.TrickPlay``'s: the given
leader leads, everyone plays one card clockwise, the highest card of the suit led wins and
its winner leads next, and all 8 tricks are played. What differs — who sees which hand,
whether one must follow suit, and the scoring — is asked of the ``Contract``
(``contracts/``). The deal turns actions into cards for it, and its state into what the
table shows: the log's entries, the hands, the tricks, the score sheet.

Hands are shown sorted (suit, then rank) except in Open Trousers, where a hand's order *is*
the information its owner lacks: there a hand keeps the order it was reshuffled into, a card
played from position ``i`` leaves the gap closed, and ``play @i`` counts from 0 in that
current order (QL-17).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import french_deck, parse_card
from ...errors import IllegalActionError
from ...messages import Message, message
from ...messages import Message as _Message
from ...tricks import Play, Trick
from ...untrusted import ascii_int
from ...views import QuodlibetDealZones
from .card_bits import CARD, CODE_BIT, HAND_SUITS, INDEX, SUIT_MASK, mask_of
from .contracts import Contract, Entry
from .contracts.base import PLAYERS, TRICKS, Line, counts_won, line_json
from .trick_play import TrickPlay

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

PLAY_ENTRIES: tuple[dict[str, dict[str, Any]], ...] = tuple(
    {action: {"seat": seat, "action": action, "card": card} for card, action in PLAY_ACTION.items()}
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

CARD_OF_ACTION: dict[str, int] = {action: INDEX[card] for card, action in PLAY_ACTION.items()}
"""The card int (``card_bits``) that ``play CARD`` plays."""

RANK_RUNS: tuple[tuple[int, tuple[list[str], ...]], ...] = tuple(
    (
        4 * value,
        tuple(
            [PLAY_ACTION[CARD[4 * value + suit]] for suit in range(4) if four >> suit & 1]
            for four in range(16)
        ),
    )
    for value in sorted(range(8), key=lambda value: CARD[4 * value][0])
)
"""``play CARD`` in sorted order, a rank at a time: per rank (in the order of its letter),
the shift of its four cards in a mask (``card_bits``: a rank's cards are four bits in a row,
by suit letter) and the actions of each set of them, sorted."""


def actions_of(cards: int) -> list[str]:
    """``play CARD`` for each card of the mask ``cards``, sorted: a new list."""
    actions: list[str] = []
    for shift, runs in RANK_RUNS:
        four = cards >> shift & 15
        if four:
            actions += runs[four]
    return actions


FOLLOWING: dict[int, list[str]] = {}
"""``actions_of`` of the cards of one suit, by mask, made once per mask met (1,020 at
most) and shared (never edited: ``legal_now``): what a seat following suit may play."""


def following(cards: int) -> list[str]:
    """``actions_of(cards)`` for cards of one suit, as a shared list (``FOLLOWING``)."""
    actions = FOLLOWING.get(cards)
    if actions is None:
        actions = FOLLOWING[cards] = actions_of(cards)
    return actions


SEAT_SHIFT = 5
CARD_BITS = (1 << SEAT_SHIFT) - 1
SEAT_PART: tuple[int, ...] = tuple(seat << SEAT_SHIFT for seat in range(PLAYERS))
"""A card played is kept as ``seat << SEAT_SHIFT | card`` (``TricksDeal.played``), made as
``SEAT_PART[seat] + card``."""

HELD_SUITS: tuple[int, ...] = tuple(SUIT_MASK[suit] for suit in HAND_SUITS)
"""The cards of each suit, in the order a hand is held (``sort_cards``)."""

SUIT_HELD: dict[int, list[str]] = {}
"""The cards of a mask of one suit, lowest first, by mask (1,024 at most, made when first
met; shared, never edited)."""


def sorted_hand(mask: int) -> list[str]:
    """The cards of ``mask`` as held: sorted (``sort_cards``: suit by suit, low to high)."""
    hand: list[str] = []
    for suit in HELD_SUITS:
        cards = mask & suit
        part = SUIT_HELD.get(cards)
        if part is None:
            part = SUIT_HELD[cards] = [CARD[card] for card in range(len(CARD)) if cards >> card & 1]
        hand += part
    return hand


class TricksDeal:
    """A trick contract being played: a ``Deal`` (deal.py), whose play is its
    ``TrickPlay``'s (``state``, QL-7: ``state.play`` is what a card does).

    Around it, the deal keeps what the table shows: who played which card, in order
    (``played``), the legal list (the actions of ``playable``), the public log's entries,
    the hands as card codes (sorted; in Open Trousers, ``held``, as held) and the score
    sheet.
    ``to_act`` is a plain attribute (None once the deal is done): the game reads it for
    every card."""

    rules: Contract
    contract: str
    dealer: int
    blind: bool
    state: TrickPlay
    held: list[list[int]] | None
    """Open Trousers (QL-17): each seat's card ints in the order held (else None)."""
    played: list[int]
    """The cards played this deal, in order, each as ``seat << 5 | card`` (``SEAT_SHIFT``:
    who played which card int)."""
    dealt: list[int]
    """Each seat's cards this deal (a mask: held and played)."""
    playable: int
    """The cards the seat to act may play (a mask, as ``state.play`` said; QL-7)."""
    to_act: int | None
    """The seat to play, None once the deal is done."""

    def __init__(self, rules: Contract, dealer: int, hands: list[list[str]], leader: int) -> None:
        self.rules = rules
        self.contract = rules.name
        self.dealer = dealer
        self.blind = blind = rules.visibility == "blind"
        masks = [*map(mask_of, hands)]
        self.dealt = [*masks]
        self.state = TrickPlay(masks, leader, rules.must_follow)
        self.playable = masks[leader]  # a lead: any card (QL-7)
        self.held = [[INDEX[card] for card in hand] for hand in hands] if blind else None
        self.played = []
        self.to_act = leader
        self._actions: list[list[str] | None] = [None] * PLAYERS
        """Per seat, ``play CARD`` for each card it holds, sorted: made when ``legal_now``
        first asks, then kept up to date (unused in Open Trousers)."""
        self._lines: list[Line] | None = None
        """The score sheet lines, worked out once when the deal is done."""

    @classmethod
    def resume(
        cls,
        rules: Contract,
        dealer: int,
        hands: Sequence[Sequence[str]],
        leader: int,
        plays: Sequence[Play],
    ) -> TricksDeal:
        """The deal after ``plays`` (``plays_in_log``), with ``hands`` the cards still held
        (in Open Trousers in the order held) and ``leader`` the seat that led (or leads) the
        current trick when no card is played yet: the plays are played again (QL-7).
        ``ValueError`` unless each play is by the seat to act."""
        first = plays[0][0] if plays else leader
        whole = [
            [*hand, *(code for seat, code in plays if seat == owner)]
            for owner, hand in enumerate(hands)
        ]
        deal: TricksDeal = cls(rules, dealer, whole, first)
        state = deal.state
        for seat, code in plays:
            if seat != state.turn:
                raise ValueError(f"seat {seat} played out of turn")
            card = INDEX[code]
            if deal.held is not None:
                deal.held[seat].remove(card)
            deal.played.append(SEAT_PART[seat] + card)
            deal.playable = state.play(card)
        deal.to_act = None if state.turn < 0 else state.turn
        return deal

    def with_hands(self, hands: Sequence[Sequence[str]]) -> TricksDeal:
        """A new deal in the same position as this one with ``hands`` the cards each seat
        holds now (checked by the caller; in Open Trousers in the order held): this deal's
        plays played again on them (``resume``). ``worlds(view).world`` resumes one deal
        per view (with no cards in hand) and gives every world built from that view one of
        these."""
        return TricksDeal.resume(self.rules, self.dealer, hands, self.leader, self.plays)

    # --- what the table shows, read ---------------------------------------------------------

    @property
    def hands(self) -> list[list[str]]:
        """Each seat's cards now: sorted (QL-7), but in Open Trousers as held (QL-17)."""
        if self.held is not None:
            return [[CARD[card] for card in hand] for hand in self.held]
        return [*map(sorted_hand, self.state.hands)]

    @property
    def leader(self) -> int:
        """Who led (or is to lead) the current trick (once the deal is done, the last
        trick's winner)."""
        state = self.state
        if state.length:
            return self.played[-state.length] >> SEAT_SHIFT
        return state.turn if state.turn >= 0 else state.winners[-1]

    @property
    def plays(self) -> list[Play]:
        """Every card played this deal as ``(seat, card)``, in order."""
        return [(played >> SEAT_SHIFT, CARD[played & CARD_BITS]) for played in self.played]

    @property
    def trick(self) -> list[Play]:
        """The trick in progress: ``(seat, card)`` in play order, the leader first."""
        length = self.state.length
        return self.plays[-length:] if length else []

    def _trick(self, number: int) -> Trick:
        """Trick ``number`` (1-based) of the tricks done."""
        played = self.played[PLAYERS * (number - 1) : PLAYERS * number]
        plays = tuple((one >> SEAT_SHIFT, CARD[one & CARD_BITS]) for one in played)
        return Trick(plays, self.state.winners[number - 1])

    @property
    def tricks(self) -> list[Trick]:
        """The tricks done, in order."""
        return [self._trick(number) for number in range(1, len(self.state.winners) + 1)]

    @property
    def best(self) -> Play | None:
        """The play winning the trick in progress (None before its lead): the highest card
        of the suit led so far (QL-7)."""
        state = self.state
        return (state.winner, CARD[state.winning]) if state.length else None

    # --- the Deal protocol ---------------------------------------------------------------

    @property
    def done(self) -> bool:
        return len(self.state.winners) == TRICKS

    @property
    def led_suit(self) -> str | None:
        state = self.state
        return CARD[self.played[-state.length] & CARD_BITS][1] if state.length else None

    def legal(self) -> list[str]:
        return self.legal_now().copy()

    def legal_now(self) -> list[str]:
        """``legal()`` as a shared list, good until the deal's next action: for the game's
        cache of the legal actions, which hands out copies only. Never edit it."""
        seat = self.to_act
        if seat is None:
            return []
        held = self.held
        if held is not None:  # QL-17: a position of the hand as held
            return POSITION_ACTIONS[len(held[seat])]
        playable = self.playable
        if playable != self.state.hands[seat]:  # following suit: part of one suit (QL-7)
            return following(playable)
        actions = self._actions[seat]
        if actions is None:
            actions = self._actions[seat] = actions_of(playable)
        return actions

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
        if not CODE_BIT[target] & self.playable:  # a card of the suit led is held
            return message("ql-follow-suit", suit=self.led_suit)
        return message("not-allowed-now", action=action)  # pragma: no cover - it is legal

    def apply(self, action: str) -> dict[str, Any]:
        """Play a legal card for ``to_act`` (``TrickPlay.play``, QL-7) and return the public
        log's entry for it: the seat, the action, the card (also for ``play @i``), and when
        the card completes a trick its number and winner."""
        state = self.state
        seat = state.turn
        held = self.held
        if held is None:
            card = CARD_OF_ACTION[action]
            actions = self._actions[seat]
            if actions is not None:
                actions.remove(action)
        else:
            card = held[seat].pop(int(action[6:]))
        self.played.append(SEAT_PART[seat] + card)
        self.playable = state.play(card)
        if state.length:
            self.to_act = state.turn
            if held is None:
                return PLAY_ENTRIES[seat][action]
            # ``play @i``: the card it names differs from deal to deal
            return {"seat": seat, "action": action, "card": CARD[card]}
        winners = state.winners
        winner = winners[-1]
        self.to_act = winner if state.turn >= 0 else None
        return {
            "seat": seat,
            "action": action,
            "card": CARD[card],
            "trick_number": len(winners),
            "trick_winner": winner,
        }

    def lines(self) -> list[Line]:
        """The score sheet lines of the deal (none before it is done), worked out once."""
        if not self.done:
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
        """Each seat's points for the deal (``Contract.deal_points``; its lines are
        worded only when the score sheet is read: ``lines``)."""
        state = self.state
        return self.rules.deal_points(state.cards, state.winners, self.dealt)

    def detail(self) -> dict[str, Any]:
        """Tricks won per seat and the scoring lines: every part a new object (``line_json``),
        so the score sheet stores it without a copy."""
        # No card codes here: the score sheet stays in every later view, when the same codes
        # name cards in hidden hands; the reasons name the cards that scored in words.
        return {
            "tricks_won": counts_won(self.state.winners),
            "entries": [line_json(line) for line in self.lines()],
        }

    def zones(self, viewer: int | None) -> QuodlibetDealZones:
        hands = self.hands
        done = len(self.state.winners)
        return {
            "hand": self._own_hand(hands, viewer),
            "hands": [self._seen_hand(hands, seat, viewer) for seat in range(PLAYERS)],
            "trick": [[seat, card] for seat, card in self.trick],
            "tricks_won": counts_won(self.state.winners),
            "hand_sizes": [len(hand) for hand in hands],
            "led_suit": self.led_suit,
            "leader": self.leader,
            "trick_number": min(done + 1, TRICKS),
            "last_trick": self._trick(done).to_json() if done else None,
        }

    # --- visibility ------------------------------------------------------------------------

    def _own_hand(self, hands: list[list[str]], viewer: int | None) -> list[str | None] | None:
        if viewer is None:
            return None
        hand = hands[viewer]
        if self.blind:  # QL-17: only the backs of one's own cards
            return [None] * len(hand)
        return list(hand)

    def _seen_hand(self, hands: list[list[str]], seat: int, viewer: int | None) -> list[str] | None:
        """``seat``'s cards as ``viewer`` sees them; the viewer's own entry is always None
        (their cards are in ``hand``)."""
        if seat == viewer:
            return None
        visibility = self.rules.visibility
        if visibility == "open":  # QL-18: face up for everyone, onlookers included
            return list(hands[seat])
        if visibility == "blind" and viewer is not None:  # QL-17: held facing the others
            return list(hands[seat])
        return None
