"""To the Moon (RULES.md TM-1..TM-11, on the Pairs deck PD-1, PD-2): the game's structure
(rounds, dealers, scoring), what is legal, and what the table shows of the play of a trick,
whose effects are ``round.Round.play``'s (the search's playouts play the same code).

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

from typing import ClassVar

from ...game import JSON, MOVE_ENTRIES, Game, LogEntry
from ...messages import Message, message
from ...registry import register
from ...views import ToTheMoonZones
from .deal import ROUNDS, check_deal, shuffled_deal
from .notation import (
    BIT,
    BUILD,
    MOVE_CODE,
    WITHDRAW,
    WITHDRAW_NONE,
    build_actions,
    other_actions,
    parse_action,
    rank_counts,
    rank_mask,
    split_action,
)
from .round import ALL_RANKS, CARDS_OF_RANK, EVERYONE, LEAD, Round, hand_of

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
"""``build_actions(mask)`` by buildable-rank mask, filled in as masks come up: a list
indexed by the mask, since a list look-up is cheaper than a dict's ``get`` (above all in
Pyodide). The lists are shared: never edited."""
_OTHERS_DECK: list[list[str] | None] = [None] * 1024
_OTHERS_NO_DECK: list[list[str] | None] = [None] * 1024
"""``other_actions(trick_ranks, deck)`` by countdown mask, with and without a deck, filled in
as they come up (shared lists: never edited). A state's legal list is the builds and these
joined (TM-7): a new list each time, which is cheaper than a kept list of each (rank masks)
joined: thousands of lists kept are thousands of objects out of the CPU's cache."""


