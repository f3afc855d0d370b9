"""The ``hard`` Quodlibet player's rollout policy: how every seat plays out the rest of the
deal in a sampled world (``SearchModel.rollout_action``).

It reads the sampled world's state through the deals' public reads (``TricksDeal.hands``,
``SnackDeal.hand``, ``fitting``...), never ``game.view()`` (which copies the log): it runs
thousands of times per decision. The world is a guess, so looking at it is no peeking.

* Trick contracts: the ``normal`` player's per-trick modes (``lose``, ``win``, ``dump``,
  ``save``; ``engine/bots/quodlibet/normal.py``) on the seat's own hand, except that "is this the
  best card left in the suit" looks at the sampled hands. A little randomness
  (``EXPLORE``) keeps the rollouts from all following one script, so the search sees the
  spread of outcomes a real table gives.
* Open Trousers (QL-17): a random position, as a real player can do no better.
* Snack (QL-22): play the card that keeps the most of one's own cards playable and opens
  the fewest ends for cards one does not hold; take a random pile (piles are face down).
* Choosing (only if a rollout starts before the choice): the ``normal`` player's measure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from ...cards import FRENCH_RANKS, SUITS, french_deck, rank_value
from ...game import Game
from ...games.quodlibet.contracts import TRICK_CONTRACTS
from ...games.quodlibet.contracts.base import TRICKS
from ...games.quodlibet.game import Quodlibet
from ...games.quodlibet.snack import SnackDeal
from ...games.quodlibet.snack_rows import JACK
from ...games.quodlibet.trick_playout import TrickPolicy
from ...games.quodlibet.tricks_deal import HIGHER, PLAY_ACTION, TricksDeal
from ...rng import Rng
from ...tricks import Play
from .normal import contract_badness, mode_for, penalty

VALUE = {card: rank_value(card) for card in french_deck()}
"""Rank values by card code, looked up rather than computed: rollouts play thousands."""

EXPLORE = 0.1
"""Share of rollout card plays made at random among the legal cards."""

_TOP, _BOTTOM = EXPLORE.as_integer_ratio()  # the float exactly
EXPLORE_BELOW = -(-_TOP * 2**53 // _BOTTOM) << 11
"""``rng.random() < EXPLORE`` as a test of the same draw, ``rng.next_u64() < EXPLORE_BELOW``:
``random()`` is ``(u >> 11) / 2**53``, exact in floating point, so it is below ``EXPLORE``
exactly when ``u >> 11`` is below ``EXPLORE * 2**53`` (worked out exactly), that is when
``u`` is below that number rounded up to a whole one, times ``2**11``."""


def rollout_action(game: Game, rng: Rng) -> str:
    # A sampled world: a Quodlibet (no ``cast`` call, no isinstance test on an ABC; both
    # cost a call per card).
    deal = game.deal  # type: ignore[attr-defined]
    if deal is None:
        world = cast(Quodlibet, game)
        hand = world.dealt[world.dealer]
        return min(
            world.legal_actions(),
            key=lambda action: (contract_badness(action.split()[1], hand), action),
        )
    if type(deal) is not TricksDeal:  # the type test first: it is the common case
        assert isinstance(deal, SnackDeal)
        return snack_rollout(deal, rng)
    seat = deal.to_act
    assert seat is not None
    hand = deal.hands[seat]
    if deal.blind:
        return f"play @{rng.below(len(hand))}"
    trick = deal.trick
    best = deal.best
    winning = None if best is None else best[1]  # set once a card is led
    legal = hand if winning is None else [*filter(IN_SUIT[winning[1]], hand)] or hand  # QL-7
    if len(legal) == 1:
        return PLAY_ACTION[legal[0]]
    policy = card_policy(deal.contract, rng)
    return PLAY_ACTION[policy(seat, legal, hand, deal.hands, trick, winning, len(deal.tricks) + 1)]


def card_policy(contract: str, rng: Rng) -> TrickPolicy:
    """The rollout's card play in ``contract`` with ``rng`` for its luck, as the
    ``TrickPolicy`` of the game's playouts (``Quodlibet.playout_maker``), which ask it only
    when there is more than one legal card: in Open Trousers a random position (QL-17),
    else ``normal``'s modes (the module docstring). ``rollout_action`` asks it too."""
    if contract in BLIND:

        def position(
            seat: int,
            legal: list[str],
            hand: list[str],
            hands: list[list[str]],
            trick: list[Play],
            winning: str | None,
            number: int,
        ) -> str:
            return legal[rng.below(len(legal))]  # ``legal`` is the hand as held

        return position
    modes = MODES[contract]
    safe = SAFE[contract]
    worst = COST_VALUE[contract]
    same_cost = SAME_COST_VALUE[contract]
    draw = rng.next_u64
    explore_below = EXPLORE_BELOW
    low = _LOW

    def policy(
        seat: int,
        legal: list[str],
        hand: list[str],
        hands: list[list[str]],
        trick: list[Play],
        winning: str | None,
        number: int,
    ) -> str:
        # ``normal``'s modes written out here rather than called: a rollout asks once per
        # card with a choice.
        if draw() < explore_below:  # ``rng.random() < EXPLORE``, two steps fewer
            return rng.choice(legal)
        mode = modes[number]
        if winning is None:  # leading
            if mode == "win":
                return _top_longest(legal, hand)
            if mode == "dump":
                return max(legal, key=low)
            return _low_shortest([*filter(safe, legal)] or legal, hand)
        if legal[0][1] != winning[1]:  # void: nothing played can win (``winning`` is led)
            if mode == "lose":
                tied = [*filter(same_cost[worst[max(legal, key=worst.__getitem__)]], legal)]
                if len(tied) == 1:
                    return tied[0]
                lengths = _lengths(hand)
                return max(tied, key=lambda c: (-lengths[c[1]], c))
            if mode == "dump":
                return max(legal, key=low)
            return _low_shortest(legal, hand)
        if mode == "win":
            beating = [*filter(BEATS[winning], legal)]  # ``legal`` is of the suit led
            if not beating:
                return min(legal, key=low)
            cheapest = min(beating, key=low)
            if len(trick) == 3 or _best_left(hands, trick, seat, cheapest):
                return cheapest
            return max(beating, key=low)
        if mode == "dump":
            return max(legal, key=low)
        if mode == "save":
            return min(legal, key=low)
        under = [*filter(UNDER[winning], legal)]
        if under:
            return max(under, key=low)
        return max(legal, key=low) if len(trick) == 3 else min(legal, key=low)

    return policy


