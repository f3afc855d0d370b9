"""Replaying a finished round (web/js/table/replay.js): a seeded To the Moon round opened from the
score sheet and stepped through move by move shows, at every step, exactly the engine's
view for the person's seat (their own hand, the public table) and no other card; the
dialog steps by button and arrow key, plays at a pace, and gives focus back when closed.
Also its words in Korean at 360 px."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from browser_support import SAVE_PREFIX, axe_check, stored_record
from korean_text import english_words, overflowing
from playwright.sync_api import Page

import engine

pytestmark = pytest.mark.browser

SEED = 4242


def round_two_game() -> engine.Game:
    """To the Moon for two, played as the table plays it (the computer at easy with the game's
    seed) to the start of round 2; the person's moves are another seed's normal choices."""
    game = engine.new_game("to-the-moon", 2, SEED, {})
    while game.round < 2:
        game.apply(
            game.bot_action("easy", SEED) if game.to_act == 1 else game.bot_action("normal", 7)
        )
    return game


def record(game: engine.Game, save_id: str, name: str = "Ada") -> dict[str, Any]:
    setup = {
        "game": "to-the-moon",
        "players": 2,
        "seats": ["human", "bot"],
        "levels": [None, "easy"],
        "names": [name, ""],
        "level": "easy",
        "seed": game.seed,
        "speed": "instant",
        "options": {},
    }
    return stored_record(game, save_id, setup)


def open_saved(page: Page, site_url: str, game: engine.Game, lang: str = "en") -> None:
    page.goto(site_url)
    name = "Ada" if lang == "en" else ""  # the default name: 나 (the test's words are Korean)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"{SAVE_PREFIX}r1", json.dumps(record(game, "r1", name))],
    )
    page.goto(f"{site_url}?resume=r1&lang={lang}")
    page.wait_for_selector(".table[data-screen=table]", timeout=90_000)


def views_along(game: engine.Game, seat: int, round_number: int) -> list[dict[str, Any]]:
    """The engine's own views of ``seat`` before each decision of the round (CPython)."""
    moves = [entry["action"] for entry in game.log if "action" in entry]
    fresh = engine.new_game(game.GAME_ID, game.players, game.seed, game.options)
    views = []
    for action in moves:
        if fresh.round > round_number:
            break
        if fresh.round == round_number:
            views.append(fresh.view(seat))
        fresh.apply(action)
    return views


def board_ranks(page: Page, zone: str = "") -> list[int]:
    ranks: list[str] = page.eval_on_selector_all(
        f".replay-board {zone} .pc-face[data-rank]", "els => els.map((e) => e.dataset.rank)"
    )
    return [int(r) for r in ranks]


def open_replay(page: Page) -> None:
    page.click("#score-sheet-toggle")
    page.click(".score-sheet .replay-button[data-round='1']")
    page.wait_for_selector("dialog.replay-dialog[open][data-step='0']")


def test_a_replayed_round_shows_only_the_seats_views_step_by_step(
    page: Page, site_url: str
) -> None:
    game = round_two_game()
    views = views_along(game, 0, 1)
    open_saved(page, site_url, game)
    open_replay(page)
    dialog = page.locator("dialog.replay-dialog")
    assert dialog.get_attribute("data-seat") == "0"
    assert dialog.get_attribute("data-steps") == str(len(views))
    for k, view in enumerate(views):
        page.wait_for_selector(f"dialog.replay-dialog[data-step='{k}']")
        assert page.locator(".replay-counter").inner_text() == f"Move {k} of {len(views)}"
        assert sorted(board_ranks(page, "[data-zone=hand]")) == sorted(view["hand"]), k
        assert sorted(board_ranks(page, "[data-zone=trick]")) == sorted(view["trick"]), k
        # Every card face on the board is one the view shows: the hand, the countdown and
        # the cards out players were seen taking; never the other hand or the deck.
        public = Counter(
            [*view["hand"], *view["trick"], *[r for r in view["shown"] if r is not None]]
        )
        drawn = Counter(board_ranks(page))
        assert not drawn - public, f"step {k}: cards not in the view: {drawn - public}"
        if k:
            assert page.locator(".replay-move").inner_text(), k
        page.keyboard.press("ArrowRight")
    # The last step is the round's scoring (its summary), after the last move.
    page.wait_for_selector(
        f"dialog.replay-dialog[data-step='{len(views)}'] .replay-board .round-summary"
    )
    assert page.locator(".replay-move").inner_text().endswith("The round is scored.")
    assert page.locator("[data-control=replay-forward]").is_disabled()
    # Back by key and button, Home to the start, then Play steps by itself until paused.
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"dialog.replay-dialog[data-step='{len(views) - 1}']")
    page.keyboard.press("Home")
    page.wait_for_selector("dialog.replay-dialog[data-step='0']")
    assert page.locator("[data-control=replay-back]").is_disabled()
    page.click("[data-control=replay-play]")
    page.wait_for_function(
        "() => Number(document.querySelector('dialog.replay-dialog').dataset.step) >= 2",
        timeout=10_000,
    )
    page.click("[data-control=replay-play]")
    paused = dialog.get_attribute("data-step")
    page.wait_for_timeout(1_000)  # nothing to wait for: a step that still came would by now
    assert dialog.get_attribute("data-step") == paused
    assert page.locator("[data-control=replay-play]").get_attribute("aria-pressed") == "false"
    # Escape closes it; focus is back on the button that opened it.
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.replay-dialog", state="detached")
    assert page.evaluate("document.activeElement.matches('.replay-button[data-round=\"1\"]')")


def test_the_final_screen_and_round_dialog_offer_a_replay(page: Page, site_url: str) -> None:
    """At the last move of a game the round dialog and the final screen both offer it."""
    game = round_two_game()
    while not game.is_over:
        if game.to_act == 1:
            game.apply(game.bot_action("easy", SEED))
        else:
            game.apply(game.bot_action("normal", 7))
    open_saved_over(page, site_url, game)
    buttons = page.locator(".final .final-sheet .replay-button")
    assert buttons.count() == len(game.score_sheet)
    buttons.last.click()
    page.wait_for_selector("dialog.replay-dialog[open]")
    assert page.locator("dialog.replay-dialog").get_attribute("data-round") == str(
        len(game.score_sheet)
    )
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    axe_check(page, "a replay from the final screen")
    page.click("[data-control=replay-close]")
    page.wait_for_selector("dialog.replay-dialog", state="detached")


def open_saved_over(page: Page, site_url: str, game: engine.Game) -> None:
    page.goto(site_url)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"{SAVE_PREFIX}r1", json.dumps(record(game, "r1"))],
    )
    page.goto(f"{site_url}?resume=r1&lang=en")
    page.wait_for_selector(".final", timeout=90_000)


def test_the_replay_in_korean_fits_a_phone(
    page: Page, site_url: str, open_game: Callable[..., Page]
) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_saved(page, site_url, round_two_game(), lang="ko")
    open_replay(page)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert english_words(page, "dialog.replay-dialog") == []
    assert overflowing(page) == []
    page.keyboard.press("End")
    assert english_words(page, "dialog.replay-dialog") == []
    assert overflowing(page) == []
