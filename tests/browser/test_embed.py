"""The embed kit, as a magazine's reader meets it: a cross-site iframe with storage
partitioned as in real browsers.

The game is served on 127.0.0.1 (the site fixture); host pages ("the magazine") are served
by a second tiny server reached as ``localhost``, another site. Playwright normally turns
third-party storage partitioning off, which blocks a cross-site frame's storage outright; the
partitioned browser here is launched with our own ``--disable-features`` list, without
``ThirdPartyStoragePartitioning``, and a test checks that partitioning is really on. A
browser with Playwright's default features is the storage-blocked case.

Covered: the cover and what it costs before Play (bytes, and no runtime request), Play to
ready, an all-computer game to the end, both resize message formats and how fast they follow
a layout change, the frame keeping the height it was given while a game is on (the log behind
"Moves", by keyboard), no horizontal overflow at 300 px, "Open full screen" carrying a game in
progress to the full site, storage-blocked and sandboxed frames (a notice or a link, never a
blank frame), the builder's snippet pasted into a host page, the oEmbed files and discovery
links, export and import in the menu, and ``index.html?embed=1``.
"""

from __future__ import annotations

import base64
import functools
import http.server
import json
import re
import threading
import zlib
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit
from urllib.request import urlopen

import pytest
from browser_support import SAVE_PREFIX, axe_check, saved_games, wait_for_new_save, wait_ready
from playwright.sync_api import Browser, BrowserContext, Frame, Page, Playwright

import engine
from sitebuild.embed_pages import oembed, site_base_url
from sitebuild.steps import StepFailed

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser

BOOT_MS = 120_000
COVER_BUDGET = 50_000  # bytes an embed may fetch before Play, headers included (words apart)
I18N_FILES = r"/js/i18n/(?!index\.)[a-z-]+\.js$|/js/words/message-format\.js$"
"""The language's catalog and the message formatter (not js/i18n/index.js, the list of them)."""
SANDBOX = "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
HOST_RULES = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"
# Playwright's own --disable-features list (chromiumSwitches), less ThirdPartyStoragePartitioning:
# the last --disable-features on the command line wins.
FEATURES_OFF = (
    "AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,"
    "HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,"
    "AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying,"
    "AimEnabled,PreconnectToSearch"
)
DEMO = "game=to-the-moon&players=2&seats=bot,bot&seed=7&level=easy&speed=instant"

# The host page: records every message it receives, with the time (epoch ms).
HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>The Magazine</title>
<script>
  window.got = [];
  addEventListener("message", (e) => got.push(
    { origin: e.origin, data: e.data, at: performance.timeOrigin + performance.now() }));
