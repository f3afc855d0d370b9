"""Offline after the first visit, installable, and updates that wait for a safe moment.

One real Chromium profile (``launch_persistent_context``: a fresh context would not keep the
service worker and its cache, and ``page.route`` would turn the HTTP cache off) visits a site
built into a temporary folder from a copy of ``web/``, served on 127.0.0.1. Then the server
is stopped *and* the context goes offline (``set_offline``), so nothing can come from the
network: the menu reloads, a game started there is played to the end through a person's
moves and resumed from its save after a reload; deep links open in new tabs and computer
games play to the end. Finally the copy of ``web/`` changes, the site is rebuilt into the
served folder and the server comes back: the new version waits while a game is in progress,
and the notice offers it at the menu and at the game's end.

The tests share the profile and run in file order; each can also run alone (``-k``): the
``offline`` fixture makes the first visit online when no test has.
"""

from __future__ import annotations

import functools
import http.server
import importlib
import importlib.util
import json
import pkgutil
import shutil
import struct
import sys
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import parse_qs, urlsplit
from urllib.request import urlopen

import pytest
from browser_support import SAVE_PREFIX, saved_games, watch, web_save_record
from playwright.sync_api import BrowserContext, Page, Playwright

import engine
import sitebuild
from sitebuild.assemble import build_site
from sitebuild.paths import WEB
from sitebuild.server import SiteHandler

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser

BOOT_MS = 90_000
NOTICE = '.notice[data-update="ready"]'
MINE = ".table[data-awaiting='0'] [data-action]"
"""Controls that submit the person's move (every table puts the action in ``data-action``)."""
# One of: the final screen, a round summary dialog, or the table awaiting the person.
NEXT_STEP = """() => document.documentElement.dataset.gameState === "over"
  || document.querySelector(".overlay .dialog button.primary") !== null
  || document.querySelector(MINE) !== null""".replace("MINE", repr(MINE))
DEPLOY_MARK = ":root{--parlour-deploy: 2}"  # a rule, not a comment: the build minifies CSS


