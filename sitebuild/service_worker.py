"""Offline and installable: the PNG icons, the web app manifest in every language and sw.js
with its precache list."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from sitebuild.catalogs import page_words
from sitebuild.paths import CACHE, ROOT, WEB
from sitebuild.steps import StepFailed, _copy, _sha256, load_tool

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
