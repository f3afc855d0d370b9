"""The site itself: ``build_site`` stages web/, the engine, the vendored runtime, catalogs,
pages, manifests and the service worker, then swaps the new site in whole."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from sitebuild.catalogs import page_words, write_catalogs, write_watchdog_words
from sitebuild.embed_pages import fill_embed_pages, site_base_url, write_embed_discovery
from sitebuild.minify import minify
from sitebuild.paths import DIST, PYTHON, ROOT, WEB
from sitebuild.pyodide_lock import page_lock
from sitebuild.service_worker import render_icons, write_manifests, write_service_worker
from sitebuild.stdlib import DEFAULT_STDLIB, STDLIB_LINE, STDLIBS, runtime_stdlib
from sitebuild.steps import StepFailed, _copy, _sha256, say
from sitebuild.tools_install import ensure_node_modules
from sitebuild.wheel import BROWSER_OMITS, engine_wheel, stored_wheel

ENGINE_INSTALLS = ("packages", "files", "loadpackage")
"""How the worker gets the engine wheel: PyScript ``packages`` (micropip), PyScript ``files``
(the wheel unzipped into the importable working directory) or ``pyodide.loadPackage``."""
DEFAULT_ENGINE_INSTALL = "packages"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYSCRIPT_CHUNKS = ("core", "error", "deprecations-manager", "pyodide_graph")
"""The ``@pyscript/core`` chunks a worker-only page loads (by name before the content hash;
found by watching the requests of a boot). Editor, terminal and game plug-ins stay out."""

LATER_STYLES = (
    "js/learn/learn.css",
    "js/cards/pairs.css",
    "js/games/pairs-table.css",
    "js/games/nine-virtues/table.css",
    "js/games/to-the-moon/table.css",
    "js/cards/french.css",
    "js/games/quodlibet/table.css",
    "js/table/replay.css",
    "js/rules/rules.css",
    "js/net/net.css",
)
"""Every stylesheet under web/js/ (each lives beside the modules that draw what it styles), in
the order the pages link them: the cascade decides between rules of equal specificity by this
order, so a new sheet is added here, where its rules must come."""


def later_styles() -> tuple[str, ...]:
    """``LATER_STYLES``, checked against the sheets under web/js/: none missing, none left out."""
    found = {p.relative_to(WEB).as_posix() for p in (WEB / "js").rglob("*.css")}
    if found != set(LATER_STYLES):
        listed, present = set(LATER_STYLES) - found, found - set(LATER_STYLES)
        raise StepFailed(
            "build: sitebuild/assemble.py LATER_STYLES must list every web/js/**/*.css"
            f" (listed but missing: {sorted(listed)}; present but not listed: {sorted(present)})"
        )
    return LATER_STYLES


def npm_version(package: str) -> str:
    """The installed version of a vendored npm package (pinned by package-lock.json)."""
    meta = json.loads((ROOT / "node_modules" / package / "package.json").read_text())
    version: str = meta["version"]
    return version


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

    # The QR codes' encoder and reader (js/net/qr.js), vendored from their pinned npm packages;
    # js/net/vendored.js names them (the reader is loaded only when a camera is used).
    qrcode_path = f"vendor/qrcode-generator-{npm_version('qrcode-generator')}/qrcode.mjs"
    _copy(ROOT / "node_modules" / "qrcode-generator" / "dist" / "qrcode.mjs", stage / qrcode_path)
    jsqr_path = f"vendor/jsqr-{npm_version('jsqr')}/jsQR.js"
    _copy(ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js", stage / jsqr_path)
    (stage / "js" / "net" / "vendored.js").write_text(
        "// Written by build.py: the vendored QR code encoder and reader (js/net/qr.js).\n"
        f"export const QRCODE = {json.dumps(qrcode_path)};\n"
        f"export const JSQR = {json.dumps(jsqr_path)};\n"
    )

    # The message catalogs (web/i18n/<lang>/*.json) and their formatter (docs/WEB.md, "Languages and
    # catalogs").
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

    # The page: stylesheets of the game tables, and what the page needs before Python runs. The menu
    # needs none of the tables' styles: on the page they load as print styles, which do not hold
    # back its first paint, and app.js turns them on (docs/BUILD.md, "What the build makes").
    sheets = later_styles()
    styles = "".join(f'\n    <link rel="stylesheet" href="{href}">' for href in sheets)
    later_links = "".join(
        f'\n    <link rel="stylesheet" href="{href}" media="print" data-later>' for href in sheets
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
    page = page.replace("<!-- build:styles -->", later_links.strip())
    page = page.replace(
        "<!-- build:manifest -->",
        f'<script type="application/json" id="parlour-build">{data}</script>',
    )
    (stage / "index.html").write_text(page)
    # The embed and its builder read the same manifest (docs/FEATURES.md, "Embedding").
    fill_embed_pages(stage, styles.strip(), data)

    # A page per game with its oEmbed discovery link, and the oEmbed JSON (docs/FEATURES.md,
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

    # Offline and installable (docs/FEATURES.md, "Offline"). Keep this last before the swap: the
    # service worker pins the hash of every file above, so a file written after it breaks its
    # install.
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
