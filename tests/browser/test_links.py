"""Bad deep-link parameters get a clear message and the normal menu, never a blank page and
never a game."""

from __future__ import annotations

import pytest
from browser_support import wait_ready
from playwright.sync_api import Page

import engine

pytestmark = pytest.mark.browser

GAME = sorted(engine.GAMES)[0]
INFO = engine.GAMES[GAME]
N = INFO["default_players"]

CASES = {
    "unknown game": ("?game=snap&players=3", "no game called \u201c\u2068snap\u2069\u201d"),
    "bad player count": (
        f"?game={GAME}&players={INFO['max_players'] + 1}",
        f"is for {INFO['min_players']}",
    ),
    "seats length mismatch": (
        f"?game={GAME}&players={N}&seats={','.join(['human'] * (N - 1))}",
        f"{N} players but {N - 1} seats",
    ),
    "unknown parameter": (
        f"?game={GAME}&colour=red",
        "Unknown link parameter \u201c\u2068colour\u2069\u201d",
    ),
    "bad seat kind": (
        f"?game={GAME}&seats=human,robot,bot",
        "human or bot, not \u201c\u2068robot\u2069\u201d",
    ),
    "bad level": (f"?game={GAME}&level=godlike", "not \u201c\u2068godlike\u2069\u201d"),
    "settings without a game": ("?players=3&seed=4", "no game"),
}
"""Each value the link gave is quoted isolated (FSI ... PDI: it cannot reorder the sentence)."""


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_deep_link_parameters_show_a_message_and_the_menu(
    page: Page, site_url: str, case: str
) -> None:
    query, expected = CASES[case]
    page.goto(site_url + query)
    notice = page.locator("#notices .notice")
    notice.wait_for()
    assert expected in notice.inner_text()
    assert page.locator(".menu button.start").is_visible()
    assert "?" not in page.url, "the bad link is taken off the address"
    assert page.locator("html").get_attribute("data-game-state") == "none"


def test_a_bad_link_never_starts_a_game(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}?game={GAME}&players=1&seed=3")
    # The page's answer to the link: its message, shown instead of starting the game.
    page.locator("#notices .notice").wait_for(timeout=90_000)
    wait_ready(page)
    assert page.locator("html").get_attribute("data-game-state") == "none"
    assert page.locator(".menu").is_visible()
    assert page.locator("#notices .notice").count() == 1


def test_a_good_deep_link_with_a_person_starts_the_game(page: Page, site_url: str) -> None:
    seats = ",".join(["human"] + ["bot"] * (N - 1))
    page.goto(f"{site_url}?game={GAME}&players={N}&seats={seats}&seed=42&level=easy")
    page.wait_for_selector("html[data-game-state=playing]", timeout=90_000)
    page.wait_for_selector(".table")
    assert page.locator("#notices .notice").count() == 0
    assert "resume=" in page.url and "seed=42" in page.url
