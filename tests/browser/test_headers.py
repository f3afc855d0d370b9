"""Response headers on the built site, as netlify.toml gives them and Chromium receives them,
and a Content-Security-Policy the whole game runs under without one violation.

A page's ``securitypolicyviolation`` events miss what happens in its workers (Pyodide boots
in a PyScript worker; a refused WebAssembly compile there is only a console *warning*). So
the games are also served with the same policy a second time, report-only, with a
``report-uri`` on the test server: a violation anywhere — page, frame, worker, service
worker — arrives as a report. ``test_worker_violations_are_reported`` shows that it does.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Response

import engine
from sitebuild.netlify import headers_for, matching_rules, netlify_header_rules
from sitebuild.server import SiteHandler

pytestmark = [pytest.mark.browser, pytest.mark.cold_start]

ROOT = Path(__file__).resolve().parents[2]
REPORT_PATH = "/__csp-report"
IMMUTABLE = "public, max-age=31536000, immutable"

# Every frame of every page: record the policy violations the document sees.
LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.disposition} ${e.effectiveDirective} ${e.blockedURI} `
    + `at ${e.sourceFile}:${e.lineNumber}`);
});
"""


def rules() -> Any:
    return netlify_header_rules(ROOT / "netlify.toml")


def policy() -> str:
    """The Content-Security-Policy netlify.toml gives the page."""
    value: str = headers_for("/", rules())["Content-Security-Policy"]
    return value


class CspServer:
    """The built site, served by sitebuild.server's handler, plus the same policy report-only
    (or another one, ``report_only``) with reports posted back here."""

    def __init__(self, site: Path) -> None:
        self.reports: list[dict[str, Any]] = []
        self.report_only = policy()
        owner = self

        class Reporting(SiteHandler):
            def end_headers(self) -> None:
                self.send_header(
                    "Content-Security-Policy-Report-Only",
                    f"{owner.report_only}; report-uri {REPORT_PATH}",
                )
                super().end_headers()

            def do_POST(self) -> None:
                size = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(size)
                if self.path == REPORT_PATH:
                    owner.reports.append(json.loads(body)["csp-report"])
                self.send_response(204)
                self.end_headers()

        handler = functools.partial(Reporting, directory=str(site))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def described(self) -> list[str]:
        return [
            f"{r.get('effective-directive')} {r.get('blocked-uri')} in {r.get('document-uri')}"
            f" at {r.get('source-file')}:{r.get('line-number')}"
            for r in self.reports
        ]


@pytest.fixture(scope="module")
def site(site_dir: Path) -> Path:
    """The session's built site (tests/conftest.py), only read here."""
    return site_dir


@pytest.fixture(scope="module")
def csp_site(site: Path) -> Iterator[CspServer]:
    server = CspServer(site)
    yield server
    server.close()


@pytest.fixture
def listening(page: Page) -> Page:
    page.add_init_script(LISTEN)
    return page


def violations(page: Page) -> list[str]:
    found: list[str] = []
    for frame in page.frames:
        found += frame.evaluate("window.__csp || []")
    return found


def settle(seconds: float = 1.5) -> None:
    """Reports are posted after the fact: give late ones time to arrive."""
    time.sleep(seconds)


def demo_query(game_id: str, seed: int = 42) -> str:
    players = engine.GAMES[game_id]["default_players"]
    seats = ",".join(["bot"] * players)
    return f"?game={game_id}&players={players}&seats={seats}&seed={seed}&speed=instant"


# --- the headers ------------------------------------------------------------------------------


