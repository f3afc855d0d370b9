"""Every word right, in English and Korean (issue 26, part 3), seen in Chromium.

- A refusal never shows a rule code ("… this round (NV-6)"): RULES.md's numbering is for
  developers, the page says the reason only (tests/test_catalogs.py checks every catalog).
- The replay says "As you saw it: … your own hand" to the one person, a name otherwise.
- Quodlibet's score sheet counts deals with plurals ("1 of 1 deal played"), says "no deal
  played yet" before the first, and is the one "Score sheet" on the page.
- "Dealer: You", as Nine Virtues says it.
- A prompt offers only moves that are legal now (To the Moon's Build when no hand card can
  be built; Nine Virtues' swap once the swap limit is reached).
- No key line is cut off with "…": the strips' latest moves, "Last: …", the countdown's note.
- At 360 px with a wider font the bar's controls neither overlap nor leave the window, and
  no word in them is cut.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from browser_support import engine_game, next_frame
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

RULE_CODE = re.compile(r"\b(?:NV|TM|QL|PD)-\d+")
VS = "players=4&seats=human,bot,bot,bot&level=easy&speed=instant"
ON_TURN = '.table[data-awaiting="0"] .table-body [data-action]'
MOON = "?game=to-the-moon&players=2&seats=human,bot&seed=7&speed=instant"


def table_text(page: Page) -> str:
    return page.locator(".table").inner_text()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_refusal_names_no_rule_code(open_game: Callable[..., Page], lang: str) -> None:
    page = open_game(f"?game=nine-virtues&{VS}&seed=7&lang={lang}")
    page.wait_for_selector(ON_TURN)
    # Kill before every player has had a turn: aria-disabled, yet pressable to say why.
    page.click(".nv-table [data-control=kill]", force=True)
    message = page.locator(".nv-table .pairs-message[data-kind=error]")
    message.wait_for(timeout=10_000)
    words = message.inner_text()
    if lang == "en":
        assert words.startswith("You can't kill yet: every player must have had one turn"), words
        turn = engine_game(page).view(0).get("turn")
        assert words.endswith(f"this is turn {turn}."), words
    else:
        assert words.startswith("아직 제거할 수 없습니다"), words
    assert not RULE_CODE.search(words), words
    assert not RULE_CODE.search(table_text(page))
    assert not RULE_CODE.search(page.inner_text("#announce-assertive"))


def test_the_replay_says_you_to_the_one_person(open_game: Callable[..., Page]) -> None:
    """One person against computers: "As you saw it", never "As You saw it … You's"."""
    for lang, expected in (
        ("en", "As you saw it: the table then and your own hand."),
        ("ko", "내가 본 그대로: 그때의 테이블과 내 손패입니다."),
    ):
        page = open_game(f"?game=quodlibet&{VS}&seed=3&contracts=minus&lang={lang}")
        finish_the_deal(page)
        page.click(".overlay .dialog .replay-button")
        page.wait_for_selector("dialog.replay-dialog[open]")
        said = page.locator("dialog.replay-dialog").inner_text()
        assert expected in said, said
        assert "You's" not in said and "As You" not in said
        page.keyboard.press("Escape")


def finish_the_deal(page: Page) -> None:
    """Play the person's first legal card until the deal's summary dialog shows."""
    for _ in range(40):
        page.wait_for_function(
            """() => document.querySelector(".overlay .dialog") !== null
                 || document.querySelector('.table[data-awaiting="0"] .table-body [data-action]')"""
        )
        if page.query_selector(".overlay .dialog"):
            return
        control = page.query_selector(ON_TURN)
        assert control is not None
        control.click()
        page.wait_for_function("(el) => !el.isConnected", arg=control, timeout=60_000)
    raise AssertionError("the deal did not end")


def visible_texts(page: Page, selector: str) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        selector,
        """els => els.filter((e) => e.getClientRects().length > 0
             && getComputedStyle(e).visibility !== "hidden").map((e) => e.innerText.trim())""",
    )
    return texts


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_score_sheet_counts_deals_and_is_named_once(
    open_game: Callable[..., Page], lang: str
) -> None:
    page = open_game(f"?game=quodlibet&{VS}&seed=3&contracts=minus,plus&lang={lang}")
    page.set_viewport_size({"width": 360, "height": 640})
    page.wait_for_selector(ON_TURN)
    before = page.locator(".ql-sheet-toggle").inner_text()
    empty = {"en": "Score sheet (no deal played yet)", "ko": "점수표(아직 끝난 판 없음)"}
    assert before == empty[lang]
    dealer = page.locator(".ql-status [data-status=dealer]").inner_text()
    assert dealer.startswith({"en": "Dealer: You", "ko": "딜러: 나"}[lang]), dealer
    finish_the_deal(page)
    page.click(".overlay .dialog .dialog-actions button")
    page.wait_for_selector(".table[data-screen=table] .ql-sheet-toggle")
    after = page.locator(".ql-sheet-toggle").inner_text()
    one = {"en": "Score sheet (1 of 2 deals played)", "ko": "점수표(2판 중 1판 끝남)"}
    assert after == one[lang]
    sheet_word = {"en": "Score sheet", "ko": "점수표"}[lang]
    # The sheet's headings as drawn once the table is back after the summary (the computers
    # go on playing and each move redraws the table: read in one go, as they stand in one
    # frame; while the dialog closes, the table behind it shows no heading at all).
    headings = page.wait_for_function(
        """(word) => {
          const shown = [...document.querySelectorAll(".table summary, .table h2, .table h3")]
            .filter((e) => e.getClientRects().length > 0
              && getComputedStyle(e).visibility !== "hidden")
            .map((e) => e.innerText.trim())
            .filter((text) => text.startsWith(word));
          return shown.length ? shown : null;
        }""",
        arg=sheet_word,
    ).json_value()
    assert headings == [after], headings


def test_the_score_sheet_says_one_deal(open_game: Callable[..., Page]) -> None:
    """A practice of one deal: "1 of 1 deal played", not "1 of 1 deals"."""
    page = open_game(f"?game=quodlibet&{VS}&seed=3&contracts=minus")
    finish_the_deal(page)
    assert page.locator(".ql-sheet-toggle").inner_text() == "Score sheet (1 of 1 deal played)"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_moons_prompt_offers_only_legal_moves(
    open_game: Callable[..., Page], lang: str
) -> None:
    """A hand whose every rank is in the countdown: the prompt offers no Build."""
    # Build while a hand card can be built, so the person's turn soon comes with none.
    page = open_game(f"{MOON}&lang={lang}")
    build_word = {"en": "build a card", "ko": "빌드"}[lang]
    saw_no_build = saw_build = False
    for _ in range(200):
        page.wait_for_function(
            """(turn) => document.documentElement.dataset.gameState === "over"
                 || document.querySelector(".overlay .dialog .dialog-actions button")
                 || document.querySelector(turn)""",
            arg=ON_TURN,
            timeout=60_000,
        )
        if page.evaluate("document.documentElement.dataset.gameState") == "over":
            break
        dialog = page.query_selector(".overlay .dialog .dialog-actions button")
        if dialog:
            dialog.click()
            page.wait_for_function("(el) => !el.isConnected", arg=dialog)
            continue
        legal = engine_game(page).view(0)["legal"]
        prompt = page.locator(".tm-table .pairs-message").inner_text()
        builds = [a for a in legal if a.startswith("build ")]
        assert (build_word in prompt) == bool(builds), (prompt, legal)
        test_word = {"en": "Test the deck", "ko": "덱을 테스트"}[lang]
        assert (test_word in prompt) == ("test" in legal), (prompt, legal)
        saw_build |= bool(builds)
        saw_no_build |= not builds
        if saw_build and saw_no_build:
            return
        # Build while we can (the hand runs out of buildable ranks), else withdraw.
        choice = builds[0] if builds else next(a for a in legal if a.startswith("withdraw"))
        control = page.query_selector(f".tm-table [data-action='{choice}']")
        if control is None:  # "withdraw R" is pressed on the countdown after Withdraw…
            page.click(".tm-table [data-control=withdraw]")
            control = page.query_selector(f".tm-table [data-action='{choice}']")
        assert control is not None, choice
        control.click()
        page.wait_for_function("(el) => !el.isConnected", arg=control, timeout=60_000)
    raise AssertionError(f"never saw both prompts (build {saw_build}, no build {saw_no_build})")


CUT = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.getClientRects().length > 0)
  .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.innerText.trim().endsWith("\\u2026"))
  .map((e) => e.innerText.trim())"""
