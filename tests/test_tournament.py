"""The ``tournament`` command (``engine/cli/tournament.py``): report format, shares adding up
to 100%, tied winners splitting a win, seats rotated evenly over shared deals, confidence
intervals over per-deal means, determinism, progress on stderr, and bad arguments.

Everything runs in-process through ``engine.cli.main`` with ``easy`` against ``normal`` and a
handful of games, so it is fast and also runs inside Pyodide.
"""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from typing import Any

import pytest
from support import run_cli as run

import engine
from engine.cli import tournament as tournament_module
from engine.cli.tournament import (
    default_lineup,
    mean_ci,
    percents,
    play_tournament,
    seating,
    t_critical,
)

GAME_IDS = sorted(engine.GAMES)


def run_json(argv: list[str]) -> dict[str, Any]:
    code, out, err = run([*argv, "--json"])
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "timing"}


def min_players(game_id: str) -> int:
    return int(engine.GAMES[game_id]["min_players"])


# --- the helpers -------------------------------------------------------------------------


def test_seating_rotates_the_lineup_one_seat_at_a_time() -> None:
    lineup = default_lineup(["hard", "normal"], 4)
    assert lineup == ["hard", "normal", "normal", "normal"]
    assert [seating(lineup, r).index("hard") for r in range(4)] == [0, 1, 2, 3]
    assert seating(["a", "b", "c"], 1) == ["c", "a", "b"]


def test_percents_add_up_to_exactly_100() -> None:
    thirds = [Fraction(1, 3)] * 3
    assert percents(thirds) == [33.4, 33.3, 33.3]
    assert sum(percents([Fraction(1, 7), Fraction(2, 7), Fraction(4, 7)])) == pytest.approx(100)


def test_t_critical_matches_students_table_and_tends_to_normal() -> None:
    assert t_critical(1) == 12.706
    assert t_critical(30) == 2.042
    assert t_critical(60) == pytest.approx(2.000, abs=0.001)
    assert t_critical(120) == pytest.approx(1.980, abs=0.001)
    assert t_critical(10**6) == pytest.approx(1.96, abs=0.001)


def test_mean_ci_is_mean_plus_minus_t_standard_error() -> None:
    assert mean_ci([0.5]) is None
    low, high = mean_ci([0.0, 1.0]) or (0.0, 0.0)
    assert (low + high) / 2 == pytest.approx(0.5)
    assert (high - low) / 2 == pytest.approx(12.706 * math.sqrt(0.5 / 2))
    assert mean_ci([0.25, 0.25, 0.25]) == (0.25, 0.25)


# --- the report ----------------------------------------------------------------------------


def test_help_explains_rotation_shared_deals_and_the_interval() -> None:
    code, out, _ = run(["tournament", "--help"])
    assert code == 0
    text = " ".join(out.split())
    for words in ("rotated", "same cards", "Student's t", "per-deal means", "examples:"):
        assert words in text
    for flag in ("--games", "--levels", "--lineup", "--players", "--seed", "--iterations"):
        assert flag in out


def test_main_help_lists_the_tournament_command() -> None:
    code, out, _ = run(["--help"])
    assert code == 0 and "tournament" in out


def test_text_report_has_one_row_per_level_and_adds_up_to_100() -> None:
    argv = ["tournament", "nine-virtues", "--games", "8", "--levels", "normal,easy"]
    code, out, err = run(argv)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Nine Virtues tournament: line-up normal,easy,easy,easy; seed 0")
    assert lines[1].startswith("8 games = 2 deals x 4 seatings")
    head = lines[2].split()
    assert head[:5] == ["level", "seats", "games", "win", "share"]
    assert "fair" in head and "ms/move" in head
    rows = {line.split()[0]: line.split() for line in lines[3:6]}
    assert set(rows) == {"normal", "easy", "all"}
    assert rows["normal"][1] == "1" and rows["easy"][1] == "3"
    assert rows["normal"][2] == rows["easy"][2] == rows["all"][2] == "8"
    shares = [float(rows[level][3].rstrip("%")) for level in ("normal", "easy")]
    assert sum(shares) == pytest.approx(100.0)
    assert rows["all"][3] == "100.0%"
    assert rows["normal"][5] == "25.0%" and rows["easy"][5] == "75.0%"  # fair shares
    assert re.fullmatch(r"8 games in [\d.]+ s: [\d.]+ games per second, .*", lines[-1])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_json_shares_sum_to_100_percent_and_fair_shares_follow_seats(game_id: str) -> None:
    players = min_players(game_id)
    argv = ["tournament", game_id, "--games", str(players), "--players", str(players)]
    data = run_json([*argv, "--seed", "3", "--levels", "normal,easy"])
    assert data["game"] == game_id and data["players"] == players
    assert data["lineup"] == ["normal"] + ["easy"] * (players - 1)
    assert data["games"] == players and data["deals"] == 1
    levels = {level["level"]: level for level in data["levels"]}
    assert sum(level["win_share"] for level in levels.values()) == pytest.approx(1.0)
    assert sum(level["win_percent"] for level in levels.values()) == pytest.approx(100.0)
    assert levels["normal"]["fair_share"] == pytest.approx(1 / players)
    assert levels["easy"]["fair_share"] == pytest.approx((players - 1) / players)
    for level in levels.values():
        assert level["vs_fair"] == pytest.approx(level["win_share"] / level["fair_share"])
        assert level["win_share_ci"] is None  # one deal: no interval
        assert level["verdict"] == "n/a"
        assert level["wins"] == pytest.approx(level["win_share"] * data["games"])


