"""Every move in words, in every game (issue 9, part 1).

Seeded all-computer games of the three games (Quodlibet through all twelve contracts, so
Snack, Open Trousers and Good Hunting included) are played by the engine here; every public
log entry as the table would show it (each in the view it first appears in), every round
summary and the hint for every decision are then rendered by the games' own renderers in
Chromium, and no text may hold notation (``9S``, ``@0``, ``take 6``, ``choose minus``) or a
bare seat index. A Quodlibet demo through the real table shell is watched too: whatever its
log, "Last:" line, round banners and final screen ever show is checked the same way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from korean_text import latin_words
from playwright.sync_api import Page

import engine

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve"]

# What must never reach a person: notation, engine field names, seat numbers.
NOTATION = [
    (re.compile(r"\b[2-9TJQKA][SHDC]\b"), "a card code"),
    (re.compile(r"@\d"), "a blind position in notation"),
    (
        re.compile(
            r"\b(take|play|choose|pass|bid|swap|kill|call|build|test|withdraw|lead|draw|deal|"
            r"score|win|round-end) (\d|@|[a-z]+-[a-z]+|plus|minus|bribe|snack|quadrature)\b"
        ),
        "an action in notation",
    ),
    (re.compile(r"\b(seat|player|winner|dealer|leader|draws?)s? ?\d", re.I), "a seat number"),
    (re.compile(r"\b(Seat|Player|Computer) \d"), "a fallback seat name"),
    (re.compile(r"\b\d,[0-9TJQKA]\b"), "a draw in notation"),
    (re.compile(r"[_{}\[\]]|undefined|null|NaN|\[object"), "engine data"),
    (re.compile(r"\(\)|: \.|\s\.$"), "an empty phrase"),
]


def notation_in(text: str) -> list[str]:
    return [f"{why}: {text!r}" for pattern, why in NOTATION if pattern.search(text)]


def test_the_notation_check_catches_what_issue_9_saw() -> None:
    """The check itself: each text the issue quotes fails it, and plain words pass."""
    seen = [
        "Table draw (draws 0,7 1,J 2,T 3,K)",
        "Table deal (deal 2, dealer 1)",
        "You play 9S (card 9S, trick number 1, trick winner 2)",
        "Computer 3 take 6 (jacks , cards 1)",
        "Computer 2 play @0 (card KH)",
        "Choose minus: it suits this hand best ().",
        "Play 9\u2660: minus: .",
    ]
    for text in seen:
        assert notation_in(text), text
    for text in [
        "Cleo won trick 2 with the 10\u2660.",
        "Ann took pile 4: two cards, and lays out the J\u2663.",
        "Deal 5: Ben deals (a new wheel: the highest total deals first).",
        "Drawing for the first dealer, the lowest card deals: Ann a 7, Ben an ace.",
    ]:
        assert not notation_in(text), text


def record(game_id: str, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """An easy-bot game: each step's public view (cut to what the words need) with the
    entry it added, each decision's own view with the action taken, and the score sheet."""
    game = engine.new_game(game_id, players=players, seed=seed, options=options)
    steps: list[dict[str, Any]] = []
    decisions: list[dict[str, Any]] = []

    def public() -> dict[str, Any]:
        view = game.view(None)
        return {k: view.get(k) for k in ("game", "contract", "options", "log", "round")}

    steps.append(public())
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = game.bot_action(level="easy", seed=seed)
        own = game.view(seat)
        decisions.append(
            {
                "action": action,
                "view": {k: own.get(k) for k in ("game", "contract", "options", "phase")},
            }
        )
        game.apply(action)
        steps.append(public())
    return {"steps": steps, "decisions": decisions, "sheet": game.view(None)["score_sheet"]}


RENDER = """async ([gameId, data, names]) => {
  const { rendererFor } = await import("./js/table/renderer.js");
  const renderer = await rendererFor(gameId); // its module and words, as the table has them
  const { describeHint } = await import("./js/table/hint.js");
  const ui = { seatName: (s) => names[s], me: null, instant: true, scoreSheet: data.sheet,
    act: async () => {}, explain: async () => null };
  const texts = [];
  for (const view of data.steps) {
    for (const entry of view.log.slice(-2)) {
      texts.push(["log", renderer.describeLogEntry(entry, ui, view)]);
    }
  }
  for (const entry of data.sheet) {
    texts.push(["summary", renderer.renderRoundSummary(entry, ui).textContent]);
  }
  for (const { action, view } of data.decisions) {
    texts.push(["hint", describeHint(action, view, renderer)]);
  }
  return texts;
}"""


GAMES = [
    ("quodlibet", 4, 11, {}),
    ("quodlibet", 4, 12, {"plus_austrian": True, "dealer_leads": True}),
    ("nine-virtues", 3, 11, {}),
    ("nine-virtues", 4, 12, {}),
    ("to-the-moon", 3, 11, {}),
    ("to-the-moon", 5, 12, {}),
]


