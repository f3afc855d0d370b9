"""``play``: a game at the terminal, for any mix of people and computer players.

A person's turn shows that seat's own view (never anyone else's), lists the legal actions
and reads one line: an action in the notation of RULES.md, the number of a listed action, or
a command (``help``). A rejected action is explained with the engine's message and asked
again. Computer players move on their own and their moves are printed from the public log.

Choices where the brief is silent:

* Pass-and-play (several people at one terminal): before a person's turn, when the previous
  person to see the screen was someone else, the screen is cleared (at a terminal only) and
  play waits for Enter, so the next player takes the device before their cards appear.
  One person playing against computer players is never asked to pass.
* Computer player decision ``n`` (counted over the whole game, 0-based) uses the seed
  ``bot_seed(game seed, n)``: a loaded game continues exactly as an unbroken one would.
* ``--save FILE`` is written when the game ends, when the player quits, at end of input and
  on the ``save`` command; writing goes through a temporary file so a failed write never
  destroys an earlier save.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from engine import Game, IllegalActionError, ascii_int

from .arguments import Seat, bot_seed
from .console import Console
from .render import Renderer, View, round_word

QUIT_WORDS = frozenset({"quit", "exit", "q"})

COMMANDS_HELP = """\
Commands:
  ACTION        play an action in the game's notation, e.g. {example}
  NUMBER        play the action with that number in the list
  help, ?       this help and the legal actions
  view          show the table again (your cards, the seats, this {round}'s log)
  log           this {round}'s public log
  scores        the score sheet so far
  hint          what the computer player would do in your place
  save [FILE]   save the game (to --save FILE when no FILE is given)
  quit          leave the game (saving to --save FILE if given)"""


class Stop(Exception):
    """The person at the terminal has left (quit, end of input, Ctrl-C)."""


def write_save(game: Game, path: str) -> None:
    """Write ``game`` to ``path`` through a temporary file (never a half-written save)."""
    temporary = f"{path}.tmp"
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(game.to_json())
        handle.write("\n")
    os.replace(temporary, path)


def decisions(game: Game) -> int:
    """How many decisions the game has seen (its log also records chance)."""
    return sum(1 for entry in game.log if "action" in entry)


@dataclass
class Session:
    """One game at the terminal. ``run`` returns the exit status."""

    game: Game
    seats: list[Seat]
    console: Console
    errors: Console
    save_path: str | None = None
    renderer: Renderer = field(init=False)
    move: int = field(init=False)
    last_human: int | None = field(init=False, default=None)
    contracts: dict[int, str] = field(init=False, default_factory=dict)
    """Contract of each Quodlibet deal seen being played, for the final score sheet."""
    _seen_log: list[dict[str, Any]] = field(init=False, default_factory=list)
    _seen_round: int = field(init=False, default=0)
    _seen_sheet: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.renderer = Renderer(self.game.GAME_ID, self.seats, self.console.unicode)
        self.move = decisions(self.game)

    @property
    def pass_and_play(self) -> bool:
        return sum(seat.human for seat in self.seats) > 1

    # --- the game loop -------------------------------------------------------------------

    def run(self) -> int:
        self._introduce()
        try:
            while not self.game.is_over:
                seat = self.game.to_act
                assert seat is not None  # a game that is not over has a seat to act
                if self.seats[seat].human:
                    self._human_turn(seat)
                else:
                    self._bot_turn(seat)
        except Stop as stop:
            self.console.say(str(stop))
            return self._save_on_exit()
        except KeyboardInterrupt:
            self.console.say()
            self.console.say("Interrupted: leaving the game.")
            return self._save_on_exit()
        return self._finish()

    def _introduce(self) -> None:
        game = self.game
        who = "; ".join(f"seat {s} {seat.label()}" for s, seat in enumerate(self.seats))
        self.console.say(
            f"{self.renderer.name}: {game.players} players, seed {game.seed}. Seats: {who}."
        )
        if self.move:
            self.console.say(f"Continuing a saved game ({self.move} moves played).")
        if any(seat.human for seat in self.seats):
            self.console.say("At your turn, type an action, its number, or 'help'.")
        view = game.view(None)
        self._note_contract(view)
        if not game.is_over:
            self._round_header(view)
            for entry in view["log"]:
                self.console.say("  " + self.renderer.log_entry(entry))
        self._remember(view)

    def _bot_turn(self, seat: int) -> None:
        level = self.seats[seat].level or "normal"
        action = self.game.bot_action(level, bot_seed(self.game.seed, self.move))
        self._apply(seat, action)

    def _apply(self, seat: int, action: str) -> None:
        """Play ``action`` for ``seat`` and narrate it; an illegal action raises
        ``IllegalActionError`` before anything changes."""
        self.game.apply(action)
        self.move += 1
        self._narrate(seat, action)

    def _finish(self) -> int:
        view = self.game.view(None)
        self.console.lines(self.renderer.final(view))
        if self.renderer.quodlibet:  # the brief asks for Quodlibet's sheet of all 12 deals
            self.console.lines(self.renderer.score_sheet(view, self.contracts))
        if self.save_path is None:
            return 0
        return 0 if self._save(self.save_path) else 1

    # --- a person's turn -----------------------------------------------------------------

    def _human_turn(self, seat: int) -> None:
        fresh_screen = False
        if self.pass_and_play and seat != self.last_human:
            self.console.clear()
            dash = "—" if self.console.unicode else "-"
            name = f" ({self.seats[seat].name})" if self.seats[seat].name else ""
            answer = self._ask(f"Pass to seat {seat}{name} {dash} press Enter. ")
            if answer.strip().lower() in QUIT_WORDS:
                raise Stop("Leaving the game.")
            self.console.clear()
            fresh_screen = True
        show_log = fresh_screen or self.last_human is None
        self.last_human = seat
        self._show(seat, show_log)
        while True:
            line = self._ask(f"seat {seat}> ").strip()
            if not line:
                continue
            if self._command(seat, line):
                continue
            try:
                self._apply(seat, self._numbered(line))
            except IllegalActionError as exc:  # the game is unchanged: explain, ask again
                self.console.say(f"Not allowed: {exc.message}")
                self.console.say("(Type 'help' for the legal actions and the commands.)")
                continue
            return

    def _ask(self, prompt: str) -> str:
        line = self.console.ask(prompt)
        if line is None:
            raise Stop("End of input: leaving the game.")
        return line

    def _numbered(self, line: str) -> str:
        """A listed action's number stands for the action (no notation is a bare number)."""
        number = ascii_int(line)
        legal = self.game.legal_actions()
        if number is not None and 1 <= number <= len(legal):
            return legal[number - 1]
        return line

    def _show(self, seat: int, show_log: bool) -> None:
        view: View = self.game.view(seat)
        if not show_log:
            view = {**view, "log": []}  # just narrated above: no need to repeat it
        self.console.lines(self.renderer.view(view))

    def _command(self, seat: int, line: str) -> bool:
        """Carry out a command word; False when ``line`` is not one (it is an action)."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word in QUIT_WORDS and not rest:
            raise Stop("Leaving the game.")
        if word in ("help", "?") and not rest:
            legal = self.game.legal_actions()
            word_round = round_word(self.game.GAME_ID)
            example = legal[0] if legal else "help"
            self.console.say(COMMANDS_HELP.format(example=example, round=word_round))
            self.console.lines(self.renderer.legal(legal))
        elif word == "view" and not rest:
            self._show(seat, show_log=True)
        elif word == "log" and not rest:
            log = self.game.view(seat)["log"]
            if not log:
                self.console.say(f"Nothing has happened yet this {round_word(self.game.GAME_ID)}.")
            for entry in log:
                self.console.say("  " + self.renderer.log_entry(entry, seat))
        elif word == "scores" and not rest:
            view = self.game.view(seat)
            if not view["score_sheet"]:
                self.console.say("Nothing has been scored yet.")
            else:
                self.console.lines(self.renderer.score_sheet(view, self.contracts))
        elif word == "hint" and not rest:
            self.console.say(f"Hint: {self._hint()}")
        elif word == "save":
            path = rest or self.save_path
            if not path:
                self.console.say("Save where? Type 'save FILE' (or start with --save FILE).")
            else:
                self._save(path)
        else:
            return False
        return True

    def _hint(self) -> str:
        """The strongest computer player's choice from this seat's own view."""
        for level in ("normal", "easy"):
            try:
                return self.game.bot_action(level, bot_seed(self.game.seed, self.move))
            except IllegalActionError:
                continue
        return "no hint available"

    # --- saving --------------------------------------------------------------------------

    def _save(self, path: str) -> bool:
        try:
            write_save(self.game, path)
        except OSError as exc:
            self.errors.say(f"Could not save to {path!r}: {exc.strerror or exc}.")
            return False
        except ValueError as exc:  # a file name open() cannot take ("a\0b")
            self.errors.say(f"Could not save to {path!r}: {exc}.")
            return False
        self.console.say(f"Game saved to {path}.")
        return True

    def _save_on_exit(self) -> int:
        if self.save_path is None:
            return 0
        if not self._save(self.save_path):
            return 1
        self.console.say(f"Continue it with: python -m engine play --load {self.save_path}")
        return 0

    # --- narration from the public log ---------------------------------------------------

    def _remember(self, view: View) -> None:
        self._seen_log = view["log"]
        self._seen_round = view["round"]
        self._seen_sheet = len(view["score_sheet"])

    def _note_contract(self, view: View) -> None:
        contract = view.get("contract")
        if isinstance(contract, str):
            self.contracts[view["round"]] = contract

    def _round_header(self, view: View) -> None:
        word = round_word(self.game.GAME_ID).capitalize()
        extra = f" (dealer: seat {view['dealer']})" if view.get("dealer") is not None else ""
        self.console.say(self.renderer.rule(f"{word} {view['round']}{extra}"))

    def _narrate(self, seat: int, action: str) -> None:
        """Print what the table saw since the last action: the new public log entries (or
        the bare action when the round's log has been reset), any round just scored, and
        the start of a new round. Public information only."""
        view = self.game.view(None)
        self._note_contract(view)
        log = view["log"]
        seen = len(self._seen_log)
        continued = log[:seen] == self._seen_log and len(log) > seen
        if continued:
            for entry in log[seen:]:
                self.console.say("  " + self.renderer.log_entry(entry))
        else:
            self.console.say(f"  {self.renderer.seat(seat)}: {action}")
        sheet = view["score_sheet"]
        for index in range(self._seen_sheet, len(sheet)):
            running = [0] * self.game.players
            for entry in sheet[: index + 1]:
                for player, points in enumerate(entry["scores"]):
                    running[player] += points
            self.console.lines(self.renderer.round_scored(sheet[index], running))
        if view["round"] != self._seen_round and not view["over"]:
            self._round_header(view)
            if not continued:
                for entry in log:
                    self.console.say("  " + self.renderer.log_entry(entry))
        self._remember(view)
