"""A game on several devices (issue 29, web/js/net/) in Firefox and WebKit, each scenario
written once and run in both engines (docs/TESTING.md "Browsers"; the Chromium tests are
tests/browser/test_devices.py).

Where the page has WebRTC (``typeof RTCPeerConnection``), a host tab and a guest tab of one
browser (two browser contexts in Firefox) connect one remote seat of Nine Virtues over a data
channel with no ICE server, and play the seeded game to its end through the tables' controls:
the guest's page shows its own seat's hand and nothing else, both pages say
``data-connection=connected`` (the guest's ``data-seat`` is its seat), every view the guest
was sent is one the engine gave its seat, and forged messages from the guest's page are
refused with nothing changed. Where it has none (Debian's WebKitGTK is built without WebRTC;
Safari has it), the setup's "Play on several devices" is unavailable and says why, and a link
with a remote seat and a join link say so in words. The branch is on the page's own
``RTCPeerConnection``, so the day this WebKit has it, the game runs in WebKit too.
"""

from __future__ import annotations

import base64
import json
import random
import time
import warnings
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from drivers import ROOT, Tab, problems, wait
from servers import Front

import engine as rules

pytestmark = pytest.mark.browser

SEED = 7
GUEST = 1
HOST_LINK = f"?game=nine-virtues&players=3&seats=human,remote,easy&seed={SEED}&speed=instant"
BOOT_S = 90
READY = "() => document.documentElement.dataset.engine === 'ready'"
SAVE_PREFIX = "parlour:v1:save:"
WORDS = json.loads((ROOT / "web" / "i18n" / "en" / "net.json").read_text(encoding="utf-8"))
HAS_WEBRTC = "() => typeof RTCPeerConnection === 'function'"
PAGE_STATE = (ROOT / "tests" / "data" / "devices_page_state.js").read_text(encoding="utf-8")

# On the guest's page, run once it has loaded and before the host takes its answer: every
# data channel the page uses and every message it received. Its channel comes from the host
# only once the answer is taken, and the page's first call on it is addEventListener
# (net/peer.js), so patching the prototype now sees it from its first message. (No init
# script: WebKit's WebDriver has none.)
CAPTURE = """() => {
  if (window.__channels) return true;
  window.__channels = [];
  window.__received = [];
  const proto = RTCDataChannel.prototype;
  const add = EventTarget.prototype.addEventListener;
  proto.addEventListener = function (...args) {
    if (!window.__channels.includes(this)) {
      window.__channels.push(this);
      add.call(this, "message", ({ data }) => window.__received.push(data));
    }
    return add.apply(this, args);
  };
  return true;
}"""

ATTR = "(name) => document.documentElement.getAttribute(name)"
SAVE = """(prefix) => { const key = Object.keys(localStorage).find((k) => k.startsWith(prefix));
  return key ? JSON.parse(localStorage.getItem(key)).engine : null; }"""
DIALOG = ".overlay .dialog button.primary"
# The next thing `seat`'s page has to do: close a round's summary, or move.
NEXT_STEP = """([seat, dialog]) => document.documentElement.dataset.gameState === "over" ? "over"
  : document.querySelector(dialog) ? "dialog"
  : document.querySelector(`.table[data-awaiting="${seat}"] .nv-table [data-action],
      .table[data-awaiting="${seat}"] .nv-table [data-swap-give]`) ? "turn" : "" """
# Mark one of the elements `selector` finds (the `index`-th, modulo their number) to be
# clicked; -> their number.
PICK = """([selector, index]) => {
  const old = document.querySelectorAll("[data-test-pick]");
  for (const el of old) el.removeAttribute("data-test-pick");
  const found = [...document.querySelectorAll(selector)];
  if (found.length) found[index % found.length].setAttribute("data-test-pick", "");
  return found.length;
}"""
HAND = """() => [...document.querySelectorAll(".nv-table [data-zone=hand] .pc-face[data-rank]")]
  .map((el) => Number(el.dataset.rank)).sort((a, b) => a - b)"""


@pytest.fixture
def guest_tab(engine: Any, tab: Tab) -> Iterator[Tab]:
    """A second tab of the same browser (its own profile), for the guest's device; checked
    for problems as ``tab`` is (``tab`` checks the trap for both)."""
    opened: Tab = engine.open()
    try:
        yield opened
        found = problems(opened)
        assert not found, "the guest's page reported problems:\n" + "\n".join(found)
    finally:
        opened.close()


def press(tab: Tab, selector: str) -> None:
    """Click the element with the pointer, scrolled to the middle of the window first: the
    menu's checkbox at the window's foot (scrolled just into view) took WebKit's driver's
    click on the form around it."""
    tab.js("(sel) => document.querySelector(sel).scrollIntoView({ block: 'center' })", selector)
    tab.click(selector)


