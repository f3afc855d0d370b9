"""A search's playout of the rest of one Quodlibet trick deal (QL-7), without a game object:
the loop that ``Quodlibet.playout_maker`` runs for every playout.

The deal is the one ``TricksDeal`` plays (the same cards, the same winners, the same
scores: ``Contract.points``), in the local variables of one loop: the hands are the
playout's own lists, a trick is a list of ``(seat, card)`` plays, the card winning it is
kept as it falls, and nothing is logged or checked again. A search plays hundreds of these
per decision; the game object's calls per card (``play_unchecked``, the deal's ``play``,
the end of the deal and its score sheet) are what it saves.

The seat to act chooses with ``policy`` (``TrickPolicy``) whenever it has more than one
legal card; a single legal card is played without asking.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...cards import SUITS, french_deck
from ...tricks import Play, Trick
from .contracts import Contract
from .contracts.base import PLAYERS, TRICKS
from .tricks_deal import HIGHER, PLAYS

TrickPolicy = Callable[
    [int, list[str], list[str], list[list[str]], list[Play], "str | None", int], str
]
"""``policy(seat, legal, hand, hands, trick, winning, number) -> card``: the card that
``seat`` plays, one of ``legal`` (the cards it may play, QL-7: a list of two or more, in
the order of ``hand``). ``hand`` is the seat's hand, ``hands`` every seat's (the playout's
own lists, in the order held: sorted by suit then rank, but in Open Trousers, QL-17),
``trick`` the plays of the trick so far (empty when ``seat`` leads), ``winning`` the card
winning it so far (None when ``seat`` leads) and ``number`` the trick's number (1 to 8).
A policy reads these and never edits them."""

NEXT_SEAT = (*range(1, PLAYERS), 0)
"""The seat to each seat's left, who plays next (QL-7)."""

IN_SUIT: dict[str, Callable[[str], bool]] = {
    suit: frozenset(card for card in french_deck() if card[1] == suit).__contains__
    for suit in SUITS
}
"""Is a card of this suit (made once, for ``filter``: the cards of a hand that follow)."""


def play_deal(
    rules: Contract,
    hands: list[list[str]],
    trick: Sequence[Play],
    tricks: Sequence[Trick],
    to_act: int,
    card: str,
    policy: TrickPolicy,
) -> list[int]:
    """Play ``card`` for ``to_act``, then the rest of the deal with ``policy`` choosing for
    every seat, and return each seat's points for the deal (``rules.points``).

    ``hands`` are the cards each seat holds, the playout's own lists (they are played
    from); ``trick`` the trick in progress and ``tricks`` those done, as ``TricksDeal``
    keeps them. ``card`` must be legal for ``to_act`` (one of its cards, following suit
    where ``rules`` says one must): nothing is checked here."""
    follow = rules.must_follow
    higher = HIGHER
    in_suit = IN_SUIT
    plays = PLAYS
    next_seat = NEXT_SEAT
    done = list(tricks)
    current = list(trick)
    winner = -1
    winning: str | None = None
    for seat, played in current:  # the trick in progress: who is winning it (QL-7)
        if winning is None or played in higher[winning]:
            winner, winning = seat, played
    number = len(done) + 1
    turn = to_act
    while True:
        hand = hands[turn]
        hand.remove(card)
        current.append(plays[turn][card])
        if winning is None or card in higher[winning]:
            winner, winning = turn, card
        if len(current) < PLAYERS:
            turn = next_seat[turn]
        else:  # the trick is complete: its winner takes it and leads the next (QL-7)
            done.append(Trick.won_by(tuple(current), winner))
            if number == TRICKS:
                return rules.points(done)
            number += 1
            current = []
            winning = None
            turn = winner
        hand = hands[turn]
        if winning is None or not follow:
            legal = hand
        else:
            legal = [*filter(in_suit[winning[1]], hand)] or hand
        card = (
            legal[0]
            if len(legal) == 1
            else policy(turn, legal, hand, hands, current, winning, number)
        )
