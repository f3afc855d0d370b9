"""No accessibility violations: axe-core (pinned, from the ``axe-playwright-python`` wheel in
the ``test`` extra) runs in the page on every screen a person meets, at 360 px and 1280 px,
with every rule on, the experimental ones too (label-content-name-mismatch is one). Any
violation of any impact fails, with axe's report of each node.

Screens: the menu; Nine Virtues with a swap armed; To the Moon with the withdraw picker open;
a Quodlibet trick deal; Open Trousers; Snack, played to its end (a one-deal practice game),
with its round dialog and the final screen; the embed's cover and the embed in play.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from browser_support import MY_MOVE, axe_check
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

COMMON = "&level=easy&speed=instant"


def my_turn(page: Page) -> None:
    page.wait_for_selector(MY_MOVE, timeout=60_000)


def play_first(page: Page) -> None:
    """Press the first legal control; wait until the shell has drawn the next view."""
    control = page.query_selector(MY_MOVE)
    assert control is not None
    control.click()
    page.wait_for_function("(el) => !el.isConnected", arg=control, timeout=30_000)


def test_menu(open_game: Callable[..., Page], page: Page) -> None:
    open_game("")
    axe_check(page, "the menu")


def test_nine_virtues_with_a_swap_armed(open_game: Callable[..., Page], page: Page) -> None:
    open_game("?game=nine-virtues&players=3&seats=human,bot,bot&seed=5" + COMMON)
    my_turn(page)
    page.click(".nv-table [data-swap-give]:not(.pc-btn-off)")
    page.wait_for_selector(".nv-table .pc-btn.is-selected")
    axe_check(page, "Nine Virtues, a swap armed")


def test_to_the_moon_withdraw_picker(open_game: Callable[..., Page], page: Page) -> None:
    open_game("?game=to-the-moon&players=3&seats=human,bot,bot&seed=5" + COMMON)
    for _ in range(12):
        my_turn(page)
        picker = page.query_selector('.tm-table [data-control=withdraw][aria-pressed="false"]')
        if picker is not None:
            break
        play_first(page)
    assert picker is not None, "no turn offered the withdraw picker"
    picker.click()
    page.wait_for_selector(".tm-table [data-zone=trick] .is-target")
    axe_check(page, "To the Moon, withdraw picker")


@pytest.mark.parametrize("contract", ["minus", "open-trousers"])
def test_quodlibet_trick_deals(open_game: Callable[..., Page], page: Page, contract: str) -> None:
    open_game(f"?game=quodlibet&seats=human,bot,bot,bot&seed=3&contracts={contract}" + COMMON)
    page.wait_for_selector('.ql-table[data-contract]:not([data-contract=""])', timeout=60_000)
    my_turn(page)
    while page.query_selector(".ql-table .ql-choose"):
        play_first(page)
        my_turn(page)
    axe_check(page, f"Quodlibet, {contract}")


def test_snack_to_the_end_with_its_dialog_and_final_screen(
    open_game: Callable[..., Page], page: Page
) -> None:
    """A one-deal practice game: Snack mid-play, its round dialog, the final screen."""
    open_game("?game=quodlibet&seats=human,bot,bot,bot&seed=3&contracts=snack" + COMMON)
    checked = False
    for _ in range(80):
        page.wait_for_selector(f"{MY_MOVE}, .overlay .dialog", timeout=60_000)
        if page.query_selector(".overlay .dialog"):
            break
        if not checked and page.query_selector(".ql-snack .ql-row-cards .fc-face"):
            axe_check(page, "Snack")
            checked = True
        play_first(page)
    assert checked
    page.wait_for_selector(".overlay .dialog")
    axe_check(page, "the round dialog")
    page.click(".overlay .dialog .dialog-actions button")
    page.wait_for_selector(".final")
    axe_check(page, "the final screen")


def test_embed_cover_and_play(page: Page, site_url: str) -> None:
    query = "game=to-the-moon&players=3&seats=human,bot,bot&seed=5&level=easy&speed=instant"
    page.goto(f"{site_url}embed.html?{query}")
    page.wait_for_selector("button.play")
    axe_check(page, "the embed's cover")
    page.click("button.play")
    page.wait_for_selector(MY_MOVE, timeout=90_000)
    axe_check(page, "the embed in play")
