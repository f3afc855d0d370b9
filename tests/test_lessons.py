"""The guided lessons' scripts (web/js/games/*/lesson*.js, format in web/js/learn/coach.js)
against the engine, without a browser: every scripted move is the seat to act's and legal when
it comes, the script ends exactly where the first round (deal) is scored, the lesson is short,
and every word it names is in both catalogs. The browser plays them in tests/browser/test_learn.py.
"""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import engine

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "web" / "js"
I18N = ROOT / "web" / "i18n"
NODE = shutil.which("node")

pytestmark = [
    pytest.mark.cpython_only,  # reads web/js/ from the repository, which Pyodide's run lacks
    pytest.mark.skipif(NODE is None, reason="node is needed to read the lesson modules"),
]


REGISTRY = JS / "games" / "index.js"
"""The games' registry: it lists every lesson (``LESSONS``), each in its game's folder."""


def registry(script: str, *args: str) -> Any:
    """Run ``script`` in Node with ``registry`` (the registry's exports) and ``args``; -> the
    JSON it prints."""
    out = subprocess.run(
        [str(NODE), "--no-warnings", "--input-type=module", "-e", script, REGISTRY.as_uri(), *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def lesson_ids() -> list[str]:
    ids: list[str] = registry(
        "const registry = await import(process.argv[1]);"
        "console.log(JSON.stringify(registry.LESSON_IDS));"
    )
    return ids


@functools.cache
def load_lesson(lesson_id: str) -> dict[str, Any]:
    lesson: dict[str, Any] = registry(
        "const registry = await import(process.argv[1]);"
        "const entry = registry.lessonEntry(process.argv[2]);"
        "const {lesson} = await entry.load();"
        "console.log(JSON.stringify({...lesson, registered: entry.game}));",
        lesson_id,
    )
    return lesson


def catalog(lang: str, area: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((I18N / lang / f"{area}.json").read_text(encoding="utf-8"))
    return data


LESSONS = lesson_ids() if NODE is not None else []


def test_every_game_has_a_lesson() -> None:
    games = {load_lesson(lesson_id)["game"] for lesson_id in LESSONS}
    assert games == set(engine.GAMES)


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_lesson_script_is_legal_and_ends_where_the_round_is_scored(lesson_id: str) -> None:
    lesson = load_lesson(lesson_id)
    assert lesson["id"] == lesson_id
    assert lesson["game"] == lesson["registered"], "its folder's game, in the registry"
    game = engine.new_game(
        lesson["game"], players=lesson["players"], seed=lesson["seed"], options=lesson["options"]
    )
    for number, step in enumerate(lesson["steps"]):
        if step.get("next"):
            continue
        assert game.to_act == step["seat"], (number, step, game.to_act)
        assert step["action"] in game.legal_actions(), (number, step, game.legal_actions())
        assert not game.view(None)["score_sheet"], f"step {number}: the round is already over"
        game.apply(step["action"])
    assert len(game.view(None)["score_sheet"]) == 1, "the script must end as round 1 is scored"


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_lesson_is_short_and_worded_in_both_languages(lesson_id: str) -> None:
    lesson = load_lesson(lesson_id)
    people = [s for s in lesson["steps"] if s.get("next") or s["seat"] == 0]
    assert 8 <= len(people) + 1 <= 20  # + the scoring at the end
    keys = {lesson.get("title", "title"), lesson["end"]}
    for step in people:
        keys.add(step["say"])
        if "other" in step:
            keys.add(step["other"])
    for lang in ("en", "ko"):
        words = catalog(lang, lesson["area"])
        assert keys <= set(words), (lang, sorted(keys - set(words)))
        names = catalog(lang, "learn")
        assert set(lesson["names"]) <= set(names)
        if "next" in lesson:
            assert f"next-lesson-{lesson['next']}" in names