</script></head>
<body style="margin:0"><h1>Today's puzzle</h1>
{body}
</body></html>
"""


def iframe(src: str, *, width: str = "100%", height: int = 400, sandbox: str = SANDBOX) -> str:
    return (
        f'<iframe id="game" src="{src}" title="A card game" width="{width}" height="{height}"'
        f' style="border:0;width:{width}" loading="lazy" allow="fullscreen"'
        f' sandbox="{sandbox}"></iframe>'
    )


# --- servers, browsers, watchers ------------------------------------------------------------


class HostSite:
    """The magazine: a folder of pages served on 127.0.0.1, addressed as ``localhost``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

        handler = functools.partial(Quiet, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.origin = f"http://localhost:{self.server.server_address[1]}"

    def page(self, name: str, body: str) -> str:
        (self.folder / name).write_text(HOST_PAGE.replace("{body}", body))
        return f"{self.origin}/{name}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostSite]:
    site = HostSite(tmp_path_factory.mktemp("magazine"))
    yield site
    site.close()


def launch(playwright: Playwright, launch_args: dict[str, Any], *, partitioned: bool) -> Browser:
    args = [a for a in launch_args.get("args", []) if not a.startswith("--host-resolver-rules")]
    args.append(HOST_RULES)
    if partitioned:
        args.append(f"--disable-features={FEATURES_OFF}")
    return playwright.chromium.launch(**{**launch_args, "args": args})


@pytest.fixture(scope="module")
def partitioned(
    playwright: Playwright, browser_type_launch_args: dict[str, Any]
) -> Iterator[Browser]:
    """Chromium as readers have it: a cross-site frame gets its own partitioned storage."""
    browser = launch(playwright, browser_type_launch_args, partitioned=True)
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def blocking(playwright: Playwright, browser_type_launch_args: dict[str, Any]) -> Iterator[Browser]:
    """Chromium with Playwright's own features: a cross-site frame has no storage at all."""
    browser = launch(playwright, browser_type_launch_args, partitioned=False)
    yield browser
    browser.close()


def watch_context(
    context: BrowserContext, problems: list[str], host: HostSite, allow: tuple[str, ...] = ()
) -> None:
    """Fail the test on console errors, page errors and requests to other hosts, in every
    page of ``context`` (frames included); ``allow``: console errors the test expects."""

    def on_page(page: Page) -> None:
        def on_console(message: Any) -> None:
            if message.type == "error" and not any(a in message.text for a in allow):
                problems.append(f"console error on {page.url}: {message.text}")

        page.on("console", on_console)
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))

    def on_request(request: Any) -> None:
        if not request.url.startswith(("http://127.0.0.1:", host.origin, "blob:", "data:")):
            problems.append(f"request to another host: {request.url}")

    context.on("page", on_page)
    context.on("request", on_request)


def game_frame(page: Page) -> Frame:
    """The host page's game frame, once it has navigated to the embed."""
    frame = page.wait_for_selector("iframe").content_frame()
    assert frame is not None, "the iframe has no frame"
    frame.wait_for_url(lambda url: "/embed.html" in url)
    return frame


def heights(page: Page) -> dict[str, list[int]]:
    """Heights the host received, by format."""
    got: list[dict[str, Any]] = page.evaluate("window.got")
    amp = [
        int(m["data"]["height"])
        for m in got
        if isinstance(m["data"], dict) and m["data"].get("sentinel") == "amp"
    ]
    pym = [
        int(m["data"].split("xPYMx")[3])
        for m in got
        if isinstance(m["data"], str) and m["data"].startswith("pymxPYMx")
    ]
    return {"amp": amp, "pym": pym}


def no_horizontal_overflow(frame: Frame) -> None:
    widths = frame.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"the embed overflows sideways: {widths}"


# --- the reader's way through -------------------------------------------------------------------