@pytest.mark.parametrize(("game_id", "players", "seed", "options"), GAMES)
def test_every_log_entry_summary_and_hint_is_in_words(
    open_game: Callable[..., Page],
    game_id: str,
    players: int,
    seed: int,
    options: dict[str, Any],
) -> None:
    data = record(game_id, players, seed, options)
    if game_id == "quodlibet":  # a full game plays each of the twelve contracts once
        assert len({e["detail"]["contract"] for e in data["sheet"]}) == 12
    page = open_game("", ready=False)
    page.wait_for_selector("#menu, .menu, main", timeout=30_000)
    texts = page.evaluate(RENDER, [game_id, data, NAMES[:players]])
    kinds = {kind for kind, _ in texts}
    assert kinds == {"log", "summary", "hint"}
    problems = [
        f"{kind} {problem}"
        for kind, text in texts
        for problem in (notation_in(text) if text else [f"no words for a {kind}"])
    ]
    assert not problems, "\n".join(sorted(set(problems))[:40])
    if game_id == "quodlibet":
        hints = [text for kind, text in texts if kind == "hint"]
        # Every hint names a contract: the one in play, or (QL-5) the one to choose.
        nameless = [h for h in hints if not any(name in h for name in CONTRACT_NAMES)]
        assert not nameless, nameless[:5]


KOREAN_NAMES = ["앤", "벤", "클레오", "댄"]


def test_every_quodlibet_entry_summary_and_hint_is_in_korean_words(
    open_game: Callable[..., Page],
) -> None:
    """The same words in Korean (issue 11): no notation, and no Latin word at all (card
    letters such as J or Q stand alone and pass; tests/browser/korean_text.py)."""
    data = record("quodlibet", 4, 11, {})
    page = open_game("?lang=ko", ready=False)
    page.wait_for_selector("#menu, .menu, main", timeout=30_000)
    assert page.evaluate("document.documentElement.lang") == "ko"
    texts = page.evaluate(RENDER, ["quodlibet", data, KOREAN_NAMES])
    problems = [
        f"{kind} {problem}"
        for kind, text in texts
        for problem in (
            [*notation_in(text), *(f"English {w!r}: {text!r}" for w in latin_words(text))]
            if text
            else [f"no words for a {kind}"]
        )
    ]
    assert not problems, "\n".join(sorted(set(problems))[:40])
    hints = [text for kind, text in texts if kind == "hint"]
    nameless = [h for h in hints if not any(name in h for name in KOREAN_CONTRACT_NAMES)]
    assert not nameless, nameless[:5]


KOREAN_CONTRACT_NAMES = [
    name
    for key, name in json.loads(
        (Path(__file__).parents[2] / "web/i18n/ko/quodlibet-contracts.json").read_text("utf-8")
    ).items()
    if key.endswith("-name")
]

CONTRACT_NAMES = [
    "Plus",
    "Minus",
    "Bad Neighbour",
    "Red Ruffians",
    "First Three and Last",
    "No Hearts",
    "Queens and Jacks",
    "Bribe",
    "Open Trousers",
    "Good Hunting",
    "Quadrature",
    "Snack",
]

WATCH = """() => {
  window.__seen = new Set();
  const grab = () => {
    for (const el of document.querySelectorAll(
      ".log li, [data-last], .round-banner, .final-sheet .round-summary, .hint-text")) {
      // The words themselves, not the controls beside them ("Replay deal 2" is a button).
      const copy = el.cloneNode(true);
      copy.querySelectorAll("button").forEach((button) => button.remove());
      const text = copy.textContent.trim();
      if (text) window.__seen.add(text);
    }
  };
  new MutationObserver(grab).observe(document.body, { childList: true, subtree: true });
}"""


def test_a_quodlibet_demo_shows_only_words(open_game: Callable[..., Page]) -> None:
    """The real shell: an all-computer practice game of the contracts with the most special
    entries (Open Trousers' blind plays, Snack's piles and exits, Good Hunting)."""
    page = open_game(
        "?game=quodlibet&seats=bot,bot,bot,bot&level=easy&seed=21&speed=instant&names=Ann,Ben,Cleo,Dan"
        "&contracts=open-trousers,snack,good-hunting",
        ready=False,
    )
    page.evaluate(WATCH)
    page.wait_for_selector("html[data-game-state=over]", timeout=120_000)
    seen: list[str] = page.evaluate("[...window.__seen]")
    # At speed=instant the table repaints a few times a second only: which moves get drawn
    # depends on timing, but the first paint's log and the final screen always are.
    assert any(text.startswith("Drawing for the first dealer") for text in seen), seen
    assert any(text.startswith("Deal 2: Snack") for text in seen), seen
    problems = [p for text in seen for p in notation_in(text)]
    assert not problems, "\n".join(problems[:40])
    assert "Round" not in page.locator(".final").inner_text()