def host_save(host: Tab) -> str | None:
    saved: str | None = host.js(SAVE, SAVE_PREFIX)
    return saved


def host_game(host: Tab) -> rules.Game:
    text = host_save(host)
    assert text is not None
    return rules.load_game(text)


def wait_host_moved(
    host: Tab, before: str | None, guest: Tab, mover: tuple[Tab, int, random.Random]
) -> None:
    """Wait until the host has saved a new position, closing its round summaries meanwhile
    (a summary holds the host's table, not the engine). ``mover``: the page that moved, its
    seat, the generator: if after 20 s that seat's turn is still open on its page (its press
    made no move), the move is made once more, and said as a warning with both pages as they
    were. Timed out, both pages are described (tests/data/devices_page_state.js)."""
    retry = True
    while True:
        try:
            wait(
                host,
                """([prefix, before, dialog]) => document.querySelector(dialog) !== null
                     || Object.keys(localStorage).some((k) => k.startsWith(prefix)
                          && JSON.parse(localStorage.getItem(k)).engine !== before)""",
                [SAVE_PREFIX, before, DIALOG],
                timeout=20 if retry else 60,
            )
        except AssertionError as error:
            pages = {who: tab.js(PAGE_STATE) for who, tab in (("host", host), ("guest", guest))}
            page, seat, rng = mover
            if retry:
                retry = False
                if page.js(NEXT_STEP, [seat, DIALOG]) == "turn":
                    said = f"a press made no move; pressed again: {json.dumps(pages)}"
                    warnings.warn(said, stacklevel=2)
                    play_one_turn(page, seat, rng)
                continue
            raise AssertionError(f"the host saved no move: {json.dumps(pages)}") from error
        if host_save(host) != before:
            return
        press(host, DIALOG)


def click_one(tab: Tab, selector: str, rng: random.Random) -> None:
    count = tab.js(PICK, [selector, rng.randrange(1000)])
    assert count, f"nothing to press: {selector}"
    press(tab, "[data-test-pick]")


def play_one_turn(tab: Tab, seat: int, rng: random.Random) -> None:
    """One move of ``seat`` through its page's Nine Virtues table: a bid or a call, else a
    kill (the mode, then the card), else a swap (the card to give, then the one to take)."""
    while wait(tab, NEXT_STEP, [seat, DIALOG]) == "dialog":
        press(tab, DIALOG)
    mine = f'.table[data-awaiting="{seat}"] .nv-table'
    if tab.js("(sel) => document.querySelector(sel) !== null", f"{mine} [data-action]"):
        click_one(tab, f"{mine} [data-action]", rng)
    elif tab.js(
        "(sel) => document.querySelector(sel) !== null", f"{mine} [data-control=kill]:not(.is-off)"
    ):
        press(tab, f"{mine} [data-control=kill]")
        click_one(tab, f"{mine} [data-action^='kill ']", rng)
    else:
        click_one(tab, f"{mine} [data-swap-give]:not(.pc-btn-off)", rng)
        click_one(tab, f"{mine} [data-action^='swap ']", rng)


def received(guest: Tab) -> list[dict[str, Any]]:
    return [json.loads(text) for text in guest.js("() => window.__received")]


def wait_reply(guest: Tab, n: int) -> dict[str, Any]:
    wait(
        guest,
        """(n) => window.__received.some((text) => {
             const m = JSON.parse(text);
             return m.t === "reply" && m.n === n;
           })""",
        n,
        timeout=30,
    )
    reply = next(m for m in received(guest) if m["t"] == "reply" and m.get("n") == n)
    assert "ok" not in reply, reply
    return reply


def forge(guest: Tab, text: str) -> None:
    guest.js("(text) => window.__channels[0].send(text)", text)


def check_hand(guest: Tab, game: rules.Game) -> None:
    """The guest's page shows its seat's hand as the engine has it, and no other hand."""
    view = json.loads(json.dumps(game.view(GUEST)))
    assert guest.js(HAND) == sorted(view["hand"])
    assert guest.js("() => document.querySelectorAll('.table-body [data-zone=hand]').length") == 1


def check_pages(host: Tab, guest: Tab) -> None:
    assert host.js(ATTR, "data-connection") == "connected"
    assert guest.js(ATTR, "data-connection") == "connected"
    assert host.js(ATTR, "data-seat") is None
    assert guest.js(ATTR, "data-seat") == str(GUEST)


def history_views(game: rules.Game, seat: int) -> set[str]:
    """view(seat) after each decision of ``game``, replayed from its setup (as JSON)."""
    save = json.loads(game.to_json())
    options = {k: v for k, v in save["options"].items() if v is not None}
    replay = rules.new_game(
        save["game"], players=save["players"], seed=save["seed"], options=options
    )
    views = {json.dumps(replay.view(seat), sort_keys=True)}
    for entry in save["log"]:
        replay.apply(entry["action"])
        views.add(json.dumps(replay.view(seat), sort_keys=True))
    return views


