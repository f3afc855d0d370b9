#!/usr/bin/env python3
"""Parlour's developer entry point (stdlib only, so it runs before anything is installed).

    python3 build.py test    # set up, then lint, type-check and test on CPython and Pyodide
    python3 build.py bench   # engine speed: random full games per second, CPython vs Pyodide
    python3 build.py build   # the static browser site in dist/ (engine wheel + vendored runtime)
    python3 build.py serve   # build, then serve dist/ on http://127.0.0.1:8000/ (--port N)

Each subcommand is a small function registered with argparse in ``main``; set-up helpers
(``ensure_python_deps``, ``ensure_node_modules``) are safe to call more than once and fast
when nothing changed. Note: this file is named ``build.py``, which shadows the PyPI ``build``
package when the repo root is the working directory, so never run ``python -m build`` from
here (wheels are built with ``pip wheel`` instead).
"""

from __future__ import annotations

import argparse
import base64
import email.utils
import functools
import gzip
import hashlib
import http.server
import importlib.metadata
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import threading
import time
import tomllib
import urllib.parse
import zipfile
from collections.abc import Callable, Mapping, Sequence
from html import escape
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent
PYTHON = sys.executable


class StepFailed(Exception):
    """A named step of a subcommand failed; the message says which and why."""


STEPS_DONE: list[tuple[str, float]] = []
"""``(step, seconds)`` for every command ``run`` finished, for the final summary line."""


