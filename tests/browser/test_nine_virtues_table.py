"""The Nine Virtues table (web/js/games/nine-virtues/table.js) in a real browser.

A person plays a whole game (3 players, so 3 rounds) against two computer seats by pressing
the table's own controls: a centre card bids it, Kill then a centre card kills it, a hand
card then a centre card swaps them, the 1-10 picker calls the 1. Every control that submits
an action carries it in ``data-action``, so the test reads the legal moves off the page like
a person would. A refused press shows the engine's own reason in the table; each scored
round shows its breakdown; nothing hidden is ever in the page.
"""

from __future__ import annotations

import random
import re

import pytest
from browser_support import engine_game, press
from playwright.sync_api import Page, expect

import engine

pytestmark = pytest.mark.browser

SEED = 5
PLAYERS = 3
GAME = (
    f"?game=nine-virtues&players={PLAYERS}&seats=human,bot,bot&seed={SEED}"
    "&level=normal&speed=instant"
)

# One of: the final screen, a round summary dialog, or the table awaiting the person.
NEXT_STEP = """() => document.documentElement.dataset.gameState === "over"
  || document.querySelector(".overlay .dialog button.primary") !== null
  || document.querySelector(".nv-table [data-action], .nv-table [data-swap-give]") !== null"""


def wait_next_step(page: Page) -> str:
    page.wait_for_function(NEXT_STEP, timeout=30_000)
    if page.evaluate("document.documentElement.dataset.gameState") == "over":
        return "over"
    if page.query_selector(".overlay .dialog button.primary"):
        return "summary"
    return "turn"


def actions_on_page(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        ".nv-table [data-action]", "els => els.map((e) => e.dataset.action)"
    )


def nothing_hidden(page: Page) -> None:
    """Other seats' hands are backs only: no rank anywhere on or in a face-down card."""
    for back in page.query_selector_all(".nv-table .pc-back, .nv-table .pc-fan"):
        assert back.get_attribute("data-rank") is None
        assert back.query_selector("[data-rank]") is None
        assert back.query_selector("text") is None  # an SVG numeral would be a face
        label = back.get_attribute("aria-label") or ""
        # Only a count of cards: "<name>'s hand: 6 cards" (or an unlabelled back in a fan).
        assert label == "" or re.fullmatch(r".+'s hand: \d+ cards?", label), label


def refuse_kill_too_early(page: Page) -> None:
    """Kill before every player has had a turn: refused, with the engine's reason."""
    status = page.locator(".nv-table [data-status=kill]")
    assert status.inner_text().startswith("Kill from turn")
    assert not any(a.startswith("kill") for a in actions_on_page(page))
    game = engine_game(page)
    centre = game.view(0)["centre"]
    with pytest.raises(engine.IllegalActionError) as refused:
        game.apply(f"kill {centre[0]}")
    # aria-disabled (the status line says why), yet pressable: the press says why too.
    page.click(".nv-table [data-control=kill]", force=True)
    message = page.locator(".nv-table .pairs-message[data-kind=error]")
    message.wait_for(timeout=10_000)
    # The engine's own English, less the rules clause it cites (RULES.md's numbering is for
    # developers: a player's text never names a clause).
    assert "(NV-6)" in str(refused.value)
    assert message.inner_text() == str(refused.value).replace(" (NV-6)", "")
    # Still the same turn: nothing was played.
    assert engine_game(page).to_json() == game.to_json()


def swap_then_cancel(page: Page) -> None:
    """Pick a hand card for a swap, see the centre turn into swap targets, then cancel."""
    give = page.query_selector(".nv-table [data-swap-give]:not(.pc-btn-off)")
    assert give is not None
    rank = give.get_attribute("data-swap-give")
    give.click()
    targets = actions_on_page(page)
    assert targets and all(a.startswith(f"swap {rank} ") for a in targets)
    assert "Swap your" in page.locator(".nv-table .pairs-message").inner_text()
    page.click(".nv-table [data-control=cancel]")
    assert all(a.startswith("bid ") for a in actions_on_page(page))


