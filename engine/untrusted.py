"""Reading untrusted text with hard bounds: numbers in action notation and JSON documents.

Python's own readers have edges a hostile string can reach: ``str.isdigit`` accepts "²" and
"٣" (``int`` then refuses the first and reads the second), ``int`` raises ``ValueError`` for
4,301 digits or more, and ``json.loads`` recurses once per nesting level (Pyodide's smaller
stack dies of it before ``RecursionError``). Everything the engine reads from a person, a link
or a save goes through here first, so bad input is a clear refusal and never a crash.
"""

from __future__ import annotations

import gc
import json
import re
from functools import cache
from itertools import accumulate, product
from operator import add
from typing import Any

MAX_ACTION_CHARS = 200
"""The longest action text read at all (the longest real action is under 30 characters)."""

MAX_JSON_DEPTH = 32
"""Deepest nesting of a JSON document accepted (a save is about 4 levels deep)."""

MAX_SAVE_CHARS = 1_000_000
"""Longest save text read (a finished 12-deal Quodlibet game is about 40 KB)."""

_ASCII_DIGITS = re.compile(r"0*([0-9]{1,9})")

# json_depth_exceeds: possessive quantifiers (Python 3.11+) never backtrack, and no pattern is
# tried again from inside a string it failed on, so each pass is linear in the text.
_TERMINATED = re.compile(r'(?:[^"]++|"(?:[^"\\]++|\\.)*+")*+', re.DOTALL)
"""The longest head of a text whose strings are all closed (an unclosed one starts after)."""
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_NOT_BRACKETS = bytes(range(256)).translate(None, b"[]{}")
_ONE_KIND = bytes.maketrans(b"{}", b"[]")
_HEAD = 4096
_STEP = 8
_STEPS = re.compile(rb"[\[\]]{1,8}")
"""The bracket text cut in pieces of up to ``_STEP``, each looked up whole in ``_pieces``."""


def ascii_int(text: str) -> int | None:
    """The number ``text`` writes in ASCII digits (leading zeros allowed), else None.

    >>> ascii_int("07"), ascii_int("²"), ascii_int("٣"), ascii_int("9" * 5000)
    (7, None, None, None)
    """
    if len(text) > MAX_ACTION_CHARS:
        return None
    match = _ASCII_DIGITS.fullmatch(text)
    return int(match.group(1)) if match else None


class JsonLimitError(ValueError):
    """A JSON document that is too long, too deep or not JSON; ``words`` is the ``Message``
    (``engine/messages.py``), ``str()`` its English text."""

    def __init__(self, code: str, **params: Any) -> None:
        from .messages import Message

        self.words = Message(code, params)
        super().__init__(str(self.words))


def json_depth_exceeds(text: str, limit: int) -> bool:
    """Whether ``text`` nests arrays or objects more than ``limit`` deep (strings skipped).

    Linear and without recursion, safe on any input: a few passes of C code (a string that
    is never closed ends the brackets that count, as it ends the JSON), then the depth is
    walked eight brackets at a time through a table, so a 1,000,000-character text costs
    tens of milliseconds whatever it holds (``benchmarks/hostile_input.py``).

    >>> json_depth_exceeds('[[1], {"a": "[[["}]', 2), json_depth_exceeds("[[[]]]", 2)
    (False, True)
    >>> json_depth_exceeds('"' + '\\\\"[' * 50, 2), json_depth_exceeds("]]][[[[[", 2)
    (False, False)
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    if len(text) > _HEAD and json_depth_exceeds(text[:_HEAD], limit):
        return True  # deep at once (a head never counts deeper than the whole text)
    closed = _TERMINATED.match(text)
    head = text if closed is None or closed.end() == len(text) else text[: closed.end()]
    brackets = (
        _STRING.sub("", head).encode("utf-8", "surrogatepass").translate(_ONE_KIND, _NOT_BRACKETS)
    )
    if brackets.count(b"[") <= limit:
        return False
    peaks, nets = _pieces()
    pieces = _STEPS.findall(brackets)
    starts = accumulate(map(nets.__getitem__, pieces), initial=0)
    deepest: int = max(map(add, starts, map(peaks.__getitem__, pieces)))
    return deepest > limit


@cache
def _pieces() -> tuple[dict[bytes, int], dict[bytes, int]]:
    """For every run of 1 to ``_STEP`` brackets (``[`` and ``]``): the deepest it goes above
    where it starts (0 at least), and where it ends."""
    peaks: dict[bytes, int] = {}
    nets: dict[bytes, int] = {}
    for size in range(1, _STEP + 1):
        for piece in product(b"[]", repeat=size):
            depth = peak = 0
            for bracket in piece:
                depth += 1 if bracket == ord("[") else -1
                peak = max(peak, depth)
            key = bytes(piece)
            peaks[key], nets[key] = peak, depth
    return peaks, nets


def bounded_json(text: str, max_chars: int, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads(text)`` after checking its length and depth; ``JsonLimitError`` (a
    ``ValueError`` with a readable message) for anything that is not small, shallow JSON."""
    if not isinstance(text, str):
        raise JsonLimitError("json-not-text", type=type(text).__name__)
    if len(text) > max_chars:
        raise JsonLimitError("json-too-long", length=len(text), max=max_chars)
    if json_depth_exceeds(text, max_depth):
        raise JsonLimitError("json-too-deep", depth=max_depth)
    # The parse makes only new, acyclic lists and dicts: collecting cycles while it runs
    # finds none, and cost half its time on a text of 300,000 empty lists.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise JsonLimitError("json-invalid", detail=str(exc)) from exc
    finally:
        if collecting:
            gc.enable()
