"""Set-up: the test tools (pip, into ``.venv`` where PEP 668 says so), ``node_modules``
(``npm ci``) and the browsers for the browser tests (pip and apt-get)."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path

from sitebuild.paths import PYTHON, ROOT
from sitebuild.steps import StepFailed, run, say

VENV = ROOT / ".venv"
NEEDS_TOOLS = ("test", "bench")
"""Subcommands that ``pip install`` the ``test`` extra (into ``.venv`` where PEP 668 says so)."""


def externally_managed() -> bool:
    """True for a system Python that refuses ``pip install`` (PEP 668, e.g. Debian 12)."""
    if sys.prefix != sys.base_prefix:  # already in a virtual environment
        return False
    return (Path(sysconfig.get_path("stdlib")) / "EXTERNALLY-MANAGED").is_file()


def rerun_in_venv(argv: Sequence[str]) -> int:
    """Run this same command with ``.venv``'s Python, creating ``.venv`` the first time."""
    bin_dir = "Scripts" if sys.platform == "win32" else "bin"
    python = VENV / bin_dir / ("python.exe" if sys.platform == "win32" else "python")
    if not python.is_file():
        say("this Python is externally managed (PEP 668): creating .venv for the tools")
        if subprocess.call([PYTHON, "-m", "venv", str(VENV)]) != 0 or not python.is_file():
            say("FAILED: create .venv (on Debian or Ubuntu: apt install python3-venv)")
            return 1
    say(f"using {python.relative_to(ROOT)}")
    return subprocess.call([str(python), str(ROOT / "build.py"), *argv])


def ensure_python_deps() -> None:
    """Install the engine (editable) with its ``test`` extra: pytest, ruff, mypy, hatchling."""
    run("install Python test tools", [PYTHON, "-m", "pip", "install", "-q", "-e", ".[test]"])


def node_modules_stale() -> bool:
    """True when ``node_modules`` does not match ``package-lock.json``.

    npm keeps a copy of what it installed in ``node_modules/.package-lock.json``; every package
    in the lock must be there with the same version and integrity, and on disk (optional
    ones only where npm installed them: they are other platforms' binaries).
    """
    lock_path = ROOT / "package-lock.json"
    hidden_path = ROOT / "node_modules" / ".package-lock.json"
    if not hidden_path.is_file():
        return True
    wanted: dict[str, dict[str, object]] = json.loads(lock_path.read_text())["packages"]
    have: dict[str, dict[str, object]] = json.loads(hidden_path.read_text())["packages"]
    for name, info in wanted.items():
        if not name:  # "" is the project itself
            continue
        got = have.get(name)
        if got is None and info.get("optional"):
            continue  # another platform's build of a tool (esbuild's, for one): npm skips it
        if got is None or not (ROOT / name).is_dir():
            return True
        if got.get("version") != info.get("version"):
            return True
        if got.get("integrity") != info.get("integrity"):
            return True
    return False


def ensure_node_modules() -> None:
    """``npm ci`` when ``node_modules`` is missing or stale (the lock pins every package)."""
    if not node_modules_stale():
        return
    if shutil.which("npm") is None:
        raise StepFailed("npm ci: npm is not installed (Node 20 and npm are needed)")
    run("npm ci", ["npm", "ci", "--no-audit", "--no-fund"])


BROWSER_TEST_TOOLS = ("playwright==1.65.2", "pytest-playwright==0.10.0", "selenium==4.51.0")
"""Pinned here, not in pyproject.toml: only the browser tests need them. Selenium drives WebKit
in tests/engines (4.51.0: 4.52 and later need a certifi newer than the package mirrors have)."""
OTHER_ENGINES = {
    "firefox-esr": "firefox-esr",
    "webkit2gtk-driver": "WebKitWebDriver",
    "xvfb": "Xvfb",
}
"""Debian packages for tests/engines, by a command each puts on PATH: Firefox ESR (driven by
puppeteer-core, pinned in package-lock.json), WebKitGTK's WebDriver and the X server it needs."""


def find_chromium() -> str | None:
    """A Chromium for the browser tests: ``PARLOUR_CHROMIUM``, Playwright's own, or the
    system's (tests/browser/conftest.py asks Playwright itself; this is the same search)."""
    given = os.environ.get("PARLOUR_CHROMIUM")
    if given:
        return given
    browsers = os.environ.get("PLAYWRIGHT_BROWSERS_PATH") or str(
        Path.home() / ".cache/ms-playwright"
    )
    for pattern in ("chromium-*/chrome-linux*/chrome", "chromium-*/chrome-mac*/Chromium.app"):
        found = sorted(Path(browsers).glob(pattern))
        if found:
            return str(found[-1])
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def ensure_browser() -> None:
    """Playwright and Selenium (pinned), a Chromium for ``tests/browser``, and Firefox ESR,
    WebKitGTK's WebDriver and Xvfb for ``tests/engines`` (docs/TESTING.md, "Browsers").

    ``playwright install`` may be unable to download browsers (no internet but package
    mirrors), so a system Chromium is the fallback: as root on Debian, ``apt-get`` installs
    one, and the other engines, which come only from there (nothing runs when all are on
    PATH). Afterwards the browser tests fail rather than skip when a browser is missing."""
    wanted = dict(pin.split("==") for pin in BROWSER_TEST_TOOLS)
    try:
        have = {name: importlib.metadata.version(name) for name in wanted}
    except importlib.metadata.PackageNotFoundError:
        have = {}
    if have != wanted:
        run(
            "install browser test tools",
            [PYTHON, "-m", "pip", "install", "-q", *BROWSER_TEST_TOOLS],
        )
    missing = [] if find_chromium() else ["chromium"]
    firefox = os.environ.get("PARLOUR_FIREFOX") or shutil.which("firefox")
    missing += [
        package
        for package, command in OTHER_ENGINES.items()
        if not shutil.which(command) and not (command == "firefox-esr" and firefox)
    ]
    if missing:
        is_root = hasattr(os, "geteuid") and os.geteuid() == 0
        if not (is_root and shutil.which("apt-get")):
            raise StepFailed(
                f"browser tests need {', '.join(missing)}: install them (Debian: apt-get "
                f"install {' '.join(missing)}); PARLOUR_CHROMIUM and PARLOUR_FIREFOX can name "
                "a Chromium and a Firefox"
            )
        os.environ["DEBIAN_FRONTEND"] = "noninteractive"
        run("apt-get update", ["apt-get", "update", "-q"])
        run("install browsers", ["apt-get", "install", "-y", "-q", *missing])
        if find_chromium() is None:
            raise StepFailed("install Chromium: apt-get ran, but no chromium is on PATH")
        for package, command in OTHER_ENGINES.items():
            if package in missing and not shutil.which(command):
                raise StepFailed(f"install {package}: apt-get ran, but no {command} is on PATH")
    os.environ["PARLOUR_REQUIRE_BROWSER"] = "1"
