"""Card sounds and "Play my only move for me" (issue 26, part 9; web/js/table/sound.js,
only-move.js, settings.js).

Sounds are observed on their real path: every sound sound.js schedules on its AudioContext
fires ``parlour:sound`` on ``document`` and sets ``<html data-last-sound>`` (nothing of Web
Audio is mocked; headless Chromium runs the context muted). Playwright's ``page.evaluate``
counts as a user gesture, so the test that no sound plays before a gesture watches the page
through an init script and its console only until it presses a key.

The forced move: Quodlibet, seed 11, one Minus deal: the person's first decision is to follow
spades holding one spade (the engine's ``legal`` is ``["play 7S"]``; checked below from the
engine in Python, as the browser's computers play it).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable

import pytest
from browser_support import MY_MOVE, press
from playwright.sync_api import ConsoleMessage, Page
from playwright.sync_api import Error as PlaywrightError

import engine

pytestmark = pytest.mark.browser

SETTINGS = "parlour:v1:settings"
VS = "players=4&seats=human,bot,bot,bot&level=easy"
FORCED = f"?game=quodlibet&{VS}&seed=11&contracts=minus"
FORCED_MOVE = "play 7S"
TWO_DEALS = f"?game=quodlibet&{VS}&seed=11&contracts=minus,plus&speed=instant"
AWAITING = ".table[data-awaiting='0']"
PLAYED = """() => [...document.querySelectorAll(".log li")]
  .some((li) => li.textContent.includes("You played the 7♠"))"""
SOUND = ".table-options [data-control=sound]"

# Every sound scheduled, in order, in window.__sounds (and on the console for the gesture test).
LISTEN = """
window.__sounds = [];
document.addEventListener("parlour:sound", (event) => {
  window.__sounds.push(event.detail.name);
  console.log(`parlour-test sound ${event.detail.name}`);
});
new MutationObserver(() => {
  const mine = document.querySelector(".table[data-awaiting='0'] .table-body [data-action]");
  if (mine && !window.__told) {
    window.__told = true;
    console.log(`parlour-test awaiting ${navigator.userActivation.hasBeenActive}`);
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


def sounds(page: Page) -> list[str]:
    return list(page.evaluate("window.__sounds"))


def settings(page: Page) -> dict[str, bool]:
    return dict(json.loads(page.evaluate(f"localStorage.getItem('{SETTINGS}') || '{{}}'")))


def test_the_forced_position_is_forced() -> None:
    """The browser's computers play ``bot_action(level, seed)``: the person's first decision."""
    game = engine.new_game("quodlibet", players=4, seed=11, options={"contracts": ["minus"]})
    while game.to_act != 0:
        game.apply(game.bot_action("easy", 11))
    assert game.legal_actions() == [FORCED_MOVE]


def test_the_sound_toggle_is_on_by_default_remembered_and_worded(
    open_game: Callable[..., Page],
) -> None:
    page = open_game(f"{FORCED}&speed=instant")
    page.wait_for_selector(AWAITING)
    button = page.get_by_role("button", name="Sound")
    assert button.get_attribute("aria-pressed") == "true"
    button.focus()
    page.keyboard.press("Enter")  # keyboard reachable
    page.wait_for_selector(f"{SOUND}[aria-pressed=false]")
    assert settings(page) == {"sound": False}
    page.reload()
    page.wait_for_selector(AWAITING)
    assert page.locator(SOUND).get_attribute("aria-pressed") == "false"
    page.goto(page.url.replace("speed=instant", "speed=instant&lang=ko"))
    page.wait_for_selector(AWAITING)
    korean = page.get_by_role("button", name="소리")
    assert korean.get_attribute("aria-pressed") == "false"
    korean.click()
    page.wait_for_selector(f"{SOUND}[aria-pressed=true]")
    assert settings(page) == {"sound": True}


def test_a_broken_store_never_breaks_the_toggle(open_game: Callable[..., Page]) -> None:
    page = open_game("")
    page.evaluate(f"localStorage.setItem('{SETTINGS}', '[[[[not json')")
    open_game(f"{FORCED}&speed=instant")
    page.wait_for_selector(AWAITING)
    assert page.locator(SOUND).get_attribute("aria-pressed") == "true"  # the default
    page.locator(SOUND).click()
    page.wait_for_selector(f"{SOUND}[aria-pressed=false]")


def test_no_sound_before_a_gesture_then_sounds_after_one(page: Page, site_url: str) -> None:
    page.add_init_script(LISTEN)
    told: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.text.startswith("parlour-test "):
            told.append(message.text)

    page.on("console", on_console)
    # Normal pace: a computer plays before the person's turn; nothing here evaluates in the page.
    with page.expect_console_message(
        lambda m: m.text.startswith("parlour-test awaiting"), timeout=120_000
    ):
        page.goto(site_url + FORCED)
    assert told == ["parlour-test awaiting false"], told  # no gesture, no sound
    page.keyboard.press("Tab")  # a gesture
    page.locator(MY_MOVE).first.click()
    page.wait_for_function("() => window.__sounds.includes('play')")


def test_deal_play_and_trick_sounds_are_scheduled(page: Page, site_url: str) -> None:
    page.add_init_script(LISTEN)
    page.goto(site_url + TWO_DEALS)
    page.wait_for_selector(MY_MOVE, state="attached", timeout=120_000)
    page.keyboard.press("Shift")  # a gesture (page.evaluate is one too, in Playwright)
    # Deal 1: the person plays the first legal card until the deal is scored.
    while not page.query_selector(".overlay .dialog button"):
        control = page.query_selector(f"{MY_MOVE}:not([disabled]):not([aria-disabled=true])")
        if control is not None:
            with contextlib.suppress(PlaywrightError):  # drawn again between query and click
                press(page, control, replaced_ok=True)
        page.wait_for_function(
            """() => document.querySelector(".overlay .dialog button")
              || document.querySelector(".table[data-awaiting='0'] .table-body [data-action]")""",
            timeout=60_000,
        )
    # The deal's last trick is gathered as its summary shows: a swish after the last card's
    # snap. It may follow the summary's first frame, so it is waited for, not read at once.
    gathered = "() => window.__sounds.lastIndexOf('trick') > window.__sounds.lastIndexOf('play')"
    with contextlib.suppress(PlaywrightError):
        page.wait_for_function(gathered, timeout=10_000)
    heard = sounds(page)
    assert "play" in heard and "trick" in heard, heard
    last = {
        name: max(i for i, heard_name in enumerate(heard) if heard_name == name)
        for name in ("play", "trick")
    }
    assert last["trick"] > last["play"], heard  # the last trick gathered after its last card
    assert page.locator(".overlay .dialog .round-summary, .overlay .dialog table").count(), (
        "the dialog is the deal's summary"
    )
    count = len(heard)
    page.locator(".overlay .dialog-actions button").click()  # "Next deal"
    page.wait_for_function(f"() => window.__sounds.slice({count}).includes('deal')", timeout=60_000)


def test_the_only_move_is_played_for_the_person_when_asked(open_game: Callable[..., Page]) -> None:
    page = open_game("")
    page.evaluate(f"localStorage.setItem('{SETTINGS}', JSON.stringify({{'only-move': true}}))")
    open_game(FORCED, ready=False)
    # The beat: the move marked and said, then played with no press.
    page.wait_for_selector(f".table .message[data-only-move='{FORCED_MOVE}']", timeout=120_000)
    assert page.locator(".table-body .is-hint").count() >= 1
    said = page.locator("#announce-polite").inner_text()
    assert "Only one move is possible" in said
    page.wait_for_function(PLAYED, timeout=60_000)
    assert page.locator("#only-move").is_checked()


def test_without_the_option_the_only_move_waits_for_a_press(
    open_game: Callable[..., Page],
) -> None:
    page = open_game(f"{FORCED}&speed=instant")
    page.wait_for_selector(MY_MOVE, state="attached", timeout=120_000)
    page.wait_for_timeout(2_500)  # twice the beat: nothing is played
    assert page.locator(AWAITING).count() == 1
    assert page.locator(".table .message[data-only-move]").count() == 0
    box = page.locator("#only-move")
    assert not box.is_checked()
    box.check()  # the option turned on at that very moment plays it
    page.wait_for_function(PLAYED, timeout=60_000)
    assert settings(page) == {"only-move": True}


def test_the_embed_starts_with_sound_off(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}embed.html?game=quodlibet&{VS}&seed=11&contracts=minus&autostart=1")
    page.wait_for_selector(SOUND, timeout=120_000)
    assert page.locator(SOUND).get_attribute("aria-pressed") == "false"
    page.locator(SOUND).click()
    page.wait_for_selector(f"{SOUND}[aria-pressed=true]")
    assert settings(page) == {"embed-sound": True}  # the embed's own choice
    page.reload()
    page.wait_for_selector(f"{SOUND}[aria-pressed=true]", timeout=120_000)
    # The site keeps its own default.
    page.goto(f"{site_url}{FORCED}&speed=instant")
    page.wait_for_selector(f"{SOUND}[aria-pressed=true]", timeout=120_000)
