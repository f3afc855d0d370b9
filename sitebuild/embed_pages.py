"""The embed pages, a page per game with its oEmbed discovery link, and the oEmbed JSON
(docs/FEATURES.md, "Embedding")."""

from __future__ import annotations

import json
import os
import re
from html import escape
from pathlib import Path

from sitebuild.catalogs import page_words, word
from sitebuild.steps import StepFailed

EMBED_PAGES = ("embed.html", "embed-builder.html")
"""Pages that, like index.html, carry the build's manifest (docs/FEATURES.md, "Embedding")."""
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
