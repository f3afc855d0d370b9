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

import base64
import json
import random
import re
import warnings
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import SAVE_PREFIX, axe_check, press, save_text, wait_ready, watch
from playwright.sync_api import Browser, BrowserType, Page, TimeoutError

import engine

pytestmark = pytest.mark.browser

SEED = 7
# The pages' conditions are polled on a timer, not on animation frames: with three pages in
# one browser, a page not in front may get no frames for a while.
POLL = 25
GUEST = 1
BOT = 2  # the computer's seat in HOST_LINK
HOST_LINK = f"?game=nine-virtues&players=3&seats=human,remote,easy&seed={SEED}&speed=instant"

# On the guest's page: every data channel and every message it received (the page's own code
# is not touched; the browser's RTCPeerConnection is wrapped before the page runs).
CAPTURE = """(() => {
  const Base = window.RTCPeerConnection;
  window.__channels = [];
  window.__received = [];
  window.__sent = 0;
  window.RTCPeerConnection = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener("datachannel", ({ channel }) => {
        window.__channels.push(channel);
        channel.addEventListener("message", ({ data }) => window.__received.push(data));
        const send = channel.send.bind(channel);
        channel.send = (data) => {
          window.__sent += 1;
          return send(data);
        };
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


NOTES: dict[int, list[str]] = {}
"""Each page's (by id) console warnings and logs, said when a wait times out."""
PAGES: list[Page] = []
"""The devices' pages opened (closed ones are passed over), described when a wait times out."""
PAGE_STATE = (Path(__file__).parents[1] / "data" / "devices_page_state.js").read_text()


def device(browser: Browser, problems: list[str], init: str | None = None) -> Page:
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    if init:
        context.add_init_script(init)
    page = context.new_page()
    problems.extend(watch(page))
    PAGES.append(page)
    notes = NOTES.setdefault(id(page), [])
    page.on("console", lambda m: notes.append(f"{m.type}: {m.text}") if m.type != "debug" else None)
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


def connect(host: Page, guest: Page, site_url: str, *, axe: bool = False) -> None:
    """Connect the guest's seat as people do; with ``axe``, check the lobby, the join
    screen and both tables with their bars for accessibility violations on the way."""
    host.goto(site_url + HOST_LINK)
    wait_ready(host)
    link_el = host.locator(f"[data-join-link][data-seat='{GUEST}']")
    link_el.wait_for(state="visible", timeout=30_000)
    link = link_el.inner_text()
    assert link.startswith(site_url) and "#join=p1j." in link, link
    assert host.locator("html").get_attribute("data-connection") == "connecting"
    if axe:
        host.locator(".qr-code").first.wait_for(state="visible")
        axe_check(host, "the host's lobby")
    guest.goto(link)
    answer_el = guest.locator("[data-answer-code]")
    answer_el.wait_for(state="visible", timeout=30_000)
    answer = answer_el.inner_text()
    assert answer.startswith("p1a."), answer
    assert guest.locator("html").get_attribute("data-seat") == str(GUEST)
    assert guest.locator("html").get_attribute("data-connection") == "connecting"
    # Both codes are short enough for a chat message (and a QR code).
    assert len(link) < 1500 and len(answer) < 1500, (len(link), len(answer))
    if axe:
        guest.locator(".qr-code").first.wait_for(state="visible")
        axe_check(guest, "the guest's join screen")
    host.fill(f"[data-answer-input][data-seat='{GUEST}']", answer)
    host.click(f"[data-control=net-connect][data-seat='{GUEST}']")
    for page in (host, guest):
        page.wait_for_selector("html[data-connection=connected]", timeout=30_000)
        page.wait_for_selector("html[data-game-state=playing]", timeout=60_000)
    if axe:
        for page, who in ((host, "host"), (guest, "guest")):
            page.wait_for_selector("[data-net-bar] [data-net-status]:not(:empty)")
            page.wait_for_selector(".table")
            axe_check(page, f"the {who}'s table with its bar")
            page.set_viewport_size({"width": 390, "height": 844})


def host_game(host: Page) -> engine.Game:
    text = save_text(host)
    assert text is not None
    return engine.load_game(text)


# The host's own turn is open on its page: a control for a move of seat 0 to press.
HOST_TURN = """() => document.querySelector(`.table[data-awaiting="0"] .table-body [data-action],
  .table[data-awaiting="0"] .table-body [data-swap-give]`) !== null
  && !document.querySelector(".overlay .dialog")"""


