"""One small driver over two engines, so each scenario is written once.

- Firefox: ``firefox.mjs`` (puppeteer-core over WebDriver BiDi) in a Node process; one
  browser for the session, a fresh browser context (its own storage and cache) per tab.
- WebKit: Selenium and ``WebKitWebDriver`` (WebKitGTK's MiniBrowser) on the test's Xvfb
  display; a session is a browser with an ephemeral profile, so each tab is a session.
  MiniBrowser keeps a window at least 447 px wide unless it is full screen: it starts
  ``--full-screen`` and is then sized to 390x844.

A ``Tab`` evaluates a JavaScript function's source with JSON arguments (``tab.js("(a) => a",
1)``; promises are awaited), clicks with the pointer, presses keys, and collects problems:
those the hook recorded in each page (``hook.js``) and, in Firefox, the BiDi events.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
WIDTH, HEIGHT = 390, 844
START_S = 10  # a WebKit session starts in about a second; a hung start is retried after this
START_TRIES = 5
MINIBROWSER = (
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/libexec/webkit2gtk-4.1/MiniBrowser",
)
HOOKED = """() => {
  let kept = [];
  try { kept = JSON.parse(sessionStorage.getItem("__parlour_problems") || "[]"); } catch {}
  return kept.length ? kept : (window.__problems || []);
}"""


class Tab(Protocol):
    def goto(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def js(self, source: str, *args: Any, frame: str | None = None) -> Any: ...
    def click(self, selector: str, *, frame: str | None = None) -> None: ...
    def press(self, key: str) -> None: ...
    def driver_problems(self) -> list[str]: ...
    def screenshot(self, path: str) -> None: ...
    def close(self) -> None: ...


def call(source: str, args: tuple[Any, ...]) -> str:
    """An expression calling the function ``source`` with ``args`` (as JSON)."""
    return f"({source})(...{json.dumps(list(args))})"


def wait(tab: Tab, source: str, *args: Any, timeout: float = 60, frame: str | None = None) -> Any:
    """Poll the function ``source`` until it returns something truthy (then return it)."""
    deadline = time.monotonic() + timeout
    while True:
        value = tab.js(source, *args, frame=frame)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {source}")
        time.sleep(0.1)


def problems(tab: Tab, frames: tuple[str | None, ...] = (None,)) -> list[str]:
    """Everything that must fail a test, seen so far in ``tab`` (and in ``frames``)."""
    found: list[str] = []
    for frame in frames:
        found += tab.js(HOOKED, frame=frame)
    return found + tab.driver_problems()


# --- Firefox ------------------------------------------------------------------------------------


class Firefox:
    name = "firefox"

    def __init__(self, executable: str, trap_port: int) -> None:
        self.process = subprocess.Popen(
            ["node", str(HERE / "firefox.mjs"), executable, str(trap_port)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.next_id = 0
        self.version: str = self.send("version")

    def send(self, op: str, **fields: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.next_id += 1
        self.process.stdin.write(json.dumps({"id": self.next_id, "op": op, **fields}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"Firefox's driver exited ({self.process.poll()})")
        reply = json.loads(line)
        assert reply["id"] == self.next_id
        if "error" in reply:
            raise RuntimeError(f"firefox {op}: {reply['error']}")
        return reply["value"]

    def open(self, width: int = WIDTH, height: int = HEIGHT) -> FirefoxTab:
        return FirefoxTab(self, self.send("open", width=width, height=height))

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


class FirefoxTab:
    def __init__(self, browser: Firefox, tab: int) -> None:
        self.browser = browser
        self.tab = tab

    def goto(self, url: str) -> None:
        self.browser.send("goto", tab=self.tab, url=url)

    def reload(self) -> None:
        self.browser.send("reload", tab=self.tab)

    def js(self, source: str, *args: Any, frame: str | None = None) -> Any:
        return self.browser.send("eval", tab=self.tab, frame=frame, source=call(source, args))

    def click(self, selector: str, *, frame: str | None = None) -> None:
        self.browser.send("click", tab=self.tab, frame=frame, selector=selector)

    def press(self, key: str) -> None:
        self.browser.send("press", tab=self.tab, key=key)

    def driver_problems(self) -> list[str]:
        found: list[str] = self.browser.send("problems", tab=self.tab)
        return found

    def screenshot(self, path: str) -> None:
        """The window (what a person sees) as a PNG at ``path``."""
        self.browser.send("screenshot", tab=self.tab, path=path)

    def close(self) -> None:
        self.browser.send("close", tab=self.tab)


# --- WebKit -------------------------------------------------------------------------------------


@contextlib.contextmanager
def xvfb(size: str = f"{WIDTH}x{HEIGHT}x24") -> Iterator[str]:
    """A display of Xvfb's own (it picks a free number), for WebKit; stopped on leaving."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", size, "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def find_minibrowser() -> str | None:
    return next((path for path in MINIBROWSER if Path(path).is_file()), None)


