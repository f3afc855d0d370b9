"""Render the site's icons (``web/icons/*.svg``) to PNG with the standard library only.

The web app manifest needs PNG icons (192 and 512 pixels, and a maskable one), and the site
has no image toolchain: no Pillow, no Cairo, no browser at build time. The icons are simple
solid shapes, so this module reads a small subset of SVG and rasterises it itself:

- ``<svg viewBox="0 0 W H">`` (square), holding only
- ``<rect x y width height rx ry fill>``, ``<circle cx cy r fill>`` and
  ``<polygon points fill>`` (even-odd), painted in document order,
- ``fill`` as ``#rgb`` or ``#rrggbb``, optional ``fill-opacity``.

Anything else (strokes, paths, transforms, gradients, text) is refused with a ``ValueError``
naming it, so an edited source can never render differently from what a browser shows
without the build saying so. Edges are anti-aliased: each pixel row is sampled on
``SUBROWS`` horizontal lines, and each line's spans cover pixels by their exact width.

    python3 tools/icons.py web/icons/icon.svg 192 /tmp/icon-192.png
"""

from __future__ import annotations

import math
import re
import struct
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

SVG_NS = "{http://www.w3.org/2000/svg}"
SUBROWS = 4
"""Horizontal sample lines per pixel row (vertical anti-aliasing)."""

Spans = Callable[[float], list[tuple[float, float]]]
"""For a horizontal line at ``y`` (user units): the ``[x0, x1)`` intervals the shape covers."""


@dataclass(frozen=True)
class Shape:
    spans: Spans
    rgb: tuple[int, int, int]
    opacity: float


def _number(element: ElementTree.Element, name: str, default: float | None = None) -> float:
    text = element.get(name)
    if text is None:
        if default is None:
            raise ValueError(f"<{_tag(element)}> needs a {name!r} attribute")
        return default
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"<{_tag(element)}> {name}={text!r} is not a plain number") from None


def _tag(element: ElementTree.Element) -> str:
    return element.tag.removeprefix(SVG_NS)


def _colour(element: ElementTree.Element) -> tuple[int, int, int]:
    text = (element.get("fill") or "").strip().lower()
    if re.fullmatch(r"#[0-9a-f]{3}", text):
        text = "#" + "".join(c * 2 for c in text[1:])
    if not re.fullmatch(r"#[0-9a-f]{6}", text):
        raise ValueError(f"<{_tag(element)}> fill={text!r}: use #rgb or #rrggbb")
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


def _rect(element: ElementTree.Element) -> Spans:
    x, y = _number(element, "x", 0.0), _number(element, "y", 0.0)
    w, h = _number(element, "width"), _number(element, "height")
    rx_given, ry_given = element.get("rx"), element.get("ry")
    rx = _number(element, "rx", 0.0) if rx_given is not None else None
    ry = _number(element, "ry", 0.0) if ry_given is not None else None
    # SVG: a missing rx or ry takes the other's value; both are clamped to half the side.
    rx, ry = (rx if rx is not None else ry or 0.0), (ry if ry is not None else rx or 0.0)
    rx, ry = min(rx, w / 2), min(ry, h / 2)

    def spans(line: float) -> list[tuple[float, float]]:
        if not y <= line < y + h:
            return []
        inset = 0.0
        if rx > 0 and ry > 0:
            dy = max(y + ry - line, line - (y + h - ry), 0.0)
            if dy > 0:
                inset = rx - rx * math.sqrt(max(0.0, 1 - (dy / ry) ** 2))
        return [(x + inset, x + w - inset)]

    return spans


def _circle(element: ElementTree.Element) -> Spans:
    cx, cy, r = _number(element, "cx", 0.0), _number(element, "cy", 0.0), _number(element, "r")

    def spans(line: float) -> list[tuple[float, float]]:
        dy = line - cy
        if abs(dy) >= r:
            return []
        dx = math.sqrt(r * r - dy * dy)
        return [(cx - dx, cx + dx)]

    return spans


def _polygon(element: ElementTree.Element) -> Spans:
    numbers = [float(n) for n in re.split(r"[\s,]+", (element.get("points") or "").strip()) if n]
    if len(numbers) < 6 or len(numbers) % 2:
        raise ValueError("<polygon> needs at least three x,y points")
    points = list(zip(numbers[::2], numbers[1::2], strict=True))
    edges = list(zip(points, points[1:] + points[:1], strict=True))

    def spans(line: float) -> list[tuple[float, float]]:
        crossings = sorted(
            x0 + (line - y0) * (x1 - x0) / (y1 - y0)
            for (x0, y0), (x1, y1) in edges
            if (y0 <= line < y1) or (y1 <= line < y0)
        )
        return list(zip(crossings[::2], crossings[1::2], strict=True))

    return spans