def wait_host_moved(
    host: Page, before: str | None, again: Callable[[], None] | None = None
) -> None:
    """Wait until the host has saved a new position, closing its round summaries meanwhile
    (a summary holds the host's table, not the engine). ``again``: the host's own move, made
    once more if after 20 s the host's turn is still open on its page (a press that made no
    move: said as a warning, with the pages as they were, so a run shows it)."""
    while True:
        try:
            host.wait_for_function(
                """([prefix, before]) => document.querySelector(".overlay .dialog button.primary")
                     || Object.keys(localStorage).some((k) => k.startsWith(prefix)
                          && JSON.parse(localStorage.getItem(k)).engine !== before)""",
                arg=[SAVE_PREFIX, before],
                timeout=20_000 if again else 60_000,
                polling=POLL,
            )
        except TimeoutError as error:
            if again is not None:
                if host.evaluate(HOST_TURN):
                    pages = "\n".join(described(p, host) for p in PAGES if not p.is_closed())
                    warnings.warn(
                        f"the host's press made no move; pressed again:\n{pages}", stacklevel=2
                    )
                    again()
                again = None  # then the usual wait
                continue
            said = "\n".join(NOTES.get(id(host), [])[-8:])
            pages = "\n".join(described(page, host) for page in PAGES if not page.is_closed())
            raise AssertionError(
                f"the host saved no move; its console's last lines:\n{said}\n{pages}"
            ) from error
        if save_text(host) != before:
            return
        host.locator(".overlay .dialog button.primary").click()


def host_move_again(
    host: Page, seat: int, rng: random.Random, game_id: str = "nine-virtues"
) -> Callable[[], None] | None:
    """The host's move made once more (wait_host_moved), when `seat` is the host's."""
    return (lambda: play_turn(host, 0, game_id, rng)) if seat == 0 else None


def described(page: Page, host: Page) -> str:
    """The page as tests/data/devices_page_state.js reads it (said when a wait timed out)."""
    who = "host" if page is host else "a guest"
    try:
        return f"{who}: {json.dumps(page.evaluate(PAGE_STATE))}"
    except Exception as error:  # a page closing: say so and go on
        return f"{who}: unreadable ({error})"


def press_free(page: Page, selector: str, *, fill: str | None = None) -> None:
    """Press (or, with ``fill``, fill) a control outside any dialog. The computer plays on
    meanwhile, and a round it ends opens a summary at any moment, making the page behind it
    inert: the summary is closed and the control tried again."""
    for _ in range(20):
        while page.locator(".overlay .dialog button.primary").count():
            page.locator(".overlay .dialog button.primary").click()
        try:
            if fill is None:
                page.click(selector, timeout=5_000)
            else:
                page.fill(selector, fill, timeout=5_000)
            return
        except TimeoutError:
            continue
    raise AssertionError(f"{selector} stayed out of reach (inert behind a dialog?)")


def submit(page: Page, control: Any) -> None:
    """Press a control that submits a move. On a guest's page the move is made once the host
    takes it, and a round's summary open on the host's page holds it until it is closed
    (wait_host_moved does): the page is not waited for here."""
    if page.evaluate("document.documentElement.dataset.seat") is None:
        press(page, control)
        return
    action = control.get_attribute("data-action")
    sent = page.evaluate("window.__sent")
    # By its action, so a repaint between finding and pressing it changes nothing.
    page.locator(f".table-body [data-action='{action}']").first.click()
    page.wait_for_function("(sent) => window.__sent > sent", arg=sent, polling=POLL)


def play_one_turn(page: Page, seat: int, rng: random.Random) -> None:
    """One move of `seat` through the Nine Virtues table's controls (summaries closed first)."""
    while True:
        page.wait_for_function(NEXT_STEP, arg=seat, timeout=60_000, polling=POLL)
        dialog = page.locator(".overlay .dialog button.primary")
        if dialog.count():
            dialog.click()
            continue
        break
    mine = f'.table[data-awaiting="{seat}"] .nv-table'
    bids = page.query_selector_all(f"{mine} [data-action]")
    if bids:
        submit(page, rng.choice(bids))
        return
    kill = page.query_selector(f"{mine} [data-control=kill]:not(.is-off)")
    if kill:
        kill.click()
        submit(page, rng.choice(page.query_selector_all(f"{mine} [data-action^='kill ']")))
        return
    rng.choice(page.query_selector_all(f"{mine} [data-swap-give]:not(.pc-btn-off)")).click()
    submit(page, rng.choice(page.query_selector_all(f"{mine} [data-action^='swap ']")))