def test_cover_costs_little_then_play_boots_and_plays_to_the_end(
    partitioned: Browser, host: HostSite, site_url: str, problems: list[str]
) -> None:
    context = partitioned.new_context(viewport={"width": 390, "height": 844})
    watch_context(context, problems, host)
    fetched: list[tuple[str, int]] = []
    context.on(
        "requestfinished",
        lambda r: fetched.append(
            (r.url, r.sizes()["responseBodySize"] + r.sizes()["responseHeadersSize"])
        ),
    )
    page = context.new_page()
    src = f"{site_url}embed.html?{DEMO}&childId=puzzle"
    page.goto(host.page("demo.html", iframe(src, width="300px")))
    frame = game_frame(page)

    # The cover: name, pitch, Play, rules link; the frame reports its height both ways.
    frame.wait_for_selector("html[data-embed=cover]")
    assert frame.locator(".cover h1").inner_text() == "To the Moon"
    assert frame.locator(".cover .pitch").inner_text()
    assert frame.locator("button.play").is_visible()
    rules = frame.locator("a.rules-link").get_attribute("href") or ""
    assert urlsplit(rules).path.endswith("/to-the-moon.html") and rules.endswith("#how-to-play")
    assert parse_qs(urlsplit(rules).query)["lang"] == ["en"], "the rules in the frame's language"
    assert frame.evaluate("document.documentElement.dataset.engine") == "idle"
    no_horizontal_overflow(frame)
    page.wait_for_function("() => window.got.length >= 2")
    got = page.evaluate("window.got")
    assert any(
        m["data"].startswith("pymxPYMxpuzzlexPYMxheightxPYMx")
        for m in got
        if isinstance(m["data"], str)
    )
    assert {m["origin"] for m in got} == {site_url.rstrip("/")}
    cover_height = frame.evaluate(
        "Math.ceil(document.documentElement.getBoundingClientRect().height)"
    )
    assert heights(page)["amp"][-1] == heights(page)["pym"][-1] == cover_height

    # Nothing of the runtime before Play, and well under 50 KB in all, besides the words: the
    # language's catalog (js/i18n/<lang>.js, every area's messages) and the message formatter
    # (js/words/message-format.js), counted apart (docs/WEB.md "Languages and catalogs": they grow
    # with the catalogs, which load whole).
    page.wait_for_timeout(500)  # anything late would show up now
    before = [(url, size) for url, size in fetched if url.startswith(site_url)]
    words = [(url, size) for url, size in before if re.search(I18N_FILES, url)]
    total = sum(size for _, size in before) - sum(size for _, size in words)
    print(
        f"\nembed cover: {total} bytes (bodies and headers) in {len(before)} requests,"
        f" and {sum(size for _, size in words)} bytes of words in {len(words)}"
    )
    assert total < COVER_BUDGET, before
    assert len(words) == 2, "one catalog (the page's language) and the formatter"
    runtime = [
        url for url, _ in before if re.search(r"/(vendor/(?!intl-)|py/)|pyscript|pyodide", url)
    ]
    assert runtime == []

    # A layout change reaches the host within 100 ms, in both formats.
    sent_at = frame.evaluate(
        """() => { const probe = document.createElement("div");
             probe.id = "probe"; probe.style.height = "333px";
             const at = performance.timeOrigin + performance.now();
             document.querySelector(".embed-shell").append(probe); return at; }"""
    )
    target = cover_height + 333
    page.wait_for_function(
        "(h) => window.got.filter((m) => m.data && m.data.height === h).length > 0", arg=target
    )
    got = page.evaluate("window.got")
    amp_at = min(
        m["at"] for m in got if isinstance(m["data"], dict) and m["data"]["height"] == target
    )
    pym_at = min(
        m["at"] for m in got if isinstance(m["data"], str) and m["data"].endswith(f"x{target}")
    )
    amp_ms, pym_ms = amp_at - sent_at, pym_at - sent_at
    print(f"resize messages {amp_ms:.1f} ms (AMP), {pym_ms:.1f} ms (Pym) after the change")
    assert amp_ms < 100 and pym_ms < 100
    frame.evaluate("document.getElementById('probe').remove()")

    # Play: the runtime loads now, the game plays to the end.
    frame.locator("button.play").click()
    wait_ready(frame, BOOT_MS)
    ready_ms = frame.evaluate(
        "performance.measure('play-to-ready', 'parlour:play', 'parlour:ready').duration"
    )
    print(f"embed: Play to ready {ready_ms:.0f} ms")
    assert any("/vendor/pyodide-" in url for url, _ in fetched)
    frame.wait_for_selector("html[data-game-state=over]", timeout=BOOT_MS)
    twin = engine.new_game("to-the-moon", 2, seed=7)
    while not twin.is_over:
        twin.apply(twin.bot_action("easy", 7))
    saves = frame_saves(frame)
    assert [s["engine"] for s in saves.values()] == [twin.to_json()]
    no_horizontal_overflow(frame)

    # The host heard the game's height, in both formats: the frame was given 400 px, less
    # than a table needs, so it has PLAY_MIN_HEIGHT (embed.js) from Play to the end.
    assert heights(page)["pym"][-1] == heights(page)["amp"][-1] == PLAY_MIN_HEIGHT

    # Storage really is partitioned: the site itself does not see the embed's save.
    top = context.new_page()
    top.goto(site_url + "embed-builder.html")
    assert saved_games(top) == {}
    context.close()