SHAPES: dict[str, Callable[[ElementTree.Element], Spans]] = {
    "rect": _rect,
    "circle": _circle,
    "polygon": _polygon,
}
IGNORED = {"title", "desc"}


def read_svg(text: str) -> tuple[float, list[Shape]]:
    """The side of a square ``viewBox`` and its shapes, in painting order."""
    root = ElementTree.fromstring(text)
    if _tag(root) != "svg":
        raise ValueError("not an SVG document")
    box = [float(n) for n in re.split(r"[\s,]+", (root.get("viewBox") or "").strip()) if n]
    if len(box) != 4 or box[0] or box[1] or box[2] != box[3] or box[2] <= 0:
        raise ValueError(f"the icon needs a square viewBox at 0 0, not {root.get('viewBox')!r}")
    shapes: list[Shape] = []
    for element in root:
        tag = _tag(element)
        if tag in IGNORED:
            continue
        make = SHAPES.get(tag)
        if make is None:
            raise ValueError(f"<{tag}> is not supported (only {', '.join(sorted(SHAPES))})")
        unknown = set(element.attrib) - {
            "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "points", "fill",
            "fill-opacity", "id",
        }  # fmt: skip
        if unknown or len(element):
            raise ValueError(f"<{tag}>: unsupported {sorted(unknown) or 'children'}")
        opacity = _number(element, "fill-opacity", 1.0)
        shapes.append(Shape(make(element), _colour(element), min(max(opacity, 0.0), 1.0)))
    return box[2], shapes


def _coverage(spans: Spans, row: int, size: int, scale: float) -> list[float]:
    """How much of each pixel of ``row`` the shape covers, from 0 to 1."""
    cover = [0.0] * (size + 1)
    runs = [0.0] * (size + 2)  # difference array for whole pixels
    weight = 1 / SUBROWS
    for k in range(SUBROWS):
        line = (row + (k + 0.5) / SUBROWS) / scale
        for x0, x1 in spans(line):
            a, b = max(x0 * scale, 0.0), min(x1 * scale, float(size))
            if b <= a:
                continue
            ia, ib = int(a), int(b)
            if ia == ib:
                cover[ia] += (b - a) * weight
                continue
            cover[ia] += (ia + 1 - a) * weight
            cover[ib] += (b - ib) * weight
            runs[ia + 1] += weight
            runs[ib] -= weight
    total = 0.0
    out = [0.0] * size
    for i in range(size):
        total += runs[i]
        out[i] = min(cover[i] + total, 1.0)
    return out


def render(text: str, size: int) -> bytes:
    """The SVG ``text`` as a ``size`` x ``size`` RGBA PNG."""
    side, shapes = read_svg(text)
    scale = size / side
    rows: list[bytes] = []
    for row in range(size):
        # Premultiplied RGBA, painted shape over shape ("source over").
        red, green, blue, alpha = ([0.0] * size for _ in range(4))
        for shape in shapes:
            r, g, b = shape.rgb
            for i, c in enumerate(_coverage(shape.spans, row, size, scale)):
                if c <= 0:
                    continue
                c *= shape.opacity
                keep = 1 - c
                red[i] = r * c + red[i] * keep
                green[i] = g * c + green[i] * keep
                blue[i] = b * c + blue[i] * keep
                alpha[i] = c + alpha[i] * keep
        line = bytearray(b"\0")  # filter type 0 for the row
        for i in range(size):
            a = alpha[i]
            if a <= 0:
                line += b"\0\0\0\0"
                continue
            line += bytes(
                (
                    round(min(red[i] / a, 255)),
                    round(min(green[i] / a, 255)),
                    round(min(blue[i] / a, 255)),
                    round(a * 255),
                )
            )
        rows.append(bytes(line))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, filtered_rows: bytes) -> bytes:
    """An 8-bit RGBA PNG from rows that each start with their filter byte."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(filtered_rows, 9))
        + chunk(b"IEND", b"")
    )


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: icons.py SOURCE.svg SIZE OUT.png", file=sys.stderr)
        return 2
    source, size, out = Path(argv[0]), int(argv[1]), Path(argv[2])
    out.write_bytes(render(source.read_text(), size))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
