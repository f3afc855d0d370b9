"""Saves that survive Safari's seven-day rule (issue 25, part 3; web/js/saves/keep.js).

The page asks for persistent storage (``navigator.storage.persist()``) once, after the first
saved move of a game a person plays, never on load; the menu's saves panel says whether the
browser agreed, and where it did not: that the browser may clear saved games after about a
week without a visit, the Home Screen, export, and a quiet reminder of an unfinished game or
records never exported. ``persist``/``persisted`` are replaced by ``page.add_init_script``
to test both answers; one test keeps Chromium's own and checks only when it is called."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from browser_support import (
    SAVE_PREFIX,
    axe_check,
    force_generic_renderer,
    save_text,
    wait_for_new_save,
    wait_ready,
    web_save_record,
)
from korean_text import english_words
from playwright.sync_api import Page

import engine

pytestmark = pytest.mark.browser

GAME = "?game=to-the-moon&players=2&seats=human,bot&seed=5&speed=instant"
MY_TURN = ".table[data-awaiting='0'] .actions button"
KEEP = "parlour:v1:keep"
CALLS = "() => window.__persist.calls"


def fake_storage(page: Page, *, grants: bool, persisted: bool = False) -> None:
    """``navigator.storage.persist()`` answers ``grants`` (and counts its calls in
    ``window.__persist.calls``); ``persisted()`` answers ``persisted`` until a grant."""
    page.add_init_script(
        f"""(() => {{
  const state = {{ persisted: {json.dumps(persisted)}, calls: 0 }};
  window.__persist = state;
  Object.defineProperty(navigator.storage, "persist", {{
    configurable: true,
    value: async () => {{
      state.calls += 1;
      if ({json.dumps(grants)}) state.persisted = true;
      return {json.dumps(grants)};
    }},
  }});
  Object.defineProperty(navigator.storage, "persisted", {{
    configurable: true,
    value: async () => state.persisted,
  }});
}})();"""
    )


def unfinished_save(save_id: str = "gkeep-1") -> dict[str, str]:
    game = engine.new_game("to-the-moon", 2, seed=3)
    for _ in range(3):
        game.apply(game.bot_action("easy", 1))
    return {f"{SAVE_PREFIX}{save_id}": json.dumps(web_save_record(game, save_id))}


def preload(page: Page, items: dict[str, str]) -> None:
    page.add_init_script(
        f"for (const [k, v] of Object.entries({json.dumps(items)}))"
        " if (localStorage.getItem(k) === null) localStorage.setItem(k, v);"
    )


def play_one_move(page: Page, open_game: Callable[..., Page]) -> None:
    """Start a game against the computer and make the person's first move (it is saved)."""
    force_generic_renderer(page)
    open_game(GAME)
    page.wait_for_selector(MY_TURN, timeout=30_000)
    before = save_text(page)
    page.locator(MY_TURN).first.click()
    wait_for_new_save(page, before)


def saved_panel(page: Page) -> str:
    """The saves' words (the list, or the words that stand for it, and the keep panel)."""
    return page.locator(".saved-list").inner_text() + page.locator(".keep-saves").inner_text()


