"""Cards as small ints and sets of cards as bit masks: the notation of the trick play
(``trick_play``: a deal's, a search's playouts), where a hand is one int.

Card ``i`` is ``4 * v + s``: ``v`` its rank value (0 for the 7 up to 7 for the ace,
``cards.rank_value``) and ``s`` its suit's place in ``SUIT_ORDER`` (clubs 0, diamonds 1,
hearts 2, spades 3). A set of cards is the int with bit ``i`` set for each card ``i``.
So ints order cards by rank, then by suit letter; within a suit, by rank: the highest card
of a suit in a mask is its top bit (``mask.bit_length() - 1``), the lowest its bottom bit
(``(mask & -mask).bit_length() - 1``), and a card beats another of its suit exactly when
its int is greater (QL-7).

>>> INDEX["7C"], INDEX["AS"], CARD[INDEX["TH"]]
(0, 31, 'TH')
>>> mask_of(["7C", "8C"]) == BIT[0] | BIT[4], HIGHER_MASK[INDEX["KS"]] == BIT[INDEX["AS"]]
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from ...cards import french_deck, rank_value, sort_cards

SUIT_ORDER = "CDHS"
"""Suit letters by suit number (alphabetical)."""

CARD: tuple[str, ...] = tuple(
    sorted(french_deck(), key=lambda card: 4 * rank_value(card) + SUIT_ORDER.index(card[1]))
)
"""The card code of each card int."""
INDEX: dict[str, int] = {card: i for i, card in enumerate(CARD)}
"""The card int of each card code."""
BIT: tuple[int, ...] = tuple(1 << i for i in range(len(CARD)))
"""The one-card mask of each card int."""
SUIT_MASK: tuple[int, ...] = tuple(
    sum(BIT[i] for i in range(len(CARD)) if i & 3 == suit) for suit in range(4)
)
"""The cards of each suit number (a card's suit number is ``i & 3``)."""
VALUE_MASK: tuple[int, ...] = tuple(0b1111 << (4 * value) for value in range(8))
"""The four cards of each rank value (a card's rank value is ``i >> 2``)."""
HIGHER_MASK: tuple[int, ...] = tuple(
    sum(BIT[j] for j in range(i + 4, len(CARD), 4)) for i in range(len(CARD))
)
"""The cards that beat each card (higher of its suit, QL-7)."""
LOWER_MASK: tuple[int, ...] = tuple(
    sum(BIT[j] for j in range(i & 3, i, 4)) for i in range(len(CARD))
)
"""The lower cards of each card's suit."""
HAND_SUITS: tuple[int, ...] = tuple(
    SUIT_ORDER.index(suit) for suit in dict.fromkeys(card[1] for card in sort_cards(CARD))
)
"""Suit numbers in the order a hand is held (``sort_cards``: spades, hearts, diamonds,
clubs; within a suit by rank, lowest first)."""


CODE_BIT: dict[str, int] = {card: BIT[i] for i, card in enumerate(CARD)}
"""The one-card mask of each card code."""


def mask_of(cards: Iterable[str]) -> int:
    """The mask of distinct card codes (``KeyError`` for a code that is none). A code
    given twice carries into another bit: the mask then has fewer bits than codes given,
    which is how a caller checks that they were distinct."""
    return sum(map(CODE_BIT.__getitem__, cards))
