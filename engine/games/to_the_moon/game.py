"""To the Moon (RULES.md TM-1..TM-11, on the Pairs deck PD-1, PD-2): the game's structure
(rounds, dealers, scoring) and the play of a trick.

Each round the deck is shuffled and dealt (TM-1; ``deal.py``), the dealer turns the top deck
card as the countdown and leads (TM-3). On a turn a player who is in builds, tests or
withdraws (TM-7); when one player is left in, they win the trick (TM-9) and lead the next one
by turning the top deck card, or end the round if the deck is empty (TM-10). Score piles add
to the totals (TM-11); after six rounds the highest total wins, ties share (TM-2).

Where the rules are silent, this module plays it as a careful player would expect:

* Turning a countdown (the first lead and every later lead) is not a decision, so it is not
  an action: it happens at once and is announced as ``lead`` in the public log. The first
  decision of a trick belongs to the leader's left (TM-6).
* Withdraw from a trick of two or more cards must take a card (the rule says "take one card
  of the player's choice"), so bare ``withdraw`` is legal only on a one-card trick, and
  ``withdraw R`` only on a bigger one.
* A player who is in with no hand cards and an empty deck can neither build nor test: their
  only moves are withdraws. Some withdraw is always legal (a trick never holds zero cards
  while it is being played), so the seat to act always has a legal action.
* A Test that completes all ten ranks wins the trick at once, like a Build (TM-7, resolved).
* If the countdown itself is the last deck card, the trick is played out with Build and
  Withdraw only (Test is illegal on an empty deck) and the round ends at the next lead
  (TM-10, resolved). The same holds whenever the deck runs out mid-trick.
* A perfect countdown wins at once even while other players are still in; they come back in
  for the next trick like everyone else.
* The card a player took when going out (by a failed Test or by Withdraw) is ``shown`` until
  the next lead, or until the round ends if no lead follows (TM-8). A bare ``withdraw``
  shows nothing. Cards taken this way are announced in the public log too.
* Hands left at round end score nothing (TM-11) and are never revealed: nothing about them
  is needed for scoring.
* The public log holds the current round only; earlier rounds live on in the score sheet,
  whose detail lists piles, tricks won and perfect countdowns per seat.
* The first dealer, when not given, is drawn from the seeded generator and recorded as a
  chance outcome.
"""

from __future__ import annotations

from bisect import insort
from typing import ClassVar

from ...game import JSON, MOVE_ENTRIES, Game, LogEntry
from ...messages import Message, message
from ...registry import register
from ...views import ToTheMoonZones
from .deal import ROUNDS, check_deal, shuffled_deal
from .notation import (
    ACTIONS,
    BIT,
    BUILD,
    BUILD_VERB,
    TEST_VERB,
    WITHDRAW,
    build_actions,
    other_actions,
    parse_action,
    rank_counts,
    rank_mask,
    split_action,
)

ALL_RANKS = 10
"""TM-4: a trick holds at most one card of each of the ten ranks."""

_SEATS = range(len(MOVE_ENTRIES))
_RANKS = range(1, ALL_RANKS + 1)
BUILT: tuple[dict[str, LogEntry], ...] = tuple(
    {BUILD[r]: {"seat": s, "action": BUILD[r], "card": r, "perfect": False} for r in _RANKS}
    for s in _SEATS
)
WITHDRAWN: tuple[dict[str, LogEntry], ...] = tuple(
    {
        "withdraw": {"seat": s, "action": "withdraw", "took": None},
        **{WITHDRAW[r]: {"seat": s, "action": WITHDRAW[r], "took": r} for r in _RANKS},
    }
    for s in _SEATS
)
"""The public log's entries of a build that does not complete the countdown and of a
withdrawal, by seat and action, made once and shared by every game (log entries are never
edited: views copy them; ``game.MOVE_ENTRIES`` does the same for the game log)."""

