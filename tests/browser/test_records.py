"""Records (records.js): three Nine Virtues games against the computer, played through the page;
the figures (played, won, best, average, streak) are the ones the three saves give, shown on
the final screen and the menu, kept over a reload, not counted again when a finished save is
opened, carried in a save code; a tampered entry is refused and kept aside; the panel in
Korean has no English and fits 360 px."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from browser_support import force_generic_renderer, saved_games
from korean_text import english_words, overflowing
from playwright.sync_api import Page, expect

import engine

pytestmark = pytest.mark.browser

KEY = "parlour:v1:records:nine-virtues:normal"


def play_to_the_end(page: Page) -> None:
    """The person presses the first move offered, and each round's dialog, until the end."""
    while True:
        page.wait_for_selector(
            ".table[data-awaiting='0'] .actions button, .overlay .dialog .button.primary, .final",
            timeout=60_000,
        )
        if page.locator(".final").count():
            return
        dialog = page.locator(".overlay .dialog .button.primary")
        target = dialog if dialog.count() else page.locator(".table .actions button").first
        handle = target.element_handle()
        assert handle is not None
        handle.click()
        handle.wait_for_element_state("hidden")


def stored(page: Page) -> dict[str, Any]:
    text = page.evaluate("(key) => localStorage.getItem(key)", KEY)
    assert text, "no record stored"
    entry: dict[str, Any] = json.loads(text)
    return entry


def test_records_after_three_games(
    page: Page, open_game: Callable[..., Page], site_url: str
) -> None:
    force_generic_renderer(page)
    open_game("?game=nine-virtues&players=3&seats=human,bot,bot&seed=21&speed=instant")
    for game_number in range(3):
        play_to_the_end(page)
        expect(page.locator(".final .record-line")).to_be_visible()
        assert stored(page)["played"] == game_number + 1
        if game_number < 2:
            page.locator(".final .play-again").click()
            # The finished table stays until the new game's table replaces it.
            page.locator(".final").wait_for(state="detached")

    games = sorted(
        (record for record in saved_games(page).values()),
        key=lambda record: record["created"],
    )
    assert len(games) == 3 and all(record["over"] for record in games)
    finals = [engine.load_game(record["engine"]) for record in games]
    scores = [game.totals[0] for game in finals]
    wins = [0 in game.winners for game in finals]  # sharing first place counts
    streak = 0
    for won in wins:
        streak = streak + 1 if won else 0
    entry = stored(page)
    assert (entry["played"], entry["won"], entry["best"], entry["total"], entry["streak"]) == (
        3,
        sum(wins),
        max(scores),
        sum(scores),
        streak,
    )
    line = page.locator(".final .record-line")
    expect(line.locator("h2")).to_have_text(
        f"Your best Nine Virtues score against normal: {max(scores)}"
    )
    expect(line).to_contain_text(f"3 games · {sum(wins)} won · best {max(scores)}")

    # The menu, after a reload; opening a finished save counts nothing again.
    page.goto(site_url)
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    item = page.locator(".records li[data-game='nine-virtues'][data-level='normal']")
    expect(item).to_contain_text("Nine Virtues, normal")
    expect(item).to_contain_text("3 games")
    page.locator(f".save[data-id='{games[0]['id']}'] .continue").click()
    page.wait_for_selector(".final .record-line")
    assert stored(page)["played"] == 3

    # A save code carries the records to another device (here: this one, its records gone).
    page.goto(site_url)
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    page.locator(f".save[data-id='{games[0]['id']}'] .export").click()
    code_box = page.locator(".save .save-code")
    page.wait_for_function(
        "() => (document.querySelector('.save .save-code')?.value || '').startsWith('p1')"
    )
    code = code_box.input_value()
    page.evaluate(
        """() => Object.keys(localStorage).filter((k) => k.startsWith("parlour:v1:"))
             .forEach((k) => localStorage.removeItem(k))"""
    )
    page.reload()
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    expect(page.locator(".records")).to_contain_text("No game against the computer")
    page.locator(".import-save summary").click()
    page.fill("#import-code", code)
    page.locator(".import-save button.import-code").click()
    expect(item).to_contain_text("3 games")
    assert stored(page) == entry


