"""The ``normal`` bot's play in Snack (RULES.md QL-21..QL-23), from the deciding seat's view.

The Quodlibet bot (``engine/bots/quodlibet/normal.py``) registers the level and calls
``snack_action`` when the contract is Snack; this module does not register anything.

What it knows: its own ``hand``, the ``rows`` ends, the ``piles`` sizes and ``legal``. Every
card that is neither in its hand nor in a row is equally likely to be in any opponent's hand
or any pile, so it reasons about "the unknown cards" as one pool.

How it plays
- Playing: every play sheds one card, so the choice is about what comes next.
  1. Keep future plays: prefer the card after which it still holds the most playable cards
     (a card whose neighbour it also holds keeps its own follow-up; a jack with its 10 or
     queen in hand opens two of its own). Every turn with no play costs a pile.
  2. Hold back gifts: among those, prefer the card that opens the fewest new row ends for a
     card it does not hold (an opponent may hold it and shed a card thanks to us; an ace or a
     7 opens nothing).
  3. Ties: at random (``rng``).
- Taking (only when it cannot play): every card taken may become penalty points, and the
  three-card piles cannot be told apart, so the only real choice is the one-card pile versus
  a three-card pile. Let ``p`` be the chance the single card gives a play (it fits a row end,
  or is a jack of a row not started whose 10 or queen it holds) and ``j`` the chance it is a
  jack (laid out at once, costing nothing). Expected cards added by "single first, then a
  big pile if that fails" are ``(1 - j) + (1 - p) * 3 * (1 - j)``, by "big pile" about
  ``3 * (1 - j)``; it takes the single pile when that is cheaper (roughly when p > 1/3),
  else a random three-card pile. If only one kind is left it takes that kind.
- Passing: only when it is the one legal action.
"""

from __future__ import annotations

from ...cards import french_deck, rank_of, suit_of
from ...games.quodlibet import Rows
from ...rng import Rng
from .world import View, own_hand


def snack_action(view: View, rng: Rng) -> str:
    """A legal Snack action for ``view["seat"]``, chosen from ``view`` only."""
    legal: list[str] = view["legal"]
    if len(legal) == 1:
        return legal[0]
    hand: list[str] = list(own_hand(view))
    rows = Rows.from_view(view["rows"])
    plays = [action.split()[1] for action in legal if action.startswith("play ")]
    if plays:
        return "play " + _choose_play(plays, hand, rows, rng)
    takes = [int(action.split()[1]) for action in legal if action.startswith("take ")]
    if takes:
        return f"take {_choose_pile(takes, view['piles'], hand, rows, rng)}"
    return legal[0]


def _choose_play(cards: list[str], hand: list[str], rows: Rows, rng: Rng) -> str:
    before = set(rows.next_cards())
    best: list[str] = []
    best_key: tuple[int, int] | None = None
    for card in sorted(cards):
        after_rows = rows.copy()
        after_rows.place(card)
        rest = [c for c in hand if c != card]
        openings = [c for c in after_rows.next_cards() if c not in before]
        still_playable = sum(1 for c in rest if after_rows.fits(c))
        gifts = sum(1 for c in openings if c not in rest)
        key = (still_playable, -gifts)
        if best_key is None or key > best_key:
            best, best_key = [card], key
        elif key == best_key:
            best.append(card)
    return rng.choice(best)


def _choose_pile(
    numbers: list[int], sizes: list[int], hand: list[str], rows: Rows, rng: Rng
) -> int:
    singles = [n for n in numbers if sizes[n - 1] == 1]
    bigs = [n for n in numbers if sizes[n - 1] != 1]
    if not singles or not bigs:
        return rng.choice(sorted(numbers))
    seen = set(hand) | set(rows.on_table())
    unknown = [card for card in french_deck() if card not in seen]
    fitting = set(rows.next_cards())
    jacks = [card for card in unknown if rank_of(card) == "J"]
    useful = [
        card
        for card in unknown
        if (rank_of(card) != "J" and card in fitting)
        or (rank_of(card) == "J" and _holds_neighbour_of_jack(hand, suit_of(card)))
    ]
    # Piles remain, so ``unknown`` holds at least their cards: never empty here.
    p = len(useful) / len(unknown)
    j = len(jacks) / len(unknown)
    big_cost = 3 * (1 - j)
    single_first = (1 - j) + (1 - p) * big_cost
    return singles[0] if single_first < big_cost else rng.choice(bigs)


def _holds_neighbour_of_jack(hand: list[str], suit: str) -> bool:
    """True if a jack of ``suit`` laid out would give a play: its 10 or queen is in hand."""
    return any(card in hand for card in ("T" + suit, "Q" + suit))
