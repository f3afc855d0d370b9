"""The rules in the game (web/js/rules/, games/*/rules.js; docs/FEATURES.md, "Rules in the game"):
each game's rules reference and "How we read the rules" open from the menu, from the table's bar in
the middle of a game (which goes on afterwards, in the same save) and from a link
(`?rules=<id>#<section>`), at the section that matters now; the dialog keeps focus inside, Escape
closes it and focus goes back; every picture is drawn by the card renderers and named; every catalog
key is shown; in Korean nothing is in English and nothing is wider than a 360 px phone; axe finds
nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_support import MY_MOVE, only_save, violations
from korean_text import english_words, overflowing
from playwright.sync_api import Page

import engine

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("nine-virtues", "to-the-moon", "quodlibet")
PAGES = (*GAMES, "reading")
DIALOG = "dialog.rules-dialog[open]"
COMMON = "&level=easy&speed=instant"
TITLES = {
    "nine-virtues": "Nine Virtues: the rules",
    "to-the-moon": "To the Moon: the rules",
    "quodlibet": "Quodlibet: the rules",
    "reading": "How we read the rules",
}


def catalog_keys() -> set[str]:
    """Every key of the rules catalogs (English; test_catalogs.py keeps Korean in step)."""
    keys: set[str] = set()
    for path in sorted((ROOT / "web" / "i18n" / "en").glob("rules*.json")):
        keys |= {f"{path.stem}.{name}" for name in json.loads(path.read_text("utf-8"))}
    return keys


def shown_keys(page: Page, selector: str) -> set[str]:
    """The message keys the elements under ``selector`` were worded from (data-msg)."""
    found: list[str] = page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].flatMap((root) =>
             [root, ...root.querySelectorAll("[data-msg]")])
             .flatMap((el) => (el.dataset.msg || "").split(" ").filter(Boolean))""",
        selector,
    )
    return set(found)


def variant_links_start_games(hrefs: list[str]) -> None:
    """Each variant's link names a game and options the engine accepts (API.md "Options"),
    and between them they turn on every per-game variant option."""
    turned_on: set[tuple[str, str]] = set()
    for href in hrefs:
        query = parse_qs(urlsplit(href).query)
        game = query.pop("game")[0]
        options: dict[str, Any] = {}
        for name, (value,) in query.items():
            if name == "contracts":
                options["contracts"] = value.split(",")
            else:
                options[name.removeprefix("opt.")] = json.loads(value)
        info = engine.GAMES[game]
        engine.new_game(game, players=info["default_players"], seed=1, options=options)
        turned_on |= {(game, name) for name in options}
    per_game = {(g, o) for g, info in engine.GAMES.items() for o in info["options"]}
    assert per_game - {(g, o) for g, o in per_game if o in ("deal", "dealer")} <= turned_on


def wide_inside(page: Page) -> list[str]:
    """What scrolls sideways inside the dialog (its body scrolls up and down only, so
    ``overflowing()`` trusts it to clip): nothing may be wider than the window."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll("dialog .rules-body, dialog .rules-table-wrap")]
             .filter((el) => el.scrollWidth > el.clientWidth + 1)
             .map((el) => `${el.className}: ${el.scrollWidth} > ${el.clientWidth}`)"""
    )
    return found


def focus_inside(page: Page) -> bool:
    return bool(page.evaluate("() => !!document.activeElement?.closest('dialog.rules-dialog')"))


def open_section(page: Page) -> str:
    return str(page.get_attribute(DIALOG, "data-section"))


def test_each_rules_page_opens_from_the_menu_keeps_focus_and_gives_it_back(
    page: Page, site_url: str
) -> None:
    page.goto(site_url)  # the rules need no engine: the menu's buttons work at once
    for game in GAMES:
        button = page.locator(f'.game-card [data-rules-for="{game}"]')
        button.click()
        page.wait_for_selector(f'{DIALOG}[data-rules="{game}"]')
        assert page.inner_text("#rules-title") == TITLES[game]
        assert open_section(page) == ""  # the menu opens the top
        for _ in range(30):  # Tab cycles inside, never behind the dialog
            page.keyboard.press("Tab")
            assert focus_inside(page), "Tab left the rules dialog"
        for _ in range(5):
            page.keyboard.press("Shift+Tab")
            assert focus_inside(page)
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog.rules-dialog", state="detached")
        assert page.evaluate("(g) => document.activeElement?.dataset.rulesFor === g", game), (
            "focus did not go back to the Rules button"
        )
    # Each reference links to "How we read the rules", which opens in place at that game.
    page.locator('.game-card [data-rules-for="quodlibet"]').click()
    page.locator(f"{DIALOG} .rules-reading-link a").click()
    page.wait_for_selector(f'{DIALOG}[data-rules="reading"][data-section="quodlibet"]')
    assert page.evaluate("() => document.activeElement?.id") == "rules-quodlibet"
    page.locator(f"{DIALOG} .rules-close").click()
    page.wait_for_selector("dialog.rules-dialog", state="detached")


