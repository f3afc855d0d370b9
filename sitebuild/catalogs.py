"""The message catalogs (web/i18n): read, written as ES modules per language and lazy area,
the watchdog's words, and the words the build itself puts into pages."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from sitebuild.paths import ROOT, WEB
from sitebuild.steps import StepFailed

I18N = WEB / "i18n"
"""Message catalogs: ``web/i18n/<lang>/<area>.json``, each a flat object of ICU messages. A key
``<area>.<name>`` is ``name`` in ``<area>.json``; a language is a folder, so a third one needs
nothing but its own catalog files."""


def read_catalogs() -> dict[str, dict[str, str]]:
    """``{lang: {"area.name": message}}`` from ``web/i18n``; refuses a non-string message."""
    catalogs: dict[str, dict[str, str]] = {}
    for folder in sorted(p for p in I18N.iterdir() if p.is_dir()):
        messages: dict[str, str] = {}
        for path in sorted(folder.glob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except ValueError as exc:
                raise StepFailed(f"build: {path.relative_to(ROOT)}: {exc}") from exc
            if not isinstance(data, dict):
                raise StepFailed(f"build: {path.relative_to(ROOT)} is not a JSON object")
            for name, message in data.items():
                if not isinstance(message, str):
                    raise StepFailed(f"build: {path.relative_to(ROOT)}: {name} is not a string")
                messages[f"{path.stem}.{name}"] = message
        catalogs[folder.name] = messages
    if "en" not in catalogs:
        raise StepFailed("build: web/i18n/en/ is missing (English is the fallback language)")
    return catalogs


LAZY_AREA_PREFIXES = ("rules-", "learn-")
LAZY_AREA_NAMES = ("nine-virtues", "quodlibet", "to-the-moon")
"""Catalog areas a page fetches only when it shows them (a game's rules, a lesson, and each
game's table words, the area named by its id, fetched with the table module by
``rendererFor``, web/js/table/renderer.js): each is its own module, ``js/i18n/<lang>/<area>.js``,
loaded by ``loadWords(area)`` (web/js/i18n.js); every other area is in ``js/i18n/<lang>.js``,
which every page loads (``quodlibet-contracts`` too: engine-words.js names contracts in
refusals, which the menu can show)."""


def lazy_area(area: str) -> bool:
    return area.startswith(LAZY_AREA_PREFIXES) or area in LAZY_AREA_NAMES


WATCHDOG_AREA = "watchdog"
WATCHDOG_WORDS = "var WORDS = {}; // build:watchdog-words"
"""The words of ``js/watchdog.js``, the classic script that speaks when a page cannot show itself
(docs/WEB.md, "The watchdog: never a blank page"): it runs without modules, so build.py writes its
catalog area, in every language, over this line of it; no module loads that area."""


def write_watchdog_words(stage: Path) -> None:
    path = stage / "js" / "watchdog.js"
    source = path.read_text(encoding="utf-8")
    if WATCHDOG_WORDS not in source:
        raise StepFailed(f"build: web/js/watchdog.js lacks `{WATCHDOG_WORDS}`")
    words: dict[str, dict[str, str]] = {}
    prefix = f"{WATCHDOG_AREA}."
    for lang, messages in read_catalogs().items():
        words[lang] = {k[len(prefix) :]: m for k, m in messages.items() if k.startswith(prefix)}
        formatted = sorted(k for k, m in words[lang].items() if re.search(r"[{}'#<]", m))
        if formatted:
            raise StepFailed(f"build: {lang} {WATCHDOG_AREA} words must be plain: {formatted}")
    body = json.dumps(words, ensure_ascii=False, sort_keys=True)
    path.write_text(source.replace(WATCHDOG_WORDS, f"var WORDS = {body};"), encoding="utf-8")


def write_catalogs(stage: Path) -> None:
    """``js/i18n/<lang>.js`` (one ES module per language: ``export default {key: message}``)
    with every area but the lazy ones, ``js/i18n/<lang>/<area>.js`` for each lazy area, and
    ``js/i18n/index.js`` (the languages with their own names and the lazy areas), which
    web/js/i18n.js imports (web/js/words/message-format.js formats the messages)."""
    out = stage / "js" / "i18n"
    out.mkdir(parents=True, exist_ok=True)
    catalogs = read_catalogs()
    lazy: set[str] = set()

    def module(path: Path, source: str, messages: dict[str, str]) -> None:
        body = json.dumps(messages, ensure_ascii=False, indent=0, sort_keys=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            f"// Written by build.py from {source}.\nexport default {body};\n", encoding="utf-8"
        )

    for lang, messages in catalogs.items():
        areas: dict[str, dict[str, str]] = {}
        for key, message in messages.items():
            area = key.split(".", 1)[0]
            if lazy_area(area):
                areas.setdefault(area, {})[key] = message
        for area, words in areas.items():
            module(out / lang / f"{area}.js", f"web/i18n/{lang}/{area}.json", words)
        lazy |= set(areas)
        core = {
            k: m
            for k, m in messages.items()
            if k.split(".", 1)[0] not in areas and k.split(".", 1)[0] != WATCHDOG_AREA
        }
        module(
            out / f"{lang}.js",
            f"web/i18n/{lang}/*.json (not the lazy areas: {', '.join(sorted(areas))})",
            core,
        )
    languages = [
        {
            "code": lang,
            "name": messages.get("common.language-name", lang),
            "short": messages.get("common.language-short", lang.upper()),
        }
        for lang, messages in catalogs.items()
    ]
    (out / "index.js").write_text(
        "// Written by build.py: the catalogs in web/i18n/.\n"
        f"export const LANGUAGES = {json.dumps(languages, ensure_ascii=False)};\n"
        f"export const LAZY_AREAS = {json.dumps(sorted(lazy))};\n",
        encoding="utf-8",
    )


def word(message: str, **values: str) -> str:
    """A catalog message with its simple ``{name}`` arguments filled in, for what the build
    writes into pages (titles, descriptions, manifests). Messages used here hold no plural or
    select (those are worded in the browser); one that does is refused."""
    if re.search(r"\{\s*\w+\s*,", message):
        raise StepFailed(f"build: {message!r} needs the browser's formatter (plural or select)")
    return re.sub(r"\{\s*(\w+)\s*\}", lambda m: values[m.group(1)], message)


@functools.cache
def page_words() -> dict[str, dict[str, str]]:
    """``{lang: {key: message}}`` from the catalogs, each language filled up from English (a
    language that lacks a key is caught by tests/test_catalogs.py, never by a broken page)."""
    catalogs = read_catalogs()
    english = catalogs["en"]
    return {lang: {**english, **messages} for lang, messages in catalogs.items()}
