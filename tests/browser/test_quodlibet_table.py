"""The Quodlibet table (web/js/games/quodlibet/table.js) in a real browser.

A person plays a whole game (12 deals, Snack included) against three computer seats by
pressing the table's own controls: every control that submits an action carries it in
``data-action``, so the test reads the legal moves off the page like a person would. A press
on a card that is not legal is refused with the engine's own reason, shown in the table. Each
scored deal shows its summary, and the score sheet lists every deal with running totals.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from browser_support import SAVE_PREFIX, engine_game, only_save, press, stored_record
from playwright.sync_api import Page

import engine

pytestmark = pytest.mark.browser

SEED = 3
GAME = f"?game=quodlibet&players=4&seats=human,bot,bot,bot&seed={SEED}&level=easy&speed=instant"
CONTRACT_NAMES = {
    "plus",
    "minus",
    "bad-neighbour",
    "red-ruffians",
    "first-three-and-last",
    "no-hearts",
    "queens-and-jacks",
    "bribe",
    "open-trousers",
    "good-hunting",
    "quadrature",
    "snack",
}

# One of: the final screen, a round summary dialog, or the table awaiting the person.
NEXT_STEP = """() => document.documentElement.dataset.gameState === "over"
  || document.querySelector(".overlay .dialog button") !== null
  || document.querySelector(".ql-table [data-action]") !== null"""


def wait_next_step(page: Page) -> str:
    page.wait_for_function(NEXT_STEP, timeout=60_000)
    if page.evaluate("document.documentElement.dataset.gameState") == "over":
        return "over"
    if page.query_selector(".overlay .dialog button"):
        return "summary"
    return "turn"


def no_hidden_cards_in_my_hand(page: Page) -> None:
    """A hand this seat may not see is drawn as backs: no card code, no card name."""
    mine = page.locator(".ql-mine")
    if not page.query_selector(".ql-mine .fc-back"):
        return
    assert page.locator(".ql-mine [data-card]").count() == 0
    labels = " ".join(
        page.eval_on_selector_all(
            ".ql-mine [aria-label], .ql-mine button",
            "els => els.map((e) => e.getAttribute('aria-label') || e.textContent)",
        )
    )
    for rank in ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"):
        assert f"{rank} of" not in labels
    assert mine.count() == 1


def refuse_an_illegal_card(page: Page) -> bool:
    """Click a card that is not legal now; the table shows the engine's reason. True if done."""
    off = page.query_selector(".ql-hand .fc-btn.is-off")
    if off is None:
        return False
    code = off.get_attribute("data-card")
    assert code and off.get_attribute("data-action") is None
    game = engine_game(page)
    with pytest.raises(engine.IllegalActionError) as refused:
        game.apply(f"play {code}")
    before = only_save(page)["engine"]
    off.click(force=True)  # aria-disabled, yet pressable: the press says why
    message = page.locator(".ql-message[data-kind=error]")
    message.wait_for(timeout=10_000)
    assert message.inner_text().strip().endswith(refused.value.message.strip())
    # Nothing was played: the same legal cards are still offered.
    assert page.query_selector(".ql-table [data-action]") is not None
    assert only_save(page)["engine"] == before
    return True


CATALOGS = Path(__file__).resolve().parents[2] / "web" / "i18n"
SHOWN_WHOLE = """(els) => els.filter((e) => e.getClientRects().length === 0
  || e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1
  || getComputedStyle(e).display === "none").map((e) => e.textContent)"""


def contract_words(lang: str) -> dict[str, str]:
    words: dict[str, str] = json.loads(
        (CATALOGS / lang / "quodlibet-contracts.json").read_text(encoding="utf-8")
    )
    return words


def check_the_choice(page: Page, lang: str) -> None:
    """Each contract button says what it scores and whether you want tricks, whole (issue 26:
    "Minus — +10 a trick: avoid tricks"), with "the lowest total wins" above them."""
    words = contract_words(lang)
    ids = page.locator(".ql-choice").evaluate_all(
        "(els) => els.map((e) => e.dataset.action.slice('choose '.length))"
    )
    briefs = page.locator(".ql-choice .ql-choice-brief")
    assert briefs.all_inner_texts() == [words[f"{i}-brief"] for i in ids]
    assert briefs.evaluate_all(SHOWN_WHOLE) == []
    goal = page.locator(".ql-choose [data-choose-goal]")
    lowest = {"en": "The lowest total wins", "ko": "총점이 가장 낮은 사람이 이깁니다"}[lang]
    assert lowest in goal.inner_text()
    assert goal.evaluate(SHOWN_WHOLE.replace("(els) => els", "(e) => [e]")) == []
    rules = page.locator(".ql-choice-cell [data-control=contract-rule]")
    assert rules.evaluate_all("(els) => els.map((e) => e.dataset.contract)") == ids