def frame_saves(frame: Frame) -> dict[str, dict[str, Any]]:
    raw: dict[str, str] = frame.evaluate(
        """(prefix) => Object.fromEntries(Object.keys(localStorage)
             .filter((k) => k.startsWith(prefix)).map((k) => [k, localStorage.getItem(k)]))""",
        SAVE_PREFIX,
    )
    return {key: json.loads(value) for key, value in raw.items()}


def decode_code(code: str) -> dict[str, Any]:
    """A save code (savecode.js), read in Python: the format is plain deflate and base64url."""
    kind, _, body = code.partition(".")
    raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    data: dict[str, Any] = json.loads(zlib.decompress(raw, -15) if kind == "p1z" else raw)
    return data


MY_MOVE = ".table[data-awaiting='0'] [data-action]"
PLAY_MIN_HEIGHT = 480
"""embed.js's least height for a game: a frame given less grows to it when Play is pressed."""


def test_open_full_screen_carries_the_game_in_progress_and_a_code_brings_it_back(
    partitioned: Browser, host: HostSite, site_url: str, problems: list[str]
) -> None:
    context = partitioned.new_context(viewport={"width": 390, "height": 844})
    watch_context(context, problems, host)
    page = context.new_page()
    src = f"{site_url}embed.html?game=to-the-moon&players=2&seats=human,bot&seed=11&level=easy"
    resizer = f'<script async src="{site_url}embed-resize.js"></script>'
    page.goto(host.page("carry.html", iframe(src, width="300px", height=500) + resizer))
    frame = game_frame(page)
    frame.wait_for_selector("button.play")
    assert "this site only" in frame.locator(".storage-note").inner_text()
    frame.locator("button.play").click()
    frame.wait_for_selector(MY_MOVE, timeout=BOOT_MS)
    frame.locator(MY_MOVE).first.click()
    frame.wait_for_selector(MY_MOVE, timeout=30_000)
    no_horizontal_overflow(frame)

    # While the game is on, the resize script keeps the frame at the height it was given.
    page.wait_for_function(
        """() => { const f = document.getElementById("game");
             return f.style.height === "500px" && f.getBoundingClientRect().height === 500; }"""
    )

    # The save code, copied without the Clipboard API (the host grants this frame none).
    frame.locator(".save-code-button").click()
    frame.wait_for_selector(".embed-code .save-export[data-code]")
    frame.locator(".embed-code .copy-code").click()
    frame.wait_for_selector(".embed-code [role=status]:has-text('Copied')")
    code = frame.locator(".embed-code .save-export").get_attribute("data-code") or ""
    (save_id, save), *others = frame_saves(frame).items()
    assert others == [] and decode_code(code)["engine"] == save["engine"]
    frame.locator(".save-code-button").click()

    # Open full screen: a new tab on our origin continues the very same game.
    link = frame.locator(".embed-bar a.full-screen")
    assert link.get_attribute("target") == "_blank"
    frame.wait_for_function(
        "() => (document.querySelector('.embed-bar a.full-screen')?.href || '')"
        ".includes('#import=p1')"
    )
    carried_code = (link.get_attribute("href") or "").split("#import=")[1]
    assert decode_code(carried_code)["engine"] == save["engine"]
    with context.expect_page() as popup_info:
        link.click()
    full = popup_info.value
    wait_ready(full, BOOT_MS)
    full.wait_for_selector(MY_MOVE, timeout=30_000)
    assert urlsplit(full.url).netloc.startswith("127.0.0.1")
    assert "import=" not in full.url and f"resume={save_id.split(':')[-1]}" in full.url
    assert [r["engine"] for r in saved_games(full).values()] == [save["engine"]]

    # A move on the site, then its code back into the embed (Menu, Import).
    full.locator(MY_MOVE).first.click()
    full.wait_for_selector(MY_MOVE, timeout=30_000)
    # The old move buttons may still be on screen: wait for the autosave of the new move.
    wait_for_new_save(full, save["engine"])
    assert len(saved_games(full)) == 1
    site_save = next(iter(saved_games(full).values()))
    back = full.evaluate(
        "async (r) => (await import('./js/saves/savecode.js')).encodeSave(r)", site_save
    )
    frame.locator(".table-head .menu-button").click()
    frame.wait_for_selector("html[data-embed=cover]")
    assert frame.locator("button.continue").is_visible()
    frame.locator("button.import-open").click()
    frame.fill("#import-code", back)
    frame.locator("button.import-code").click()
    frame.wait_for_selector(MY_MOVE, timeout=30_000)
    assert [r["engine"] for r in frame_saves(frame).values()] == [site_save["engine"]]
    context.close()