def built_paths(site: Path) -> list[str]:
    return sorted("/" + p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


def test_no_two_rules_set_one_header_for_any_built_file(site: Path) -> None:
    """Netlify's merging of overlapping rules is nothing to rely on: there must be none."""
    overlaps = []
    for path in ["/", *built_paths(site)]:
        seen: dict[str, str] = {}
        for rule in matching_rules(path, rules()):
            for name in rule.values:
                if name.lower() in seen:
                    overlaps.append(f"{path}: {name} from {seen[name.lower()]} and {rule.pattern}")
                seen[name.lower()] = rule.pattern
    assert not overlaps, "\n".join(overlaps)


def test_every_page_is_framable_and_has_no_inline_script(site: Path) -> None:
    """The policy allows no inline script: every built page must load its scripts by src
    (a JSON data block is not a script), and carry no ``on...=`` handler attributes."""
    from html.parser import HTMLParser

    problems: list[str] = []

    class Scan(HTMLParser):
        def __init__(self, name: str) -> None:
            super().__init__()
            self.name = name
            self.inline = False

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found = dict(attrs)
            handlers = [a for a in found if a.startswith("on")]
            if handlers:
                problems.append(f"{self.name}: <{tag} {' '.join(handlers)}=...>")
            script_type = (found.get("type") or "").lower()
            self.inline = tag == "script" and "src" not in found and "json" not in script_type

        def handle_data(self, data: str) -> None:
            if self.inline and data.strip():
                problems.append(f"{self.name}: inline <script> {data.strip()[:60]!r}...")

        def handle_endtag(self, tag: str) -> None:
            self.inline = False

    pages = [p for p in built_paths(site) if p.endswith(".html")]
    assert "/index.html" in pages
    for path in pages:
        Scan(path).feed((site / path[1:]).read_text())
        headers = headers_for(path, rules())
        assert "frame-ancestors *" in headers["Content-Security-Policy"]
        assert headers["Cache-Control"] == "no-cache"
    assert not problems, "inline scripts are refused by the policy:\n" + "\n".join(problems)


def test_real_responses_carry_the_headers(page: Page, csp_site: CspServer, site: Path) -> None:
    """Everything the page fetches until the engine is ready, as Chromium received it."""
    site_url = csp_site.url
    responses: list[Response] = []
    page.on("response", lambda response: responses.append(response))
    page.goto(site_url)
    page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
    for extra in ("sw.js", "manifest.webmanifest"):
        if (site / extra).is_file():
            fetched = page.request.get(site_url + extra)
            assert fetched.ok
            assert fetched.headers["cache-control"] == "no-cache", extra
            if extra.endswith(".webmanifest"):
                assert fetched.headers["content-type"] == "application/manifest+json"
    for answer in sorted((site / "oembed").glob("*.json")):
        fetched = page.request.get(f"{site_url}oembed/{answer.name}")
        assert fetched.ok
        assert fetched.headers["access-control-allow-origin"] == "*", answer.name
        assert fetched.headers["content-type"].startswith("application/json"), answer.name

    seen: dict[str, dict[str, str]] = {}
    for response in responses:
        if response.url.startswith(site_url) and response.status == 200:
            seen[urlsplit(response.url).path] = response.all_headers()
    assert "/" in seen
    kinds = {
        "wasm": [p for p in seen if p.endswith(".wasm")],
        "mjs": [p for p in seen if p.endswith(".mjs")],
        "wheel": [p for p in seen if p.startswith("/py/") and p.endswith(".whl")],
    }
    # The worker fetches the runtime; Playwright reports its requests on the page.
    assert all(kinds.values()), f"expected the runtime among the responses: {sorted(seen)}"

    for path, headers in seen.items():
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["referrer-policy"] == "strict-origin-when-cross-origin", path
        assert "x-frame-options" not in headers, path
        assert "access-control-allow-origin" not in headers, path
        if path.startswith(("/vendor/", "/py/")):
            assert headers["cache-control"] == IMMUTABLE, path
        else:
            assert headers["cache-control"] == "no-cache", path
    assert seen["/"]["content-security-policy"] == policy()
    for path in kinds["wasm"]:
        assert seen[path]["content-type"] == "application/wasm"
    for path in kinds["mjs"]:
        assert seen[path]["content-type"].startswith("text/javascript")


# --- the policy in use ------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_a_whole_game_raises_no_policy_violation(
    listening: Page, csp_site: CspServer, game_id: str
) -> None:
    csp_site.reports.clear()
    page = listening
    page.goto(csp_site.url + demo_query(game_id))
    page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
    page.wait_for_selector("html[data-game-state=over]", timeout=180_000)
    settle()
    assert violations(page) == []
    assert csp_site.described() == []


def test_worker_violations_are_reported(listening: Page, csp_site: CspServer) -> None:
    """The check above can fail: report-only without 'wasm-unsafe-eval', the worker's
    WebAssembly compile is reported (while the real policy still lets it run). The page's
    own listener does not see it: it happens in the worker."""
    csp_site.reports.clear()
    csp_site.report_only = policy().replace(" 'wasm-unsafe-eval'", "")
    assert csp_site.report_only != policy()
    try:
        listening.goto(csp_site.url)
        listening.wait_for_selector("html[data-engine=ready]", timeout=120_000)
        settle()
    finally:
        csp_site.report_only = policy()
    blocked = {(r.get("effective-directive"), r.get("blocked-uri")) for r in csp_site.reports}
    assert ("script-src", "wasm-eval") in blocked, csp_site.described()
    assert violations(listening) == []


@pytest.fixture
def magazine(csp_site: CspServer, tmp_path: Path) -> Iterator[Callable[[str], str]]:
    """``magazine(src)``: the URL of a page on another origin (another port) framing ``src``."""
    servers: list[http.server.ThreadingHTTPServer] = []

    def serve(src: str) -> str:
        (tmp_path / "article.html").write_text(
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<link rel='icon' href='data:,'><title>A magazine</title></head><body>"
            "<h1>This week's deal</h1>"
            f"<iframe id='game' src='{src}' width='400' height='800' title='Parlour'></iframe>"
            "</body></html>"
        )
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/article.html"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


def test_the_game_runs_in_a_cross_origin_frame(
    listening: Page, csp_site: CspServer, magazine: Callable[[str], str]
) -> None:
    csp_site.reports.clear()
    game_id = sorted(engine.GAMES)[0]
    article = magazine(csp_site.url + demo_query(game_id, seed=7))
    assert urlsplit(article).netloc != urlsplit(csp_site.url).netloc
    listening.goto(article)
    frame = listening.frame_locator("#game")
    frame.locator("html[data-engine=ready]").wait_for(state="attached", timeout=120_000)
    frame.locator("html[data-game-state=over]").wait_for(state="attached", timeout=180_000)
    settle()
    assert len(listening.frames) == 2
    assert violations(listening) == []
    assert csp_site.described() == []
