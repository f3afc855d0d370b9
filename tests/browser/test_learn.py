"""The guided lessons (docs/FEATURES.md, "Learn to play"; learn/coach.js), played end to end in
Chromium by a reader who does only what the coach says on screen: read the coach's words, press the
ringed control. The tests know nothing of the scripts: not the deal, not the moves, not how many
steps there are. Each lesson also gets one deliberate wrong move (another legal control), which the
coach must answer kindly without the move reaching the engine."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from browser_support import axe_check, saved_games, wait_ready
from korean_text import english_words, overflowing
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

pytestmark = pytest.mark.browser

COACH = ".coach"
TARGET = ".coach-target"
# A legal move of the table other than the ringed one (renderers put `data-action` only on
# controls that make a legal move).
OTHER_MOVE = (
    ".table-body [data-action]:not(.coach-target):not([disabled]):not([aria-disabled=true])"
)
MAX_PRESSES = 80


def coach_ready(page: Page) -> str:
    """Wait until the coach asks for a press (or the lesson is over); -> its state."""
    page.wait_for_function(
        """() => {
          const coach = document.querySelector(".coach");
          if (!coach) return false;
          if (coach.dataset.state === "done") return true;
          const target = document.querySelector(".coach-target");
          return Boolean(target && target.offsetParent !== null);
        }""",
        timeout=30_000,
    )
    return page.locator(COACH).get_attribute("data-state") or ""


def moves_made(page: Page) -> int:
    return page.locator(".table .log ol li").count()


def try_a_wrong_move(page: Page) -> bool:
    """Press a legal move that is not the ringed one: the coach says why, nothing is sent.
    -> False when this step offers no other move."""
    other = page.locator(OTHER_MOVE)
    if not other.count():
        return False
    before = moves_made(page)
    target_before = page.locator(TARGET).first.get_attribute("data-action")
    other.first.click()
    note = page.locator(f"{COACH} .coach-note")
    note.wait_for(timeout=10_000)
    assert note.inner_text().strip()
    page.wait_for_timeout(400)  # a move that was sent would be in the log by now
    assert moves_made(page) == before, "the wrong move reached the engine"
    assert page.locator(".table[data-awaiting='0']").count() == 1
    assert page.locator(TARGET).first.get_attribute("data-action") == target_before
    return True


def follow_the_coach(
    page: Page,
    *,
    wrong_move: bool = True,
    keyboard: bool = False,
    check: Callable[[], None] = lambda: None,
) -> list[str]:
    """Do what the coach says until the lesson ends: press the ringed control (with
    `keyboard`, Enter on it: the coach must have brought focus there). `check` runs at
    every step. -> the coach's instructions in order."""
    said: list[str] = []
    wrong_done = not wrong_move
    for _ in range(MAX_PRESSES):
        state = coach_ready(page)
        if state == "done":
            break
        text = page.locator(f"{COACH} .coach-text").inner_text().strip()
        assert text, "the coach asks for a press without saying what or why"
        if not said or said[-1] != text:
            said.append(text)
        check()
        if not wrong_done and state == "do":
            wrong_done = try_a_wrong_move(page)
        target = page.locator(TARGET)
        assert target.count() >= 1
        handle = target.first.element_handle()
        step = page.locator(COACH).get_attribute("data-step")
        if keyboard:
            focused = page.evaluate("(el) => document.activeElement === el", handle)
            assert focused, f"focus is not on the control the coach rings ({text[:60]})"
            page.keyboard.press("Enter")
        else:
            target.first.click()
        # The press was taken: the coach moved on, or that control is no longer the one
        # ringed (the first press of a two-press move), or it is gone.
        page.wait_for_function(
            """([el, step]) => document.querySelector(".coach").dataset.step !== step
                 || !el.isConnected || !el.classList.contains("coach-target")""",
            arg=[handle, step],
            timeout=10_000,
        )
    else:
        pytest.fail(f"the lesson did not end after {MAX_PRESSES} presses")
    assert wrong_done, "the lesson never offered a move other than the lesson's"
    return said


def check_the_end(page: Page) -> None:
    """The round's scoring in the coach's words, the game's own summary, and the way on."""
    coach = page.locator(COACH)
    assert coach.get_attribute("data-state") == "done"
    words = coach.locator(".coach-text").inner_text()
    assert any(ch.isdigit() for ch in words), "the scoring is explained without a number"
    assert page.locator(".lesson-end .round-summary, .lesson-end section").count() >= 1
    assert page.locator(".lesson-end [data-control=coach-real]").is_visible()
    assert page.locator(".lesson-end [data-control=coach-menu]").is_visible()
    assert page.locator("html").get_attribute("data-game-state") == "over"
    assert saved_games(page) == {}, "a lesson must not be saved"


