"""Nine Virtues' worlds for search (OpenSpiel's ``resample_from_infostate``): the full state
of a round from one seat's view plus an assignment of the cards that seat cannot see,
checked against what the view shows.

One entry point, ``worlds(view)``: it checks and reads the view once and returns its
``Worlds``, whose ``world(hidden)`` every computer player uses: a ``NineVirtues`` whose own
``view(viewer)`` equals ``view``. A search plays each of its candidates in a copy of one
world (``NineVirtues.playout_copy``) and reads the round's state in one call
(``NineVirtues.rollout_state``).

The world is built here, not by a bot, because which assignments fit a view is a rules
question (PD-1: the deck; NV-8: the ranks known taken by Swap; NV-9: the caller holds the 1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import chain
from operator import le

from ...cards import PAIRS_COUNTS, PAIRS_RANKS
from ...errors import WorldError
from ...game import JSON
from ...worlds import ViewWorlds
from .game import CALL, PLAY, NineVirtues
from .scoring import ONE

World = Callable[[Sequence[Sequence[int]]], NineVirtues]
"""``world(hidden)`` (``Worlds.world``)."""


class Worlds(ViewWorlds):
    """The worlds of one seat's view of a round in play (``worlds(view)``)."""

    GAME = NineVirtues

    def __init__(self, view: Mapping[str, JSON], *, playout: bool = True) -> None:
        super().__init__(view, playout=playout)
        self.world: World = _world_maker(view, playout)
        """``world(hidden)``: the full state that the view (a seat's view of a round in
        play) shows, with ``hidden[s]`` the cards of seat ``s``'s hand that the viewer
        cannot see: all of it but its ``known`` cards (``hidden[viewer]`` is empty). The
        set-aside cards are the rest of the deck. Everything public, the viewer's hand, the
        turn, the dealer, the totals, the score sheet and this round's log are the view's,
        so the world's own ``view(viewer)`` equals ``view``.

        ``WorldError`` unless the assignment fits the view: each hidden part fills its hand
        to the hand size, every card is a rank of the Pairs deck and no rank is placed more
        often than the deck holds it (PD-1), and in the call phase the caller holds the 1
        (NV-9). With ``playout`` (``worlds``'s default) the world is for a search's playouts
        (``Game.in_playout``): it halts once this round is scored and keeps no log."""


def worlds(view: Mapping[str, JSON], *, playout: bool = True) -> Worlds:
    """The worlds of ``view`` (a seat's view of a round in play): ``WorldError`` unless it
    is one. Read once per view object: a search asks for the worlds of one view many times,
    and a view handed out is never edited (a changed view is a new dict)."""
    return Worlds.of(view, playout=playout)


def _world_maker(view: Mapping[str, JSON], playout: bool) -> World:
    """``Worlds.world`` of ``view``: the view is read once, then ``world(hidden)`` checks
    and builds each world (the same checks, in the same order, whichever way)."""
    seat: int = view["seat"]
    players: int = view["players"]
    known: list[list[int]] = view["known"]
    stage: str = view["phase"]
    own: list[int] = view["hand"]
    centre: list[int] = view["centre"]
    bids: list[list[int]] = view["bids"]
    killed: list[int] = view["killed"]
    dealer: int = view["dealer"]
    caller: int | None = view["caller"] if stage == CALL else None
    # A view's ``turn`` is the turn being played; in the call phase, the last one played.
    turns: int = view["turn"] - 1 if stage == PLAY else view["turn"]
    # The quick check of an assignment (``fits``): the hidden parts' sizes, and per rank
    # the cards of it the view leaves unplaced (``room``; None: the view is checked the
    # long way, card by card, every time).
    sizes: list[int] | None
    room: list[int] | None
    try:
        sizes = [
            0 if other == seat else view["hand_sizes"][other] - len(known[other])
            for other in range(players)
        ]
        shown = [*own, *centre, *killed]
        for other in range(players):
            shown += bids[other]
            if other != seat:
                shown += known[other]
        seen = bytes(shown).count
        room = [PAIRS_COUNTS[rank] - seen(rank) for rank in PAIRS_RANKS]
        if min(room) < 0 or len(shown) != sum(map(seen, PAIRS_RANKS)):
            room = None
    except (TypeError, ValueError, KeyError, IndexError):
        sizes = room = None
    new_world = NineVirtues.world_factory(view, playout=playout)

    def fits(hidden: Sequence[Sequence[int]]) -> bool:
        """True if ``hidden`` passes every check of ``_check_hidden`` (else that says
        why not, the long way)."""
        if room is None:
            return False
        try:
            if [*map(len, hidden)] != sizes:
                return False
            placed = bytes(chain.from_iterable(hidden))
        except (TypeError, ValueError):
            return False
        return not placed or (
            min(placed) >= 1
            and max(placed) <= 10
            and all(map(le, map(placed.count, PAIRS_RANKS), room))
        )

    def world(hidden: Sequence[Sequence[int]]) -> NineVirtues:
        if not fits(hidden):
            _check_hidden(view, hidden)
        hands = [
            list(own) if other == seat else sorted([*known[other], *hidden[other]])
            for other in range(players)
        ]
        if caller is not None and ONE not in hands[caller]:
            raise WorldError("world-caller-without-one")
        game: NineVirtues = new_world()
        game.dealer = dealer
        game.hands = hands
        game.centre = list(centre)
        game.bids = list(map(list, bids))
        game.killed = list(killed)
        game.known = list(map(list, known))
        game.stage = stage
        game.turns = turns
        return game

    return world


def _check_hidden(view: Mapping[str, JSON], hidden: Sequence[Sequence[int]]) -> None:
    """``WorldError`` unless ``hidden`` fits ``view`` (``worlds(view).world``) in size and ranks."""
    seat: int = view["seat"]
    players: int = view["players"]
    known: list[list[int]] = view["known"]
    if len(hidden) != players:
        raise WorldError("world-hidden-count", players=players)
    placed: Counter[int] = Counter(view["hand"]) + Counter(view["centre"])
    placed.update(view["killed"])
    for row in view["bids"]:
        placed.update(row)
    for other in range(players):
        want = 0 if other == seat else view["hand_sizes"][other] - len(known[other])
        if len(hidden[other]) != want:
            raise WorldError("world-hidden-size", seat=other, size=want, count=len(hidden[other]))
        if other != seat:
            placed.update(known[other])
            placed.update(hidden[other])
    for rank, count in placed.items():
        if rank not in PAIRS_COUNTS or count > PAIRS_COUNTS[rank]:
            raise WorldError(
                "world-rank-too-often",
                count=count,
                value=repr(rank),
                deck=PAIRS_COUNTS.get(rank, 0),
            )
