"""Scoring a Nine Virtues round (NV-9 to NV-13).

* NV-9: the 1 in a hand counts as the rank its holder called (a 1 killed or set aside counts
  for nobody).
* NV-10: bid cards never count as hand cards.
* NV-11: for each rank r, every player with the highest hand count of r (at least 1) scores
  +r, once per rank.
* NV-12: each bid card of rank r scores +r for a player with the most hand cards of r (ties
  included), -r otherwise.
* NV-13: if nobody holds an r, every bid r scores +r (everyone is tied at zero).

``score_round`` returns the scores and a JSON-serialisable breakdown for the score sheet:
the hands as revealed at round end (public once the round is scored), the call, and per rank
the counts, the hand-point winners and each bid card's points.
"""

from __future__ import annotations

from typing import Any

from ...cards import PAIRS_RANKS

ONE = 1
"""The wild card of NV-9."""


def hand_counts(hand: list[int], call: int | None) -> list[int]:
    """How many cards of each rank ``hand`` holds for scoring, the 1 as ``call`` (NV-9):
    ``counts[r]`` for rank ``r`` (index 0 unused)."""
    counts = [0] * 11
    for rank in hand:
        counts[rank] += 1
    ones = counts[ONE]
    if ones:
        # Only the holder of the 1 ever reaches scoring with one, and they must call first.
        assert call is not None, "the 1 is scored only after it is called"
        counts[ONE] = 0
        counts[call] += ones
    return counts


def score_round(
    hands: list[list[int]],
    bids: list[list[int]],
    killed: list[int],
    caller: int | None,
    call: int | None,
    *,
    detail: bool = True,
) -> tuple[list[int], dict[str, Any] | None]:
    """Round scores per seat and the score-sheet breakdown (NV-9 to NV-13); without
    ``detail`` (a playout world's round), the scores alone and ``None``."""
    if not detail:
        return round_scores(hands, bids, caller, call), None
    players = len(hands)
    seats = range(players)
    counts = [
        hand_counts(hand, call if seat == caller else None) for seat, hand in enumerate(hands)
    ]
    columns = list(map(list, zip(*counts, strict=True)))
    """``columns[r][seat]``: the seat's hand count of rank ``r``."""
    bidders: list[list[int]] = [[] for _ in range(11)]
    """Per rank, the seat of each bid card of it, in seat order then bid order."""
    for seat, row in enumerate(bids):
        for card in row:
            bidders[card].append(seat)
    hand_points = [0] * players
    bid_points = [0] * players
    ranks: list[dict[str, Any]] = []
    for rank in PAIRS_RANKS:
        per_seat = columns[rank]
        most = max(per_seat)
        # NV-11: hand points only when somebody holds the rank at all.
        winners = [seat for seat in seats if per_seat[seat] == most] if most >= 1 else []
        for seat in winners:
            hand_points[seat] += rank
        bid_lines: list[dict[str, int]] = []
        for seat in bidders[rank]:
            # NV-12 and NV-13: with nobody holding the rank, everyone leads at zero.
            points = rank if per_seat[seat] == most else -rank
            bid_points[seat] += points
            bid_lines.append({"seat": seat, "points": points})
        ranks.append({"rank": rank, "counts": per_seat, "hand_winners": winners, "bids": bid_lines})
    scores = [hand_points[seat] + bid_points[seat] for seat in seats]
    breakdown: dict[str, Any] = {
        "hands": [sorted(hand) for hand in hands],
        "call": None if caller is None else {"seat": caller, "rank": call},
        "bids": [list(row) for row in bids],
        "killed": list(killed),
        "ranks": ranks,
        "hand_points": hand_points,
        "bid_points": bid_points,
    }
    return scores, breakdown


def round_scores(
    hands: list[list[int]], bids: list[list[int]], caller: int | None, call: int | None
) -> list[int]:
    """``score_round``'s scores alone (NV-9 to NV-13), in fewer steps: what a playout world
    scores its round with. The 1 in the caller's hand counts as ``call`` (NV-9); each seat
    scores +r for every rank r it holds as many of as the most anyone holds (NV-11), and
    each of its bid cards of rank r +r if it holds as many r as the most (none held:
    everyone does, NV-13), else -r (NV-10, NV-12)."""
    if caller is not None:
        assert call is not None, "the 1 is scored only after it is called"
        called = list(hands[caller])
        called.remove(ONE)
        called.append(call)
        hands = [called if seat == caller else hand for seat, hand in enumerate(hands)]
    counts: list[list[int]] = []
    most = [0] * 11
    for hand in hands:
        row = [0] * 11
        for rank in hand:
            row[rank] += 1
        counts.append(row)
        for rank in set(hand):
            if row[rank] > most[rank]:
                most[rank] = row[rank]
    scores: list[int] = []
    for hand, row, bid_row in zip(hands, counts, bids, strict=True):
        points = 0
        for rank in set(hand):  # the ranks it holds
            if row[rank] == most[rank]:
                points += rank
        for rank in bid_row:
            points += rank if row[rank] == most[rank] else -rank
        scores.append(points)
    return scores
