"""Playing through the page: a full game against computer seats by clicking legal-action
buttons (the generic renderer's), refused actions, and moves out of turn."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from browser_support import engine_game, force_generic_renderer, only_save
from playwright.sync_api import Page

import engine

pytestmark = pytest.mark.browser

AWAITING_ME = ".table[data-awaiting='0']"


def wait_for_my_turn_or_the_end(page: Page) -> bool:
    """True when the person at seat 0 is to move, False when the game is over. Round
    summaries are read and closed on the way."""
    while True:
        page.wait_for_function(
            """() => document.documentElement.dataset.gameState === "over"
                 || document.querySelector(".overlay .dialog") !== null
                 || document.querySelector(".table[data-awaiting='0'] .actions button")""",
            timeout=30_000,
        )
        dialog = page.locator(".overlay .dialog")
        if not dialog.count():
            return page.locator("html").get_attribute("data-game-state") != "over"
        assert dialog.locator(".round-summary").inner_text()
        dialog.locator("button.primary").click()


def test_a_full_game_against_the_computer_through_the_ui(
    page: Page, open_game: Callable[..., Page]
) -> None:
    force_generic_renderer(page)
    open_game("?game=nine-virtues&players=3&seats=human,bot,bot&seed=11&speed=instant")
    moves = 0
    while wait_for_my_turn_or_the_end(page):
        before = only_save(page)["engine"]
        buttons = page.locator(f"{AWAITING_ME} .actions button")
        legal = engine_game(page).legal_actions()
        assert sorted(buttons.all_inner_texts()) == sorted(legal)
        buttons.first.click()
        page.wait_for_function(
            "(before) => Object.keys(localStorage).some((k) => k.startsWith('parlour:v1:save:')"
            " && JSON.parse(localStorage.getItem(k)).engine !== before)",
            arg=before,
        )
        moves += 1
        assert moves < 200
    assert moves > 3
    game = engine_game(page)
    assert game.is_over
    shown = page.locator(".final-totals li").all_inner_texts()
    totals = {" ".join(t.split()[:-1]): int(t.split()[-1].replace("\u2212", "-")) for t in shown}
    names = ["You", "Ada", "Bo"]
    assert totals == dict(zip(names, game.totals, strict=True))
    headline = page.locator(".final .headline").inner_text()
    assert ("You win" in headline) == (game.winners == [0])
    # Play again: the same seats with a new deal.
    page.locator(".final button.play-again").click()
    page.wait_for_selector("html[data-game-state=playing]")


def first_illegal(game: engine.Game, candidates: list[str]) -> tuple[str, str]:
    """A well-formed action that is not legal now, with the engine's reason."""
    for text in candidates:
        try:
            game.check(text)
        except engine.IllegalActionError as exc:
            if exc.code == "illegal":
                return text, exc.message
    raise AssertionError("no illegal candidate")


def test_an_illegal_action_is_refused_with_the_engines_reason(
    page: Page, open_game: Callable[..., Page]
) -> None:
    force_generic_renderer(page)
    open_game("?game=to-the-moon&players=2&seats=human,bot&seed=3&speed=instant")
    assert wait_for_my_turn_or_the_end(page)
    game = engine_game(page)
    before = only_save(page)["engine"]
    candidates = [f"build {r}" for r in range(1, 11)] + [f"withdraw {r}" for r in range(1, 11)]
    action, reason = first_illegal(game, candidates)

    page.fill("#generic-action", action)
    page.locator(".notation button").click()
    message = page.locator(".table .message")
    message.wait_for(state="visible")
    assert message.inner_text() == reason
    # Said at once to a screen reader by the page's assertive region (announce.js).
    assert page.inner_text("#announce-assertive") == reason
    assert only_save(page)["engine"] == before  # nothing happened

    page.fill("#generic-action", "dance a jig")
    page.locator(".notation button").click()
    page.wait_for_function(
        "(old) => document.querySelector('.table .message').textContent !== old", arg=reason
    )
    assert "dance" in message.inner_text().lower() or "not" in message.inner_text().lower()
    assert only_save(page)["engine"] == before

    # A legal move clears the message.
    page.locator(f"{AWAITING_ME} .actions button").first.click()
    page.wait_for_function("() => document.querySelector('.table .message')?.hidden !== false")


def my_moves(game: engine.Game) -> int:
    return sum(1 for entry in game.log if entry.get("seat") == 0 and "action" in entry)


def test_a_person_cannot_move_out_of_turn(page: Page, open_game: Callable[..., Page]) -> None:
    force_generic_renderer(page)
    open_game("?game=to-the-moon&players=2&seats=human,bot&seed=3")  # normal pace
    for _ in range(10):
        assert wait_for_my_turn_or_the_end(page)
        page.locator(f"{AWAITING_ME} .actions button").first.click()
        thinking = page.locator(".table .thinking:not([hidden])")
        try:
            thinking.wait_for(timeout=2_000)
        except Exception:
            continue  # still this person's turn (or the round ended): try again
        mine_before = my_moves(engine_game(page))
        page.fill("#generic-action", "test")
        page.locator(".notation button").click()
        message = page.locator(".table .message")
        message.wait_for(state="visible")
        assert re.match(r"It is not your turn", message.inner_text())
        assert my_moves(engine_game(page)) == mine_before
        return
    raise AssertionError("the computer never got a turn")