def guest_hand_on_page(guest: Page) -> list[int]:
    ranks = guest.eval_on_selector_all(
        ".nv-table [data-zone=hand] .pc-face[data-rank]",
        "els => els.map((e) => Number(e.dataset.rank))",
    )
    return sorted(ranks)


def received(guest: Page) -> list[dict[str, Any]]:
    return [json.loads(text) for text in guest.evaluate("window.__received")]


def check_privacy(guest: Page, game: engine.Game, seat: int = GUEST) -> None:
    """The guest holds its seat's view and nothing more: every view it was sent is one the
    engine gave its seat at some point of the game, and its page shows its own hand."""
    views = {json.dumps(v, sort_keys=True) for v in history_views(game, seat)}
    states = [m for m in received(guest) if m["t"] == "state"]
    assert states
    for message in states:
        assert set(message) == {"t", "v", "view"}
        assert json.dumps(message["view"], sort_keys=True) in views, message["view"]
    assert all(m["t"] in ("setup", "state", "reply", "seats") for m in received(guest))
    for message in received(guest):
        if message["t"] == "seats":
            assert set(message) == {"t", "seats"}
            assert len(message["seats"]) == len(game.totals)
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
    connect(host, guest, site_url, axe=True)
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
            guest.wait_for_function(NEXT_STEP, arg=GUEST, timeout=60_000, polling=POLL)
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
        wait_host_moved(host, before, host_move_again(host, seat, rng))
    game = host_game(host)
    assert game.is_over
    assert forged and moves[GUEST] > 3 and moves[0] > 3
    for page_ in (host, guest):
        while page_.locator("html").get_attribute("data-game-state") != "over":
            page_.wait_for_function(
                """() => document.documentElement.dataset.gameState === "over"
                     || document.querySelector(".overlay .dialog button.primary")""",
                timeout=60_000,
                polling=POLL,
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
        polling=POLL,
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


# --- faults: a guest that drops rejoins; a seat handed to the computer and back; a host reload


def link_of(host: Page, seat: int, old: str | None = None) -> str:
    """The seat's join link in the bar above the host's table, once it is a new one."""
    host.wait_for_function(
        """([seat, old]) => {
             const el = document.querySelector(`.net-bar [data-join-link][data-seat="${seat}"]`);
             return el && el.checkVisibility() && el.textContent.includes("#join=p1j.")
               && el.textContent !== old;
           }""",
        arg=[seat, old],
        timeout=30_000,
        polling=POLL,
    )
    return host.locator(f".net-bar [data-join-link][data-seat='{seat}']").inner_text()


def rejoin(host: Page, guest: Page, seat: int, link: str) -> None:
    """The guest opens the seat's new link, the host pastes its answer in the bar."""
    guest.goto(link)
    answer_el = guest.locator("[data-answer-code]")
    answer_el.wait_for(state="visible", timeout=30_000)
    answer = answer_el.inner_text()
    press_free(host, f".net-bar [data-answer-input][data-seat='{seat}']", fill=answer)
    press_free(host, f".net-bar [data-control=net-connect][data-seat='{seat}']")
    guest.wait_for_selector("html[data-connection=connected]", timeout=30_000)
    host.wait_for_selector(f".net-bar [data-remote-seat='{seat}'][data-state=connected]")
    guest.wait_for_selector("html[data-game-state=playing]", timeout=60_000)


def moves_of(game: engine.Game, seat: int) -> int:
    """How many moves `seat` has made in the game (its save's log)."""
    return sum(1 for entry in json.loads(game.to_json())["log"] if entry["seat"] == seat)


def play_until(
    host: Page,
    guests: dict[int, Page],
    rng: random.Random,
    stop: Any,
    computer: frozenset[int] = frozenset(),
) -> dict[int, int]:
    """Play the seeded game through the pages until `stop(game, moves)` or its end; a seat in
    `computer` is played by the host's computer (its guest does nothing)."""
    moves: dict[int, int] = {}
    for _ in range(800):
        game = host_game(host)
        if game.is_over or stop(game, moves):
            return moves
        seat = game.to_act
        assert seat is not None
        before = save_text(host)
        if seat in guests and seat not in computer:
            play_one_turn(guests[seat], seat, rng)
        elif seat == 0:
            play_one_turn(host, 0, rng)
        moves[seat] = moves.get(seat, 0) + 1
        wait_host_moved(host, before, host_move_again(host, seat, rng))
    raise AssertionError("the game did not end")


def test_a_guest_rejoins_and_the_host_reloads(
    devices_browser: Browser, host_page: Page, guest_page: Page, site_url: str, problems: list[str]
) -> None:
    host, guest = host_page, guest_page
    connect(host, guest, site_url)
    first_link = host.locator(f".net-bar [data-join-link][data-seat='{GUEST}']").inner_text()
    line = host.locator(".net-bar [data-net-status]")
    assert "Connected:" in line.inner_text() and "Player 2" in line.inner_text()
    assert "Connected:" in guest.locator(".net-bar [data-net-status]").inner_text()
    rng = random.Random(SEED + 1)
    play_until(host, {GUEST: guest}, rng, lambda g, m: m.get(GUEST, 0) >= 1)

    # The guest's page closes: the host says so, and the seat has a new link.
    guest.context.close()
    host.wait_for_selector("html[data-connection=lost]", timeout=30_000)
    host.wait_for_selector(f".net-bar [data-remote-seat='{GUEST}'][data-state=lost]")
    assert "Away: Player 2" in line.inner_text()
    link = link_of(host, GUEST, first_link)
    # A new device (or the same phone, its page opened again) rejoins the seat with it and
    # sees the game as it is now.
    guest = device(devices_browser, problems, CAPTURE)
    rejoin(host, guest, GUEST, link)
    host.wait_for_selector("html[data-connection=connected]")
    play_until(host, {GUEST: guest}, rng, lambda g, m: g.to_act == GUEST)
    guest.wait_for_function(NEXT_STEP, arg=GUEST, timeout=60_000, polling=POLL)
    if not guest.locator(".overlay .dialog").count():
        view = json.loads(json.dumps(host_game(host).view(GUEST)))
        assert guest_hand_on_page(guest) == sorted(view["hand"])
    play_until(host, {GUEST: guest}, rng, lambda g, m: m.get(GUEST, 0) >= 1)

    # The host's page changes language, then the guest's: each table and bar is worded again,
    # the guest stays connected and the game goes on; then both change back.
    for turn, page in enumerate((host, guest, host, guest)):
        lang = page.evaluate("document.documentElement.lang")
        said = page.locator(".net-bar [data-net-status]").inner_text()
        press_free(page, ".lang-table[data-control=language]")
        page.wait_for_function(
            """([lang, said]) => document.documentElement.lang !== lang
                 && document.querySelector(".net-bar [data-net-status]").textContent !== said
                 && document.querySelector(".table")""",
            arg=[lang, said],
            polling=POLL,
        )
        hangul = re.search("[\uac00-\ud7a3]", page.locator(".net-bar").inner_text()) is not None
        assert hangul == (lang == "en"), page.locator(".net-bar").inner_text()
        for each in (host, guest):
            assert each.locator("html").get_attribute("data-connection") == "connected"
        if turn == 1:  # both in Korean: a move of each
            play_until(host, {GUEST: guest}, rng, lambda g, m: m.get(GUEST, 0) >= 1)

    # The host lets the computer play the seat for now: its moves are made with no guest.
    press_free(host, f".net-bar [data-control=net-computer][data-seat='{GUEST}']")
    guest.wait_for_function(
        """() => document.querySelector(".net-bar [data-net-status]")
                   .textContent.includes("computer plays for now for you")""",
        polling=POLL,
    )
    start = moves_of(host_game(host), GUEST)
    play_until(host, {}, rng, lambda g, m: moves_of(g, GUEST) > start, computer=frozenset({GUEST}))
    assert moves_of(host_game(host), GUEST) > start
    # ... and gives it back.
    press_free(host, f".net-bar [data-control=net-computer][data-seat='{GUEST}']")
    # Until a person is to move (the computer would go on and change the save meanwhile).
    play_until(host, {GUEST: guest}, rng, lambda g, m: m.get(GUEST, 0) >= 1 and g.to_act != BOT)

    # The host's page reloads: the saved game resumes, the guest's page says the connection
    # is lost, and the seat gets a new link; the guest rejoins with it.
    saved = save_text(host)
    assert not host_game(host).is_over
    host.reload()
    wait_ready(host)
    host.wait_for_selector("html[data-game-state=playing]", timeout=60_000)
    assert save_text(host) == saved
    guest.wait_for_selector("html[data-connection=lost]", timeout=30_000)
    assert "host was lost" in guest.locator(".net-bar [data-net-status]").inner_text()
    rejoin(host, guest, GUEST, link_of(host, GUEST))
    play_until(host, {GUEST: guest}, rng, lambda g, m: False)
    game = host_game(host)
    assert game.is_over
    check_privacy(guest, game)
    guest.context.close()
    assert not problems


# --- a host and two guests, each game to its end

THREE = {
    "nine-virtues": "?game=nine-virtues&players=3&seats=human,remote,remote&seed=11",
    "to-the-moon": "?game=to-the-moon&players=3&seats=human,remote,remote&seed=4",
    # Two deals (practice contracts), not the whole wheel of twelve: the suite's time.
    "quodlibet": (
        "?game=quodlibet&players=4&seats=human,remote,remote,easy&seed=5&contracts=plus,minus"
    ),
}

NEXT_ANY = """(seat) => document.documentElement.dataset.gameState === "over"
  || document.querySelector(".overlay .dialog button.primary") !== null
  || document.querySelector(`.table[data-awaiting="${seat}"] .table-body [data-action]`) !== null"""


def play_turn(page: Page, seat: int, game_id: str, rng: random.Random) -> None:
    """One move of `seat` through its page's table (summaries closed first)."""
    if game_id == "nine-virtues":
        play_one_turn(page, seat, rng)
        return
    while True:
        page.wait_for_function(NEXT_ANY, arg=seat, timeout=60_000, polling=POLL)
        dialog = page.locator(".overlay .dialog button.primary")
        if not dialog.count():
            break
        dialog.click()
    submit(
        page,
        rng.choice(
            page.query_selector_all(f'.table[data-awaiting="{seat}"] .table-body [data-action]')
        ),
    )


def hand_on_page(page: Page) -> list[Any]:
    """The faces of the hand shown on the page (pairs ranks, or French card codes)."""
    faces: list[Any] = page.eval_on_selector_all(
        ".table-body [data-zone=hand] :is(.pc-face[data-rank], .fc-face[data-card])",
        "els => els.map((e) => e.dataset.rank ? Number(e.dataset.rank) : e.dataset.card)",
    )
    return sorted(faces, key=str)


def check_hand(page: Page, game: engine.Game, seat: int) -> None:
    """The page's hand, in its DOM and its accessibility tree, is the engine's view of the
    seat's hand; no other hand is drawn."""
    hand = json.loads(json.dumps(game.view(seat)))["hand"]
    known = sorted((card for card in hand if card is not None), key=str)
    assert hand_on_page(page) == known
    zones = page.locator(".table-body [data-zone=hand]")
    assert zones.count() == 1, "one hand on the page: its own"
    tree = zones.aria_snapshot()
    entries = [
        line for line in tree.splitlines() if line.lstrip().startswith(("- button", "- img"))
    ]
    assert len(entries) == len(hand), tree


# Play `seat` on this page by itself: every 20 ms, close a round's summary or press one of the
# table's controls for a move (chosen by a seeded generator), as the person would.
AUTOPLAY = """([seat, seed]) => {
  let state = seed >>> 0;
  const pick = (list) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return list[state % list.length];
  };
  const mine = `.table[data-awaiting="${seat}"] .table-body`;
  setInterval(() => {
    if (document.documentElement.dataset.gameState === "over") return;
    const next = document.querySelector(".overlay .dialog button.primary");
    if (next) return next.click();
    const moves = [...document.querySelectorAll(`${mine} [data-action]:not([aria-disabled=true])`)];
    if (moves.length) return pick(moves).click();
    const give = [...document.querySelectorAll(`${mine} [data-swap-give]:not(.pc-btn-off)`)];
    if (give.length) pick(give).click();
  }, 20);
}"""


@pytest.mark.parametrize("game_id", list(THREE))
def test_host_and_two_guests(
    devices_browser: Browser, host_page: Page, site_url: str, problems: list[str], game_id: str
) -> None:
    host = host_page
    link = THREE[game_id] + "&speed=instant"
    host.goto(site_url + link)
    wait_ready(host)
    remote = [
        seat
        for seat, kind in enumerate(link.split("seats=")[1].split("&")[0].split(","))
        if kind == "remote"
    ]
    guests = {seat: device(devices_browser, problems, CAPTURE) for seat in remote}
    for seat, guest in guests.items():
        link_el = host.locator(f"[data-join-link][data-seat='{seat}']")
        link_el.wait_for(state="visible", timeout=30_000)
        guest.goto(link_el.inner_text())
        answer = guest.locator("[data-answer-code]")
        answer.wait_for(state="visible", timeout=30_000)
        host.fill(f"[data-answer-input][data-seat='{seat}']", answer.inner_text())
        host.click(f"[data-control=net-connect][data-seat='{seat}']")
        guest.wait_for_selector("html[data-connection=connected]", timeout=30_000)
    for page in (host, *guests.values()):
        page.wait_for_selector("html[data-game-state=playing]", timeout=60_000)
        page.wait_for_selector("html[data-connection=connected]")
    rng = random.Random(sum(map(ord, game_id)))
    checks = 0
    for _ in range(2000):
        game = host_game(host)
        if game.is_over:
            break
        if checks >= len(guests) * 3:
            # The hands are checked: every page plays its own seat by itself from here to
            # the end (a move per Python round trip would take minutes: To the Moon is some
            # 500 moves). Each guest still receives only its seat's views (check_privacy).
            for seat, page in ((0, host), *guests.items()):
                page.evaluate(AUTOPLAY, [seat, seat + sum(map(ord, game_id))])
            host.wait_for_selector("html[data-game-state=over]", timeout=300_000)
            break
        to_act = game.to_act
        assert to_act is not None
        seat = to_act
        before = save_text(host)
        if seat in guests:
            page = guests[seat]
            if checks < len(guests) * 3:  # a few turns of each guest, DOM and a11y tree
                page.wait_for_function(NEXT_ANY, arg=seat, timeout=60_000, polling=POLL)
                if not page.locator(".overlay .dialog").count():
                    check_hand(page, game, seat)
                    checks += 1
            play_turn(page, seat, game_id, rng)
        elif seat == 0:
            play_turn(host, 0, game_id, rng)
        wait_host_moved(host, before, host_move_again(host, seat, rng, game_id))
    game = host_game(host)
    assert game.is_over
    assert checks
    for seat, guest in guests.items():
        check_privacy(guest, game, seat)
        assert (
            guest.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('parlour:v1:'))")
            == []
        )
        guest.context.close()
    assert not problems


