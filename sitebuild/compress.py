"""Compression on the wire, as the host does it: which files, which encoding a request
accepts, and the compressed bytes, cached per file."""

from __future__ import annotations

import gzip
import importlib.metadata
import importlib.util
import threading
from collections.abc import Sequence
from pathlib import Path

COMPRESSED_TYPES = (
    *(".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".py", ".svg", ".txt"),
    *(".wasm", ".zip", ".whl"),
)
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
        import brotli  # optional (see available_encodings)

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
