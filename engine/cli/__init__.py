"""The command line: ``python -m engine`` (also installed as ``parlour``).

Commands: ``play`` (a game at the terminal, people and computer players), ``simulate``
(computer players against each other, win shares per seat), ``tournament`` (levels against
each other, seats rotated over shared deals: ``tournament.py``) and ``games`` (what is
installed). ``main`` takes its arguments and text streams as parameters, so it runs
in-process in tests and inside Pyodide as well as from a shell.

Exit status: 0 done (a game finished or was left by the player), 1 something failed while
running (a save could not be written), 2 the command line cannot be used (unknown game,
bad player count or seats, unknown option or level, unreadable save): the message says why,
never a traceback. Ctrl-C leaves a game like ``quit`` (status 0, saved if ``--save``) and
stops a simulation with the shell's usual 130.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from contextlib import redirect_stderr, redirect_stdout
from typing import TextIO

import engine
from engine import MAX_SAVE_CHARS, Game, IllegalActionError, SaveError

from . import catalogue, tournament
from .arguments import (
    UsageError,
    check_levels,
    check_seat_count,
    game_id,
    named_seats,
    options,
    play_seats,
    positive_int,
    split_list,
    whole_int,
)
from .console import Console
from .play import Session
from .simulate import report, simulate

__all__ = ["main"]

USAGE_ERROR = 2
INTERRUPTED = 130  # the shell's convention for Ctrl-C (128 + SIGINT)

DESCRIPTION = """\
Parlour: Nine Virtues, To the Moon and Quodlibet at the terminal.

Run '%(prog)s COMMAND --help' for a command's options."""

EXAMPLES = """\
examples:
  %(prog)s games
  %(prog)s play to-the-moon --seats human,bot,bot --seed 42
  %(prog)s play nine-virtues --players 4 --level easy --save nv.json
  %(prog)s play --load nv.json
  %(prog)s simulate quodlibet --games 200 --seats normal,easy,easy,easy --json
  %(prog)s tournament to-the-moon --games 400 --levels hard,normal"""

PLAY_DESCRIPTION = """\
Play a game at the terminal. Each seat is 'human' (someone at this terminal), 'bot' (a
computer player of --level) or a level name. At your turn you see only your own cards; type
an action in the game's notation (e.g. 'build 7', 'play QS'), the number of a listed action,
or 'help' for the commands (view, log, scores, hint, save, quit). With several humans the
screen is cleared and the game waits for Enter before each one's turn (pass and play)."""

PLAY_EXAMPLES = """\
examples:
  %(prog)s to-the-moon --seats human,bot,bot --seed 42
  %(prog)s nine-virtues --seats human,human,bot --names "Ann,😀 Ben," --option swap_limit=3
  %(prog)s quodlibet --seats human,easy,normal,normal --option dealer=0
  %(prog)s quodlibet --option contracts=plus,bribe,snack --save practice.json
  %(prog)s --load practice.json

option values are JSON when they parse as JSON (3, true, null, ["plus","minus"]), a comma
list as a list of words (contracts=plus,minus; a trailing comma makes a list of one:
contracts=snack,), @FILE for JSON read from a file (deal=@deal.json), and otherwise plain
text."""

SIMULATE_DESCRIPTION = """\
Play many games between computer players and report, per seat, the share of wins (tied
winners split a win equally) and the mean final score, and the speed in games per second.
The same command always plays the same games."""

SIMULATE_EXAMPLES = """\
examples:
  %(prog)s to-the-moon --games 500 --seats normal,easy,easy
  %(prog)s nine-virtues --players 5 --games 100 --seed 7
  %(prog)s quodlibet --games 50 --seats normal,normal,easy,easy --json"""


def _prog() -> str:
    launched = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    return "parlour" if launched.startswith("parlour") else "python -m engine"