def test_nine_virtues_lesson_followed_from_the_coach_alone(
    page: Page, open_game: Callable[..., Page]
) -> None:
    open_game("?learn=nine-virtues&speed=instant")
    seen: list[str] = []

    def accessible_once_in_play() -> None:
        state = page.locator(COACH).get_attribute("data-state")
        if state == "do" and not seen:
            seen.append(state)
            axe_check(page, "a lesson step (the coach and its ring)")
            page.set_viewport_size({"width": 390, "height": 844})

    said = follow_the_coach(page, check=accessible_once_in_play)
    assert seen, "the lesson never asked for a move"
    assert 8 <= len(said) + 1 <= 20, said
    check_the_end(page)
    axe_check(page, "a lesson's end")
    # "Play a real game" starts a normal game of that game, saved as usual.
    page.locator("[data-control=coach-real]").click()
    page.wait_for_selector(".table[data-game=nine-virtues]", timeout=30_000)
    assert page.locator(COACH).count() == 0
    assert "game=nine-virtues" in page.url


def test_to_the_moon_lesson_followed_from_the_coach_alone(
    page: Page, open_game: Callable[..., Page]
) -> None:
    open_game("?learn=to-the-moon&speed=instant")
    said = follow_the_coach(page)
    assert 8 <= len(said) + 1 <= 20, said
    check_the_end(page)
    page.locator("[data-control=coach-menu]").click()
    page.wait_for_selector(".menu")
    assert page.locator(COACH).count() == 0


