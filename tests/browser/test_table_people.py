"""A table, not a form (issue 26, parts 2 and 5), in Chromium.

- Every seat reads as a person: the computers have short names of their own, and no seat's
  name (nor what its strip says it just did) is cut, in English and Korean, in all three
  games, at 360, 390 and 1280 px.
- On a phone whose turn it is, who is thinking and what each seat just did are in sight.
- In pass-and-play the hand on screen is named after its player.
- On a laptop (1280x800) the cards are at least 80 px wide and the log is a side panel.
- The focus ring is for the keyboard only; an unavailable control looks it and says why.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from browser_support import SAVE_PREFIX, stored_record
from playwright.sync_api import Page

import engine

pytestmark = pytest.mark.browser

VS = "players=4&seats=human,bot,bot,bot&level=easy&speed=instant"
LINKS = {
    "nine-virtues": f"?game=nine-virtues&{VS}&seed=7",
    "to-the-moon": f"?game=to-the-moon&{VS}&seed=7",
    "quodlibet": f"?game=quodlibet&{VS}&seed=3&contracts=minus",
}
TURN_OF = (
    "(seat) => document.querySelector(`.table[data-awaiting='${seat}'] .table-body [data-action]`)"
)
COMPUTERS = {"en": ["Ada", "Bo", "Cy"], "ko": ["수아", "보라", "다온"]}
LONG = "Maximiliana Rosalind"  # a long name a person gave a computer seat

# Every element on the table that names a seat or says what a seat just did, visible now,
# that is cut: wider than its box, or drawn with an ellipsis over hidden text.
CUT = """() => {
  const names = [".pairs-seat-name", ".ql-seat-name", ".ql-trick-name", ".totals .name",
    ".pairs-seat-last", ".ql-seat-last", ".pairs-chip", ".ql-tag"];
  const cut = [];
  for (const el of document.querySelectorAll(names.map((name) => `.table ${name}`).join(", "))) {
    const box = el.getBoundingClientRect();
    if (!el.checkVisibility() || box.width <= 1 || box.height <= 1) continue;
    const style = getComputedStyle(el);
    const wide = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    const clips = style.overflowX !== "visible" || style.overflowY !== "visible";
    const text = `${el.className}: ${el.textContent}`;
    if (wide && clips) cut.push(text);
    else if (style.textOverflow === "ellipsis" && wide) cut.push(text);
    else if (box.right > innerWidth + 1 || box.left < -1) cut.push(`outside: ${text}`);
  }
  return cut;
}"""


def my_turn(page: Page, seat: int = 0) -> None:
    page.wait_for_function(TURN_OF, arg=seat, timeout=60_000)


def at(page: Page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("game", list(LINKS))
def test_no_seat_name_is_cut(open_game: Callable[..., Page], game: str, lang: str) -> None:
    page = open_game(f"{LINKS[game]}&lang={lang}")
    my_turn(page)
    strips = (
        ".pairs-seats .pairs-seat-name"
        if game != "quodlibet"
        else ".ql-seat:not(.ql-mine) .ql-seat-name"
    )
    assert page.locator(strips).all_inner_texts() == COMPUTERS[lang]
    for width, height in ((360, 640), (390, 844), (1280, 800)):
        at(page, width, height)
        assert page.evaluate(CUT) == [], f"{game} in {lang} at {width}px"
    # A long name a person typed for a seat wraps, whole, on the narrowest phone.
    page = open_game(f"{LINKS[game]}&lang={lang}&names=,{LONG.replace(' ', '%20')},,")
    my_turn(page)
    assert LONG in page.locator(".table-body").inner_text().replace("\n", " ")
    for width, height in ((360, 640), (1280, 800)):
        at(page, width, height)
        assert page.evaluate(CUT) == [], f"{game} in {lang} at {width}px with a long name"


def test_a_computer_never_takes_a_persons_name(open_game: Callable[..., Page]) -> None:
    """Seat 2's own name is Ada; a person called Ada keeps it, and that computer is Bo."""
    page = open_game(f"{LINKS['nine-virtues']}&names=Ada,,,")
    my_turn(page)
    assert page.locator(".totals .name").all_inner_texts() == ["Ada", "Bo", "Cy", "Dot"]


