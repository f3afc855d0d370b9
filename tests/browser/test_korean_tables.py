"""The game tables in Korean (issue 11): a whole seeded game of Nine Virtues and of To the Moon
with ``lang=ko`` on a 360 px phone, the person's seat played by the test (a legal control
each turn, picked by a seeded random choice), the computer's seats by the engine's bots, at
speed=instant. At every third turn of the person, every round dialog and on the final
screen, nothing a person reads or hears on the table, its log, the dialogs, the result or the
live regions holds an English word (korean_text.english_words), and nothing is wider than
the window (korean_text.overflowing). On the way the test opens what a player may open: the
hint, the "Last trick" panel, the score sheet and a tip. The generic renderer is checked the
same way for one round of To the Moon, and the pass-and-play hand-over screen.

Not here: a refused move's reason, which is the engine's English sentence until the engine's
refusal codes are worded by web/js/words/engine-words.js (issue 11, part 5).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from browser_support import MY_MOVE, force_generic_renderer
from korean_text import english_words, overflowing
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
# What the table shows: the shell's <main> (table, log, dialogs, result) and the live regions.
WHERE = ("#main", "#announce-polite", "#announce-assertive")
DIALOG = ".overlay .dialog"
OVER = "html[data-game-state=over] .final"
COMMON = "&seats=human,bot,bot&level=easy&speed=instant&lang=ko"


def problems_here(page: Page, where: str) -> list[str]:
    found = [word for selector in WHERE for word in english_words(page, selector)]
    return [f"{where}: {problem}" for problem in [*found, *overflowing(page)]]


def open_extras(page: Page) -> None:
    """Open what a player may open on the table (each is checked while open)."""
    hint = page.query_selector('.table [data-control="hint"]:not([disabled])')
    if hint:
        hint.click()
        page.wait_for_function(
            """() => { const t = document.querySelector(".hint-text");
                       return !t || (t.textContent && !t.textContent.endsWith("\u2026")); }"""
        )
    last = page.query_selector('.table [data-control="last-trick"][aria-expanded="false"]')
    if last:
        last.click()
        page.wait_for_selector(".last-trick-panel")
    sheet = page.query_selector(".table details.score-sheet:not([open]) summary")
    if sheet:
        sheet.click()
        page.wait_for_selector(".table details.score-sheet[open] .round-summary")
    tip = page.query_selector(".table .tip-button")
    if tip:
        tip.focus()  # shown on focus: its text is read while shown


def close_extras(page: Page) -> None:
    """Close the panel drawn over the table (it would take the next press)."""
    close = page.query_selector(".last-trick-panel .last-trick-close")
    if close:
        close.click()
        page.wait_for_selector(".last-trick-panel", state="detached")


def play_whole_game(page: Page, *, seed: int) -> tuple[int, int, list[str]]:
    """Play to the final screen -> (moves made, dialogs seen, problems found)."""
    choose = random.Random(seed)
    moves = dialogs = 0
    found: list[str] = []
    extras_at = {1, 6}  # the person's turns at which the extras are opened too
    while True:
        page.wait_for_selector(f"{MY_MOVE}, {DIALOG}, {OVER}", timeout=90_000)
        if page.query_selector(OVER):
            found += problems_here(page, "the final screen")
            return moves, dialogs, found
        if page.query_selector(DIALOG):
            dialogs += 1
            found += problems_here(page, f"round dialog {dialogs}")
            page.click(f"{DIALOG} .dialog-actions button")
            page.wait_for_selector(DIALOG, state="detached")
            continue
        extras = moves in extras_at or (dialogs > 0 and moves % 25 == 0)
        if extras:
            open_extras(page)
        if extras or moves % 3 == 0:  # every third turn (the whole page is walked each time)
            found += problems_here(page, f"the person's move {moves + 1}")
        if extras:
            close_extras(page)
        controls = page.query_selector_all(MY_MOVE)
        control = choose.choice(controls)
        control.click()
        page.wait_for_function("(el) => !el.isConnected", arg=control, timeout=30_000)
        moves += 1


@pytest.mark.parametrize(("game", "seed"), [("nine-virtues", 5), ("to-the-moon", 4)])
def test_a_whole_game_in_korean_has_no_english_and_fits_a_phone(
    open_game: Callable[..., Page], page: Page, game: str, seed: int
) -> None:
    page.set_viewport_size(PHONE)
    open_game(f"?game={game}&players=3{COMMON}&seed={seed}")
    page.wait_for_selector(".table")
    assert page.evaluate("document.documentElement.lang") == "ko"
    moves, dialogs, found = play_whole_game(page, seed=seed)
    assert not found, "\n".join(dict.fromkeys(found))
    rounds = 3 if game == "nine-virtues" else 6  # NV-1: one round per player; TM-2: six
    assert dialogs == rounds and moves >= rounds, (moves, dialogs)
    # The result is in Korean (a Hangul headline), with the whole score sheet.
    assert any("\uac00" <= char <= "\ud7a3" for char in page.inner_text(".final .headline"))
    assert len(page.query_selector_all(".final .round-summary")) == rounds


def test_the_generic_renderer_in_korean(open_game: Callable[..., Page], page: Page) -> None:
    """Any game's fields, moves and round summary, worded in Korean (To the Moon's here)."""
    force_generic_renderer(page)
    page.set_viewport_size(PHONE)
    open_game(f"?game=to-the-moon&players=3{COMMON}&seed=4")
    choose = random.Random(4)
    found: list[str] = []
    turns = 0
    while not page.query_selector(DIALOG):
        page.wait_for_selector(f".table .actions button, {DIALOG}", timeout=90_000)
        if page.query_selector(DIALOG):
            break
        assert page.query_selector('.table[data-renderer="generic"]')
        found += problems_here(page, f"generic, move {turns + 1}")
        button = choose.choice(page.query_selector_all(".table .actions button"))
        button.click()
        page.wait_for_function("(el) => !el.isConnected", arg=button, timeout=30_000)
        turns += 1
    page.click(f"{DIALOG} details summary")  # how the round was scored, field by field
    found += problems_here(page, "generic, the round dialog")
    assert not found, "\n".join(dict.fromkeys(found))
    assert turns > 0


def test_the_pass_screen_in_korean(open_game: Callable[..., Page], page: Page) -> None:
    """Pass-and-play: the hand-over screen and the next person's table, in Korean."""
    page.set_viewport_size(PHONE)
    open_game("?game=to-the-moon&players=3&seats=human,human,bot&seed=5&speed=instant&lang=ko")
    page.wait_for_selector(".pass-screen")
    found = problems_here(page, "the pass screen")
    assert "플레이어 1" in page.inner_text(".pass-screen h1")
    page.click(".pass-screen .button.primary")
    page.wait_for_selector(".table[data-awaiting] .table-body [data-action]")
    found += problems_here(page, "the table after the pass")
    assert not found, "\n".join(dict.fromkeys(found))
