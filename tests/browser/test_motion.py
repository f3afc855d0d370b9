"""Cards move (issue 9, part 7; web/js/table/motion.js): a card a person or a computer plays
travels from where it was to where it lands, in at most 300 ms, with the Web Animations API;
nothing moves under prefers-reduced-motion or at speed=instant.

Element.animate is wrapped (before the page's own scripts run) to record each card animation
it starts: the card, its duration and where it starts from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

RECORD = """
window.__moves = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const card = this.dataset.card || this.dataset.rank;
  if (card !== undefined) {
    window.__moves.push({ card, duration: options.duration, from: frames[0].transform });
  }
  return animate.call(this, frames, options);
};
"""
QL = "?game=quodlibet&seats=human,bot,bot,bot&level=easy&seed=9&opt.dealer=3"
TM = "?game=to-the-moon&players=3&seats=human,bot,bot&level=easy&seed=4"


MY_CARD = '.table[data-awaiting="0"] [data-zone=hand] [data-action]'


def wait_for_my_turn(page: Page) -> None:
    page.wait_for_selector(MY_CARD, timeout=60_000)


def moves(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("window.__moves")
    return found


def play_a_card(page: Page) -> str:
    """Press the person's first legal hand card; -> its card value."""
    wait_for_my_turn(page)
    card = page.locator(MY_CARD).first
    value = card.get_attribute("data-card") or card.get_attribute("data-rank")
    assert value
    handle = card.element_handle()
    card.click()
    page.wait_for_function("(el) => !el.isConnected", arg=handle, timeout=30_000)
    return value


@pytest.mark.parametrize("query", [QL, TM], ids=["quodlibet", "to-the-moon"])
def test_played_cards_travel_to_where_they_land(
    page: Page, open_game: Callable[..., Page], query: str
) -> None:
    page.add_init_script(RECORD)
    open_game(query)
    card = play_a_card(page)
    page.wait_for_function(
        "(card) => window.__moves.some((m) => String(m.card) === card)", arg=card, timeout=10_000
    )
    # A computer's move comes in from its seat too.
    page.wait_for_function("(n) => window.__moves.length > n", arg=len(moves(page)), timeout=30_000)
    seen = moves(page)
    assert all(0 < m["duration"] <= 300 for m in seen), seen
    assert all(m["from"].startswith("translate(") for m in seen)


@pytest.mark.parametrize(
    ("query", "reduced"),
    [(QL, True), (f"{QL}&speed=instant", False)],
    ids=["reduced-motion", "instant"],
)
def test_nothing_moves_with_reduced_motion_or_at_instant_speed(
    page: Page, open_game: Callable[..., Page], query: str, reduced: bool
) -> None:
    page.add_init_script(RECORD)
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    open_game(query)
    play_a_card(page)
    wait_for_my_turn(page)  # the computers' moves since
    assert moves(page) == []
