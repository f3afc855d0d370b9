"""The last trick stays readable (issue 9, part 2), at speed=instant ("No pause").

Each table offers a "Last trick" control (Quodlibet's last trick, To the Moon's last won
countdown, Nine Virtues' last turn of every seat) whose panel is drawn from the view and public
log of the seat on screen only, stays open across the computers' moves until the person
closes it, and always shows the newest one. In Open Trousers the table says which card you
just played blind, once it has been played face up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from browser_support import engine_game
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

VS_COMPUTERS = "players=4&seats=human,bot,bot,bot&level=easy&speed=instant&seed=5"
AWAITING = """() => document.querySelector(
  ".table[data-awaiting='0'] [data-action]") !== null"""
PANEL = ".last-trick-panel"


def my_turn(page: Page) -> None:
    page.wait_for_function(AWAITING, timeout=60_000)


def first_move(page: Page, prefer: str = "") -> None:
    """Press the first legal control (of ``prefer`` if there is one: the panel covers the top
    of the table, so a test that keeps it open plays from the hand) and wait for the next turn."""
    preferred = page.locator(prefer) if prefer else None
    choice = (
        preferred
        if preferred is not None and preferred.count()
        else page.locator(".table [data-action]")
    )
    control = choice.first.element_handle()
    control.click()
    page.wait_for_function("(el) => !el.isConnected", arg=control, timeout=60_000)
    my_turn(page)


def open_panel(page: Page) -> None:
    button = page.locator("[data-control=last-trick]")
    assert button.get_attribute("aria-expanded") == "false"
    button.click()
    page.wait_for_selector(PANEL)
    assert button.get_attribute("aria-expanded") == "true"


def public_cards(game: Any) -> set[str]:
    """Every card the public log shows (played face up)."""
    return {str(e["card"]) for e in game.view(None)["log"] if e.get("card") is not None}


def test_quodlibet_last_trick_and_the_card_played_blind(open_game: Callable[..., Page]) -> None:
    page = open_game(f"?game=quodlibet&{VS_COMPUTERS}&contracts=open-trousers")
    my_turn(page)
    assert page.locator("[data-control=last-trick]").count() == 0  # no trick finished yet
    for _ in range(2):
        first_move(page, "[data-zone=hand] [data-action]")
        game = engine_game(page)
        view = game.view(0)
        mine = [e for e in view["log"] if e["seat"] == 0 and e["action"].startswith("play")]
        # Open Trousers: you played blind, the table now names that card.
        note = page.locator("[data-blind-play]")
        assert note.get_attribute("data-blind-play") == mine[-1]["card"]
        assert "blind" in note.inner_text()
        if page.locator(PANEL).count() == 0:
            open_panel(page)
        # The panel shows exactly the engine's last trick, in play order; nothing hidden.
        shown = page.locator(f"{PANEL} [data-card]").evaluate_all(
            "els => els.map((e) => e.dataset.card)"
        )
        assert shown == [code for _, code in view["last_trick"]["plays"]]
        assert set(shown) <= public_cards(game)
        winner = page.locator(f"{PANEL} .is-winner").get_attribute("data-seat")
        assert winner == str(view["last_trick"]["winner"])
    # It stayed open over the computers' moves; Close closes it and keeps it closed.
    page.locator("[data-control=last-trick-close]").click()
    assert page.locator(PANEL).count() == 0
    first_move(page)
    assert page.locator(PANEL).count() == 0


def test_to_the_moon_last_countdown(open_game: Callable[..., Page]) -> None:
    page = open_game(f"?game=to-the-moon&{VS_COMPUTERS}")
    my_turn(page)
    for _ in range(30):
        if page.locator("[data-control=last-trick]").count():
            break
        first_move(page)
    open_panel(page)
    for _ in range(3):
        game = engine_game(page)
        wins = [e for e in game.view(0)["log"] if e["action"] == "win"]
        shown = page.locator(f"{PANEL} .pc[data-rank]").evaluate_all(
            "els => els.map((e) => Number(e.dataset.rank))"
        )
        assert shown == wins[-1]["cards"]
        seat = wins[-1]["seat"]
        winner = ["You", "Ada", "Bo", "Cy"][seat]  # the computers' own names (setup.js)
        assert page.locator(f"{PANEL} .tm-last-caption").inner_text().startswith(f"{winner} won")
        first_move(page, "[data-zone=hand] [data-action], [data-control=test][data-action]")
        if page.locator("[data-control=last-trick]").count() == 0:
            break  # a new round: nothing won in it yet
        assert page.locator(PANEL).count() == 1


def test_nine_virtues_last_moves(open_game: Callable[..., Page]) -> None:
    page = open_game(f"?game=nine-virtues&{VS_COMPUTERS}")
    my_turn(page)
    first_move(page)
    open_panel(page)
    for turn in range(2):
        log = engine_game(page).view(0)["log"]
        moves = [e for e in log if e.get("seat") is not None]
        # The last turn of every seat, yours first: what changed at the centre since.
        rows = page.locator(f"{PANEL} .nv-last-move")
        assert rows.count() == 4
        for i, entry in enumerate(moves[-4:]):
            assert rows.nth(i).get_attribute("data-seat") == str(entry["seat"])
            assert rows.nth(i).get_attribute("data-verb") == entry["action"].split()[0]
        assert rows.nth(0).get_attribute("data-seat") == "0"
        if turn == 0:
            page.locator("[data-control=last-trick-close]").click()
            first_move(page)
            open_panel(page)