def test_a_whole_game_through_the_quodlibet_table(open_game: Callable[..., Page]) -> None:
    page = open_game(GAME)
    rng = random.Random(SEED)
    summaries: list[int] = []
    refused = False
    contracts_seen: set[str] = set()
    phases_seen: set[str] = set()
    for _ in range(2000):
        step = wait_next_step(page)
        if step == "over":
            break
        if step == "summary":
            dialog = page.locator(".overlay .dialog")
            summary = dialog.locator(".ql-summary")
            assert summary.count() == 1, "the round summary is the Quodlibet one"
            summaries.append(int(summary.get_attribute("data-round") or 0))
            assert summary.get_attribute("data-contract") in CONTRACT_NAMES
            assert summary.locator("td[data-points]").count() == 4
            press(page, dialog.locator("button").last.element_handle(), replaced_ok=True)
            continue
        table = page.locator(".ql-table")
        phase = table.get_attribute("data-phase") or ""
        contract = table.get_attribute("data-contract") or ""
        phases_seen.add(phase)
        if contract:
            contracts_seen.add(contract)
        no_hidden_cards_in_my_hand(page)
        if not refused and phase == "play":
            refused = refuse_an_illegal_card(page)
        controls = page.query_selector_all(".ql-table [data-action]")
        actions = [c.get_attribute("data-action") for c in controls]
        if phase == "choose":
            assert all(a and a.startswith("choose ") for a in actions)
            assert page.locator(".ql-choose .ql-choice").count() == len(actions)
            check_the_choice(page, "en")
        press(page, rng.choice(controls), replaced_ok=True)
    else:
        pytest.fail("the game did not end")

    assert refused, "no illegal card was ever on offer to click"
    assert summaries == list(range(1, 13)), "a summary after each deal, the last one too"
    assert contracts_seen == CONTRACT_NAMES
    assert {"choose", "play", "snack"} <= phases_seen

    # The end: the shell's final screen lists each deal's Quodlibet summary.
    game = engine_game(page)
    assert game.is_over and game.round == 12
    final = page.locator(".final")
    assert final.locator(".ql-summary").count() == 12
    assert sorted(
        final.locator(".ql-summary").evaluate_all("els => els.map((e) => e.dataset.contract)")
    ) == sorted(CONTRACT_NAMES)


def test_the_score_sheet_has_every_deal_with_running_totals(open_game: Callable[..., Page]) -> None:
    page = open_game(GAME)
    rng = random.Random(SEED + 1)
    # Play into the second deal, so one deal is on the sheet.
    while True:
        step = wait_next_step(page)
        if step == "summary":
            press(
                page,
                page.locator(".overlay .dialog button").last.element_handle(),
                replaced_ok=True,
            )
            break
        controls = page.query_selector_all(".ql-table [data-action]")
        press(page, rng.choice(controls), replaced_ok=True)
    wait_next_step(page)
    sheet = page.locator(".ql-sheet")
    sheet.locator("summary").click()
    rows = sheet.locator("tbody tr")
    assert rows.count() == 12
    game = engine_game(page)
    first = game.view(None)["score_sheet"][0]
    cells = rows.nth(0).locator("td[data-seat]")
    assert cells.count() == 4
    for seat, points in enumerate(first["scores"]):
        text = cells.nth(seat).inner_text().replace("\u2212", "-")
        assert text.split()[0].lstrip("+") == str(points)
        assert f"= {points}" in text.replace("\u2212", "-")
    totals = sheet.locator("tfoot td[data-total]").all_inner_texts()
    assert [int(t.replace("\u2212", "-")) for t in totals] == game.totals
    # The sheet stays open while play goes on (the table is redrawn after every move).
    press(page, rng.choice(page.query_selector_all(".ql-table [data-action]")), replaced_ok=True)
    assert wait_next_step(page) == "turn"
    assert page.locator(".ql-sheet[open]").count() == 1


