"""Every reader's browser: the site in Firefox and in WebKit (Safari's engine), each scenario
written once and run in both (issue 25, part 2; docs/TESTING.md "Browsers").

Each test's pages fail it on a console error, an uncaught error or rejection (a Python
traceback reaches the console as an error), a resource that fails to load, or a request that
leaves 127.0.0.1 (see conftest.py). The window is 390x844 throughout.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from drivers import HEIGHT, WIDTH, Tab, problems, wait
from servers import Front, Magazine, Trap

import engine as rules

pytestmark = pytest.mark.browser

COLD_LOADS = 20
BOOT_S = 90
READY = "() => document.documentElement.dataset.engine === 'ready'"
# The menu has painted: its title has a box and words.
MENU = """() => { const t = document.querySelector("#new-title");
  return Boolean(t && t.getBoundingClientRect().height > 0 && t.textContent.trim()); }"""
OVER = "() => document.documentElement.dataset.gameState === 'over'"
SAVE_PREFIX = "parlour:v1:save:"
MINE = ".table[data-awaiting='0'] .table-body [data-action]"
ACTIONS = f"{MINE}:not([disabled]):not([aria-disabled=true])"
NEXT_STEP = """(mine) => document.documentElement.dataset.gameState === "over"
  ? "over" : document.querySelector(".overlay .dialog button") ? "dialog"
  : document.querySelector(mine) ? "turn" : "" """
SAVES = """(prefix) => Object.fromEntries(Object.keys(localStorage)
  .filter((k) => k.startsWith(prefix))
  .map((k) => [k.slice(prefix.length), localStorage.getItem(k)]))"""
OUTSIDE = (Path(__file__).parents[1] / "data" / "outside_the_window.js").read_text(encoding="utf-8")
"""What the person needs and is outside the window (tests/data/outside_the_window.js)."""
FOCUSED = """() => { const el = document.activeElement;
  const group = el && el.closest("[data-keys]");
  return { group: group ? group.dataset.keys : null,
           action: el && el.dataset ? el.dataset.action || null : null }; }"""
VS = "level=easy&speed=instant"


def link(game: str, seats: list[str], seed: int, extra: str = "") -> str:
    return f"?game={game}&players={len(seats)}&seats={','.join(seats)}&seed={seed}&{VS}{extra}"


def open_ready(tab: Tab, url: str) -> None:
    tab.goto(url)
    wait(tab, READY, timeout=BOOT_S)


def saves(tab: Tab) -> dict[str, dict[str, Any]]:
    raw: dict[str, str] = tab.js(SAVES, SAVE_PREFIX)
    return {key: json.loads(value) for key, value in raw.items()}


def current_save(tab: Tab) -> dict[str, Any]:
    """The save of the game on screen (its id is in the page's address)."""
    url = tab.js("() => location.href")
    ids = parse_qs(urlsplit(url).query).get("resume")
    assert ids, f"no game in the address {url}"
    wait(tab, "(key) => localStorage.getItem(key) !== null", SAVE_PREFIX + ids[0], timeout=30)
    return saves(tab)[ids[0]]


def next_step(tab: Tab) -> str:
    step: str = wait(tab, NEXT_STEP, MINE, timeout=60)
    return step


def moved(tab: Tab, before: str) -> None:
    """Wait until the game on screen is saved past ``before`` (the engine took the move)."""
    wait(
        tab,
        """([prefix, before]) => Object.keys(localStorage).some((k) => k.startsWith(prefix)
             && JSON.parse(localStorage.getItem(k)).engine !== before)""",
        [SAVE_PREFIX, before],
        timeout=30,
    )


def point_and_play(tab: Tab) -> str:
    """The person's move with the pointer: the first legal control, pressed by its action."""
    before = current_save(tab)["engine"]
    action: str = tab.js("(sel) => document.querySelector(sel).dataset.action", ACTIONS)
    assert action in rules.load_game(before).legal_actions()
    tab.click(f'{ACTIONS}[data-action="{action}"]')
    moved(tab, before)
    return action


def key_and_play(tab: Tab) -> None:
    """The person's move with keys only: arrows through the focused group to a control with
    an action, else Tab to the next group; then Enter (as tests/browser/test_keyboard.py)."""
    before = current_save(tab)["engine"]
    for _ in range(60):
        here = tab.js(FOCUSED)
        if here["action"]:
            tab.press("Enter")
            moved(tab, before)
            return
        if here["group"]:
            for _ in range(12):
                tab.press("ArrowRight")
                if tab.js(FOCUSED)["action"]:
                    break
            else:
                tab.press("Tab")
        else:
            tab.press("Tab")
    raise AssertionError("no legal control reached by keyboard")


# --- 20 cold loads ------------------------------------------------------------------------------


def test_cold_loads_in_fresh_profiles_all_reach_ready_without_errors(
    engine: Any, front: Front, trap: Trap
) -> None:
    """Each load in a profile of its own (nothing cached: each fetches the runtime again) gets
    the menu painted and the engine ready, with nothing reported (issue 25: WebKit once showed a
    blank page on about one cold load in four)."""
    before = len(trap.seen)
    wasm_before = sum("pyodide.asm.wasm" in path for path in front.served)
    seconds: list[float] = []
    found: list[str] = []
    for load in range(COLD_LOADS):
        cold = engine.open()
        try:
            start = time.monotonic()
            cold.goto(front.url)
            try:
                wait(cold, READY, timeout=BOOT_S)
            except AssertionError:
                shown = cold.js("() => document.body.innerText.slice(0, 300)")
                found.append(f"load {load + 1}: never ready; the page shows {shown!r}")
                continue
            seconds.append(time.monotonic() - start)
            if not cold.js(MENU):
                found.append(f"load {load + 1}: ready, but no menu on screen")
            found += [f"load {load + 1}: {problem}" for problem in problems(cold)]
        finally:
            cold.close()
    found += [f"request to another host: {seen}" for seen in trap.seen[before:]]
    if seconds:
        print(
            f"\n{engine.name} {engine.version}: {len(seconds)} cold loads ready in"
            f" {statistics.median(seconds):.2f} s median, {min(seconds):.2f}-{max(seconds):.2f} s"
        )
    assert not found, "\n".join(found)
    wasm = sum("pyodide.asm.wasm" in path for path in front.served) - wasm_before
    assert wasm == COLD_LOADS, f"each load cold: the runtime was fetched {wasm} times"


# --- games ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_an_all_computer_link_plays_to_the_end(tab: Tab, front: Front, game_id: str) -> None:
    players = rules.GAMES[game_id]["default_players"]
    seed = 42
    open_ready(tab, front.url + link(game_id, ["bot"] * players, seed))
    wait(tab, OVER, timeout=180)
    twin = rules.new_game(game_id, players, seed=seed)
    while not twin.is_over:
        twin.apply(twin.bot_action("easy", seed))
    assert current_save(tab)["engine"] == twin.to_json(), "the same game as CPython's engine"
    assert tab.js("() => document.querySelectorAll('.final-totals li').length") == players


def test_a_person_moves_by_pointer_and_by_keyboard_and_a_reload_resumes(
    tab: Tab, front: Front
) -> None:
    open_ready(tab, front.url + link("to-the-moon", ["human", "bot"], 9))
    assert next_step(tab) == "turn"
    point_and_play(tab)
    assert next_step(tab) == "turn"
    key_and_play(tab)

    # Reload: the address resumes the saved game, exactly where it was, and it plays on.
    assert next_step(tab) == "turn"
    saved = current_save(tab)
    tab.reload()
    wait(tab, READY, timeout=BOOT_S)
    assert next_step(tab) == "turn"
    assert current_save(tab)["engine"] == saved["engine"]
    assert current_save(tab)["id"] == saved["id"]
    point_and_play(tab)


def test_an_offline_reload_plays(tab: Tab, front: Front) -> None:
    """The service worker, installed by the first visit, serves everything once the server is
    gone (``front.offline``: every connection to it is dropped)."""
    open_ready(tab, front.url + link("to-the-moon", ["human", "bot"], 5))
    wait(tab, "() => navigator.serviceWorker.controller !== null", timeout=BOOT_S)
    assert next_step(tab) == "turn"
    point_and_play(tab)
    saved = current_save(tab)

    front.offline = True
    refused = len(front.refused)
    tab.reload()
    wait(tab, READY, timeout=BOOT_S)
    assert tab.js("() => navigator.serviceWorker.controller !== null")
    assert next_step(tab) == "turn"
    assert current_save(tab)["engine"] == saved["engine"]
    point_and_play(tab)
    # Only the browser's own check for a new service worker may knock on the door.
    needed = [path for path in front.refused[refused:] if urlsplit(path).path != "/sw.js"]
    assert needed == [], "offline, nothing may need the server"


def test_the_korean_menu(tab: Tab, front: Front) -> None:
    open_ready(tab, front.url + "?lang=ko")
    assert tab.js(MENU)
    assert tab.js("() => document.documentElement.lang") == "ko"
    assert tab.js("() => document.querySelector('#new-title').textContent.trim()") == "게임 설정"
    assert "카드 게임" in tab.js("() => document.title")


# --- the embed -----------------------------------------------------------------------------------

DEMO = "game=to-the-moon&players=2&seats=bot,bot&seed=7&level=easy&speed=instant"
HEIGHTS = """() => window.got.map((m) => typeof m.data === "string"
  ? (m.data.startsWith("pymxPYMx") ? ["pym", Number(m.data.split("xPYMx")[3]), m.origin] : null)
  : (m.data && m.data.sentinel === "amp" ? ["amp", Number(m.data.height), m.origin] : null))
  .filter(Boolean)"""
GIVEN_HEIGHT = 400
PLAY_MIN_HEIGHT = 480  # web/js/embed.js: a table needs this much, whatever a frame was given
FRAME_HEIGHT = "() => Math.ceil(document.documentElement.getBoundingClientRect().height)"


def reported(tab: Tab, kind: str) -> list[int]:
    return [height for what, height, _ in tab.js(HEIGHTS) if what == kind]


def test_the_cross_origin_embed_boots_and_reports_its_height(
    tab: Tab, front: Front, magazine: Magazine
) -> None:
    """A magazine's page (http://localhost:…) frames the game (http://127.0.0.1:…)."""
    src = f"{front.url}embed.html?{DEMO}&childId=puzzle"
    host = magazine.page(
        "demo.html",
        f'<iframe src="{src}" title="A card game" width="100%" height="{GIVEN_HEIGHT}"'
        ' style="border:0" allow="fullscreen" sandbox="allow-scripts allow-same-origin allow-popups'
        ' allow-popups-to-escape-sandbox"></iframe>',
    )
    tab.frames = (None, "embed.html")  # type: ignore[attr-defined]
    tab.goto(host)
    wait(tab, "() => document.querySelector('iframe') !== null")
    frame = "embed.html"
    wait(tab, "() => document.documentElement.dataset.embed === 'cover'", frame=frame)
    wait(tab, "() => window.got.length >= 2")
    assert {origin for _, _, origin in tab.js(HEIGHTS)} == {front.url.rstrip("/")}
    cover = tab.js(FRAME_HEIGHT, frame=frame)
    wait(
        tab,
        f"() => ({HEIGHTS})().filter((m) => m[1] === {cover}).length >= 2",
    )

    tab.click("button.play", frame=frame)
    wait(tab, READY, timeout=BOOT_S, frame=frame)
    wait(
        tab, "() => document.documentElement.dataset.gameState === 'over'", timeout=180, frame=frame
    )
    # From Play to the end the frame keeps the height it was given, and at least
    # PLAY_MIN_HEIGHT (web/js/embed.js): the host hears it in both formats.
    final = max(GIVEN_HEIGHT, PLAY_MIN_HEIGHT)
    wait(
        tab,
        """(h) => { const got = window.got.map((m) => m.data);
           return got.some((d) => d && d.sentinel === "amp" && d.height === h)
             && got.some((d) => typeof d === "string" && d.endsWith("xPYMx" + h)); }""",
        final,
        timeout=10,
    )
    assert reported(tab, "amp") and reported(tab, "pym")


# --- 390x844 ------------------------------------------------------------------------------------

FITS = {
    "nine-virtues": link("nine-virtues", ["human", "bot", "bot", "bot"], 11),
    "to-the-moon": link("to-the-moon", ["human", "bot", "bot", "bot"], 11),
    # The person deals first: the choice of contract, then the deal.
    "quodlibet": link("quodlibet", ["human", "bot", "bot", "bot"], 11, "&opt.dealer=0"),
}


@pytest.mark.parametrize("name", list(FITS))
def test_at_390x844_the_prompt_controls_and_hand_are_in_the_window(
    tab: Tab, front: Front, name: str
) -> None:
    open_ready(tab, front.url + FITS[name])
    assert tab.js("() => [innerWidth, innerHeight]") == [WIDTH, HEIGHT]
    decisions = 0
    while decisions < 6:
        step = next_step(tab)
        if step == "over":
            break
        if step == "dialog":
            tab.click(".overlay .dialog .dialog-actions button")
            continue
        decisions += 1
        outside = tab.js(OUTSIDE)
        assert not outside, f"{name}, decision {decisions}: " + "; ".join(outside)
        action = tab.js("(sel) => document.querySelector(sel).dataset.action", ACTIONS)
        tab.js("(sel) => { window.__pressed = document.querySelector(sel); }", ACTIONS)
        tab.click(f'{ACTIONS}[data-action="{action}"]')
        wait(tab, "() => !window.__pressed.isConnected", timeout=60)
    assert decisions >= 3, f"only {decisions} decisions were checked"