def test_a_storage_blocked_frame_says_so_and_links_to_a_new_tab(
    blocking: Browser, host: HostSite, site_url: str, problems: list[str]
) -> None:
    context = blocking.new_context(viewport={"width": 390, "height": 844})
    watch_context(context, problems, host)
    page = context.new_page()
    page.goto(host.page("blocked.html", iframe(f"{site_url}embed.html?{DEMO}")))
    frame = game_frame(page)
    frame.wait_for_selector("html[data-embed=cover]")
    assert "does not let embedded games save" in frame.locator(".storage-note").inner_text()
    frame.locator("button.play").click()
    frame.wait_for_selector("html[data-embed=fallback]", timeout=30_000)
    assert frame.locator("#fallback").is_visible()
    link = frame.locator("#fallback-link")
    href = link.get_attribute("href") or ""
    assert href.startswith(site_url + "index.html?") and link.get_attribute("target") == "_blank"
    assert parse_qs(urlsplit(href).query)["seed"] == ["7"]
    assert "storage" in frame.locator("#fallback-why").inner_text()
    context.close()


def test_a_sandbox_without_same_origin_gets_the_fallback_not_a_blank_frame(
    partitioned: Browser, host: HostSite, site_url: str, problems: list[str]
) -> None:
    context = partitioned.new_context(viewport={"width": 390, "height": 844})
    # The browser itself reports the refused module (no CORS from an opaque origin).
    watch_context(context, problems, host, allow=("CORS policy", "net::ERR_FAILED"))
    page = context.new_page()
    page.goto(
        host.page(
            "sandboxed.html",
            iframe(f"{site_url}embed.html?{DEMO}", sandbox="allow-scripts allow-popups"),
        )
    )
    frame = game_frame(page)
    frame.wait_for_selector("#fallback:not([hidden])", timeout=30_000)
    href = frame.locator("#fallback-link").get_attribute("href") or ""
    assert "index.html?game=to-the-moon" in href
    assert frame.locator("#fallback h1").inner_text()
    context.close()


def test_an_embed_in_a_browser_without_webassembly_says_so_and_keeps_its_height_told(
    partitioned: Browser, host: HostSite, site_url: str, problems: list[str]
) -> None:
    """js/watchdog.js in a frame (test_watchdog.py has the pages): what is missing, a Reload
    button, the game in a new tab, and the host told the frame's new height."""
    context = partitioned.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script("delete window.WebAssembly")
    watch_context(context, problems, host)
    page = context.new_page()
    page.goto(host.page("no-wasm.html", iframe(f"{site_url}embed.html?game=to-the-moon")))
    frame = game_frame(page)
    frame.wait_for_selector("section.watchdog[data-watchdog=missing]", timeout=30_000)
    assert "Lockdown Mode" in frame.locator("section.watchdog").inner_text()
    assert frame.locator("[data-watchdog-reload]").is_visible()
    link = frame.locator("section.watchdog a[target=_blank]")
    assert link.get_attribute("href") == "index.html?game=to-the-moon"
    page.wait_for_function(
        "() => got.some((m) => m.data && m.data.sentinel === 'amp' && m.data.height > 0)"
    )
    context.close()


# --- the builder and oEmbed --------------------------------------------------------------------


