"""Reading untrusted text with hard bounds: numbers in action notation and JSON documents.

Python's own readers have edges a hostile string can reach: ``str.isdigit`` accepts "²" and
"٣" (``int`` then refuses the first and reads the second), ``int`` raises ``ValueError`` for
4,301 digits or more, and ``json.loads`` recurses once per nesting level (Pyodide's smaller
stack dies of it before ``RecursionError``). Everything the engine reads from a person, a link
or a save goes through here first, so bad input is a clear refusal and never a crash.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_ACTION_CHARS = 200
"""The longest action text read at all (the longest real action is under 30 characters)."""

MAX_JSON_DEPTH = 32
"""Deepest nesting of a JSON document accepted (a save is about 4 levels deep)."""

MAX_SAVE_CHARS = 1_000_000
"""Longest save text read (a finished 12-deal Quodlibet game is about 40 KB)."""

_ASCII_DIGITS = re.compile(r"0*([0-9]{1,9})")
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
"""A JSON string (skipped whole) or a bracket."""


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

    A linear scan without recursion, safe on any input.

    >>> json_depth_exceeds('[[1], {"a": "[[["}]', 2), json_depth_exceeds("[[[]]]", 2)
    (False, True)
    """
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return True
        elif token in "]}":
            depth -= 1
    return False


def bounded_json(text: str, max_chars: int, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads(text)`` after checking its length and depth; ``JsonLimitError`` (a
    ``ValueError`` with a readable message) for anything that is not small, shallow JSON."""
    if not isinstance(text, str):
        raise JsonLimitError("json-not-text", type=type(text).__name__)
    if len(text) > max_chars:
        raise JsonLimitError("json-too-long", length=len(text), max=max_chars)
    if json_depth_exceeds(text, max_depth):
        raise JsonLimitError("json-too-deep", depth=max_depth)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise JsonLimitError("json-invalid", detail=str(exc)) from exc
