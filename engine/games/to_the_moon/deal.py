"""Dealing To the Moon (TM-1, TM-2, PD-1): hand sizes, the shuffled deal of each round and
the strict check of an explicit first deal (the ``deal`` option of API.md).

A deal is a pair ``(hands, deck)``: ``hands[seat]`` is that seat's ranks (sorted, since cards
of a rank are indistinguishable, PD-2) and ``deck`` is the face-down deck, top card first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...cards import PAIRS_COUNTS, check_pairs_cards, check_within_deck, pairs_deck
from ...errors import IllegalActionError
from ...rng import Rng

HAND_SIZES: dict[int, int] = {2: 8, 3: 7, 4: 6, 5: 5, 6: 4}
"""TM-1: cards per hand by player count."""

ROUNDS = 6
"""TM-2: a game is six rounds at every player count."""

DECK_SIZE = sum(PAIRS_COUNTS.values())

Deal = tuple[list[list[int]], list[int]]


def shuffled_deal(rng: Rng, players: int, dealer: int) -> Deal:
    """Shuffle the 55 cards and deal them one at a time clockwise from the dealer's left;
    the rest is the deck (TM-1)."""
    cards = rng.shuffled(pairs_deck())
    size = HAND_SIZES[players]
    dealt = size * players
    # Card ``i`` goes to seat ``(dealer + 1 + i) % players``: every ``players``-th card.
    hands = [
        sorted(cards[(seat - dealer - 1) % players : dealt : players]) for seat in range(players)
    ]
    return hands, cards[dealt:]


def _as_list(value: object, message_code: str, **params: int) -> list[object]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise IllegalActionError("bad-deal", message_code, **params)
    return list(value)


def check_deal(deal: object, players: int) -> Deal:
    """The deal the ``deal`` option describes, or ``bad-deal`` saying what is wrong with it.

    It must be ``{"hands": [[ranks] x players], "deck": [ranks, top first]}`` with the hand
    sizes of TM-1, and hands plus deck must be exactly the 55 Pairs cards (PD-1).
    """
    if not isinstance(deal, dict):
        raise IllegalActionError("bad-deal", "tm-deal-not-object")
    unknown = sorted(str(key) for key in deal if key not in ("hands", "deck"))
    if unknown:
        raise IllegalActionError("bad-deal", "tm-deal-unknown-field", fields=unknown)
    for key in ("hands", "deck"):
        if key not in deal:
            raise IllegalActionError("bad-deal", "tm-deal-missing", field=key)
    size = HAND_SIZES[players]
    raw_hands = deal["hands"]
    if isinstance(raw_hands, (str, bytes)) or not isinstance(raw_hands, Sequence):
        raise IllegalActionError("bad-deal", "tm-deal-hands-not-list")
    if len(raw_hands) != players:
        raise IllegalActionError(
            "bad-deal", "tm-deal-hands-count", players=players, count=len(raw_hands)
        )
    hands: list[list[int]] = []
    for seat, raw in enumerate(raw_hands):
        cards = _as_list(raw, "tm-deal-hand-not-list", seat=seat)
        hand = check_pairs_cards(cards, "tm-deal-hand-card", seat=seat)
        if len(hand) != size:
            raise IllegalActionError(
                "bad-deal",
                "tm-deal-hand-size",
                seat=seat,
                count=len(hand),
                players=players,
                size=size,
            )
        hands.append(sorted(hand))
    deck = check_pairs_cards(_as_list(deal["deck"], "tm-deal-deck-not-list"), "tm-deal-deck-card")
    used = [card for hand in hands for card in hand] + deck
    check_within_deck(used, PAIRS_COUNTS)
    want = DECK_SIZE - size * players
    if len(deck) != want:
        missing = sorted((PAIRS_COUNTS - Counter(used)).elements())
        raise IllegalActionError(
            "bad-deal", "tm-deal-deck-size", size=want, count=len(deck), missing=missing
        )
    return hands, deck