KEY_LINES = (
    ".pairs-seat-last, .ql-seat-last, .pairs-last, .ql-last, .pairs-message, .ql-message,"
    " .tm-countdown > h2 .pairs-zone-note"
)


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize(
    "link", [f"?game=nine-virtues&{VS}&seed=7", f"?game=to-the-moon&{VS}&seed=7"]
)
def test_no_key_line_is_cut(open_game: Callable[..., Page], lang: str, link: str) -> None:
    page = open_game(f"{link}&lang={lang}")
    page.set_viewport_size({"width": 360, "height": 640})
    for _ in range(4):
        page.wait_for_selector(ON_TURN)
        next_frame(page)
        assert page.evaluate(CUT, KEY_LINES) == []
        control = page.query_selector(ON_TURN)
        assert control is not None
        control.click()
        page.wait_for_function("(el) => !el.isConnected", arg=control, timeout=60_000)


WIDE = "* { letter-spacing: 0.06em !important; word-spacing: 0.1em !important; }"
BAR = """() => {
  const row = document.querySelector(".title-row");
  const items = [...row.children].filter((e) => e.getClientRects().length > 0
    && e.getBoundingClientRect().width > 1);
  const boxes = items.map((e) => ({
    text: e.innerText.trim(),
    box: e.getBoundingClientRect().toJSON(),
    // A word cut by its box (a visually hidden text, 1 px wide, is not shown at all).
    cut: [e, ...e.querySelectorAll("*")].some((x) => x.scrollWidth > x.clientWidth + 1
      && x.getBoundingClientRect().width > 1 && getComputedStyle(x).overflow !== "visible") }));
  const problems = [];
  for (const b of boxes) {
    const out = b.box.left < -0.5 || b.box.right > innerWidth + 0.5;
    if (out) problems.push(`${b.text}: outside the window`);
    if (b.cut) problems.push(`${b.text}: cut`);
  }
  for (let i = 0; i < boxes.length; i += 1) for (let j = i + 1; j < boxes.length; j += 1) {
    const a = boxes[i].box, c = boxes[j].box;
    const overlap = Math.min(a.right, c.right) - Math.max(a.left, c.left) > 0.5
      && Math.min(a.bottom, c.bottom) - Math.max(a.top, c.top) > 0.5;
    if (overlap) problems.push(`${boxes[i].text} overlaps ${boxes[j].text}`);
  }
  return problems;
}"""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_bar_fits_a_wider_font_at_360(open_game: Callable[..., Page], lang: str) -> None:
    """After a move Nine Virtues' bar holds Hint, Last moves, Take back, Rules, the language
    and Menu: with letters wider than the system's, none overlaps, leaves the window or is cut."""
    page = open_game(f"?game=nine-virtues&{VS}&seed=7&lang={lang}")
    page.set_viewport_size({"width": 360, "height": 640})
    # A constructed sheet (the page's CSP allows no inline <style>): every letter wider.
    page.evaluate(
        """(css) => { const sheet = new CSSStyleSheet(); sheet.replaceSync(css);
             document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]; }""",
        WIDE,
    )
    page.wait_for_selector(ON_TURN)
    control = page.query_selector(ON_TURN)
    assert control is not None
    control.click()
    page.wait_for_selector(".title-row [data-control=last-trick]")
    page.wait_for_selector(ON_TURN)
    next_frame(page)
    problems = page.evaluate(BAR)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_nine_virtues_prompt_offers_no_swap_past_the_limit(
    open_game: Callable[..., Page], lang: str
) -> None:
    """With swaps allowed on turn 1 only, the person's later turns offer a bid (and Kill once
    kills are open), never a swap; the first turn offers both."""
    page = open_game(f"?game=nine-virtues&{VS}&seed=7&opt.swap_limit=1&lang={lang}")
    swap_word = {"en": "swap", "ko": "교환"}[lang]
    kill_word = {"en": "Kill", "ko": "제거"}[lang]
    seen = set()
    for _ in range(6):
        page.wait_for_selector(ON_TURN, timeout=60_000)
        legal = engine_game(page).view(0)["legal"]
        prompt = page.locator(".nv-table .pairs-message").inner_text()
        can_swap = any(a.startswith("swap ") for a in legal)
        can_kill = any(a.startswith("kill ") for a in legal)
        assert (swap_word in prompt) == can_swap, (prompt, legal)
        assert (kill_word in prompt) == can_kill, (prompt, legal)
        seen.add(can_swap)
        if seen == {True, False}:
            return
        bid = next(a for a in legal if a.startswith("bid "))
        control = page.query_selector(f".nv-table [data-action='{bid}']")
        assert control is not None
        control.click()
        page.wait_for_function("(el) => !el.isConnected", arg=control, timeout=60_000)
    raise AssertionError(f"saw swaps offered only as {seen}")
