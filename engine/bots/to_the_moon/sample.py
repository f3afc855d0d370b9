"""What a To the Moon seat knows, and guessed worlds consistent with it, for the ``hard``
search (``engine/bots/to_the_moon/hard.py``). Everything here is read from the seat's own
view: no game object goes in, so a guess can never peek.

What the view says (RULES.md TM-1, TM-7..TM-9, PD-1):

* the seat's own hand, the trick, every hand size, the deck size, who is in, the score-pile
  counts, the dealer, the leader, the totals, the round and the score sheet;
* this round's public log: every card turned (``lead``, ``test``), every card built, every
  card taken into a hand (a failed ``test`` card, a ``withdraw R``) and every trick won
  (``win`` lists its cards, so the cards in this round's score piles are known).

From that the sampler infers, per other seat, the cards it must still hold: a card it was
seen taking stays known until that seat builds the same rank (the card built may have been
the taken one or one it was dealt; either way one fewer is known). This is the least number
of that rank the seat can hold now, a count that never goes below zero (``held_by_others``).
The shown card (TM-8) is one of these. All other cards, the *unseen* ones, are the 55 Pairs
cards less the seat's hand, the trick, this round's won cards and the known held cards.

A guess shuffles the unseen cards uniformly and deals them, in seat order, to fill up each
other hand to its size around its known cards; the rest is the deck in that random order.
A uniform shuffle of the physical cards makes every split of the unseen multiset among the
hands and the deck as likely as it is under the random deal; how players chose to act is not
used as evidence (that would need a model of their minds).

A guess is a ``GuessedMoon``: the game class itself with one difference, the next round is
never dealt, because the search only plays to the end of the current round (it saves a
shuffle and a deep copy of the deal per playout).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ...cards import PAIRS_COUNTS
from ...games.to_the_moon.game import ToTheMoon
from ...rng import Rng

View = dict[str, Any]


class GuessedMoon(ToTheMoon):
    """A sampled To the Moon state: plays exactly like the game until the round is scored,
    then stops instead of dealing the next round (the search never looks past it)."""

    left: list[int]
    """Per rank, the cards not yet in a score pile this round (for the rollout policy's
    card counting: what a seat cannot see is these less its hand and the trick)."""

    def _win_trick(self, seat: int, *, perfect: bool) -> None:
        for rank in self.trick:
            self.left[rank] -= 1
        super()._win_trick(seat, perfect=perfect)

    def _start_round(self) -> None:
        # Called only from _end_round: the round the search was playing is over.
        self.turn = None


def held_by_others(view: View) -> list[Counter[int]]:
    """Per seat, the cards it was seen taking into hand this round (TM-7, TM-8) and has not
    built again since; empty for the viewer, whose hand is known anyway."""
    me = view["seat"]
    held: list[Counter[int]] = [Counter() for _ in range(view["players"])]
    for entry in view["log"]:
        seat = entry.get("seat")
        if seat is None or seat == me:
            continue
        action = str(entry.get("action", ""))
        if action == "test" and not entry.get("joined", True):
            held[seat][entry["card"]] += 1
        elif action.startswith("withdraw ") and entry.get("took") is not None:
            held[seat][entry["took"]] += 1
        elif action.startswith("build ") and held[seat][entry["card"]] > 0:
            held[seat][entry["card"]] -= 1
    return [+counts for counts in held]


def won_this_round(view: View) -> Counter[int]:
    """The cards in this round's score piles: every ``win`` of this round's log lists them."""
    won: Counter[int] = Counter()
    for entry in view["log"]:
        if entry.get("action") == "win":
            won.update(entry["cards"])
    return won


def perfects_this_round(view: View) -> list[int]:
    """Perfect countdowns won this round, per seat (only the log tells)."""
    perfects = [0] * view["players"]
    for entry in view["log"]:
        if entry.get("action") == "win" and entry.get("perfect"):
            perfects[entry["seat"]] += 1
    return perfects


@dataclass(frozen=True)
class Knowledge:
    """Everything a guess needs, worked out once per view (the search samples many)."""

    view: View
    held: tuple[tuple[int, ...], ...]
    """Per seat, the known cards it holds (sorted); the viewer's entry is its whole hand."""
    unseen: tuple[int, ...]
    """The unseen cards (sorted): other hands' unknown cards plus the deck."""
    perfects: tuple[int, ...]
    left: tuple[int, ...]
    """Per rank (index 0 unused), the cards not in this round's score piles."""


def knowledge(view: View) -> Knowledge:
    """Read what the view reveals; ``ValueError`` if the view is not a consistent seat view
    of a round in play (a card counted twice, a hand smaller than its known cards)."""
    me: int = view["seat"]
    players: int = view["players"]
    held = held_by_others(view)
    unseen = Counter(PAIRS_COUNTS)
    unseen.subtract(view["hand"])
    unseen.subtract(view["trick"])
    won = won_this_round(view)
    unseen.subtract(won)
    for seat in range(players):
        unseen.subtract(held[seat])
    if any(count < 0 for count in unseen.values()):
        raise ValueError("the view shows more cards of a rank than the deck holds")
    sizes: list[int] = view["hand_sizes"]
    for seat in range(players):
        if seat != me and sum(held[seat].values()) > sizes[seat]:
            raise ValueError(f"seat {seat} holds fewer cards than it was seen taking")
    hidden = sum(sizes[s] - sum(held[s].values()) for s in range(players) if s != me)
    if sum(unseen.values()) != hidden + view["deck_size"]:
        raise ValueError("the view's card counts do not add up to the 55 Pairs cards")
    known = tuple(
        tuple(sorted(view["hand"])) if seat == me else tuple(sorted(held[seat].elements()))
        for seat in range(players)
    )
    return Knowledge(
        view=view,
        held=known,
        unseen=tuple(sorted(unseen.elements())),
        perfects=tuple(perfects_this_round(view)),
        left=tuple(PAIRS_COUNTS[rank] - won[rank] for rank in range(11)),
    )


def guess(known: Knowledge, rng: Rng) -> GuessedMoon:
    """A full state consistent with ``known.view``: the unseen cards shuffled, each other
    hand filled up around its known cards in seat order, the rest is the deck (top first)."""
    view = known.view
    me: int = view["seat"]
    players: int = view["players"]
    sizes: list[int] = view["hand_sizes"]
    pool = rng.shuffled(known.unseen)
    hands: list[list[int]] = []
    start = 0
    for seat in range(players):
        hand = list(known.held[seat])
        if seat != me:
            need = sizes[seat] - len(hand)
            hand.extend(pool[start : start + need])
            start += need
            hand.sort()
        hands.append(hand)
    game = GuessedMoon.bare(players, view["options"])
    game.dealer = view["dealer"]
    game.leader = view["leader"]
    game.hands = hands
    game.deck = pool[start:]
    game.trick = list(view["trick"])
    game.is_in = list(view["in"])
    game.piles = list(view["piles"])
    game.shown = list(view["shown"])
    game.tricks_won = list(view["tricks_won"])
    game.perfects = list(known.perfects)
    game.left = list(known.left)
    game.turn = view["to_act"]
    game._round = view["round"]
    game._totals = list(view["totals"])
    game.score_sheet = list(view["score_sheet"])  # rounds scored later append; never edit
    game.public_log = list(view["log"])  # the same: entries are only ever appended
    return game
