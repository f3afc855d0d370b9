"""The first screen is the games (issue 26, part 1): at 360 x 640, before the engine is ready,
the three games (a picture of their own cards, the name, one line) and a Play for each are in
the window with no scrolling; Play pressed before the engine is ready opens the table dealing
and the game begins once the engine is, with no second press; the boot is told in players'
words (nothing about Python, runtimes, WebAssembly or downloads); saved games come first,
as "Continue", and only when there are any; import and records come after the games.

The engine is held back by holding the engine wheel's request (the worker cannot finish
starting without it), and let go when the test has seen what it came for."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from browser_support import SAVE_PREFIX, saved_games, stored_record, wait_ready
from playwright.sync_api import Page, Route

import engine

pytestmark = pytest.mark.browser

GAMES = {
    "en": ["Nine Virtues", "To the Moon", "Quodlibet"],
    "ko": ["아홉 가지 덕목", "투 더 문", "쿼들리벳"],
}
# Words about the machinery, never in the boot's words (English and Korean).
MACHINERY = re.compile(
    r"python|runtime|webassembly|wasm|download|engine|install"
    r"|파이썬|런타임|웹어셈블리|실행 환경|내려받|엔진|설치",
    re.IGNORECASE,
)


@pytest.fixture
def held(page: Page) -> Iterator[list[Route]]:
    """The engine wheel's requests, held until the test lets them go (``release``)."""
    routes: list[Route] = []
    page.route("**/*.whl", lambda route: routes.append(route))
    yield routes
    release(page, routes)


def release(page: Page, routes: list[Route]) -> None:
    while routes:
        routes.pop().continue_()
    page.unroute("**/*.whl")