def say(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(step: str, cmd: Sequence[str], *, ok_codes: Sequence[int] = (0,)) -> None:
    """Run ``cmd`` from the repo root, streaming its output; raise ``StepFailed`` otherwise."""
    say(f"{step}: {' '.join(cmd)}")
    start = time.monotonic()
    try:
        code = subprocess.call(list(cmd), cwd=ROOT)
    except FileNotFoundError as exc:
        raise StepFailed(f"{step}: cannot run {cmd[0]!r} ({exc})") from exc
    if code not in ok_codes:
        why = " (pytest collected no tests)" if code == 5 and "pytest" in step else ""
        raise StepFailed(f"{step} failed (exit code {code}){why}")
    STEPS_DONE.append((step, time.monotonic() - start))


# --- set-up ------------------------------------------------------------------------------

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
    return subprocess.call([str(python), str(Path(__file__).resolve()), *argv])


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
    WebKitGTK's WebDriver and Xvfb for ``tests/engines`` (README, "Browsers").

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


# --- the browser site: build and serve (see README, "Browser") ----------------------------

WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
MICROPIP_VERSION = "0.11.1"
ENGINE_INSTALLS = ("packages", "files", "loadpackage")
"""How the worker gets the engine wheel: PyScript ``packages`` (micropip), PyScript ``files``
(the wheel unzipped into the importable working directory) or ``pyodide.loadPackage``."""
DEFAULT_ENGINE_INSTALL = "packages"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STOCK_STDLIB = "python_stdlib.zip"
STDLIBS = ("trimmed", "full")
"""``trimmed``: the stdlib files a visit imports, compiled to ``.pyc`` (tools/runtime_stdlib.py),
as ``python_stdlib-<hash>.zip``; ``full``: Pyodide's stock ``python_stdlib.zip``."""
DEFAULT_STDLIB = "trimmed"
STDLIB_LINE = re.compile(r"^const STDLIB = .*; // build:stdlib$", re.MULTILINE)
"""The line of ``web/py/boot.mjs`` that names the stdlib zip it passes as ``stdLibURL``."""
PYSCRIPT_CHUNKS = ("core", "error", "deprecations-manager", "pyodide_graph")
"""The ``@pyscript/core`` chunks a worker-only page loads (by name before the content hash;
found by watching the requests of a boot). Editor, terminal and game plug-ins stay out."""


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def npm_version(package: str) -> str:
    """The installed version of a vendored npm package (pinned by package-lock.json)."""
    meta = json.loads((ROOT / "node_modules" / package / "package.json").read_text())
    version: str = meta["version"]
    return version


def engine_wheel() -> Path:
    """The engine wheel, built with ``pip wheel`` and cached by a digest of its sources."""
    sources = sorted(p for p in (ROOT / "engine").rglob("*") if p.is_file())
    sources = [p for p in sources if "__pycache__" not in p.parts]
    digest = hashlib.sha256()
    for path in [ROOT / "pyproject.toml", ROOT / "README.md", *sources]:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    out = CACHE / "wheels" / digest.hexdigest()[:16]
    found = sorted(out.glob("parlour_engine-*.whl"))
    if found:
        return found[0]
    # A folder of this process's own: builds may run at once (tests, benchmarks, serve).
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    # Offline-friendly: use the installed hatchling when there is one.
    flags = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    cmd = [PYTHON, "-m", "pip", "wheel", "-q", "--no-deps", *flags, "-w", str(tmp), "."]
    run("build the engine wheel", cmd)
    built = sorted(tmp.glob("parlour_engine-*-py3-none-any.whl"))
    if len(built) != 1:
        raise StepFailed(f"build the engine wheel: expected one pure wheel, found {built}")
    try:
        tmp.rename(out)
    except OSError:  # another build cached the same wheel first: use that one
        shutil.rmtree(tmp, ignore_errors=True)
    return out / built[0].name


def micropip_wheel() -> Path:
    """micropip for Python 3.14 from PyPI (Pyodide's npm package does not ship it), cached.

    On CPython 3.11 a plain ``pip download micropip`` silently picks an old release, so the
    Python version and the exact release are both asked for."""
    name = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
    where = CACHE / "micropip"
    if not (where / name).is_file():
        cmd = [PYTHON, "-m", "pip", "download", "-q", f"micropip=={MICROPIP_VERSION}"]
        cmd += ["--python-version", "3.14", "--only-binary=:all:", "--no-deps", "-d", str(where)]
        run("download micropip", cmd)
        if not (where / name).is_file():
            raise StepFailed(f"download micropip: pip did not produce {name}")
    return where / name


BROWSER_OMITS = ("engine/cli/", "engine/__main__.py")
"""What the browser's engine wheel leaves out: the terminal front end (``parlour``, ``python -m
engine``: argument parsing, console rendering, tournaments), which a page never imports. The
rules, bots and saves are the same files, byte for byte, as the CPython package's
(``tests/browser/test_runtime_stdlib_in_browser.py`` checks it); the wheel's ``RECORD`` is cut to
match and its ``entry_points.txt`` (the console script) goes too. docs/RUNTIME.md says why."""


_VENDORED_PACKAGING = "micropip/_vendored/packaging/"
MICROPIP_OMITS = (
    f"{_VENDORED_PACKAGING}src/packaging/metadata.py",  # core-metadata validation
    f"{_VENDORED_PACKAGING}src/packaging/licenses/",  # SPDX expressions (48 KB of ids)
    f"{_VENDORED_PACKAGING}README.rst",
    "micropip/_compat/_compat_not_in_pyodide.py",  # micropip outside a browser
)
"""What micropip's wheel leaves out: modules the page's install never imports (the stdlib
trace installs the engine with this wheel and records every module, micropip's own too; a
module missing here fails the build's check boot), 17 KB brotli. Its license files stay, and
its METADATA's ``License:`` field keeps its first line (the MPL's name; the full text is
``licenses/LICENSE``, also shipped)."""


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def _short_license(metadata: bytes) -> bytes:
    """A METADATA's ``License:`` field cut to its first line (its continuation lines, the
    whole license text, go: the wheel ships the license file itself)."""
    lines, skipping = [], False
    for line in metadata.decode().splitlines(keepends=True):
        if skipping and line.startswith((" ", "\t")):
            continue
        skipping = line.startswith("License:")
        lines.append(line)
    return "".join(lines).encode()


def stored_wheel(wheel: Path, omit: Sequence[str] = ()) -> Path:
    """The same wheel with its entries stored, not deflated (cached by content): the host
    compresses the whole file on the wire, which beats zip's per-entry deflate (micropip and
    the engine: 247 KB brotli as built, docs/RUNTIME.md). Installers read either. ``omit``:
    path prefixes left out (``BROWSER_OMITS``, ``MICROPIP_OMITS``); when anything is
    omitted, the console scripts that could name them go too, METADATA's license text is cut
    to its name (``_short_license``) and ``RECORD`` lists exactly what is left, with the
    hashes of the files changed."""
    key = _sha256(wheel.read_bytes() + "\0".join(omit).encode())[:16]
    out = CACHE / "stored-wheels" / key / wheel.name
    if out.is_file():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")

    def dropped(name: str) -> bool:
        return name.startswith(tuple(omit)) or (
            bool(omit) and name.endswith(".dist-info/entry_points.txt")
        )

    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as dst:
        kept: dict[str, bytes] = {}
        for info in src.infolist():
            if not dropped(info.filename):
                data = src.read(info)
                if omit and info.filename.endswith(".dist-info/METADATA"):
                    data = _short_license(data)
                kept[info.filename] = data
        for info in src.infolist():
            if info.filename not in kept:
                continue
            data = kept[info.filename]
            if omit and info.filename.endswith(".dist-info/RECORD"):
                data = "".join(
                    f"{name},,\n" if name == info.filename else _record_line(name, body)
                    for name, body in kept.items()
                ).encode()
            entry = zipfile.ZipInfo(info.filename, info.date_time)
            entry.external_attr = info.external_attr
            dst.writestr(entry, data)
    tmp.replace(out)
    return out


def page_lock(lock_text: str, micropip: Path | None) -> str:
    """Pyodide's lock cut to what the page resolves: its ``info`` (Pyodide checks the Python
    version in it) and micropip with whatever it depends on, or no package at all when the
    engine is not installed with micropip. The page never loads another package from it (the
    engine wheel has no dependencies), and the stock lock is 111 KB. micropip's hash is set to
    the PyPI wheel we ship: the two differ, and the browser's integrity check would refuse it."""
    lock = json.loads(lock_text)
    packages: dict[str, dict[str, object]] = lock["packages"]
    keep: dict[str, dict[str, object]] = {}
    todo = ["micropip"] if micropip is not None else []
    while todo:
        name = todo.pop()
        if name not in keep:
            keep[name] = packages[name]
            todo.extend(str(dep) for dep in packages[name].get("depends", []))  # type: ignore[attr-defined]
    if micropip is not None:
        entry = keep["micropip"]
        if entry["file_name"] != micropip.name:
            raise StepFailed(
                f"vendor Pyodide: its lock wants {entry['file_name']}, not {micropip.name}"
            )
        entry["sha256"] = _sha256(micropip.read_bytes())
    trimmed = {"info": lock["info"], "packages": dict(sorted(keep.items()))}
    return json.dumps(trimmed, separators=(",", ":"))


def game_catalog() -> dict[str, object]:
    """``engine.GAMES`` with bot levels, read by a fresh interpreter, for the menu to paint
    before Python has loaded in the browser (the worker's ``games()`` says the same)."""
    code = "import json, sys; sys.path.insert(0, 'web/py'); import worker; print(worker.games())"
    try:
        out = subprocess.run(
            [PYTHON, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
    except subprocess.CalledProcessError as exc:
        raise StepFailed(
            f"read the game catalog: the engine does not import\n{exc.stderr}"
        ) from exc
    catalog: dict[str, object] = json.loads(out)["games"]
    return catalog


def load_tool(name: str) -> ModuleType:
    """A module of ``tools/`` (stdlib only), loaded by path: build.py runs before anything is
    installed, and tests load build.py itself by path."""
    spec = importlib.util.spec_from_file_location(f"parlour_{name}", ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def runtime_stdlib(stdlib: str, wheel: Path) -> tuple[Path, str, Path]:
    """The stdlib zip to ship, its name in ``vendor/pyodide-*/`` and micropip's wheel to ship
    beside it: the stock zip and micropip as published (less ``MICROPIP_OMITS``, stored), or
    the trimmed zip (traced and checked by tools/runtime_stdlib.py, cached by content) under a
    name carrying its hash, as everything in ``vendor/`` is cached for good, and micropip
    compiled to ``.pyc`` by the same trace (which installs the engine with it to check it)."""
    stock = ROOT / "node_modules" / "pyodide" / STOCK_STDLIB
    if stdlib == "full":
        return stock, STOCK_STDLIB, stored_wheel(micropip_wheel(), MICROPIP_OMITS)
    tool = load_tool("runtime_stdlib")
    try:
        made = tool.trimmed_stdlib(
            pyodide_dir=stock.parent,
            # The wheels as the page gets them, so the trace sees what the browser imports.
            micropip_wheel=stored_wheel(micropip_wheel(), MICROPIP_OMITS),
            engine_wheel=stored_wheel(wheel, BROWSER_OMITS),
            worker=WEB / "py" / "worker.py",
            pyscript_stdlib=ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib",
            cache=CACHE / "stdlib",
            say=say,
        )
    except tool.StdlibError as exc:
        raise StepFailed(f"build: {exc}") from exc
    report = made.report
    say(
        f"build: stdlib trimmed to {len(report['files'])} of {report['stock_files']} files, "
        f"compiled (Node boot {report['node_boot_seconds']['stock']:.1f} s stock, "
        f"{report['node_boot_seconds']['trimmed']:.1f} s trimmed)"
    )
    path: Path = made.zip
    return path, f"python_stdlib-{_sha256(path.read_bytes())[:10]}.zip", made.micropip


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


MINIFY_DIRS = ("js", "css")
"""Where build.py minifies every ``.js`` and ``.css`` in place (``--no-minify`` keeps them as
written). sw.js, the pages and ``vendor/`` are left alone."""


def minify(stage: Path) -> tuple[int, int]:
    """Minify the front end's own modules and stylesheets with the pinned esbuild, one file
    at a time (a transform: imports, exports and top-level await are kept, nothing is
    bundled). Returns the bytes before and after."""
    tool = ROOT / "node_modules" / "esbuild" / "bin" / "esbuild"
    if not tool.is_file():
        raise StepFailed("build: node_modules/esbuild is missing (npm ci installs it)")
    kinds = {".js", ".css"}
    files = sorted(p for d in MINIFY_DIRS for p in (stage / d).rglob("*") if p.suffix in kinds)
    before = sum(p.stat().st_size for p in files)
    for chunk in range(0, len(files), 40):
        batch = files[chunk : chunk + 40]
        loader = [f"--loader:{suffix}={suffix[1:]}" for suffix in (".js", ".css")]
        done = subprocess.run(
            [str(tool), *map(str, batch), "--minify", "--target=es2022,chrome110",
             f"--outbase={stage}", f"--outdir={stage}", "--allow-overwrite", "--log-level=error",
             "--charset=utf8", *loader],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            raise StepFailed(f"build: esbuild could not minify:\n{done.stderr.strip()[-2000:]}")
    return before, sum(p.stat().st_size for p in files)


I18N = WEB / "i18n"
"""Message catalogs: ``web/i18n/<lang>/<area>.json``, each a flat object of ICU messages. A key
``<area>.<name>`` is ``name`` in ``<area>.json``; a language is a folder, so a third one needs
nothing but its own catalog files."""


def read_catalogs() -> dict[str, dict[str, str]]:
    """``{lang: {"area.name": message}}`` from ``web/i18n``; refuses a non-string message."""
    catalogs: dict[str, dict[str, str]] = {}
    for folder in sorted(p for p in I18N.iterdir() if p.is_dir()):
        messages: dict[str, str] = {}
        for path in sorted(folder.glob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except ValueError as exc:
                raise StepFailed(f"build: {path.relative_to(ROOT)}: {exc}") from exc
            if not isinstance(data, dict):
                raise StepFailed(f"build: {path.relative_to(ROOT)} is not a JSON object")
            for name, message in data.items():
                if not isinstance(message, str):
                    raise StepFailed(f"build: {path.relative_to(ROOT)}: {name} is not a string")
                messages[f"{path.stem}.{name}"] = message
        catalogs[folder.name] = messages
    if "en" not in catalogs:
        raise StepFailed("build: web/i18n/en/ is missing (English is the fallback language)")
    return catalogs


LAZY_AREA_PREFIXES = ("rules-", "learn-")
LAZY_AREA_NAMES = ("nine-virtues", "quodlibet", "to-the-moon")
"""Catalog areas a page fetches only when it shows them (a game's rules, a lesson, and each
game's table words, the area named by its id, fetched with the table module by
``rendererFor``, web/js/games/index.js): each is its own module, ``js/i18n/<lang>/<area>.js``,
loaded by ``loadWords(area)`` (web/js/i18n.js); every other area is in ``js/i18n/<lang>.js``,
which every page loads (``quodlibet-contracts`` too: engine-words.js names contracts in
refusals, which the menu can show)."""


def lazy_area(area: str) -> bool:
    return area.startswith(LAZY_AREA_PREFIXES) or area in LAZY_AREA_NAMES


WATCHDOG_AREA = "watchdog"
WATCHDOG_WORDS = "var WORDS = {}; // build:watchdog-words"
"""The words of ``js/watchdog.js``, the classic script that speaks when a page cannot show
itself (README, "Browsers"): it runs without modules, so build.py writes its catalog area,
in every language, over this line of it; no module loads that area."""


def write_watchdog_words(stage: Path) -> None:
    path = stage / "js" / "watchdog.js"
    source = path.read_text(encoding="utf-8")
    if WATCHDOG_WORDS not in source:
        raise StepFailed(f"build: web/js/watchdog.js lacks `{WATCHDOG_WORDS}`")
    words: dict[str, dict[str, str]] = {}
    prefix = f"{WATCHDOG_AREA}."
    for lang, messages in read_catalogs().items():
        words[lang] = {k[len(prefix) :]: m for k, m in messages.items() if k.startswith(prefix)}
        formatted = sorted(k for k, m in words[lang].items() if re.search(r"[{}'#<]", m))
        if formatted:
            raise StepFailed(f"build: {lang} {WATCHDOG_AREA} words must be plain: {formatted}")
    body = json.dumps(words, ensure_ascii=False, sort_keys=True)
    path.write_text(source.replace(WATCHDOG_WORDS, f"var WORDS = {body};"), encoding="utf-8")


def write_catalogs(stage: Path) -> None:
    """``js/i18n/<lang>.js`` (one ES module per language: ``export default {key: message}``)
    with every area but the lazy ones, ``js/i18n/<lang>/<area>.js`` for each lazy area, and
    ``js/i18n/index.js`` (the languages with their own names and the lazy areas), which
    web/js/i18n.js imports (web/js/words/message-format.js formats the messages)."""
    out = stage / "js" / "i18n"
    out.mkdir(parents=True, exist_ok=True)
    catalogs = read_catalogs()
    lazy: set[str] = set()

    def module(path: Path, source: str, messages: dict[str, str]) -> None:
        body = json.dumps(messages, ensure_ascii=False, indent=0, sort_keys=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            f"// Written by build.py from {source}.\nexport default {body};\n", encoding="utf-8"
        )

    for lang, messages in catalogs.items():
        areas: dict[str, dict[str, str]] = {}
        for key, message in messages.items():
            area = key.split(".", 1)[0]
            if lazy_area(area):
                areas.setdefault(area, {})[key] = message
        for area, words in areas.items():
            module(out / lang / f"{area}.js", f"web/i18n/{lang}/{area}.json", words)
        lazy |= set(areas)
        core = {
            k: m
            for k, m in messages.items()
            if k.split(".", 1)[0] not in areas and k.split(".", 1)[0] != WATCHDOG_AREA
        }
        module(
            out / f"{lang}.js",
            f"web/i18n/{lang}/*.json (not the lazy areas: {', '.join(sorted(areas))})",
            core,
        )
    languages = [
        {
            "code": lang,
            "name": messages.get("common.language-name", lang),
            "short": messages.get("common.language-short", lang.upper()),
        }
        for lang, messages in catalogs.items()
    ]
    (out / "index.js").write_text(
        "// Written by build.py: the catalogs in web/i18n/.\n"
        f"export const LANGUAGES = {json.dumps(languages, ensure_ascii=False)};\n"
        f"export const LAZY_AREAS = {json.dumps(sorted(lazy))};\n",
        encoding="utf-8",
    )


def build_site(
    out: Path = DIST,
    engine_install: str = DEFAULT_ENGINE_INSTALL,
    base_url: str | None = None,
    stdlib: str = DEFAULT_STDLIB,
    minified: bool = True,
) -> Path:
    """Build the static site into ``out`` (staged next to it, then swapped in whole, so a
    failed build leaves the previous site intact and a running server never sees half).
    ``minified=False`` keeps js/ and css/ as written (easier to read in a browser)."""
    if engine_install not in ENGINE_INSTALLS:
        raise StepFailed(f"build: unknown engine install {engine_install!r}")
    if stdlib not in STDLIBS:
        raise StepFailed(f"build: unknown stdlib {stdlib!r} (one of {', '.join(STDLIBS)})")
    if not (WEB / "index.html").is_file():
        raise StepFailed("build: web/index.html is missing")
    ensure_node_modules()
    wheel = engine_wheel()
    catalog = game_catalog()
    stdlib_zip, stdlib_name, micropip_shipped = runtime_stdlib(stdlib, wheel)
    stage = out.with_name(out.name + ".tmp")
    shutil.rmtree(stage, ignore_errors=True)
    say(f"build: {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")

    # The front end, as written (the worker module goes to a content-hashed folder below).
    shutil.copytree(
        WEB, stage, ignore=shutil.ignore_patterns("py", "i18n", "__pycache__", "*.pyc", ".*")
    )

    # The engine: wheel and worker under a content hash, so they can be cached for good.
    worker = (WEB / "py" / "worker.py").read_bytes()
    shipped = stored_wheel(wheel, BROWSER_OMITS)
    py_hash = _sha256(shipped.read_bytes() + b"\0" + worker)[:12]
    _copy(shipped, stage / "py" / py_hash / wheel.name)
    (stage / "py" / py_hash / "worker.py").write_bytes(worker)

    # The runtime, vendored from the pinned npm packages (never a CDN).
    pyodide_dir = f"vendor/pyodide-{npm_version('pyodide')}"
    for name in PYODIDE_FILES:
        _copy(ROOT / "node_modules" / "pyodide" / name, stage / pyodide_dir / name)
    _copy(stdlib_zip, stage / pyodide_dir / stdlib_name)
    lock = (ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text()
    micropip = micropip_shipped if engine_install == "packages" else None
    if micropip is not None:
        _copy(micropip, stage / pyodide_dir / micropip.name)
    (stage / pyodide_dir / "pyodide-lock.json").write_text(page_lock(lock, micropip))
    # The worker loads Pyodide through boot.mjs (progress reports); it must sit next to
    # pyodide.mjs, and its name carries its hash because vendor/ is cached for good.
    boot_source = (WEB / "py" / "boot.mjs").read_text()
    if not STDLIB_LINE.search(boot_source):
        raise StepFailed("build: web/py/boot.mjs lacks its `const STDLIB = ...; // build:stdlib`")
    boot = STDLIB_LINE.sub(
        lambda _: f"const STDLIB = {json.dumps(stdlib_name)}; // build:stdlib", boot_source
    ).encode()
    boot_name = f"parlour-boot-{_sha256(boot)[:10]}.mjs"
    (stage / pyodide_dir / boot_name).write_bytes(boot)
    pyscript_dir = f"vendor/pyscript-{npm_version('@pyscript/core')}"
    pyscript_src = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    for path in sorted(pyscript_src.glob("*.js")):
        stem = path.name.rsplit("-", 1)[0] if "-" in path.name else path.stem
        if stem in PYSCRIPT_CHUNKS:
            _copy(path, stage / pyscript_dir / path.name)

    # The message catalogs (web/i18n/<lang>/*.json) and their formatter (README, "Languages").
    page_words.cache_clear()  # `serve` rebuilds in one process: read the catalogs afresh
    write_catalogs(stage)
    write_watchdog_words(stage)

    # Which per-game renderers exist (the others fall back to the generic one).
    renderers = sorted(p.parent.name for p in (WEB / "js" / "games").glob("*/table.js"))
    present = json.dumps([r for r in renderers if r in catalog])
    (stage / "js" / "games" / "present.js").write_text(
        "// Written by build.py: the per-game renderers present in web/js/games/<id>/table.js.\n"
        f"export const PRESENT = {present};\n"
    )

    # The page: stylesheets of the game tables, and what the page needs before Python runs.
    # The menu needs none of the tables' styles: on the page they load as print styles, which
    # do not hold back its first paint, and app.js turns them on (README, "What the build makes").
    sheets = sorted((WEB / "css" / "games").glob("*.css"))
    styles = "".join(f'\n    <link rel="stylesheet" href="css/games/{p.name}">' for p in sheets)
    later_styles = "".join(
        f'\n    <link rel="stylesheet" href="css/games/{p.name}" media="print" data-later>'
        for p in sheets
    )
    manifest = {
        "engine_version": wheel.name.split("-")[1],
        "engine_install": engine_install,
        "wheel": f"py/{py_hash}/{wheel.name}",
        "worker": f"py/{py_hash}/worker.py",
        "pyodide": f"{pyodide_dir}/{boot_name}",
        "pyscript": f"{pyscript_dir}/core.js",
        "downloads": [
            {"url": f"{pyodide_dir}/{name}", "bytes": (stage / pyodide_dir / name).stat().st_size}
            for name in ("pyodide.asm.wasm", stdlib_name)
        ],
        "games": catalog,
    }
    page = (WEB / "index.html").read_text()
    for marker in ("<!-- build:styles -->", "<!-- build:manifest -->"):
        if marker not in page:
            raise StepFailed(f"build: web/index.html lacks the {marker} marker")
    data = json.dumps(manifest, sort_keys=True).replace("</", "<\\/")
    page = page.replace("<!-- build:styles -->", later_styles.strip())
    page = page.replace(
        "<!-- build:manifest -->",
        f'<script type="application/json" id="parlour-build">{data}</script>',
    )
    (stage / "index.html").write_text(page)
    # The embed and its builder read the same manifest (README, "Embedding").
    fill_embed_pages(stage, styles.strip(), data)

    # A page per game with its oEmbed discovery link, and the oEmbed JSON (README,
    # "Embedding"). The pages copy index.html; the service worker below stamps every page
    # with its version and precaches them (one page, one version, online or offline).
    pages = write_embed_discovery(stage, catalog, site_base_url(base_url))
    say(f"build: {pages} game pages and oEmbed files for {site_base_url(base_url)}")

    # The web app manifest in every language (page.manifest-* in the catalogs).
    write_manifests(stage)

    # Our own modules and stylesheets, minified (vendor/ ships as published).
    if minified:
        before, after = minify(stage)
        say(f"build: minified js/ and css/: {before / 1e3:.0f} -> {after / 1e3:.0f} KB")

    # Offline and installable (README, "Offline"). Keep this last before the swap: the service
    # worker pins the hash of every file above, so a file written after it breaks its install.
    render_icons(stage)
    count, precached = write_service_worker(stage)
    say(f"build: sw.js precaches {count} files, {precached / 1e6:.2f} MB")

    # Swap the new site in whole.
    old = out.with_name(out.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        out.rename(old)
    stage.rename(out)
    shutil.rmtree(old, ignore_errors=True)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    say(f"build: {size / 1e6:.2f} MB in {out} (engine {wheel.name}, {engine_install}, {stdlib})")
    return out


# --- response headers: netlify.toml is their one source of truth (README, "Headers") ---------

NETLIFY_TOML = ROOT / "netlify.toml"
NETLIFY_DEFAULT_CACHE = "public, max-age=0, must-revalidate"
"""What Netlify sends as ``Cache-Control`` for a file that no rule gives one."""


class HeaderRule(NamedTuple):
    """One ``[[headers]]`` table of netlify.toml: a path pattern and the headers it sets.
    (Not a dataclass: tests load this file by path, without a ``sys.modules`` entry.)"""

    pattern: str
    regex: re.Pattern[str]
    values: Mapping[str, str]


def netlify_path_regex(pattern: str) -> re.Pattern[str]:
    """The paths a ``[[headers]] for`` pattern matches, as Netlify matches them
    (``@netlify/headers-parser``, ``getForRegExp``): case-insensitive, an optional trailing
    slash, a segment that is just ``*`` matches anything (slashes included, or nothing), a
    ``*`` inside a segment matches anything too, and ``:name`` matches one segment. So
    ``/vendor/*`` also matches ``/vendors/x``, as on Netlify. Unlike Netlify, literal
    characters are escaped (``/*.html`` does not match ``/xhtml``)."""
    parts = [part.rstrip() for part in pattern.strip().split("/")]
    regex = []
    for part in filter(None, parts):
        if part.startswith(":"):
            regex.append("([^/]+)")
        elif part == "*":
            regex.append("?(.*)")
        else:
            regex.append("(.*)".join(re.escape(bit) for bit in part.split("*")))
    return re.compile("^/" + "/".join(regex) + "/?$", re.IGNORECASE)


def _header_value(name: str, raw: object) -> str:
    """A header value as Netlify normalises it: trimmed, lists and comma-separated lines
    joined with ``", "``. A line break left inside a value would end the header: refused."""
    if isinstance(raw, list):
        value = ", ".join(_header_value(name, item) for item in raw)
    elif isinstance(raw, str):
        value = re.sub(r"\s*,\s*", ", ", raw.strip())
    else:
        raise ValueError(f"netlify.toml: header {name!r} must be a string, not {raw!r}")
    if "\n" in value or "\r" in value:
        raise ValueError(f"netlify.toml: header {name!r} has a line break (write one line)")
    return value


def netlify_header_rules(config: Path = NETLIFY_TOML) -> tuple[HeaderRule, ...]:
    """The ``[[headers]]`` rules of a netlify.toml, in file order."""
    data = tomllib.loads(config.read_text(encoding="utf-8"))
    rules = []
    for table in data.get("headers", []):
        pattern = table.get("for")
        if not isinstance(pattern, str) or not pattern.startswith("/"):
            raise ValueError(f'netlify.toml: [[headers]] needs for = "/...", got {pattern!r}')
        values = {name.strip(): _header_value(name, raw) for name, raw in table["values"].items()}
        rules.append(HeaderRule(pattern, netlify_path_regex(pattern), values))
    return tuple(rules)


def matching_rules(path: str, rules: Sequence[HeaderRule]) -> list[HeaderRule]:
    """The rules whose pattern matches a URL path (no query string), in file order."""
    return [rule for rule in rules if rule.regex.match(path)]


def headers_for(path: str, rules: Sequence[HeaderRule]) -> dict[str, str]:
    """The headers served for a URL path: every matching rule applies. Where two rules set
    the same header (names compare case-insensitively) the values are joined with ``", "``,
    as repeated HTTP headers combine; the tests keep netlify.toml free of such overlaps,
    since Netlify's own merging of them is not something to rely on."""
    found: dict[str, tuple[str, str]] = {}
    for rule in matching_rules(path, rules):
        for name, value in rule.values.items():
            key = name.lower()
            if key in found:
                first_name, before = found[key]
                found[key] = (first_name, f"{before}, {value}")
            else:
                found[key] = (name, value)
    return dict(found.values())


@functools.lru_cache(maxsize=4)
def _cached_header_rules(config: str, mtime_ns: int) -> tuple[HeaderRule, ...]:
    return netlify_header_rules(Path(config))


ICONS = (
    ("icon.svg", 192, "icon-192.png"),
    ("icon.svg", 512, "icon-512.png"),
    ("maskable.svg", 512, "maskable-512.png"),
)
"""``(source in web/icons/, pixels, output in icons/)``: the PNGs manifest.webmanifest names."""


def manifest_name(lang: str) -> str:
    """The manifest of a language: English's is manifest.webmanifest (the one the HTML links
    to before its scripts run); page-words.js points the link at the reader's language's."""
    return "manifest.webmanifest" if lang == "en" else f"manifest.{lang}.webmanifest"


def write_manifests(site: Path) -> None:
    """web/manifest.webmanifest with its name, short name, description and ``lang`` from each
    language's catalog (page.manifest-*), one file per language. The id, start URL and icons
    are the same in all, so it is one installed app whatever language installed it."""
    base = json.loads((WEB / "manifest.webmanifest").read_text(encoding="utf-8"))
    for lang, words in page_words().items():
        data = {
            **base,
            "name": words["page.manifest-name"],
            "short_name": words["page.manifest-short-name"],
            "description": words["page.manifest-description"],
            "lang": lang,
        }
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        (site / manifest_name(lang)).write_text(text, encoding="utf-8")


PRECACHE_FILES = ("manifest.webmanifest",)
PRECACHE_DIRS = ("css", "js", "icons", "py", "vendor")
"""What sw.js precaches: the pages (every ``*.html`` at the top: index.html, the game and
embed pages), these files and folders (recorded boots load nothing else from our origin),
minus source maps. ``vendor/`` holds only the runtime files and PyScript chunks a boot
requests."""
VERSION_META = re.compile(r'<meta name="parlour-version" content="[^"]*">')
PRECACHE_LINE = re.compile(r"^const BUILD = .*; // build:precache$", re.MULTILINE)


def render_icons(site: Path) -> None:
    """The manifest's PNG icons from ``icons/*.svg`` (tools/icons.py, stdlib only), cached
    in ``.cache/icons`` by a digest of the source, the size and the renderer."""
    tool = ROOT / "tools" / "icons.py"
    icons = load_tool("icons")
    for source, size, name in ICONS:
        svg = (site / "icons" / source).read_bytes()
        key = _sha256(tool.read_bytes() + b"\0" + svg + b"\0" + str(size).encode())[:16]
        cached = CACHE / "icons" / f"{key}.png"
        if not cached.is_file():
            try:
                data: bytes = icons.render(svg.decode(), size)
            except ValueError as exc:
                raise StepFailed(f"build: icons/{source}: {exc}") from exc
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(".tmp")
            tmp.write_bytes(data)
            tmp.replace(cached)
        _copy(cached, site / "icons" / name)


def write_service_worker(site: Path) -> tuple[int, int]:
    """Write ``sw.js`` from its template with the precache list (path, SHA-256, bytes) and a
    version hashing them all; put the same version in each page's ``parlour-version``.
    Returns the number of files and bytes precached. Safe to run again on a built site."""
    if not VERSION_META.search((site / "index.html").read_text()):
        raise StepFailed('build: web/index.html lacks <meta name="parlour-version" ...>')
    pages = sorted(site.glob("*.html"))
    files = [site / name for name in PRECACHE_FILES]
    files += (p for p in sorted(site.glob("manifest.*.webmanifest")))  # the other languages
    for folder in PRECACHE_DIRS:
        files += (p for p in (site / folder).rglob("*") if p.is_file() and p.suffix != ".map")
    entries: list[tuple[str, str, int]] = []
    digest = hashlib.sha256()
    for path in sorted(files):
        data = path.read_bytes()
        entries.append((path.relative_to(site).as_posix(), _sha256(data), len(data)))
        digest.update(f"{entries[-1][0]}\0{entries[-1][1]}\0".encode())
    texts = {page: page.read_bytes().decode() for page in pages}
    for page, text in texts.items():  # as they will be, less the version itself
        digest.update(f"{page.name}\0".encode() + VERSION_META.sub("", text).encode() + b"\0")
    version = digest.hexdigest()[:16]
    for page, text in reversed(texts.items()):
        stamped = VERSION_META.sub(f'<meta name="parlour-version" content="{version}">', text)
        page.write_bytes(stamped.encode())
        entries.insert(0, (page.name, _sha256(stamped.encode()), len(stamped.encode())))
    template = (WEB / "sw.js").read_text()
    if not PRECACHE_LINE.search(template):
        raise StepFailed("build: web/sw.js lacks its `const BUILD = ...; // build:precache` line")
    build = json.dumps({"version": version, "files": entries}, separators=(",", ":"))
    sw = PRECACHE_LINE.sub(lambda _: f"const BUILD = {build}; // build:precache", template)
    (site / "sw.js").write_text(sw)
    return len(entries), sum(size for _, _, size in entries)


EMBED_PAGES = ("embed.html", "embed-builder.html")
"""Pages that, like index.html, carry the build's manifest (README, "Embedding")."""
DEFAULT_BASE_URL = "http://127.0.0.1:8000"
EMBED_SANDBOX = "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
OEMBED_WIDTH, OEMBED_HEIGHT = 640, 600
"""The embed's default frame size (its resizer adapts the height to the content)."""


def site_base_url(given: str | None = None) -> str:
    """Where the site is published, for absolute URLs (oEmbed, discovery links): ``given``
    (``--base-url``), else ``PARLOUR_BASE_URL``, else Netlify's ``URL``, else the local
    server's ``http://127.0.0.1:8000``. No trailing slash."""
    env = os.environ
    url = given or env.get("PARLOUR_BASE_URL") or env.get("URL") or DEFAULT_BASE_URL
    if not re.match(r"^https?://[^/\s]+(/\S*)?$", url):
        raise StepFailed(f"build: the base URL {url!r} is not an http(s) address")
    return url.rstrip("/")


def fill_embed_pages(site: Path, styles: str, manifest_json: str) -> None:
    """Put the build's manifest (and, in embed.html's inert template, the table styles) into
    the embed pages, as for index.html."""
    for name in EMBED_PAGES:
        path = site / name
        page = path.read_text()
        if "<!-- build:manifest -->" not in page:
            raise StepFailed(f"build: web/{name} lacks the <!-- build:manifest --> marker")
        page = page.replace("<!-- build:styles -->", styles)
        page = page.replace(
            "<!-- build:manifest -->",
            f'<script type="application/json" id="parlour-build">{manifest_json}</script>',
        )
        path.write_text(page)


def word(message: str, **values: str) -> str:
    """A catalog message with its simple ``{name}`` arguments filled in, for what the build
    writes into pages (titles, descriptions, manifests). Messages used here hold no plural or
    select (those are worded in the browser); one that does is refused."""
    if re.search(r"\{\s*\w+\s*,", message):
        raise StepFailed(f"build: {message!r} needs the browser's formatter (plural or select)")
    return re.sub(r"\{\s*(\w+)\s*\}", lambda m: values[m.group(1)], message)


@functools.cache
def page_words() -> dict[str, dict[str, str]]:
    """``{lang: {key: message}}`` from the catalogs, each language filled up from English (a
    language that lacks a key is caught by tests/test_catalogs.py, never by a broken page)."""
    catalogs = read_catalogs()
    english = catalogs["en"]
    return {lang: {**english, **messages} for lang, messages in catalogs.items()}


def game_names(game_id: str, fallback: str) -> list[str]:
    """The game's name in every language, English first, each once."""
    names: list[str] = []
    for lang in sorted(page_words(), key=lambda code: code != "en"):
        name = page_words()[lang].get(f"common.game-{game_id}", fallback)
        if name not in names:
            names.append(name)
    return names


def embed_snippet(base: str, game_id: str, name: str, height: int = OEMBED_HEIGHT) -> str:
    """The iframe (and optional resize script) that embeds a game; embed-builder.js writes
    the same markup from the reader's choices. ``name`` may hold several languages' names
    (the oEmbed answer has one file for every reader); the frame itself has no ``lang=``, so
    it shows each reader's own language."""
    src = escape(f"{base}/embed.html?game={game_id}")
    title = escape(word(page_words()["en"]["embed.frame-title"], game=name))
    return (
        f'<iframe src="{src}" title="{title}" width="100%" height="{height}"'
        ' style="border:0;max-width:100%" loading="lazy" allow="fullscreen"'
        f' sandbox="{EMBED_SANDBOX}"></iframe>\n'
        f'<script async src="{escape(base)}/embed-resize.js"></script>'
    )


def oembed(base: str, game_id: str, name: str) -> dict[str, object]:
    """The oEmbed 1.0 response (type ``rich``) for one game's page. One answer serves every
    consumer (a static site cannot see the asker's language, and the discovery link is in one
    static page), so its title names the game in every language ("Nine Virtues / 아홉 가지
    덕목 · Parlour") and its frame follows each reader's browser language."""
    names = " / ".join(game_names(game_id, name))
    return {
        "version": "1.0",
        "type": "rich",
        "title": word(page_words()["en"]["page.oembed-title"], game=names),
        "provider_name": "Parlour",
        "provider_url": f"{base}/",
        "html": embed_snippet(base, game_id, names),
        "width": OEMBED_WIDTH,
        "height": OEMBED_HEIGHT,
        "cache_age": 86400,
    }


def write_embed_discovery(site: Path, catalog: dict[str, object], base: str) -> int:
    """``<game>.html`` (index.html with the game chosen in the menu, its own title and an
    oEmbed discovery link) and ``oembed/<game>.json`` for every game. Returns the count."""
    index = (site / "index.html").read_text()
    tags = (r"<title>[^<]*</title>", r'<meta name="description"[^>]*>')
    found = [re.search(pattern, index) for pattern in tags]
    if found[0] is None or found[1] is None:
        raise StepFailed("build: web/index.html lacks its <title> or description")
    title_tag, description_tag = found[0].group(0), found[1].group(0)
    (site / "oembed").mkdir(exist_ok=True)
    english = page_words()["en"]
    for game_id, info in sorted(catalog.items()):
        fallback = str(info["name"]) if isinstance(info, dict) else game_id
        data = json.dumps(oembed(base, game_id, fallback), indent=2, ensure_ascii=False)
        (site / "oembed" / f"{game_id}.json").write_text(data + "\n")
        # The page's English words (its scripts word it again in the reader's language).
        name = english.get(f"common.game-{game_id}", fallback)
        title = word(english["page.game-title"], game=name)
        head = (
            f"<title>{escape(title)}</title>\n"
            f'  <link rel="canonical" href="{escape(base)}/{game_id}.html">\n'
            '  <link rel="alternate" type="application/json+oembed"'
            f' href="{escape(base)}/oembed/{game_id}.json" title="{escape(name)}">\n'
            f'  <meta name="parlour-game" content="{escape(game_id)}">'
        )
        description = escape(word(english["page.game-description"], game=name))
        page = index.replace(title_tag, head, 1).replace(
            description_tag, f'<meta name="description" content="{description}">', 1
        )
        (site / f"{game_id}.html").write_text(page)
    return len(catalog)


COMPRESSED_TYPES = (".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".py", ".svg", ".txt")
COMPRESSED_TYPES += (".wasm", ".zip", ".whl")
"""What the host compresses on the wire, by suffix (docs/RUNTIME.md, "Compression"): text, the
WebAssembly, the stdlib zip and the wheels (their entries are stored, so they compress like
the files in them). Not PNG icons."""
GZIP_LEVEL = 6
BROTLI_QUALITY = 5
"""On-the-fly levels for ``build.py serve``, as hosts use them (fast enough per response);
``benchmarks/site_bytes.py`` prints brotli 11 beside them."""


def accepted_encoding(accept: str | None, available: Sequence[str]) -> str | None:
    """The encoding to send for an ``Accept-Encoding`` header: the first of ``available``
    (in our order of preference) that the client accepts with a non-zero q, else None."""
    weights: dict[str, float] = {}
    for item in (accept or "").split(","):
        name, _, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if name:
            weights[name.strip().lower()] = quality
    for encoding in available:
        if weights.get(encoding, weights.get("*", 0.0)) > 0:
            return encoding
    return None


def available_encodings() -> tuple[str, ...]:
    """``br`` when the PyPI ``brotli`` package is installed (the ``test`` extra), and gzip."""
    return ("br", "gzip") if importlib.util.find_spec("brotli") else ("gzip",)


_ENCODED: dict[tuple[str, str], tuple[int, int, bytes]] = {}
_ENCODED_LOCK = threading.Lock()


def encoded_file(path: str, mtime_ns: int, size: int, encoding: str) -> bytes:
    """A file's bytes compressed with ``encoding``, kept while the file is unchanged: one entry
    per file and encoding, as a host compresses a file once and serves it from its cache. (It
    was an LRU cache of 64, fewer than the site's, embed's and benchmarks' files together, so
    a benchmark's visits recompressed the WebAssembly on the same cores as the browser.)"""
    key = (path, encoding)
    with _ENCODED_LOCK:
        kept = _ENCODED.get(key)
    if kept is not None and kept[:2] == (mtime_ns, size):
        return kept[2]
    data = Path(path).read_bytes()
    if encoding == "br":
        import brotli  # type: ignore[import-not-found]  # optional (see available_encodings)

        out: bytes = brotli.compress(data, quality=BROTLI_QUALITY)
    else:
        out = gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0)
    with _ENCODED_LOCK:
        _ENCODED[key] = (mtime_ns, size, out)
    return out


def precompress(root: Path) -> int:
    """Compress every file under ``root`` that the server compresses, in every encoding it
    offers, so that no request pays for it (benchmarks call it before they time anything).
    Returns how many files."""
    count = 0
    for file in sorted(root.rglob("*")):
        if file.is_file() and file.name.endswith(COMPRESSED_TYPES):
            stat = file.stat()
            for encoding in available_encodings():
                encoded_file(str(file), stat.st_mtime_ns, stat.st_size, encoding)
            count += 1
    return count


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the headers netlify.toml gives them on Netlify (re-read when the
    file changes), so local runs and tests see what production serves. Paths no rule gives
    a ``Cache-Control`` get Netlify's default; a rule's ``Content-Type`` replaces the guess
    from ``extensions_map`` (which stands in for Netlify's own types)."""

    header_config: Path = NETLIFY_TOML

    extensions_map = {  # noqa: RUF012 (overrides the stdlib's own class attribute)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".py": "text/plain",
        ".whl": "application/zip",
        ".webmanifest": "application/manifest+json",
        ".css": "text/css",
        ".html": "text/html",
    }

    def send_head(self):  # type: ignore[no-untyped-def]  # the stdlib's own signature
        """As the stdlib's, plus compression by the request's ``Accept-Encoding`` for the
        types the host compresses (``COMPRESSED_TYPES``), as Netlify serves them."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urllib.parse.urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")  # what the stdlib's send_head serves
        if not (os.path.isfile(path) and path.endswith(COMPRESSED_TYPES)):
            return super().send_head()
        encoding = accepted_encoding(self.headers.get("Accept-Encoding"), available_encodings())
        stat = os.stat(path)
        if encoding is None or self.not_modified(stat.st_mtime):
            return super().send_head()  # identity, or the 304
        body = encoded_file(path, stat.st_mtime_ns, stat.st_size, encoding)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def not_modified(self, mtime: float) -> bool:
        """Whether the stdlib's ``send_head`` would answer 304 (``If-Modified-Since``)."""
        since = self.headers.get("If-Modified-Since")
        if since is None or "If-None-Match" in self.headers:
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return when.tzinfo is not None and int(mtime) <= when.timestamp()

    def rule_headers(self) -> dict[str, tuple[str, str]]:
        """The netlify.toml headers for this request's path: ``{lower name: (name, value)}``."""
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        config = self.header_config
        rules = _cached_header_rules(str(config), config.stat().st_mtime_ns)
        return {name.lower(): (name, value) for name, value in headers_for(path, rules).items()}

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-type":
            keyword, value = self.rule_headers().get("content-type", (keyword, value))
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        wanted = self.rule_headers()
        wanted.setdefault("cache-control", ("Cache-Control", NETLIFY_DEFAULT_CACHE))
        if urllib.parse.urlsplit(self.path).path.endswith((*COMPRESSED_TYPES, "/")):
            wanted.setdefault("vary", ("Vary", "Accept-Encoding"))
        for key, (name, value) in wanted.items():
            if key != "content-type":  # sent by send_head, through send_header above
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)


def site_server(root: Path, port: int = 0, verbose: bool = False) -> http.server.HTTPServer:
    """A threaded HTTP server for ``root`` on 127.0.0.1 (``port`` 0: any free port)."""
    handler = functools.partial(SiteHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    server.verbose = verbose  # type: ignore[attr-defined]
    return server


# --- subcommands -------------------------------------------------------------------------


def cmd_test(args: argparse.Namespace) -> None:
    """Set up, then every check in order; stop at the first failure."""
    ensure_python_deps()
    ensure_node_modules()
    ensure_browser()
    run("ruff check", [PYTHON, "-m", "ruff", "check", "."])
    run("ruff format", [PYTHON, "-m", "ruff", "format", "--check", "."])
    run("mypy", [PYTHON, "-m", "mypy", "engine"])
    # Exit code 5 means "no tests collected": that is a failure here, not a pass.
    run("pytest (CPython)", [PYTHON, "-m", "pytest", "-q", *args.pytest_args])
    run("pytest (Pyodide)", [PYTHON, "tests/pyodide/run.py", *args.pytest_args])


def cmd_bench(args: argparse.Namespace) -> None:
    """Random full games per second per game, on CPython and on Pyodide under Node."""
    ensure_python_deps()
    ensure_node_modules()
    run("benchmark", [PYTHON, "benchmarks/engine_speed.py", *args.bench_args])


def cmd_build(args: argparse.Namespace) -> None:
    """The static site in ``dist/``: front end, engine wheel and the vendored runtime."""
    build_site(
        Path(args.out).resolve(), args.engine_install, args.base_url, args.stdlib, args.minify
    )


def cmd_serve(args: argparse.Namespace) -> None:
    """Build, then serve ``dist/`` on 127.0.0.1 until interrupted."""
    base_url = args.base_url or f"http://127.0.0.1:{args.port}"
    site = build_site(DIST, base_url=base_url, stdlib=args.stdlib, minified=args.minify)
    try:
        server = site_server(site, args.port, verbose=True)
    except OSError as exc:
        raise StepFailed(f"serve: cannot listen on 127.0.0.1:{args.port} ({exc})") from exc
    say(f"serving {site} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    finally:
        server.server_close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    p_test = sub.add_parser("test", help="set up, lint, type-check, test on CPython and Pyodide")
    p_test.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    p_test.set_defaults(func=cmd_test)

    p_bench = sub.add_parser("bench", help="engine speed on CPython and Pyodide")
    p_bench.add_argument("bench_args", nargs="*", help="arguments for engine_speed.py")
    p_bench.set_defaults(func=cmd_bench)

    p_build = sub.add_parser("build", help="build the static site into dist/")
    p_build.add_argument("--out", default=str(DIST), help="output folder (default: dist)")
    p_build.add_argument(
        "--engine-install",
        choices=ENGINE_INSTALLS,
        default=DEFAULT_ENGINE_INSTALL,
        help="how the browser installs the engine wheel (benchmarks compare them)",
    )
    p_build.add_argument(
        "--base-url",
        help="where the site is published, for oEmbed and discovery links (default: "
        f"$PARLOUR_BASE_URL, else Netlify's $URL, else {DEFAULT_BASE_URL})",
    )
    p_serve = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    for p_site in (p_build, p_serve):
        p_site.add_argument(
            "--stdlib",
            choices=STDLIBS,
            default=DEFAULT_STDLIB,
            help="trimmed: only the stdlib files a visit imports, compiled ahead (default); "
            "full: Pyodide's stock python_stdlib.zip",
        )
        p_site.add_argument(
            "--no-minify",
            dest="minify",
            action="store_false",
            help="keep js/ and css/ as written (default: minified with the pinned esbuild)",
        )
    p_build.set_defaults(func=cmd_build)

    p_serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    p_serve.add_argument("--base-url", help="as for build (default: this server's address)")
    p_serve.set_defaults(func=cmd_serve)

    args = parser.parse_args(argv)
    if args.command in NEEDS_TOOLS and externally_managed():
        return rerun_in_venv(sys.argv[1:] if argv is None else list(argv))
    func: Callable[[argparse.Namespace], None] = args.func
    start = time.monotonic()
    try:
        func(args)
    except StepFailed as exc:
        say(f"FAILED: {exc} ({time.monotonic() - start:.1f} s)")
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    steps = ", ".join(f"{step} {seconds:.0f} s" for step, seconds in STEPS_DONE)
    say(f"OK: {args.command} passed in {time.monotonic() - start:.1f} s ({steps})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
