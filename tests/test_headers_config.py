"""netlify.toml is the one source of truth for response headers; ``build.py serve`` reads it.

These check, on CPython, that the build (sitebuild/netlify.py) parses it and matches paths as
Netlify does, that the real file gives representative paths the headers the site needs, and
that the local server sends exactly those. The served headers of a real build, in Chromium,
are checked by tests/browser/test_headers.py.
"""

from __future__ import annotations

import functools
import http.server
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.cpython_only

ROOT = Path(__file__).resolve().parents[1]
IMMUTABLE = "public, max-age=31536000, immutable"
WHEEL = "/py/0123456789ab/parlour_engine-0.1.0-py3-none-any.whl"
WASM = "/vendor/pyodide-314.0.7/pyodide.asm.wasm"


# The build's modules, imported in fixtures: the Pyodide run collects this file (and skips its
# tests) without the repository's sitebuild/ on its path.


@pytest.fixture(scope="module")
def netlify() -> ModuleType:
    from sitebuild import netlify

    return netlify


@pytest.fixture(scope="module")
def compress() -> ModuleType:
    from sitebuild import compress

    return compress


@pytest.fixture(scope="module")
def site_handler() -> type[http.server.SimpleHTTPRequestHandler]:
    from sitebuild.server import SiteHandler

    return SiteHandler


@pytest.fixture(scope="module")
def served(netlify: ModuleType) -> functools.partial[dict[str, str]]:
    """``served(path)``: the headers netlify.toml gives a URL path."""
    rules = netlify.netlify_header_rules(ROOT / "netlify.toml")
    return functools.partial(lambda path: dict(netlify.headers_for(path, rules)))


def csp_directives(policy: str) -> dict[str, list[str]]:
    directives: dict[str, list[str]] = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        assert name not in directives, f"directive {name} twice"
        directives[name] = sources
    return directives


# --- path matching, as @netlify/headers-parser's getForRegExp -------------------------------


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("/*", "/", True),
        ("/*", "/vendor/pyodide-314.0.7/pyodide.asm.wasm", True),
        ("/vendor/*", "/vendor/pyodide-314.0.7/pyodide.mjs", True),
        ("/vendor/*", "/vendor", True),  # a standalone * may match nothing
        ("/vendor/*", "/vendors/x.js", True),  # Netlify's regex: "/vendor/?(.*)"
        ("/vendor/*", "/js/vendor/x.js", False),
        ("/*.html", "/embed.html", True),
        ("/*.html", "/games/a/b.html", True),  # * crosses slashes
        ("/*.html", "/index.htm", False),
        ("/*.html", "/xhtml", False),  # literal characters are literal
        ("/sw.js", "/sw.js", True),
        ("/sw.js", "/SW.JS", True),  # case-insensitive
        ("/sw.js", "/sw.js/", True),  # optional trailing slash
        ("/sw.js", "/js/sw.js", False),
        ("/sw.js", "/sw.json", False),
        ("/", "/", True),
        ("/", "/index.html", False),
        ("/oembed/:name", "/oembed/to-the-moon.json", True),
        ("/oembed/:name", "/oembed/a/b.json", False),
    ],
)
def test_patterns_match_paths_as_netlify_does(
    netlify: ModuleType, pattern: str, path: str, matches: bool
) -> None:
    assert bool(netlify.netlify_path_regex(pattern).match(path)) is matches


def test_values_are_normalised_and_rules_kept_in_order(netlify: ModuleType, tmp_path: Path) -> None:
    config = tmp_path / "netlify.toml"
    config.write_text(
        '[[headers]]\n  for = "/*"\n  [headers.values]\n'
        "    Cache-Control = '''\n      public,\n      max-age=60'''\n"
        '    X-List = ["a", " b "]\n'
        '[[headers]]\n  for = "/a/*"\n  [headers.values]\n    x-list = "c"\n'
    )
    rules = netlify.netlify_header_rules(config)
    assert [rule.pattern for rule in rules] == ["/*", "/a/*"]
    assert netlify.headers_for("/b", rules) == {
        "Cache-Control": "public, max-age=60",
        "X-List": "a, b",
    }
    # Two matching rules setting one header (names are case-insensitive) combine in order.
    assert netlify.headers_for("/a/x", rules)["X-List"] == "a, b, c"