def boot_words(page: Page) -> str:
    """What the boot indicator says, to the eye and to a screen reader."""
    return str(
        page.evaluate(
            """() => { const boot = document.querySelector(".boot");
                 const bar = boot.querySelector("progress");
                 return [boot.innerText, boot.getAttribute("aria-label"),
                         bar.getAttribute("aria-label"), bar.getAttribute("aria-valuetext")]
                   .join(" | "); }"""
        )
    )


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_games_and_their_play_buttons_fill_the_first_phone_screen_before_ready(
    page: Page, site_url: str, held: list[Route], lang: str
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    with page.expect_request(lambda request: request.url.endswith(".whl"), timeout=90_000):
        page.goto(f"{site_url}?lang={lang}")
        page.wait_for_selector(".game-card")
        page.wait_for_selector("html[data-later-styles=on]")  # the pictures' deck sheets
        assert page.get_attribute("html", "data-engine") == "loading"
        tiles = page.locator(".game-tiles .game-card")
        assert tiles.count() == 3
        for i, name in enumerate(GAMES[lang]):
            tile = tiles.nth(i)
            assert tile.locator(".game-name").inner_text() == name
            assert len(tile.locator(".game-tagline").inner_text()) > 10
            # A picture drawn with the game's own cards: three faces of its deck.
            deck = ".fc" if i == 2 else ".pc"
            assert tile.locator(f".game-picture > {deck}").count() == 3
            for part in (".game-picture", ".game-name", ".game-tagline", "button.play"):
                box = tile.locator(part).bounding_box()
                assert box and box["width"] > 0 and box["height"] > 0, (name, part)
                assert box["y"] >= 0 and box["y"] + box["height"] <= 640, (name, part, box)
                assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (name, part, box)
            assert tile.locator("button.play").is_enabled()
            assert tile.locator("button.options").is_visible()
        assert page.evaluate("() => window.scrollY") == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        # The boot's words: a quiet line in players' words, nothing about the machinery.
        words = boot_words(page)
        assert page.locator(".boot .boot-status").is_visible()
        assert not MACHINERY.search(words), words
        assert page.locator(".boot-steps").count() == 0
        # Nothing is empty on the first screen: no saves, so no "Continue".
        assert page.locator(".menu > .saved").is_hidden()
        assert page.get_attribute("html", "data-engine") == "loading"  # all of it before ready
    release(page, held)
    wait_ready(page)
    # Once ready, the line leaves the screen (its status still tells a screen reader).
    assert page.get_attribute(".boot", "data-stage") == "ready"
    box = page.locator(".boot").bounding_box()
    assert box is None or box["width"] <= 1


def test_play_before_ready_deals_the_table_and_the_game_begins_without_a_second_press(
    page: Page, site_url: str, held: list[Route]
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    with page.expect_request(lambda request: request.url.endswith(".whl"), timeout=90_000):
        page.goto(f"{site_url}?lang=en")
        page.locator('.game-card[data-game="to-the-moon"] button.play').click()
        page.wait_for_selector(".dealing")
    assert page.get_attribute("html", "data-engine") == "loading"
    assert page.get_attribute("html", "data-screen") == "dealing"
    assert page.locator(".dealing h1").inner_text() == "To the Moon"
    assert page.locator(".dealing .dealing-deck > *").count() > 0
    words = boot_words(page)
    assert "cards" in words.lower() or "table" in words.lower(), words
    assert not MACHINERY.search(words), words
    assert not saved_games(page)  # nothing starts before the engine can deal it
    release(page, held)
    # No second press: the game begins on its own once the engine is ready.
    page.wait_for_selector("html[data-game-state=playing]", timeout=90_000)
    page.wait_for_selector(".table")
    saves = list(saved_games(page).values())
    assert len(saves) == 1
    setup = saves[0]["setup"]
    assert setup["game"] == "to-the-moon"
    assert setup["seats"][0] == "human" and set(setup["seats"][1:]) == {"bot"}
    assert "resume=" in page.url


def test_back_from_the_dealing_table_starts_nothing(
    page: Page, site_url: str, held: list[Route]
) -> None:
    page.goto(f"{site_url}?lang=ko")
    page.locator('.game-card[data-game="quodlibet"] button.play').click()
    page.wait_for_selector(".dealing")
    assert page.locator(".dealing h1").inner_text() == "쿼들리벳"
    assert not MACHINERY.search(boot_words(page))
    page.locator(".dealing-back").click()
    page.wait_for_selector(".game-card")
    release(page, held)
    wait_ready(page)
    assert page.get_attribute("html", "data-screen") == "menu"
    assert not saved_games(page)


def test_options_opens_the_setup_on_that_game(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site_url)
    page.locator('.game-card[data-game="quodlibet"] button.options').click()
    assert page.locator("#game-quodlibet").is_checked()
    assert page.evaluate("() => document.activeElement?.id") == "game-quodlibet"
    page.wait_for_function("() => window.scrollY > 0")
    assert page.locator("#players").input_value() == "4"


def saved_record(save_id: str) -> dict[str, str]:
    game = engine.new_game("to-the-moon", 3, seed=4)
    for _ in range(3):
        game.apply(game.bot_action("easy", 1))
    setup = {
        "game": "to-the-moon",
        "players": 3,
        "seats": ["human", "bot", "bot"],
        "levels": [None, "easy", "easy"],
        "names": ["", "", ""],
        "level": "easy",
        "seed": 4,
        "speed": "instant",
        "options": {},
    }
    return {SAVE_PREFIX + save_id: json.dumps(stored_record(game, save_id, setup))}


def test_saved_games_come_first_and_import_and_records_after_the_games(
    page: Page, site_url: str
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url)
    assert page.locator(".menu > .saved").is_hidden()
    page.evaluate(
        "(items) => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v))",
        saved_record("first-1"),
    )
    page.reload()
    page.wait_for_selector(".save[data-id='first-1']")
    saved = page.locator(".menu > .saved")
    assert saved.is_visible()
    assert page.locator("#saved-title").inner_text() == "Continue"

    def top(selector: str) -> float:
        box = page.locator(selector).first.bounding_box()
        assert box, selector
        return float(box["y"])

    assert top(".menu > .saved") < top(".game-tiles") < top(".import-save") < top(".records")
    # Continue works before the engine is ready too (dealt, then continued).
    assert page.locator(".save button.continue").is_enabled()
    page.locator(".save button.continue").click()
    page.wait_for_selector("html[data-game-state=playing]", timeout=90_000)
    assert "resume=first-1" in page.url
    # Deleted, the section goes (once its Undo has gone): no empty "Continue" box.
    page.goto(site_url)
    page.locator(".save[data-id='first-1'] button.delete").click()
    page.wait_for_selector(".undo-delete")
    assert saved.is_visible()  # the Undo is in it
    page.evaluate("() => localStorage.clear()")
    page.goto(site_url)
    page.wait_for_selector(".game-card")
    assert saved.is_hidden()
    assert top(".game-tiles") < top(".import-save")