@register
class ToTheMoon(Game):
    """To the Moon for 2 to 6 players (TM-1). The play of a round is ``round.Round``'s: this
    class deals, parses and checks actions, hands them to the round, and keeps around it
    what the table shows (the public log, the countdown in play order, the cards shown) and
    the score sheet."""

    GAME_ID = "to-the-moon"
    NAME = "To the Moon"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    DEFAULT_PLAYERS = 4
    GAME_OPTIONS: ClassVar[dict[str, JSON]] = {}

    dealer: int
    leader: int
    state: Round
    """This round's state of play: hands, deck, countdown, who is in, score piles, the
    turn (read it; only the round's own methods change it)."""
    trick: list[int]
    """The countdown: ranks in play order (TM-4)."""
    shown: list[int | None]
    """Per seat, the card taken when going out, until the next lead (TM-8)."""
    tricks_won: list[int]
    perfects: list[int]
    # CPython 3.11 keeps an instance's attributes in a dict of its own once it has 30 or
    # more, and every attribute access is then slower (a ``dict`` look-up rather than a
    # slot of the class's shared layout): tests/test_to_the_moon.py checks a game has fewer.

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
        players = self.players
        self.state = Round(
            [rank_counts(hand) for hand in hands],
            [rank_mask(hand) for hand in hands],
            [len(hand) for hand in hands],
            deck[::-1],
            0,
            0,
            EVERYONE[players],
            self.dealer,
            [0] * players,
            [*CARDS_OF_RANK],
        )
        self.tricks_won = [0] * players
        self.perfects = [0] * players
        self.state.play(LEAD)
        self._led(self.dealer, False)

    # --- play -----------------------------------------------------------------------------

    def _apply(self, action: str) -> None:
        """TM-7..TM-10 (``Round.play``), and what the table shows of it: the action in the
        public log, the countdown in play order, the card a seat took when going out
        (TM-8); then the trick won and the next lead, if it ended a trick."""
        state = self.state
        seat = state.turn
        move = MOVE_CODE[action]
        if move > 0:
            winner = state.play(move)
            self.trick.append(move)
            if not self._playout:
                self.public_log.append(
                    {"seat": seat, "action": action, "card": move, "perfect": True}
                    if winner >= 0
                    else BUILT[seat][action]
                )
        elif not move:  # test (``TEST_MOVE``)
            left = state.left
            card = state.deck[left - 1]
            joined = not state.trick & BIT[card]  # a new rank joins the countdown (TM-7)
            winner = state.play(move)
            if joined:
                self.trick.append(card)
            else:
                self.shown[seat] = card
            if not self._playout:
                self.public_log.append(
                    {
                        "seat": seat,
                        "action": action,
                        "card": card,
                        "joined": joined,
                        "perfect": winner == seat,
                        "deck_size": left - 1,
                    }
                )
        else:
            winner = state.play(move)
            if move != WITHDRAW_NONE:
                taken = -move
                self.trick.remove(taken)
                self.shown[seat] = taken
            else:
                self.shown[seat] = None
            if not self._playout:
                self.public_log.append(WITHDRAWN[seat][action])
        if winner >= 0:
            self._led(winner, True, winner == seat)

    def _led(self, seat: int, won: bool, perfect: bool = False) -> None:
        """``seat`` has led (``Round.play``), having won the trick that ended (``won``;
        ``perfect``: by a perfect countdown) or as the dealer at a round's start. TM-9: the
        trick won is announced (it went to ``seat``'s score pile). TM-3, TM-10: the
        countdown ``seat`` turned is announced, the cards shown are turned down (TM-8); or
        the deck was empty and the round is over."""
        if won:
            cards = self.trick
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
        self.leader = seat
        self.shown = [None] * self.players
        state = self.state
        if not state.length:
            self.trick = []
            self._end_round()
            return
        card = state.deck[state.left]
        self.trick = [card]
        if not self._playout:
            self.public_log.append(
                {"seat": seat, "action": "lead", "card": card, "deck_size": state.left}
            )

    def _end_round(self) -> None:
        """TM-11, TM-2: piles add to the totals; the deal passes left; six rounds."""
        scores = list(self.state.piles)
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

    # --- the round's state, read ----------------------------------------------------------

    @property
    def turn(self) -> int | None:
        """The seat to act (``to_act``)."""
        return self.to_act

    @property
    def hands(self) -> list[list[int]]:
        """Each seat's ranks, sorted (PD-2: same-rank cards are interchangeable)."""
        return [hand_of(counts) for counts in self.state.counts]

    @property
    def hand_counts(self) -> list[list[int]]:
        """Per seat, how many cards of each rank (index 0 unused) it holds."""
        return self.state.counts

    @property
    def hand_ranks(self) -> list[int]:
        """Per seat, the ranks in its hand as a rank mask (``notation.BIT``)."""
        return self.state.masks

    @property
    def deck(self) -> list[int]:
        """The face-down deck, top card first."""
        state = self.state
        return list(state.deck[: state.left])[::-1]

    @property
    def trick_ranks(self) -> int:
        """The ranks in ``trick`` as a rank mask."""
        return self.state.trick

    @property
    def won(self) -> list[int]:
        """Per rank (index 0 unused), the cards in this round's score piles (public: every
        ``win`` in the log lists its cards)."""
        return [rank - live for rank, live in enumerate(self.state.live)]

    # --- questions the base class asks ----------------------------------------------------

    def _current_seat(self) -> int | None:
        return self.state.turn

    def _legal(self) -> list[str]:
        """TM-7: the builds of the hand's ranks not in the countdown, then Test (while the
        deck lasts) and the withdraws: bare ``withdraw`` from a one-card countdown, else
        ``withdraw R`` for each of its ranks (a player who goes out of a bigger one takes a
        card). Each part is a shared list cached by rank mask."""
        state = self.state
        trick = state.trick
        hand = state.masks[state.turn]
        buildable = hand ^ (hand & trick)
        builds = _BUILDS[buildable]
        if builds is None:
            builds = _BUILDS[buildable] = build_actions(buildable)
        if state.left:
            others = _OTHERS_DECK[trick]
            if others is None:
                others = _OTHERS_DECK[trick] = other_actions(trick, True)
        else:
            others = _OTHERS_NO_DECK[trick]
            if others is None:
                others = _OTHERS_NO_DECK[trick] = other_actions(trick, False)
        return builds + others

    def _parse(self, text: str) -> str:
        return parse_action(text)

    def _why_illegal(self, action: str) -> Message:
        seat = self.state.turn
        verb, rank = split_action(action)
        if verb == "build":
            if rank in self.trick:
                return message("tm-in-countdown", rank=rank)
            if not self.state.counts[seat][rank or 0]:
                return message("tm-not-in-hand", rank=rank)
        elif verb == "test":
            if not self.state.left:
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
        state = self.state
        return {
            "hand": hand_of(state.counts[seat]) if seat is not None else [],
            "trick": list(self.trick),
            "deck_size": state.left,
            "in": [bool(state.inside >> other & 1) for other in range(self.players)],
            "piles": list(state.piles),
            "shown": list(self.shown),
            "hand_sizes": list(state.sizes),
            "dealer": self.dealer,
            "leader": self.leader,
            "tricks_won": list(self.tricks_won),
        }
