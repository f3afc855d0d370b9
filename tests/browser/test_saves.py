"""Saves: every move is saved to localStorage; reload resumes exactly; the menu lists saved
games to continue or delete; a damaged save gets a notice and leaves the others alone;
blocked or full storage gets a notice and play goes on in memory."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from browser_support import (
    SAVE_PREFIX,
    engine_game,
    force_generic_renderer,
    only_save,
    web_save_record,
)
from playwright.sync_api import Page

import engine

pytestmark = pytest.mark.browser

MY_TURN = ".table[data-awaiting='0'] .actions button"


def record(save_id: str, seed: int, moves: int = 0) -> dict[str, Any]:
    """A saved game as the page writes it, made with the engine in CPython."""
    game = engine.new_game("to-the-moon", 2, seed=seed)
    for _ in range(moves):
        game.apply(game.bot_action("easy", 1))
    return web_save_record(
        game, save_id, speed="normal", updated=f"2026-01-02T10:0{seed % 10}:00.000Z"
    )


def preload(page: Page, items: dict[str, str]) -> None:
    """Put items in localStorage before the page's scripts run (once per key)."""
    page.add_init_script(
        f"for (const [k, v] of Object.entries({json.dumps(items)}))"
        " if (localStorage.getItem(k) === null) localStorage.setItem(k, v);"
    )


def test_reload_resumes_the_game_exactly(page: Page, open_game: Callable[..., Page]) -> None:
    force_generic_renderer(page)
    open_game("?game=to-the-moon&players=2&seats=human,bot&seed=5&speed=instant")
    for _ in range(3):
        page.wait_for_selector(MY_TURN, timeout=30_000)
        before = only_save(page)["engine"]
        page.locator(MY_TURN).first.click()
        page.wait_for_function(
            "([p, b]) => Object.keys(localStorage).some((k) => k.startsWith(p)"
            " && JSON.parse(localStorage.getItem(k)).engine !== b)",
            arg=[SAVE_PREFIX, before],
        )
    page.wait_for_selector(MY_TURN, timeout=30_000)
    saved = only_save(page)
    log_before = page.locator(".log").inner_text()
    url = page.url
    assert f"resume={saved['id']}" in url

    page.reload()
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    page.wait_for_selector(MY_TURN, timeout=30_000)
    assert page.url == url
    assert only_save(page)["engine"] == saved["engine"], "reload must neither lose nor add moves"
    assert page.locator(".log").inner_text() == log_before
    game = engine_game(page)
    assert sorted(page.locator(MY_TURN).all_inner_texts()) == game.legal_actions()


def test_the_menu_lists_saved_games_to_continue_or_delete(page: Page, site_url: str) -> None:
    preload(
        page,
        {
            f"{SAVE_PREFIX}gold-1": json.dumps(record("gold-1", seed=1)),
            f"{SAVE_PREFIX}gnew-2": json.dumps(record("gnew-2", seed=2, moves=5)),
        },
    )
    page.goto(site_url)
    saves = page.locator(".saves .save")
    saves.first.wait_for()
    assert saves.count() == 2
    assert saves.nth(0).get_attribute("data-id") == "gnew-2", "newest first"
    assert "To the Moon" in saves.nth(0).inner_text() and "Ada" in saves.nth(0).inner_text()
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)

    page.get_by_role("button", name="Delete the saved To the Moon game with Ada").first.click()
    assert page.locator(".saves .save").count() == 1
    page.locator(".saves .save button.continue").click()
    page.wait_for_selector("html[data-game-state=playing]")
    page.wait_for_selector(".table")
    assert "Ada" in page.locator(".totals").inner_text()


def test_a_damaged_save_shows_a_notice_and_leaves_the_others_alone(
    page: Page, site_url: str
) -> None:
    good = record("ggood-1", seed=3)
    tampered = record("gtamper-1", seed=4, moves=3)
    tampered["engine"] = tampered["engine"].replace('"seed":4', '"seed":5')
    preload(
        page,
        {
            f"{SAVE_PREFIX}ggood-1": json.dumps(good),
            f"{SAVE_PREFIX}gtamper-1": json.dumps(tampered),
            f"{SAVE_PREFIX}gbroken-1": '{"format": "parlour-web-save", "vers',
        },
    )
    page.goto(site_url)
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    broken = page.locator(".save.damaged")
    assert broken.count() == 1 and "not readable" in broken.inner_text()

    page.locator(".save[data-id='gtamper-1'] button.continue").click()
    notice = page.locator("#notices .notice")
    notice.wait_for()
    assert "cannot be continued" in notice.inner_text()
    assert "changed or damaged" in notice.inner_text()
    assert page.locator("html").get_attribute("data-game-state") == "none"
    assert page.locator(".saves .save").count() == 3, "a bad save touches no other save"

    page.locator(".save[data-id='ggood-1'] button.continue").click()
    page.wait_for_selector(".table")
    assert page.evaluate("(k) => localStorage.getItem(k)", f"{SAVE_PREFIX}gbroken-1") is not None


BLOCKED = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""

FULL = """
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (String(key).startsWith("parlour:v1:save:")) {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  }
  return setItem.call(this, key, value);
};
"""


@pytest.mark.parametrize(
    ("script", "expected"),
    [(BLOCKED, "does not let the page save games"), (FULL, "Storage on this device is full")],
    ids=["blocked", "full"],
)
def test_unusable_storage_shows_a_notice_and_play_goes_on(
    page: Page, site_url: str, script: str, expected: str
) -> None:
    page.add_init_script(script)
    page.goto(f"{site_url}?game=to-the-moon&players=2&seats=bot,bot&seed=8&speed=instant")
    page.wait_for_selector("html[data-game-state=over]", timeout=120_000)
    assert expected in page.locator("#notices").inner_text()