# --- QR codes: the join link's beside it, the answer's on the guest's screen, read by a camera

# Draw a QR code's modules (its <svg>'s path) on a canvas, and read it with the vendored jsQR.
READ_QR = """async ([d, modules]) => {
  const { JSQR } = await import(new URL("js/net/vendored.js", document.baseURI).href);
  if (typeof self.jsQR !== "function") {
    await new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL(JSQR, document.baseURI).href;
      script.onload = resolve;
      script.onerror = reject;
      document.head.append(script);
    });
  }
  const size = 4 * modules;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = size;
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, size, size);
  context.fillStyle = "#000";
  context.scale(4, 4);
  context.fill(new Path2D(d));
  const found = self.jsQR(context.getImageData(0, 0, size, size).data, size, size);
  return found ? found.data : null;
}"""

MODULES = "(el) => [el.querySelector('path').getAttribute('d'), el.viewBox.baseVal.width]"

# A camera that films the given QR code's modules (the guest's screen held up to the host's
# phone).
FAKE_CAMERA = """async ([d, modules]) => {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 640;
  const context = canvas.getContext("2d");
  const path = new Path2D(d);
  const draw = () => {
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.fillStyle = "#fff";
    context.fillRect(0, 0, 640, 640);
    context.fillStyle = "#000";
    context.scale(640 / modules, 640 / modules);
    context.fill(path);
  };
  draw();
  setInterval(draw, 100);
  navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(10);
}"""