def test_denied_asks_once_after_a_saved_move_and_the_panel_offers_ways_to_keep(
    page: Page, open_game: Callable[..., Page], site_url: str
) -> None:
    fake_storage(page, grants=False)
    open_game("")
    page.wait_for_selector(".keep-how")
    # Nothing to wait for: the page never asks on load, so give a wrong call time to come.
    page.wait_for_timeout(500)
    assert page.evaluate(CALLS) == 0, "never asked on load"
    assert "on this device" not in saved_panel(page), "no claim without the caveat"
    summary = page.locator(".keep-how summary").inner_text()
    assert "No saved games yet. This browser may clear saved games after about a week" in summary

    play_one_move(page, open_game)
    page.wait_for_function(f"{CALLS} === 1")
    memo = json.loads(page.evaluate("(k) => localStorage.getItem(k)", KEEP))
    assert memo["asked"] and memo["granted"] is False

    # A later visit, another move: the answer is remembered, not asked for again.
    page.reload()
    wait_ready(page)
    page.wait_for_selector(MY_TURN, timeout=30_000)
    before = save_text(page)
    page.locator(MY_TURN).first.click()
    # storage.js asks (or not) in the same task that writes the save: once the move is saved
    # a call would have been made.
    wait_for_new_save(page, before)
    assert page.evaluate(CALLS) == 0

    page.goto(site_url)
    wait_ready(page)
    summary = page.locator(".keep-how summary")
    assert "may clear saved games and records after about a week without a visit" in (
        summary.inner_text()
    )
    summary.click()
    how = page.locator(".keep-how").inner_text()
    assert "Home Screen" in how and "Share" in how, "add to Home Screen, and how"
    assert "export" in how.lower(), "export"
    reminder = page.locator(".keep-reminder")
    assert "Not exported yet: your unfinished To the Moon game." in reminder.inner_text()

    # Export now opens that game's code; downloading it ends the reminder, for good.
    reminder.get_by_role("button", name="Export now").click()
    panel = page.locator(".save .save-export")
    panel.wait_for()
    page.wait_for_function("() => document.querySelector('.save-export')?.dataset.code")
    with page.expect_download():
        panel.get_by_role("button", name="Download as a file").click()
    page.wait_for_selector(".keep-reminder", state="detached")
    assert page.locator(".save .save-export").count() == 1, "the open code stays open"
    page.reload()
    page.wait_for_selector(".keep-how")
    assert page.locator(".keep-reminder").count() == 0
    assert page.evaluate(CALLS) == 0


def test_granted_the_panel_says_so_without_the_week(
    page: Page, open_game: Callable[..., Page], site_url: str
) -> None:
    fake_storage(page, grants=True)
    play_one_move(page, open_game)
    page.wait_for_function(f"{CALLS} === 1")
    page.get_by_role("button", name="Menu").first.click()
    status = page.locator(".keep-status[data-kept=yes]")
    status.wait_for()
    assert "keeps your saved games and records until you delete them" in status.inner_text()
    panel = saved_panel(page)
    assert "week" not in panel
    assert page.locator(".keep-how, .keep-reminder").count() == 0


def test_a_later_visit_reads_persisted_and_does_not_ask(page: Page, site_url: str) -> None:
    fake_storage(page, grants=True, persisted=True)
    preload(page, unfinished_save())
    page.goto(site_url)
    page.locator(".keep-status[data-kept=yes]").wait_for()
    wait_ready(page)
    assert page.evaluate(CALLS) == 0
    assert page.locator(".keep-how, .keep-reminder").count() == 0