@pytest.mark.parametrize("width", [320, 1280])
def test_the_table_fits_and_its_controls_are_big_enough(
    open_game: Callable[..., Page], width: int
) -> None:
    page = open_game(GAME)
    page.set_viewport_size({"width": width, "height": 800})
    rng = random.Random(width)
    checked = 0
    while checked < 4:
        step = wait_next_step(page)
        if step != "turn":
            press(
                page,
                page.locator(".overlay .dialog button").last.element_handle(),
                replaced_ok=True,
            )
            continue
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, f"the page scrolls sideways at {width} px ({scroll} px wide)"
        for control in page.query_selector_all(".ql-table button"):
            box = control.bounding_box()
            assert box is not None
            assert box["width"] >= 44 and box["height"] >= 44, control.get_attribute("aria-label")
            assert control.get_attribute("aria-label") or control.inner_text().strip()
        checked += 1
        press(
            page, rng.choice(page.query_selector_all(".ql-table [data-action]")), replaced_ok=True
        )


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_contract_choice_explains_itself(open_game: Callable[..., Page], lang: str) -> None:
    """At 360x640 the dealer's choice shows each contract's few words and the goal whole, in
    the window; "?" opens the rules at that contract, and closing them comes back to it."""
    page = open_game(f"{GAME}&lang={lang}")  # seed 3: the person deals first
    page.set_viewport_size({"width": 360, "height": 640})
    page.wait_for_selector(".ql-choose .ql-choice")
    check_the_choice(page, lang)
    pieces = page.locator(".ql-choose, .ql-choose [data-choose-goal], .ql-choice-cell")
    inside = pieces.evaluate_all(
        "(els) => els.filter((e) => { const r = e.getBoundingClientRect();"
        " return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth; })"
        ".map((e) => e.className)"
    )
    assert inside == []
    assert page.evaluate("scrollY") == 0
    words = contract_words(lang)
    rule = page.locator(".ql-choice-cell [data-control=contract-rule][data-contract=minus]")
    assert (
        rule.get_attribute("aria-label")
        == {
            "en": "Minus: the full rule",
            "ko": f"{words['minus-name']}: 전체 규칙 보기",
        }[lang]
    )
    rule.click()
    dialog = page.locator("dialog.rules-dialog[open][data-section=minus]")
    dialog.wait_for()
    assert page.evaluate("document.activeElement.id") == "rules-minus"
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    assert page.evaluate("document.activeElement.dataset.contract") == "minus"
    assert page.locator(".ql-table").get_attribute("data-phase") == "choose"  # nothing played


def test_the_contracts_rule_line_is_never_cut(open_game: Callable[..., Page]) -> None:
    """Bribe's rule, the longest: whole at 1280 px; on a phone its few words, whole."""
    page = open_game(GAME.replace(f"seed={SEED}", "seed=3&contracts=bribe"))
    page.wait_for_selector(".ql-contract-name[data-contract=bribe]")
    words = contract_words("en")
    for width, height, shown, text in (
        (1280, 800, ".ql-contract-rule", words["bribe-rule"]),
        (360, 640, ".ql-contract-brief", words["bribe-brief"]),
    ):
        page.set_viewport_size({"width": width, "height": height})
        line = page.locator(f".ql-contract {shown}")
        assert line.inner_text() == text
        assert line.evaluate(SHOWN_WHOLE.replace("(els) => els", "(e) => [e]")) == [], width


def choosing_first_in(deal: int, rng_seed: int) -> engine.Game:
    """Seed 3, random moves from ``rng_seed`` (found to work) up to deal ``deal``, which the
    person (seat 0) deals: a wheel's first choice, all its contracts on offer (wheel 3's
    three: Snack is always the last deal)."""
    rng = random.Random(rng_seed)
    game = engine.new_game("quodlibet", 4, SEED)
    while not (game.round == deal and game.view(game.to_act)["phase"] == "choose"):
        game.apply(rng.choice(game.view(game.to_act)["legal"]))
    assert game.to_act == 0 and len(game.view(0)["legal"]) == (4 if deal == 5 else 3)
    return game


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_wheels_choice_fits_a_small_phone(page: Page, site_url: str, lang: str) -> None:
    """Wheels 2 and 3 have the longest names and words ("First Three and Last", Bribe): at
    360x640 the choices, the goal and the hand are in the window, every word whole."""
    page.set_viewport_size({"width": 360, "height": 640})
    for deal, rng_seed in ((5, 3), (9, 13)):
        game = choosing_first_in(deal, rng_seed)
        setup = {
            "game": "quodlibet",
            "players": 4,
            "seats": ["human", "bot", "bot", "bot"],
            "levels": [None, "easy", "easy", "easy"],
            "names": ["", "", "", ""],
            "level": "easy",
            "seed": SEED,
            "speed": "instant",
            "options": {},
        }
        page.goto(site_url)
        page.evaluate(
            "([key, value]) => localStorage.setItem(key, value)",
            [f"{SAVE_PREFIX}w{deal}", json.dumps(stored_record(game, f"w{deal}", setup))],
        )
        page.goto(f"{site_url}?resume=w{deal}&lang={lang}")
        page.wait_for_selector(".ql-choose .ql-choice", timeout=90_000)
        assert page.locator(".ql-choice").count() == len(game.view(0)["legal"])
        check_the_choice(page, lang)
        outside = page.locator(".ql-choose, .ql-choice-cell, .ql-mine .ql-hand").evaluate_all(
            "(els) => els.filter((e) => { const r = e.getBoundingClientRect();"
            " return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth; })"
            ".map((e) => e.className)"
        )
        assert outside == [], (deal, outside)