def test_quodlibet_lessons_in_korean_by_keyboard_at_360px(
    page: Page, open_game: Callable[..., Page]
) -> None:
    """Minus, then Snack (QL-10, QL-20..QL-23), in Korean on a phone, by keyboard alone: no
    English word in the game area (coach, table, log, the end), nothing wider than the
    window, at every step."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_game("?learn=quodlibet&speed=instant&lang=ko")
    assert page.locator("html").get_attribute("lang") == "ko"

    def korean_only() -> None:
        assert english_words(page, "#main") == []
        assert overflowing(page) == []

    for lesson in ("quodlibet", "quodlibet-snack"):
        page.wait_for_selector(f".lesson[data-lesson={lesson}] .coach")
        said = follow_the_coach(page, keyboard=True, check=korean_only)
        assert 8 <= len(said) + 1 <= 20, said
        check_the_end(page)
        korean_only()
        assert english_words(page, ".lesson-end-actions") == []
        if lesson == "quodlibet":
            # The first lesson offers the next one: Snack.
            page.locator("[data-control=coach-next-lesson]").click()
    page.locator("[data-control=coach-menu]").click()
    page.wait_for_selector(".menu")
    assert english_words(page, "[data-learn=quodlibet]") == []


def test_an_unknown_lesson_is_a_clear_message_and_the_menu(
    page: Page, open_game: Callable[..., Page]
) -> None:
    open_game("?learn=chess", ready=False)
    notice = page.locator(".notice")
    notice.wait_for()
    assert "chess" in notice.inner_text()
    assert "nine-virtues" in notice.inner_text()
    page.wait_for_selector(".menu")
    assert page.locator(COACH).count() == 0
    # The menu's "Learn to play" of a game starts its lesson (and says so in the address).
    wait_ready(page)
    page.locator("[data-learn=to-the-moon]").click()
    page.wait_for_selector(".lesson[data-lesson=to-the-moon] .coach[data-state=next]")
    assert "learn=to-the-moon" in page.url


# --- where the coach stands, how long a step is, and a way on while the computers play -------

SIZES = ((360, 640), (390, 844), (1280, 800))
MAX_PANEL = 0.3
"""The coach's panel at most this share of the window's height, at every step and size: a step
is a few lines on a phone (a long one is split into two in the lesson's catalog)."""

# The panel, what the step points at (the ringed controls, the pointed zone), and the window.
# -> the step's problems: a target under the panel or outside the window, a panel too tall.
PLACED = """(maxShare) => {
  const coach = document.querySelector(".coach");
  const panel = coach.getBoundingClientRect();
  const span = (r) => `${Math.round(r.top)}..${Math.round(r.bottom)}`;
  const box = (el) =>
    `${el.className.split(" ").slice(0, 2).join(".")} ${span(el.getBoundingClientRect())}`;
  const problems = [];
  if (panel.height > maxShare * innerHeight)
    problems.push(`the panel is ${Math.round(panel.height)} px of a ${innerHeight} px window`);
  const targets = [...document.querySelectorAll(".table .coach-target, .table .coach-point")]
    .filter((el) => el.getClientRects().length);
  for (const el of targets) {
    const r = el.getBoundingClientRect();
    const under = r.top < panel.bottom - 1 && r.bottom > panel.top + 1
      && r.left < panel.right - 1 && r.right > panel.left + 1;
    if (under) problems.push(`${box(el)} is under the panel (${span(panel)})`);
    if (r.top < -1 || r.bottom > innerHeight + 1) problems.push(`${box(el)} is outside the window`);
  }
  return problems;
}"""


def check_placed(page: Page, where: str) -> None:
    """At each size: the panel small, and every target in view and clear of it (the coach
    places anew when the window changes, so wait for it before saying what is wrong)."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        with contextlib.suppress(PlaywrightTimeoutError):
            page.wait_for_function(f"() => ({PLACED})({MAX_PANEL}).length === 0", timeout=3_000)
        problems = page.evaluate(PLACED, MAX_PANEL)
        assert problems == [], f"{where} at {width}x{height}: {problems}"


@pytest.mark.parametrize(
    ("lesson", "lang"),
    [
        ("nine-virtues", "en"),
        ("to-the-moon", "ko"),
        ("quodlibet", "en"),
        ("quodlibet-snack", "ko"),
    ],
)
def test_the_coach_never_covers_what_it_points_at(
    page: Page, open_game: Callable[..., Page], lesson: str, lang: str
) -> None:
    """Every step of the lesson, at 360x640, 390x844 and 1280x800: the ringed control and the
    pointed zone are inside the window and not under the coach's panel, and the panel is at
    most 30% of the window's height."""
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(f"?learn={lesson}&speed=instant&lang={lang}")
    checked: list[str] = []

    def placed() -> None:
        where = f"{lesson} ({lang}) step {page.locator(COACH).get_attribute('data-step')}"
        check_placed(page, where)
        checked.append(where)
        page.set_viewport_size({"width": 360, "height": 640})

    follow_the_coach(page, wrong_move=False, check=placed)
    assert len(checked) >= 8
    # The end: the panel says the score in a line, the scoring is explained beside the sheet.
    check_placed(page, f"{lesson} ({lang}): the end")
    assert page.locator(".lesson-end .lesson-end-words").inner_text().strip()


SKIP = f"{COACH} [data-control=coach-skip]"


def test_skip_ahead_goes_on_at_once_while_the_computers_play(
    page: Page, open_game: Callable[..., Page]
) -> None:
    """At the table's own pace (600 ms a computer move), every wait for the computers offers
    "Skip ahead", with keyboard focus on it: Enter plays their scripted moves at once. The
    longest wait of To the Moon's lesson is ten computer moves (6 s at least unskipped)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_game("?learn=to-the-moon&speed=normal")
    skipped: list[float] = []
    for _ in range(MAX_PRESSES):
        page.wait_for_function(
            """() => { const coach = document.querySelector(".coach");
              if (!coach) return false;
              if (coach.dataset.state === "done") return true;
              const skip = coach.querySelector("[data-control=coach-skip]");
              if (coach.dataset.state === "wait" && skip && !skip.hidden) return true;
              const target = document.querySelector(".coach-target");
              return coach.dataset.state !== "wait" && Boolean(target && target.offsetParent); }""",
            timeout=30_000,
        )
        state = page.locator(COACH).get_attribute("data-state")
        if state == "done":
            break
        if state == "wait":
            assert page.locator(SKIP).is_visible()
            assert page.evaluate(
                "document.activeElement === document.querySelector('[data-control=coach-skip]')"
            ), "Skip ahead does not have keyboard focus"
            start = page.evaluate("performance.now()")
            page.keyboard.press("Enter")
            page.wait_for_function(
                "() => document.querySelector('.coach').dataset.state !== 'wait'", timeout=30_000
            )
            skipped.append(page.evaluate("performance.now()") - start)
            continue
        target = page.locator(TARGET).first
        handle = target.element_handle()
        step = page.locator(COACH).get_attribute("data-step")
        page.keyboard.press("Enter") if state == "next" else target.click()
        page.wait_for_function(
            """([el, step]) => document.querySelector(".coach").dataset.step !== step
                 || !el.isConnected || !el.classList.contains("coach-target")""",
            arg=[handle, step],
            timeout=10_000,
        )
    else:
        pytest.fail("the lesson did not end")
    print(f"\nwaits after Skip ahead (ms): {[round(ms) for ms in skipped]}")
    assert len(skipped) >= 5, "Skip ahead was not offered at each wait"
    assert max(skipped) < 3_000, skipped
    check_the_end(page)