MODES: dict[str, tuple[str, ...]] = {
    name: tuple(mode_for(name, number) for number in range(TRICKS + 2)) for name in TRICK_CONTRACTS
}
"""``mode_for(contract, trick_number)`` by contract, then trick number (looked up)."""

PENALTIES: dict[str, dict[str, int]] = {
    name: {card: penalty(name, card) for card in french_deck()} for name in TRICK_CONTRACTS
}
"""``penalty(contract, card)`` by contract, then card."""

COST_VALUE: dict[str, dict[str, int]] = {
    name: {card: 16 * costs[card] + VALUE[card] for card in french_deck()}
    for name, costs in PENALTIES.items()
}
"""``(penalty, rank value)`` as one number that orders the same (rank values are 0..7)."""

# Membership tests of card sets, made once, for ``filter`` (a list comprehension is a
# function made and called per use on CPython 3.11; ``filter`` with a set's ``__contains__``
# keeps the same cards in the same order at C speed).
IN_SUIT: dict[str, Callable[[str], bool]] = {
    suit: frozenset(card for card in french_deck() if card[1] == suit).__contains__
    for suit in SUITS
}
"""Is a card of this suit."""
BLIND = frozenset(name for name, rules in TRICK_CONTRACTS.items() if rules.visibility == "blind")
"""The contracts played by position (Open Trousers, QL-17)."""
SAFE: dict[str, Callable[[str], bool]] = {
    name: frozenset(card for card, cost in costs.items() if cost == 0).__contains__
    for name, costs in PENALTIES.items()
}
"""Costs nothing in this contract (``penalty`` 0)."""
BEATS: dict[str, Callable[[str], bool]] = {
    card: HIGHER[card].__contains__ for card in french_deck()
}
"""Beats this card: a higher card of its suit (the game's ``HIGHER``, QL-7)."""
UNDER: dict[str, Callable[[str], bool]] = {
    card: frozenset(
        other for other in french_deck() if other[1] == card[1] and VALUE[other] < VALUE[card]
    ).__contains__
    for card in french_deck()
}
"""A lower card of this card's suit."""
SAME_VALUE: dict[int, Callable[[str], bool]] = {
    value: frozenset(card for card in french_deck() if VALUE[card] == value).__contains__
    for value in set(VALUE.values())
}
"""Of this rank value."""
SAME_COST_VALUE: dict[str, dict[int, Callable[[str], bool]]] = {
    name: {
        number: frozenset(card for card in french_deck() if worst[card] == number).__contains__
        for number in set(worst.values())
    }
    for name, worst in COST_VALUE.items()
}
"""By contract: of this ``COST_VALUE`` (the same penalty and rank value)."""


