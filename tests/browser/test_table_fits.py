"""Phone first, no scrolling to play (issue 9, part 3).

At every decision of the person on screen in a seeded game of each table (against computers,
speed=instant), at 360x640, 390x844 and 1366x650, the turn prompt, the play area (centre,
countdown, trick or Snack layout, or the dealer's choice), every control and the whole hand
are inside the window, the page is not scrolled (no drift from move to move) and nothing
sticks out sideways. Once per game a press on a card that cannot be played is refused where
the person is looking: the reason shows inside the window.

Each decision is measured at all three sizes by resizing the window (a resize does not
redraw the game), so one game per table covers every decision at every size.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

SIZES = ((360, 640), (390, 844), (1366, 650))
VS = "players=4&seats=human,bot,bot,bot&level=easy&speed=instant"
GAMES = {
    # name: (link, how many scored rounds to play)
    "nine-virtues": (f"?game=nine-virtues&{VS}&seed=11", 2),
    "to-the-moon": (f"?game=to-the-moon&{VS}&seed=11", 1),
    # The person deals first: the choice of contract, then a whole trick deal.
    "quodlibet": (f"?game=quodlibet&{VS}&seed=11&opt.dealer=0", 1),
    "open-trousers-and-snack": (f"?game=quodlibet&{VS}&seed=11&contracts=open-trousers,snack", 2),
}

NEXT_STEP = """() => document.documentElement.dataset.gameState === "over"
  || document.querySelector(".overlay .dialog button") !== null
  || document.querySelector(".table[data-awaiting='0'] .table-body [data-action]") !== null"""

# Everything the person needs for this decision, with its box; [] when all is in the window (the
# same check runs in Firefox and WebKit: tests/engines/test_engines.py).
OUTSIDE = (Path(__file__).parents[1] / "data" / "outside_the_window.js").read_text(encoding="utf-8")

# The controls that play a move now (a control being drawn or waiting can be disabled).
ACTIONS = ".table-body [data-action]:not([disabled]):not([aria-disabled=true])"
OFF_CARD = ".table-body .pc-btn.pc-btn-off, .table-body .fc-btn.is-off"


def step(page: Page) -> str:
    page.wait_for_function(NEXT_STEP, timeout=60_000)
    if page.evaluate("document.documentElement.dataset.gameState") == "over":
        return "over"
    if page.query_selector(".overlay .dialog button"):
        return "dialog"
    return "turn"


def check_every_size(page: Page, where: str) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        outside = page.evaluate(OUTSIDE)
        assert not outside, f"{where} at {width}x{height}: " + "; ".join(outside)


def refusal_in_sight(page: Page) -> bool:
    """Press a card that cannot be played now: the reason shows inside the window."""
    off = page.query_selector(OFF_CARD)
    if off is None:
        return False
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    off.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    error = page.locator(".table-body [data-kind=error]")
    error.wait_for(timeout=10_000)
    box: dict[str, Any] | None = error.bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= SIZES[0][1], box
    assert page.evaluate("scrollY") == 0
    return True


@pytest.mark.parametrize("name", list(GAMES))
def test_every_decision_fits_the_window(open_game: Callable[..., Page], name: str) -> None:
    link, rounds = GAMES[name]
    page = open_game(link)
    rng = random.Random(name)
    decisions = scored = 0
    refused = False
    while scored < rounds:
        kind = step(page)
        if kind == "over":
            break
        if kind == "dialog":
            scored += 1
            page.locator(".overlay .dialog button").last.click()
            continue
        decisions += 1
        check_every_size(page, f"{name}, decision {decisions}")
        if not refused:
            refused = refusal_in_sight(page)
        controls = page.query_selector_all(ACTIONS)
        action = rng.choice(controls).get_attribute("data-action")
        # Pressed by its action, not by the node found above: the table may have redrawn
        # since (CI once waited 30 s on a button no longer in the page).
        control = page.locator(f'{ACTIONS}[data-action="{action}"]').first
        pressed = control.element_handle()
        control.click()
        page.wait_for_function("(el) => !el.isConnected", arg=pressed, timeout=60_000)
    assert decisions >= 5, f"only {decisions} decisions were checked"
