"""The local server (``build.py serve``, the tests, the benchmarks): static files with
netlify.toml's headers and the host's compression."""

from __future__ import annotations

import email.utils
import functools
import http.server
import io
import os
import urllib.parse
from pathlib import Path

from sitebuild.compress import (
    COMPRESSED_TYPES,
    accepted_encoding,
    available_encodings,
    encoded_file,
)
from sitebuild.netlify import NETLIFY_DEFAULT_CACHE, NETLIFY_TOML, _cached_header_rules, headers_for


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
