"""Browser tests: real Chromium (Playwright) against the built site (``build.py build``),
served by a real HTTP server on 127.0.0.1.

Every test that uses a page fails on a console error, an uncaught page error (a Python
traceback reaches the console as an error) or a request to anything but 127.0.0.1; other
hosts do not even resolve (``--host-resolver-rules``).

A test's ``page`` is a new tab of one Chromium profile kept for the session (``warm_profile``),
so the vendored runtime comes from the HTTP cache and its compiled wasm from V8's code cache
instead of being fetched and compiled again for every test: a boot took about half as long.
Between tests that profile is reset to a first visit in every other way: its tabs (and their
workers, locks, sessionStorage) closed, and every origin the test touched cleared of
localStorage, IndexedDB, Cache Storage, service workers and cookies, permissions and routes
dropped. A test that must see a truly cold first visit (nothing cached: boot progress,
download bytes, response headers) is marked ``cold_start`` and gets a fresh context of its
own, as Playwright makes them.

Chromium: Playwright's own when installed, else the system's (``/usr/bin/chromium``);
``PARLOUR_CHROMIUM`` overrides. Without one the tests skip, unless
``PARLOUR_REQUIRE_BROWSER=1`` (``build.py test`` sets it after installing Chromium). Without
Playwright itself the files that drive a page are not collected (said at the end of the run),
and with ``PARLOUR_REQUIRE_BROWSER=1`` that is an error. These are the only ways this folder
leaves a test out: a missing game, feature or module is a failure, never a skip.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOST_RULES = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "cold_start: the test's page gets a fresh browser context (nothing cached)"
    )


def needs_playwright(path: Path) -> bool:
    """Whether a test file drives a page (imports Playwright, or a helper module that does)."""
    text = path.read_text(encoding="utf-8")
    return any(name in text for name in ("playwright", "browser_support", "korean_text"))


try:
    from browser_support import reset_profile, wait_ready, watch
    from playwright.sync_api import BrowserContext, BrowserType, Page, Playwright, Request
except ImportError as absent:
    # No Playwright in this Python (the Pyodide run never collects this folder). A run that
    # must test the browser fails here; any other run leaves out the files that drive a page,
    # says so at the end, and still runs those that need none (the worker bridge, the files).
    if os.environ.get("PARLOUR_REQUIRE_BROWSER") == "1":
        raise ImportError(
            f"PARLOUR_REQUIRE_BROWSER=1 but Playwright is missing: {absent}"
        ) from absent
    collect_ignore = sorted(
        p.name for p in Path(__file__).parent.glob("test_*.py") if needs_playwright(p)
    )

    def pytest_terminal_summary(terminalreporter: Any) -> None:
        terminalreporter.write_line(
            f"tests/browser: Playwright is not installed, so {len(collect_ignore)} files that"
            " drive Chromium were not collected (PARLOUR_REQUIRE_BROWSER=1 makes this an error)"
        )

else:

    def find_chromium(playwright: Playwright) -> str | None:
        """Playwright's own Chromium if installed, else a system one."""
        given = os.environ.get("PARLOUR_CHROMIUM")
        if given:
            return given
        try:
            own = playwright.chromium.executable_path
        except Exception:  # no browsers downloaded: Playwright raises here
            own = ""
        if own and Path(own).is_file():
            return own
        for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
            found = shutil.which(name)
            if found:
                return found
        return None

    @pytest.fixture(scope="session")
    def browser_type_launch_args(
        browser_type_launch_args: dict[str, Any], playwright: Playwright
    ) -> dict[str, Any]:
        executable = find_chromium(playwright)
        if executable is None:
            message = "no Chromium: install one (build.py test does) or set PARLOUR_CHROMIUM"
            if os.environ.get("PARLOUR_REQUIRE_BROWSER") == "1":
                pytest.fail(message)
            pytest.skip(message)
        args = [*browser_type_launch_args.get("args", []), HOST_RULES]
        return {**browser_type_launch_args, "executable_path": executable, "args": args}

    @pytest.fixture(scope="session")
    def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
        """A phone-sized window: the smallest layout is the one most readers get. No service
        worker: a page it controls bypasses ``page.route``, and each test would precache 14 MB
        (test_offline.py tests it in a persistent context of its own)."""
        viewport = {"width": 390, "height": 844}
        return {**browser_context_args, "viewport": viewport, "service_workers": "block"}

    @pytest.fixture(scope="session")
    def warm_profile(
        browser_type: BrowserType,
        browser_type_launch_args: dict[str, Any],
        browser_context_args: dict[str, Any],
        tmp_path_factory: pytest.TempPathFactory,
    ) -> Iterator[BrowserContext]:
        """One persistent Chromium profile for the session: its HTTP cache and code cache are
        what the tests share (``context`` resets everything else between tests)."""
        profile = browser_type.launch_persistent_context(
            tmp_path_factory.mktemp("profile"), **browser_type_launch_args, **browser_context_args
        )
        yield profile
        profile.close()

    @pytest.fixture
    def context(request: pytest.FixtureRequest, site_url: str) -> Iterator[BrowserContext]:
        """The test's browser context: the session's ``warm_profile``, reset after the test
        (and cleared before it, for the site's origin); a fresh one for ``cold_start`` tests."""
        if request.node.get_closest_marker("cold_start"):
            fresh: BrowserContext = request.getfixturevalue("new_context")()
            yield fresh
            return
        profile: BrowserContext = request.getfixturevalue("warm_profile")
        if not profile.pages:
            profile.new_page()
        keep = profile.pages[:1]
        origins = {site_url.rstrip("/")}
        reset_profile(profile, keep, origins)

        def touched(req: Request) -> None:
            parts = urlsplit(req.url)
            if parts.scheme in ("http", "https"):
                origins.add(f"{parts.scheme}://{parts.netloc}")

        profile.on("request", touched)
        try:
            yield profile
        finally:
            profile.remove_listener("request", touched)
            reset_profile(profile, keep, origins)

    @pytest.fixture
    def problems() -> list[str]:
        """Problems seen on pages a test watches itself (extra contexts); checked at the end."""
        return []

    @pytest.fixture(autouse=True)
    def _fail_on_page_problems(
        request: pytest.FixtureRequest, problems: list[str]
    ) -> Iterator[None]:
        watched = watch(request.getfixturevalue("page")) if "page" in request.fixturenames else []
        yield
        found = [*watched, *problems]
        assert not found, "the page reported problems:\n" + "\n".join(found)

    @pytest.fixture
    def open_game(page: Page, site_url: str) -> Callable[[str], Page]:
        """Open the site at a query string (``"?game=..."``) and wait for the engine."""

        def go(query: str = "", *, ready: bool = True) -> Page:
            page.goto(site_url + query)
            if ready:
                wait_ready(page)
            return page

        return go
