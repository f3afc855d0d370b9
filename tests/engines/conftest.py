"""The cross-engine suite: the built site (the session's one, ``site_url`` in tests/conftest.py)
in Firefox ESR and WebKitGTK, each scenario written once (``drivers.py``) and run in both.

The browsers load the site through ``Front`` (servers.py), which adds the error hook to every
page and can take the site offline; their HTTP(S) proxy is ``Trap``, so any request that
leaves 127.0.0.1 is recorded, refused and fails the test. WebKit runs on an Xvfb display the
session starts (there is none in CI) and stops.

Firefox: ``PARLOUR_FIREFOX`` or ``firefox-esr``/``firefox`` on PATH, driven by the pinned
``puppeteer-core`` (node_modules). WebKit: ``WebKitWebDriver`` (Debian ``webkit2gtk-driver``),
its MiniBrowser, ``Xvfb`` and the pinned ``selenium``. A missing one skips its engine's tests,
unless ``PARLOUR_REQUIRE_BROWSER=1`` (``build.py test`` sets it after installing them all).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from drivers import ROOT, Firefox, Tab, WebKit, find_firefox, find_webkit, problems, xvfb
from servers import Front, Magazine, Trap

ENGINES = ("firefox", "webkit")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("filterwarnings", "ignore::DeprecationWarning:selenium.*")


def missing(message: str) -> None:
    if os.environ.get("PARLOUR_REQUIRE_BROWSER") == "1":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def front(site_url: str) -> Iterator[Front]:
    server = Front(site_url)
    yield server
    server.close()


@pytest.fixture(scope="session")
def trap() -> Iterator[Trap]:
    server = Trap()
    yield server
    server.close()


@pytest.fixture(scope="session")
def magazine() -> Iterator[Magazine]:
    server = Magazine()
    yield server
    server.close()


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """A display of Xvfb's own, the size of a phone."""
    if shutil.which("Xvfb") is None:
        missing("WebKit needs Xvfb (Debian: apt-get install xvfb)")
    with xvfb() as number:
        yield number


@pytest.fixture(scope="session", params=ENGINES)
def engine(request: pytest.FixtureRequest, trap: Trap) -> Iterator[Any]:
    """One browser per engine for the session (pytest runs each engine's tests together)."""
    if request.param == "firefox":
        executable = find_firefox()
        if executable is None:
            missing("no Firefox: install firefox-esr (build.py test does) or set PARLOUR_FIREFOX")
        if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            missing("no puppeteer-core in node_modules: run npm ci")
        browser: Any = Firefox(str(executable), trap.port)
    else:
        webkit = find_webkit()
        if webkit is None:
            missing("no WebKitWebDriver: install webkit2gtk-driver (build.py test does)")
        try:
            import selenium  # noqa: F401
        except ImportError:
            missing("no selenium: pip install it (build.py test does)")
        display = request.getfixturevalue("display")
        assert webkit is not None
        browser = WebKit(*webkit, display, trap.port)
    print(f"\n{request.param}: {browser.version}")
    yield browser
    browser.close()
    if getattr(browser, "restarts", 0):
        print(f"\nwebkit: {browser.restarts} browser starts hung and were retried")


@pytest.fixture
def tab(engine: Any, trap: Trap, front: Front) -> Iterator[Tab]:
    """A tab with a fresh profile. After the test, anything its pages reported, and any
    request that left 127.0.0.1, fails it (frames: ``tab.frames``, URL parts)."""
    before = len(trap.seen)
    opened: Tab = engine.open()
    opened.frames = (None,)  # type: ignore[attr-defined]
    try:
        yield opened
        found = problems(opened, opened.frames)  # type: ignore[attr-defined]
        found += [f"request to another host: {seen}" for seen in trap.seen[before:]]
        assert not found, "the page reported problems:\n" + "\n".join(found)
    finally:
        front.offline = False
        opened.close()
