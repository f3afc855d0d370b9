"""Words and menu (issue 9, part 8): Quodlibet says "deal"; its wheel, dealer and chips have
tips a person can open by hover, focus or tap; one contract order in chips and choice
buttons; practice links say what is practised; one minus sign; log numbers never clipped.
The menu's start button is in reach on a phone, its choices are remembered (and storage that
is blocked only means they are not), and links carry names (``names=Ann,Ben``)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from browser_support import wait_ready
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

QL = "?game=quodlibet&seats=human,bot,bot,bot&level=easy&seed=4&speed=instant"


def test_quodlibet_says_deal_and_one_contract_order(open_game: Callable[..., Page]) -> None:
    page = open_game(f"{QL}&opt.dealer=0")
    page.wait_for_selector(".ql-choose .ql-choice", timeout=60_000)
    table = page.locator(".table")
    assert "Round" not in table.inner_text()
    assert page.locator(".table-head .round").inner_text() == "Deal 1"
    assert page.locator("#log-title").inner_text() == "Deal 1 so far"
    chips = page.locator(".ql-wheel .ql-chip").evaluate_all(
        "(els) => els.map((e) => e.dataset.contract)"
    )
    choices = page.locator(".ql-choice").evaluate_all(
        "(els) => els.map((e) => e.dataset.action.slice('choose '.length))"
    )
    assert len(chips) == 4 and choices == chips  # QL-5: the wheel's own order, both places


def test_tips_open_on_hover_focus_and_tap(open_game: Callable[..., Page]) -> None:
    page = open_game(QL)
    page.wait_for_selector(".ql-table", timeout=60_000)
    wheel = page.locator("[data-status=wheel] .tip-button")
    bubble = page.locator("[data-status=wheel] [role=tooltip]")
    assert bubble.is_hidden()
    assert wheel.evaluate("(b) => b.textContent.includes('What is a wheel?')")
    wheel.focus()  # keyboard focus shows it, and the button is described by it
    assert bubble.is_visible() and "three wheels of four" in bubble.inner_text()
    assert wheel.get_attribute("aria-describedby") == bubble.get_attribute("id")
    box = bubble.bounding_box()
    size = page.viewport_size
    assert box and size and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
    page.keyboard.press("Escape")
    assert bubble.is_hidden()
    dealer = page.locator("[data-status=dealer] [role=tooltip]")
    page.locator("[data-status=dealer] .tip-button").click()
    assert dealer.is_visible() and "new wheel" in dealer.inner_text()
    page.locator("[data-status=dealer] .tip-button").click()
    assert dealer.is_hidden()
    page.locator("#log-title").click()
    page.locator(".ql-wheel .tip-button").hover()  # the chips' rules, one line each
    rules = page.locator(".ql-wheel [role=tooltip]")
    assert rules.is_visible() and rules.locator(".tip-line strong").count() >= 3
    # Other games' unfamiliar words have tips too.
    page.goto(page.url.split("?")[0] + "?game=nine-virtues&players=3&seats=human,bot,bot&seed=2")
    page.wait_for_selector("[data-status=aside] .tip-button", timeout=60_000)
    page.locator("[data-status=aside] .tip-button").focus()
    assert "face down and unused" in page.locator("[data-status=aside] [role=tooltip]").inner_text()


def test_a_practice_link_says_what_is_practised(open_game: Callable[..., Page]) -> None:
    page = open_game("?game=quodlibet&contracts=bribe,snack&seats=human,bot,bot,bot&seed=5")
    page.wait_for_selector(".ql-table", timeout=60_000)
    head = page.locator(".ql-head").inner_text()
    assert "Practice" in head and "deal 1 of 2" in head
    assert "Wheel" not in head and "LAST DEAL" not in head.upper()
    practised = page.locator(".ql-wheel .ql-chip").evaluate_all(
        "(els) => els.map((e) => [e.dataset.contract, e.getAttribute('aria-current')])"
    )
    assert practised == [["bribe", "true"], ["snack", None]]


def test_one_minus_sign_and_log_numbers_that_fit(open_game: Callable[..., Page]) -> None:
    page = open_game("?game=quodlibet&contracts=plus&seats=bot,bot,bot,bot&seed=6&speed=instant")
    page.wait_for_selector("html[data-game-state=over]", timeout=120_000)
    final = page.locator(".final").inner_text()
    assert "\u2212" in final  # Plus scores take points off
    assert not re.search(r"(?<![\w])-\d", final), final
    # Two- and three-digit log numbers have room: the list's inner margin fits "100.".
    page.goto(page.url.split("?")[0] + "?game=to-the-moon&players=3&seats=human,bot,bot&seed=1")
    page.wait_for_selector(".log", timeout=60_000)
    room, needed = page.evaluate(
        """() => {
      const ol = document.querySelector('.log ol') || document.createElement('ol');
      if (!ol.isConnected) document.querySelector('.log').append(ol);
      const probe = document.createElement('span');
      probe.textContent = '100.';
      ol.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      return [parseFloat(getComputedStyle(ol).paddingLeft), needed];
    }"""
    )
    assert room >= needed + 4


def test_on_a_phone_the_start_button_is_in_reach(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site_url)
    wait_ready(page)
    # Each game's Play is in the first screen (test_first_screen.py has the rest).
    for play in page.locator(".game-card button.play").all():
        box = play.bounding_box()
        assert box and box["y"] + box["height"] <= 640, box
    # Options: the setup on that game, its Start in reach while the form scrolls under it.
    page.locator('.game-card[data-game="to-the-moon"] button.options').click()
    start = page.locator(".menu button.start")
    page.wait_for_function("() => window.scrollY > 0")
    assert "To the Moon: you and " in page.locator(".start-what").inner_text()
    page.mouse.wheel(0, 300)  # halfway down the form it is still there
    page.wait_for_function(
        "() => { const b = document.querySelector('.menu button.start').getBoundingClientRect();"
        " return b.top >= 0 && b.bottom <= innerHeight; }"
    )
    box = start.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 640, box


def test_menu_choices_are_remembered(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.locator("#game-to-the-moon").check()
    page.locator("#speed").check()
    page.locator("#level").select_option("easy")
    page.locator("#seat-name-0").fill("Ada")
    page.locator(".menu button.start").click()
    page.wait_for_selector(".table", timeout=60_000)
    page.goto(site_url)
    wait_ready(page)
    assert page.locator("#game-to-the-moon").is_checked()
    assert page.locator("#speed").is_checked()
    assert page.locator("#level").input_value() == "easy"
    assert page.locator("#seat-level-1").input_value() == "easy"
    assert page.locator("#seat-name-0").input_value() == "Ada"
    # A damaged record is forgotten, not fatal.
    page.evaluate("localStorage.setItem('parlour:v1:prefs', '{\"games\": {\"quodlibet\": 7}')")
    page.goto(site_url)
    wait_ready(page)
    assert page.locator(".menu button.start").is_enabled()


BLOCKED = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""


def test_blocked_storage_only_forgets_the_choices(page: Page, site_url: str) -> None:
    page.add_init_script(BLOCKED)
    page.goto(site_url)
    wait_ready(page)
    page.locator("#speed").check()
    page.locator("#seat-name-0").fill("Ada")
    page.locator(".menu button.start").click()
    page.wait_for_selector(".table", timeout=60_000)
    assert "Ada" in page.locator(".totals").inner_text()


def test_links_carry_names(open_game: Callable[..., Page]) -> None:
    page = open_game("?game=to-the-moon&players=3&seats=human,bot,bot&seed=3&names=Ann,,Cy")
    page.wait_for_selector(".table", timeout=60_000)
    assert page.locator(".totals .name").all_inner_texts() == ["Ann", "Ada", "Cy"]
    assert "names=Ann%2C%2CCy" in page.url or "names=Ann,,Cy" in page.url


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        ("Ann,Ben", "3 players but 2 names"),
        ("Ann,Ben,Cy,Dee", "3 players but 4 names"),
        (f"Ann,{'x' * 25},Cy", "at most 24 characters"),
        ("Ann,B%E2%80%AEen,Cy", "invisible character, or a mark with nothing under it"),
        ("Ann,B%E2%80%AEen,Cy", "\u201c\u2068B\ufffden\u2069\u201d"),  # isolated, shown
        (f"Ann,Z{'%CC%81' * 10},Cy", "pile up at most 10"),
    ],
)
def test_bad_names_in_a_link_are_refused(
    page: Page, site_url: str, names: str, expected: str
) -> None:
    page.goto(f"{site_url}?game=to-the-moon&players=3&seats=human,bot,bot&names={names}")
    notice = page.locator("#notices .notice")
    notice.wait_for()
    assert expected in notice.inner_text()
    assert page.locator("html").get_attribute("data-game-state") == "none"
