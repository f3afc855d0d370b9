"""Dealing a Nine Virtues round (NV-3, PD-1): 6 hidden cards to each player, 2×N face-up
centre cards, and the rest set aside unseen and unused for the round.

A round is dealt either by shuffling the whole 55-card Pairs deck with the game's seeded
generator, or (first round only) from an explicit ``deal`` option, which is validated
strictly so that an impossible deal is refused with ``bad-deal`` before the game starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import PAIRS_COUNTS, check_pairs_cards, check_within_deck, pairs_deck, remove_cards
from ...errors import IllegalActionError
from ...rng import Rng

HAND_SIZE = 6
"""Cards dealt to each player (NV-3)."""
CENTRE_PER_PLAYER = 2
"""Face-up centre cards per player (NV-3)."""
PAIRS_DECK: tuple[int, ...] = tuple(pairs_deck())
"""The whole deck in ``pairs_deck`` order, the order every shuffle starts from."""


def centre_size(players: int) -> int:
    return CENTRE_PER_PLAYER * players


def aside_size(players: int) -> int:
    """Cards set aside unseen each round (NV-3): 31, 23, 15 or 7 for 3-6 players."""
    return len(pairs_deck()) - (HAND_SIZE + CENTRE_PER_PLAYER) * players


@dataclass(frozen=True)
class Deal:
    """One round's cards: hands per seat, the centre, and the set-aside rest (all sorted)."""

    hands: list[list[int]]
    centre: list[int]
    aside: list[int]

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "centre": self.centre, "aside": self.aside}


def shuffled_deal(rng: Rng, players: int) -> Deal:
    """A fresh shuffle of all 55 cards, dealt out (NV-3)."""
    deck = rng.shuffled(PAIRS_DECK)
    hands = [sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(players)]
    start = HAND_SIZE * players
    centre = sorted(deck[start : start + centre_size(players)])
    aside = sorted(deck[start + centre_size(players) :])
    return Deal(hands, centre, aside)


def explicit_deal(option: object, players: int) -> Deal:
    """The ``deal`` option as a ``Deal``, or ``bad-deal`` saying what is wrong with it.

    The option is ``{"hands": [[6 ranks] × N], "centre": [2N ranks]}``; the set-aside cards
    are whatever of the deck is left.
    """
    if not isinstance(option, dict):
        raise IllegalActionError("bad-deal", "nv-deal-not-object")
    keys = set(option)
    if keys != {"hands", "centre"}:
        missing = sorted({"hands", "centre"} - keys)
        extra = sorted(str(key) for key in keys - {"hands", "centre"})
        raise IllegalActionError("bad-deal", "nv-deal-fields", missing=missing, unknown=extra)
    hands_in = option["hands"]
    if not isinstance(hands_in, list) or len(hands_in) != players:
        raise IllegalActionError("bad-deal", "nv-deal-hands", players=players)
    hands: list[list[int]] = []
    for seat, hand in enumerate(hands_in):
        if not isinstance(hand, list) or len(hand) != HAND_SIZE:
            raise IllegalActionError("bad-deal", "nv-deal-hand-size", seat=seat, size=HAND_SIZE)
        hands.append(sorted(check_pairs_cards(hand, "nv-deal-hand-card", seat=seat)))
    centre_in = option["centre"]
    wanted = centre_size(players)
    if not isinstance(centre_in, list) or len(centre_in) != wanted:
        raise IllegalActionError("bad-deal", "nv-deal-centre-size", size=wanted)
    centre = sorted(check_pairs_cards(centre_in, "nv-deal-centre-card"))
    used = [rank for hand in hands for rank in hand] + centre
    check_within_deck(used, PAIRS_COUNTS)
    aside = sorted(remove_cards(pairs_deck(), used))
    return Deal(hands, centre, aside)
