"""A game on several devices (issue 29, web/js/net/): a host and a guest, two browser
contexts of one Chromium on 127.0.0.1, connected by a WebRTC data channel with no ICE server.

The host opens a deep link that seats a remote player, gets the seat's join link
(``data-join-link``), the guest opens it and shows its answer code (``data-answer-code``), the
host pastes it (``data-answer-input``), and both pages say ``data-connection=connected``. The
seeded game is played to the end through the tables' own controls, the guest playing its
seat. Every message the guest received is checked against the engine: the guest's seat's view
and nothing else, so no other seat's hand can reach its page; its page shows its own hand
only. A forged message (another seat, out of turn, malformed, an illegal move) is refused and
changes nothing. The suite's fixtures fail the test on any request leaving 127.0.0.1.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import SAVE_PREFIX, press, save_text, wait_ready, watch
from playwright.sync_api import Browser, BrowserType, Page

import engine

pytestmark = pytest.mark.browser

SEED = 7
GUEST = 1
HOST_LINK = f"?game=nine-virtues&players=3&seats=human,remote,easy&seed={SEED}&speed=instant"

# On the guest's page: every data channel and every message it received (the page's own code
# is not touched; the browser's RTCPeerConnection is wrapped before the page runs).
CAPTURE = """(() => {
  const Base = window.RTCPeerConnection;
  window.__channels = [];
  window.__received = [];
  window.RTCPeerConnection = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener("datachannel", ({ channel }) => {
        window.__channels.push(channel);
        channel.addEventListener("message", ({ data }) => window.__received.push(data));
      });
    }
  };
})();"""

NEXT_STEP = """(seat) => document.documentElement.dataset.gameState === "over"
  || document.querySelector(".overlay .dialog button.primary") !== null
  || document.querySelector(`.table[data-awaiting="${seat}"] .nv-table [data-action],
       .table[data-awaiting="${seat}"] .nv-table [data-swap-give]`) !== null"""


@pytest.fixture(scope="module")
def devices_browser(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any]
) -> Iterator[Browser]:
    """One Chromium for both devices, with the suite's launch arguments (every host but
    127.0.0.1 unresolvable) and host candidates as plain addresses: the ``.local`` names
    Chromium hides them behind by default are mDNS names, which that resolver rule refuses
    to resolve (between two phones on one Wi-Fi, mDNS resolves them)."""
    args = [*browser_type_launch_args["args"], "--disable-features=WebRtcHideLocalIpsWithMdns"]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    yield browser
    browser.close()


def device(browser: Browser, problems: list[str], init: str | None = None) -> Page:
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    if init:
        context.add_init_script(init)
    page = context.new_page()
    problems.extend(watch(page))
    return page


@pytest.fixture
def host_page(devices_browser: Browser, problems: list[str]) -> Iterator[Page]:
    page = device(devices_browser, problems)
    yield page
    page.context.close()


@pytest.fixture
def guest_page(devices_browser: Browser, problems: list[str]) -> Iterator[Page]:
    page = device(devices_browser, problems, CAPTURE)
    yield page
    page.context.close()


def connect(host: Page, guest: Page, site_url: str) -> None:
    host.goto(site_url + HOST_LINK)
    wait_ready(host)
    link_el = host.locator(f"[data-join-link][data-seat='{GUEST}']")
    link_el.wait_for(state="visible", timeout=30_000)
    link = link_el.inner_text()
    assert link.startswith(site_url) and "#join=p1j." in link, link
    assert host.locator("html").get_attribute("data-connection") == "connecting"
    guest.goto(link)
    answer_el = guest.locator("[data-answer-code]")
    answer_el.wait_for(state="visible", timeout=30_000)
    answer = answer_el.inner_text()
    assert answer.startswith("p1a."), answer
    assert guest.locator("html").get_attribute("data-seat") == str(GUEST)
    assert guest.locator("html").get_attribute("data-connection") == "connecting"
    # Both codes are short enough for a chat message (and a QR code).
    assert len(link) < 1500 and len(answer) < 1500, (len(link), len(answer))
    host.fill(f"[data-answer-input][data-seat='{GUEST}']", answer)
    host.click(f"[data-control=net-connect][data-seat='{GUEST}']")
    for page in (host, guest):
        page.wait_for_selector("html[data-connection=connected]", timeout=30_000)
        page.wait_for_selector("html[data-game-state=playing]", timeout=60_000)


def host_game(host: Page) -> engine.Game:
    text = save_text(host)
    assert text is not None
    return engine.load_game(text)


def wait_host_moved(host: Page, before: str | None) -> None:
    """Wait until the host has saved a new position, closing its round summaries meanwhile
    (a summary holds the host's table, not the engine)."""
    while True:
        host.wait_for_function(
            """([prefix, before]) => document.querySelector(".overlay .dialog button.primary")
                 || Object.keys(localStorage).some((k) => k.startsWith(prefix)
                      && JSON.parse(localStorage.getItem(k)).engine !== before)""",
            arg=[SAVE_PREFIX, before],
            timeout=60_000,
        )
        if save_text(host) != before:
            return
        host.locator(".overlay .dialog button.primary").click()


def play_one_turn(page: Page, seat: int, rng: random.Random) -> None:
    """One move of `seat` through the Nine Virtues table's controls (summaries closed first)."""
    while True:
        page.wait_for_function(NEXT_STEP, arg=seat, timeout=60_000)
        dialog = page.locator(".overlay .dialog button.primary")
        if dialog.count():
            dialog.click()
            continue
        break
    mine = f'.table[data-awaiting="{seat}"] .nv-table'
    bids = page.query_selector_all(f"{mine} [data-action]")
    if bids:
        press(page, rng.choice(bids))
        return
    kill = page.query_selector(f"{mine} [data-control=kill]:not(.is-off)")
    if kill:
        kill.click()
        press(page, rng.choice(page.query_selector_all(f"{mine} [data-action^='kill ']")))
        return
    rng.choice(page.query_selector_all(f"{mine} [data-swap-give]:not(.pc-btn-off)")).click()
    press(page, rng.choice(page.query_selector_all(f"{mine} [data-action^='swap ']")))


def guest_hand_on_page(guest: Page) -> list[int]:
    ranks = guest.eval_on_selector_all(
        ".nv-table [data-zone=hand] .pc-face[data-rank]",
        "els => els.map((e) => Number(e.dataset.rank))",
    )
    return sorted(ranks)


def received(guest: Page) -> list[dict[str, Any]]:
    return [json.loads(text) for text in guest.evaluate("window.__received")]


def check_privacy(guest: Page, game: engine.Game) -> None:
    """The guest holds its seat's view and nothing more: every view it was sent is one the
    engine gave its seat at some point of the game, and its page shows its own hand."""
    views = {json.dumps(v, sort_keys=True) for v in history_views(game, GUEST)}
    states = [m for m in received(guest) if m["t"] == "state"]
    assert states
    for message in states:
        assert set(message) == {"t", "v", "view"}
        assert json.dumps(message["view"], sort_keys=True) in views, message["view"]
    assert all(m["t"] in ("setup", "state", "reply") for m in received(guest))
    setup = next(m for m in received(guest) if m["t"] == "setup")
    assert "seed" not in setup["setup"]


def history_views(game: engine.Game, seat: int) -> Iterator[Any]:
    """view(seat) after each decision of `game`, replayed from its setup."""
    save = json.loads(game.to_json())
    options = {k: v for k, v in save["options"].items() if v is not None}
    replay = engine.new_game(
        save["game"], players=save["players"], seed=save["seed"], options=options
    )
    yield replay.view(seat)
    for entry in save["log"]:
        replay.apply(entry["action"])
        yield replay.view(seat)


def forge(guest: Page, message: str) -> None:
    guest.evaluate("(text) => window.__channels[0].send(text)", message)


def test_a_game_on_two_devices(
    host_page: Page, guest_page: Page, site_url: str, problems: list[str]
) -> None:
    host, guest = host_page, guest_page
    connect(host, guest, site_url)
    rng = random.Random(SEED)
    moves = {0: 0, GUEST: 0}
    forged = False
    for _ in range(600):
        game = host_game(host)
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        before = save_text(host)
        if seat == GUEST:
            # The guest's page shows its own hand: the engine's view of its seat.
            guest.wait_for_function(NEXT_STEP, arg=GUEST, timeout=60_000)
            if not guest.locator(".overlay .dialog").count():
                assert guest_hand_on_page(guest) == sorted(
                    json.loads(json.dumps(game.view(GUEST)))["hand"]
                )
            if not forged:
                forge_and_check(host, guest, game)
                forged = True
            play_one_turn(guest, GUEST, rng)
        elif seat == 0:
            if not forged and moves[GUEST] == 0:
                # Out of turn: the host is to move, not the guest.
                action = game.legal_actions()[0]
                out_of_turn = json.dumps({"t": "act", "n": 900, "seat": GUEST, "action": action})
                assert wait_refused(host, guest, out_of_turn, 900, "not-your-turn")
                assert wait_refusal(guest, 900)["refused"] == "not-your-turn"
                assert save_text(host) == before
            play_one_turn(host, 0, rng)
        moves[seat] = moves.get(seat, 0) + 1
        wait_host_moved(host, before)
    game = host_game(host)
    assert game.is_over
    assert forged and moves[GUEST] > 3 and moves[0] > 3
    for page_ in (host, guest):
        while page_.locator("html").get_attribute("data-game-state") != "over":
            page_.wait_for_function(
                """() => document.documentElement.dataset.gameState === "over"
                     || document.querySelector(".overlay .dialog button.primary")""",
                timeout=60_000,
            )
            if page_.locator(".overlay .dialog button.primary").count():
                page_.locator(".overlay .dialog button.primary").click()
        shown = page_.locator(".final-totals li strong").all_inner_texts()
        assert sorted(int(s.replace("\u2212", "-")) for s in shown) == sorted(game.totals)
    check_privacy(guest, game)
    # The guest stored nothing: no save, no record.
    assert (
        guest.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('parlour:v1:'))") == []
    )
    assert not problems


