"""Sampling Nine Virtues states from one seat's view, for the ``hard`` search (no peeking).

Only the view goes in. What the view and this round's public log (``view["log"]``) tell the
deciding seat, and so what every sampled state respects exactly:

* its own hand, the centre, every bid row and the killed cards (NV-5);
* each other hand holds its ``known`` cards (ranks it took from the centre by Swap and has
  not given back) and as many more unseen cards as its hand size leaves room for;
* the set-aside cards (NV-3) are unseen: they take whatever of the unseen cards the other
  hands do not;
* the 55-card deck (PD-1): the unseen cards are the deck less everything the seat sees;
* in the ``call`` phase the caller holds the 1 (NV-9: the caller's identity is public);
* the turn, dealer, totals, round, score sheet and this round's log are the view's.

The unseen cards are dealt at random into those places, each other seat's share kept with a
probability (its weight, at most 1) that weighs what play has suggested about that seat,
else drawn again (rejection sampling, seat by seat: see ``draw_hidden``):

* a Swap that gave a rank not known to be in the giver's hand shows that the giver was
  dealt that rank. The card is public now, so it constrains nothing directly, but it makes
  deals with more of that rank likelier: with ``g`` cards of a rank shown this way and ``u``
  more of it left in the hand, the draw is kept with probability ``1 / C(u + g, g)``, which
  is exactly the posterior if play says nothing else about hands;
* players bid ranks they hold (NV-12 makes any other bid a likely loss; the ``normal``
  player held the rank at 91% of its bids, against 45% for a random other seat), so a draw
  in which another seat held none of a rank it bid, at the time it bid it, is kept with
  probability ``BID_WITHOUT``; and players seldom kill a rank they hold, so a draw in which
  a seat held the rank it killed is kept with probability ``KILL_WITH``. The holding at the
  time of the action is the current one corrected by the seat's later (public) swaps.

Nothing else is read into other seats' choices. Everything here is a function of the view
and the ``Rng`` alone, so two games that look the same to the seat give the same samples.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from math import comb
from typing import Any

from ...cards import PAIRS_COUNTS, PAIRS_RANKS
from ...games.nine_virtues import CALL
from ...rng import Rng
from ...views import NineVirtuesView, seat_of

View = NineVirtuesView

ONE = 1
BID_WITHOUT = 0.15
"""Weight of a world in which a seat bid a rank it held none of (module docstring)."""
KILL_WITH = 0.5
"""Weight of a world in which a seat killed a rank it held some of (module docstring)."""
MAX_DRAWS = 50
"""Draws of one seat's cards before the last one is kept anyway (rarely reached)."""


@dataclass(frozen=True)
class Inference:
    """What a seat's view says about the hidden cards (computed once per view)."""

    seat: int
    players: int
    unseen: tuple[int, ...]
    """Ranks the seat cannot see (other hands' unknown cards and the set-aside cards),
    sorted, the 1 left out when ``forced`` places it."""
    slots: tuple[int, ...]
    """Per seat: hand cards to draw from ``unseen`` (0 for the seat itself)."""
    forced: tuple[tuple[int, ...], ...]
    """Per seat: cards it surely holds beyond ``known`` (the caller's 1)."""
    shown: tuple[tuple[tuple[int, int], ...], ...]
    """Per seat: ``(rank, count)`` of cards it gave by Swap from the unknown part of its
    hand, i.e. ranks it was dealt (see the module docstring)."""
    hints: tuple[Hint, ...] = ()
    """What other seats' Bids and Kills suggest about their hands (module docstring)."""


@dataclass(frozen=True)
class Hint:
    """A Bid or Kill by another seat: a sampled world in which that seat then held none of
    the rank is weighted ``if_none``, one in which it held some ``if_some``."""

    seat: int
    rank: int
    offset: int
    """Cards of the rank the seat held then beyond those now in its unknown part: its known
    and forced cards now, plus those it has given away by Swap since, less those taken."""
    if_none: float
    if_some: float


def infer(view: View) -> Inference:
    """Read a seat's view: the unseen cards, the slots to fill, and the log's evidence."""
    seat = seat_of(view)
    players: int = view["players"]
    known: list[list[int]] = view["known"]
    seen: Counter[int] = Counter(view["hand"]) + Counter(view["centre"])
    seen.update(view["killed"])
    for row in view["bids"]:
        seen.update(row)
    for other in range(players):
        if other != seat:
            seen.update(known[other])
    unseen: list[int] = []
    for rank in PAIRS_RANKS:
        left = PAIRS_COUNTS[rank] - seen[rank]
        if left < 0:
            raise ValueError(f"view shows {seen[rank]} cards of rank {rank}; the deck has fewer")
        unseen.extend([rank] * left)
    slots = [
        0 if other == seat else view["hand_sizes"][other] - len(known[other])
        for other in range(players)
    ]
    forced: list[tuple[int, ...]] = [() for _ in range(players)]
    caller = view.get("caller")
    # NV-9: only the holder of the 1 calls, so the caller holds it.
    if view["phase"] == CALL and caller not in (None, seat) and ONE not in known[caller]:
        unseen.remove(ONE)
        slots[caller] -= 1
        forced[caller] = (ONE,)
    if min(slots) < 0 or sum(slots) > len(unseen):
        raise ValueError("view's hand sizes do not fit the unseen cards")
    return Inference(
        seat=seat,
        players=players,
        unseen=tuple(unseen),
        slots=tuple(slots),
        forced=tuple(forced),
        shown=_shown_by_swaps(view["log"], players, seat),
        hints=_hints(view["log"], seat, known, forced, unseen),
    )


