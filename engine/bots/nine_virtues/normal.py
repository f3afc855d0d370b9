"""The ``normal`` computer player for Nine Virtues (RULES.md NV-5 to NV-13).

It sees only its own view: its hand, the public cards (centre, bids, kills), what is known
of other hands (cards they took by Swap) and the hand sizes. From that it models each other
hand as its known cards plus a random draw from the cards it has not seen (hypergeometric,
computed exactly with integers, so the choice is the same on every platform), and rates:

* Bid R: the bid's expected points (+R if it ends up leading in R, -R otherwise, NV-12/13),
  plus a little for denying the card to an opponent;
* Swap H C: the change in its expected hand and bid points (NV-11/12; a 1 in hand counts as
  whichever rank it would best be called as), less the help H gives opponents in the
  centre, plus the denial of C;
* Kill R: the help R in the centre would give the opponent it suits best;
* call R: the rank that maximises its own expected score (NV-9).

Bid and Kill carry a small bonus for moving the round on, and it never makes more than
``MAX_SWAPS_IN_A_ROW`` swaps in a row while a Bid or Kill is open to it (NV-8: computer
players never stall), counting its own actions in this round's public log.
"""

from __future__ import annotations

from collections import Counter
from math import comb

from ...cards import PAIRS_COUNTS, PAIRS_RANKS
from ...games.nine_virtues import CANONICAL, parse_action
from ...rng import Rng
from ...views import NineVirtuesView, seat_of
from .. import Level

View = NineVirtuesView

MAX_SWAPS_IN_A_ROW = 2
PROGRESS_BONUS = 0.4
"""Points a Bid or Kill is worth beyond its score effect: the round must end."""
DENIAL_WEIGHT = 0.5
"""How much an opponent's gain from a centre card counts against us (only one of several
opponents can take it, and only on their turn)."""
WILD_THREAT = 4.0
"""What the 1 in the centre is worth to the opponent who takes it (a wild card)."""
ONE = 1


class Estimate:
    """What one seat can infer about the hands from its view."""

    def __init__(self, view: View) -> None:
        self.me = seat_of(view)
        self.players: int = view["players"]
        self.hand: list[int] = list(view["hand"])
        self.my_bids: list[int] = list(view["bids"][self.me])
        self.opponents = [seat for seat in range(self.players) if seat != self.me]
        known = [Counter(row) for row in view["known"]]
        self.known = known
        seen: Counter[int] = Counter(self.hand) + Counter(view["centre"]) + Counter(view["killed"])
        for row in view["bids"]:
            seen.update(row)
        for seat in self.opponents:
            seen.update(known[seat])
        self.pool = {rank: max(0, PAIRS_COUNTS[rank] - seen[rank]) for rank in PAIRS_RANKS}
        self.unknown = sum(self.pool.values())
        self.slots = {
            seat: max(0, view["hand_sizes"][seat] - sum(known[seat].values()))
            for seat in self.opponents
        }
        self._cdf: dict[tuple[int, int], list[float]] = {}
        self.mine = [0] * 11
        """Cards of each rank in ``hand`` (index 0 unused)."""
        for rank in self.hand:
            self.mine[rank] += 1
        # ``lead_chance`` and ``threat`` by their arguments: ``rate`` asks the same ones for
        # every action of a decision.
        self._leads: dict[tuple[int, int], float] = {}
        self._threats: dict[tuple[int, int], float] = {}

    def at_most(self, seat: int, rank: int, count: int) -> float:
        """P(``seat`` holds at most ``count`` cards of ``rank``)."""
        extra = count - self.known[seat][rank]
        if extra < 0:
            return 0.0
        cdf = self._cdf.get((seat, rank))
        if cdf is None:
            cdf = self._hypergeometric_cdf(self.slots[seat], self.pool[rank])
            self._cdf[(seat, rank)] = cdf
        return cdf[min(extra, len(cdf) - 1)]

    def _hypergeometric_cdf(self, draws: int, good: int) -> list[float]:
        total = comb(self.unknown, draws)
        if total == 0:
            return [1.0]
        out: list[float] = []
        running = 0
        for k in range(draws + 1):
            running += comb(good, k) * comb(self.unknown - good, draws - k)
            out.append(running / total)  # int / int is correctly rounded everywhere
        return out

    def lead_chance(self, rank: int, count: int) -> float:
        """P(a hand with ``count`` cards of ``rank`` has the most of them, ties included)."""
        key = (rank, count)
        chance = self._leads.get(key)
        if chance is None:
            chance = 1.0
            for seat in self.opponents:
                chance *= self.at_most(seat, rank, count)
            self._leads[key] = chance
        return chance

    def value(self, hand: list[int], bids: list[int]) -> float:
        """Expected hand and bid points (NV-11, NV-12) of ``hand`` and ``bids``; a 1 counts as
        its best call (NV-9)."""
        counts = [0] * 11
        for rank in hand:
            if rank != ONE:
                counts[rank] += 1
        if ONE not in hand:
            return self._value(counts, bids)
        return max(self._value(_plus(counts, call), bids) for call in PAIRS_RANKS)

    def best_call(self) -> int:
        counts = [0] * 11
        for rank in self.hand:
            if rank != ONE:
                counts[rank] += 1
        ranked = [(self._value(_plus(counts, r), self.my_bids), -r) for r in PAIRS_RANKS]
        return -max(ranked)[1]

    def _value(self, counts: list[int], bids: list[int]) -> float:
        """``counts[r]``: hand cards of rank ``r`` (the 1 already counted as its call)."""
        total = 0.0
        lead_chance = self.lead_chance
        for rank in PAIRS_RANKS:
            if counts[rank]:
                total += rank * lead_chance(rank, counts[rank])
        for rank in bids:
            total += rank * (2.0 * lead_chance(rank, counts[rank]) - 1.0)
        return total

    def threat(self, rank: int, my_count: int) -> float:
        """What a centre card of ``rank`` is worth to the opponent it suits best, if they
        bid it (NV-12): they score it when they lead the rank."""
        if rank == ONE:
            return WILD_THREAT
        key = (rank, my_count)
        best = self._threats.get(key)
        if best is None:
            best = 0.0
            for seat in self.opponents:
                rivals = [self.known[other][rank] for other in self.opponents if other != seat]
                need = max([my_count, *rivals])
                leads = 1.0 - self.at_most(seat, rank, need - 1) if need > 0 else 1.0
                best = max(best, rank * (2.0 * leads - 1.0))
            self._threats[key] = best
        return best