def test_a_save_from_before_keeps_loading(page: Page, open_game: Callable[..., Page]) -> None:
    """A game saved when computers were "Computer 2" and "Computer 3" loads, and its
    computers go by their own names now (the old English defaults are read as defaults)."""
    game = engine.new_game("to-the-moon", 3, seed=3)
    setup = {
        "game": "to-the-moon",
        "players": 3,
        "seats": ["human", "bot", "bot"],
        "names": ["You", "Computer 2", "Computer 3"],
        "level": "easy",
        "seed": game.seed,
        "speed": "instant",
    }
    record = json.dumps(stored_record(game, "gold-names-1", setup))
    key = json.dumps(SAVE_PREFIX + "gold-names-1")
    page.add_init_script(f"localStorage.setItem({key}, {json.dumps(record)})")
    page = open_game("?resume=gold-names-1")
    page.wait_for_selector(".table .totals .name", timeout=60_000)
    assert page.locator(".table .totals .name").all_inner_texts() == ["You", "Ada", "Bo"]


@pytest.mark.parametrize("game", list(LINKS))
def test_a_laptop_table_uses_the_screen(open_game: Callable[..., Page], game: str) -> None:
    page = open_game(LINKS[game])
    at(page, 1280, 800)
    my_turn(page)
    cards = page.evaluate(
        """() => {
          const width = (sel) => [...document.querySelectorAll(sel)]
            .map((el) => el.getBoundingClientRect()).filter((box) => box.width > 0)
            .map((box) => ({ width: box.width, bottom: box.bottom }));
          return {
            hand: width(".table-body [data-zone=hand] .pc, .table-body [data-zone=hand] .fc"),
            play: width([".table-body [data-zone=centre] .pc-face",
              ".table-body .tm-countdown .pc-face",
              ".table-body [data-zone=trick] .fc-face"].join()),
          };
        }"""
    )
    assert len(cards["hand"]) >= 5 and cards["play"], cards
    for where, found in cards.items():
        assert min(card["width"] for card in found) >= 80, (where, found)
        assert max(card["bottom"] for card in found) <= 800, (where, found)
    assert page.evaluate("scrollY") == 0
    # The log is a side panel beside the play area, from the top, not a column below it.
    log = page.locator(".table .log").bounding_box()
    body = page.locator(".table .table-body").bounding_box()
    assert log is not None and body is not None
    assert log["x"] >= body["x"] + body["width"], (log, body)
    side = page.locator(".table .table-extra").bounding_box()
    assert side is not None and side["y"] < 120 and log["y"] < 400, (side, log)
    assert body["width"] >= 860, body


@pytest.mark.parametrize("game", list(LINKS))
def test_a_phone_shows_whose_turn_and_each_seats_last_move(
    open_game: Callable[..., Page], game: str
) -> None:
    page = open_game(LINKS[game].replace("speed=instant", "speed=normal"))
    at(page, 360, 640)
    # A computer's turn: its strip says it is to play and thinking, in the window.
    thinking = page.locator(".table-body [data-thinking]")
    page.wait_for_function(
        "() => document.querySelector('.table-body [data-thinking]')"
        " || document.querySelector(\".table[data-awaiting='0'] .table-body [data-action]\")",
        timeout=60_000,
    )
    if not thinking.count():  # the person plays first
        page.locator(".table-body [data-action]").first.click()
    thinking.first.wait_for(state="visible", timeout=60_000)
    box = thinking.first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 640
    strip = page.locator(".table-body .is-to-act").first
    assert strip.locator("[data-thinking]").count() == 1
    my_turn(page)
    # The person's turn: the prompt says so, and each computer's strip says what it just did.
    prompt = page.locator(".table-body .pairs-message, .table-body .ql-message").first
    assert prompt.is_visible() and prompt.inner_text().strip()
    lasts = page.locator(".table-body [data-seat-last]")
    assert lasts.count() == 3
    for index in range(3):
        last = lasts.nth(index)
        assert last.is_visible() and last.inner_text().strip()
        box = last.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 640
    assert page.evaluate(CUT) == []