def test_qr_codes_carry_the_link_and_the_answer(
    host_page: Page, guest_page: Page, site_url: str, problems: list[str]
) -> None:
    host, guest = host_page, guest_page
    host.goto(site_url + HOST_LINK)
    wait_ready(host)
    qr = f".qr-box[data-seat='{GUEST}'] svg.qr-code"
    host.wait_for_selector(qr, timeout=30_000)
    link = host.locator(f"[data-join-link][data-seat='{GUEST}']").inner_text()
    assert host.locator(qr).get_attribute("role") == "img"
    link_qr = host.locator(qr).evaluate(MODULES)
    guest.goto(link)
    guest.wait_for_selector(".qr-box svg.qr-code", timeout=30_000)
    answer = guest.locator("[data-answer-code]").inner_text()
    drawn = guest.locator(".qr-box svg.qr-code").evaluate(MODULES)
    assert guest.evaluate(READ_QR, drawn) == answer
    assert guest.evaluate(READ_QR, link_qr) == link
    # A new language on the lobby and on the join screen words them again in place: the
    # link and the answer code stay (the guest's is still the one the host will read).
    for page, title, kept in (
        (host, "#lobby-title", f"[data-join-link][data-seat='{GUEST}']"),
        (guest, "#join-title", "[data-answer-code]"),
    ):
        before = page.locator(kept).inner_text()
        english = page.locator(title).inner_text()
        page.click("[data-control=language] [data-lang=ko]")
        page.wait_for_function(
            "([sel, text]) => document.querySelector(sel).textContent !== text",
            arg=[title, english],
            polling=POLL,
        )
        assert re.search("[\uac00-\ud7a3]", page.locator(title).inner_text())
        assert page.locator(kept).inner_text() == before
        page.click("[data-control=language] [data-lang=en]")
        page.wait_for_function(
            "([sel, text]) => document.querySelector(sel).textContent === text",
            arg=[title, english],
            polling=POLL,
        )
    # The host scans the guest's screen: the seat connects with nothing pasted. The QR code
    # reader is loaded only now (this Chromium has no BarcodeDetector).
    assert host.locator("script[src*='jsqr']").count() == 0
    host.bring_to_front()  # the phone in the host's hand: its page is drawn, its camera films
    host.evaluate(FAKE_CAMERA, drawn)
    host.click(f"[data-remote-seat='{GUEST}'] [data-control=net-scan]")
    for page in (host, guest):
        page.wait_for_selector("html[data-connection=connected]", timeout=30_000)
        page.wait_for_selector("html[data-game-state=playing]", timeout=60_000)
    if host.evaluate("typeof BarcodeDetector") == "undefined":
        assert host.locator("script[src*='jsqr']").count() == 1
    assert not problems


