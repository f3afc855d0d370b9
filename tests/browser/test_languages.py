"""Languages on the shell (issue 11, docs/WEB.md "Languages and catalogs"): ``lang=`` links, the
remembered choice, the browser's language as the default, the switch on the menu and on the table
bar (a game survives it: the save is the same before and after), a clear message for an unknown
``lang=``, and the Korean menu, notices and embed cover with no English words and nothing wider than
a 360 px phone.

The switch names each language in that language ("English" on a Korean page, marked
``lang="en"``): that name is the one Latin word a Korean page may hold, and only there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from browser_support import SAVE_PREFIX, only_save, watch
from korean_text import english_words, overflowing
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

READY = "html[data-engine=ready]"
GAME = "?game=to-the-moon&players=2&seats=human,bot&seed=5&level=easy&speed=instant"
TURN = ".tm-table [data-action]"
_OTHER_TEXTS = """(selector) => [...document.querySelectorAll(selector)].flatMap((el) =>
  [el.textContent.trim(), el.getAttribute("aria-label") || "", el.getAttribute("title") || ""])
  .filter(Boolean)"""


def korean_only(page: Page, selector: str = "body") -> list[str]:
    """english_words() less the switch's own name for English (in its lang="en" element)."""
    switch = '.lang-switch [lang="en"], .lang-switch[lang="en"]'
    other = set(page.evaluate(_OTHER_TEXTS, switch))
    quoted = {text[:80] for text in other}  # english_words() quotes a text's first 80 characters
    found = english_words(page, selector)
    return [word for word in found if word.split("  <-  ", 1)[1] not in quoted]


def test_a_lang_ko_link_opens_the_korean_menu(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "?lang=ko")
    page.wait_for_selector(READY, timeout=90_000)
    assert page.locator("html").get_attribute("lang") == "ko"
    assert page.locator("#new-title").inner_text() == "게임 설정"
    assert "카드 게임" in page.title()
    description = page.locator('meta[name="description"]').get_attribute("content") or ""
    assert "카드 게임" in description
    assert page.locator('link[rel="manifest"]').get_attribute("href") == "manifest.ko.webmanifest"
    manifest = page.request.get(site_url + "manifest.ko.webmanifest").json()
    assert manifest["lang"] == "ko" and "카드 게임" in manifest["name"]
    # Every choice the menu offers, opened: seats, levels, the import form.
    page.locator("details.import-save summary").click()
    assert korean_only(page) == []
    assert overflowing(page) == []
    # The switch is labelled in the page's language; English is named in English.
    group = page.locator(".site-head .lang-switch")
    assert group.get_attribute("aria-label") == "언어"
    assert group.locator("[lang=en]").inner_text() == "English"
    assert group.locator("[lang=ko]").get_attribute("aria-pressed") == "true"


def test_an_unknown_lang_gets_a_clear_message_and_an_english_page(
    page: Page, site_url: str
) -> None:
    page.goto(site_url + "?lang=xx")
    page.wait_for_selector(READY, timeout=90_000)
    assert page.locator("html").get_attribute("lang") == "en"
    message = page.locator("#notices .notice").first.inner_text()
    assert "“\u2068xx\u2069”" in message and "English" in message and "한국어" in message
    assert page.locator("#new-title").inner_text() == "Set up a game"
    # The rest of the link works: its game starts, and the message stays in sight.
    page.goto(site_url + "?lang=xx&game=nine-virtues&players=3&seats=human,bot,bot&speed=instant")
    page.wait_for_selector(".table", timeout=60_000)
    assert page.locator("html").get_attribute("lang") == "en"
    assert "“\u2068xx\u2069”" in page.locator("#notices").inner_text()


def test_the_menu_switch_remembers_the_choice_and_keeps_the_menu(page: Page, site_url: str) -> None:
    page.goto(site_url)
    page.wait_for_selector(READY, timeout=90_000)
    page.locator("#game-quodlibet").check()
    page.fill("#seat-name-0", "Ada")
    page.locator(".how-to details.rules summary").click()
    page.locator("details.import-save summary").click()
    page.fill("#import-code", "p1z.half-pasted")
    page.locator('.site-head .lang-switch [data-lang="ko"]').click()
    page.wait_for_selector("html[lang=ko]")
    expect(page.locator("#new-title")).to_have_text("게임 설정")
    # The menu re-showed itself with the choices made: game, typed name, open rules.
    assert page.locator("#game-quodlibet").is_checked()
    assert page.locator("#seat-name-0").input_value() == "Ada"
    assert page.locator(".how-to details.rules").get_attribute("open") is not None
    assert page.locator("#import-code").input_value() == "p1z.half-pasted"
    focused = page.evaluate("document.activeElement.dataset.lang")
    assert focused == "ko", "focus stays on the switch"
    assert "lang=ko" in page.url
    # Remembered: a plain address (no lang=) opens in Korean.
    page.goto(site_url)
    page.wait_for_selector(READY, timeout=90_000)
    assert page.locator("html").get_attribute("lang") == "ko"
    assert page.locator("#saved-title").text_content() == "이어 하기"
    page.locator('.site-head .lang-switch [data-lang="en"]').click()
    expect(page.locator("#saved-title")).to_have_text("Continue")
    assert page.evaluate("localStorage.getItem('parlour:lang')") == "en"


