"""The message catalogs (web/i18n/<lang>/*.json, docs/WEB.md "Languages and catalogs"): every
language has the same keys, every message parses as ICU MessageFormat, and each key takes the same
arguments of the same kinds in every language (a translation may reorder them, never drop or add
one)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "web" / "i18n"

pytestmark = pytest.mark.cpython_only  # runs Node on web/, which the Pyodide run lacks


@cache
def parsed() -> dict[str, dict[str, dict[str, Any]]]:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "@formatjs").is_dir():
        pytest.skip("needs Node and node_modules (python3 build.py test installs them)")
    out = subprocess.run(
        [node, str(ROOT / "tools" / "catalog_args.mjs"), str(I18N)],
        cwd=ROOT, check=True, capture_output=True, text=True,
    )  # fmt: skip
    result: dict[str, dict[str, dict[str, Any]]] = json.loads(out.stdout)
    return result


def test_english_and_korean_exist() -> None:
    assert {"en", "ko"} <= set(parsed())


def test_every_language_has_the_same_keys() -> None:
    catalogs = parsed()
    english = set(catalogs["en"])
    for lang, messages in catalogs.items():
        assert sorted(english - set(messages)) == [], f"{lang} lacks these keys"
        assert sorted(set(messages) - english) == [], f"{lang} has keys English lacks"


def test_every_message_parses() -> None:
    bad = [(lang, key, entry["error"]) for lang, messages in parsed().items()
           for key, entry in messages.items() if entry["error"]]  # fmt: skip
    assert bad == []


def test_a_message_without_syntax_is_its_own_text() -> None:
    """web/js/i18n.js returns a message with none of ``{ } ' # <`` as it is, without the
    formatter: the parser must agree that each such message is one literal, itself."""
    catalogs = parsed()  # first: skips where Node is missing
    source = (ROOT / "web" / "js" / "i18n.js").read_text(encoding="utf-8")
    found = re.search(r"^const SYNTAX = /(\[[^\]]*\])/;$", source, re.MULTILINE)
    assert found, "i18n.js's SYNTAX pattern moved"
    syntax = re.compile(found.group(1))
    wrong = [
        (lang, key, entry["text"])
        for lang, messages in catalogs.items()
        for key, entry in messages.items()
        if not syntax.search(catalog(lang)[key]) and entry["text"] != catalog(lang)[key]
    ]
    assert wrong == []
    assert (
        sum(
            1
            for messages in parsed().values()
            for entry in messages.values()
            if entry["text"] is not None
        )
        > 100
    )


@cache
def catalog(lang: str) -> dict[str, str]:
    return {
        f"{file.stem}.{name}": message
        for file in sorted((I18N / lang).glob("*.json"))
        for name, message in json.loads(file.read_text(encoding="utf-8")).items()
    }


def test_placeholders_match_across_languages() -> None:
    catalogs = parsed()
    english = catalogs["en"]
    diffs = [
        (lang, key, english[key]["args"], entry["args"])
        for lang, messages in catalogs.items()
        for key, entry in messages.items()
        if key in english and entry["args"] != english[key]["args"]
    ]
    assert diffs == []


def test_the_checker_sees_a_missing_placeholder(tmp_path: Path) -> None:
    """The comparison can fail: a message that drops its argument is reported."""
    for lang, text in (("en", "{n} cards"), ("ko", "카드")):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "x.json").write_text(json.dumps({"k": text}), encoding="utf-8")
    (tmp_path / "en" / "y.json").write_text('{"broken": "{n, plural, one {#}"}', encoding="utf-8")
    (tmp_path / "ko" / "y.json").write_text('{"broken": "{n}"}', encoding="utf-8")
    node = shutil.which("node")
    if node is None:
        pytest.skip("needs Node")
    out = json.loads(subprocess.run(
        [node, str(ROOT / "tools" / "catalog_args.mjs"), str(tmp_path)],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout)  # fmt: skip
    assert out["en"]["x.k"]["args"] == ["n:argument"] and out["ko"]["x.k"]["args"] == []
    assert out["en"]["y.broken"]["error"] and out["ko"]["y.broken"]["error"] is None


RULE_CODE = re.compile(r"\b(?:NV|TM|QL|PD)-\d+")
"""A clause of docs/RULES.md ("NV-6", "QL-21"): the contract's own numbering."""
RULES_REFERENCE: frozenset[str] = frozenset()
"""Catalog areas that may cite a clause. None: the rules reference is docs/RULES.md, for
developers; the rules pages players read (``rules-*``) and every other area are players' text,
where a clause number means nothing (issue 26: "… this round (NV-6)")."""


