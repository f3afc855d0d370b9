"""Computer levels and hints in the browser (web/js/table/table.js, hint.js, menu.js, params.js).

Each computer seat has its own level (menu or deep link, ``seats=human,hard,easy``), kept in
the save and used on resume; a ``hard`` seat thinks in the worker with a time cap, shown on
its seat, without freezing the page. A person to act can ask for a Hint: the move the hard
computer would make from that person's own view, marked on the table by the control's
``data-action`` and said in one line. Practice links pass engine options
(``contracts=snack``).
"""

from __future__ import annotations

import importlib.util
import json
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from browser_support import engine_game, only_save
from playwright.sync_api import Page

import engine

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
MOON = "to-the-moon"
HUMAN_TURN = '.table[data-awaiting="0"]'
HINTED = ".table-body .is-hint"

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }
}).observe({ type: "longtask", buffered: true });
"""

# The hint line once the engine has answered (it says "Thinking..." meanwhile).
HINT_SHOWN = """() => {
  const bar = document.querySelector(".hint-bar");
  return bar !== null && bar.dataset.hint !== undefined && bar.dataset.hint !== ""
    && bar.querySelector(".hint-text").textContent.length > 0;
}"""

# A computer seat thinking, or the person's turn again.
NEXT_TURN = """() => document.querySelector(".totals li.is-thinking") !== null
  || document.querySelector('.table[data-awaiting="0"]') !== null
  || document.documentElement.dataset.gameState === 'over'"""


def ask_hint(page: Page) -> tuple[str, str, list[str]]:
    """Press Hint; -> (hinted action, its line of text, the hinted controls' actions)."""
    page.locator(".hint-bar .hint-button").click()
    page.wait_for_function(HINT_SHOWN, timeout=60_000)
    action = page.locator(".hint-bar").get_attribute("data-hint") or ""
    text = page.locator(".hint-bar .hint-text").inner_text()
    page.wait_for_selector(HINTED)
    marked = [el.get_attribute("data-action") or "" for el in page.query_selector_all(HINTED)]
    return action, text, marked


@pytest.mark.browser
def test_deep_link_levels_are_played_saved_and_the_hint_shows_a_legal_move(
    open_game: Any,
) -> None:
    page: Page = open_game(f"?game={MOON}&players=3&seats=human,hard,hard&seed=21")
    page.wait_for_selector(HUMAN_TURN, timeout=90_000)
    setup = only_save(page)["setup"]
    assert setup["seats"] == ["human", "bot", "bot"]
    assert setup["levels"] == [None, "hard", "hard"]
    for seat in (1, 2):
        chip = page.locator(f'.totals li[data-seat="{seat}"]')
        assert chip.get_attribute("data-level") == "hard"
        assert "computer, hard" in chip.inner_text()
    assert page.locator(".table .turn").inner_text() == "Your turn"

    legal = engine_game(page).legal_actions()
    action, text, marked = ask_hint(page)
    assert action in legal
    assert marked and set(marked) == {action}, f"hinted {marked}, the hint is {action!r}"
    assert text.endswith(".") and ":" in text and "\n" not in text
    # The hinted control is the real one: pressing it plays the hinted move, which clears
    # the hint.
    page.locator(HINTED).first.click()
    page.wait_for_function("() => !document.querySelector('.table-body .is-hint')")

    # The computers then play at their level, with the thinking mark on their seat, and no
    # Hint button while they think.
    thinking_seen = False
    for _ in range(6):
        page.wait_for_function(NEXT_TURN, timeout=60_000)
        thinking = page.query_selector(".totals li.is-thinking")
        if thinking is not None:
            thinking_seen = True
            assert thinking.get_attribute("data-level") == "hard"
            assert "thinking" in thinking.inner_text()
            assert page.locator(".hint-button").count() == 0
            break
        if page.evaluate("document.documentElement.dataset.gameState") == "over":
            break
        # The person moves again first (a trick may end with them leading): play the hint.
        ask_hint(page)
        page.locator(HINTED).first.click()
        page.wait_for_function("() => !document.querySelector('.table-body .is-hint')")
    assert thinking_seen, "no computer seat was seen thinking"
    hints = page.evaluate(
        "() => performance.getEntriesByName('parlour:hint').map((m) => Math.round(m.duration))"
    )
    print(f"\nhard hints in the browser (ms): {hints}")
    page.wait_for_selector(HUMAN_TURN, timeout=90_000)
    game = engine_game(page)
    movers = {entry.get("seat") for entry in game.view(None)["log"]}
    assert movers & {1, 2}, "the hard computers did not move"
    assert "You\u2019s" not in page.locator(".table .turn").inner_text()


THINKING = """() => performance.getEntriesByName("parlour:think", "measure")
  .map((m) => ({ start: m.startTime, duration: m.duration, ...m.detail }))"""


@pytest.mark.browser
def test_no_long_main_thread_task_while_hard_computers_think(page: Page, site_url: str) -> None:
    """While a hard computer thinks (a ``parlour:think`` measure: from the first frame after
    the table was drawn to the worker's reply), the main thread has no task over 100 ms: the
    search runs in the worker. (Drawing the table between moves is the shell's own work,
    outside these windows.)"""
    page.add_init_script(LONG_TASKS)
    page.goto(f"{site_url}?game={MOON}&players=3&seats=hard,hard,hard&seed=9")
    page.wait_for_selector('.totals li.is-thinking[data-level="hard"]', timeout=90_000)
    assert page.locator(".hint-button").count() == 0, "no hint in a game without people"
    page.wait_for_function(f"() => ({THINKING})().length >= 5", timeout=60_000, polling=250)
    thoughts: list[dict[str, Any]] = page.evaluate(THINKING)
    tasks: list[dict[str, Any]] = page.evaluate("window.__longTasks")
    assert {t["level"] for t in thoughts} == {"hard"}
    frozen = [
        (task, thought)
        for thought in thoughts
        for task in tasks
        if thought["start"] <= task["start"] <= thought["start"] + thought["duration"]
        and task["duration"] > 100
    ]
    times = sorted(t["ms"] for t in thoughts)
    print(
        f"\nhard moves in the browser: {len(times)}, median {times[len(times) // 2]:.0f} ms,"
        f" max {times[-1]:.0f} ms; long tasks while thinking: {frozen}"
    )
    assert frozen == [], f"long tasks while a hard computer thought: {frozen}"
    assert times[-1] < 5_000, "a hard move took far longer than its time cap"


@pytest.mark.browser
def test_the_menu_sets_each_computers_level_and_a_reload_keeps_them(
    open_game: Any,
) -> None:
    page: Page = open_game()
    page.check(f"#game-{MOON}")
    page.select_option("#players", "3")
    page.select_option("#seat-kind-0", "human")
    page.select_option("#seat-kind-1", "bot")
    page.select_option("#seat-kind-2", "bot")
    page.select_option("#level", "hard")  # every computer at once ...
    assert page.locator("#seat-level-1").input_value() == "hard"
    assert page.locator("#seat-level-2").input_value() == "hard"
    page.select_option("#seat-level-2", "easy")  # ... then one of them on its own
    assert page.locator("#seat-level-0").count() == 0, "a person's seat has no level"
    page.check("#speed")
    page.click(".menu button.start")
    page.wait_for_selector(".table", timeout=60_000)
    setup = only_save(page)["setup"]
    assert setup["levels"] == [None, "hard", "easy"]
    assert "seats=human%2Chard%2Ceasy" in page.url

    page.reload()
    page.wait_for_selector("html[data-game-state=playing]", timeout=90_000)
    page.wait_for_selector('.totals li[data-seat="2"][data-level="easy"]')
    assert page.locator('.totals li[data-seat="1"]').get_attribute("data-level") == "hard"
    assert only_save(page)["setup"]["levels"] == [None, "hard", "easy"]


@pytest.mark.browser
def test_a_practice_link_starts_at_snack_and_hints_there(open_game: Any) -> None:
    page: Page = open_game(
        "?game=quodlibet&contracts=snack&seats=human,bot,bot,bot&seed=5&speed=instant"
    )
    page.wait_for_selector('.ql-table[data-contract="snack"]', timeout=60_000)
    assert only_save(page)["setup"]["options"] == {"contracts": ["snack"]}
    assert engine_game(page).view(None)["contract"] == "snack"
    assert "contracts=snack" in page.url
    page.wait_for_selector(HUMAN_TURN, timeout=60_000)
    legal = engine_game(page).legal_actions()
    action, text, marked = ask_hint(page)
    assert action in legal and set(marked) == {action}
    assert text.endswith(".")


@pytest.mark.browser
def test_the_final_score_sheet_shows_running_totals(open_game: Any) -> None:
    """Two practice deals, all computers: the final sheet's Total column adds them up."""
    page: Page = open_game(
        "?game=quodlibet&contracts=quadrature,snack&seats=bot,bot,bot,bot&seed=8&speed=instant"
    )
    page.wait_for_selector("html[data-game-state=over]", timeout=120_000)
    game = engine_game(page)
    last = page.locator(".final-sheet .round-summary").last
    shown = [
        int(last.locator(f'td[data-total="{seat}"]').inner_text().replace("\u2212", "-"))
        for seat in range(4)
    ]
    assert shown == game.totals


BAD_LINKS = {
    "?game=quodlibet&opt.colour=red": "Quodlibet has no option \u201ccolour\u201d",
    "?game=to-the-moon&contracts=snack": "To the Moon has no option \u201ccontracts\u201d",
    "?game=to-the-moon&seats=human,godlike": "computer level (easy, normal, hard), human or bot",
    "?game=quodlibet&opt.dealer=": "needs a value",
}


@pytest.mark.browser
def test_bad_levels_and_options_in_links_say_why(page: Page, site_url: str) -> None:
    for query, expected in BAD_LINKS.items():
        page.goto(site_url + query)
        notice = page.locator("#notices .notice")
        notice.wait_for()
        assert expected in notice.inner_text(), query
        assert page.locator(".menu").is_visible()
    # A value the engine refuses is refused when the game starts, in the engine's words.
    page.goto(f"{site_url}?game=quodlibet&contracts=snack,tea")
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    notice = page.locator("#notices .notice", has_text="could not start")
    notice.wait_for()
    assert "Unknown contract 'tea'" in notice.inner_text()
    assert page.locator("html").get_attribute("data-game-state") == "none"


# --- the worker's side, on CPython --------------------------------------------------------


def _worker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("parlour_worker_lh", ROOT / "web/py/worker.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _call(worker: ModuleType, name: str, **request: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(getattr(worker, name)(json.dumps(request)))
    return reply


@pytest.mark.cpython_only
def test_the_worker_caps_hard_thinking_and_checks_the_cap() -> None:
    worker = _worker()
    assert _call(worker, "new_game", id="g", game=MOON, players=3, seed=4)["ok"]
    legal = engine.new_game(MOON, 3, 4).legal_actions()
    start = time.perf_counter()
    reply = _call(worker, "bot", id="g", level="hard", seed=1, time_ms=30)
    took = time.perf_counter() - start
    assert reply["action"] in legal
    assert took < 1.0, f"a 30 ms cap took {took:.2f} s"
    for bad in (0, -5, True, "fast"):
        refused = _call(worker, "bot", id="g", level="hard", seed=1, time_ms=bad)
        assert refused["error"]["code"] == "bad-request", bad