def test_the_builder_snippet_works_pasted_into_a_host_page(
    partitioned: Browser, host: HostSite, site_url: str, problems: list[str]
) -> None:
    context = partitioned.new_context(viewport={"width": 390, "height": 844})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    watch_context(context, problems, host)
    builder = context.new_page()
    builder.goto(site_url + "embed-builder.html")
    builder.select_option("#b-game", "quodlibet")
    builder.select_option("#b-seat-1", "human")
    builder.check("#b-deal-fixed")
    builder.fill("#b-seed", "4242")
    builder.fill("#b-height", "480")
    builder.click("#copy-snippet")
    builder.wait_for_selector("#copy-status:has-text('Copied')")
    code = builder.locator("#snippet").input_value()
    assert builder.evaluate("navigator.clipboard.readText()") == code
    assert code.count("<iframe") == 1 and 'loading="lazy"' in code and 'allow="fullscreen"' in code
    assert f'sandbox="{SANDBOX}"' in code and 'title="Quodlibet' in code and 'height="480"' in code
    assert f'<script async src="{site_url}embed-resize.js"></script>' in code
    builder.close()

    page = context.new_page()
    page.goto(host.page("pasted.html", code))
    frame = game_frame(page)
    frame.wait_for_selector("html[data-embed=cover]")
    assert frame.locator(".cover h1").inner_text() == "Quodlibet"
    assert "number 4242" in frame.locator(".cover .who").inner_text()
    assert "2 people" in frame.locator(".cover .who").inner_text()
    # The resize script sized the frame to its cover.
    cover = frame.evaluate("Math.ceil(document.documentElement.getBoundingClientRect().height)")
    page.wait_for_function(
        "(h) => document.querySelector('iframe').getBoundingClientRect().height === h", arg=cover
    )
    context.close()


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("link", "iframe", "script"):
            self.links.append({"tag": tag, **dict(attrs)})


def test_oembed_files_and_discovery_links(site_url: str) -> None:
    for game_id, info in engine.GAMES.items():
        page = urlopen(f"{site_url}{game_id}.html").read().decode()
        found = Links()
        found.feed(page)
        discovery = [link for link in found.links if link.get("type") == "application/json+oembed"]
        assert len(discovery) == 1 and discovery[0]["rel"] == "alternate"
        href = discovery[0]["href"] or ""
        assert href.startswith(("http://", "https://")), "oEmbed discovery needs an absolute URL"
        path = urlsplit(href).path
        data = json.loads(urlopen(site_url + path.lstrip("/")).read())
        assert data["version"] == "1.0" and data["type"] == "rich"
        assert data["provider_name"] == "Parlour" and info["name"] in data["title"]
        assert isinstance(data["width"], int) and isinstance(data["height"], int)
        snippet = Links()
        snippet.feed(data["html"])
        frames = [link for link in snippet.links if link["tag"] == "iframe"]
        assert len(frames) == 1
        frame = frames[0]
        assert (
            frame["src"]
            == f"{urlsplit(href).scheme}://{urlsplit(href).netloc}/embed.html?game={game_id}"
        )
        assert frame["title"] and frame["loading"] == "lazy" and frame["allow"] == "fullscreen"
        assert frame["sandbox"] == SANDBOX
        assert f'<meta name="parlour-game" content="{game_id}">' in page


def test_the_base_url_comes_from_the_option_then_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("PARLOUR_BASE_URL", raising=False)
    monkeypatch.delenv("URL", raising=False)
    assert site_base_url(None) == "http://127.0.0.1:8000"
    monkeypatch.setenv("URL", "https://parlour.netlify.app")
    assert site_base_url(None) == "https://parlour.netlify.app"
    monkeypatch.setenv("PARLOUR_BASE_URL", "https://games.example.org/parlour/")
    assert site_base_url(None) == "https://games.example.org/parlour"
    assert site_base_url("https://x.example") == "https://x.example"
    with pytest.raises(StepFailed):
        site_base_url("parlour.example")
    html = oembed("https://games.example.org", "quodlibet", "Quodlibet")["html"]
    assert 'src="https://games.example.org/embed.html?game=quodlibet"' in html