def test_a_tampered_record_is_kept_aside_and_korean_panel(
    page: Page, open_game: Callable[..., Page]
) -> None:
    open_game("?lang=ko")
    entry = {
        "format": "parlour-records",
        "version": 1,
        "game": "nine-virtues",
        "level": "normal",
        "played": 2,
        "won": 1,
        "best": 30,
        "total": 50,
        "streak": 1,
        "counted": ["a", "b"],
        "check": "00000000",  # not its check: edited by hand
    }
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, json.dumps(entry)])
    page.set_viewport_size({"width": 360, "height": 800})
    page.reload()
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    expect(page.locator(".records")).to_contain_text("아직 없습니다")  # refused: not shown
    expect(page.locator("body")).to_contain_text("기록이 손상되었거나")  # and said
    assert english_words(page, ".records") == []
    assert overflowing(page) == []
    # Kept as it was until a game would write over it; then moved aside, never deleted.
    assert page.evaluate("(k) => localStorage.getItem(k)", KEY) == json.dumps(entry)


@pytest.mark.parametrize("game", ["__proto__", "constructor", "snap"])
def test_a_record_of_no_game_is_reported_by_its_key_and_kept_aside(
    page: Page, site_url: str, game: str
) -> None:
    """A stored key naming no game (or level) of the site is never worded as a game (issue
    28): the notice quotes the key, isolated, and the entry is moved aside, not deleted."""
    key = f"parlour:v1:records:{game}:normal"
    text = json.dumps({"format": "parlour-records", "version": 1, "game": game})
    # Stored before the page's first script runs (set after a load, the loaded page's menu
    # could meet it first, move it aside and leave nothing for the reload).
    store = f"try {{ localStorage.setItem({json.dumps(key)}, {json.dumps(text)}); }} catch {{}}"
    page.add_init_script(store)
    page.goto(site_url)
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    notice = page.locator("#notices .notice", has_text="names no game or level")
    notice.wait_for()
    assert f"\u2068{key}\u2069" in notice.inner_text()
    assert f"Your {game}" not in page.locator("body").inner_text()
    assert page.evaluate("(k) => localStorage.getItem(k)", key) is None
    aside = page.evaluate(
        """(k) => Object.keys(localStorage).filter((key) => key.startsWith(k))
             .map((key) => localStorage.getItem(key))""",
        f"parlour:v1:records-aside:{game}:normal:",
    )
    assert aside == [text]


@pytest.mark.parametrize("game", ["__proto__", "constructor"])
def test_a_save_of_no_game_is_listed_as_damaged_by_its_key(
    page: Page, site_url: str, game: str
) -> None:
    """A stored save whose game is none of ours (or whose id is ``__proto__``) is listed as a
    damaged save, said by its key (isolated), never by a game's name, and kept (issue 28)."""
    key = f"parlour:v1:save:{game}"
    record = {"format": "parlour-web-save", "version": 1, "id": game, "engine": "{}"}
    record["setup"] = {"game": game, "players": 3, "seats": ["human", "bot", "bot"]}
    text = json.dumps(record)
    store = f"try {{ localStorage.setItem({json.dumps(key)}, {json.dumps(text)}); }} catch {{}}"
    page.add_init_script(store)
    page.goto(site_url)
    damaged = page.locator(".save.damaged")
    damaged.wait_for()
    words = damaged.inner_text()
    assert f"\u2068{key}\u2069" in words and "Damaged save" in words
    assert game not in words.replace(key, "")
    assert page.evaluate("(k) => localStorage.getItem(k)", key) == text
