"""Cards and decks shared by the games.

* The Pairs deck (PD-1, PD-2): 55 cards, rank r appears r times (r = 1..10). Cards of a rank
  are indistinguishable, so a Pairs card *is* its rank (an ``int``).
* The 32-card French deck for Quodlibet (QL-1): ranks ``7 8 9 T J Q K A`` in suits
  ``S H D C``; a card is its two-letter code (``"TH"``), a ``str``.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable
from typing import Any

from .errors import IllegalActionError
from .untrusted import ascii_int

JSON = Any

# --- Pairs deck --------------------------------------------------------------------------

PAIRS_RANKS: tuple[int, ...] = tuple(range(1, 11))


def pairs_deck() -> list[int]:
    """The 55-card Pairs deck in rank order: [1, 2, 2, 3, 3, 3, ...] (PD-1)."""
    return [rank for rank in PAIRS_RANKS for _ in range(rank)]


PAIRS_COUNTS: Counter[int] = Counter(pairs_deck())


def parse_rank(text: str) -> int:
    """A Pairs rank 1..10 from its notation, or a ``malformed`` error."""
    rank = ascii_int(text)
    if rank is None or not 1 <= rank <= 10:
        raise IllegalActionError("malformed", "not-a-rank", text=text)
    return rank


def check_pairs_cards(cards: Iterable[object], message_code: str, **params: JSON) -> list[int]:
    """Validate a list of ranks (for explicit deals); ``bad-deal`` on anything else, with
    ``message_code`` (which says where the bad card is, ``params``) and ``value``."""
    out: list[int] = []
    for card in cards:
        if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= 10:
            raise IllegalActionError("bad-deal", message_code, **params, value=repr(card))
        out.append(card)
    return out


def check_within_deck(cards: Iterable[int], deck_counts: Counter[int]) -> None:
    """``bad-deal`` when ``cards`` uses some rank more often than the deck holds it."""
    used = Counter(cards)
    for rank, count in sorted(used.items()):
        if count > deck_counts[rank]:
            raise IllegalActionError(
                "bad-deal", "deal-rank-too-often", count=count, rank=rank, deck=deck_counts[rank]
            )


def remove_cards(deck: list[int], cards: Iterable[int]) -> list[int]:
    """``deck`` without one copy of each of ``cards`` (all must be present)."""
    rest = list(deck)
    for card in cards:
        rest.remove(card)
    return rest


# --- French 32-card deck -----------------------------------------------------------------

FRENCH_RANKS = "789TJQKA"  # low to high (QL-1)
SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {
    "7": "7",
    "8": "8",
    "9": "9",
    "T": "10",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}


def french_deck() -> list[str]:
    """The 32 Quodlibet cards, suit by suit, low to high. Each code is the interned string
    (``sys.intern``): every deck and table made from this one holds the same 32 objects, so
    looking a card up in a table is an identity hit, not a compare of the text."""
    return [sys.intern(rank + suit) for suit in SUITS for rank in FRENCH_RANKS]


FRENCH_CARDS: frozenset[str] = frozenset(french_deck())


def rank_of(card: str) -> str:
    return card[0]


def suit_of(card: str) -> str:
    return card[1]


RANK_VALUES: dict[str, int] = {rank: value for value, rank in enumerate(FRENCH_RANKS)}
"""A rank letter's place, low to high: ``"7"`` -> 0 .. ``"A"`` -> 7."""
_SORT_KEYS: dict[str, tuple[int, int]] = {
    rank + suit: (SUITS.index(suit), value) for suit in SUITS for rank, value in RANK_VALUES.items()
}


def rank_value(card: str) -> int:
    """0 for a 7 up to 7 for an ace."""
    return RANK_VALUES[card[0]]


def parse_card(text: str) -> str:
    """A card code from notation (case-insensitive, ``10`` accepted for ``T``)."""
    code = text.strip().upper()
    if code.startswith("10"):
        code = "T" + code[2:]
    if code not in FRENCH_CARDS:
        raise IllegalActionError("malformed", "not-a-card", text=text)
    return code


def card_name(card: str) -> str:
    """``"QD"`` -> ``"queen of diamonds"``."""
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Suit by suit (S H D C), low to high within a suit."""
    return sorted(cards, key=_SORT_KEYS.__getitem__)