def test_the_browser_language_is_the_default(browser: Browser, site_url: str) -> None:
    context = browser.new_context(locale="ko-KR", service_workers="block")
    page = context.new_page()
    problems = watch(page)
    page.goto(site_url)
    page.wait_for_selector(READY, timeout=90_000)
    assert page.locator("html").get_attribute("lang") == "ko"
    assert page.locator("#new-title").inner_text() == "게임 설정"
    # A lang= link still wins over the browser's language.
    page.goto(site_url + "?lang=en")
    page.wait_for_selector(READY, timeout=90_000)
    assert page.locator("#new-title").inner_text() == "Set up a game"
    context.close()
    assert problems == []


def stored(page: Page) -> dict[str, Any]:
    save = only_save(page)
    return {key: save[key] for key in ("id", "setup", "engine", "round", "over")}


def test_switching_mid_game_keeps_the_game(page: Page, open_game: Callable[..., Page]) -> None:
    open_game(GAME)
    page.wait_for_selector(TURN, timeout=60_000)
    control = page.query_selector(TURN)
    assert control is not None
    control.click()
    page.wait_for_function("(el) => !el.isConnected", arg=control, timeout=30_000)
    page.wait_for_selector(TURN, timeout=30_000)
    page.wait_for_function(
        "(prefix) => Object.keys(localStorage).some((k) => k.startsWith(prefix))", arg=SAVE_PREFIX
    )
    before = stored(page)
    url_before = page.url
    page.locator(".title-row .lang-table").click()
    page.wait_for_selector("html[lang=ko]")
    page.wait_for_selector(".table .title-row .lang-table[lang=en]", timeout=30_000)
    page.wait_for_selector(TURN, timeout=30_000)
    assert stored(page) == before, "the switch reloads the game from its save, unchanged"
    assert page.locator("html").get_attribute("data-game-state") == "playing"
    assert page.evaluate("document.activeElement.classList.contains('lang-table')")
    assert "lang=ko" in page.url and f"resume={before['id']}" in page.url
    assert url_before.split("resume=")[1].split("&")[0] == before["id"]
    # And back: the same game again, in English.
    page.locator(".title-row .lang-table").click()
    page.wait_for_selector(".table .title-row .lang-table[lang=ko]", timeout=30_000)
    assert stored(page) == before


@pytest.mark.parametrize(
    "init",
    [
        """Object.defineProperty(window, "localStorage", {configurable: true,
             get() { throw new DOMException("The operation is insecure.", "SecurityError"); }});""",
    ],
    ids=["storage-blocked"],
)
def test_korean_notices_and_the_other_tab_panel(page: Page, site_url: str, init: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script(init)
    page.goto(site_url + "?lang=ko")
    page.wait_for_selector(READY, timeout=90_000)
    notice = page.locator("#notices .notice")
    expect(notice.first).to_contain_text("저장")
    assert korean_only(page, "#notices") == []
    # A link with problems: worded in Korean too (the parameter names themselves are code).
    page.goto(site_url + "?lang=ko&game=to-the-moon&players=9")
    page.wait_for_selector(READY, timeout=90_000)
    problems = page.locator("#notices").inner_text()
    assert "이 링크로는 게임을 시작할 수 없습니다" in problems and "투 더 문" in problems
    assert overflowing(page) == []


def test_the_korean_embed_cover(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(
        site_url + "embed.html?game=to-the-moon&players=3&seats=human,human,bot&seed=12&lang=ko"
    )
    page.wait_for_selector("html[data-embed=cover]")
    assert page.locator("html").get_attribute("lang") == "ko"
    assert page.locator(".cover h1").inner_text() == "투 더 문"
    assert "12번" in page.locator(".cover .who").inner_text()
    assert korean_only(page, ".cover-brand") == []
    assert korean_only(page, ".who") == []
    assert korean_only(page, ".cover-actions") == []
    assert korean_only(page, ".storage-note") == []
    assert korean_only(page, ".cover-links") == []
    assert overflowing(page) == []
    full = page.locator(".cover a.full-screen").get_attribute("href") or ""
    assert "lang=ko" in full


def test_the_builder_puts_the_language_in_the_snippet(page: Page, site_url: str) -> None:
    page.goto(site_url + "embed-builder.html?lang=ko")
    page.wait_for_selector("#snippet")
    expect(page.locator("h1")).to_have_text("이 게임을 내 페이지에 넣기")
    assert "lang=ko" in page.locator("#snippet").input_value()
    page.select_option("#b-lang", "")
    assert "lang=" not in page.locator("#snippet").input_value()
    page.select_option("#b-lang", "en")
    assert "lang=en" in page.locator("#snippet").input_value()