@pytest.mark.parametrize(
    "table",
    [
        '[[headers]]\n  for = "/*"\n  [headers.values]\n    X = """one\ntwo"""\n',
        '[[headers]]\n  for = "*.html"\n  [headers.values]\n    X = "y"\n',
        '[[headers]]\n  for = "/*"\n  [headers.values]\n    X = 3\n',
    ],
    ids=["line break in a value", "pattern not from the root", "not a string"],
)
def test_bad_rules_are_refused(netlify: ModuleType, tmp_path: Path, table: str) -> None:
    config = tmp_path / "netlify.toml"
    config.write_text(table)
    with pytest.raises(ValueError, match=r"netlify\.toml"):
        netlify.netlify_header_rules(config)


# --- the real netlify.toml --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "cache"),
    [
        ("/", "no-cache"),
        ("/index.html", "no-cache"),
        ("/embed.html", "no-cache"),
        ("/sw.js", "no-cache"),
        ("/manifest.webmanifest", "no-cache"),
        ("/oembed/to-the-moon.json", "no-cache"),
        ("/js/app.js", "no-cache"),
        ("/css/app.css", "no-cache"),
        (WASM, IMMUTABLE),
        ("/vendor/pyodide-314.0.7/pyodide-lock.json", IMMUTABLE),
        ("/vendor/pyscript-0.7.31/core.js", IMMUTABLE),
        (WHEEL, IMMUTABLE),
        ("/py/0123456789ab/worker.py", IMMUTABLE),
    ],
)
def test_caching_per_path(served: functools.partial[dict[str, str]], path: str, cache: str) -> None:
    headers = served(path)
    assert headers.get("Cache-Control") == cache
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin"


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        (WASM, "application/wasm"),
        ("/vendor/pyodide-314.0.7/pyodide.mjs", "text/javascript; charset=utf-8"),
        ("/vendor/pyodide-314.0.7/parlour-boot-0123456789.mjs", "text/javascript; charset=utf-8"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/py/0123456789ab/worker.py", "text/plain; charset=utf-8"),
        ("/index.html", None),  # Netlify's own type for the rest
    ],
)
def test_content_types(
    served: functools.partial[dict[str, str]], path: str, content_type: str | None
) -> None:
    assert served(path).get("Content-Type") == content_type


def test_only_oembed_answers_are_open_to_other_origins(
    served: functools.partial[dict[str, str]],
) -> None:
    assert served("/oembed/nine-virtues.json")["Access-Control-Allow-Origin"] == "*"
    for path in ("/", "/index.html", "/embed.html", WASM, WHEEL):
        assert "Access-Control-Allow-Origin" not in served(path)


def test_pages_may_be_framed_and_run_no_unsafe_script(
    served: functools.partial[dict[str, str]],
) -> None:
    for path in ("/", "/index.html", "/embed.html", "/nine-virtues.html"):
        headers = served(path)
        assert not {name.lower() for name in headers} & {
            "x-frame-options",
            "cross-origin-opener-policy",
            "cross-origin-embedder-policy",
        }
        csp = csp_directives(headers["Content-Security-Policy"])
        assert csp["frame-ancestors"] == ["*"]
        assert csp["default-src"] == ["'self'"]
        script = csp["script-src"]
        assert "'wasm-unsafe-eval'" in script
        assert not {"'unsafe-eval'", "'unsafe-inline'", "data:", "blob:", "*"} & set(script)
        assert "'unsafe-inline'" not in csp["style-src"]
        assert csp["object-src"] == ["'none'"]
        assert csp["base-uri"] == ["'self'"]
        # Only for the worker PyScript starts from a blob: URL.
        assert csp["worker-src"] == ["'self'", "blob:"]