def play_one_turn(page: Page, rng: random.Random, log: list[str]) -> None:
    legal = actions_on_page(page)
    if any(a.startswith("call ") for a in legal):
        choice = rng.choice(legal)
        log.append(choice)
        press(page, page.query_selector(f".nv-table [data-action='{choice}']"))
        return
    roll = rng.random()
    givers = page.query_selector_all(".nv-table [data-swap-give]:not(.pc-btn-off)")
    if givers and roll < 0.25:
        rng.choice(givers).click()  # step one: the hand card
        targets = page.query_selector_all(".nv-table [data-action^='swap ']")
        target = rng.choice(targets)
        log.append(target.get_attribute("data-action") or "")
        press(page, target)
        return
    kill = page.query_selector(".nv-table [data-control=kill]:not(.is-off)")
    if kill and (roll < 0.45 or not legal):
        kill.click()  # step one: arm the kill
        targets = page.query_selector_all(".nv-table [data-action^='kill ']")
        target = rng.choice(targets)
        log.append(target.get_attribute("data-action") or "")
        press(page, target)
        return
    bids = page.query_selector_all(".nv-table [data-action^='bid ']")
    if bids:
        target = rng.choice(bids)
        log.append(target.get_attribute("data-action") or "")
        press(page, target)
        return
    # Nothing to bid (only 1s left, say): swap.
    rng.choice(givers).click()
    target = rng.choice(page.query_selector_all(".nv-table [data-action^='swap ']"))
    log.append(target.get_attribute("data-action") or "")
    press(page, target)


def test_full_game_through_the_table(open_game) -> None:
    page = open_game(GAME)
    rng = random.Random(SEED)
    played: list[str] = []
    summaries = 0
    refused = swapped_and_cancelled = False
    for _ in range(400):
        step = wait_next_step(page)
        if step == "over":
            break
        if step == "summary":
            summary = page.locator(".overlay .dialog .nv-summary")
            assert summary.count() == 1
            summaries += 1
            assert summary.get_attribute("data-round") == str(summaries)
            # The breakdown: hands as revealed, per-rank rows, hand/bid/round lines.
            assert summary.locator(".pairs-summary-hand").count() == PLAYERS
            assert summary.locator("tbody tr[data-rank]").count() >= 1
            sheet = engine_game(page).score_sheet[summaries - 1]
            round_row = summary.locator("tr[data-row=round-scores] td").all_inner_texts()
            assert [int(t.replace("\u2212", "-")) for t in round_row] == sheet["scores"]
            page.click(".overlay .dialog button.primary")
            continue
        nothing_hidden(page)
        assert page.locator(".nv-table").get_attribute("data-phase") in {"play", "call"}
        if not refused:
            refuse_kill_too_early(page)
            refused = True
        elif not swapped_and_cancelled and page.query_selector(
            ".nv-table [data-swap-give]:not(.pc-btn-off)"
        ):
            swap_then_cancel(page)
            swapped_and_cancelled = True
        play_one_turn(page, rng, played)
    else:
        pytest.fail("the game did not end")
    assert refused and swapped_and_cancelled
    # A dialog after each round, the last one too (before the final screen).
    assert summaries == PLAYERS
    game = engine_game(page)
    assert game.is_over
    mine = [entry["action"] for entry in game.log if entry.get("seat") == 0]
    assert mine == played  # every action the person made came from the table's controls
    assert any(a.startswith("swap ") for a in played)
    # The final screen keeps every round's summary.
    assert page.locator(".final .nv-summary").count() == PLAYERS


CALL_SEED = 1  # seat 0 is dealt the 1 in round 1


def test_call_the_one_picker(open_game) -> None:
    """Holding the 1 when the centre empties: a 1-10 picker offers exactly the calls."""
    page = open_game(GAME.replace(f"seed={SEED}", f"seed={CALL_SEED}"))
    assert 1 in engine_game(page).view(0)["hand"]
    rng = random.Random(1)
    for _ in range(100):
        step = wait_next_step(page)
        assert step == "turn", "round 1 ended without a call"
        legal = actions_on_page(page)
        if any(a.startswith("call ") for a in legal):
            picker = page.locator(".nv-table .nv-call [data-action]")
            offered = picker.evaluate_all("els => els.map((e) => e.dataset.action)")
            assert sorted(offered) == sorted(f"call {r}" for r in range(1, 11))
            expect(picker.first).to_have_accessible_name("Call the 1 as a 1")
            press(page, page.query_selector(".nv-table [data-action='call 7']"))
            sheet = engine_game(page).score_sheet
            assert sheet[0]["detail"]["call"] == {"seat": 0, "rank": 7}
            wait_next_step(page)
            note = page.locator(".overlay .dialog .nv-summary .pairs-summary-note").first
            assert note.inner_text() == "You called the 1 as a 7."
            return
        # Keep the 1: bid, else kill, else swap away some other card.
        if legal:
            press(page, page.query_selector(f".nv-table [data-action='{rng.choice(legal)}']"))
            continue
        kill = page.query_selector(".nv-table [data-control=kill]:not(.is-off)")
        if kill:
            kill.click()
            press(page, page.query_selector(".nv-table [data-action^='kill ']"))
            continue
        page.click(".nv-table [data-swap-give]:not([data-swap-give='1']):not(.pc-btn-off)")
        press(page, page.query_selector(".nv-table [data-action^='swap ']"))
    pytest.fail("no call")
