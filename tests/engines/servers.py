"""The servers the cross-engine tests put around the built site.

- ``Front``: what the browsers load the site from, on 127.0.0.1. It passes every request to
  the site's own server (``sitebuild.server.site_server``, netlify.toml headers and all) and
  adds one thing: ``<script src="/__parlour_hook.js">`` as the first thing in each page's
  ``<head>`` (tests/engines/hook.js: it records errors where no driver can listen). The
  service worker checks every page against the SHA-256 that sw.js lists, so sw.js is served
  with the hooked pages' hashes. ``offline = True`` is the server gone: every connection is
  closed unanswered (the hook itself is still served: it is the test's, not the site's).
- ``Trap``: every browser's HTTP and HTTPS proxy. Loopback is never proxied, so whatever
  reaches it was leaving 127.0.0.1: it is recorded and refused.
- ``Magazine``: a host page on a second origin (``localhost``), for the embed.
"""

from __future__ import annotations

import hashlib
import http.client
import http.server
import json
import re
import socketserver
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

HOOK_PATH = "/__parlour_hook.js"
HOOK = (Path(__file__).with_name("hook.js")).read_bytes()
HOOK_TAG = f'<script src="{HOOK_PATH}"></script>'.encode()
HEAD = re.compile(rb"<head[^>]*>", re.IGNORECASE)
PRECACHE = re.compile(rb"^(const BUILD = )(.*)(; // build:precache)$", re.MULTILINE)
DROP = {"connection", "content-length", "transfer-encoding", "keep-alive", "content-encoding"}


def hooked(html: bytes) -> bytes:
    match = HEAD.search(html)
    assert match, "a page without <head>"
    return html[: match.end()] + HOOK_TAG + html[match.end() :]


class Quiet(http.server.ThreadingHTTPServer):
    """A threaded server that does not print a browser hanging up (a closed tab, a reload)."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def serve(server: socketserver.BaseServer) -> None:
    threading.Thread(target=server.serve_forever, daemon=True).start()


class Front:
    """The site as the browsers see it: hooked pages, and a switch to take it offline."""

    def __init__(self, upstream: str) -> None:
        self.upstream = urlsplit(upstream).netloc
        self.offline = False
        self.served: list[str] = []  # paths answered (not the hook)
        self.refused: list[str] = []  # paths asked for while offline
        front = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                front.answer(self, with_body=True)

            def do_HEAD(self) -> None:
                front.answer(self, with_body=False)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = Quiet(("127.0.0.1", 0), Handler)
        serve(self.server)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self._page_hashes: dict[str, str] = {}

    def fetch(self, method: str, path: str, headers: dict[str, str]) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection(self.upstream, timeout=60)
        connection.request(method, path, headers=headers)
        return connection.getresponse()

    def answer(self, handler: http.server.BaseHTTPRequestHandler, *, with_body: bool) -> None:
        path = urlsplit(handler.path).path
        if path == HOOK_PATH:
            self.reply(handler, 200, [("Content-Type", "text/javascript")], HOOK, with_body)
            return
        if self.offline:
            self.refused.append(handler.path)
            handler.close_connection = True
            return  # nothing written: the browser sees the connection drop
        self.served.append(handler.path)
        headers = {k: v for k, v in handler.headers.items() if k.lower() not in DROP}
        headers["Accept-Encoding"] = "identity"
        response = self.fetch(handler.command, handler.path, headers)
        body = response.read()
        kind = response.getheader("Content-Type", "")
        if response.status == 200 and kind.startswith("text/html"):
            body = hooked(body)
        elif response.status == 200 and path.endswith("/sw.js"):
            body = self.rehash(body)
        kept = [(k, v) for k, v in response.getheaders() if k.lower() not in DROP]
        self.reply(handler, response.status, kept, body, with_body)

    def rehash(self, sw: bytes) -> bytes:
        """sw.js with each page's hash replaced by the hooked page's."""
        match = PRECACHE.search(sw)
        assert match, "sw.js lacks its build:precache line"
        build = json.loads(match.group(2))
        for entry in build["files"]:
            if entry[0].endswith(".html"):
                if entry[0] not in self._page_hashes:
                    page = self.fetch("GET", "/" + entry[0], {"Accept-Encoding": "identity"})
                    self._page_hashes[entry[0]] = hashlib.sha256(hooked(page.read())).hexdigest()
                entry[1] = self._page_hashes[entry[0]]
        line = match.group(1) + json.dumps(build).encode() + match.group(3)
        return sw[: match.start()] + line + sw[match.end() :]

    @staticmethod
    def reply(
        handler: http.server.BaseHTTPRequestHandler,
        status: int,
        headers: list[tuple[str, str]],
        body: bytes,
        with_body: bool,
    ) -> None:
        handler.send_response_only(status)
        for name, value in headers:
            handler.send_header(name, value)
        if status not in (204, 304):
            handler.send_header("Content-Length", str(len(body)))
        handler.send_header("Connection", "close")
        handler.end_headers()
        if with_body and status not in (204, 304):
            handler.wfile.write(body)
        handler.close_connection = True

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Trap:
    """A proxy that answers nothing: it records where each request was going, and refuses."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        trap = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                line = self.rfile.readline(4096).decode("latin-1").strip()
                if line:
                    parts = line.split()
                    trap.seen.append(" ".join(parts[:2]))
                self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        serve(self.server)
        self.port: int = self.server.server_address[1]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Magazine:
    """Host pages on ``http://localhost:<port>``, another site than the game's 127.0.0.1;
    each page records the messages it receives (``window.got``), and is hooked as well."""

    PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><script src="{hook}"></script>
<link rel="icon" href="data:,"><title>The Magazine</title>
<script src="/record.js"></script></head>
<body style="margin:0"><h1>Today's puzzle</h1>
{body}
</body></html>
"""
    RECORD = b"""window.got = [];
addEventListener("message", (e) => got.push({ origin: e.origin, data: e.data }));
"""

    def __init__(self) -> None:
        self.pages: dict[str, bytes] = {HOOK_PATH: HOOK, "/record.js": self.RECORD}
        magazine = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = magazine.pages.get(urlsplit(self.path).path)
                if body is None:
                    self.send_error(404)
                    return
                kind = "text/html" if self.path.endswith(".html") else "text/javascript"
                self.send_response(200)
                self.send_header("Content-Type", f"{kind}; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = Quiet(("127.0.0.1", 0), Handler)
        serve(self.server)
        self.origin = f"http://localhost:{self.server.server_address[1]}"

    def page(self, name: str, body: str) -> str:
        text = self.PAGE.replace("{hook}", HOOK_PATH).replace("{body}", body)
        self.pages[f"/{name}"] = text.encode()
        return f"{self.origin}/{name}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
