"""The To the Moon table (web/js/games/to-the-moon/table.js) in a real browser.

A person plays a whole game (six rounds, two players) against a computer seat by pressing
the table's own controls: a hand card builds it, Test turns the deck, a countdown card
withdraws taking it (Withdraw alone when the countdown holds one card). Every control that
submits an action carries it in ``data-action``, so the test reads the legal moves off the
page like a person would. A refused press shows the engine's own reason in the table; each
scored round shows its score piles; nothing hidden is ever in the page.
"""

from __future__ import annotations

import random
import re

import pytest
from browser_support import engine_game
from playwright.sync_api import ElementHandle, Page

import engine

pytestmark = pytest.mark.browser

SEED = 7
PLAYERS = 2
ROUNDS = 6
GAME = f"?game=to-the-moon&players={PLAYERS}&seats=human,bot&seed={SEED}&level=normal&speed=instant"

# One of: the final screen, a round summary dialog, or the table awaiting the person.
NEXT_STEP = """() => document.documentElement.dataset.gameState === "over"
  || document.querySelector(".overlay .dialog button.primary") !== null
  || document.querySelector(".tm-table [data-action]") !== null"""


def wait_next_step(page: Page) -> str:
    page.wait_for_function(NEXT_STEP, timeout=30_000)
    if page.evaluate("document.documentElement.dataset.gameState") == "over":
        return "over"
    if page.query_selector(".overlay .dialog button.primary"):
        return "summary"
    return "turn"


def press(page: Page, control: ElementHandle) -> None:
    """Click a control that submits an action; wait until the shell draws the next view."""
    control.click()
    page.wait_for_function("(el) => !el.isConnected", arg=control, timeout=30_000)


def check_table(page: Page) -> None:
    """The countdown shows all ten ranks in order, played or missing, as the engine has it;
    other hands are backs only."""
    game = engine_game(page)
    view = game.view(0)
    slots = page.eval_on_selector_all(
        ".tm-countdown [data-slot]", "els => els.map((e) => Number(e.dataset.slot))"
    )
    assert slots == list(range(10, 0, -1))
    missing = page.eval_on_selector_all(
        ".tm-countdown [data-missing]", "els => els.map((e) => Number(e.dataset.missing))"
    )
    assert sorted(missing) == sorted(r for r in range(1, 11) if r not in view["trick"])
    deck = page.locator(".tm-table [data-zone=deck]").inner_text()
    assert f"Deck {view['deck_size']}" in deck
    for seat, shown in enumerate(view["shown"]):
        if seat == 0:
            continue
        panel = page.locator(f".tm-table .pairs-seat[data-seat='{seat}']")
        assert panel.locator("[data-in]").inner_text() == ("In" if view["in"][seat] else "Out")
        took = panel.locator(f"[data-shown='{seat}'] .pc-face")
        assert took.count() == (0 if shown is None else 1)
        if shown is not None:
            assert took.get_attribute("data-rank") == str(shown)
        fan = panel.locator(".pc-fan")
        assert fan.locator("[data-rank], text").count() == 0
        label = fan.get_attribute("aria-label") or ""
        assert re.fullmatch(r".+'s hand: \d+ cards?", label), label


def refuse_an_illegal_build(page: Page) -> bool:
    """Press a hand card whose rank is already in the countdown: the engine's reason shows."""
    off = page.query_selector(".tm-hand .pc-btn[data-explain^='build ']")
    if off is None:
        return False
    action = off.get_attribute("data-explain") or ""
    assert off.get_attribute("data-action") is None
    game = engine_game(page)
    with pytest.raises(engine.IllegalActionError) as refused:
        game.apply(action)
    off.click(force=True)  # aria-disabled, yet pressable: the press says why
    message = page.locator(".tm-table .pairs-message[data-kind=error]")
    message.wait_for(timeout=10_000)
    assert message.inner_text() == str(refused.value)
    assert "already in the countdown" in message.inner_text()
    assert engine_game(page).to_json() == game.to_json()  # nothing was played
    return True


def test_full_game_through_the_table(open_game) -> None:
    page = open_game(GAME)
    rng = random.Random(SEED)
    played: list[str] = []
    summaries = 0
    refused = picked_withdraw = False
    for _ in range(600):
        step = wait_next_step(page)
        if step == "over":
            break
        if step == "summary":
            summary = page.locator(".overlay .dialog .tm-summary")
            assert summary.count() == 1
            summaries += 1
            assert summary.get_attribute("data-round") == str(summaries)
            sheet = engine_game(page).score_sheet[summaries - 1]
            for seat in range(PLAYERS):
                row = summary.locator(f"tbody tr[data-seat='{seat}']")
                assert row.locator("td").last.inner_text() == f"+{sheet['scores'][seat]}"
            page.click(".overlay .dialog button.primary")
            continue
        check_table(page)
        if not refused:
            refused = refuse_an_illegal_build(page)
        legal = page.eval_on_selector_all(
            ".tm-table [data-action]", "els => els.map((e) => e.dataset.action)"
        )
        takes = [a for a in legal if a.startswith("withdraw ")]
        if takes and not picked_withdraw:
            # Withdraw… first asks which card to take, then a countdown card does it.
            page.click(".tm-table [data-control=withdraw]")
            prompt = page.locator(".tm-table .pairs-message").inner_text()
            assert "press the countdown card" in prompt
            choice = rng.choice(takes)
            picked_withdraw = True
        else:
            builds = [a for a in legal if a.startswith("build ")]
            roll = rng.random()
            if builds and roll < 0.6:
                choice = rng.choice(builds)
            elif "test" in legal and roll < 0.85:
                choice = "test"
            else:
                choice = rng.choice(legal)
        played.append(choice)
        press(page, page.query_selector(f".tm-table [data-action='{choice}']"))
    else:
        pytest.fail("the game did not end")
    assert refused and picked_withdraw
    # A dialog after each round; the final screen shows every round.
    assert summaries == ROUNDS  # the last round's too, before the final screen
    assert page.locator(".final .tm-summary").count() == ROUNDS
    game = engine_game(page)
    assert game.is_over
    mine = [entry["action"] for entry in game.log if entry.get("seat") == 0]
    assert mine == played  # every action the person made came from the table's controls
    assert {a.split()[0] for a in played} >= {"build", "test", "withdraw"}