def connect(host: Tab, guest: Tab, front: Front) -> None:
    """The host's link (the host's page has opened HOST_LINK), the guest's answer pasted on
    the host's page, both connected."""
    link: str = wait(
        host,
        """(seat) => { const el = document.querySelector(`[data-join-link][data-seat="${seat}"]`);
             return el && el.checkVisibility() ? el.textContent : ""; }""",
        GUEST,
        timeout=30,
    )
    assert link.startswith(front.url) and "#join=p1j." in link, link
    assert host.js(ATTR, "data-connection") == "connecting"
    guest.goto(link)
    assert guest.js(CAPTURE)
    answer: str = wait(
        guest,
        """() => { const el = document.querySelector("[data-answer-code]");
             return el && !el.hidden ? el.textContent : ""; }""",
        timeout=30,
    )
    assert answer.startswith("p1a."), answer
    assert guest.js(ATTR, "data-seat") == str(GUEST)
    assert guest.js(ATTR, "data-connection") == "connecting"
    host.js(
        """([seat, text]) => {
             const el = document.querySelector(`[data-answer-input][data-seat="${seat}"]`);
             el.value = text; el.dispatchEvent(new Event("input", { bubbles: true })); }""",
        [GUEST, answer],
    )
    press(host, f"[data-control=net-connect][data-seat='{GUEST}']")
    for page in (host, guest):
        wait(page, "() => document.documentElement.dataset.connection === 'connected'", timeout=30)
        wait(page, "() => document.documentElement.dataset.gameState === 'playing'", timeout=60)


def forge_and_check(host: Tab, guest: Tab, game: rules.Game) -> None:
    """On the guest's turn, forged messages from its page: each refused, nothing changes."""
    before = host_save(host)
    legal = game.legal_actions()
    illegal = next(a for a in ("bid 1", "bid 2", "bid 4", "bid 8", "bid 3") if a not in legal)
    act = {"t": "act", "seat": GUEST, "action": legal[0]}
    forge(guest, json.dumps({**act, "n": 901, "seat": 0}))
    assert wait_reply(guest, 901)["refused"] == "wrong-seat"
    forge(guest, json.dumps({**act, "n": 902, "seat": 2}))
    assert wait_reply(guest, 902)["refused"] == "wrong-seat"
    forge(guest, json.dumps({**act, "n": 903, "action": illegal}))
    assert wait_reply(guest, 903)["error"]["code"] == "illegal"
    # Malformed or too long: refused with no reply (the host cannot trust its number);
    # a well-formed one after them is still answered, and changed nothing either.
    forge(guest, "{not json")
    forge(guest, json.dumps({**act, "n": 904, "x": 1}))
    forge(guest, "x" * 5000)
    forge(guest, json.dumps({**act, "n": 905, "seat": 0}))
    assert wait_reply(guest, 905)["refused"] == "wrong-seat"
    assert not any(m.get("n") == 904 for m in received(guest) if m["t"] == "reply")
    assert host_save(host) == before, "a forged message changed the game"
    assert host_game(host).to_act == GUEST


def two_devices(host: Tab, guest: Tab, front: Front) -> None:
    connect(host, guest, front)
    check_pages(host, guest)
    rng = random.Random(SEED)
    moves = {0: 0, GUEST: 0}
    forged = checked = 0
    for _ in range(300):
        game = host_game(host)
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        before = host_save(host)
        if seat == GUEST:
            if checked < 4:
                # The guest's page, its turn come: its own hand, both pages connected.
                while wait(guest, NEXT_STEP, [GUEST, DIALOG]) == "dialog":
                    press(guest, DIALOG)
                check_hand(guest, game)
                check_pages(host, guest)
                checked += 1
            if not forged:
                forge_and_check(host, guest, game)
                forged += 1
            play_one_turn(guest, GUEST, rng)
        elif seat == 0:
            if moves[GUEST] == 0 and not forged:
                # Out of turn: the host is to move, not the guest.
                forge(
                    guest,
                    json.dumps(
                        {"t": "act", "n": 900, "seat": GUEST, "action": game.legal_actions()[0]}
                    ),
                )
                assert wait_reply(guest, 900)["refused"] == "not-your-turn"
                assert host_save(host) == before
            play_one_turn(host, 0, rng)
        moves[seat] = moves.get(seat, 0) + 1
        wait_host_moved(host, before, guest, (guest if seat == GUEST else host, seat, rng))
    game = host_game(host)
    assert game.is_over, "the game did not end"
    assert forged and checked == 4 and moves[GUEST] > 3 and moves[0] > 3, moves
    # Both pages show the final totals, the engine's.
    for page in (host, guest):
        while (
            wait(
                page,
                """(d) => document.documentElement.dataset.gameState === "over" ? "over"
                     : document.querySelector(d) ? "dialog" : "" """,
                DIALOG,
            )
            == "dialog"
        ):
            press(page, DIALOG)
        shown = page.js(
            """() => [...document.querySelectorAll(".final-totals li strong")]
                 .map((el) => el.textContent)"""
        )
        assert sorted(int(s.replace("\u2212", "-")) for s in shown) == sorted(game.totals)
    # The guest was sent its own seat's views and nothing else, and stored nothing.
    views = history_views(game, GUEST)
    states = [m for m in received(guest) if m["t"] == "state"]
    assert states
    for message in states:
        assert set(message) == {"t", "v", "view"}
        assert json.dumps(message["view"], sort_keys=True) in views
    assert {m["t"] for m in received(guest)} <= {"setup", "state", "reply", "seats"}
    assert "seed" not in next(m for m in received(guest) if m["t"] == "setup")["setup"]
    assert (
        guest.js("() => Object.keys(localStorage).filter((k) => k.startsWith('parlour:v1:'))") == []
    )
    print(f"\n{moves[0]} moves of the host, {moves[GUEST]} of the guest, {len(states)} views sent")


