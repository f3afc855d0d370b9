"""Nine Virtues (RULES.md NV-1 to NV-14, on the Pairs deck PD-1, PD-2).

The game's structure: N rounds with the deal passing left (NV-2), each dealt afresh (NV-3,
``deal.py``); turns from the dealer's left (NV-4) of Bid, Swap or Kill (NV-5 to NV-8) until
the centre is empty (NV-7); then the call of the 1 (NV-9) and the round's scoring (NV-10 to
NV-13, ``scoring.py``), added to the totals (NV-14).

Choices where the rules are silent (written here so players and tests can rely on them):

* The turn count of NV-6 and NV-8 restarts at 1 each round; ``turn`` in a view is the
  number of the turn being played (in the call phase: of the last turn played).
* A first dealer drawn at random is drawn from the seed before the first deal; an explicit
  ``deal`` replaces only the shuffle, not that draw.
* The call of the 1 is made once the centre is empty, before any hand is shown; the
  caller's identity is public from then on (it is their decision), the called rank becomes
  public with the scoring, which follows at once.
* ``known`` (public knowledge of a hand) forgets nothing but what Swap gives away: a swap
  gives H (one known H, if any, is forgotten) and then takes C (C becomes known). So a swap
  of equal ranks still makes that rank known, since its owner now surely holds one.
* The set-aside cards are never shown, not even at scoring; the hands are shown at scoring
  (they decide the score) in the score sheet.
* The public log holds the current round only (it starts with the deal's public part); the
  score sheet keeps every scored round with its revealed hands and the call.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import chain
from operator import le
from typing import Any, ClassVar

from ...cards import PAIRS_COUNTS, PAIRS_RANKS
from ...errors import IllegalActionError, WorldError
from ...game import JSON, Game
from ...messages import Message, message
from ...registry import register
from ...rng import Rng
from .deal import Deal, aside_size, explicit_deal, shuffled_deal
from .notation import (
    ALL_CALLS,
    CANONICAL,
    CENTRES,
    GIVES,
    centre_actions,
    gives,
    parse_action,
    parse_canonical,
)
from .scoring import ONE, score_round

PLAY = "play"
CALL = "call"
OVER = "over"

RolloutState = tuple[
    int | None,
    str,
    int,
    list[list[int]],
    list[int],
    list[list[int]],
    list[int],
    list[list[int]],
    bool,
    bool,
]
"""``NineVirtues.rollout_state()``: seat to act, stage, turn, hands, centre, bids, killed,
known, kills allowed, swaps allowed."""


@register
class NineVirtues(Game):
    """Nine Virtues for 3 to 6 players (NV-1)."""

    GAME_ID: ClassVar[str] = "nine-virtues"
    NAME: ClassVar[str] = "Nine Virtues"
    MIN_PLAYERS: ClassVar[int] = 3
    MAX_PLAYERS: ClassVar[int] = 6
    DEFAULT_PLAYERS: ClassVar[int] = 4
    GAME_OPTIONS: ClassVar[dict[str, JSON]] = {"swap_limit": None}

    # Round state (set by ``_start_round``), declared for the type checker.
    _dealer: int
    _hands: list[list[int]]
    _centre: list[int]
    _bids: list[list[int]]
    _killed: list[int]
    _known: list[list[int]]
    _turns: int
    _stage: str

    @classmethod
    def _check_options(cls, options: dict[str, JSON], players: int) -> None:
        limit = options["swap_limit"]
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, int) or limit < 1
        ):
            raise IllegalActionError("bad-option", "nv-swap-limit-option", value=repr(limit))
        if options["deal"] is not None:
            explicit_deal(options["deal"], players)

    # --- worlds built from a view, for search -------------------------------------------------

    @classmethod
    def from_view(
        cls, view: Mapping[str, JSON], hidden: Sequence[Sequence[int]], *, playout: bool = True
    ) -> NineVirtues:
        """The full state that ``view`` (a seat's view of a round in play) shows, with
        ``hidden[s]`` the cards of seat ``s``'s hand that the viewer cannot see: all of it but
        its ``known`` cards (``hidden[viewer]`` is empty). The set-aside cards are the rest of
        the deck. Everything public, the viewer's hand, the turn, the dealer, the totals,
        the score sheet and this round's log are the view's, so the world's own
        ``view(viewer)`` equals ``view``.

        ``WorldError`` unless the assignment fits the view: each hidden part fills its hand to
        the hand size, every card is a rank of the Pairs deck and no rank is placed more
        often than the deck holds it (PD-1), and in the call phase the caller holds the 1
        (NV-9). With ``playout`` (the default) the world is for a search's playouts
        (``Game.in_playout``): it halts once this round is scored and keeps no log.

        ``world_maker(view)`` does the same for many assignments to one view, reading the
        view once."""
        return cls.world_maker(view, playout=playout)(hidden)

    @classmethod
    def world_maker(
        cls, view: Mapping[str, JSON], *, playout: bool = True
    ) -> Callable[[Sequence[Sequence[int]]], NineVirtues]:
        """``from_view`` for one view and many assignments: the view is checked and read
        once, then ``world(hidden)`` checks and builds each world (``WorldError`` as
        ``from_view``: the same checks, in the same order). A search samples hundreds of
        worlds per view."""
        cls.check_world_view(view)
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
        new_world = cls.world_factory(view, playout=playout)

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
                cls._check_hidden(view, hidden)
            hands = [
                list(own) if other == seat else sorted([*known[other], *hidden[other]])
                for other in range(players)
            ]
            if caller is not None and ONE not in hands[caller]:
                raise WorldError("world-caller-without-one")
            game: NineVirtues = new_world()
            game._dealer = dealer
            game._hands = hands
            game._centre = list(centre)
            game._bids = list(map(list, bids))
            game._killed = list(killed)
            game._known = list(map(list, known))
            game._stage = stage
            game._turns = turns
            return game

        return world

    @staticmethod
    def _check_hidden(view: Mapping[str, JSON], hidden: Sequence[Sequence[int]]) -> None:
        """``WorldError`` unless ``hidden`` fits ``view`` (``from_view``) in size and ranks."""
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
                raise WorldError(
                    "world-hidden-size", seat=other, size=want, count=len(hidden[other])
                )
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

    # --- read-only state, for a search's rollouts in a world (never the real game's) -------

    @property
    def stage(self) -> str:
        """``play``, ``call`` or ``over`` (the view's ``phase``)."""
        return self._stage

    @property
    def hands(self) -> Sequence[Sequence[int]]:
        """Every seat's hand, sorted (hidden information: for worlds built by
        ``from_view``)."""
        return self._hands

    @property
    def centre(self) -> Sequence[int]:
        return self._centre

    @property
    def bids(self) -> Sequence[Sequence[int]]:
        return self._bids

    @property
    def killed(self) -> Sequence[int]:
        return self._killed

    @property
    def known(self) -> Sequence[Sequence[int]]:
        """Per seat, the ranks the table knows are in its hand (taken by Swap)."""
        return self._known

    @property
    def turn(self) -> int:
        """The number of the turn being played this round, from 1 (NV-6, NV-8)."""
        return self._turns + 1

    def rollout_state(self) -> RolloutState:
        """What a rollout policy reads, in one call instead of one property each (a search
        asks it at every step of thousands of playouts): ``(seat, stage, turn, hands,
        centre, bids, killed, known, kills_allowed, swaps_allowed)``, each as the property
        of that name (``seat``: ``to_act``). The lists are the world's own: never edit
        them."""
        stage = self._stage
        turns = self._turns
        players = self.players
        seat = None if self.is_over or self._halted else self._current_seat()
        limit = self.options["swap_limit"]
        playing = stage == PLAY
        return (
            seat,
            stage,
            turns + 1,
            self._hands,
            self._centre,
            self._bids,
            self._killed,
            self._known,
            playing and turns >= players,  # NV-6, as ``_kills_allowed``
            playing and (limit is None or turns < limit),  # NV-8, as ``_swaps_allowed``
        )

    def playout_copy(self) -> NineVirtues:
        """A copy of this world that plays on apart from it (the same state, its own
        lists): a search that plays several actions in one world (``from_view``) copies it
        for each instead of building it again. (A playout world's copy shares its logs and its
        generator: it writes no log and halts when its round is scored, dealing nothing.)"""
        game = NineVirtues.__new__(NineVirtues)
        state = vars(game)
        state.update(vars(self))
        state["_hands"] = list(map(list, self._hands))
        state["_centre"] = list(self._centre)
        state["_bids"] = list(map(list, self._bids))
        state["_killed"] = list(self._killed)
        state["_known"] = list(map(list, self._known))
        state["_totals"] = list(self._totals)
        state["_sheet"] = list(self.score_sheet)
        state.pop("_sheet_later", None)  # none is waiting: ``score_sheet`` made them
        if not self._playout:
            state["log"] = list(self.log)
            state["public_log"] = list(self.public_log)
            rng = state["rng"] = Rng(0)
            rng.state = self.rng.state
        return game

    @property
    def kills_allowed(self) -> bool:
        """NV-6: Kill is open (every player has had a turn this round)."""
        return self._kills_allowed()

    @property
    def swaps_allowed(self) -> bool:
        """NV-8: Swap is open this turn (``swap_limit``)."""
        return self._swaps_allowed()

    # --- rounds --------------------------------------------------------------------------

    def _setup(self) -> None:
        dealer = self.options["dealer"]
        if dealer is None:
            dealer = self.rng.below(self.players)
            self._chance("first-dealer", {"seat": dealer})
        self._dealer = dealer
        given = self.options["deal"]
        self._start_round(explicit_deal(given, self.players) if given is not None else None)

    def _start_round(self, deal: Deal | None) -> None:
        """Deal round ``self._round`` (NV-3) and hand the first turn to the dealer's left."""
        if deal is None:
            deal = shuffled_deal(self.rng, self.players)
        self._chance("deal", {"round": self._round, "dealer": self._dealer, **deal.to_json()})
        self._hands = [list(hand) for hand in deal.hands]
        self._centre = list(deal.centre)
        self._bids = [[] for _ in range(self.players)]
        self._killed = []
        self._known = [[] for _ in range(self.players)]
        self._turns = 0
        self._stage = PLAY
        self.public_log = []
        self._announce(None, "deal", dealer=self._dealer, centre=list(self._centre))

    def _end_play(self) -> None:
        """The centre is empty (NV-7): the holder of the 1 calls (NV-9), else score now."""
        if self._holder_of_one() is not None:
            self._stage = CALL
        else:
            self._score(None)

    def _score(self, call: int | None) -> None:
        scores, detail = score_round(
            self._hands,
            self._bids,
            self._killed,
            self._holder_of_one(),
            call,
            detail=not self.in_playout,  # a playout world keeps no score-sheet detail
        )
        self._score_round(scores, detail)
        if self._round == self.players:  # NV-2: everyone has dealt once
            self._stage = OVER
            self._finish()
            return
        if self._halted:  # a playout world stops at the end of its round
            return
        self._round += 1
        self._dealer = (self._dealer + 1) % self.players  # NV-2: the deal passes left
        self._start_round(None)

    def _holder_of_one(self) -> int | None:
        for seat, hand in enumerate(self._hands):
            if ONE in hand:
                return seat
        return None

    # --- turns ---------------------------------------------------------------------------

    @property
    def _turn(self) -> int:
        """The number of the turn being played this round, from 1 (NV-6, NV-8)."""
        return self._turns + 1

    def _kills_allowed(self) -> bool:
        """NV-6: no Kill until every player has had one turn this round."""
        return self._stage == PLAY and self._turns >= self.players

    def _swaps_allowed(self) -> bool:
        """NV-8: with ``swap_limit`` set, Swap only on turns 1..swap_limit."""
        limit: int | None = self.options["swap_limit"]
        return self._stage == PLAY and (limit is None or self._turn <= limit)

    def _current_seat(self) -> int | None:
        if self._stage == CALL:
            return self._holder_of_one()
        return (self._dealer + 1 + self._turns) % self.players  # NV-4

    def _legal(self) -> list[str]:
        if self._stage == CALL:
            return list(ALL_CALLS)
        turns = self._turns
        ranks = frozenset(self._centre)
        block = CENTRES.get(ranks) or centre_actions(ranks)
        # NV-5, and NV-6 as ``_kills_allowed``: Kill from turn N + 1.
        actions = list(block.moves if turns >= self.players else block.bids)
        limit = self.options["swap_limit"]
        if limit is None or turns < limit:  # NV-8, as ``_swaps_allowed``
            swaps = block.swaps
            # NV-4, as ``_current_seat``: the seat to act's hand.
            hand = frozenset(self._hands[(self._dealer + 1 + turns) % self.players])
            for give in GIVES.get(hand) or gives(hand):
                actions += swaps[give]
        return actions

    def _parse(self, text: str) -> str:
        return parse_canonical(text).text

    def _why_illegal(self, action: str) -> Message:
        act = parse_canonical(action)
        if self._stage == CALL:
            return message("nv-call-now")
        if act.verb == "call":
            return message("nv-nothing-to-call")
        seat = self._current_seat()
        assert seat is not None
        if act.verb == "bid":
            if act.ranks[0] == ONE:
                return message("nv-one-never-bid")
            return self._not_in_centre(action, act.ranks[0])
        if act.verb == "kill":
            if not self._kills_allowed():
                return message("nv-kill-not-yet", from_turn=self.players + 1, turn=self._turn)
            return self._not_in_centre(action, act.ranks[0])
        give, take = act.ranks
        limit = self.options["swap_limit"]
        if not self._swaps_allowed():
            return message("nv-swap-limit", limit=limit, turn=self._turn)
        if give not in self._hands[seat]:
            return message("nv-none-to-give", rank=give)
        return self._not_in_centre(action, take)

    def _not_in_centre(self, action: str, rank: int) -> Message:
        if rank not in self._centre:
            return message("nv-not-in-centre", rank=rank)
        return message("not-allowed-now", action=action)  # pragma: no cover - legal() has it

    def _apply(self, action: str) -> None:
        verb, ranks = CANONICAL.get(action) or parse_action(action)
        if verb == "call":  # only in the call phase (NV-9): the holder of the 1 calls
            self._announce(self._holder_of_one(), action)
            self._score(ranks[0])
            return
        turns = self._turns
        seat = (self._dealer + 1 + turns) % self.players  # NV-4, as ``_current_seat``
        centre = self._centre
        if verb == "swap":
            give, take = ranks
            hand = self._hands[seat]
            hand.remove(give)
            insort(hand, take)
            centre.remove(take)
            insort(centre, give)
            # What the table knows of this hand: the given card leaves, the taken one joins.
            known = self._known[seat]
            if give in known:
                known.remove(give)
            insort(known, take)
        elif verb == "bid":
            centre.remove(ranks[0])
            self._bids[seat].append(ranks[0])
        else:  # kill
            centre.remove(ranks[0])
            self._killed.append(ranks[0])
        self._turns = turns = turns + 1
        if not self._playout:  # ``_announce`` written out: once per action
            self.public_log.append({"seat": seat, "action": action, "turn": turns})
        if not centre:
            self._end_play()

    # --- views ---------------------------------------------------------------------------

    def _phase(self) -> str:
        return self._stage

    def _zones(self, seat: int | None) -> dict[str, JSON]:
        zones: dict[str, Any] = {
            "hand": [] if seat is None else list(self._hands[seat]),
            "centre": list(self._centre),
            "bids": [list(row) for row in self._bids],
            "killed": list(self._killed),
            "hand_sizes": [len(hand) for hand in self._hands],
            "known": [list(row) for row in self._known],
            "aside_size": aside_size(self.players),
            "dealer": self._dealer,
            "turn": self._turn if self._stage == PLAY else self._turns,
            "kills_allowed": self._kills_allowed(),
            "swaps_allowed": self._swaps_allowed(),
            "swap_limit": self.options["swap_limit"],
            "caller": self._holder_of_one() if self._stage == CALL else None,
        }
        return zones