@pytest.mark.parametrize("game", ["nine-virtues", "quodlibet"])
def test_pass_and_play_names_the_hand(open_game: Callable[..., Page], game: str) -> None:
    link = LINKS[game].replace("seats=human,bot,bot,bot", "seats=human,human,bot,bot")
    page = open_game(f"{link}&names=Mina,Jun,,")
    at(page, 360, 640)
    seen: set[str] = set()
    while len(seen) < 2:
        screen = page.locator(".pass-screen")
        screen.wait_for(timeout=60_000)
        seat = int(screen.get_attribute("data-seat") or "-1")
        name = ["Mina", "Jun"][seat]
        seen.add(name)
        page.get_by_role("button", name=f"I am {name}: show my cards").click()
        my_turn(page, seat)
        hand = page.locator(".table-body .nv-hand, .table-body .ql-mine").first
        assert f"{name}’s hand" in (hand.get_attribute("aria-label") or "")
        if game == "nine-virtues":
            heading = hand.locator(".pairs-seat-name").first
            assert heading.inner_text() == f"{name}’s hand" and heading.is_visible()
        else:
            assert hand.locator(".ql-seat-name").inner_text() == name
        assert "Your hand" not in page.locator(".table-body").inner_text()
        control = page.locator(".table-body [data-action]").first
        pressed = control.element_handle()
        control.click()
        page.wait_for_function("(el) => !el.isConnected", arg=pressed, timeout=60_000)


RING = """() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  return { inTable: Boolean(el.closest(".table")), outline: style.outlineStyle !== "none"
    && parseFloat(style.outlineWidth) > 0, shadow: style.boxShadow !== "none" };
}"""


def test_the_focus_ring_is_for_the_keyboard(open_game: Callable[..., Page]) -> None:
    page = open_game(LINKS["nine-virtues"])
    my_turn(page)
    # A game opens with focus on the hand, and no ring.
    start = page.evaluate(RING)
    assert start["inTable"] and not start["outline"] and not start["shadow"], start
    # A tap on a hand card starts a swap and focus moves to the centre: no ring.
    page.locator(".table-body [data-zone=hand] .pc-btn:not(.pc-btn-off)").first.click()
    page.wait_for_function("() => document.activeElement.closest('[data-zone=centre]') !== null")
    tapped = page.evaluate(RING)
    assert tapped["inTable"] and not tapped["outline"] and not tapped["shadow"], tapped
    # The keyboard: the ring shows.
    page.keyboard.press("ArrowRight")
    keyed = page.evaluate(RING)
    assert keyed["inTable"] and keyed["outline"], keyed
    page.keyboard.press("Tab")
    tabbed = page.evaluate(RING)
    assert tabbed["outline"], tabbed


def test_an_unavailable_control_looks_it_and_says_why(open_game: Callable[..., Page]) -> None:
    """Nine Virtues' Kill before everyone has had a turn (the person's first turn is one of
    the round's first four): grey, not the red of a warning nor dashed, aria-disabled with
    its reason, and pressed it says why."""
    page = open_game(LINKS["nine-virtues"])
    my_turn(page)
    kill = page.locator(".table-body [data-control=kill]")
    assert kill.get_attribute("aria-disabled") == "true"
    reason = page.locator("#" + (kill.get_attribute("aria-describedby") or "none"))
    assert reason.inner_text().strip()
    look = kill.evaluate(
        """(el) => {
          const s = getComputedStyle(el);
          const probe = document.createElement("b");
          probe.style.color = "var(--error)";
          document.body.append(probe);
          const red = getComputedStyle(probe).color;
          probe.remove();
          return { border: s.borderTopStyle, borderColor: s.borderTopColor, color: s.color, red,
            cursor: s.cursor };
        }"""
    )
    assert look["border"] == "solid" and look["cursor"] == "not-allowed", look
    assert look["red"] not in (look["color"], look["borderColor"]), look
    kill.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    error = page.locator(".table-body .pairs-message[data-kind=error]")
    error.wait_for(timeout=10_000)
    assert error.inner_text().strip()