def test_quiet_reminder_of_records_and_not_now(page: Page, site_url: str) -> None:
    fake_storage(page, grants=False)
    game = engine.new_game("to-the-moon", 2, seed=3)
    while not game.is_over:
        game.apply(game.bot_action("easy", 1))
    finished = web_save_record(game, "gdone-1")
    entry = {
        "format": "parlour-records",
        "version": 1,
        "game": "to-the-moon",
        "level": "easy",
        "played": 1,
        "won": 1,
        "best": 30,
        "total": 30,
        "streak": 1,
        "counted": ["gdone-1"],
    }
    fields = ["format", "version", "game", "level", "played", "won", "best", "total"]
    text = json.dumps(
        [entry[name] for name in [*fields, "streak", "counted"]], separators=(",", ":")
    )
    value = 0x811C9DC5
    for char in text:
        value = ((value ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    entry["check"] = f"{value:08x}"
    preload(
        page,
        {
            f"{SAVE_PREFIX}gdone-1": json.dumps(finished),
            "parlour:v1:records:to-the-moon:easy": json.dumps(entry),
        },
    )
    page.goto(site_url)
    reminder = page.locator(".keep-reminder")
    reminder.wait_for()
    assert "Not exported yet: your records." in reminder.inner_text()
    reminder.get_by_role("button", name="Not now").click()
    page.wait_for_selector(".keep-reminder", state="detached")
    page.reload()
    page.wait_for_selector(".keep-how")
    assert page.locator(".keep-reminder").count() == 0, "put off: not on the next visit"
    assert "about a week" in page.locator(".keep-how summary").inner_text(), "the caveat stays"


def test_install_button_where_the_browser_offers_one(page: Page, site_url: str) -> None:
    fake_storage(page, grants=False)
    page.goto(site_url)
    page.wait_for_selector(".keep-how")
    page.evaluate(
        """() => {
          const event = new Event("beforeinstallprompt", { cancelable: true });
          event.prompt = async () => { window.__prompted = true; };
          event.userChoice = Promise.resolve({ outcome: "dismissed" });
          window.dispatchEvent(event);
        }"""
    )
    page.locator(".keep-how summary").click()
    page.get_by_role("button", name="Install Parlour").click()
    page.wait_for_function("() => window.__prompted === true")
    page.wait_for_selector(".keep-install", state="detached")


def test_korean_panel(page: Page, site_url: str) -> None:
    fake_storage(page, grants=False)
    preload(page, unfinished_save())
    page.goto(site_url + "?lang=ko")
    page.locator(".keep-how summary").click()
    how = page.locator(".keep-how").inner_text()
    assert "일주일쯤 방문하지 않으면 저장된 게임과 기록을 지울 수 있습니다" in how
    assert "홈 화면에 추가" in how and "내보내" in how
    reminder = page.locator(".keep-reminder").inner_text()
    assert "아직 내보내지 않았습니다: 끝나지 않은 투 더 문 게임." in reminder
    assert english_words(page, ".keep-saves") == []


def test_korean_granted(page: Page, site_url: str) -> None:
    fake_storage(page, grants=True, persisted=True)
    page.goto(site_url + "?lang=ko")
    page.locator(".keep-status[data-kept=yes]").wait_for()
    panel = saved_panel(page)
    assert "모든 수가 이 기기에 저장되며, 직접 지우기 전까지 보관됩니다" in panel
    assert "일주일" not in panel


# A fresh context: Chromium's answer in the session's shared profile would outlive the test
# (clearing the origin's data and permissions does not take back a persist() grant).
@pytest.mark.cold_start
def test_chromium_own_persist_is_called_after_the_first_save_not_on_load(
    page: Page, open_game: Callable[..., Page], record_property: Callable[[str, object], None]
) -> None:
    page.add_init_script(
        """(() => {
          const own = navigator.storage.persist.bind(navigator.storage);
          window.__persist = { calls: 0, answers: [] };
          navigator.storage.persist = async () => {
            window.__persist.calls += 1;
            const answer = await own();
            window.__persist.answers.push(answer);
            return answer;
          };
        })();"""
    )
    open_game("")
    # Nothing to wait for: the page never asks on load, so give a wrong call time to come.
    page.wait_for_timeout(500)
    assert page.evaluate(CALLS) == 0, "never asked on load"
    play_one_move(page, open_game)
    page.wait_for_function("() => window.__persist.answers.length === 1")
    answer = page.evaluate("() => window.__persist.answers[0]")
    record_property("chromium_persist", answer)
    print(f"Chromium's persist() answered {answer}")
    assert page.evaluate("() => navigator.storage.persisted()") is answer


@pytest.mark.parametrize("kept", [False, True])
def test_on_a_phone_start_stays_in_reach(page: Page, site_url: str, kept: bool) -> None:
    """The panel's words never push the games' Play buttons out of the first screen."""
    fake_storage(page, grants=kept, persisted=kept)
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site_url)
    wait_ready(page)
    page.wait_for_selector(".keep-status")
    for play in page.locator(".game-card button.play").all():
        box = play.bounding_box()
        assert box and box["y"] + box["height"] <= 640, box


def test_axe_on_the_open_panel_and_the_reminder(page: Page, site_url: str) -> None:
    fake_storage(page, grants=False)
    preload(page, unfinished_save())
    page.goto(site_url)
    wait_ready(page)
    page.locator(".keep-how summary").click()
    page.locator(".keep-reminder").wait_for()
    axe_check(page, "the saves panel where storage is not kept")