# --- the network option, and a connection that cannot be made


def join_payload(link: str) -> dict[str, Any]:
    """The JSON a join link carries (codes.js: base64url of deflate-raw)."""
    body = link.split("#join=p1j.")[1]
    raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    payload: dict[str, Any] = json.loads(zlib.decompress(raw, -15))
    return payload


def test_a_stun_server_and_a_connection_that_fails(
    host_page: Page, guest_page: Page, site_url: str, problems: list[str]
) -> None:
    host, guest = host_page, guest_page
    host.goto(site_url + HOST_LINK)
    wait_ready(host)
    link_el = host.locator(f"[data-join-link][data-seat='{GUEST}']")
    link_el.wait_for(state="visible", timeout=30_000)
    first = link_el.inner_text()
    assert set(join_payload(first)) == {"game", "players", "seat", "sdp"}  # no STUN by default
    host.click(".net-network summary")
    host.fill("[data-control=net-stun]", "https://example.org")
    host.click("[data-control=net-stun-apply]")
    assert "STUN" in host.locator(".net-network .net-problem").inner_text()
    # A STUN server on this machine (none answers; the suite lets nothing leave 127.0.0.1).
    host.fill("[data-control=net-stun]", "stun:127.0.0.1:3478")
    host.click("[data-control=net-stun-apply]")
    host.wait_for_function(
        """([seat, old]) => {
             const el = document.querySelector(`[data-join-link][data-seat="${seat}"]`);
             return el.checkVisibility() && el.textContent !== old;
           }""",
        arg=[GUEST, first],
        timeout=30_000,
        polling=POLL,
    )
    link = link_el.inner_text()
    assert join_payload(link)["stun"] == "stun:127.0.0.1:3478"
    # The guest answers, then its page is gone before the host enters the answer: no
    # connection can be made, and the host is told why and what to try.
    guest.goto(link)
    answer = guest.locator("[data-answer-code]")
    answer.wait_for(state="visible", timeout=30_000)
    text = answer.inner_text()
    assert "stun:127.0.0.1:3478" in guest.locator("[data-stun]").inner_text()
    guest.context.close()
    host.fill(f"[data-answer-input][data-seat='{GUEST}']", text)
    host.click(f"[data-control=net-connect][data-seat='{GUEST}']")
    host.wait_for_selector(f"[data-remote-seat='{GUEST}'][data-failed]", timeout=60_000)
    why = host.locator(f"[data-remote-seat='{GUEST}'] .net-problem").last.inner_text()
    assert "same Wi-Fi" in why and "pass-and-play" in why, why
    assert not problems


