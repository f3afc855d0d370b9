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
from typing import ClassVar

from ...errors import IllegalActionError
from ...game import JSON, Game
from ...messages import Message, message
from ...registry import register
from ...rng import Rng
from ...views import NineVirtuesZones
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

    # The round's state (set by ``_start_round``; read it, never set it: only the rules and
    # the game's worlds, ``worlds.py``, do).
    dealer: int
    hands: list[list[int]]
    """Every seat's hand, sorted (hidden information)."""
    centre: list[int]
    bids: list[list[int]]
    killed: list[int]
    known: list[list[int]]
    """Per seat, the ranks the table knows are in its hand (taken by Swap)."""
    turns: int
    """Turns played this round."""
    stage: str
    """``play``, ``call`` or ``over`` (the view's ``phase``)."""

    @classmethod
    def _check_options(cls, options: dict[str, JSON], players: int) -> None:
        limit = options["swap_limit"]
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, int) or limit < 1
        ):
            raise IllegalActionError("bad-option", "nv-swap-limit-option", value=repr(limit))
        if options["deal"] is not None:
            explicit_deal(options["deal"], players)

    # --- the round's state in a search's rollouts ------------------------------------------

    @property
    def turn(self) -> int:
        """The number of the turn being played this round, from 1 (NV-6, NV-8)."""
        return self.turns + 1

    def rollout_state(self) -> RolloutState:
        """What a rollout policy reads, in one call instead of one property each (a search
        asks it at every step of thousands of playouts): ``(seat, stage, turn, hands,
        centre, bids, killed, known, kills_allowed, swaps_allowed)``, each as the property
        of that name (``seat``: ``to_act``). The lists are the world's own: never edit
        them."""
        stage = self.stage
        turns = self.turns
        seat = None if self.is_over or self._halted else self._current_seat()
        return (
            seat,
            stage,
            turns + 1,
            self.hands,
            self.centre,
            self.bids,
            self.killed,
            self.known,
            self.kills_allowed,
            self.swaps_allowed,
        )

    def playout_copy(self) -> NineVirtues:
        """A copy of this world that plays on apart from it (the same state, its own
        lists): a search that plays several actions in one world (``worlds(view).world``) copies it
        for each instead of building it again. (A playout world's copy shares its logs and its
        generator: it writes no log and halts when its round is scored, dealing nothing.)"""
        game = NineVirtues.__new__(NineVirtues)
        state = vars(game)
        state.update(vars(self))
        state["hands"] = list(map(list, self.hands))
        state["centre"] = list(self.centre)
        state["bids"] = list(map(list, self.bids))
        state["killed"] = list(self.killed)
        state["known"] = list(map(list, self.known))
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
        """NV-6: no Kill until every player has had one turn this round."""
        return self.stage == PLAY and self.turns >= self.players

    @property
    def swaps_allowed(self) -> bool:
        """NV-8: with ``swap_limit`` set, Swap only on turns 1..swap_limit."""
        limit: int | None = self.options["swap_limit"]
        return self.stage == PLAY and (limit is None or self.turns < limit)

    # --- rounds --------------------------------------------------------------------------

    def _setup(self) -> None:
        dealer = self.options["dealer"]
        if dealer is None:
            dealer = self.rng.below(self.players)
            self._chance("first-dealer", {"seat": dealer})
        self.dealer = dealer
        given = self.options["deal"]
        self._start_round(explicit_deal(given, self.players) if given is not None else None)

    def _start_round(self, deal: Deal | None) -> None:
        """Deal round ``self._round`` (NV-3) and hand the first turn to the dealer's left."""
        if deal is None:
            deal = shuffled_deal(self.rng, self.players)
        self._chance("deal", {"round": self._round, "dealer": self.dealer, **deal.to_json()})
        self.hands = [list(hand) for hand in deal.hands]
        self.centre = list(deal.centre)
        self.bids = [[] for _ in range(self.players)]
        self.killed = []
        self.known = [[] for _ in range(self.players)]
        self.turns = 0
        self.stage = PLAY
        self.public_log = []
        self._announce(None, "deal", dealer=self.dealer, centre=list(self.centre))

    def _end_play(self) -> None:
        """The centre is empty (NV-7): the holder of the 1 calls (NV-9), else score now."""
        if self._holder_of_one() is not None:
            self.stage = CALL
        else:
            self._score(None)

    def _score(self, call: int | None) -> None:
        scores, detail = score_round(
            self.hands,
            self.bids,
            self.killed,
            self._holder_of_one(),
            call,
            detail=not self.in_playout,  # a playout world keeps no score-sheet detail
        )
        self._score_round(scores, detail)
        if self._round == self.players:  # NV-2: everyone has dealt once
            self.stage = OVER
            self._finish()
            return
        if self._halted:  # a playout world stops at the end of its round
            return
        self._round += 1
        self.dealer = (self.dealer + 1) % self.players  # NV-2: the deal passes left
        self._start_round(None)

    def _holder_of_one(self) -> int | None:
        for seat, hand in enumerate(self.hands):
            if ONE in hand:
                return seat
        return None

    # --- turns ---------------------------------------------------------------------------

    def _player(self) -> int:
        """NV-4: whose turn it is in play: turns go left from the dealer's left."""
        return (self.dealer + 1 + self.turns) % self.players

    def _current_seat(self) -> int | None:
        if self.stage == CALL:
            return self._holder_of_one()
        return self._player()

    def _legal(self) -> list[str]:
        if self.stage == CALL:
            return list(ALL_CALLS)
        ranks = frozenset(self.centre)
        block = CENTRES.get(ranks) or centre_actions(ranks)
        actions = list(block.moves if self.kills_allowed else block.bids)  # NV-5, NV-6
        if self.swaps_allowed:  # NV-8
            swaps = block.swaps
            hand = frozenset(self.hands[self._player()])
            for give in GIVES.get(hand) or gives(hand):
                actions += swaps[give]
        return actions

    def _parse(self, text: str) -> str:
        return parse_canonical(text).text

    def _why_illegal(self, action: str) -> Message:
        act = parse_canonical(action)
        if self.stage == CALL:
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
            if not self.kills_allowed:
                return message("nv-kill-not-yet", from_turn=self.players + 1, turn=self.turn)
            return self._not_in_centre(action, act.ranks[0])
        give, take = act.ranks
        limit = self.options["swap_limit"]
        if not self.swaps_allowed:
            return message("nv-swap-limit", limit=limit, turn=self.turn)
        if give not in self.hands[seat]:
            return message("nv-none-to-give", rank=give)
        return self._not_in_centre(action, take)

    def _not_in_centre(self, action: str, rank: int) -> Message:
        if rank not in self.centre:
            return message("nv-not-in-centre", rank=rank)
        return message("not-allowed-now", action=action)  # pragma: no cover - legal() has it

    def _apply(self, action: str) -> None:
        verb, ranks = CANONICAL.get(action) or parse_action(action)
        if verb == "call":  # only in the call phase (NV-9): the holder of the 1 calls
            self._announce(self._holder_of_one(), action)
            self._score(ranks[0])
            return
        seat = self._player()
        centre = self.centre
        if verb == "swap":
            give, take = ranks
            hand = self.hands[seat]
            hand.remove(give)
            insort(hand, take)
            centre.remove(take)
            insort(centre, give)
            # What the table knows of this hand: the given card leaves, the taken one joins.
            known = self.known[seat]
            if give in known:
                known.remove(give)
            insort(known, take)
        elif verb == "bid":
            centre.remove(ranks[0])
            self.bids[seat].append(ranks[0])
        else:  # kill
            centre.remove(ranks[0])
            self.killed.append(ranks[0])
        self.turns = turns = self.turns + 1
        if not self._playout:  # ``_announce`` written out: once per action
            self.public_log.append({"seat": seat, "action": action, "turn": turns})
        if not centre:
            self._end_play()

    # --- views ---------------------------------------------------------------------------

    def _phase(self) -> str:
        return self.stage

    def _zones(self, seat: int | None) -> NineVirtuesZones:
        zones: NineVirtuesZones = {
            "hand": [] if seat is None else list(self.hands[seat]),
            "centre": list(self.centre),
            "bids": [list(row) for row in self.bids],
            "killed": list(self.killed),
            "hand_sizes": [len(hand) for hand in self.hands],
            "known": [list(row) for row in self.known],
            "aside_size": aside_size(self.players),
            "dealer": self.dealer,
            "turn": self.turn if self.stage == PLAY else self.turns,
            "kills_allowed": self.kills_allowed,
            "swaps_allowed": self.swaps_allowed,
            "swap_limit": self.options["swap_limit"],
            "caller": self._holder_of_one() if self.stage == CALL else None,
        }
        return zones
