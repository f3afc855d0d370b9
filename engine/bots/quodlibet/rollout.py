"""The ``hard`` Quodlibet player's rollout policy: how every seat plays out the rest of the
deal in a sampled world (``SearchModel.rollout_action``).

It reads the sampled world's state through the deals' public reads (``TricksDeal.state``
and ``playable``, ``SnackDeal.hand``, ``fitting``...), never ``game.view()`` (which copies
the log): it runs thousands of times per decision. The world is a guess, so looking at it
is no peeking.

* Trick contracts: the ``normal`` player's per-trick modes (``lose``, ``win``, ``dump``,
  ``save``; ``engine/bots/quodlibet/normal.py``) on the seat's own hand, except that "is this the
  best card left in the suit" looks at the sampled hands. A little randomness
  (``EXPLORE``) keeps the rollouts from all following one script, so the search sees the
  spread of outcomes a real table gives. ``card_policy`` plays them on masks of card ints
  (``card_bits``), as the game's playouts ask (``worlds(view).playout``);
  ``rollout_action`` asks it for one card of a world.
* Open Trousers (QL-17): a random position, as a real player can do no better.
* Snack (QL-22): play the card that keeps the most of one's own cards playable and opens
  the fewest ends for cards one does not hold; take a random pile (piles are face down).
* Choosing (only if a rollout starts before the choice): the ``normal`` player's measure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ...cards import FRENCH_RANKS, french_deck
from ...game import Game
from ...games.quodlibet import (
    CARD,
    HAND_SUITS,
    HIGHER_MASK,
    JACK,
    LOWER_MASK,
    PLAY_ACTION,
    SUIT_MASK,
    TRICK_CONTRACTS,
    TRICKS,
    VALUE_MASK,
    PositionPolicy,
    Quodlibet,
    SnackDeal,
    TrickPolicy,
    TricksDeal,
    mask_of,
)
from ...rng import Rng, below_limit
from .normal import contract_badness, mode_for, penalty

EXPLORE = 0.1
"""Share of rollout card plays made at random among the legal cards."""

AHEAD = 16
"""Values a rollout's policy takes from its generator at a time (``card_policy``): about
what one deal's playout uses."""
LIMITS = tuple(below_limit(count) for count in range(TRICKS + 1))
"""``below_limit`` by number of cards to choose from."""

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
    if deal.blind:
        return f"play @{rng.below(len(deal.hands[seat]))}"
    state = deal.state  # the deal's play (QL-7) on masks of card ints
    legal = deal.playable
    if not legal & (legal - 1):  # one card
        return PLAY_ACTION[CARD[legal.bit_length() - 1]]
    policy: TrickPolicy = card_policy(deal.contract, rng, 1)  # type: ignore[assignment]
    hands = state.hands
    number = len(state.winners) + 1
    card = policy(seat, legal, hands[seat], hands, state.length, state.winning, number)
    return PLAY_ACTION[CARD[card]]


def card_policy(contract: str, rng: Rng, ahead: int = AHEAD) -> TrickPolicy | PositionPolicy:
    """The rollout's card play in ``contract`` with ``rng`` for its luck, as the policy of
    the game's playouts (``worlds(view).playout``), which ask it only when there is more
    than one card to choose from: in Open Trousers a random position (``rng.below``,
    QL-17), else ``normal``'s modes (the module docstring) on masks of card ints
    (``card_bits``). ``rollout_action`` asks it too.

    The policy takes ``rng``'s values ``ahead`` at a time (``next_u64s``) and uses them one
    by one in order: the same values for the same tests and picks as ``next_u64`` and
    ``choice`` would give, a list's ``pop`` per value rather than a method of the
    generator, but ``rng`` is moved on past the values of the last batch (a rollout's own
    generator, dropped afterwards; ``rollout_action``, whose generator goes on, takes one
    at a time)."""
    if contract in BLIND:
        return rng.below
    return _card_policy(contract, rng, ahead, [])


def playout_policies(contract: str) -> Callable[[int], TrickPolicy | PositionPolicy]:
    """``start(luck)``: the policy ``card_policy(contract, Rng(luck))`` for one playout, the
    same policy every time, its generator set back to ``Rng(luck)``'s state and the values
    it took ahead dropped: a search plays hundreds of playouts per decision, and each new
    policy would cost a generator and a closure. The first ``AHEAD`` values are worked out
    at the start and kept for the next start with the same ``luck`` (a paired search
    starts every candidate of a world with the same luck)."""
    if contract in BLIND:
        return lambda luck: Rng(luck).below
    rng = Rng(0)
    values: list[int] = []
    policy = _card_policy(contract, rng, AHEAD, values)
    take = rng.next_u64s
    last = -1  # the last ``luck``, its first values (the next one last), the state after
    first: list[int] = []
    after = 0

    def start(luck: int) -> TrickPolicy:
        nonlocal last, after
        if luck != last:
            rng.state = luck  # as ``Rng(luck)`` (``luck`` is a 64-bit value)
            first[:] = reversed(take(AHEAD))
            last, after = luck, rng.state
        values[:] = first
        rng.state = after
        return policy

    return start