# --- a browser without WebRTC (Debian's WebKitGTK has none): said plainly, never a JS error

NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"


def test_a_browser_without_webrtc_says_so_plainly(
    devices_browser: Browser, host_page: Page, site_url: str, problems: list[str]
) -> None:
    # A real join link, made by a host whose browser has WebRTC.
    host_page.goto(site_url + HOST_LINK)
    wait_ready(host_page)
    link_el = host_page.locator(f"[data-join-link][data-seat='{GUEST}']")
    link_el.wait_for(state="visible", timeout=30_000)
    link = link_el.inner_text()
    page = device(devices_browser, problems, NO_WEBRTC)
    cannot = "This browser cannot connect to another device directly."

    # The setup: "Play on several devices" is unavailable (focusable, grey); pressed, by the
    # pointer or the keyboard, it stays off and says why beside it.
    page.goto(site_url)
    box = page.locator("[data-control=devices]")
    box.wait_for()
    assert page.evaluate("typeof RTCPeerConnection") == "undefined"
    assert box.get_attribute("aria-disabled") == "true"
    # Focusable (pressed, it says why): not disabled.
    assert box.evaluate("(el) => !el.disabled && el.tabIndex === 0")
    described = page.locator(f"#{box.get_attribute('aria-describedby')}").text_content() or ""
    assert described.startswith(cannot) and "Pass-and-play" in described
    why = page.locator("[data-devices-why]")
    assert why.inner_text() == ""
    box.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    assert not box.is_checked()
    assert why.inner_text() == described
    why.evaluate("(el) => { el.textContent = ''; }")
    box.focus()
    page.keyboard.press("Space")
    assert not box.is_checked() and why.inner_text() == described
    assert page.locator("option[value=remote]").count() == 0
    grey, plain = page.evaluate(
        """() => ["devices", "speed"].map((id) =>
             getComputedStyle(document.querySelector(`label[for=${id}]`)).color)"""
    )
    assert grey != plain
    axe_check(page, "the setup without WebRTC, its option pressed")

    # A link with a remote seat: the lobby says the same, and Back leads to the setup with
    # that seat a person's.
    page.goto(site_url + HOST_LINK)
    said = page.locator("[data-net-unavailable]")
    said.wait_for(timeout=60_000)
    assert said.inner_text() == described
    assert page.locator("[data-join-link]").count() == 0
    page.click("[data-control=net-back]")
    page.locator("#seat-kind-1").wait_for()
    assert page.locator("#seat-kind-1").input_value() == "human"
    assert page.locator("[data-control=devices]").get_attribute("aria-disabled") == "true"

    # A join link: the guest's page says it cannot join from this browser, and what to try.
    page.goto(link)
    said.wait_for(timeout=30_000)
    text = said.inner_text()
    assert text.startswith(cannot[:-1]) and "another browser" in text and "Safari" in text, text
    assert page.locator("[data-answer-code]").count() == 0
    assert page.locator("html").get_attribute("data-connection") is None
    assert "RTCPeerConnection" not in page.locator("body").inner_text()
    axe_check(page, "a join link without WebRTC")
    page.goto(link.replace("lang=en", "lang=ko"))
    page.wait_for_selector("html[lang=ko] [data-net-unavailable]", timeout=30_000)
    assert "다른 브라우저" in said.inner_text()
    page.context.close()
    assert not problems