def test_games_are_rounded_up_to_whole_deals() -> None:
    data = run_json(["tournament", "to-the-moon", "--games", "5", "--levels", "normal,easy"])
    assert data["players"] == 4 and data["games"] == 8 and data["deals"] == 2


# --- fairness of the layout ----------------------------------------------------------------


def test_every_level_holds_every_seat_equally_often() -> None:
    data = run_json(["tournament", "to-the-moon", "--games", "9", "--lineup", "normal,easy,easy"])
    assert data["deals"] == 3
    seats = {level["level"]: level["seat_games"] for level in data["levels"]}
    assert seats == {"normal": [3, 3, 3], "easy": [6, 6, 6]}


def test_the_seatings_of_a_deal_share_its_cards() -> None:
    result = play_tournament("to-the-moon", ["normal", "easy", "easy"], 2, 5, {})
    assert result.shared_deals == 2
    # Independently of the tally: the first deal of every seating is the same.
    seed = tournament_module.game_seed(5, 0)
    deals = [engine.new_game("to-the-moon", players=3, seed=seed).log[0] for _ in range(3)]
    assert deals[0]["chance"] and deals[0] == deals[1] == deals[2]


def test_tied_winners_split_a_win(monkeypatch: pytest.MonkeyPatch) -> None:
    game_class = type(engine.new_game("to-the-moon", players=2, seed=0))
    monkeypatch.setattr(game_class, "winners", property(lambda self: [0, 1]))
    argv = ["tournament", "to-the-moon", "--games", "4", "--players", "2"]
    data = run_json([*argv, "--levels", "normal,easy"])
    for level in data["levels"]:
        assert level["wins"] == 2.0 and level["win_percent"] == 50.0
        assert level["win_share_ci"] == [0.5, 0.5]  # every deal the same: no width
        assert level["verdict"] == "even"


def test_interval_is_over_per_deal_means() -> None:
    result = play_tournament("nine-virtues", ["normal", "easy", "easy"], 3, 11, {})
    data = result.to_dict()
    for tally, level in zip(result.tallies, data["levels"], strict=True):
        assert len(tally.deal_shares) == 3
        assert level["win_share"] == pytest.approx(float(sum(tally.deal_shares) / 3))
        ci = mean_ci([float(x) for x in tally.deal_shares])
        assert ci is not None
        expected = [max(ci[0], 0.0), min(ci[1], 1.0)]
        assert level["win_share_ci"] == pytest.approx(expected)
        score_ci = mean_ci([float(x) for x in tally.deal_scores])
        assert level["mean_score_ci"] == pytest.approx(list(score_ci or ()))
    # the normal bot's mean score is its seats' mean final total
    assert data["levels"][0]["mean_score"] == pytest.approx(
        float(sum(result.tallies[0].deal_scores) / 3)
    )


# --- determinism ---------------------------------------------------------------------------


def test_same_seed_same_results_other_seed_other_games() -> None:
    argv = ["tournament", "nine-virtues", "--players", "3", "--games", "6"]
    argv += ["--levels", "easy,normal"]
    first = run_json([*argv, "--seed", "4"])
    again = run_json([*argv, "--seed", "4"])
    other = run_json([*argv, "--seed", "5"])
    assert without_timing(first) == without_timing(again)
    assert without_timing(first) != without_timing(other)
    assert first["lineup"] == ["easy", "normal", "normal"]


def test_explicit_lineup_equals_the_default_one() -> None:
    common = ["tournament", "to-the-moon", "--games", "4", "--players", "2"]
    by_levels = run_json([*common, "--levels", "normal,easy"])
    by_lineup = run_json([*common, "--lineup", "normal,easy"])
    assert without_timing(by_levels) == without_timing(by_lineup)


def test_iterations_are_ignored_by_levels_without_search() -> None:
    common = ["tournament", "to-the-moon", "--games", "4", "--players", "2"]
    common += ["--levels", "normal,easy"]
    plain = without_timing(run_json(common))
    budgeted = without_timing(run_json([*common, "--iterations", "3"]))
    assert budgeted.pop("iterations") == 3
    assert plain.pop("iterations") is None
    assert plain == budgeted


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hard_level_plays_deterministically_with_a_tiny_budget(game_id: str) -> None:
    from engine.bots import levels

    assert "hard" in levels(game_id)
    players = min_players(game_id)
    argv = ["tournament", game_id, "--games", "1", "--players", str(players)]
    argv += ["--levels", "hard,easy", "--iterations", "2"]
    if game_id == "quodlibet":  # one deal instead of twelve keeps this fast
        argv += ["-o", "contracts=minus,"]
    first = run_json(argv)
    assert first["iterations"] == 2 and first["lineup"][0] == "hard"
    assert first["timing"]["ms_per_decision"]["hard"] > 0
    assert without_timing(first) == without_timing(run_json(argv))