def rule_codes(messages: dict[str, str]) -> list[tuple[str, str]]:
    """(key, code) for each rule code in a player's message of ``messages`` (``area.name``)."""
    return [
        (key, code)
        for key, text in messages.items()
        if key.split(".", 1)[0] not in RULES_REFERENCE
        for code in RULE_CODE.findall(text)
    ]


# (Read when collected: the Pyodide run, which skips this file, has no web/ to list.)
@pytest.mark.parametrize(
    "lang", sorted(p.name for p in I18N.iterdir() if p.is_dir()) if I18N.is_dir() else []
)
def test_no_rule_code_in_a_players_text(lang: str) -> None:
    assert rule_codes(catalog(lang)) == []


def test_the_rule_code_check_finds_one() -> None:
    found = rule_codes({"engine.x": "Not yet (NV-6).", "menu.y": "QL-21 and TM-1", "a.z": "PD-2"})
    assert found == [("engine.x", "NV-6"), ("menu.y", "QL-21"), ("menu.y", "TM-1"), ("a.z", "PD-2")]
    assert rule_codes({"engine.x": "A bid (NVX-6) or 2026-01-02"}) == []


SIGNED = re.compile(r"[+\u2212]\d+")
"""A score as the catalogs and RULES.md write it: "+30", "−10" (a real minus sign)."""
CONTRACT_BRIEF = re.compile(r"^(?P<id>[a-z-]+)-brief$")


def rules_clauses(title: str) -> str:
    """The text of RULES.md's clauses about the contract ``title`` ("Bribe"): its own clause,
    the clauses named after it ("Snack scoring"), and the clauses those cite ("QL-10")."""
    text = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    clauses = dict(re.findall(r"^- (QL-\d+) (.*?)(?=^- |^\S|\Z)", text, re.MULTILINE | re.DOTALL))
    own = [c for c, body in clauses.items() if body.startswith((f"**{title}**", f"{title} "))]
    cited = [ref for c in own for ref in re.findall(r"QL-\d+", clauses[c]) if ref in clauses]
    return " ".join(clauses[c] for c in dict.fromkeys([*own, *cited]))


def test_contract_briefs_quote_the_rules() -> None:
    """Each Quodlibet contract's few words on the dealer's choice ("+10 a trick: avoid
    tricks") give only scores RULES.md gives that contract, the same in every language."""
    english = json.loads((I18N / "en" / "quodlibet-contracts.json").read_text(encoding="utf-8"))
    briefs = {m["id"]: text for key, text in english.items() if (m := CONTRACT_BRIEF.match(key))}
    assert len(briefs) == 13  # twelve contracts and the Austrian Plus
    for contract, text in briefs.items():
        title = english[f"{contract.removesuffix('-austrian')}-name"]
        scores = SIGNED.findall(text)
        assert scores, (contract, text)
        clause = rules_clauses(title)
        assert set(scores) <= set(SIGNED.findall(clause)), (contract, text, clause)
        for lang in sorted(p.name for p in I18N.iterdir() if p.is_dir()):
            other = json.loads((I18N / lang / "quodlibet-contracts.json").read_text("utf-8"))
            assert sorted(SIGNED.findall(other[f"{contract}-brief"])) == sorted(scores), lang
