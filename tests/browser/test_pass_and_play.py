"""Pass-and-play: between two different people's turns a "Pass to <name>" screen hides the
table, and no card of a hand the seat on screen may not know is ever in the page (DOM text,
attributes or accessibility tree). The engine in CPython, rebuilt from the page's own save,
says which cards those are."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from browser_support import engine_game, force_generic_renderer
from playwright.sync_api import Page

import engine
from engine.cards import card_name

pytestmark = pytest.mark.browser

CODE = re.compile(r"^[789TJQKA][SHDC]$")


def cards_in(value: Any) -> set[str]:
    """Every card code anywhere in a view (hands, trick, rows, log entries...)."""
    if isinstance(value, str):
        return {word for word in value.split() if CODE.match(word)}
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def forbidden_cards(game: engine.Game, viewer: int | None) -> set[str]:
    """Cards some seat knows that ``viewer`` may not know (``None``: nobody on screen)."""
    known_to_someone = set().union(*(cards_in(game.view(seat)) for seat in range(game.players)))
    return known_to_someone - cards_in(game.view(viewer))


def assert_no_leak(page: Page, game: engine.Game, viewer: int | None) -> int:
    forbidden = forbidden_cards(game, viewer)
    markup = page.evaluate(
        """() => {
          const copy = document.documentElement.cloneNode(true);
          copy.querySelector("#parlour-build")?.remove();
          return copy.outerHTML;
        }"""
    )
    tree = page.locator("body").aria_snapshot()
    for code in forbidden:
        pattern = re.compile(rf"(?<![A-Za-z0-9]){code}(?![A-Za-z0-9])")
        assert not pattern.search(markup), f"{code} is in the page while seat {viewer} is on it"
        assert not pattern.search(tree), f"{code} is in the accessibility tree"
        name = card_name(code).lower()
        assert name not in markup.lower() and name not in tree.lower(), f"{name} leaked"
    return len(forbidden)


def test_pass_and_play_handover_shows_no_hidden_card(
    page: Page, open_game: Callable[..., Page]
) -> None:
    force_generic_renderer(page)
    open_game("?game=quodlibet&seats=human,human,bot,bot&seed=21&speed=instant")
    handovers: list[int] = []
    checked = 0
    for _ in range(60):
        page.wait_for_function(
            """() => document.documentElement.dataset.gameState === "over"
                 || document.querySelector(".pass-screen, .overlay .dialog") !== null
                 || document.querySelector(".table:not([data-awaiting='']) .actions button")""",
            timeout=30_000,
        )
        if page.locator("html").get_attribute("data-game-state") == "over":
            break
        game = engine_game(page)
        if page.locator(".overlay .dialog").count():
            page.locator(".overlay .dialog button.primary").click()
            continue
        pass_screen = page.locator(".pass-screen")
        if pass_screen.count():
            seat = int(pass_screen.get_attribute("data-seat") or "-1")
            assert seat == game.to_act and seat in (0, 1)
            assert page.locator(".table").count() == 0, "the table must be gone"
            assert pass_screen.locator("h1").inner_text() == f"Pass to Player {seat + 1}"
            checked += assert_no_leak(page, game, None)
            handovers.append(seat)
            pass_screen.get_by_role("button", name=f"I am Player {seat + 1}").click()
            page.wait_for_selector(f".table[data-viewer='{seat}']")
            continue
        table = page.locator(".table")
        viewer = int(table.get_attribute("data-viewer") or "-1")
        assert table.get_attribute("data-awaiting") == str(viewer) == str(game.to_act)
        checked += assert_no_leak(page, game, viewer)
        page.locator(".table .actions button").first.click()
        page.wait_for_selector(".table[data-awaiting=''], .pass-screen, .overlay, .final")
        if len(handovers) >= 4:
            break
    assert len(handovers) >= 4, f"too few handovers: {handovers}"
    assert len(set(handovers)) == 2
    assert checked > 20, "the checks never had a hidden card to look for"