# --- the full site's side -----------------------------------------------------------------------


def test_embed_1_on_the_full_site_opens_the_embed(page: Page, site_url: str) -> None:
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{site_url}?embed=1&game=nine-virtues&players=3")
    page.wait_for_selector("html[data-embed=cover]")
    assert urlsplit(page.url).path.endswith("/embed.html")
    assert page.locator(".cover h1").inner_text() == "Nine Virtues"
    page.wait_for_timeout(500)  # nothing to wait for: a late request would show up by now
    # Nothing of the runtime.
    runtime = [url for url in requests if re.search(r"/vendor/|/py/", url)]
    assert not runtime


def test_the_menu_exports_and_imports_a_saved_game(
    page: Page, open_game: Callable[..., Page]
) -> None:
    game = engine.new_game("to-the-moon", 3, seed=3)
    for _ in range(5):
        game.apply(game.bot_action("easy", 1))
    record = {
        "format": "parlour-web-save",
        "version": 1,
        "id": "gexport-1",
        "setup": {
            "game": "to-the-moon",
            "players": 3,
            "seats": ["human", "bot", "bot"],
            "names": ["Ada", "Computer 2", "Computer 3"],
            "level": "easy",
            "seed": 3,
            "speed": "normal",
        },
        "engine": game.to_json(),
        "round": game.round,
        "over": False,
        "toAct": "Ada",
        "created": "2026-01-02T10:00:00.000Z",
        "updated": "2026-01-02T10:05:00.000Z",
    }
    key, value = json.dumps(SAVE_PREFIX + "gexport-1"), json.dumps(json.dumps(record))
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem({key}, {value}); }}"
    )
    open_game("", ready=False)
    page.locator(".save button.export").click()
    page.wait_for_selector(".save-export[data-code]")
    code = page.locator(".save-export").get_attribute("data-code") or ""
    assert code.startswith("p1z.") and len(code) < 4000
    page.locator(".save button.delete").click()
    assert saved_games(page) == {}

    page.locator(".import-save summary").click()
    page.fill("#import-code", code[:-6])
    page.click("button.import-code")
    page.wait_for_selector(".save-import [data-kind=error]")
    assert saved_games(page) == {}
    page.fill("#import-code", code)
    page.click("button.import-code")
    # Checked by the engine before "Imported": that waits for the engine to be ready.
    page.wait_for_selector(".save-import [data-kind=ok]", timeout=BOOT_MS)
    saves = saved_games(page)
    assert list(saves) == ["gexport-1"]
    assert saves["gexport-1"]["engine"] == record["engine"]
    assert saves["gexport-1"]["setup"] == record["setup"]
    assert page.locator(".save").count() == 1

    # And it continues, on the engine.
    wait_ready(page, BOOT_MS)
    page.locator(".save button.continue").click()
    page.wait_for_selector(".table", timeout=30_000)
    assert "resume=gexport-1" in page.url


def test_a_bad_embed_link_says_why_and_offers_every_game(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}embed.html?game=chess&childId=x")
    page.wait_for_selector("html[data-embed=cover]")
    assert "no game called" in page.locator(".notice").inner_text()
    assert page.locator(".cover-game").count() == len(engine.GAMES)
    assert page.evaluate("document.documentElement.dataset.engine") == "idle"


def test_autostart_boots_at_once_and_plays(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}embed.html?{DEMO}&autostart=1")
    page.wait_for_selector("html[data-game-state=over]", timeout=BOOT_MS)
    assert page.locator(".final .headline").inner_text()
    assert page.locator(".embed-bar a.full-screen").is_visible()


# --- the frame keeps its height while a game is on ------------------------------------------------

