"""The base every game is built on: the public API of API.md, written once.

A game subclass says only what its rules say: how to set up, whose turn it is, which actions
are legal (and why another is not), what an action does, and what each seat may see. This
class turns that into the public contract: validated atomic ``apply``, seat views with the
common fields, running totals and the score sheet, winners, bots and versioned saves.

Legality has one source: ``legal_actions()``. ``apply`` accepts exactly what it lists, after
putting the text in canonical form, so an illegal action can never half-happen.
"""

from __future__ import annotations

import copy
import marshal
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, Self, cast

from .errors import IllegalActionError, WorldError
from .messages import Message
from .rng import Rng
from .untrusted import MAX_ACTION_CHARS
from .views import View

JSON = Any
LogEntry = dict[str, JSON]

BOT_LEVELS: tuple[str, ...] = ("easy", "normal")
"""Bot levels every game supports (more are added by later bot modules)."""

COMMON_OPTIONS: dict[str, JSON] = {"dealer": None, "deal": None}


MAX_SEED_BITS = 256
"""Seeds are whole numbers of at most this many bits (a save writes the seed in digits)."""


def _shown(value: object) -> str:
    """``repr(value)`` cut to a readable length, for messages about a bad argument."""
    text = (
        repr(value) if not isinstance(value, int) or value.bit_length() < 256 else "a huge number"
    )
    return text if len(text) <= 60 else f"{text[:57]}..."


def _json_key(key: object) -> JSON:
    """An option name as a message parameter: itself when JSON can hold it, else its text."""
    return key if isinstance(key, str | int) and not isinstance(key, bool) else _shown(key)


MOVE_ENTRIES: tuple[dict[str, LogEntry], ...] = tuple({} for _ in range(8))
"""The game log's ``{"seat", "action"}`` entry of a decision, by seat (every game has 8 or
fewer) and canonical action, made once (``move_entry``) and shared by every game: log
entries are never edited (views copy them), so a decision's entry costs no new dict."""
MOVE_ENTRIES_MAX = 512
"""Actions kept per seat (a game has a few dozen distinct ones)."""


def move_entry(seat: int, action: str) -> LogEntry:
    """``{"seat": seat, "action": action}``, the shared one (``MOVE_ENTRIES``); a game's
    common case reads the table itself and calls this only for an entry not made yet."""
    entries = MOVE_ENTRIES[seat]
    entry = entries.get(action)
    if entry is None:
        entry = {"seat": seat, "action": action}
        if len(entries) < MOVE_ENTRIES_MAX:
            entries[action] = entry
    return entry


def json_copy(value: JSON) -> JSON:
    """A deep copy of JSON-shaped data (dicts, lists, scalars) by a ``marshal`` round trip:
    C code, about three times faster than copying dict by dict in Python (which was itself
    three times faster than ``copy.deepcopy``), and every view and every bot move makes
    one. ``marshal`` keeps every JSON type as it is (list, dict, str, int, bool, None)."""
    return marshal.loads(marshal.dumps(value))


class BotPlayers(Protocol):
    """The computer players, as ``Game.bot_action`` asks them (``engine.bots`` is one). The
    rules never import the bots: the package facade (``engine/__init__.py``) installs them
    with ``install_bot_players``, so ``engine.game`` and ``engine.games`` load no bot code."""

    def levels(self, game_id: str) -> list[str]:
        """Levels of ``game_id`` a person may choose, weakest first."""

    def all_levels(self, game_id: str) -> list[str]:
        """Every level ``choose_action`` accepts for ``game_id``: ``levels`` and those only
        tournaments seat (``flat``)."""

    def choose_action(
        self,
        view: View,
        level_name: str,
        seed: int,
        *,
        iterations: int | None = None,
        time_ms: float | None = None,
    ) -> str:
        """The action the level picks in ``view`` (the deciding seat's own view)."""


_BOT_PLAYERS: list[BotPlayers] = []


def install_bot_players(players: BotPlayers) -> None:
    """Make ``players`` the computer players of every game (the facade calls this once)."""
    _BOT_PLAYERS[:] = [players]