def _card_policy(contract: str, rng: Rng, ahead: int, values: list[int]) -> TrickPolicy:
    """``card_policy`` in a trick contract played by sight, taking ``rng``'s values into
    ``values`` (empty to start with)."""
    modes = MODES[contract]
    safe = SAFE[contract]
    costly = COSTLY[contract]
    explore_below = EXPLORE_BELOW
    suit_mask = SUIT_MASK
    value_mask = VALUE_MASK
    higher_mask = HIGHER_MASK
    lower_mask = LOWER_MASK
    pop = values.pop  # ``rng``'s next values taken ahead, the next one last
    extend = values.extend
    take = rng.next_u64s

    def explore(legal: int) -> int:
        """``rng.choice`` of the cards of ``legal`` as listed (QL-7: in hand order, the
        suits as ``HAND_SUITS`` and each from its lowest card), found without listing."""
        count = legal.bit_count()
        limit = LIMITS[count]
        while True:
            if not values:
                extend(reversed(take(ahead)))
            value = pop()
            if value < limit:  # ``below``'s rejection: about once in 2**61 draws
                break
        index = value % count
        for suit in HAND_SUITS:
            cards = legal & suit_mask[suit]
            held = cards.bit_count()
            if index < held:
                for _ in range(index):
                    cards &= cards - 1  # the lowest card off
                return (cards & -cards).bit_length() - 1
            index -= held
        raise AssertionError("unreachable: ``index`` is below the cards of ``legal``")

    def policy(
        seat: int, legal: int, hand: int, hands: list[int], length: int, winning: int, number: int
    ) -> int:
        # ``normal``'s modes written out here rather than called: a rollout asks once per
        # card with a choice. Masks (``card_bits``): the top bit is the highest card of a
        # suit, or of a rank and then suit letter across suits (``max`` by ``LOW_KEY``).
        if not values:
            extend(reversed(take(ahead)))
        if pop() < explore_below:  # ``rng.random() < EXPLORE``, two steps fewer
            return explore(legal)
        mode = modes[number]
        if winning < 0:  # leading
            if mode == "win":  # the highest card, of the longest suit when tied
                card = legal.bit_length() - 1
                tied = legal & value_mask[card >> 2]
                return card if not tied & (tied - 1) else _by_length(tied, hand, 4, True)
            if mode == "dump":
                return legal.bit_length() - 1
            cards = legal & safe or legal
        elif not legal & suit_mask[winning & 3]:  # void: nothing played can win
            if mode == "lose":  # the costliest card, then the highest, of the shortest suit
                for cards in costly:
                    cards &= legal
                    if cards:
                        tied = cards & value_mask[(cards.bit_length() - 1) >> 2]
                        if not tied & (tied - 1):
                            return tied.bit_length() - 1
                        return _by_length(tied, hand, -4, True)
            if mode == "dump":
                return legal.bit_length() - 1
            cards = legal
        # ``legal`` is of the suit led, and so is ``winning``.
        elif mode == "win":
            beating = legal & higher_mask[winning]
            if not beating:
                return (legal & -legal).bit_length() - 1
            cheapest = (beating & -beating).bit_length() - 1
            if length == 3:
                return cheapest
            # The cheapest card that beats it, if no seat still to play (the next ``3 -
            # length``, 1 or 2 seats) holds a higher card of the suit; else the highest.
            over = higher_mask[cheapest]
            if hands[(seat + 1) & 3] & over or (length == 1 and hands[(seat + 2) & 3] & over):
                return beating.bit_length() - 1
            return cheapest
        elif mode == "dump":
            return legal.bit_length() - 1
        elif mode == "save":
            return (legal & -legal).bit_length() - 1
        else:
            under = legal & lower_mask[winning]
            if under:
                return under.bit_length() - 1
            return legal.bit_length() - 1 if length == 3 else (legal & -legal).bit_length() - 1
        # The lowest card of ``cards``, of the shortest suit when tied.
        card = (cards & -cards).bit_length() - 1
        tied = cards & value_mask[card >> 2]
        return card if not tied & (tied - 1) else _by_length(tied, hand, 4, False)

    return policy


MODES: dict[str, tuple[str, ...]] = {
    name: tuple(mode_for(name, number) for number in range(TRICKS + 2)) for name in TRICK_CONTRACTS
}
"""``mode_for(contract, trick_number)`` by contract, then trick number (looked up)."""

PENALTIES: dict[str, dict[str, int]] = {
    name: {card: penalty(name, card) for card in french_deck()} for name in TRICK_CONTRACTS
}
"""``penalty(contract, card)`` by contract, then card."""

BLIND = frozenset(name for name, rules in TRICK_CONTRACTS.items() if rules.visibility == "blind")
"""The contracts played by position (Open Trousers, QL-17)."""
SAFE: dict[str, int] = {
    name: mask_of(card for card, cost in costs.items() if cost == 0)
    for name, costs in PENALTIES.items()
}
"""The cards that cost nothing in a contract (``penalty`` 0), as a mask."""
COSTLY: dict[str, tuple[int, ...]] = {
    name: tuple(
        mask_of(card for card, cost in costs.items() if cost == level)
        for level in sorted(set(costs.values()), reverse=True)
    )
    for name, costs in PENALTIES.items()
}
"""A contract's cards by ``penalty``, as masks, the costliest first: the card to shed when
void (``normal``'s most costly, then highest, card) is the highest of the first that meets
the cards held."""


def _by_length(tied: int, hand: int, weight: int, highest: bool) -> int:
    """Of ``tied`` (cards of one rank), the card whose ``weight * length + suit`` is the
    highest (or the lowest), ``length`` being the cards ``hand`` holds of its suit: with
    ``weight`` 4, by suit length and then suit letter, with -4 the shortest suit first."""
    best = -1
    best_key = 0
    while tied:
        low = tied & -tied
        tied ^= low
        card = low.bit_length() - 1
        suit = card & 3
        key = weight * (hand & SUIT_MASK[suit]).bit_count() + suit
        if best < 0 or (key > best_key if highest else key < best_key):
            best, best_key = card, key
    return best


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