PLAYER = "players=4&seats=human,bot,bot,bot&level=easy&speed=instant&seed=11"
TABLE_MOVE = ".table[data-awaiting='0'] .table-body [data-action]:not([disabled])"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_frame_keeps_the_height_it_was_given_and_the_log_is_a_moves_dialog(
    partitioned: Browser, host: HostSite, site_url: str, problems: list[str], lang: str
) -> None:
    """A 360 px phone, a frame given 640 px with the resize script (issue 26: it grew 735 →
    1383 px in four moves, pushing the article down). From Play on, every height the host
    hears, in both formats, is the height at the start, at most the given one, however many
    moves are made; the log is behind "Moves", a dialog opened and closed by keyboard; axe
    finds nothing in the frame, with the dialog shut and open."""
    given = 640
    context = partitioned.new_context(viewport={"width": 360, "height": 800})
    watch_context(context, problems, host)
    page = context.new_page()
    src = f"{site_url}embed.html?game=quodlibet&{PLAYER}&lang={lang}"
    resizer = f'<script async src="{site_url}embed-resize.js"></script>'
    page.goto(host.page(f"keeps-{lang}.html", iframe(src, height=given) + resizer + "<p>More.</p>"))
    frame = game_frame(page)
    frame.locator("button.play").click()
    frame.wait_for_selector(TABLE_MOVE, timeout=BOOT_MS)
    frame.wait_for_selector("html[data-embed=playing]")
    page.wait_for_function("() => window.got.length > 0")
    at_play = len(page.evaluate("window.got"))
    # The last report before the table was drawn is the frame's height for the game.
    start = heights(page)
    height = start["amp"][-1]
    assert start["pym"][-1] == height <= given, start
    page.wait_for_function(
        "(h) => Math.round(document.getElementById('game').getBoundingClientRect().height) === h",
        arg=height,
    )
    for _ in range(4):
        made = frame.evaluate("document.querySelectorAll('.table .log li').length")
        frame.locator(TABLE_MOVE).first.click()
        frame.wait_for_function(
            "(n) => document.querySelectorAll('.table .log li').length > n", arg=made
        )
        frame.wait_for_selector(TABLE_MOVE, timeout=30_000)
    moves = frame.evaluate("document.querySelectorAll('.table .log li').length")
    assert moves >= 8, "four moves of the person and the computers' between them"
    later = page.evaluate("window.got")[at_play:]
    told = heights(page)
    assert told["amp"][-1] == told["pym"][-1] == height, told
    assert all(
        (m["data"]["height"] if isinstance(m["data"], dict) else int(m["data"].split("x")[-1]))
        == height
        for m in later
    ), f"the frame's height changed during the game: {told}"
    frame_box = page.evaluate("document.getElementById('game').getBoundingClientRect().height")
    assert round(frame_box) == height
    # The log is not in the page: it grows with every move.
    assert not frame.locator(".table .log").is_visible()
    no_horizontal_overflow(frame)
    axe_check(page, f"the embed in play ({lang})", target=frame)
    page.set_viewport_size({"width": 360, "height": 800})

    # "Moves", by keyboard: Enter opens the dialog with every move so far, Escape closes it and
    # focus is back on "Moves"; its Close button closes it too.
    button = frame.locator(".embed-bar [data-control=moves]")
    assert button.inner_text() == ("Moves" if lang == "en" else "수 기록")
    button.focus()
    page.keyboard.press("Enter")
    dialog = frame.locator("dialog#moves-dialog")
    dialog.wait_for(state="visible")
    assert dialog.locator(".moves-list li").count() == moves
    assert frame.evaluate("document.activeElement.closest('dialog') !== null")
    axe_check(page, f"the embed's Moves dialog ({lang})", target=frame)
    page.set_viewport_size({"width": 360, "height": 800})
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert frame.evaluate("document.activeElement.dataset.control") == "moves"
    page.keyboard.press("Enter")
    dialog.wait_for(state="visible")
    frame.locator("[data-control=moves-close]").focus()
    page.keyboard.press("Enter")
    dialog.wait_for(state="hidden")
    assert frame.evaluate("document.activeElement.dataset.control") == "moves"
    assert heights(page)["amp"][-1] == height
    context.close()
