"""Response headers: netlify.toml is their one source of truth (docs/BUILD.md, "Headers"); its
``[[headers]]`` rules, parsed and matched as Netlify matches them."""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from sitebuild.paths import ROOT

NETLIFY_TOML = ROOT / "netlify.toml"
NETLIFY_DEFAULT_CACHE = "public, max-age=0, must-revalidate"
"""What Netlify sends as ``Cache-Control`` for a file that no rule gives one."""


class HeaderRule(NamedTuple):
    """One ``[[headers]]`` table of netlify.toml: a path pattern and the headers it sets."""

    pattern: str
    regex: re.Pattern[str]
    values: Mapping[str, str]


def netlify_path_regex(pattern: str) -> re.Pattern[str]:
    """The paths a ``[[headers]] for`` pattern matches, as Netlify matches them
    (``@netlify/headers-parser``, ``getForRegExp``): case-insensitive, an optional trailing
    slash, a segment that is just ``*`` matches anything (slashes included, or nothing), a
    ``*`` inside a segment matches anything too, and ``:name`` matches one segment. So
    ``/vendor/*`` also matches ``/vendors/x``, as on Netlify. Unlike Netlify, literal
    characters are escaped (``/*.html`` does not match ``/xhtml``)."""
    parts = [part.rstrip() for part in pattern.strip().split("/")]
    regex = []
    for part in filter(None, parts):
        if part.startswith(":"):
            regex.append("([^/]+)")
        elif part == "*":
            regex.append("?(.*)")
        else:
            regex.append("(.*)".join(re.escape(bit) for bit in part.split("*")))
    return re.compile("^/" + "/".join(regex) + "/?$", re.IGNORECASE)


def _header_value(name: str, raw: object) -> str:
    """A header value as Netlify normalises it: trimmed, lists and comma-separated lines
    joined with ``", "``. A line break left inside a value would end the header: refused."""
    if isinstance(raw, list):
        value = ", ".join(_header_value(name, item) for item in raw)
    elif isinstance(raw, str):
        value = re.sub(r"\s*,\s*", ", ", raw.strip())
    else:
        raise ValueError(f"netlify.toml: header {name!r} must be a string, not {raw!r}")
    if "\n" in value or "\r" in value:
        raise ValueError(f"netlify.toml: header {name!r} has a line break (write one line)")
    return value


def netlify_header_rules(config: Path = NETLIFY_TOML) -> tuple[HeaderRule, ...]:
    """The ``[[headers]]`` rules of a netlify.toml, in file order."""
    data = tomllib.loads(config.read_text(encoding="utf-8"))
    rules = []
    for table in data.get("headers", []):
        pattern = table.get("for")
        if not isinstance(pattern, str) or not pattern.startswith("/"):
            raise ValueError(f'netlify.toml: [[headers]] needs for = "/...", got {pattern!r}')
        values = {name.strip(): _header_value(name, raw) for name, raw in table["values"].items()}
        rules.append(HeaderRule(pattern, netlify_path_regex(pattern), values))
    return tuple(rules)


def matching_rules(path: str, rules: Sequence[HeaderRule]) -> list[HeaderRule]:
    """The rules whose pattern matches a URL path (no query string), in file order."""
    return [rule for rule in rules if rule.regex.match(path)]


def headers_for(path: str, rules: Sequence[HeaderRule]) -> dict[str, str]:
    """The headers served for a URL path: every matching rule applies. Where two rules set
    the same header (names compare case-insensitively) the values are joined with ``", "``,
    as repeated HTTP headers combine; the tests keep netlify.toml free of such overlaps,
    since Netlify's own merging of them is not something to rely on."""
    found: dict[str, tuple[str, str]] = {}
    for rule in matching_rules(path, rules):
        for name, value in rule.values.items():
            key = name.lower()
            if key in found:
                first_name, before = found[key]
                found[key] = (first_name, f"{before}, {value}")
            else:
                found[key] = (name, value)
    return dict(found.values())


@functools.lru_cache(maxsize=4)
def _cached_header_rules(config: str, mtime_ns: int) -> tuple[HeaderRule, ...]:
    return netlify_header_rules(Path(config))
