"""Keyboard play (web/js/table/keys.js, table.js): a hand, the centre, a picker are each one tab
stop with the arrow keys (and Home, End) between their cards, Enter plays, and after every
move focus comes back to the person's place, never to <body>; the focus ring looks unlike
every game highlight; dialogs keep Tab inside, open at their top, and the last deal gets its
summary before the final screen. Everything here is done with the keyboard only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from browser_support import MY_MOVE
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# Where focus rests after each table the shell draws (recorded a moment after the redraw,
# which puts focus back in the same task).
RECORD = """
window.__rested = [];
new MutationObserver((records) => {
  const isTable = (n) => n.classList && n.classList.contains("table");
  if (!records.some((r) => [...r.addedNodes].some(isTable))) return;
  setTimeout(() => {
    const el = document.activeElement;
    window.__rested.push(el ? el.tagName + (el.id ? "#" + el.id : "") : "none");
  });
}).observe(document, { childList: true, subtree: true });
"""

FOCUSED = """() => {
  const el = document.activeElement;
  const group = el && el.closest("[data-keys]");
  return {
    tag: el ? el.tagName : null,
    group: group ? group.dataset.keys : null,
    action: el && el.dataset ? el.dataset.action || null : null,
    inDialog: Boolean(el && el.closest(".overlay .dialog")),
  };
}"""


def focused(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(FOCUSED)
    return result


def ring(page: Page, selector: str, inner: str = "") -> dict[str, str]:
    """The outline and box-shadow that ``selector`` (or its ``inner`` part) is drawn with."""
    style: dict[str, str] = page.eval_on_selector(
        selector,
        """(el, inner) => {
          const target = inner ? el.querySelector(inner) : el;
          const s = getComputedStyle(target);
          return { outline: `${s.outlineStyle} ${s.outlineColor} ${s.outlineWidth}`,
                   shadow: s.boxShadow };
        }""",
        inner,
    )
    return style


def play_by_keyboard(page: Page) -> None:
    """Make a legal move with keys only: arrows through the focused group to a control with
    an action, else Tab on to the next group; then Enter."""
    for _ in range(60):
        here = focused(page)
        if here["action"]:
            page.keyboard.press("Enter")
            return
        moved = False
        if here["group"]:
            for _ in range(12):
                page.keyboard.press("ArrowRight")
                if focused(page)["action"]:
                    moved = True
                    break
        if not moved:
            page.keyboard.press("Tab")
    raise AssertionError("no legal control reached by keyboard")


def tables_drawn(page: Page) -> int:
    """How many tables the shell has drawn so far (and RECORD has seen focus settle after)."""
    drawn: int = page.evaluate("window.__rested.length")
    return drawn


def wait_turn_or_dialog(page: Page, drawn: int) -> str:
    """Wait for the person's turn, or a dialog, on a table drawn after the first ``drawn``
    (so not the one a move was just made on): focus has been put back there by then."""
    page.wait_for_function(
        """([selector, drawn]) => window.__rested.length > drawn
             && document.querySelector(selector) !== null""",
        arg=[f"{MY_MOVE}, .overlay .dialog", drawn],
        timeout=60_000,
    )
    return "dialog" if page.query_selector(".overlay .dialog") else "turn"


def test_a_hand_is_one_tab_stop_and_focus_keeps_its_place(
    open_game: Callable[..., Page], page: Page
) -> None:
    page.add_init_script(RECORD)
    open_game("?game=nine-virtues&players=3&seats=human,bot,bot&seed=5&level=easy&speed=instant")
    wait_turn_or_dialog(page, 0)
    # The first turn: focus is already in the hand (no walk through the page).
    assert focused(page)["group"] == "hand"
    hand = ".nv-table [data-keys=hand]"
    assert page.get_attribute(hand, "role") == "toolbar"
    stops = page.eval_on_selector_all(f"{hand} button", "els => els.map((e) => e.tabIndex)")
    assert len(stops) > 1 and stops.count(0) == 1, stops
    # Arrows, Home and End move within the hand; the tab stop follows.
    cards = page.locator(f"{hand} button")
    page.keyboard.press("Home")
    assert cards.first.evaluate("(e) => e === document.activeElement")
    page.keyboard.press("ArrowRight")
    assert cards.nth(1).evaluate("(e) => e === document.activeElement && e.tabIndex === 0")
    page.keyboard.press("End")
    assert cards.last.evaluate("(e) => e === document.activeElement")
    page.keyboard.press("ArrowRight")  # wraps round
    assert cards.first.evaluate("(e) => e === document.activeElement")
    # Tab leaves the hand in one press.
    page.keyboard.press("Tab")
    assert focused(page)["group"] != "hand"
    page.keyboard.press("Shift+Tab")
    assert focused(page)["group"] == "hand"

    # Enter arms a swap: focus goes to the centre, whose cards are now the targets.
    while page.evaluate("document.activeElement.classList.contains('pc-btn-off')"):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_selector(".nv-table .pc-btn.is-selected")
    assert focused(page)["group"] == "centre"
    # The focus ring is unlike the selected, target, legal and hint highlights.
    focus = ring(page, ".nv-table [data-keys=centre] button:focus")
    assert "solid rgb(16, 16, 16)" in focus["outline"], focus
    assert "rgb(255, 212, 0)" in focus["shadow"], focus
    page.keyboard.press("ArrowRight")
    target = ring(page, ".nv-table .pc-btn.is-target:not(:focus)", ".pc")
    selected = ring(page, ".nv-table .pc-btn.is-selected", ".pc")
    for highlight in (target, selected):
        assert "rgb(16, 16, 16)" not in highlight["outline"] + highlight["shadow"]
        assert "rgb(255, 212, 0)" not in highlight["outline"] + highlight["shadow"]
    # Escape cancels and puts focus back in the hand.
    page.keyboard.press("Escape")
    page.wait_for_selector(".nv-table .pc-btn.is-selected", state="detached")
    assert focused(page)["group"] == "hand"

    # A few moves by keyboard: after each, focus is back in a group of the table, never body.
    for _ in range(3):
        drawn = tables_drawn(page)
        play_by_keyboard(page)
        if wait_turn_or_dialog(page, drawn) == "dialog":
            break
        assert focused(page)["group"] in {"hand", "centre"}, focused(page)
    rested = page.evaluate("window.__rested")
    assert rested and "BODY" not in rested, rested


def test_snack_by_keyboard_to_its_summary_dialog_and_the_final_screen(
    open_game: Callable[..., Page], page: Page
) -> None:
    """A one-deal practice game: its (last) deal gets its summary dialog first."""
    page.add_init_script(RECORD)
    open_game(
        "?game=quodlibet&seats=human,bot,bot,bot&seed=3&contracts=snack&level=easy&speed=instant"
    )
    drawn = 0
    for _ in range(80):
        if wait_turn_or_dialog(page, drawn) == "dialog":
            break
        assert focused(page)["group"] is not None, focused(page)
        drawn = tables_drawn(page)
        play_by_keyboard(page)
    assert page.evaluate("document.documentElement.dataset.gameState") == "playing"
    dialog = ".overlay .dialog"
    assert focused(page)["inDialog"]
    assert page.eval_on_selector(dialog, "(d) => d.scrollTop") == 0
    title = page.eval_on_selector(f"{dialog} h2", "(t) => t.getBoundingClientRect().top")
    assert title >= 0
    # The button at the dialog's foot is in view without scrolling.
    button = page.locator(f"{dialog} .dialog-actions button")
    box = button.bounding_box()
    viewport = page.viewport_size
    assert box is not None and viewport is not None
    assert box["y"] + box["height"] <= viewport["height"]
    # Tab and Shift+Tab stay inside the dialog.
    for key in ["Tab"] * 6 + ["Shift+Tab"] * 6:
        page.keyboard.press(key)
        assert focused(page)["inDialog"], key
    # The page behind it cannot be reached or read.
    assert page.evaluate("document.querySelector('#main .table').inert")
    for _ in range(10):
        if button.evaluate("(b) => b === document.activeElement"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector(".final")
    assert page.evaluate("document.activeElement.classList.contains('play-again')")
    assert "BODY" not in page.evaluate("window.__rested")
