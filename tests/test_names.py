"""Names people use are names (issue 28): the one rule of engine/names.py, checked against the
shared cases of tests/data/names.json (tests/browser/test_names_in_the_page.py checks
web/js/words/names.js against the same cases in Chromium), and the command line's ``--names``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support import run_cli as run

from engine.names import MAX_CLUSTER, MAX_NAME, clean_name, graphemes, name_problem

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "names.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("case", CASES, ids=[case["why"] for case in CASES])
def test_the_shared_cases(case: dict[str, Any]) -> None:
    clean = clean_name(case["text"])
    assert clean == case["clean"]
    assert "".join(graphemes(clean)) == clean
    assert len(graphemes(clean)) == case["length"]
    assert name_problem(clean) == case["problem"]


def test_the_cases_cover_every_outcome() -> None:
    assert {case["problem"] for case in CASES} == {None, "long", "hidden", "stacked"}
    welcome = [case for case in CASES if case["problem"] is None]
    assert len(welcome) >= 20


def test_hangul_jamo_and_crlf_make_one_character_each() -> None:
    assert graphemes("\u1100\u1161\u11a8\u1100") == ["\u1100\u1161\u11a8", "\u1100"]
    assert graphemes("a\r\nb") == ["a", "\r\n", "b"]
    assert len(graphemes("🇰🇷🇯🇵🇫")) == 3  # flags pair up; the odd one stands alone


def test_hostile_names_cost_time_linear_in_their_length() -> None:
    """A long hostile text is cut into clusters in one pass (no lookback, no regex), and a
    name far too long is refused before it is even cut."""
    for text in ("\u200d" * 50_000, "a" + "\u0301" * 50_000, "🇰" * 50_000, "👨\u200d" * 25_000):
        assert "".join(graphemes(text)) == text
        assert name_problem(text) == "long"
    assert name_problem("a" * (MAX_NAME * MAX_CLUSTER + 1)) == "long"


def test_play_takes_names_of_every_kind() -> None:
    names = "Ann,😀👨\u200d👩\u200d👧\u200d👦,김민준"
    code, out, err = run(["play", "to-the-moon", "--seats", "bot,bot,bot", "--names", names])
    assert code == 0, err
    assert "seat 1 😀👨\u200d👩\u200d👧\u200d👦, normal bot" in out
    assert "seat 2 김민준, normal bot" in out


def test_play_refuses_a_hidden_character_showing_it_escaped() -> None:
    code, out, err = run(["play", "to-the-moon", "--players", "3", "--names", "Ann,\u202eevil,"])
    assert code == 2 and out == ""
    assert "'\\u202eevil' has a control or invisible character" in err
    assert "\u202e" not in err


@pytest.mark.parametrize(
    ("names", "words"),
    [
        ("Ann,Ben", "--names gives 2 names, but the game has 3 players"),
        ("x" * 25 + ",,", "is too long: a name has at most 24 characters"),
        ("Z" + "\u0301" * 10 + ",,", "piles more than 10 code points into one character"),
    ],
)
def test_play_refuses_names_that_break_the_rule(names: str, words: str) -> None:
    code, _, err = run(["play", "to-the-moon", "--players", "3", "--names", names])
    assert code == 2
    assert words in err