def build_parser(prog: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of every command (also what ``--help`` prints)."""
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog=prog or _prog(),
        description=DESCRIPTION,
        epilog=EXAMPLES,
        formatter_class=formatter,
    )
    parser.add_argument("--version", action="version", version=f"Parlour {engine.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser(
        "play",
        help="play a game at the terminal",
        description=PLAY_DESCRIPTION,
        epilog=PLAY_EXAMPLES,
        formatter_class=formatter,
    )
    play.add_argument("game", nargs="?", metavar="GAME", help="game id (see 'games')")
    play.add_argument(
        "--players",
        type=positive_int,
        metavar="N",
        help="number of players (default: from --seats)",
    )
    play.add_argument(
        "--seats",
        metavar="LIST",
        help="comma list, one per seat: human, bot or a level (default: human,bot,bot,...)",
    )
    play.add_argument("--seed", type=whole_int, metavar="S", help="game seed (default: a new one)")
    play.add_argument(
        "--level", default="normal", metavar="LEVEL", help="level of 'bot' seats: easy, normal"
    )
    play.add_argument(
        "-o",
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="a game option (repeatable), e.g. dealer=0; see 'games'",
    )
    play.add_argument(
        "--names",
        metavar="LIST",
        help="comma list, one name per seat (empty: none); emoji and every script welcome",
    )
    play.add_argument("--load", metavar="FILE", help="continue the game saved in FILE")
    play.add_argument(
        "--save", metavar="FILE", help="save to FILE on quit, at end of input and at the end"
    )

    sim = commands.add_parser(
        "simulate",
        help="computer players against each other: win shares per seat",
        description=SIMULATE_DESCRIPTION,
        epilog=SIMULATE_EXAMPLES,
        formatter_class=formatter,
    )
    sim.add_argument("game", metavar="GAME", help="game id (see 'games')")
    sim.add_argument("--games", type=positive_int, default=100, metavar="N", help="default: 100")
    sim.add_argument(
        "--seats",
        metavar="LEVELS",
        help="comma list of levels, one per seat (default: normal for every seat)",
    )
    sim.add_argument(
        "--players",
        type=positive_int,
        metavar="N",
        help="number of players (default: from --seats)",
    )
    sim.add_argument("--seed", type=whole_int, default=0, metavar="S", help="default: 0")
    sim.add_argument(
        "-o", "--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)"
    )
    sim.add_argument("--json", action="store_true", help="machine-readable output")

    tournament.add_parser(commands, formatter)

    listing = commands.add_parser(
        "games",
        help="the installed games, their player counts and options",
        description="List the installed games with their player counts and options.",
    )
    listing.add_argument("--json", action="store_true", help="machine-readable output")
    return parser


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run one command; return the exit status (0 ok, 1 failed while running, 2 usage)."""
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    parser = build_parser()
    try:
        # argparse prints help and errors to sys.stdout/sys.stderr: point them at ours.
        with redirect_stdout(out), redirect_stderr(err):
            args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:  # --help, --version (0) or a parse error (2)
        return exc.code if isinstance(exc.code, int) else USAGE_ERROR
    if args.command is None:
        parser.print_help(out)
        return USAGE_ERROR
    console = Console(stdin if stdin is not None else sys.stdin, out)
    errors = Console(console.stdin, err)
    command = f"{parser.prog} {args.command}"
    try:
        if args.command == "games":
            if args.json:
                console.say(catalogue.as_json())
            else:
                console.lines(catalogue.listing())
            return 0
        if args.command == "simulate":
            return _simulate(args, console)
        if args.command == "tournament":
            return tournament.run(args, console, errors, command)
        return _play(args, console, errors)
    except UsageError as exc:
        errors.say(f"{command}: error: {exc}")
    except IllegalActionError as exc:
        errors.say(f"{command}: error: {exc.message}")
    except SaveError as exc:
        errors.say(f"{command}: error: {exc}")
    except KeyboardInterrupt:  # a game in play handles this itself (and saves)
        errors.say(f"{command}: interrupted.")
        return INTERRUPTED
    return USAGE_ERROR


def _play(args: argparse.Namespace, console: Console, errors: Console) -> int:
    game = _load(args) if args.load else _new(args)
    seats = named_seats(args.names, play_seats(args.seats, game.players, args.level.lower()))
    check_levels(game, [seat.level for seat in seats if seat.level is not None])
    return Session(game, seats, console, errors, args.save).run()


def _new(args: argparse.Namespace) -> Game:
    if args.game is None:
        raise UsageError("name a GAME to play (see the 'games' command), or --load a save.")
    gid = game_id(args.game)
    players = args.players
    if players is None:
        players = (
            len(split_list(args.seats)) if args.seats else engine.GAMES[gid]["default_players"]
        )
    if args.seats:
        check_seat_count(len(split_list(args.seats)), players)
    return engine.new_game(gid, players=players, seed=args.seed, options=options(args.option))


def _load(args: argparse.Namespace) -> Game:
    """The saved game of ``--load``; the save fixes the game, players, seed and options."""
    if args.seed is not None or args.option:
        raise UsageError("--seed and --option are for a new game; a loaded game keeps its own.")
    try:
        with open(args.load, encoding="utf-8") as handle:
            text = handle.read(MAX_SAVE_CHARS + 1)  # more is refused unread: too long
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise UsageError(f"cannot read the save {args.load!r}: {reason}.") from exc
    game = engine.load_game(text)
    if args.game is not None and game_id(args.game) != game.GAME_ID:
        raise UsageError(f"{args.load!r} is a saved {game.GAME_ID} game, not {args.game}.")
    if args.players is not None and args.players != game.players:
        raise UsageError(f"{args.load!r} is a {game.players}-player game.")
    return game


def _simulate(args: argparse.Namespace, console: Console) -> int:
    gid = game_id(args.game)
    levels = split_list(args.seats) if args.seats else None
    players = args.players
    if players is None:
        players = len(levels) if levels else engine.GAMES[gid]["default_players"]
    if levels is None:
        levels = ["normal"] * players
    check_seat_count(len(levels), players)
    if any(not level for level in levels):
        raise UsageError(f"--seats has an empty entry: {args.seats!r}.")
    sim = simulate(gid, levels, args.games, args.seed, options(args.option))
    if args.json:
        console.say(json.dumps(sim.to_dict(), indent=2))
    else:
        console.lines(report(sim))
    return 0
