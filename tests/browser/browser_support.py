"""Helpers for the browser tests (Playwright pages of the built site): what more than one
test file needs (the page's signals, its saves, pressing a control) is written here once."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, ConsoleMessage, ElementHandle, Frame, Page, Request

import engine

_SETUP = Path(__file__).resolve().parents[2] / "web" / "i18n" / "en" / "setup.json"


def computer_name(seat: int) -> str:
    """The English name the site gives a computer at ``seat`` (0-based) that nobody named:
    the catalog's ``setup.name-computer`` message, by seat number."""
    message = json.loads(_SETUP.read_text(encoding="utf-8"))["name-computer"]
    names = dict(re.findall(r"=(\d+) \{([^{}]+)\}", message))
    return names.get(str(seat + 1), f"Computer {seat + 1}")


SAVE_PREFIX = "parlour:v1:save:"
READY = "html[data-engine=ready]"
"""The engine has booted (app.js sets it on the page's root)."""
BOOT_MS = 90_000
"""How long a boot may take on a busy machine."""
MY_MOVE = '.table[data-awaiting="0"] .table-body [data-action]'
"""A control of the table that submits a move of the person at seat 0, on their turn."""


def wait_ready(page: Page | Frame, timeout: float = BOOT_MS) -> None:
    """Wait until the engine has booted on ``page`` (or in a frame)."""
    page.wait_for_selector(READY, timeout=timeout)


def next_frame(page: Page | Frame) -> None:
    """Wait until the browser has drawn a frame after now (a new layout is on screen)."""
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def press(
    page: Page, control: ElementHandle | None, *, replaced_ok: bool = False, timeout: float = 60_000
) -> None:
    """Click a control that submits a move and wait until the shell has drawn the next view
    (it replaces the control). With ``replaced_ok``, a control the shell replaced between the
    query and the click (a view drawn again, e.g. after a summary closes) is not pressed: the
    caller's loop reads the new view."""
    assert control is not None, "no such control"
    if replaced_ok and not control.evaluate("(el) => el.isConnected"):
        return
    control.click()
    page.wait_for_function("(el) => !el.isConnected", arg=control, timeout=timeout)


def is_local(url: str) -> bool:
    return url.startswith(("http://127.0.0.1:", "blob:http://127.0.0.1:", "data:"))