def join_link(front: Front) -> str:
    """A join link as a host would send it (codes.js: "p1j." + base64url(deflate-raw(JSON))),
    for a browser that cannot make one."""
    sdp = "v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"
    payload = {"game": "nine-virtues", "players": 3, "seat": GUEST, "sdp": sdp}
    packer = zlib.compressobj(wbits=-15)
    packed = packer.compress(json.dumps(payload).encode()) + packer.flush()
    code = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    return f"{front.url}index.html?lang=en#join=p1j.{code}"


def no_webrtc(tab: Tab, front: Front) -> None:
    """The page has opened HOST_LINK, in a browser without WebRTC."""
    cannot = WORDS["no-webrtc"]
    said = """() => { const el = document.querySelector("[data-net-unavailable]");
      return el ? el.textContent : ""; }"""
    # A link with a remote seat: the lobby says so; Back leads to the setup.
    assert wait(tab, said, timeout=30) == cannot
    assert tab.js("() => document.querySelector('[data-join-link]')") is None
    press(tab, "[data-control=net-back]")
    # The setup: "Play on several devices" is unavailable, the remote seat a person's;
    # pressed, the option stays off and says why beside it.
    box = "[data-control=devices]"
    wait(tab, "(sel) => document.querySelector(sel) !== null", box, timeout=30)
    aria = tab.js("(sel) => document.querySelector(sel).getAttribute('aria-disabled')", box)
    assert aria == "true"
    described = tab.js(
        """(sel) => document.getElementById(document.querySelector(sel)
             .getAttribute("aria-describedby")).textContent""",
        box,
    )
    assert described == cannot
    assert tab.js("() => document.querySelector('#seat-kind-1').value") == "human"
    press(tab, box)
    assert tab.js("(sel) => document.querySelector(sel).checked", box) is False
    assert tab.js("() => document.querySelector('[data-devices-why]').textContent") == cannot
    assert tab.js("() => document.querySelectorAll('option[value=remote]').length") == 0
    # A join link: the guest's page says it cannot join from this browser, and what to try.
    tab.goto(join_link(front))
    assert wait(tab, said, timeout=BOOT_S) == WORDS["no-webrtc-guest"]
    assert tab.js("() => document.querySelector('[data-answer-code]')") is None
    assert tab.js(ATTR, "data-connection") is None
    assert "RTCPeerConnection" not in tab.js("() => document.body.innerText")


def test_several_devices(
    engine: Any, tab: Tab, front: Front, request: pytest.FixtureRequest
) -> None:
    """Two devices play a game, where the page has WebRTC; where it has none, the page says
    so plainly. Branched on the page itself, not on the engine's name: Debian's WebKitGTK
    (here and in CI) is built without WebRTC, Safari and a future WebKitGTK may have it, and
    then this plays the game in WebKit too."""
    start = time.monotonic()
    # Each page is left only once its engine is ready: leaving one still importing its
    # modules makes WebKit report the import cancelled, as a console error.
    tab.goto(front.url + HOST_LINK)
    wait(tab, READY, timeout=BOOT_S)
    has = tab.js(HAS_WEBRTC)
    if has:
        # The guest's tab only now: a browser without WebRTC needs none.
        two_devices(tab, request.getfixturevalue("guest_tab"), front)
    else:
        no_webrtc(tab, front)
    what = "a game on two devices" if has else "no WebRTC: the plain words"
    print(f"\n{engine.name}: {what} in {time.monotonic() - start:.1f} s")