def find_firefox() -> str | None:
    """``PARLOUR_FIREFOX``, else ``firefox-esr`` or ``firefox`` on PATH."""
    given = os.environ.get("PARLOUR_FIREFOX")
    if given:
        return given
    return next(filter(None, map(shutil.which, ("firefox-esr", "firefox"))), None)


def find_webkit() -> tuple[str, str] | None:
    """WebKitGTK's WebDriver and its MiniBrowser (Debian ``webkit2gtk-driver``), or None."""
    driver, minibrowser = shutil.which("WebKitWebDriver"), find_minibrowser()
    return (driver, minibrowser) if driver and minibrowser else None


def start(kind: Any, options: Any, service: Any, started: list[Any]) -> None:
    """Start a WebDriver session into ``started``. A start given up on (its driver killed by
    ``WebKit.open``) ends here with whatever its connection raised, quietly: ``open`` has
    already started another."""
    with contextlib.suppress(Exception):
        started.append(kind(options=options, service=service))


class WebKit:
    name = "webkit"

    def __init__(self, driver: str, minibrowser: str, display: str, trap_port: int) -> None:
        self.driver = driver
        self.minibrowser = minibrowser
        self.display = display
        self.trap_port = trap_port
        self.restarts = 0
        tab = self.open()
        self.version: str = tab.session.capabilities.get("browserVersion", "?")
        tab.close()

    def open(self, width: int = WIDTH, height: int = HEIGHT) -> WebKitTab:
        """A tab in a fresh browser (profile); its display must be ``width`` x ``height``."""
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = self.minibrowser
        options.add_argument("--automation")
        options.add_argument("--full-screen")
        trap = f"127.0.0.1:{self.trap_port}"
        options.set_capability(
            "proxy",
            {
                "proxyType": "manual",
                "httpProxy": trap,
                "sslProxy": trap,
                "noProxy": ["127.0.0.1", "localhost"],
            },
        )
        session = None
        for _ in range(START_TRIES):
            # A session of its own: a start given up on is stopped with every process it
            # started (the driver, its MiniBrowser and that browser's web processes).
            service = Service(
                executable_path=self.driver,
                env={**os.environ, "DISPLAY": self.display},
                popen_kw={"start_new_session": True},
            )
            started: list[Any] = []
            thread = threading.Thread(
                target=start, args=(webdriver.WebKitGTK, options, service, started), daemon=True
            )
            thread.start()
            thread.join(START_S)
            if started:
                session = started[0]
                break
            # Now and then (about one start in twenty here) the driver's MiniBrowser exits
            # at once and the driver waits for it forever: stop that driver and all it
            # started, then start again (CI once saw three such starts in a row).
            self.restarts += 1
            if service.process is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(service.process.pid, signal.SIGKILL)
            thread.join(10)
            time.sleep(1)
        if session is None:
            raise RuntimeError(
                f"WebKitWebDriver did not start a browser in {START_TRIES} tries of {START_S} s"
            )
        session.set_window_rect(0, 0, width, height)
        session.set_script_timeout(120)
        session.set_page_load_timeout(120)
        return WebKitTab(session)

    def close(self) -> None:
        pass


KEYS = {"Enter": "\ue007", "Tab": "\ue004", "ArrowRight": "\ue014", "ArrowLeft": "\ue012"}


class WebKitTab:
    def __init__(self, session: Any) -> None:
        self.session = session

    def goto(self, url: str) -> None:
        self.session.get(url)

    def reload(self) -> None:
        self.session.refresh()

    def enter(self, frame: str | None) -> None:
        self.session.switch_to.default_content()
        if frame is None:
            return
        for element in self.session.find_elements("css selector", "iframe"):
            if frame in (element.get_attribute("src") or ""):
                self.session.switch_to.frame(element)
                return
        raise AssertionError(f"no frame with {frame}")

    def js(self, source: str, *args: Any, frame: str | None = None) -> Any:
        self.enter(frame)
        try:
            return self.session.execute_script(f"return {call(source, args)};")
        finally:
            if frame is not None:
                self.session.switch_to.default_content()

    def click(self, selector: str, *, frame: str | None = None) -> None:
        self.enter(frame)
        try:
            self.session.find_element("css selector", selector).click()
        finally:
            if frame is not None:
                self.session.switch_to.default_content()

    def press(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.session).send_keys(KEYS.get(key, key)).perform()

    def driver_problems(self) -> list[str]:
        return []  # no BiDi: the hook sees what there is to see

    def screenshot(self, path: str) -> None:
        """The window (what a person sees) as a PNG at ``path``."""
        self.session.save_screenshot(path)

    def close(self) -> None:
        self.session.quit()