def _hints(
    log: list[dict[str, Any]],
    seat: int,
    known: list[list[int]],
    forced: list[tuple[int, ...]],
    unseen: list[int],
) -> tuple[Hint, ...]:
    """The Bids and Kills of other seats this round, as ``Hint``s (module docstring)."""
    hints: list[Hint] = []
    for index, entry in enumerate(log):
        actor = entry.get("seat")
        action = entry.get("action")
        if actor is None or actor == seat or not isinstance(action, str):
            continue
        verb, *words = action.split()
        if verb not in ("bid", "kill"):
            continue
        rank = int(words[0])
        offset = known[actor].count(rank) + forced[actor].count(rank)
        for later in log[index + 1 :]:
            later_action = later.get("action")
            if later.get("seat") != actor or not isinstance(later_action, str):
                continue
            later_verb, *ranks = later_action.split()
            if later_verb == "swap":
                offset += (int(ranks[0]) == rank) - (int(ranks[1]) == rank)
        if offset > 0 or rank not in unseen:
            continue  # the same weight in every world: it tells the sampler nothing
        if verb == "bid":
            hints.append(Hint(actor, rank, offset, BID_WITHOUT, 1.0))
        else:
            hints.append(Hint(actor, rank, offset, 1.0, KILL_WITH))
    return tuple(hints)


def _shown_by_swaps(
    log: list[dict[str, Any]], players: int, seat: int
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Replay this round's swaps with the engine's ``known`` rule (a swap first forgets one
    known copy of the given rank, else the card came from the unknown part) and count, per
    other seat, the ranks given from the unknown part."""
    known: list[list[int]] = [[] for _ in range(players)]
    shown: list[Counter[int]] = [Counter() for _ in range(players)]
    for entry in log:
        action = entry.get("action")
        giver = entry.get("seat")
        if not isinstance(action, str) or not action.startswith("swap ") or giver is None:
            continue
        give, take = (int(word) for word in action.split()[1:])
        if give in known[giver]:
            known[giver].remove(give)
        else:
            shown[giver][give] += 1
        known[giver].append(take)
    return tuple(
        () if other == seat else tuple(sorted(shown[other].items())) for other in range(players)
    )


def draw_hidden(inference: Inference, rng: Rng) -> list[list[int]]:
    """The unknown part of every hand (the seat's own entry empty), drawn from the unseen
    cards with the weighting of the module docstring; the rest is set aside.

    Seat by seat in seat order, each draw is kept with that seat's own weight, else that
    seat draws again from what the seats before it left (up to ``MAX_DRAWS`` times; then
    the last draw stands). Drawing seat by seat keeps a draw cheap however many hints there
    are; it is exact for one weighted seat and close otherwise (a later seat's chances do
    not feed back into an earlier seat's draw)."""
    cards = list(inference.unseen)
    start = 0
    parts: list[list[int]] = []
    for seat, count in enumerate(inference.slots):
        shown = inference.shown[seat]
        hints = [hint for hint in inference.hints if hint.seat == seat]
        for attempt in range(MAX_DRAWS):
            # A partial Fisher-Yates shuffle of what is left: only ``count`` cards are needed.
            rng.shuffle_from(cards, start, count)
            part = cards[start : start + count]
            if not (shown or hints) or attempt == MAX_DRAWS - 1:
                break
            if rng.random() < _weight(part, shown, hints):
                break
        parts.append(part + list(inference.forced[seat]))
        start += count
    return parts


def _weight(part: list[int], shown: tuple[tuple[int, int], ...], hints: list[Hint]) -> float:
    """One seat's weight, in [0, 1]: ``1 / C(u + g, g)`` per rank it showed it was dealt,
    times each of its hints' factor (module docstring)."""
    weight = 1.0
    for rank, count in shown:
        left = part.count(rank)
        if left:
            weight /= comb(left + count, count)
    for hint in hints:
        held = part.count(hint.rank) + hint.offset
        weight *= hint.if_some if held else hint.if_none
    return weight
