"""Take back in the table (table.js over engine/history.py): against the computer it returns to
the person's previous decision, undoing the computer's reply too, and the save follows at once
(shorter, then the same text again when the same move is played); Ctrl+Z does the same; in
pass-and-play it is offered only to the person who just moved, until the next person's turn
begins."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from browser_support import force_generic_renderer, only_save, saved_games
from playwright.sync_api import Page, expect

import engine
from engine import history

pytestmark = pytest.mark.browser


def engine_text(page: Page) -> str:
    text: str = only_save(page)["engine"]
    return text


def wait_for_save(page: Page, text: str) -> None:
    page.wait_for_function(
        """(text) => Object.keys(localStorage).some((k) => k.startsWith("parlour:v1:save:")
             && JSON.parse(localStorage.getItem(k)).engine === text)""",
        arg=text,
        timeout=30_000,
    )


def my_turn(page: Page) -> None:
    page.wait_for_selector(".table .actions button", timeout=30_000)


def test_take_back_across_a_computers_reply(page: Page, open_game: Callable[..., Page]) -> None:
    force_generic_renderer(page)
    open_game("?game=to-the-moon&players=2&seats=human,bot&seed=12&speed=instant")
    my_turn(page)
    back = page.locator("[data-control=take-back]")
    expect(back).to_have_attribute("aria-disabled", "true")  # nothing to take back yet
    back.click(force=True)  # pressed anyway: it says why not
    expect(page.locator(".table .message")).to_have_text("Nothing to take back yet.")
    start = engine_text(page)
    me = engine.load_game(start).to_act
    assert me == 0

    # A move, and the computer's reply(ies) until it is the person's turn again.
    action = page.locator(".table .actions button").first.get_attribute("data-action")
    assert action
    page.locator(f".table .actions button[data-action='{action}']").click()
    page.wait_for_function(
        "(start) => { const b = document.querySelector('[data-control=take-back]');"
        " return b && b.getAttribute('aria-disabled') !== 'true'"
        " && document.querySelector('.table .actions button') !== null; }",
        arg=start,
    )
    after = engine_text(page)
    game = engine.load_game(after)
    made = history.decisions(game)
    assert made[0] == {"seat": 0, "action": action}
    assert any(d["seat"] == 1 for d in made), "the computer replied"

    back.click()
    wait_for_save(page, start)  # the save shrank at once
    my_turn(page)
    expect(page.locator(".log li.taken-back")).to_contain_text("Taken back")
    expect(page.locator("#announce-polite")).to_contain_text("Taken back")
    assert page.locator(".table[data-awaiting='0']").count() == 1

    # The same move again: the computer replies as it did, the save is the same text again.
    page.locator(f".table .actions button[data-action='{action}']").click()
    wait_for_save(page, after)
    my_turn(page)
    expect(page.locator(".log li.taken-back")).to_have_count(0)

    # Ctrl+Z takes it back too (focus on the page, not in a field).
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Control+z")
    wait_for_save(page, start)
    my_turn(page)
    # ... but not while typing in the move box.
    page.locator(f".table .actions button[data-action='{action}']").click()
    wait_for_save(page, after)
    my_turn(page)
    page.locator("#generic-action").focus()
    page.keyboard.press("Control+z")
    page.wait_for_timeout(300)  # nothing to wait for: a take-back would be saved by now
    assert engine_text(page) == after
    assert len(saved_games(page)) == 1


def pass_screen_seat(page: Page) -> int:
    screen = page.locator(".pass-screen")
    return int(screen.get_attribute("data-seat") or "-1")


def test_pass_and_play_offers_take_back_to_the_mover_until_the_next_turn(
    page: Page, open_game: Callable[..., Page]
) -> None:
    force_generic_renderer(page)
    open_game("?game=to-the-moon&players=3&seats=human,human,bot&seed=4&speed=instant")
    page.wait_for_selector(".pass-screen")
    first = pass_screen_seat(page)
    assert page.locator("[data-control=pass-take-back]").count() == 0  # nobody has moved
    page.locator(".pass-screen .button.primary").click()
    my_turn(page)
    start = engine_text(page)
    action = page.locator(".table .actions button").first.get_attribute("data-action")
    page.locator(f".table .actions button[data-action='{action}']").click()

    # Handed over (perhaps after the computer's move): the mover may still take it back.
    page.wait_for_selector(".pass-screen")
    second = pass_screen_seat(page)
    assert second != first
    offer = page.locator("[data-control=pass-take-back]")
    expect(offer).to_have_text(f"Player {first + 1}: take back my move")
    offer.click()
    wait_for_save(page, start)
    my_turn(page)
    assert page.locator(f".table[data-viewer='{first}'][data-awaiting='{first}']").count() == 1

    # Again, and this time the next person takes the device: their turn has begun.
    page.locator(f".table .actions button[data-action='{action}']").click()
    page.wait_for_selector(".pass-screen")
    page.locator(".pass-screen .button.primary").click()
    my_turn(page)
    back = page.locator("[data-control=take-back]")
    expect(back).to_have_attribute("aria-disabled", "true")  # this person has not moved yet
    before_second = engine_text(page)
    action2 = page.locator(".table .actions button").first.get_attribute("data-action")
    page.locator(f".table .actions button[data-action='{action2}']").click()
    page.wait_for_selector(".pass-screen")
    assert page.locator("[data-control=pass-take-back]").count() == 1
    page.locator(".pass-screen .button.primary").click()  # the first person's turn begins
    my_turn(page)
    expect(back).to_have_attribute("aria-disabled", "true")  # past the other person's move
    back.click(force=True)
    expect(page.locator(".table .message")).to_contain_text(f"Player {second + 1} has moved")
    assert len(history.decisions(engine.load_game(engine_text(page)))) > len(
        history.decisions(engine.load_game(before_second))
    )


def test_take_back_in_korean_at_360_px(page: Page, open_game: Callable[..., Page]) -> None:
    from korean_text import english_words, overflowing

    page.set_viewport_size({"width": 360, "height": 740})
    open_game("?game=to-the-moon&players=2&seats=human,bot&seed=12&speed=instant&lang=ko")
    page.wait_for_selector(".table[data-awaiting='0'] [data-action]")
    back = page.locator("[data-control=take-back]")
    expect(back).to_have_accessible_name("무르기")  # an arrow on a phone, named in words
    back.click(force=True)
    expect(page.locator(".table .message")).to_have_text("아직 무를 수가 없습니다.")
    start = engine_text(page)
    control = page.locator(".table[data-awaiting='0'] [data-action]").first.element_handle()
    assert control is not None
    control.click()
    control.wait_for_element_state("hidden")
    page.wait_for_selector(".table[data-awaiting='0'] [data-action]")
    back.click()
    wait_for_save(page, start)
    expect(page.locator(".log li.taken-back")).to_contain_text("무름:")
    assert english_words(page, ".table") == []
    assert overflowing(page) == []