def watch(page: Page) -> list[str]:
    """Collect what must fail a test: console errors, page errors, off-host requests."""
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(f"console error: {message.text}")

    def on_request(request: Request) -> None:
        if not is_local(request.url):
            problems.append(f"request to another host: {request.url}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("request", on_request)
    return problems


def reset_profile(profile: BrowserContext, keep: list[Page], origins: set[str]) -> None:
    """Make ``profile`` (a persistent context shared by tests) a first visit again for
    ``origins``: close every tab but ``keep`` (their workers, Web Locks and sessionStorage go
    with them), drop routes, permissions, cookies and offline mode, and clear each origin's
    localStorage, IndexedDB, Cache Storage and service workers. Its HTTP cache and V8 code
    cache stay: they hold only immutable files (the vendored runtime), which is the point."""
    for tab in profile.pages:
        if tab not in keep:
            tab.close()
    profile.unroute_all(behavior="ignoreErrors")
    profile.clear_permissions()
    profile.clear_cookies()
    profile.set_offline(False)
    session = profile.new_cdp_session(keep[0])
    try:
        for origin in sorted(origins):
            session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    finally:
        session.detach()


def saved_games(page: Page) -> dict[str, dict[str, Any]]:
    """The page's saved games (localStorage records), by id."""
    raw: dict[str, str] = page.evaluate(
        """(prefix) => Object.fromEntries(Object.keys(localStorage)
             .filter((k) => k.startsWith(prefix))
             .map((k) => [k.slice(prefix.length), localStorage.getItem(k)]))""",
        SAVE_PREFIX,
    )
    return {key: json.loads(value) for key, value in raw.items()}


def only_save(page: Page) -> dict[str, Any]:
    """The one saved game, once the site has written it (the first write waits for the
    game's Web Lock, so it can come a moment after the table appears)."""
    page.wait_for_function(
        "(prefix) => Object.keys(localStorage).some((k) => k.startsWith(prefix))",
        arg=SAVE_PREFIX,
        timeout=30_000,
    )
    saves = saved_games(page)
    assert len(saves) == 1, f"expected one saved game, found {sorted(saves)}"
    return next(iter(saves.values()))


def save_text(page: Page) -> str | None:
    """The engine text of the page's one saved game (None before its first write)."""
    texts = [record["engine"] for record in saved_games(page).values()]
    assert len(texts) <= 1, f"expected at most one saved game, found {len(texts)}"
    return texts[0] if texts else None


def wait_for_new_save(page: Page | Frame, before: str | None, timeout: float = 30_000) -> None:
    """Wait until the page has saved a game whose engine text is not ``before`` (the page
    writes its save after each move, so this is the move having been made)."""
    page.wait_for_function(
        """([prefix, before]) => Object.keys(localStorage).some((k) => k.startsWith(prefix)
             && JSON.parse(localStorage.getItem(k)).engine !== before)""",
        arg=[SAVE_PREFIX, before],
        timeout=timeout,
    )


def engine_game(page: Page) -> engine.Game:
    """The game on the page, rebuilt in CPython from the page's own save."""
    return engine.load_game(only_save(page)["engine"])


STAMP = "2026-01-02T10:00:00.000Z"
"""The time stamped on saves the tests write (any fixed time will do)."""


def stored_record(
    game: engine.Game,
    save_id: str,
    setup: dict[str, Any],
    *,
    to_act: int | None = None,
    updated: str = STAMP,
) -> dict[str, Any]:
    """``game`` as the page stores it under ``setup`` (storage.js's record)."""
    return {
        "format": "parlour-web-save",
        "version": 1,
        "id": save_id,
        "setup": setup,
        "engine": game.to_json(),
        "round": game.round,
        "over": game.is_over,
        "toAct": to_act,
        "created": STAMP,
        "updated": updated,
    }


def web_save_record(
    game: engine.Game,
    save_id: str,
    *,
    name: str = "Ada",
    speed: str = "instant",
    to_act: int | None = None,
    updated: str = STAMP,
) -> dict[str, Any]:
    """A two-seat To the Moon game (a person against the computer) as the page stores it."""
    setup = {
        "game": "to-the-moon",
        "players": 2,
        "seats": ["human", "bot"],
        "names": [name, "Computer 2"],
        "level": "easy",
        "seed": game.seed,
        "speed": speed,
    }
    return stored_record(game, save_id, setup, to_act=to_act, updated=updated)


def force_generic_renderer(page: Page) -> None:
    """Use the generic renderer for every game (its buttons are exactly the legal actions)."""
    page.route(
        "**/js/games/present.js",
        lambda route: route.fulfill(
            status=200, content_type="text/javascript", body="export const PRESENT = [];\n"
        ),
    )


def wait_for_human_turn(page: Page, timeout: float = 30_000) -> None:
    """Wait until the table awaits a move from the person on screen (or the game ended)."""
    page.wait_for_function(
        """() => document.documentElement.dataset.gameState === "over"
             || document.querySelector(".table .actions button") !== null
             || document.querySelector(".pass-screen") !== null""",
        timeout=timeout,
    )


# --- accessibility (axe-core) -------------------------------------------------------------------

AXE = Axe()
"""axe-core, pinned (the ``axe-playwright-python`` wheel in the ``test`` extra)."""
WIDTHS = ((360, 740), (1280, 800))


def violations(target: Page | Frame) -> list[str]:
    """axe's violations on the page once its finite animations have ended (a fade-in caught
    half way reads as low contrast): one readable line per node."""
    target.wait_for_function(
        """() => document.getAnimations().every((a) => a.playState !== "running" ||
             a.effect?.getComputedTiming().iterations === Infinity)"""
    )
    if not target.evaluate("typeof window.axe === 'object'"):
        target.evaluate(AXE.axe_script)
    experimental = target.evaluate("axe.getRules(['experimental']).map((rule) => rule.ruleId)")
    options: dict[str, Any] = {
        "resultTypes": ["violations"],
        "rules": {rule: {"enabled": True} for rule in experimental},
    }
    result = target.evaluate("(options) => axe.run(document, options)", options)
    found = []
    for violation in result["violations"]:
        for node in violation["nodes"]:
            found.append(
                f"{violation['id']} ({violation['impact']}): {node['target']} "
                f"{node['html'][:160]} :: {node['failureSummary']}"
            )
    return found


def axe_check(page: Page, screen: str, target: Page | Frame | None = None) -> None:
    """No violation at either width (the page is resized in place)."""
    found: list[str] = []
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        next_frame(page)  # the new layout on screen
        found += [f"{width} px: {line}" for line in violations(target or page)]
    assert not found, f"axe on {screen}:\n" + "\n".join(found)