def load_module(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


icons = load_module("parlour_icons_test", ROOT / "tools" / "icons.py")
BUILD_MODULES = [
    importlib.import_module(f"sitebuild.{info.name}")
    for info in pkgutil.iter_modules(sitebuild.__path__)
]


# --- the site and its server ----------------------------------------------------------------


class Site:
    """A site built from a private copy of ``web/``, served on a fixed port that can go down
    (offline) and come back (a new deploy) at the same origin."""

    def __init__(self, folder: Path) -> None:
        self.web = folder / "web"
        self.out = folder / "site"
        shutil.copytree(WEB, self.web, ignore=shutil.ignore_patterns("__pycache__"))
        self.server: http.server.ThreadingHTTPServer | None = None
        self.port = 0
        self.seen: list[str] = []

    def build(self) -> None:
        # The build reads its sources from WEB, which each module that reads them imports from
        # sitebuild.paths: point every one at this copy.
        readers = [module for module in BUILD_MODULES if getattr(module, "WEB", None) == WEB]
        for module in readers:
            module.WEB = self.web  # type: ignore[attr-defined]
        try:
            build_site(self.out)
        finally:
            for module in readers:
                module.WEB = WEB  # type: ignore[attr-defined]

    def start(self) -> None:
        seen = self.seen

        class Recording(SiteHandler):
            def do_GET(self) -> None:
                seen.append(self.path)
                super().do_GET()

        handler = functools.partial(Recording, directory=str(self.out))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self.server.daemon_threads = True
        self.server.verbose = False  # type: ignore[attr-defined]
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def precache(self) -> dict[str, Any]:
        """The ``BUILD`` object written into sw.js."""
        line = next(
            line
            for line in (self.out / "sw.js").read_text().splitlines()
            if line.endswith("// build:precache")
        )
        data: dict[str, Any] = json.loads(line.split("=", 1)[1].rsplit(";", 1)[0])
        return data


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    built = Site(tmp_path_factory.mktemp("offline"))
    built.build()
    built.start()
    yield built
    built.stop()


@pytest.fixture(scope="module")
def context(
    playwright: Playwright,
    browser_type_launch_args: dict[str, Any],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[BrowserContext]:
    profile = tmp_path_factory.mktemp("profile")
    ctx = playwright.chromium.launch_persistent_context(
        str(profile), **browser_type_launch_args, viewport={"width": 390, "height": 844}
    )
    # When does the page register its service worker? (It must wait for the engine.)
    ctx.add_init_script(
        """const register = ServiceWorkerContainer.prototype.register;
        ServiceWorkerContainer.prototype.register = function (...args) {
          (window.__registered ||= []).push(document.documentElement.dataset.engine);
          return register.apply(this, args);
        };"""
    )
    yield ctx
    ctx.close()


@pytest.fixture
def problems_of(problems: list[str]) -> Any:
    """Watch a page of the shared context: its console errors, page errors and off-host
    requests fail the test (conftest checks ``problems`` at the end)."""

    def start(page: Page) -> Page:
        found = watch(page)
        problems_seen.append(found)
        return page

    problems_seen: list[list[str]] = []
    yield start
    for found in problems_seen:
        problems.extend(found)


# --- page helpers -----------------------------------------------------------------------------


def wait_ready(page: Page) -> None:
    page.wait_for_selector("html[data-engine=ready]", timeout=BOOT_MS)


def current_save(page: Page) -> dict[str, Any]:
    """The save of the game on screen (its id is in the page's address)."""
    ids = parse_qs(urlsplit(page.url).query).get("resume")
    assert ids, f"no game in the address {page.url}"
    return saved_games(page)[ids[0]]


def next_step(page: Page) -> str:
    page.wait_for_function(NEXT_STEP, timeout=60_000)
    if page.evaluate("document.documentElement.dataset.gameState") == "over":
        return "over"
    if page.query_selector(".overlay .dialog button.primary"):
        return "summary"
    return "turn"


def human_move(page: Page) -> str:
    """Press the first control that submits an action (the tables put legal ones in
    ``data-action``); check the engine agrees it is legal; wait for the save to move on."""
    action = page.locator(MINE).first.get_attribute("data-action") or ""
    before = current_save(page)["engine"]
    assert action in engine.load_game(before).legal_actions()
    # By its action, so a repaint between finding and pressing it changes nothing.
    page.locator(f"{MINE.split()[0]} [data-action='{action}']").first.click()
    page.wait_for_function(
        """([prefix, id, before]) => {
             const raw = localStorage.getItem(prefix + id);
             return raw !== null && JSON.parse(raw).engine !== before;
           }""",
        arg=["parlour:v1:save:", current_save(page)["id"], before],
        timeout=30_000,
    )
    return action


def play_to_the_end(page: Page, *, moves: int = 1000) -> int:
    """Make the person's moves (closing round summaries) until the game is over, or until
    ``moves`` were made; returns how many were made."""
    made = 0
    while made < moves:
        step = next_step(page)
        if step == "over":
            return made
        if step == "summary":
            page.click(".overlay .dialog button.primary")
            continue
        human_move(page)
        made += 1
    return made


def nearly_over(save_id: str, seed: int = 9, left: int = 3) -> dict[str, Any]:
    """A saved To the Moon game (you against the computer) with ``left`` moves of yours to
    go, as the page writes saves, made with the engine in CPython."""
    game = engine.new_game("to-the-moon", 2, seed=seed)
    mine: list[int] = []  # how many moves were made before each of yours
    moves = 0
    while not game.is_over:
        if game.to_act == 0:
            mine.append(moves)
        game.apply(game.bot_action("easy", moves))
        moves += 1
    game = engine.new_game("to-the-moon", 2, seed=seed)
    for n in range(mine[-left]):
        game.apply(game.bot_action("easy", n))
    assert game.to_act == 0
    return web_save_record(game, save_id, name="You", to_act=0)


def sw_state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(
        """async () => {
             const reg = await navigator.serviceWorker.getRegistration();
             const controller = navigator.serviceWorker.controller;
             const names = await caches.keys();
             return {
               controlled: controller !== null,
               waiting: Boolean(reg && reg.waiting),
               caches: names.filter((n) => n.startsWith("parlour-")),
               version: document.querySelector('meta[name="parlour-version"]').content,
               css: await (await fetch("css/app.css")).text(),
             };
           }"""
    )
    return state


def cached_paths(page: Page, cache: str) -> list[str]:
    urls: list[str] = page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)", cache
    )
    return sorted(urlsplit(url).path.lstrip("/") for url in urls)


# --- installable: manifest and icons (no browser needed) -------------------------------------


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_is_served_with_its_type_and_names_real_icons(site: Site) -> None:
    with urlopen(site.url + "manifest.webmanifest") as response:
        assert response.headers["Content-Type"] == "application/manifest+json"
        manifest = json.load(response)
    assert manifest["name"] and manifest["short_name"] == "Parlour"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    sizes = {}
    for icon in manifest["icons"]:
        with urlopen(site.url + icon["src"]) as response:
            assert response.headers["Content-Type"] == icon["type"]
            data = response.read()
        if icon["type"] == "image/png":
            width, height = png_size(data)
            assert icon["sizes"] == f"{width}x{height}"
            sizes[icon["purpose"], width] = data
    assert {("any", 192), ("any", 512), ("maskable", 512)} <= set(sizes)