class Game(ABC):
    """One game in progress. Create with ``engine.new_game``; load with ``engine.load_game``."""

    GAME_ID: ClassVar[str]
    NAME: ClassVar[str]
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    DEFAULT_PLAYERS: ClassVar[int]
    GAME_OPTIONS: ClassVar[dict[str, JSON]] = {}
    """Game-specific option names with defaults (``dealer`` and ``deal`` are common)."""
    LOW_SCORE_WINS: ClassVar[bool] = False
    _sheet_later: Sequence[tuple[dict[str, JSON], Callable[[], JSON]]] = ()
    """Entries of the score sheet whose detail a function makes when the sheet is next read
    (``_score_round``): an instance's own list once it has one, this empty default before
    (an attribute fewer: CPython 3.11 keeps an instance's first 30 or fewer inline)."""
    _legal_cache: list[str] | None = None
    """``_legal()`` of the current state, worked out at most once per state: ``apply`` and
    ``play_out`` (the only ways the state changes) forget it before the action, so it is
    never set while the game is over or a playout world halted."""
    is_over: bool
    """True once the game has ended: a plain attribute (never set from outside), not a
    property, since a player's loop reads it once per action."""

    def __init__(self, players: int, seed: int, options: Mapping[str, JSON]) -> None:
        self._init_common(players, seed, options)
        self._setup()

    def _init_common(self, players: int, seed: int, options: Mapping[str, JSON]) -> None:
        self.players = players
        self.seed = seed
        self.options: dict[str, JSON] = dict(options)
        self.rng = Rng(seed)
        self.log: list[LogEntry] = []
        """Everything that happened, in order: ``{"seat", "action"}`` for decisions and
        ``{"chance", "data"}`` for shuffles and draws. A save records the decisions and one
        digest of the chance entries, never the entries themselves (``engine/saves.py``)."""
        self.public_log: list[LogEntry] = []
        """This round's actions as every seat saw them (for views, the UI and bots)."""
        self._totals = [0] * players
        self._round = 1
        self.is_over = False
        self._winners: list[int] = []
        self._sheet: list[dict[str, JSON]] = []
        """``score_sheet``'s entries (a detail still to be made is None here)."""
        self._playout = False
        """A world built for a search's playouts (``worlds(view, playout=True)``)."""
        self._halted = False
        """A playout world whose round has been scored: nothing more is dealt or played."""

    # --- construction --------------------------------------------------------------------

    @classmethod
    def world_from_view(cls, view: Mapping[str, JSON], *, playout: bool) -> Self:
        """A new instance holding the common state ``view`` shows (players, options, round,
        totals, score sheet, this round's public log) and nothing dealt: the start of a
        game's ``Worlds.world``, which then fills in the round from the view and the assigned
        hidden cards. Score-sheet and log entries are shared with the view, never edited."""
        cls.check_world_view(view)
        game = cls.__new__(cls)
        cls._common_from_view(game, view, playout)
        return game

    @classmethod
    def world_factory(cls, view: Mapping[str, JSON], *, playout: bool) -> Callable[[], Self]:
        """``world_from_view`` for many worlds of one view (a search builds hundreds): the
        view is checked and read once, then each call returns a new instance equal to what
        ``world_from_view(view, playout=playout)`` returns. What play can change (the logs,
        totals, score sheet and generator) is the instance's own; the rest (options and
        the plain values) is shared, as it is never edited."""
        first = cls.world_from_view(view, playout=playout)
        shared = dict(vars(first))
        totals, sheet, public_log = shared["_totals"], first.score_sheet, first.public_log
        seed = first.seed
        new = cls.__new__

        def world() -> Game:
            game = new(cls)
            state = vars(game)
            state.update(shared)
            state["rng"] = Rng(seed)
            state["log"] = []
            state["public_log"] = list(public_log)
            state["_totals"] = list(totals)
            state["_sheet"] = list(sheet)
            state.pop("_sheet_later", None)  # none is waiting in the view's sheet
            return game

        return cast(Callable[[], Self], world)

    @classmethod
    def check_world_view(cls, view: Mapping[str, JSON]) -> None:
        """``WorldError`` unless ``view`` is a seat's view of this game, still in play (the
        first check of every game's ``Worlds``)."""
        if view.get("game") != cls.GAME_ID:
            raise WorldError("world-wrong-game", game=cls.GAME_ID, value=_shown(view.get("game")))
        if view.get("seat") is None or view.get("over"):
            raise WorldError("world-not-in-play")

    def _common_from_view(self, view: Mapping[str, JSON], playout: bool) -> None:
        self._init_common(view["players"], 0, {**self.all_options(), **view["options"]})
        self._round = view["round"]
        self._totals = list(view["totals"])
        self.score_sheet = list(view["score_sheet"])
        self.public_log = list(view["log"])
        self._playout = playout

    @classmethod
    def all_options(cls) -> dict[str, JSON]:
        return {**COMMON_OPTIONS, **cls.GAME_OPTIONS}

    @classmethod
    def create(
        cls, players: int | None, seed: int | None, options: Mapping[str, JSON] | None
    ) -> Game:
        """Validate the arguments, then start the game."""
        if players is None:
            players = cls.DEFAULT_PLAYERS
        if isinstance(players, bool) or not isinstance(players, int):
            raise IllegalActionError("bad-players", "players-not-whole", value=_shown(players))
        if not cls.MIN_PLAYERS <= players <= cls.MAX_PLAYERS:
            if cls.MIN_PLAYERS == cls.MAX_PLAYERS:
                raise IllegalActionError(
                    "bad-players",
                    "players-exactly",
                    game=cls.GAME_ID,
                    min=cls.MIN_PLAYERS,
                    players=players,
                )
            raise IllegalActionError(
                "bad-players",
                "players-range",
                game=cls.GAME_ID,
                min=cls.MIN_PLAYERS,
                max=cls.MAX_PLAYERS,
                players=players,
            )
        if seed is None:
            seed = secrets.randbits(32)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise IllegalActionError("bad-option", "seed-not-whole", value=_shown(seed))
        if seed.bit_length() > MAX_SEED_BITS:
            raise IllegalActionError("bad-option", "seed-too-big", bits=MAX_SEED_BITS)
        if options is not None and not isinstance(options, Mapping):
            raise IllegalActionError(
                "bad-option", "options-not-object", type=type(options).__name__
            )
        given = dict(options or {})
        valid = cls.all_options()
        unknown = sorted((name for name in given if name not in valid), key=str)
        if unknown:
            raise IllegalActionError(
                "bad-option",
                "unknown-option",
                options=[_json_key(u) for u in unknown],
                game=cls.GAME_ID,
                valid=sorted(valid),
            )
        full = {**valid, **given}
        dealer = full["dealer"]
        if dealer is not None and (
            isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players
        ):
            raise IllegalActionError(
                "bad-option", "dealer-not-seat", last=players - 1, value=_shown(dealer)
            )
        if full["deal"] is not None and not isinstance(full["deal"], dict):
            raise IllegalActionError("bad-deal", "deal-not-object")
        cls._check_options(full, players)
        return cls(players, seed, full)

    @classmethod
    def _check_options(cls, options: dict[str, JSON], players: int) -> None:
        """Raise ``bad-option`` (or ``bad-deal``) for a value the game cannot use."""

    # --- what a game must say ------------------------------------------------------------

    @abstractmethod
    def _setup(self) -> None:
        """Start the first round (deal, record chance with ``_chance``)."""

    @abstractmethod
    def _current_seat(self) -> int | None:
        """Whose decision it is (ignored once the game is over)."""

    @abstractmethod
    def _legal(self) -> list[str]:
        """Legal actions of the seat to act, canonical notation, sorted, no duplicates."""

    @abstractmethod
    def _parse(self, text: str) -> str:
        """Canonical form of ``text`` or ``IllegalActionError('malformed', ...)``.
        Checks notation only, not whether the action is allowed now."""

    @abstractmethod
    def _why_illegal(self, action: str) -> Message:
        """Why the well-formed ``action`` is not legal now, as a ``Message``."""

    @abstractmethod
    def _apply(self, action: str) -> None:
        """Carry out a legal action (it has been checked)."""

    @abstractmethod
    def _phase(self) -> str:
        """The phase name for views (``over`` once the game has ended)."""

    @abstractmethod
    def _zones(self, seat: int | None) -> Mapping[str, object]:
        """The game's view fields for ``seat`` (None: common knowledge only)."""

    # --- helpers for subclasses ----------------------------------------------------------

    def _chance(self, kind: str, data: JSON, *, copy: bool = True) -> None:
        """Record a chance outcome (a shuffle, a draw) in the log as it happens (a playout
        world keeps no log). ``copy=False``: ``data`` was made for the log and shares
        nothing with the game's state, so it is stored as it is."""
        if self._playout:
            return
        self.log.append({"chance": kind, "data": json_copy(data) if copy else data})

    def _announce(self, seat: int | None, action: str, **public: JSON) -> None:
        """Add a public entry to this round's log (extra keys: what the table saw); a
        playout world keeps no log."""
        if self._playout:
            return
        self.public_log.append({"seat": seat, "action": action, **public})

    def _score_round(
        self, scores: list[int], detail: JSON | Callable[[], JSON], *, copy: bool = True
    ) -> None:
        """Add a round's scores to the totals and the score sheet. In a playout world the
        entry has no detail (``None``) and the world halts: the game's round end must then
        return (``self._halted``) unless the game is over, dealing nothing more.
        ``copy=False``: ``detail`` was made for the score sheet and shares nothing with
        anything else, so it is stored as it is. ``detail`` may be a function that makes
        it (new objects, shared with nothing, from what the round has left unchanged):
        it is called when the score sheet is next read, so a game nobody looks at (a
        tournament's, a benchmark's) never words its sheet."""
        for seat, points in enumerate(scores):
            self._totals[seat] += points
        if self._playout:
            self._sheet.append({"round": self._round, "scores": list(scores), "detail": None})
            self._halted = True
            return
        if callable(detail):
            entry: dict[str, JSON] = {"round": self._round, "scores": list(scores), "detail": None}
            self._sheet.append(entry)
            later = self._sheet_later
            if not isinstance(later, list):  # the class's empty default
                later = self._sheet_later = []
            later.append((entry, detail))
            return
        self._sheet.append(
            {
                "round": self._round,
                "scores": list(scores),
                "detail": json_copy(detail) if copy else detail,
            }
        )

    @property
    def score_sheet(self) -> list[dict[str, JSON]]:
        """One entry per scored round: ``{"round", "scores", "detail"}`` (all public). The
        list itself: it only grows, and its entries are never edited once read."""
        later = self._sheet_later
        if later:
            for entry, make in later:
                entry["detail"] = make()
            self._sheet_later = []
        return self._sheet

    @score_sheet.setter
    def score_sheet(self, entries: list[dict[str, JSON]]) -> None:
        self._sheet = entries
        if self._sheet_later:
            self._sheet_later = []

    def _finish(self) -> None:
        """End the game: the best total wins, ties share (``winners_of``)."""
        self.is_over = True
        self._winners = self.winners_of(self._totals)

    @classmethod
    def winners_of(cls, totals: Sequence[int]) -> list[int]:
        """The seats that win a game ending with these totals: the best total wins, ties
        share (NV-14, TM-2, QL-8). For a search's playout of a last round, which has the
        round's scores but no game object to finish."""
        best = min(totals) if cls.LOW_SCORE_WINS else max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    # --- public API ----------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """Seat whose decision it is; None when the game is over (or a playout world's round
        has ended)."""
        return None if self.is_over or self._halted else self._current_seat()

    @property
    def totals(self) -> list[int]:
        return list(self._totals)

    @property
    def round(self) -> int:
        return self._round

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    def legal_actions(self) -> list[str]:
        """Legal actions for ``to_act`` in a deterministic order; ``[]`` when over."""
        legal = self._legal_cache
        if legal is None:
            if self.is_over or self._halted:
                return []
            legal = self._legal_cache = self._legal()
        return legal.copy()  # the cached list itself is never handed out

    def _legal_now(self) -> list[str]:
        """``_legal()``, cached until the next action (never hand out this list itself)."""
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._legal()
        return legal

    def parse(self, text: str) -> str:
        """The canonical notation of ``text`` (``malformed`` error if it is not notation)."""
        if not isinstance(text, str):
            raise IllegalActionError("malformed", "action-not-text", type=type(text).__name__)
        if len(text) > MAX_ACTION_CHARS:
            raise IllegalActionError("malformed", "action-too-long", length=len(text))
        cleaned = " ".join(text.split())
        if not cleaned:
            raise IllegalActionError("malformed", "action-empty")
        return self._parse(cleaned)

    def check(self, text: str) -> str:
        """Raise what ``apply(text)`` would raise; otherwise return the canonical action."""
        if self.is_over:
            raise IllegalActionError("game-over", "game-over")
        legal = self._legal_now()
        if isinstance(text, str) and text in legal:
            return text  # already canonical notation: ``parse`` would return it unchanged
        action = self.parse(text)
        if action not in legal:
            raise IllegalActionError("illegal", self._why_illegal(action))
        return action

    def apply(self, text: str) -> None:
        """Play ``text`` for ``to_act``: the one way to make a move. Raises
        ``IllegalActionError`` and changes nothing if it is malformed or not legal now.

        In a playout world (``in_playout``: a search's, never shown to a player) the action
        is one of ``legal_actions()`` chosen by the search itself: it is carried out as it
        is, neither parsed nor checked again, and recorded nowhere."""
        if self._playout:
            self._legal_cache = None
            self._apply(text)
            return
        # ``check`` inlined for its common case, an action in canonical notation (a random
        # or bot player's, straight from ``legal_actions``): one lookup of the cached list,
        # which is never set once the game is over.
        legal = self._legal_cache
        if legal is not None and text.__class__ is str and text in legal:
            action = text
        else:
            action = self.check(text)
        self._legal_cache = None
        seat: int = self._current_seat()  # type: ignore[assignment]  # legal: someone's turn
        try:
            self.log.append(MOVE_ENTRIES[seat][action])
        except KeyError:
            self.log.append(move_entry(seat, action))
        self._apply(action)

    def play_out(self, policy: Callable[[Self], str], max_steps: int) -> None:
        """``apply(policy(self))`` until the game is over, a playout world halts at the end
        of its round or deal, or ``max_steps`` actions have been played: a search's
        rollout, without a call of ``apply`` per action."""
        if not self._playout:
            for _ in range(max_steps):
                if self.is_over:
                    return
                self.apply(policy(self))
            return
        do = self._apply
        for _ in range(max_steps):
            if self._halted or self.is_over:
                return
            self._legal_cache = None
            do(policy(self))

    @property
    def in_playout(self) -> bool:
        """True for a world built with ``worlds(view, playout=True)``: it plays to the end
        of the round (or deal) being played and then halts (``to_act`` None, the round on
        the score sheet without its detail), keeps no log, and is never shown to a player.
        Search plays it with ``apply`` and ``play_out``."""
        return self._playout

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know, as a JSON-serialisable dict (None: what every seat knows)."""
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players
        ):
            raise IllegalActionError(
                "bad-seat", "bad-seat", last=self.players - 1, value=_shown(seat)
            )
        return self._view(seat, json_copy)

    def _view(self, seat: int | None, copy_entries: Any) -> View:
        """``view(seat)`` for a checked seat; ``copy_entries`` copies the log and the score
        sheet: ``json_copy`` for a view handed out, ``list`` (the entries themselves, which
        are never edited once written) for the view a computer player reads and drops."""
        to_act = self.to_act
        view: dict[str, JSON] = {
            "game": self.GAME_ID,
            "seat": seat,
            "players": self.players,
            "round": self._round,
            "phase": "over" if self.is_over else self._phase(),
            "to_act": to_act,
            "legal": self.legal_actions() if seat is not None and seat == to_act else [],
            "totals": self.totals,
            "over": self.is_over,
            "winners": self.winners,
            "options": {k: v for k, v in self.options.items() if k != "deal"},
            "log": copy_entries(self.public_log),
            "score_sheet": copy_entries(self.score_sheet),
        }
        view.update(self._zones(seat))
        return cast(View, view)  # the common fields and the game's zones (``engine.views``)

    def clone(self) -> Game:
        return copy.deepcopy(self)

    def bot_action(
        self,
        level: str = "normal",
        seed: int = 0,
        *,
        iterations: int | None = None,
        time_ms: float | None = None,
    ) -> str:
        """An action for ``to_act`` chosen by a computer player from ``view(to_act)`` only.

        ``level`` is one of ``engine.bots.levels`` (what a person may pick) or a level only
        tournaments seat (``flat``). ``iterations`` and ``time_ms`` override a search level's
        budget (``hard``); the other levels ignore them. A time cap makes the choice depend
        on machine speed."""
        if not _BOT_PLAYERS:
            raise RuntimeError("no computer players installed: import engine, not engine.game")
        bots = _BOT_PLAYERS[0]
        if not isinstance(level, str) or level not in bots.all_levels(self.GAME_ID):
            raise IllegalActionError(
                "bad-level", "unknown-level", value=_shown(level), levels=bots.levels(self.GAME_ID)
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise IllegalActionError("bad-option", "bot-seed-not-whole", value=_shown(seed))
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
        ):
            raise IllegalActionError(
                "bad-option", "iterations-not-positive", value=_shown(iterations)
            )
        if time_ms is not None and (
            isinstance(time_ms, bool)
            or not isinstance(time_ms, int | float)
            or not 0 < time_ms < float("inf")
        ):
            raise IllegalActionError("bad-option", "time-not-positive", value=_shown(time_ms))
        seat = self.to_act
        if seat is None:
            raise IllegalActionError("game-over", "game-over")
        # The bot's view shares the log's and the score sheet's entries with the game (no
        # copy: that was a third of a normal move's time). They are never edited once
        # written, and no bot edits a view (tests/test_bot_flat.py checks every level).
        view = self._view(seat, list)
        return bots.choose_action(view, level, seed, iterations=iterations, time_ms=time_ms)

    def to_json(self) -> str:
        """A versioned save: a pure function of the game (equal games give equal text)."""
        from .saves import dump_game

        return dump_game(self)