# --- per round -----------------------------------------------------------------------------


def test_per_round_by_contract_agrees_with_every_round_listed() -> None:
    argv = ["tournament", "quodlibet", "--games", "8", "--levels", "normal,easy", "--per-round"]
    argv += ["-o", "contracts=minus,queens-and-jacks"]
    data = run_json(argv)
    rounds = data["rounds"]
    assert len(rounds) == 8 * 2  # two deals a game, every one listed
    assert {r["kind"] for r in rounds} == {"minus", "queens-and-jacks"}
    for row in data["per_round"]:
        deal_means = []
        other_means = []
        for deal in range(data["deals"]):
            mine = [
                points
                for r in rounds
                if r["deal"] == deal and r["kind"] == row["kind"]
                for seat, points in enumerate(r["scores"])
                if r["levels"][seat] == row["level"]
            ]
            rest = [
                points
                for r in rounds
                if r["deal"] == deal and r["kind"] == row["kind"]
                for seat, points in enumerate(r["scores"])
                if r["levels"][seat] != row["level"]
            ]
            deal_means.append(sum(mine) / len(mine))
            other_means.append(sum(rest) / len(rest))
        assert row["deals"] == data["deals"]
        assert math.isclose(row["mean_score"], sum(deal_means) / len(deal_means))
        assert math.isclose(row["others_mean_score"], sum(other_means) / len(other_means))
        assert math.isclose(row["vs_others"], row["mean_score"] / row["others_mean_score"])
    code, out, _ = run(argv)
    assert code == 0 and "queens-and-jacks" in out and "x others" in out


def test_per_round_without_contracts_is_every_round_together() -> None:
    argv = ["tournament", "nine-virtues", "--games", "6", "--players", "3", "--per-round"]
    argv += ["--levels", "normal,easy"]
    data = run_json(argv)
    assert len(data["rounds"]) == 6 * 3  # a game is one round per player (NV-2)
    for row, level in zip(data["per_round"], data["levels"], strict=True):
        assert row["kind"] == "all rounds" and row["level"] == level["level"]
        # Three rounds a game: the mean round score is a third of the mean final score.
        assert math.isclose(3 * row["mean_score"], level["mean_score"])
    plain = run_json([a for a in argv if a != "--per-round"])
    assert "rounds" not in plain and "per_round" not in plain


# --- progress and errors -------------------------------------------------------------------


def test_progress_goes_to_stderr_unless_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tournament_module, "PROGRESS_AFTER", -1.0)
    monkeypatch.setattr(tournament_module, "PROGRESS_EVERY", -1.0)
    argv = ["tournament", "to-the-moon", "--games", "4", "--players", "2"]
    argv += ["--levels", "normal,easy"]
    code, out, err = run(argv)
    assert code == 0
    assert "tournament: 1/4 games (25%)" in err and "left" in err
    assert "games (" not in out  # progress never mixes into the report
    code, _, err = run([*argv, "--quiet"])
    assert code == 0 and err == ""


BAD = {
    "unknown game": (["tournament", "chess"], "unknown game"),
    "no games": (["tournament", "to-the-moon", "--games", "0"], "must be at least 1"),
    "one level": (["tournament", "to-the-moon", "--levels", "normal"], "two different levels"),
    "same level twice": (
        ["tournament", "to-the-moon", "--levels", "normal,normal"],
        "two different levels",
    ),
    "levels and lineup": (
        ["tournament", "to-the-moon", "--levels", "normal,easy", "--lineup", "normal,easy"],
        "not both",
    ),
    "lineup against players": (
        ["tournament", "to-the-moon", "--lineup", "normal,easy", "--players", "3"],
        "one level per seat",
    ),
    "lineup of one level": (
        ["tournament", "to-the-moon", "--lineup", "easy,easy"],
        "at least two different levels",
    ),
    "empty lineup entry": (["tournament", "to-the-moon", "--lineup", "easy,,normal"], "empty"),
    "unknown level": (["tournament", "to-the-moon", "--levels", "robot,easy"], "robot"),
    "too many players": (
        ["tournament", "to-the-moon", "--players", "7", "--levels", "normal,easy"],
        "2 to 6 players",
    ),
    "unknown option": (
        ["tournament", "to-the-moon", "--levels", "normal,easy", "-o", "colour=red"],
        "Unknown option",
    ),
    "zero iterations": (["tournament", "to-the-moon", "--iterations", "0"], "at least 1"),
    "seed not a number": (["tournament", "to-the-moon", "--seed", "x"], "not a whole number"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_arguments_exit_2_with_a_message(case: str) -> None:
    argv, words = BAD[case]
    code, out, err = run(argv)
    assert code == 2
    assert out == ""
    assert words in err and "Traceback" not in err