_BUILDS: list[list[str] | None] = [None] * 1024
"""``build_actions(mask)`` by buildable-rank mask (ranks are bits 0-9), filled in as masks
come up: a list indexed by the mask, since a list look-up is cheaper than a dict's ``get``
(above all in Pyodide). The lists are shared: never edited."""
_OTHERS_DECK: list[list[str] | None] = [None] * 1024
_OTHERS_NO_DECK: list[list[str] | None] = [None] * 1024
"""``other_actions(trick_ranks, deck)`` by countdown mask, with and without a deck, filled in
as they come up (shared lists: never edited). A state's legal list is the builds and these
joined (TM-7)."""


@register
class ToTheMoon(Game):
    """To the Moon for 2 to 6 players (TM-1)."""

    GAME_ID = "to-the-moon"
    NAME = "To the Moon"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    DEFAULT_PLAYERS = 4
    GAME_OPTIONS: ClassVar[dict[str, JSON]] = {}

    dealer: int
    leader: int
    hands: list[list[int]]
    """Each seat's ranks, kept sorted (PD-2: same-rank cards are interchangeable)."""
    deck: list[int]
    """The face-down deck, top card first."""
    trick: list[int]
    """The countdown: ranks in play order (TM-4)."""
    is_in: list[bool]
    piles: list[int]
    """Cards won this round, per seat (TM-9)."""
    shown: list[int | None]
    """Per seat, the card taken when going out, until the next lead (TM-8)."""
    tricks_won: list[int]
    perfects: list[int]
    won: list[int]
    """Per rank (index 0 unused), the cards in this round's score piles (public: every
    ``win`` in the log lists its cards)."""
    turn: int | None
    hand_counts: list[list[int]]
    """Per seat, how many cards of each rank (index 0 unused) it holds, in step with
    ``hands``."""
    hand_ranks: list[int]
    """Per seat, the ranks in its hand as a bit mask (bit ``r`` for rank ``r``), kept in step
    with ``hands``: legal builds without a scan."""
    trick_ranks: int
    """The ranks in ``trick`` as a bit mask."""
    # 29 instance attributes with the base class's: at 30 or more, CPython 3.11 keeps an
    # instance's attributes in a dict of its own and every attribute access is slower
    # (a ``dict`` look-up rather than a slot of the class's shared layout): count before
    # adding one (tests/test_to_the_moon.py checks it).

    # --- set-up ---------------------------------------------------------------------------

    @classmethod
    def _check_options(cls, options: dict[str, JSON], players: int) -> None:
        if options["deal"] is not None:
            check_deal(options["deal"], players)

    def _setup(self) -> None:
        """TM-2: the first dealer is chosen (option ``dealer``) or drawn."""
        dealer = self.options["dealer"]
        if dealer is None:
            dealer = self.rng.below(self.players)
            self._chance("dealer", {"dealer": dealer})
        self.dealer = dealer
        self._start_round()

    def _start_round(self) -> None:
        """TM-1, TM-3: shuffle and deal (or use the given first deal), then the dealer leads."""
        self.public_log = []
        given = self.options["deal"] if self._round == 1 else None
        if given is not None:
            hands, deck = check_deal(given, self.players)
        else:
            hands, deck = shuffled_deal(self.rng, self.players, self.dealer)
        self._chance(
            "deal", {"round": self._round, "dealer": self.dealer, "hands": hands, "deck": deck}
        )
        self.hands = hands
        self.hand_counts = [rank_counts(hand) for hand in hands]
        self.hand_ranks = [rank_mask(hand) for hand in hands]
        self.deck = deck
        self.piles = [0] * self.players
        self.tricks_won = [0] * self.players
        self.perfects = [0] * self.players
        self.won = [0] * (ALL_RANKS + 1)
        self._lead(self.dealer)

    # --- play -----------------------------------------------------------------------------

    def _lead(self, seat: int) -> None:
        """TM-3, TM-5, TM-10: everyone is in and ``seat`` turns the top card of the deck;
        with an empty deck the round ends instead."""
        players = self.players
        self.leader = seat
        self.is_in = [True] * players
        self.shown = [None] * players
        deck = self.deck
        if not deck:
            self.trick = []
            self.trick_ranks = 0
            self._end_round()
            return
        card = deck.pop(0)
        self.trick = [card]
        self.trick_ranks = BIT[card]
        if not self._playout:
            self.public_log.append(
                {"seat": seat, "action": "lead", "card": card, "deck_size": len(deck)}
            )
        self.turn = (seat + 1) % players  # everyone is in (TM-5)

    def _next_in(self, seat: int) -> int:
        """TM-6: the next player clockwise from ``seat`` who is still in (someone other than
        ``seat`` always is while a trick is played)."""
        is_in = self.is_in
        players = self.players
        nxt = seat + 1
        while True:
            if nxt == players:
                nxt = 0
            if is_in[nxt]:
                return nxt
            nxt += 1

    def _apply(self, action: str) -> None:
        """TM-7: build, test or withdraw; then TM-9 if only one player is left in. A build or
        a Test that turns a new rank keeps everyone in, so only going out can end a trick
        short of a perfect countdown. Going out (TM-7, TM-8): the seat is out, with the card
        it takes (if any) into hand, face up."""
        seat = self.turn
        assert seat is not None
        verb, rank, bit = ACTIONS[action]
        trick = self.trick
        if verb == BUILD_VERB:
            self.hands[seat].remove(rank)
            counts = self.hand_counts[seat]
            left = counts[rank] - 1
            counts[rank] = left
            if not left:
                self.hand_ranks[seat] ^= bit
            trick.append(rank)
            self.trick_ranks |= bit
            perfect = len(trick) == ALL_RANKS
            if not self._playout:
                self.public_log.append(
                    {"seat": seat, "action": action, "card": rank, "perfect": True}
                    if perfect
                    else BUILT[seat][action]
                )
            if perfect:
                self._win_trick(seat, True)
                return
            nxt = seat + 1
            if nxt == self.players:
                nxt = 0
            self.turn = nxt if self.is_in[nxt] else self._next_in(nxt)
            return
        taken: int | None
        if verb == TEST_VERB:
            deck = self.deck
            card = deck.pop(0)
            bit = BIT[card]
            if not self.trick_ranks & bit:
                trick.append(card)
                self.trick_ranks |= bit
                perfect = len(trick) == ALL_RANKS
                if not self._playout:
                    self.public_log.append(
                        {
                            "seat": seat,
                            "action": action,
                            "card": card,
                            "joined": True,
                            "perfect": perfect,
                            "deck_size": len(deck),
                        }
                    )
                if perfect:
                    self._win_trick(seat, True)
                    return
                nxt = seat + 1
                if nxt == self.players:
                    nxt = 0
                self.turn = nxt if self.is_in[nxt] else self._next_in(nxt)
                return
            if not self._playout:
                self.public_log.append(
                    {
                        "seat": seat,
                        "action": action,
                        "card": card,
                        "joined": False,
                        "perfect": False,
                        "deck_size": len(deck),
                    }
                )
            taken = card
        elif rank:
            trick.remove(rank)
            self.trick_ranks ^= bit
            if not self._playout:
                self.public_log.append(WITHDRAWN[seat][action])
            taken = rank
        else:
            if not self._playout:
                self.public_log.append(WITHDRAWN[seat][action])
            taken = None
        is_in = self.is_in
        is_in[seat] = False
        self.shown[seat] = taken
        if taken is not None:
            insort(self.hands[seat], taken)
            self.hand_counts[seat][taken] += 1
            self.hand_ranks[seat] |= BIT[taken]
        if is_in.count(True) == 1:
            self._win_trick(is_in.index(True), False)
            return
        nxt = seat + 1
        if nxt == self.players:
            nxt = 0
        self.turn = nxt if is_in[nxt] else self._next_in(nxt)

    def _win_trick(self, seat: int, perfect: bool) -> None:
        """TM-9, TM-10: the trick goes to ``seat``'s score pile; they lead the next one."""
        cards = self.trick
        won = self.won
        for rank in cards:
            won[rank] += 1
        self.piles[seat] += len(cards)
        self.tricks_won[seat] += 1
        if perfect:
            self.perfects[seat] += 1
        if not self._playout:
            self.public_log.append(
                {
                    "seat": seat,
                    "action": "win",
                    "cards": cards,
                    "points": len(cards),
                    "perfect": perfect,
                }
            )
        self._lead(seat)

    def _end_round(self) -> None:
        """TM-11, TM-2: piles add to the totals; the deal passes left; six rounds."""
        self.turn = None
        scores = list(self.piles)
        detail: dict[str, JSON] = {
            "dealer": self.dealer,
            "piles": scores,
            "tricks_won": list(self.tricks_won),
            "perfect_countdowns": list(self.perfects),
        }
        self._score_round(scores, detail)
        self._announce(None, "round-end", scores=scores)
        if self._round >= ROUNDS:
            self._finish()
            return
        if self._halted:  # a playout world stops at the end of its round
            return
        self._round += 1
        self.dealer = (self.dealer + 1) % self.players
        self._start_round()

    # --- questions the base class asks ----------------------------------------------------

    def _current_seat(self) -> int | None:
        return self.turn

    def _legal(self) -> list[str]:
        """TM-7: the builds of the hand's ranks not in the countdown, then Test (while the
        deck lasts) and the withdraws, each part a shared list cached by rank mask."""
        seat: int = self.turn  # type: ignore[assignment]  # asked only while in play
        trick_ranks = self.trick_ranks
        hand_ranks = self.hand_ranks[seat]
        buildable = hand_ranks ^ (hand_ranks & trick_ranks)
        builds = _BUILDS[buildable]
        if builds is None:
            builds = _BUILDS[buildable] = build_actions(buildable)
        if self.deck:
            others = _OTHERS_DECK[trick_ranks]
            if others is None:
                others = _OTHERS_DECK[trick_ranks] = other_actions(trick_ranks, True)
        else:
            others = _OTHERS_NO_DECK[trick_ranks]
            if others is None:
                others = _OTHERS_NO_DECK[trick_ranks] = other_actions(trick_ranks, False)
        return builds + others

    def _parse(self, text: str) -> str:
        return parse_action(text)

    def _why_illegal(self, action: str) -> Message:
        seat = self.turn
        verb, rank = split_action(action)
        if seat is None:  # pragma: no cover - the base class refuses every action then
            return message("not-allowed-now", action=action)
        if verb == "build":
            if rank in self.trick:
                return message("tm-in-countdown", rank=rank)
            if rank not in self.hands[seat]:
                return message("tm-not-in-hand", rank=rank)
        elif verb == "test":
            if not self.deck:
                return message("tm-deck-empty")
        elif rank is None:
            if len(self.trick) > 1:
                return message("tm-withdraw-which", rank=self.trick[-1])
        else:
            if len(self.trick) == 1:
                return message("tm-withdraw-bare")
            if rank not in self.trick:
                return message("tm-not-in-countdown", rank=rank)
        return message("not-allowed-now", action=action)  # pragma: no cover - it is legal

    def _phase(self) -> str:
        return "play"

    def _zones(self, seat: int | None) -> ToTheMoonZones:
        """API.md views; TM-8: hands are private, everything else here is public."""
        return {
            "hand": list(self.hands[seat]) if seat is not None else [],
            "trick": list(self.trick),
            "deck_size": len(self.deck),
            "in": list(self.is_in),
            "piles": list(self.piles),
            "shown": list(self.shown),
            "hand_sizes": [len(hand) for hand in self.hands],
            "dealer": self.dealer,
            "leader": self.leader,
            "tricks_won": list(self.tricks_won),
        }
