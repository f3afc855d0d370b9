"""The command line (``engine.cli``): help, the games listing, full all-bot games, a person's
turn (rejected actions explained, then a legal one), pass-and-play, saves, ``simulate`` and
bad arguments.

Most tests call ``main(argv, stdin=..., stdout=..., stderr=...)`` in-process, so they also run
inside Pyodide; those that need files or a subprocess are marked ``cpython_only``. Tests
over "every game" are parametrised over ``engine.GAMES``.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from support import run_cli as run

import engine
from engine.cards import pairs_deck, remove_cards
from engine.cli import main
from engine.cli.arguments import Seat, UsageError, bot_seed, game_seed, option_value
from engine.cli.console import CLEAR_SCREEN
from engine.cli.render import Renderer

GAME_IDS = sorted(engine.GAMES)


def players_of(game_id: str) -> int:
    return int(engine.GAMES[game_id]["min_players"])


def bots(game_id: str, level: str = "easy") -> str:
    return ",".join([level] * players_of(game_id))


def play_out(game: engine.Game, level: str, start_move: int = 0) -> None:
    """Finish ``game`` with computer players seeded the way ``play`` seeds them."""
    move = start_move
    while not game.is_over:
        game.apply(game.bot_action(level, bot_seed(game.seed, move)))
        move += 1


# --- help and listing ----------------------------------------------------------------------


def test_help_lists_commands_and_examples() -> None:
    code, out, _ = run(["--help"])
    assert code == 0
    for word in ("play", "simulate", "games", "examples:", "--seats"):
        assert word in out


@pytest.mark.parametrize("command", ["play", "simulate", "games"])
def test_each_command_has_help(command: str) -> None:
    code, out, _ = run([command, "--help"])
    assert code == 0
    assert f"usage: python -m engine {command}" in out or f"usage: parlour {command}" in out


def test_no_command_prints_help_and_exits_2() -> None:
    code, out, _ = run([])
    assert code == 2
    assert "play" in out and "simulate" in out


def test_games_lists_every_game_with_players_and_options() -> None:
    code, out, _ = run(["games"])
    assert code == 0
    for game_id, info in engine.GAMES.items():
        line = next(line for line in out.splitlines() if line.startswith(game_id + " "))
        assert str(info["min_players"]) in line and str(info["max_players"]) in line
        for option in info["options"]:
            assert re.search(rf"^\s+{option}\s", out, re.MULTILINE), option


def test_games_json_is_the_registry() -> None:
    code, out, _ = run(["games", "--json"])
    assert code == 0
    assert json.loads(out) == json.loads(json.dumps(engine.GAMES))


# --- all-bot games -------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_all_bot_play_runs_to_the_end_and_matches_the_engine(game_id: str) -> None:
    code, out, err = run(["play", game_id, "--seats", bots(game_id), "--seed", "7"])
    assert code == 0, err
    assert err == ""
    assert "Game over" in out
    # The same seed and the same per-move bot seeds give the same game through the API.
    game = engine.new_game(game_id, players=players_of(game_id), seed=7)
    play_out(game, "easy")
    for seat, total in enumerate(game.totals):
        assert re.search(rf"^  seat {seat} \(easy bot\): {total}\b", out, re.MULTILINE)
    word = "wins" if len(game.winners) == 1 else "share the win"
    assert f"{', '.join(f'seat {s}' for s in game.winners)} {word}" in out
    # Every scored round was broken down.
    label = "Deal" if game_id == "quodlibet" else "Round"
    assert out.count(" scored ─") == len(game.score_sheet)
    assert f"{label} {game.round} scored" in out


def test_quodlibet_ends_with_a_score_sheet_of_all_twelve_deals() -> None:
    code, out, _ = run(["play", "quodlibet", "--seats", "easy,easy,easy,easy", "--seed", "3"])
    assert code == 0
    sheet = out[out.index("Score sheet") :].splitlines()
    rows = [line.split() for line in sheet if re.match(r"^  \d+ ", line)]
    assert [int(row[0]) for row in rows] == list(range(1, 13))
    game = engine.new_game("quodlibet", players=4, seed=3)
    play_out(game, "easy")
    contracts = {row[1] for row in rows}
    assert len(contracts) == 12 and "snack" in contracts and "?" not in contracts
    for row, entry in zip(rows, game.score_sheet, strict=True):
        assert [int(p) for p in row[2:6]] == entry["scores"]
    assert [int(t) for t in rows[-1][6:10]] == game.totals


# --- a person's turn -----------------------------------------------------------------------


def _nine_virtues() -> tuple[list[str], str, str]:
    deal = {
        "hands": [[2, 3, 3, 4, 4, 4], [5, 5, 5, 5, 6, 6], [6, 6, 6, 7, 7, 7]],
        "centre": [5, 8, 8, 9, 9, 10],
    }
    argv = ["--players", "3", "--seats", "human,easy,easy", "--option", "dealer=2"]
    return [*argv, "--option", f"deal={json.dumps(deal)}"], "kill 5", "bid 5"


def _to_the_moon() -> tuple[list[str], str, str]:
    hands = [[4, 5, 6, 7, 8, 9, 10], [3, 3, 3, 5, 6, 7, 8], [2, 2, 4, 4, 9, 9, 9]]
    rest = remove_cards(pairs_deck(), [card for hand in hands for card in hand])
    rest.remove(10)
    deal = {"hands": hands, "deck": [10, *rest]}  # the dealer turns the 10 (TM-3)
    argv = ["--seats", "human,easy,easy", "--option", "dealer=2"]
    return [*argv, "--option", f"deal={json.dumps(deal)}"], "build 10", "build 4"


def _quodlibet() -> tuple[list[str], str, str]:
    argv = ["--seats", "easy,easy,easy,human", "--option", "dealer=3"]
    return argv, "choose quadrature", "choose minus"  # Quadrature is wheel 3's (QL-2)


ILLEGAL_SCENARIOS = {
    "nine-virtues": _nine_virtues,
    "to-the-moon": _to_the_moon,
    "quodlibet": _quodlibet,
}
"""Per game: arguments, an action that is well-formed but illegal for the first human
turn, and a legal one."""


def _options(argv: list[str]) -> dict[str, Any]:
    pairs = [argv[i + 1] for i, word in enumerate(argv) if word == "--option"]
    return {name: option_value(name, text) for name, _, text in (p.partition("=") for p in pairs)}


@pytest.mark.parametrize("game_id", sorted(ILLEGAL_SCENARIOS))
def test_illegal_action_is_explained_then_a_legal_one_is_played(game_id: str) -> None:
    argv, illegal, legal = ILLEGAL_SCENARIOS[game_id]()
    seats = argv[argv.index("--seats") + 1].split(",")
    human = seats.index("human")
    game = engine.new_game(game_id, players=len(seats), seed=5, options=_options(argv))
    while game.to_act != human:  # the bots before the human, as play seeds them
        play_out_one(game)
    with pytest.raises(engine.IllegalActionError) as rejected:
        game.apply(illegal)
    assert rejected.value.code == "illegal"

    code, out, err = run(["play", game_id, *argv, "--seed", "5"], f"{illegal}\n{legal}\nquit\n")
    assert code == 0, err
    assert f"Not allowed: {rejected.value.message}" in out
    after = out[out.index("Not allowed") :]
    assert f"seat {human} (human): {legal}" in after  # then the legal one was played
    assert out.count(f"seat {human}> ") >= 3  # asked again after the rejection, then quit
    assert "Leaving the game." in out


def play_out_one(game: engine.Game) -> None:
    moves = sum(1 for entry in game.log if "action" in entry)
    game.apply(game.bot_action("easy", bot_seed(game.seed, moves)))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_malformed_action_is_explained_and_a_number_picks_a_listed_action(game_id: str) -> None:
    seats = ["human"] + ["easy"] * (players_of(game_id) - 1)
    argv = ["play", game_id, "--seats", ",".join(seats), "--seed", "11"]
    game = engine.new_game(game_id, players=len(seats), seed=11)
    while game.to_act != 0:
        play_out_one(game)
    first = game.legal_actions()[0]
    with pytest.raises(engine.IllegalActionError) as rejected:
        game.apply("flibbertigibbet 99")
    code, out, _ = run(argv, "flibbertigibbet 99\n1\nquit\n")
    assert code == 0
    assert f"Not allowed: {rejected.value.message}" in out
    assert f"seat 0 (human): {first}" in out


def test_help_hint_view_log_and_scores_commands_leave_the_turn_open() -> None:
    game_id = GAME_IDS[0]
    seats = ",".join(["human"] + ["easy"] * (players_of(game_id) - 1))
    code, out, _ = run(
        ["play", game_id, "--seats", seats, "--seed", "2"], "help\nhint\nview\nlog\nscores\n"
    )
    assert code == 0
    assert "Commands:" in out and "Hint: " in out and "Nothing has been scored yet." in out
    assert "End of input: leaving the game." in out
    assert "(human): " not in out  # nothing was played


def test_end_of_input_leaves_cleanly() -> None:
    code, out, err = run(["play", GAME_IDS[0], "--seed", "1"], "")
    assert code == 0 and err == ""
    assert out.rstrip().endswith("End of input: leaving the game.")


# --- pass and play -------------------------------------------------------------------------


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_pass_and_play_hides_the_previous_hand_and_waits_for_enter() -> None:
    argv, _, legal = _nine_virtues()
    argv[argv.index("--seats") + 1] = "human,human,easy"
    code, out, _ = run(["play", "nine-virtues", *argv, "--seed", "5"], f"\n{legal}\n\nquit\n")
    assert code == 0
    assert CLEAR_SCREEN not in out  # stdin is not a terminal: never clear
    first = out[out.index("Pass to seat 0") : out.index("Pass to seat 1")]
    second = out[out.index("Pass to seat 1") :]
    assert "Your hand: 2 3 3 4 4 4" in first and "5 5 5 5 6 6" not in first
    assert "Your hand: 5 5 5 5 6 6" in second and "2 3 3 4 4 4" not in second


def test_pass_and_play_clears_the_screen_at_a_terminal() -> None:
    game_id = GAME_IDS[0]
    seats = ",".join(["human"] * players_of(game_id))
    out = FakeTerminal()
    code = main(
        ["play", game_id, "--seats", seats, "--seed", "1"],
        stdin=FakeTerminal("\n1\n\nquit\n"),
        stdout=out,
        stderr=io.StringIO(),
    )
    assert code == 0
    text = out.getvalue()
    assert text.count(CLEAR_SCREEN) >= 4  # before and after each of the two passes
    assert text.index(CLEAR_SCREEN) < text.index("Pass to seat")


def test_a_single_human_is_never_asked_to_pass() -> None:
    code, out, _ = run(["play", GAME_IDS[0], "--seed", "1"], "1\n1\nquit\n")
    assert code == 0
    assert "Pass to seat" not in out


def test_quodlibet_follow_suit_is_explained_in_pass_and_play() -> None:
    hands = [
        ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "7D"],
        ["AS", "7H", "8H", "9H", "TH", "JH", "QH", "KH"],
        ["AH", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
        ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
    ]
    options = ["--option", "dealer=3", "--option", "contracts=minus,"]
    options += ["--option", f"deal={json.dumps({'hands': hands})}"]
    argv = ["play", "quodlibet", "--seats", "human,human,easy,easy", *options, "--seed", "1"]
    game = engine.new_game(
        "quodlibet", 4, 1, {"dealer": 3, "contracts": ["minus"], "deal": {"hands": hands}}
    )
    game.apply("play 7S")
    with pytest.raises(engine.IllegalActionError) as rejected:
        game.apply("play 7H")
    code, out, _ = run(argv, "\nplay 7S\n\nplay 7H\nplay AS\n")
    assert code == 0
    assert f"Not allowed: {rejected.value.message}" in out
    assert "seat 1 (human): play AS" in out
    assert "Your hand: 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠  ·  7♦" in out


# --- saves ---------------------------------------------------------------------------------


@pytest.mark.cpython_only
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_save_and_load_round_trip_continues_identically(game_id: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    seats = ",".join(["human"] + ["easy"] * (players_of(game_id) - 1))
    code, out, _ = run(
        ["play", game_id, "--seats", seats, "--seed", "9", "--save", str(save)], "1\n1\nquit\n"
    )
    assert code == 0 and f"Game saved to {save}" in out
    saved = engine.load_game(save.read_text(encoding="utf-8"))
    moves = sum(1 for entry in saved.log if "action" in entry)
    assert moves >= 2 and saved.to_act == 0

    # Loading with every seat a bot finishes the game exactly as the API does from the save.
    code, out, err = run(["play", "--load", str(save), "--seats", bots(game_id)])
    assert code == 0, err
    assert f"Continuing a saved game ({moves} moves played)" in out
    play_out(saved, "easy", start_move=moves)
    for seat, total in enumerate(saved.totals):
        assert re.search(rf"^  seat {seat} \(easy bot\): {total}\b", out, re.MULTILINE)


@pytest.mark.cpython_only
def test_save_command_and_end_of_input_both_write_the_save(tmp_path: Path) -> None:
    game_id = GAME_IDS[0]
    extra, auto = tmp_path / "extra.json", tmp_path / "auto.json"
    seats = ",".join(["human"] + ["easy"] * (players_of(game_id) - 1))
    argv = ["play", game_id, "--seats", seats, "--seed", "4", "--save", str(auto)]
    code, out, _ = run(argv, f"save {extra}\n1\n")
    assert code == 0
    assert "End of input" in out and f"play --load {auto}" in out
    first = engine.load_game(extra.read_text(encoding="utf-8"))
    last = engine.load_game(auto.read_text(encoding="utf-8"))
    assert len(last.log) > len(first.log)


@pytest.mark.cpython_only
def test_loading_a_bad_save_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not a save", encoding="utf-8")
    code, _, err = run(["play", "--load", str(bad)])
    assert code == 2 and "not a Parlour save" in err and "Traceback" not in err


@pytest.mark.cpython_only
def test_loading_a_save_of_another_game_exits_2(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save.write_text(engine.new_game(GAME_IDS[0], seed=1).to_json(), encoding="utf-8")
    code, _, err = run(["play", GAME_IDS[1], "--load", str(save)])
    assert code == 2 and f"saved {GAME_IDS[0]} game" in err


@pytest.mark.cpython_only
def test_option_from_a_json_file(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text('{"hands": [[1, 2]]}', encoding="utf-8")
    assert option_value("deal", f"@{path}") == {"hands": [[1, 2]]}
    with pytest.raises(UsageError, match="cannot read"):
        option_value("deal", f"@{tmp_path / 'missing.json'}")


@pytest.mark.cpython_only
def test_python_dash_m_engine_runs_as_a_program() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "games"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert all(game_id in done.stdout for game_id in GAME_IDS)
    done = subprocess.run(
        [sys.executable, "-m", "engine", "play", "no-such-game"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "unknown game" in done.stderr and "Traceback" not in done.stderr


# --- simulate ------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_simulate_json_shares_sum_to_100_percent(game_id: str) -> None:
    argv = ["simulate", game_id, "--games", "3", "--seats", bots(game_id), "--seed", "1"]
    code, out, err = run([*argv, "--json"])
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 3 and len(data["seats"]) == players_of(game_id)
    assert sum(seat["wins"] for seat in data["seats"]) == pytest.approx(3)
    assert sum(seat["win_percent"] for seat in data["seats"]) == pytest.approx(100)
    assert data["games_per_second"] > 0
    # The numbers are those of the same games played through the API.
    wins = [0.0] * players_of(game_id)
    scores = [0] * players_of(game_id)
    for index in range(3):
        game = engine.new_game(game_id, players=players_of(game_id), seed=game_seed(1, index))
        play_out(game, "easy")
        for seat in game.winners:
            wins[seat] += 1 / len(game.winners)
        scores = [a + b for a, b in zip(scores, game.totals, strict=True)]
    assert [seat["wins"] for seat in data["seats"]] == pytest.approx(wins)
    assert [seat["mean_score"] for seat in data["seats"]] == pytest.approx([s / 3 for s in scores])


def test_simulate_text_table_adds_up_to_100_percent() -> None:
    game_id = GAME_IDS[0]
    levels = ["normal"] + ["easy"] * (players_of(game_id) - 1)
    argv = ["simulate", game_id, "--games", "3", "--seats", ",".join(levels)]
    code, out, _ = run(argv)
    assert code == 0
    rows = [line.split() for line in out.splitlines() if re.match(r"^  \d+ ", line)]
    assert [row[1] for row in rows] == levels
    assert sum(float(row[3].rstrip("%")) for row in rows) == pytest.approx(100.0)
    assert "games per second" in out
    assert run(argv)[1].split("games in")[0] == out.split("games in")[0]  # same games again


def test_win_shares_split_ties_and_round_to_exactly_100() -> None:
    from fractions import Fraction

    from engine.cli.simulate import Simulation

    sim = Simulation("x", 3, ["a", "b", "c"], 3, 0, {}, [Fraction(1)] * 3, [0] * 3, 0, 1.0)
    assert sum(sim.win_percents()) == pytest.approx(100.0)
    assert sorted(sim.win_percents()) == [33.3, 33.3, 33.4]


# --- bad arguments -------------------------------------------------------------------------


def _bad_arguments(game: str, players: int) -> dict[str, tuple[list[str], str]]:
    """Case name -> (command line, what the error message says), for one game."""
    humans = ",".join(["human"] * players)
    return {
        "unknown game": (["play", "chess"], "unknown game 'chess'; the games are"),
        "too many players": (["play", game, "--players", "99"], "players, not 99"),
        "players not a number": (["play", game, "--players", "two"], "not a whole number"),
        "seats too short": (
            ["play", game, "--players", str(players), "--seats", "human"],
            "--seats names 1 seat",
        ),
        "unknown option": (["play", game, "--option", "nonsense=1"], "Unknown option 'nonsense'"),
        "option without value": (["play", game, "--option", "dealer"], "--option wants NAME=VALUE"),
        "option twice": (["play", game, "-o", "dealer=0", "-o", "dealer=1"], "given twice"),
        "bad option value": (["play", game, "--option", "dealer=99"], "dealer must be a seat"),
        "unknown level": (["play", game, "--level", "grandmaster"], "Unknown level 'grandmaster'"),
        "unknown seat kind": (
            ["play", game, "--seats", humans[:-5] + "robot"],
            "Unknown level 'robot'",
        ),
        "no game": (["play"], "name a GAME"),
        "load with seed": (["play", "--load", "save.json", "--seed", "3"], "keeps its own"),
        "simulate unknown game": (["simulate", "chess"], "unknown game"),
        "simulate no games": (["simulate", game, "--games", "0"], "must be at least 1"),
        "simulate seats too short": (
            ["simulate", game, "--players", str(players), "--seats", "easy"],
            "--seats names 1 seat",
        ),
        "simulate unknown level": (
            ["simulate", game, "--seats", ",".join(["robot"] * players)],
            "Unknown level 'robot'",
        ),
        "unknown command": (["juggle"], "invalid choice"),
    }


BAD_CASES = sorted(_bad_arguments("game", 3))


@pytest.mark.parametrize("case", BAD_CASES)
def test_bad_arguments_exit_2_with_a_message(case: str) -> None:
    game_id = GAME_IDS[0]
    argv, message = _bad_arguments(game_id, players_of(game_id))[case]
    code, out, err = run(argv, "quit\n")
    assert code == 2
    assert message in err
    assert "Traceback" not in err and out == ""


def test_game_names_forgive_case_and_underscores() -> None:
    game_id = GAME_IDS[0]
    code, out, _ = run(["play", game_id.upper().replace("-", "_"), "--seed", "1"], "quit\n")
    assert code == 0 and "Leaving the game." in out


# --- pieces --------------------------------------------------------------------------------


def test_option_values_are_json_lists_or_text() -> None:
    assert option_value("dealer", "0") == 0
    assert option_value("plus_austrian", "true") is True
    assert option_value("swap_limit", "null") is None
    assert option_value("contracts", "plus, minus") == ["plus", "minus"]
    assert option_value("contracts", "snack,") == ["snack"]
    assert option_value("contracts", '["plus"]') == ["plus"]
    assert option_value("name", "plain words") == "plain words"


def test_bot_seeds_depend_on_seed_and_move_only() -> None:
    assert bot_seed(42, 3) == bot_seed(42, 3)
    assert len({bot_seed(42, move) for move in range(100)}) == 100
    assert bot_seed(42, 0) != bot_seed(43, 0)
    assert game_seed(0, 0) != game_seed(0, 1)


def test_quodlibet_cards_show_suit_symbol_and_code() -> None:
    seats = [Seat(True)] * 4
    fancy = Renderer("quodlibet", seats, unicode=True)
    assert fancy.card("QD") == "Q♦ QD"
    assert fancy.card("TH") == "10♥ TH"
    assert fancy.card(None) == "?"
    assert Renderer("quodlibet", seats, unicode=False).card("TH") == "TH"
    assert Renderer("nine-virtues", seats).cards([1, 5, 5]) == "1 5 5"


def test_detail_renders_nested_values_readably() -> None:
    renderer = Renderer("quodlibet", [Seat(True)] * 4)
    detail = {
        "tricks_won": [2, 4, 0, 2],
        "exits": [{"seat": 1, "points": [50, 0, 10, 40]}],
        "cards": ["KH", "QD"],
    }
    assert renderer.tree(detail, "") == [
        "tricks won: [2, 4, 0, 2]",
        "exits: [{seat: 1, points: [50, 0, 10, 40]}]",
        "cards: [K♥, Q♦]",
    ]
    long = {"rounds": [{"rank": 1, "counts": [0, 1]}, {"rank": 2, "counts": list(range(40))}]}
    lines = renderer.tree(long, "")
    assert lines[:4] == ["rounds:", "  [0] rank: 1, counts: [0, 1]", "  [1]", "    rank: 2"]
    assert lines[4].startswith("    counts: [0, 1, 2,") and len(lines) == 5


class InterruptedInput(io.StringIO):
    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_leaves_a_game_like_quit() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["play", GAME_IDS[0], "--seed", "1"], InterruptedInput(), out, err)
    assert code == 0 and err.getvalue() == ""
    assert "Interrupted: leaving the game." in out.getvalue()


@pytest.mark.cpython_only
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_typos_never_lose_the_game(game_id: str, tmp_path: Path) -> None:
    """Odd digits, 5,000-digit numbers and an unusable file name are refused at the prompt;
    the game goes on and is saved on quit."""
    save = tmp_path / "game.json"
    seats = ",".join(["human"] + ["easy"] * (players_of(game_id) - 1))
    typos = ["²", "٣", "9" * 5_000, "take ²", "play @" + "9" * 5_000, "save a\0b", "1"]
    code, out, err = run(
        ["play", game_id, "--seats", seats, "--seed", "3", "--save", str(save)],
        "\n".join([*typos, "quit"]) + "\n",
    )
    assert code == 0, err
    assert out.count("Not allowed") >= 5 and "Could not save to" in err
    saved = engine.load_game(save.read_text(encoding="utf-8"))
    assert sum(1 for entry in saved.log if "action" in entry) >= 1
