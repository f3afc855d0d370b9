"""Names people use are names (issue 28), in the page: web/js/words/names.js (Intl.Segmenter
graphemes) against the same cases as engine/names.py (tests/data/names.json,
tests/test_names.py), and a stored name that breaks the rule is never shown."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "names.json").read_text(encoding="utf-8")
)

CHECK = """async (cases) => {
  const { cleanName, graphemes, nameProblem } = await import("./js/words/names.js");
  return cases.map((c) => {
    const clean = cleanName(c.text);
    return { clean, length: graphemes(clean).length, problem: nameProblem(clean) };
  });
}"""


def test_the_page_applies_the_engines_rule_to_every_shared_case(page: Page, site_url: str) -> None:
    page.goto(site_url)
    got = page.evaluate(CHECK, CASES)
    wrong = [
        f"{case['why']}: {answer} (expected {case['clean']!r}, {case['length']}, {case['problem']})"
        for case, answer in zip(CASES, got, strict=True)
        if answer != {k: case[k] for k in ("clean", "length", "problem")}
    ]
    assert not wrong, "\n".join(wrong)


def test_a_link_with_emoji_names_starts_and_a_hidden_character_is_refused(
    page: Page, site_url: str
) -> None:
    family = "\U0001f600\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"
    page.goto(f"{site_url}?game=to-the-moon&players=3&names={family},Ben,Cleo&speed=instant")
    page.wait_for_selector("html[data-game-state=playing]", timeout=90_000)
    assert family in page.locator("main").inner_text()
    page.goto(f"{site_url}?game=to-the-moon&players=3&names=%E2%80%AEevil,b,c")
    notice = page.locator("#notices .notice")
    notice.wait_for()
    text = notice.inner_text()
    assert "\u2068\ufffdevil\u2069" in text  # isolated, its override shown as U+FFFD
    assert "\u202e" not in text


def test_the_menu_says_why_a_typed_name_is_refused_and_starts_once_it_is_mended(
    page: Page, open_game: Any
) -> None:
    """A name the rule refuses is said under its field as it is typed (in words, not as a
    silent fallback to the seat's own name) and holds back the start until it is mended."""
    open_game()
    page.locator("#game-to-the-moon").check()
    field = page.locator("#seat-name-0")
    field.fill("\u202eevil")
    note = page.locator("#seat-name-0-problem")
    assert "invisible character" in note.inner_text()
    assert field.get_attribute("aria-invalid") == "true"
    page.locator("button.start").click()
    assert page.evaluate("document.activeElement.id") == "seat-name-0"
    assert page.evaluate("document.documentElement.dataset.gameState") == "none"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466 Ana"
    field.fill(family)
    assert note.inner_text() == ""
    assert field.get_attribute("aria-invalid") is None
    page.locator("button.start").click()
    page.wait_for_selector("html[data-game-state=playing]", timeout=90_000)
    assert family in page.locator("main").inner_text()