# --- the local server sends them --------------------------------------------------------------


@pytest.fixture
def local_site(
    site_handler: type[http.server.SimpleHTTPRequestHandler], tmp_path: Path
) -> Iterator[str]:
    for path in ("index.html", "sw.js", WASM[1:], WHEEL[1:], "oembed/x.json", "notes.txt"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(b"x")
    handler = functools.partial(site_handler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    "path",
    ["/", "/index.html?game=to-the-moon", "/sw.js", WASM, WHEEL, "/oembed/x.json", "/notes.txt"],
)
def test_the_local_server_sends_what_netlify_toml_says(
    netlify: ModuleType,
    served: functools.partial[dict[str, str]],
    local_site: str,
    path: str,
) -> None:
    with urllib.request.urlopen(local_site + path) as response:
        got = response.headers
    expected = served(path.split("?")[0])
    expected.setdefault("Cache-Control", netlify.NETLIFY_DEFAULT_CACHE)
    for name, value in expected.items():
        assert got.get_all(name) == [value], name
    assert len(got.get_all("Content-Type") or []) == 1
    assert got.get_all("X-Frame-Options") is None


# --- compression, as the host applies it (docs/RUNTIME.md, "Compression") ---------------------


@pytest.mark.parametrize(
    ("accept", "available", "chosen"),
    [
        ("gzip, deflate, br, zstd", ("br", "gzip"), "br"),
        ("gzip, deflate, br, zstd", ("gzip",), "gzip"),
        ("br;q=0, gzip;q=0.5", ("br", "gzip"), "gzip"),
        ("identity", ("br", "gzip"), None),
        ("*", ("br", "gzip"), "br"),
        ("*, br;q=0", ("br", "gzip"), "gzip"),
        ("", ("br", "gzip"), None),
        (None, ("br", "gzip"), None),
        ("GZIP;q=bad", ("gzip",), None),
    ],
)
def test_accept_encoding_is_honoured(
    compress: ModuleType, accept: str | None, available: tuple[str, ...], chosen: str | None
) -> None:
    assert compress.accepted_encoding(accept, available) == chosen


def fetch(url: str, accept: str) -> tuple[bytes, dict[str, str]]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept})
    with urllib.request.urlopen(request) as response:
        return response.read(), dict(response.headers.items())


@pytest.mark.parametrize("path", ["/", WASM, "/sw.js", "/vendor/pyodide-314.0.7/stdlib.zip", WHEEL])
def test_the_local_server_compresses_what_the_host_compresses(
    compress: ModuleType,
    site_handler: type[http.server.SimpleHTTPRequestHandler],
    tmp_path: Path,
    path: str,
) -> None:
    import gzip

    body = b"Parlour " * 500
    target = tmp_path / (path[1:] or "index.html")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(body)
    handler = functools.partial(site_handler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}{path}"
    try:
        sent, headers = fetch(url, "gzip")
        assert headers["Content-Encoding"] == "gzip" and gzip.decompress(sent) == body
        assert int(headers["Content-Length"]) == len(sent) < len(body)
        assert headers["Vary"] == "Accept-Encoding"
        plain, headers = fetch(url, "identity")
        assert plain == body and "Content-Encoding" not in headers
        if "br" in compress.available_encodings():
            import brotli  # type: ignore[import-not-found]

            sent, headers = fetch(url, "gzip, deflate, br")
            assert headers["Content-Encoding"] == "br" and brotli.decompress(sent) == body
    finally:
        server.shutdown()
        server.server_close()


def test_icons_are_sent_as_they_are(
    site_handler: type[http.server.SimpleHTTPRequestHandler], tmp_path: Path
) -> None:
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "icon-192.png").write_bytes(b"\x89PNG" * 100)
    handler = functools.partial(site_handler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/icons/icon-192.png"
        sent, headers = fetch(url, "gzip, br")
        assert sent == b"\x89PNG" * 100 and "Content-Encoding" not in headers
    finally:
        server.shutdown()
        server.server_close()