def pixels(data: bytes) -> list[bytes]:
    """Rows of RGBA pixels of a PNG written by tools/icons.py (filter 0, one IDAT)."""
    width, height = png_size(data)
    length = struct.unpack(">I", data[33:37])[0]
    assert data[37:41] == b"IDAT"
    raw = zlib.decompress(data[41 : 41 + length])
    stride = 1 + 4 * width
    rows = [raw[i * stride : (i + 1) * stride] for i in range(height)]
    assert all(row[0] == 0 for row in rows)
    return [row[1:] for row in rows]


def test_the_icon_renderer_covers_pixels_exactly() -> None:
    svg = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">
      <rect x="2" y="0" width="4.5" height="8" fill="#ff0000"/>
      <polygon points="0,0 8,0 8,4 0,4" fill="#00f" fill-opacity="0.5"/>
    </svg>"""
    rows = pixels(icons.render(svg, 8))
    bottom = rows[7]
    rgba = [tuple(bottom[i : i + 4]) for i in range(0, 32, 4)]
    assert rgba[0] == (0, 0, 0, 0)  # outside every shape: transparent
    assert rgba[3] == (255, 0, 0, 255)  # inside the rect
    assert rgba[6] == (255, 0, 0, 128)  # the rect covers half of this pixel
    top = rows[0]
    assert tuple(top[0:4]) == (0, 0, 255, 128)  # half-transparent blue alone
    assert tuple(top[12:16]) == (128, 0, 128, 255)  # blue at one half over red
    for bad in (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><path d="M0 0"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 4"/>',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">'
        '<rect width="2" height="2" fill="#f00" stroke="#000"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">'
        '<circle r="2" fill="red"/></svg>',
    ):
        with pytest.raises(ValueError):
            icons.render(bad, 8)


# --- first visit, then offline ---------------------------------------------------------------


def test_first_visit_registers_after_the_engine_and_precaches_exactly_the_page(
    site: Site, context: BrowserContext, problems_of: Any
) -> None:
    page = problems_of(context.new_page())
    requested: list[str] = []
    record = lambda request: requested.append(request.url)  # noqa: E731
    context.on("request", record)
    page.goto(site.url)
    wait_ready(page)
    context.remove_listener("request", record)
    booted = list(requested)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_MS)
    assert page.evaluate("window.__registered") == ["ready"], "register after the engine"

    build_info = site.precache()
    listed = [path for path, _, _ in build_info["files"]]
    assert not [p for p in listed if p.endswith(".map")]
    state = sw_state(page)
    assert state["caches"] == [f"parlour-{build_info['version']}"]
    assert state["version"] == build_info["version"]
    # The cache holds exactly the list, and the list holds everything a boot requested.
    assert cached_paths(page, state["caches"][0]) == sorted(listed)
    local = {
        urlsplit(url).path.lstrip("/") or "index.html" for url in booted if url.startswith(site.url)
    } - {"sw.js"}
    assert local, "no requests recorded"
    assert local <= set(listed), f"requested but not precached: {sorted(local - set(listed))}"
    for path in ("vendor/pyodide-314.0.7/pyodide.asm.wasm", "js/offline.js"):
        assert any(p.endswith(path.split("/")[-1]) for p in local)
    # Every PyScript file in the list was requested by the boot (none it never loads).
    pyscript = {p for p in listed if "/pyscript-" in p}
    assert pyscript and pyscript <= local
    total = sum(size for _, _, size in build_info["files"])
    print(f"\nprecached: {len(listed)} files, {total / 1e6:.2f} MB")
    page.close()


@pytest.fixture(scope="module")
def offline(site: Site, context: BrowserContext) -> None:
    """The service worker installed by a first visit online, then the server down and the
    network off. In file order the first-visit test has installed it already; with ``-k`` an
    offline test runs alone just the same, after a first visit made here."""
    if not site.seen:
        page = context.new_page()
        page.goto(site.url)
        wait_ready(page)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_MS)
        page.wait_for_load_state("networkidle")  # the precache and icons all in
        page.close()
    site.stop()
    context.set_offline(True)


@pytest.mark.usefixtures("offline")
def test_offline_the_menu_starts_a_game_played_to_the_end_and_a_save_resumes(
    site: Site, context: BrowserContext, problems_of: Any
) -> None:
    seen = len(site.seen)
    page = problems_of(context.new_page())
    page.goto(site.url)
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")

    # From the menu: To the Moon, two players, the person against the computer, no pauses.
    page.locator("#game-to-the-moon").check()
    page.select_option("#players", "2")
    page.select_option("#seat-kind-0", "human")
    page.select_option("#seat-kind-1", "bot")
    page.locator("#speed").check()
    page.locator("button.start").click()
    page.wait_for_selector("html[data-game-state=playing]")
    assert play_to_the_end(page, moves=3) == 3

    # Reload offline: the address resumes the saved game, exactly where it was.
    saved = current_save(page)
    page.reload()
    wait_ready(page)
    next_step(page)
    assert current_save(page)["engine"] == saved["engine"]
    assert current_save(page)["id"] == saved["id"]

    assert play_to_the_end(page) > 0
    assert page.locator("html").get_attribute("data-game-state") == "over"
    assert engine.load_game(current_save(page)["engine"]).is_over
    assert page.locator(".final").count() == 1
    assert len(site.seen) == seen, "the server was down: nothing came from it"
    page.close()


@pytest.mark.parametrize(
    "query",
    [
        "?game=nine-virtues&players=3&seats=bot,bot,bot&seed=4&speed=instant",
        "?game=quodlibet&players=4&seats=bot,bot,bot,bot&seed=5&speed=instant",
    ],
)
@pytest.mark.usefixtures("offline")
def test_offline_deep_links_open_in_a_new_tab_and_play_to_the_end(
    site: Site, context: BrowserContext, problems_of: Any, query: str
) -> None:
    assert site.server is None
    page = problems_of(context.new_page())
    page.goto(site.url + query)
    wait_ready(page)
    page.wait_for_selector("html[data-game-state=over]", timeout=180_000)
    assert engine.load_game(current_save(page)["engine"]).is_over
    page.close()


# --- a new deploy ----------------------------------------------------------------------------


@pytest.mark.usefixtures("offline")
def test_a_new_deploy_waits_for_a_safe_moment_and_never_mixes_versions(
    site: Site, context: BrowserContext, problems_of: Any
) -> None:
    old = site.precache()["version"]
    # Tab A: a game in progress, a save near its end resumed offline by its link.
    a = problems_of(context.new_page())
    a.goto(site.url)
    wait_ready(a)
    a.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"{SAVE_PREFIX}nearly-over", json.dumps(nearly_over("nearly-over"))],
    )
    a.goto(site.url + "?resume=nearly-over")
    wait_ready(a)
    assert next_step(a) == "turn"

    # The deploy: one file changes, the site is rebuilt where it is served, back online.
    css = site.web / "css" / "app.css"
    css.write_text(css.read_text() + f"\n{DEPLOY_MARK}\n")
    site.build()
    new = site.precache()["version"]
    assert new != old
    site.start()
    context.set_offline(False)

    # Tab B opens the site: still the old version (one page, one version), and the browser
    # finds the new worker, which installs and waits.
    b = problems_of(context.new_page())
    b.goto(site.url)
    wait_ready(b)
    b.wait_for_selector(NOTICE, timeout=BOOT_MS)
    state_b = sw_state(b)
    assert state_b["version"] == old and DEPLOY_MARK not in state_b["css"]
    assert state_b["waiting"]
    assert "A new version is ready" in b.locator(NOTICE).inner_text()

    # Tab A is mid-game: no notice, the game goes on, on the old version. (In front: a
    # background tab's timers are throttled, and the table paces moves with them.)
    a.bring_to_front()
    assert a.locator(NOTICE).count() == 0
    human_move(a)
    state_a = sw_state(a)
    assert state_a["version"] == old and DEPLOY_MARK not in state_a["css"]
    assert state_a["waiting"] and state_a["controlled"]

    # Reload in B waits for A's game.
    b.locator(NOTICE).locator("button.reload").click()
    b.wait_for_function(
        "(sel) => document.querySelector(sel).textContent.includes('another Parlour tab')",
        arg=NOTICE,
    )
    assert sw_state(a)["waiting"] and a.locator("html").get_attribute("data-game-state") == (
        "playing"
    )

    # A's game ends: the notice appears there; Reload updates both tabs.
    assert play_to_the_end(a) >= 0
    a.wait_for_selector(NOTICE, timeout=10_000)
    a.locator(NOTICE).locator("button.reload").click()
    for page in (a, b):
        page.bring_to_front()
        page.wait_for_function(
            "(v) => document.querySelector('meta[name=parlour-version]').content === v",
            arg=new,
            timeout=30_000,
        )
        wait_ready(page)
        state = sw_state(page)
        assert DEPLOY_MARK in state["css"]
        assert state["caches"] == [f"parlour-{new}"], "old caches go on activation"
        assert not state["waiting"]
    a.close()
    b.close()
