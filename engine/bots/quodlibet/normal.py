"""Quodlibet's ``normal`` computer player, from the deciding seat's view only.

Choosing (QL-5): the bot scores its hand against each contract it may choose, as "how much
worse than an average hand would this contract go for me", and picks the lowest. The main
measure is ``expected_tricks``: aces, guarded kings and queens, and length beyond four in a
suit. Strong hands like the contracts that reward tricks (Plus, Quadrature) and fear the ones
that punish them (Minus, Bribe, Queens and Jacks...); No Hearts looks at high versus low
hearts, Red Ruffians at how exposed the king of hearts and queen of diamonds are. Contracts
where the hand matters little (Bad Neighbour, Open Trousers) sit at zero.

Playing: each contract, and in some contracts each trick, puts the bot in one mode:

* ``lose`` (Minus, Good Hunting, Red Ruffians, No Hearts, Queens and Jacks, Bribe, tricks 1-3
  and 8 of First Three and Last): lead low; when following, duck under the winning card with
  the highest card that stays below it; if it cannot duck, play its highest card when it
  takes the trick anyway (last to play), else its lowest; when void, shed the contract's
  penalty cards first (queens and jacks, hearts, K♥/Q♦), then its highest card.
* ``win`` (Plus, Bad Neighbour, tricks 4 and 8 of Quadrature): lead its best card; when
  following, win as cheaply as is safe (the lowest winning card when last to play or when it
  is the best card left in the suit, else its highest); shed low cards.
* ``dump`` (tricks 4-6 of First Three and Last, where tricks cost nothing): play high.
* ``save`` (other Quadrature tricks): play low, keeping high cards for tricks 4 and 8.

Open Trousers is played blind: every position of its own hand is equally unknown, so it picks
one at random. Snack is delegated to ``engine.bots.quodlibet.snack.snack_action``.

Which cards are still out comes from the public log of the deal (every play shows its card)
and, in Good Hunting, the hands lying face up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import SUITS, french_deck, rank_of, rank_value, suit_of
from ...rng import Rng
from .. import Level
from .snack import snack_action
from .world import View, own_hand, playing_contract

AVERAGE_TRICKS = 2.0  # 8 tricks shared by 4 players


def penalty(contract: str, card: str) -> int:
    """How urgently to shed ``card`` when void in ``contract`` (0: not a penalty card).
    Queens and Jacks, Red Ruffians: by what the card costs. No Hearts: every heart, high
    hearts first, since a low heart can still duck under later heart leads."""
    if contract == "red-ruffians":
        return {"KH": 50, "QD": 30}.get(card, 0)
    if contract == "no-hearts" and suit_of(card) == "H":
        return 10 + rank_value(card)
    if contract == "queens-and-jacks":
        return {"Q": 30, "J": 20}.get(rank_of(card), 0)
    return 0


# --- choosing a contract (QL-5) ------------------------------------------------------------


def by_suit(hand: Sequence[str]) -> dict[str, list[str]]:
    return {suit: [card for card in hand if suit_of(card) == suit] for suit in SUITS}


def expected_tricks(hand: Sequence[str]) -> float:
    """A rough count of the tricks ``hand`` will take with no trumps."""
    total = 0.0
    for cards in by_suit(hand).values():
        length = len(cards)
        for card in cards:
            rank = rank_of(card)
            if rank == "A":
                total += 0.95
            elif rank == "K":
                total += 0.75 if length >= 2 else 0.3
            elif rank == "Q":
                total += 0.45 if length >= 3 else 0.15
            elif rank == "J":
                total += 0.2 if length >= 4 else 0.05
        total += 0.6 * max(0, length - 4)  # long suits win their last cards
    return total


def _exposure(card: str, hand: Sequence[str]) -> float:
    """The chance of taking ``card`` in Red Ruffians (rough)."""
    suit = [c for c in hand if suit_of(c) == suit_of(card)]
    if card in hand:
        return 0.75 if len(suit) <= 2 else 0.5
    higher = sum(1 for c in suit if rank_value(c) > rank_value(card))
    return 0.2 + 0.2 * higher


def contract_badness(name: str, hand: Sequence[str]) -> float:
    """How much worse than average the contract ``name`` should go with ``hand`` (lower is
    better for the chooser)."""
    tricks = expected_tricks(hand) - AVERAGE_TRICKS
    hearts = by_suit(hand)["H"]
    high_hearts = sum(1 for card in hearts if rank_of(card) in "JQKA")
    low_hearts = len(hearts) - high_hearts
    low_cards = sum(1 for card in hand if rank_of(card) in "78")
    queens_jacks = sum(1 for card in hand if rank_of(card) in "QJ")
    if name == "plus":
        return -10 * tricks + (80 if tricks + AVERAGE_TRICKS < 0.6 else 0)
    if name in ("minus", "good-hunting"):
        return 10 * tricks
    if name == "red-ruffians":
        return 50 * _exposure("KH", hand) + 30 * _exposure("QD", hand) - 20
    if name == "first-three-and-last":
        return 13.75 * tricks
    if name == "no-hearts":
        return 12 * (high_hearts - 1) - 5 * (low_hearts - 1)
    if name == "queens-and-jacks":
        return 15 * tricks + 5 * (queens_jacks - 2)
    if name == "bribe":
        return 30 * tricks + 8 * (low_cards - 2)
    if name == "quadrature":
        return -15 * tricks
    return 0.0  # bad-neighbour, open-trousers: the hand says little


def choose_contract(view: View) -> str:
    hand = own_hand(view)
    options: list[str] = [action for action in view["legal"] if action.startswith("choose ")]
    return min(options, key=lambda action: (contract_badness(action.split()[1], hand), action))


# --- card play -------------------------------------------------------------------------------


def mode_for(contract: str, trick_number: int) -> str:
    if contract in ("plus", "bad-neighbour"):
        return "win"
    if contract == "quadrature":
        return "win" if trick_number in (4, 8) else "save"
    if contract == "first-three-and-last" and 4 <= trick_number <= 6:
        return "dump"
    return "lose"


def unseen_cards(view: View) -> set[str]:
    """Cards that may still be in another hand: not ours, not played, not face up."""
    gone = {entry["card"] for entry in view["log"] if "card" in entry}
    gone |= {card for _, card in view["trick"]}
    gone |= {card for card in view["hand"] or () if card is not None}
    for hand in view["hands"]:
        gone |= set(hand or [])
    return set(french_deck()) - gone


def is_best_left(card: str, unseen: set[str]) -> bool:
    return not any(
        suit_of(other) == suit_of(card) and rank_value(other) > rank_value(card) for other in unseen
    )


def _lowest(cards: Sequence[str]) -> str:
    return min(cards, key=lambda c: (rank_value(c), c))


def _highest(cards: Sequence[str]) -> str:
    return max(cards, key=lambda c: (rank_value(c), c))


def play_card(view: View) -> str:
    legal: list[str] = [action.split()[1] for action in view["legal"]]
    hand = own_hand(view)
    trick: list[list[Any]] = view["trick"]
    contract = playing_contract(view)
    mode = mode_for(contract, view["trick_number"])
    led = view["led_suit"]
    lengths = {suit: len(cards) for suit, cards in by_suit(hand).items()}

    if not trick:  # leading
        if mode == "win":
            return _highest_lead(legal, lengths)
        if mode == "dump":
            return _highest(legal)
        safe = [card for card in legal if penalty(contract, card) == 0] or legal
        return min(safe, key=lambda c: (rank_value(c), lengths[suit_of(c)], c))

    winning = max((card for _, card in trick if suit_of(card) == led), key=lambda c: rank_value(c))
    last = len(trick) == 3
    following = [card for card in legal if suit_of(card) == led]
    if not following:  # void: any card goes, and none of them can win
        if mode == "lose":
            return max(
                legal, key=lambda c: (penalty(contract, c), rank_value(c), -lengths[suit_of(c)], c)
            )
        if mode == "dump":
            return _highest(legal)
        return min(legal, key=lambda c: (rank_value(c), lengths[suit_of(c)], c))

    beating = [card for card in following if rank_value(card) > rank_value(winning)]
    under = [card for card in following if rank_value(card) < rank_value(winning)]
    if mode == "win":
        if not beating:
            return _lowest(following)
        cheapest = _lowest(beating)
        if last or is_best_left(cheapest, unseen_cards(view)):
            return cheapest
        return _highest(beating)
    if mode == "dump":
        return _highest(following)
    if mode == "save":
        return _lowest(following)
    if under:
        return _highest(under)
    return _highest(following) if last else _lowest(following)


def _highest_lead(legal: Sequence[str], lengths: dict[str, int]) -> str:
    return max(legal, key=lambda c: (rank_value(c), lengths[suit_of(c)], c))


def blind_play(view: View, rng: Rng) -> str:
    """Open Trousers (QL-17): positions are all equally unknown."""
    legal: list[str] = view["legal"]
    return rng.choice(legal)


def choose(view: View, rng: Rng) -> str:
    """The ``normal`` level: one legal action for ``view["seat"]``."""
    legal: list[str] = view["legal"]
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "choose":
        return choose_contract(view)
    if phase == "snack":
        return snack_action(view, rng)
    if view["contract"] == "open-trousers":
        return blind_play(view, rng)
    return "play " + play_card(view)


LEVEL = Level(choose)