def test_deep_links_open_at_the_section_and_refuse_an_unknown_page(
    page: Page, site_url: str
) -> None:
    page.goto(site_url + "?rules=quodlibet#bribe")
    page.wait_for_selector(f'{DIALOG}[data-rules="quodlibet"][data-section="bribe"]')
    assert page.evaluate("() => document.activeElement?.id") == "rules-bribe"
    heading = page.locator("#rules-bribe").bounding_box()
    body = page.locator(f"{DIALOG} .rules-body").bounding_box()
    assert heading and body and body["y"] <= heading["y"] < body["y"] + body["height"] / 2
    page.locator(f"{DIALOG} .rules-close").click()
    page.wait_for_selector("dialog.rules-dialog", state="detached")
    assert "rules=" not in page.url and "#" not in page.url  # a reload shows the menu
    # Nothing opened it: focus goes to that game's Rules button on the menu.
    assert page.evaluate("() => document.activeElement?.dataset.rulesFor") == "quodlibet"

    # An unknown section opens the top; `rules=reading` is "How we read the rules".
    page.goto(site_url + "?rules=to-the-moon#no-such-section")
    page.wait_for_selector(f'{DIALOG}[data-rules="to-the-moon"][data-section=""]')
    assert page.evaluate("() => document.activeElement?.classList.contains('rules-close')")
    page.goto(site_url + "?rules=reading#variants")
    page.wait_for_selector(f'{DIALOG}[data-rules="reading"][data-section="variants"]')

    # A game's own page with the embed's rules link (#how-to-play) opens that game's rules.
    page.goto(site_url + "quodlibet.html#how-to-play")
    page.wait_for_selector(f'{DIALOG}[data-rules="quodlibet"][data-section=""]')
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.rules-dialog", state="detached")
    assert page.evaluate("() => document.activeElement?.dataset.rulesFor") == "quodlibet"

    # An unknown page: a clear message, the menu, no dialog.
    page.goto(site_url + "?rules=chess")
    notice = page.locator(".notice").first
    notice.wait_for()
    assert "There are no rules called \u201c\u2068chess\u2069\u201d" in notice.inner_text()
    assert "Nine Virtues, To the Moon" not in notice.inner_text()  # ids, as typed in links
    assert "nine-virtues, quodlibet, to-the-moon, and reading" in notice.inner_text()
    assert page.locator("dialog.rules-dialog").count() == 0
    assert page.locator(".menu").count() == 1


def test_every_picture_is_drawn_and_named_and_every_key_is_shown(page: Page, site_url: str) -> None:
    shown: set[str] = set()
    for doc in PAGES:
        page.goto(f"{site_url}?rules={doc}")
        page.wait_for_selector(f'{DIALOG}[data-rules="{doc}"]')
        figures = page.evaluate(
            """() => [...document.querySelectorAll("dialog .rules-picture")].map((fig) => ({
                 caption: document.getElementById(fig.getAttribute("aria-labelledby"))
                   ?.textContent.trim() || "",
                 svgs: fig.querySelectorAll("svg").length,
                 images: [...fig.querySelectorAll("[role=img]")].map((img) => ({
                   name: (img.getAttribute("aria-label") || "").trim(),
                   drawn: img.querySelector("svg") !== null
                     || img.matches(".pc-slot, .fc-slot"),
                 })),
               }))"""
        )
        if doc != "reading":
            assert len(figures) >= 3, f"{doc}: too few pictures"
        for fig in figures:
            assert fig["caption"], f"{doc}: a picture without a caption"
            assert fig["svgs"] >= 1, f"{doc}: {fig['caption']!r} draws no SVG"
            assert fig["images"], f"{doc}: {fig['caption']!r} has no named card"
            for image in fig["images"]:
                assert image["name"] and image["name"] != "-", f"{doc}: an unnamed card"
                assert image["drawn"], f"{doc}: {image['name']!r} is not drawn"
        # Worked examples: Nine Virtues' call and wrong bid, To the Moon's withdraw and perfect
        # countdown, one per Quodlibet contract (Snack's included).
        examples = page.locator(f"{DIALOG} .rules-example").count()
        assert examples == {"nine-virtues": 1, "to-the-moon": 2, "quodlibet": 12, "reading": 0}[doc]
        shown |= shown_keys(page, "dialog.rules-dialog")
        assert wide_inside(page) == [], doc
        if doc == "reading":
            variant_links_start_games(
                page.eval_on_selector_all(
                    "dialog a.rules-start", "(links) => links.map((a) => a.getAttribute('href'))"
                )
            )
    shown |= shown_keys(page, ".game-card .rules-button")
    # The unknown-page message is shown as a notice (test above); the rest must be on screen.
    missing = catalog_keys() - shown - {"rules.link-unknown"}
    assert sorted(missing) == [], "catalog keys never shown"
    assert sorted(shown - catalog_keys()) == []


