"""Screen-reader play (web/js/table/announce.js, table.js): one polite and one assertive live
region, made once per page outside the table the shell redraws, say each move in words, whose turn
it is and, at once, why a press was refused. Unplayable controls are ``aria-disabled`` and
say why in their name.

The page records every line its live regions receive (a MutationObserver added before the
page's own scripts), and the test plays a few moves of each game by the table's own controls,
then reads what was said: only public log lines (the words the on-screen log shows), "Your
turn." before each move of the person, and the engine's own reason for a refused press.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from browser_support import MY_MOVE, engine_game
from playwright.sync_api import Page

from engine.history import decisions

pytestmark = pytest.mark.browser

COMPUTERS = {1: "Ada", 2: "Bo", 3: "Cy"}  # the computers' own names by seat (setup.js)

# Every line the regions get, in order: ["polite" | "assertive", text]; and every line of the
# on-screen log of every table drawn.
RECORD = """
window.__said = [];
window.__logged = [];
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.querySelectorAll) {
        for (const li of node.querySelectorAll(".log li")) window.__logged.push(li.textContent);
      }
    }
    const target = record.target;
    const region = target.closest && target.closest("#announce-polite, #announce-assertive");
    if (!region) continue;
    const kind = region.id === "announce-polite" ? "polite" : "assertive";
    for (const node of record.addedNodes) {
      if (node.textContent) window.__said.push([kind, node.textContent]);
    }
  }
}).observe(document, { childList: true, subtree: true });
"""

DIALOG = ".overlay .dialog"  # a round's summary
GAMES = {
    "nine-virtues": "?game=nine-virtues&players=3&seats=human,bot,bot&seed=5",
    "to-the-moon": "?game=to-the-moon&players=3&seats=human,bot,bot&seed=5",
    "quodlibet": "?game=quodlibet&seats=human,bot,bot,bot&seed=3",
}
COMMON = "&level=easy&speed=instant"
# A control that is not legal now, in each table.
OFF = ".table-body .pc-btn-off, .table-body .fc-btn.is-off, .table-body .is-off"


def said(page: Page) -> list[tuple[str, str]]:
    return [(kind, text) for kind, text in page.evaluate("window.__said")]


def log_lines(page: Page) -> set[str]:
    return set(page.evaluate("window.__logged"))


def check_disabled_controls(page: Page) -> None:
    """Legal controls are not aria-disabled; the others are, and their name says so."""
    for control in page.query_selector_all(".table-body [data-action]"):
        assert control.get_attribute("aria-disabled") is None, control.evaluate("e => e.outerHTML")
    for control in page.query_selector_all(OFF):
        if control.evaluate("e => e.tagName") != "BUTTON":
            continue
        assert control.get_attribute("aria-disabled") == "true", control.evaluate(
            "e => e.outerHTML"
        )
        described = control.evaluate(
            """(e) => (e.getAttribute("aria-label") || e.textContent) + " " +
              (e.getAttribute("aria-describedby") || "").split(" ").filter(Boolean)
                .map((id) => document.getElementById(id)?.textContent || "").join(" ")"""
        )
        assert "not" in described or "Kill from turn" in described, described


@pytest.mark.parametrize("game", sorted(GAMES))
def test_moves_turns_and_refusals_are_announced(
    open_game: Callable[..., Page], page: Page, game: str
) -> None:
    page.add_init_script(RECORD)
    open_game(GAMES[game] + COMMON)
    shown: set[str] = set()
    refused = ""
    moves = 0
    while moves < 4:
        # The person's turn, or the round's end: the computers may end the round after the
        # person's move (the summary then waits for its button), and the table can redraw
        # while they think, before that dialog shows.
        page.wait_for_selector(f"{MY_MOVE}, {DIALOG}", timeout=60_000)
        if page.query_selector(DIALOG):
            break
        shown |= log_lines(page)
        assert said(page)[-1] == ("polite", "Your turn."), said(page)[-3:]
        check_disabled_controls(page)
        off = page.query_selector(
            ".table-body [aria-disabled=true][data-explain], .table-body .fc-btn.is-off"
        )
        if not refused and off is not None:
            before = len(said(page))
            off.click(force=True)  # pressable all the same: the press says why
            page.wait_for_function("(n) => window.__said.length > n", arg=before)
            kind, refused = said(page)[-1]
            assert kind == "assertive" and refused, said(page)[-1]
            shown_reason = page.inner_text(".table-body [data-kind=error]")
            assert refused.strip() == shown_reason.strip()
        control = page.query_selector(MY_MOVE)
        assert control is not None
        control.click()
        page.wait_for_function("(el) => !el.isConnected", arg=control, timeout=30_000)
        moves += 1
    page.wait_for_selector(f"{MY_MOVE}, {DIALOG}", timeout=60_000)
    shown |= log_lines(page)
    lines = [text for kind, text in said(page) if kind == "polite"]
    # Every polite line is "Your turn." or a line of the public log, as the log shows it.
    moves_said = [text for text in lines if text != "Your turn."]
    assert moves_said, lines
    assert set(moves_said) <= shown, set(moves_said) - shown
    # Each computer seat moved in the moves played (every decision of the game so far, over
    # the round's end too), and its moves were said.
    movers = {entry["seat"] for entry in decisions(engine_game(page))}
    assert {1, 2} <= movers, movers
    for seat in (1, 2):  # the computers' own names (setup.js): Ada, Bo
        assert any(text.startswith(COMPUTERS[seat]) for text in moves_said), lines
    assert lines.count("Your turn.") >= moves


def test_the_regions_are_outside_the_table_and_emptied_for_a_pass(
    open_game: Callable[..., Page], page: Page
) -> None:
    """Pass-and-play: before the next person takes the device, nothing is left to be read."""
    page.add_init_script(RECORD)
    open_game("?game=to-the-moon&players=3&seats=human,human,bot&seed=5&speed=instant")
    passes = 0
    while passes < 3:
        page.wait_for_selector(".pass-screen, .table[data-awaiting] .table-body [data-action]")
        if page.query_selector(".pass-screen"):
            passes += 1
            assert page.inner_text("#announce-polite") == ""
            assert page.inner_text("#announce-assertive") == ""
            seat = int(page.get_attribute(".pass-screen", "data-seat") or "")
            page.click(".pass-screen .button.primary")
            page.wait_for_selector(f'.table[data-awaiting="{seat}"] .table-body [data-action]')
            assert said(page)[-1] == ("polite", f"Player {seat + 1}, your turn.")
            continue
        assert page.locator("#announce-polite, #announce-assertive").count() == 2
        assert page.query_selector("#main #announce-polite, #main #announce-assertive") is None
        control = page.query_selector(".table-body [data-action]")
        assert control is not None
        control.click()
        page.wait_for_function("(el) => !el.isConnected", arg=control, timeout=30_000)