def _plus(counts: list[int], rank: int) -> list[int]:
    """``counts`` with one more card of ``rank`` (a copy)."""
    more = list(counts)
    more[rank] += 1
    return more


def swaps_in_a_row(view: View) -> int:
    """How many of this seat's own latest actions this round were swaps."""
    run = 0
    for entry in reversed(view["log"]):
        if entry.get("seat") != view["seat"]:
            continue
        if not str(entry.get("action", "")).startswith("swap"):
            break
        run += 1
    return run


def rate(action: str, est: Estimate, base: float) -> float:
    verb, ranks = CANONICAL.get(action) or parse_action(action)
    mine = est.mine
    if verb == "bid":
        (rank,) = ranks
        gain = est.value(est.hand, [*est.my_bids, rank]) - base
        return gain + DENIAL_WEIGHT * est.threat(rank, mine[rank]) + PROGRESS_BONUS
    if verb == "kill":
        (rank,) = ranks
        return DENIAL_WEIGHT * est.threat(rank, mine[rank]) + PROGRESS_BONUS
    give, take = ranks
    hand = list(est.hand)
    hand.remove(give)
    hand.append(take)
    same = give == take
    gain = est.value(hand, est.my_bids) - base
    return (
        gain
        + DENIAL_WEIGHT * est.threat(take, mine[take] + 1 - same)
        - DENIAL_WEIGHT * est.threat(give, mine[give] - 1 + same)
    )


def choose(view: View, rng: Rng) -> str:
    """The ``normal`` bot's action in ``view`` (one of ``view["legal"]``)."""
    legal: list[str] = view["legal"]
    est = Estimate(view)
    if view["phase"] == "call":
        action = f"call {est.best_call()}"
        return action if action in legal else legal[0]
    options = legal
    if swaps_in_a_row(view) >= MAX_SWAPS_IN_A_ROW:
        moving = [a for a in legal if not a.startswith("swap")]
        options = moving or legal
    base = est.value(est.hand, est.my_bids)
    rated = [(rate(action, est, base), action) for action in options]
    best = max(score for score, _ in rated)
    ties = [action for score, action in rated if score >= best - 1e-9]
    return rng.choice(ties)


LEVEL = Level(choose)