@pytest.mark.parametrize("game", GAMES)
def test_rules_open_mid_game_at_the_current_section_and_the_game_goes_on(
    open_game: Callable[..., Page], page: Page, game: str
) -> None:
    links = {
        "nine-virtues": "?game=nine-virtues&players=3&seats=human,bot,bot&seed=11",
        "to-the-moon": "?game=to-the-moon&players=3&seats=human,bot,bot&seed=11",
        # The person deals, so they choose the contract first.
        "quodlibet": "?game=quodlibet&seats=human,bot,bot,bot&seed=11&opt.dealer=0",
    }
    open_game(links[game] + COMMON)
    page.wait_for_selector(MY_MOVE, timeout=60_000)
    saved = only_save(page)
    if game == "quodlibet":
        # QL-5: the dealer chooses; the rules open at "Choosing the contract".
        page.locator('.table [data-control="rules"]').click()
        page.wait_for_selector(f'{DIALOG}[data-rules="quodlibet"][data-section="choosing"]')
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog.rules-dialog", state="detached")
        page.locator('[data-action="choose red-ruffians"]').click()
        page.wait_for_selector('[data-action="choose red-ruffians"]', state="detached")
        # The computers play on behind the dialog; it stays open over the redraws.
        page.locator('.table [data-control="rules"]').click()
        page.wait_for_selector(f'{DIALOG}[data-rules="quodlibet"][data-section="red-ruffians"]')
        assert page.evaluate("() => document.activeElement?.id") == "rules-red-ruffians"
        page.wait_for_selector(MY_MOVE, timeout=60_000)
        assert page.locator(DIALOG).count() == 1
        page.keyboard.press("Escape")
        section = "red-ruffians"
    else:
        section = "turn"
    page.locator('.table [data-control="rules"]').click()
    page.wait_for_selector(f'{DIALOG}[data-rules="{game}"][data-section="{section}"]')
    assert page.evaluate("() => document.activeElement?.id") == f"rules-{section}"
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.rules-dialog", state="detached")
    assert page.evaluate("() => document.activeElement?.dataset.control") == "rules"

    before = only_save(page)
    moves = len(json.loads(before["engine"])["log"])
    control = page.query_selector(MY_MOVE)
    assert control is not None
    control.click()
    page.wait_for_function(
        """([id, n]) => { const raw = Object.entries(localStorage)
             .find(([k]) => k.endsWith(id)); return raw && JSON.parse(JSON.parse(raw[1])
             .engine).log.length > n; }""",
        arg=[before["id"], moves],
        timeout=30_000,
    )
    after = only_save(page)
    assert after["id"] == saved["id"] == before["id"]
    assert json.loads(after["engine"])["log"][:moves] == json.loads(before["engine"])["log"]


def test_korean_rules_have_no_english_and_fit_a_phone(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    for doc in PAGES:
        page.goto(f"{site_url}?lang=ko&rules={doc}")
        page.wait_for_selector(f'{DIALOG}[data-rules="{doc}"]')
        assert page.evaluate("() => document.documentElement.lang") == "ko"
        # The variants' link addresses are code to type (translate="no"), not text to read:
        # they are checked to be just that, then left out of the word check.
        codes: list[str] = page.evaluate(
            """() => [...document.querySelectorAll("dialog code[translate=no]")]
                 .map((c) => { c.hidden = true; return c.textContent; })"""
        )
        for code in codes:
            assert re.fullmatch(r'\??(opt\.[a-z_]+=[{}\[\]",.: a-z]*|[a-z=&._,0-9-]+)', code), code
        assert english_words(page, "dialog.rules-dialog") == [], doc
        page.evaluate(
            "() => document.querySelectorAll('dialog code').forEach((c) => (c.hidden = false))"
        )
        assert overflowing(page) == [], doc
        assert wide_inside(page) == [], doc
    page.locator(f"{DIALOG} .rules-close").click()
    for game in GAMES:
        assert english_words(page, f'.game-card [data-rules-for="{game}"]') == []


@pytest.mark.parametrize("doc", ["quodlibet", "reading"])
def test_axe_finds_nothing_in_the_dialog(page: Page, site_url: str, doc: str) -> None:
    found: list[str] = []
    for width, height in ((360, 740), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{site_url}?rules={doc}")
        page.wait_for_selector(f'{DIALOG}[data-rules="{doc}"]')
        found += [f"{width} px: {line}" for line in violations(page)]
    assert not found, "axe on the rules dialog:\n" + "\n".join(found)