def _by_rank_then_suit(
    cards: Sequence[str],
    hand: Sequence[str],
    extreme: Callable[[Sequence[str]], str],
    pick: Callable[..., str],
) -> str:
    """``pick(cards, key=lambda c: (VALUE[c], lengths[c[1]], c))`` (``pick`` is ``max`` or
    ``min``, ``extreme`` ``_highest`` or ``_lowest`` to match) with ``lengths`` the cards of
    ``hand`` per suit: the suits are counted only when the extreme rank is tied."""
    tied = [*filter(SAME_VALUE[VALUE[extreme(cards)]], cards)]
    if len(tied) == 1:
        return tied[0]
    lengths = _lengths(hand)
    return pick(tied, key=lambda c: (lengths[c[1]], c))


def _top_longest(cards: Sequence[str], hand: Sequence[str]) -> str:
    """The highest card, of the longest suit when tied (``_by_rank_then_suit``)."""
    return _by_rank_then_suit(cards, hand, _highest, max)


def _low_shortest(cards: Sequence[str], hand: Sequence[str]) -> str:
    """The lowest card, of the shortest suit when tied (``_by_rank_then_suit``)."""
    return _by_rank_then_suit(cards, hand, _lowest, min)


def _lengths(hand: Sequence[str]) -> dict[str, int]:
    """Cards held per suit."""
    lengths = dict.fromkeys(SUITS, 0)
    for card in hand:
        lengths[card[1]] += 1
    return lengths


def _lowest(cards: Sequence[str]) -> str:
    return min(cards, key=_LOW)


def _highest(cards: Sequence[str]) -> str:
    return max(cards, key=_LOW)


LOW_KEY: dict[str, tuple[int, str]] = {card: (VALUE[card], card) for card in french_deck()}
_LOW: Callable[[str], int] = {
    card: 4 * VALUE[card] + "CDHS".index(card[1]) for card in french_deck()
}.__getitem__
"""``LOW_KEY`` as one number that orders the same (within a rank the code orders by suit
letter, C < D < H < S), for ``min``/``max`` written out in ``rollout_action``."""


def _best_left(hands: list[list[str]], trick: list[Play], seat: int, card: str) -> bool:
    """No seat still to play to this trick holds a higher card of the suit."""
    suit, rank = card[1], VALUE[card]
    played = {who for who, _ in trick}
    return not any(
        c[1] == suit and VALUE[c] > rank
        for other, hand in enumerate(hands)
        if other != seat and other not in played
        for c in hand
    )


def _opens(card: str) -> tuple[str, ...]:
    """The cards that fit next to ``card`` once it is laid (QL-21): a jack opens its 10
    and queen, a lower card the one below it, a higher card the one above it."""
    rank, suit = FRENCH_RANKS.index(card[0]), card[1]
    if rank == JACK:
        return (FRENCH_RANKS[rank - 1] + suit, FRENCH_RANKS[rank + 1] + suit)
    step = -1 if rank < JACK else 1
    beyond = rank + step
    return (FRENCH_RANKS[beyond] + suit,) if 0 <= beyond < len(FRENCH_RANKS) else ()


OPENS = {card: _opens(card) for card in french_deck()}


def snack_rollout(deal: SnackDeal, rng: Rng) -> str:
    """Play the card whose newly opened ends hold most of one's own cards and fewest of
    others'; with no play, take a random pile; else pass."""
    seat = deal.to_act
    assert seat is not None
    hand = deal.hand(seat)
    fitting = deal.fitting()
    plays = [card for card in hand if card in fitting]
    if plays:
        if len(plays) == 1:
            return f"play {plays[0]}"
        best: list[str] = []
        best_key = (-1, -3)
        for card in plays:
            opened = OPENS[card]
            own = sum(1 for c in opened if c in hand)
            key = (own, own - len(opened))  # own follow-ups, then fewest gifts
            if key > best_key:
                best, best_key = [card], key
            elif key == best_key:
                best.append(card)
        return f"play {rng.choice(best)}"
    piles = deal.remaining_piles()
    if piles:
        return f"take {rng.choice(piles)}"
    return "pass"