def wait_refusal(guest: Page, n: int) -> dict[str, Any]:
    guest.wait_for_function(
        """(n) => window.__received.some((text) => {
             const m = JSON.parse(text);
             return m.t === "reply" && m.n === n;
           })""",
        arg=n,
        timeout=30_000,
    )
    reply = next(m for m in received(guest) if m["t"] == "reply" and m.get("n") == n)
    assert "ok" not in reply, reply
    return reply


def wait_refused(host: Page, guest: Page, text: str, n: int | None, reason: str) -> bool:
    """Forge `text` from the guest's page; True once the host has logged its refusal."""
    with host.expect_console_message(
        lambda m: m.type == "warning" and "refused" in m.text and reason in m.text, timeout=30_000
    ):
        forge(guest, text)
    return True


def forge_and_check(host: Page, guest: Page, game: engine.Game) -> None:
    """On the guest's turn, forged messages from its page: each refused, nothing changes."""
    before = save_text(host)
    legal = game.legal_actions()
    illegal = next(a for a in ("bid 1", "bid 2", "bid 4", "bid 8", "bid 3") if a not in legal)
    cases: list[tuple[str, int | None, str]] = [
        (json.dumps({"t": "act", "n": 901, "seat": 0, "action": legal[0]}), 901, "wrong-seat"),
        (json.dumps({"t": "act", "n": 902, "seat": 2, "action": legal[0]}), 902, "wrong-seat"),
        ("{not json", None, "malformed"),
        (
            json.dumps({"t": "act", "n": 903, "seat": GUEST, "action": legal[0], "x": 1}),
            None,
            "malformed",
        ),
        (json.dumps({"t": "act", "n": 904, "seat": GUEST, "action": 7}), None, "malformed"),
        ("[" * 50 + "]" * 50, None, "malformed"),
        ("x" * 5000, None, "too-long"),
        (json.dumps({"t": "act", "n": 905, "seat": GUEST, "action": illegal}), 905, "illegal"),
    ]
    for text, n, reason in cases:
        assert wait_refused(host, guest, text, n, reason)
        if n is not None:
            reply = wait_refusal(guest, n)
            if reason == "illegal":
                assert reply["error"]["code"] == "illegal", reply
            else:
                assert reply["refused"] == reason, reply
        assert save_text(host) == before, f"a forged message changed the game: {text[:60]}"
    # Still the guest's turn, and the game goes on.
    assert host_game(host).to_act == GUEST
