"""Quodlibet in Korean (issue 11): a whole seeded game with ``lang=ko`` at 360 px.

A person plays all twelve deals (every contract once, Snack last) against three computer
seats by pressing the table's own controls (each carries its action in ``data-action``).
On the way: every deal's summary dialog, the final screen, a hint in each phase of each
contract, the "Last trick" panel and a refused press on a card that cannot be played. At
every step nothing a person reads or hears on the page (visible text, visually hidden text,
accessible names: tests/browser/korean_text.py) may hold an English word, and nothing may
stick out of the 360 px window sideways.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from browser_support import axe_check, press
from korean_text import english_words, overflowing
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

SEED = 3
GAME = f"?game=quodlibet&players=4&seats=human,bot,bot,bot&seed={SEED}&level=easy&speed=instant"
CONTRACTS = {
    "plus", "minus", "bad-neighbour", "red-ruffians", "first-three-and-last", "no-hearts",
    "queens-and-jacks", "bribe", "open-trousers", "good-hunting", "quadrature", "snack",
}  # fmt: skip

# One of: the final screen, a deal's summary dialog, or the table awaiting the person.
NEXT_STEP = """() => document.documentElement.dataset.gameState === "over"
  || document.querySelector(".overlay .dialog button") !== null
  || document.querySelector(".ql-table [data-action]") !== null"""


def wait_next_step(page: Page) -> str:
    page.wait_for_function(NEXT_STEP, timeout=60_000)
    if page.evaluate("document.documentElement.dataset.gameState") == "over":
        return "over"
    if page.query_selector(".overlay .dialog button"):
        return "summary"
    return "turn"


def refuse_a_card(page: Page) -> bool:
    """Press a card that cannot be played now: the engine's refusal shows in the table's
    message line (and is read here with the rest). True if there was one to press."""
    off = page.query_selector(".ql-hand .fc-btn.is-off")
    if off is None:
        return False
    off.click(force=True)  # aria-disabled, yet pressable: the press says why
    page.locator(".ql-message[data-kind=error]").wait_for(timeout=10_000)
    return True


# The language switch names English in English, marked lang="en" (language-switch.js).
SWITCH_TEXTS = """() => [...document.querySelectorAll(
    '.lang-switch[lang="en"], .lang-switch [lang="en"]')].flatMap((el) =>
  [el.textContent.trim(), el.getAttribute("aria-label") || "", el.getAttribute("title") || ""])
  .filter(Boolean).map((text) => text.slice(0, 80))"""


def problems_on(page: Page, where: str) -> list[str]:
    """Texts with English words on the page (but the language switch's name for English),
    and what overflows the window, each with ``@ where`` (one line per text, its English
    words first)."""
    switch = set(page.evaluate(SWITCH_TEXTS))
    words: dict[str, list[str]] = {}
    for found in english_words(page):
        word, _, text = found.partition("  <-  ")
        if text in switch:
            continue
        words.setdefault(text, []).append(word)
    problems = [f"English {' '.join(w)} in {text!r} @ {where}" for text, w in words.items()]
    problems += [f"overflow: {what} @ {where}" for what in overflowing(page)]
    return problems


def ask_a_hint(page: Page) -> bool:
    """Press Hint and wait for its line (worded by the renderer's hintWords). True if done."""
    button = page.query_selector(".hint-button:not([disabled])")
    if button is None:
        return False
    button.click()
    page.wait_for_function(
        """() => document.querySelector(".hint-text")?.textContent.trim()
          && document.querySelector(".ql-table .is-hint") !== null""",
        timeout=60_000,
    )
    return True


def open_the_last_trick(page: Page) -> bool:
    """Open the shell's "Last trick" panel (the renderer's renderLastTrick). True if done."""
    button = page.query_selector("[data-control=last-trick]")
    if button is None:
        return False
    button.click()
    page.wait_for_selector(".last-trick-panel .ql-last-trick", timeout=10_000)
    return True


def test_the_english_check_sees_the_quodlibet_table(open_game: Callable[..., Page]) -> None:
    """The check can fail: the same table in English is full of English words."""
    page = open_game(GAME + "&lang=en")
    page.wait_for_selector(".ql-table [data-action]", timeout=60_000)
    found = " ".join(english_words(page, ".ql-table"))
    for word in ("Deal", "Contract", "Choose", "Dealer"):
        assert word in found, found[:400]


def test_a_whole_korean_game_has_no_english_and_fits_360_px(
    open_game: Callable[..., Page],
) -> None:
    page = open_game(GAME + "&lang=ko")
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.lang") == "ko"
    rng = random.Random(SEED)
    found: list[str] = []
    contracts: set[str] = set()
    hinted: set[str] = set()
    summaries = 0
    last_trick_seen = False
    refused = False
    for _ in range(2000):
        step = wait_next_step(page)
        if step == "over":
            break
        if step == "summary":
            summaries += 1
            details = page.query_selector(".overlay .ql-summary-more:not([open]) > summary")
            if details:  # the long "why" list, folded: open it to read it too
                details.click()
            found += problems_on(page, f"summary {summaries}")
            press(page, page.locator(".overlay .dialog button").last.element_handle())
            continue
        table = page.locator(".ql-table")
        contract = table.get_attribute("data-contract") or ""
        phase = table.get_attribute("data-phase") or ""
        contracts.add(contract)
        where = f"{contract or 'choosing'} ({phase})"
        if f"{contract}/{phase}" not in hinted and ask_a_hint(page):
            hinted.add(f"{contract}/{phase}")
        if not last_trick_seen and contract not in {"", "snack"}:
            last_trick_seen = open_the_last_trick(page)
        if not refused and phase == "play":
            refused = refuse_a_card(page)
        found += problems_on(page, where)
        controls = page.query_selector_all(".ql-table [data-action]")
        press(page, rng.choice(controls))
    else:
        pytest.fail("the game did not end")

    assert contracts - {""} == CONTRACTS, contracts
    assert summaries == 12
    assert last_trick_seen, "the Last trick panel was never offered"
    assert refused, "no card that cannot be played was ever on offer to press"
    assert {"choose", "play", "snack"} <= {key.split("/")[1] for key in hinted}, hinted
    final = page.locator(".final")
    final.wait_for(timeout=30_000)
    assert final.locator(".ql-summary").count() == 12
    # Every folded "why" list of the twelve deals, opened to be read too.
    page.evaluate("document.querySelectorAll('.final details').forEach((d) => { d.open = true; })")
    found += problems_on(page, "final screen")
    # Each problem once, with the first place it was seen.
    first: dict[str, str] = {}
    for problem in found:
        first.setdefault(problem.rsplit(" @ ", 1)[0], problem)
    assert not first, f"{len(first)} problems:\n" + "\n".join(list(first.values())[:200])


@pytest.mark.parametrize(
    "contracts",
    ["", "&contracts=open-trousers", "&contracts=snack"],
    ids=["choose-then-play", "open-trousers", "snack"],
)
def test_the_korean_quodlibet_table_passes_axe(
    open_game: Callable[..., Page], page: Page, contracts: str
) -> None:
    """axe (every rule, the experimental ones too: a name must hold a control's visible
    text) on the Korean table at two of the person's turns, at 360 and 1280 px. Seed 7's
    Snack opens on a turn where the person must take one of three piles."""
    seed = 7 if "snack" in contracts else SEED
    open_game(
        f"?game=quodlibet&players=4&seats=human,bot,bot,bot&seed={seed}&level=easy"
        f"&speed=instant{contracts}&lang=ko"
    )
    for turn in ("first", "second"):
        page.wait_for_selector(".ql-table [data-action]", timeout=60_000)
        axe_check(page, f"the Korean table, the person's {turn} turn")
        press(page, page.query_selector_all(".ql-table [data-action]")[0])
