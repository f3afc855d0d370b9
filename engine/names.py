"""Names people give their seats: which are welcome, and how long one is.

One rule, stated here for the command line and in ``web/js/words/names.js`` for the page, both
checked against the cases of ``tests/data/names.json``:

* A name is cleaned first: each run of spaces (tab, line breaks, any Unicode space) becomes
  one space, and the ends are trimmed.
* Its length is what a person sees as characters: extended grapheme clusters (UAX #29; the
  page uses ``Intl.Segmenter``). At most ``MAX_NAME`` of them, and at most
  ``MAX_NAME * MAX_CLUSTER`` code points in all (``"long"``).
* Every script, combining mark and emoji sequence is welcome. Refused (``"hidden"``) is only
  what cannot be shown safely: control characters, lone surrogates, bidirectional controls
  and every other invisible character (format characters, Unicode's default-ignorable code
  points: zero-width space, word joiner, soft hyphen, Hangul fillers...), with the
  exceptions that make sequences: a zero-width joiner or non-joiner between two visible
  characters, one variation selector after a character, tag characters inside a flag
  (U+1F3F4 and its tags); and a combining mark with nothing to sit on (first in a cluster,
  or on a space).
* A cluster of more than ``MAX_CLUSTER`` code points is refused (``"stacked"``): the longest
  emoji sequence has 10, and marks piled higher cover the lines around them.

Stdlib only (``unicodedata`` has no grapheme data): ``graphemes`` implements the rules of
UAX #29 that names need (Hangul syllables, marks, joiners, emoji ZWJ sequences, flags,
Indic conjuncts), linear in the text.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from typing import Literal

__all__ = ["MAX_CLUSTER", "MAX_NAME", "clean_name", "graphemes", "name_problem"]

MAX_NAME = 24
"""Most characters (grapheme clusters) in a name."""
MAX_CLUSTER = 10
"""Most code points in one character (grapheme cluster) of a name."""

Problem = Literal["long", "hidden", "stacked"]

_SPACES = re.compile("[\t\n\v\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+")

ZWNJ, ZWJ, BLACK_FLAG = 0x200C, 0x200D, 0x1F3F4


def _table(*ranges: tuple[int, int]) -> tuple[list[int], list[int]]:
    return [low for low, _ in ranges], [high for _, high in ranges]


def _within(table: tuple[list[int], list[int]], code: int) -> bool:
    at = bisect_right(table[0], code) - 1
    return at >= 0 and code <= table[1][at]


_UNSAFE = _table(
    # Controls and lone surrogates (spaces among the controls are cleaned away first).
    (0x0000, 0x001F), (0x007F, 0x009F), (0x00AD, 0x00AD), (0x034F, 0x034F),
    (0x0600, 0x0605), (0x061C, 0x061C), (0x06DD, 0x06DD), (0x070F, 0x070F),
    (0x0890, 0x0891), (0x08E2, 0x08E2), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F),
    (0x3164, 0x3164), (0xD800, 0xDFFF), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD),
    (0x13430, 0x1343F), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)  # fmt: skip
"""Invisible or controlling: format characters (Cf), controls (Cc), surrogates (Cs) and
default-ignorable code points (Unicode 15.1), some allowed in sequences (``_allowed``)."""

_SELECTORS = _table((0x180B, 0x180D), (0x180F, 0x180F), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
_TAGS = _table((0xE0020, 0xE007F))

# --- grapheme clusters (UAX #29, extended) ---------------------------------------------------

_PICTOGRAPHIC = _table(
    (0x00A9, 0x00A9), (0x00AE, 0x00AE), (0x203C, 0x203C), (0x2049, 0x2049),
    (0x2122, 0x2122), (0x2139, 0x2139), (0x2194, 0x2199), (0x21A9, 0x21AA),
    (0x231A, 0x231B), (0x2328, 0x2328), (0x2388, 0x2388), (0x23CF, 0x23CF),
    (0x23E9, 0x23F3), (0x23F8, 0x23FA), (0x24C2, 0x24C2), (0x25AA, 0x25AB),
    (0x25B6, 0x25B6), (0x25C0, 0x25C0), (0x25FB, 0x25FE), (0x2600, 0x2605),
    (0x2607, 0x2612), (0x2614, 0x2685), (0x2690, 0x2705), (0x2708, 0x2712),
    (0x2714, 0x2714), (0x2716, 0x2716), (0x271D, 0x271D), (0x2721, 0x2721),
    (0x2728, 0x2728), (0x2733, 0x2734), (0x2744, 0x2744), (0x2747, 0x2747),
    (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757),
    (0x2763, 0x2767), (0x2795, 0x2797), (0x27A1, 0x27A1), (0x27B0, 0x27B0),
    (0x27BF, 0x27BF), (0x2934, 0x2935), (0x2B05, 0x2B07), (0x2B1B, 0x2B1C),
    (0x2B50, 0x2B50), (0x2B55, 0x2B55), (0x3030, 0x3030), (0x303D, 0x303D),
    (0x3297, 0x3297), (0x3299, 0x3299), (0x1F000, 0x1F0FF), (0x1F10D, 0x1F10F),
    (0x1F12F, 0x1F12F), (0x1F16C, 0x1F171), (0x1F17E, 0x1F17F), (0x1F18E, 0x1F18E),
    (0x1F191, 0x1F19A), (0x1F1AD, 0x1F1E5), (0x1F201, 0x1F20F), (0x1F21A, 0x1F21A),
    (0x1F22F, 0x1F22F), (0x1F232, 0x1F23A), (0x1F23C, 0x1F23F), (0x1F249, 0x1F3FA),
    (0x1F400, 0x1F53D), (0x1F546, 0x1F64F), (0x1F680, 0x1F6FF), (0x1F774, 0x1F77F),
    (0x1F7D5, 0x1F7FF), (0x1F80C, 0x1F80F), (0x1F848, 0x1F84F), (0x1F85A, 0x1F85F),
    (0x1F888, 0x1F88F), (0x1F8AE, 0x1F8FF), (0x1F90C, 0x1F93A), (0x1F93C, 0x1F945),
    (0x1F947, 0x1FAFF), (0x1FC00, 0x1FFFD),
)  # fmt: skip
"""Extended_Pictographic (emoji-data.txt): what a zero-width joiner joins into one cluster."""

_EXTEND_MORE = _table(
    (0x0E33, 0x0E33), (0x0EB3, 0x0EB3), (0x200C, 0x200C), (0xFF9E, 0xFF9F),
    (0x1F3FB, 0x1F3FF), (0xE0020, 0xE007F),
)  # fmt: skip
"""Not marks, yet never start a cluster: Thai and Lao AM, ZWNJ, halfwidth sound marks, skin
tones, tags."""

_CONSONANTS = _table(
    (0x0915, 0x0939), (0x0958, 0x095F), (0x0978, 0x097F), (0x0995, 0x09A8),
    (0x09AA, 0x09B0), (0x09B2, 0x09B2), (0x09B6, 0x09B9), (0x09DC, 0x09DD),
    (0x09DF, 0x09DF), (0x09F0, 0x09F1), (0x0A95, 0x0AA8), (0x0AAA, 0x0AB0),
    (0x0AB2, 0x0AB3), (0x0AB5, 0x0AB9), (0x0AF9, 0x0AF9), (0x0B15, 0x0B28),
    (0x0B2A, 0x0B30), (0x0B32, 0x0B33), (0x0B35, 0x0B39), (0x0B5C, 0x0B5D),
    (0x0B5F, 0x0B5F), (0x0B71, 0x0B71), (0x0C15, 0x0C28), (0x0C2A, 0x0C39),
    (0x0C58, 0x0C5A), (0x0D15, 0x0D3A),
)  # fmt: skip
"""Indic_Conjunct_Break=Consonant (Unicode 15.1): joined into one cluster after a virama."""
_LINKERS = frozenset((0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D))

_OTHER, _CONTROL, _CR, _LF, _EXTEND, _ZWJ, _RI, _L, _V, _T, _LV, _LVT = range(12)


def _kind(code: int, category: str) -> int:
    if code == 0x0D:
        return _CR
    if code == 0x0A:
        return _LF
    if code == ZWJ:
        return _ZWJ
    if category[0] == "M" or _within(_EXTEND_MORE, code):
        return _EXTEND
    if category in ("Cc", "Zl", "Zp", "Cs", "Cf"):
        return _CONTROL
    if 0x1F1E6 <= code <= 0x1F1FF:
        return _RI
    if 0x1100 <= code <= 0x115F or 0xA960 <= code <= 0xA97C:
        return _L
    if 0x1160 <= code <= 0x11A7 or 0xD7B0 <= code <= 0xD7C6:
        return _V
    if 0x11A8 <= code <= 0x11FF or 0xD7CB <= code <= 0xD7FB:
        return _T
    if 0xAC00 <= code <= 0xD7A3:
        return _LV if (code - 0xAC00) % 28 == 0 else _LVT
    return _OTHER


def _joins(last: int, kind: int) -> bool:
    """The rules between two kinds alone (GB3 to GB9a): True no break, False maybe one."""
    if last == _CR and kind == _LF:
        return True
    if last in (_CONTROL, _CR, _LF) or kind in (_CONTROL, _CR, _LF):
        return False  # GB4, GB5; the rules below do not apply either
    if last == _L:
        return kind in (_L, _V, _LV, _LVT, _EXTEND, _ZWJ)
    if last in (_LV, _V) and kind in (_V, _T):
        return True
    if last in (_LVT, _T) and kind == _T:
        return True
    return kind in (_EXTEND, _ZWJ)


def graphemes(text: str) -> list[str]:
    """``text`` cut into extended grapheme clusters, what a person sees as characters.

    >>> [len(cluster) for cluster in graphemes("e\\u0301a👨\\u200d👩\\u200d👧🇰🇷")]
    [2, 1, 5, 2]
    """
    clusters: list[str] = []
    start = 0
    last = _CONTROL
    emoji = False  # an Extended_Pictographic character then marks: a joiner may follow
    joined = False  # that run, then a zero-width joiner: a pictograph continues the cluster
    flags = 0  # regional indicators in a row so far
    conjunct = 0  # 1: an Indic consonant (and marks); 2: then a virama too
    for at, char in enumerate(text):
        code = ord(char)
        kind = _kind(code, unicodedata.category(char))
        pictograph = _within(_PICTOGRAPHIC, code)
        consonant = _within(_CONSONANTS, code)
        joins = (
            at == 0
            or _joins(last, kind)
            or (
                (conjunct == 2 and consonant)
                or (last == _ZWJ and joined and pictograph)
                or (last == _RI and kind == _RI and flags % 2 == 1)
            )
        )
        if not joins:
            clusters.append(text[start:at])
            start = at
        joined = kind == _ZWJ and emoji
        emoji = pictograph or (emoji and kind == _EXTEND)
        flags = flags + 1 if kind == _RI else 0
        if consonant:
            conjunct = 1
        elif code in _LINKERS and conjunct:
            conjunct = 2
        elif kind not in (_EXTEND, _ZWJ):
            conjunct = 0
        last = kind
    if start < len(text):
        clusters.append(text[start:])
    return clusters


# --- the rule ------------------------------------------------------------------------------


def clean_name(text: str) -> str:
    """Runs of spaces made one space, the ends trimmed.

    >>> clean_name("  Ann\\t\\u3000 Lee ")
    'Ann Lee'
    """
    return _SPACES.sub(" ", text).strip(" ")


def _is_mark(char: str) -> bool:
    return unicodedata.category(char)[0] == "M"


def _allowed(points: list[int], at: int, first: int) -> bool:
    """Whether the invisible ``points[at]`` makes a sequence here (``first``: the code point
    its cluster starts with)."""
    code = points[at]
    if _within(_TAGS, code):
        return first == BLACK_FLAG
    before = points[at - 1] if at and first != 0x20 else None
    if before is None or before in (ZWJ, ZWNJ) or _within(_TAGS, before):
        return False  # nothing visible before it in its cluster
    if code in (ZWJ, ZWNJ):
        after = points[at + 1] if at + 1 < len(points) else 0x20
        return not (
            after == 0x20
            or _within(_UNSAFE, after)
            or _is_mark(chr(after))
            or _within(_TAGS, after)
        )
    return _within(_SELECTORS, code) and not _within(_SELECTORS, before)


def name_problem(name: str) -> Problem | None:
    """What is wrong with a cleaned name (``clean_name``) under the rule above, else None.

    >>> name_problem("Ann"), name_problem("😀👨\\u200d👩\\u200d👧"), name_problem("\\u202eevil")
    (None, None, 'hidden')
    >>> name_problem("x" * 25), name_problem("Z" + "\\u0301" * 10)
    ('long', 'stacked')
    """
    if len(name) > MAX_NAME * MAX_CLUSTER:
        return "long"
    clusters = graphemes(name)
    if len(clusters) > MAX_NAME:
        return "long"
    points = [ord(char) for char in name]
    at = 0
    for cluster in clusters:
        if len(cluster) > MAX_CLUSTER:
            return "stacked"
        first = points[at]
        for offset, char in enumerate(cluster):
            here = at + offset
            if _within(_UNSAFE, points[here]):
                if not (offset and _allowed(points, here, first)):
                    return "hidden"
            elif _is_mark(char) and (offset == 0 or first == 0x20):
                return "hidden"  # a mark on nothing
        at += len(cluster)
    return None
