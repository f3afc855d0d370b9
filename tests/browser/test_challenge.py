"""Challenge a friend (web/js/table/challenge.js): a link made on one browser's final screen,
played in another browser context, shows both results round by round with the challenger's
score verified by replaying their moves in the worker; an edited link says it could not be
verified; a truncated one is a notice that changes nothing; `challenge=` in embed.html and
the embed builder. The game is one deal of Quodlibet's Minus against normal computers
(eight moves for the person), at speed=instant."""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable
from typing import Any

import pytest
from browser_support import (
    SAVE_PREFIX,
    axe_check,
    saved_games,
    stored_record,
    wait_for_new_save,
    watch,
)
from korean_text import english_words, overflowing
from playwright.sync_api import Browser, Page

import engine

pytestmark = pytest.mark.browser

SEED = 5
OPTIONS = {"contracts": ["minus"]}
SETUP = {
    "game": "quodlibet",
    "players": 4,
    "seats": ["human", "bot", "bot", "bot"],
    "levels": [None, "normal", "normal", "easy"],
    "names": ["", "", "", ""],
    "level": "normal",
    "seed": SEED,
    "speed": "instant",
    "options": OPTIONS,
}


def challenger_game() -> engine.Game:
    """The deal as the table plays it (each computer at its level with the game's seed); the
    person's moves are another seed's easy choices."""
    game = engine.new_game("quodlibet", 4, SEED, OPTIONS)
    while not game.is_over:
        seat = game.to_act
        level = "easy" if seat == 0 else SETUP["levels"][seat]
        game.apply(game.bot_action(level, 99 if seat == 0 else SEED))
    return game


def record(game: engine.Game, save_id: str, **setup: Any) -> dict[str, Any]:
    return stored_record(game, save_id, {**SETUP, **setup})


def resume(page: Page, site_url: str, rec: dict[str, Any], lang: str = "en") -> None:
    page.goto(f"{site_url}?lang={lang}")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [SAVE_PREFIX + rec["id"], json.dumps(rec)],
    )
    page.goto(f"{site_url}?resume={rec['id']}&lang={lang}")
    page.wait_for_selector(".final", timeout=90_000)


def make_link(page: Page, site_url: str, name: str = "Ann") -> str:
    """The challenger's final screen: Challenge a friend, with a visible confirmation."""
    resume(page, site_url, record(challenger_game(), "c1", names=["Ann", "", "", ""]))
    assert page.locator("#challenge-name").input_value() == "Ann"
    page.fill("#challenge-name", name)
    page.click("[data-control=challenge]")
    page.wait_for_selector(".challenge[data-link]")
    assert page.locator(".challenge-status").inner_text() in {
        "Link copied: send it to your friend.",
        "Copy the link above and send it to your friend.",
    }
    link = page.locator(".challenge").get_attribute("data-link")
    assert link and "?challenge=c1" in link
    assert page.locator(".challenge-link").input_value() == link
    return link


def code_of(link: str) -> str:
    return link.split("challenge=", 1)[1].split("&", 1)[0]


def decode(code: str) -> dict[str, Any]:
    raw = base64.urlsafe_b64decode(code[4:] + "=" * (-len(code[4:]) % 4))
    data: dict[str, Any] = json.loads(zlib.decompress(raw, -15))
    return data


def checksum(text: str) -> str:
    """challenge.js's checksum (cyrb53 over UTF-16 code units; ASCII text here)."""
    m = 0xFFFFFFFF
    h1, h2 = 0xDEADBEEF, 0x41C6CE57
    for ch in text:
        c = ord(ch)
        h1 = ((h1 ^ c) * 2654435761) & m
        h2 = ((h2 ^ c) * 1597334677) & m
    h1 = (((h1 ^ (h1 >> 16)) * 2246822507) & m) ^ (((h2 ^ (h2 >> 13)) * 3266489909) & m)
    h2 = (((h2 ^ (h2 >> 16)) * 2246822507) & m) ^ (((h1 ^ (h1 >> 13)) * 3266489909) & m)
    value = 4294967296 * (2097151 & h2) + h1
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        value, r = divmod(value, 36)
        out = digits[r] + out
        if not value:
            return out


def packed(payload: dict[str, Any]) -> str:
    text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(text.encode()) + packer.flush()
    return "c1z." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def honest_payload(name: str = "Ann") -> dict[str, Any]:
    """What the challenger's final screen puts in the link (checked against the page's own
    link in the first test)."""
    game = challenger_game()
    body: dict[str, Any] = {
        "format": "parlour-challenge",
        "version": 1,
        "game": "quodlibet",
        "players": 4,
        "seed": SEED,
        "options": OPTIONS,
        "seats": SETUP["seats"],
        "levels": SETUP["levels"],
        "name": name,
        "moves": [
            entry["action"] for entry in game.log if entry.get("seat") == 0 and "action" in entry
        ],
        "rounds": [entry["scores"] for entry in game.score_sheet],
        "totals": game.totals,
    }
    return body


def encode(payload: dict[str, Any], *, check: str | None = None) -> str:
    """A code of ``payload`` with its checksum (or ``check`` as given)."""
    body = {k: v for k, v in payload.items() if k != "check"}
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
    return packed({**body, "check": checksum(text) if check is None else check})


def play_to_the_end(page: Page) -> None:
    """The person's moves through the table (the first legal one, read from the page's save
    in CPython); round dialogs are closed as a person would."""
    for _ in range(100):
        page.wait_for_function(
            """() => document.documentElement.dataset.gameState === "over"
                 || document.querySelector(".table")?.dataset.awaiting === "0"
                 || document.querySelector(".overlay .dialog")""",
            timeout=60_000,
        )
        if page.evaluate("document.documentElement.dataset.gameState") == "over":
            return
        # The challenger's result is never on the page before the friend's game is over.
        assert page.locator(".challenge-result").count() == 0
        if page.locator(".overlay .dialog").count():
            page.click(".overlay .dialog .dialog-actions button")
            continue
        saves = list(saved_games(page).values())
        game = engine.load_game(saves[0]["engine"])
        if game.to_act != 0:  # the table is ahead of its save: wait for the next one
            wait_for_new_save(page, saves[0]["engine"])
            continue
        made = len([entry for entry in game.log if "action" in entry])
        page.click(f'.table [data-action="{game.legal_actions()[0]}"]')
        # The move is saved (the page writes its save before the next turn).
        page.wait_for_function(
            """([prefix, made]) => Object.keys(localStorage).some((key) => key.startsWith(prefix)
                 && JSON.parse(JSON.parse(localStorage.getItem(key)).engine).log.length > made)""",
            arg=[SAVE_PREFIX, made],
            timeout=30_000,
        )
    raise AssertionError("the game did not end")


def test_a_challenge_made_in_one_context_is_verified_in_another(
    page: Page, site_url: str, browser: Browser, problems: list[str]
) -> None:
    link = make_link(page, site_url)
    assert decode(code_of(link)) == {
        **honest_payload(),
        "check": decode(encode(honest_payload()))["check"],
    }
    challenger = challenger_game()
    friend_context = browser.new_context(
        viewport={"width": 390, "height": 844}, service_workers="block"
    )
    friend = friend_context.new_page()
    problems.extend(watch(friend))
    friend.goto(link + "&speed=instant")
    friend.wait_for_selector("[data-control=challenge-play]", timeout=90_000)
    # The challenger's name is isolated (FSI ... PDI) in every sentence (issue 28).
    assert friend.locator(".challenge-intro h1").inner_text() == "\u2068Ann\u2069's challenge"
    assert "Quodlibet" in friend.locator(".challenge-intro").inner_text()
    assert not saved_games(friend)  # nothing starts before Play
    friend.click("[data-control=challenge-play]")
    # In the table's bar (hidden on a phone with the round's name, like it) while playing.
    friend.wait_for_selector(".table .challenge-chip", state="attached", timeout=90_000)
    assert friend.locator(".challenge-chip").text_content() == "\u2068Ann\u2069's challenge"
    play_to_the_end(friend)
    result = friend.locator(".challenge-result")
    friend.wait_for_selector(".challenge-result[data-verdict=verified]", timeout=60_000)
    saves = list(saved_games(friend).values())
    assert len(saves) == 1 and saves[0]["setup"]["seed"] == SEED
    mine = engine.load_game(saves[0]["engine"])
    assert result.locator("td[data-who=you][data-total]").inner_text() == str(mine.totals[0])
    assert result.locator("td[data-who=them][data-total]").inner_text() == str(challenger.totals[0])
    assert result.locator("thead th").all_inner_texts()[1:] == ["You", "\u2068Ann\u2069"]
    verdict = result.locator(".challenge-verdict").inner_text()
    assert "\u2068Ann\u2069's score is verified" in verdict
    result_comes_first(friend)
    axe_check(friend, "a challenge's result")
    friend_context.close()


def result_comes_first(page: Page) -> None:
    """The friend's final screen opens on the comparison they came for: both totals, above
    "X wins!", the other scores and the records (issue 26, part 8)."""
    score = page.locator(".challenge-score")
    assert score.locator("[data-who=you] strong").inner_text().lstrip("\u2212-").isdigit()
    assert score.locator("[data-who=them] strong").inner_text().lstrip("\u2212-").isdigit()
    order = page.evaluate(
        """() => [".challenge-score", ".final .headline", ".final-totals", ".final .record-line"]
             .map((s) => document.querySelector(s)?.getBoundingClientRect().top ?? null)"""
    )
    tops = [top for top in order if top is not None]
    assert order[0] is not None and tops == sorted(tops) and tops[0] == order[0], order


def test_edited_challenges_say_they_could_not_be_verified(page: Page, site_url: str) -> None:
    honest = honest_payload()
    moves = list(honest["moves"])
    moves[0], moves[1] = moves[1], moves[0]
    edits = {
        "score": encode({**honest, "totals": [0, 0, 0, 0], "rounds": [[0, 0, 0, 0]]}),
        "moves": encode({**honest, "moves": moves}),
        "checksum": encode(
            {**honest, "totals": [1, 2, 3, 4]}, check=decode(encode(honest))["check"]
        ),
    }
    friend_game = challenger_game()  # any finished game of that deal stands for the friend's
    for kind, code in edits.items():
        rec = record(friend_game, f"f-{kind}", challenge={"code": code})
        resume(page, site_url, rec)
        page.wait_for_selector(".challenge-result[data-verdict=unverified]", timeout=60_000)
        verdict = page.locator(".challenge-verdict").inner_text()
        assert "could not be verified" in verdict, kind
        result_comes_first(page)


def test_a_truncated_challenge_link_is_a_notice_and_changes_nothing(
    page: Page, site_url: str, open_game: Callable[..., Page]
) -> None:
    code = encode(honest_payload())
    # The notice does not wait for the engine: the code is read before it is ready.
    open_game(f"?challenge={code[: len(code) // 2]}&lang=en", ready=False)
    page.wait_for_selector(".notice.warning", timeout=30_000)
    assert "could not be opened" in page.locator(".notice.warning").inner_text()
    assert page.evaluate("document.documentElement.dataset.screen") == "menu"
    assert not saved_games(page)
    open_game("?challenge=not-a-code&lang=en", ready=False)
    page.wait_for_selector(".notice.warning")
    assert "not a Parlour challenge code" in page.locator(".notice.warning").inner_text()
    assert not saved_games(page)


def test_a_challenge_in_the_embed_and_the_embed_builder(page: Page, site_url: str) -> None:
    code = encode(honest_payload(name=""))
    link = f"{site_url}index.html?challenge={code}&lang=en"
    page.goto(f"{site_url}embed-builder.html?lang=en")
    page.check("#b-deal-challenge")
    page.fill("#b-challenge", link)
    snippet = page.locator("#snippet").input_value()
    assert f"embed.html?challenge={code}" in snippet
    page.fill("#b-challenge", link[:40])
    assert "not a challenge link" in page.locator("#b-challenge-status").inner_text()
    page.goto(f"{site_url}embed.html?challenge={code}&speed=instant&lang=en")
    page.wait_for_selector(".challenge-who")
    assert page.locator(".challenge-who").inner_text().startswith("A friend's challenge")
    page.click(".cover .play")
    page.wait_for_selector(".table[data-screen=table]", timeout=90_000)
    saves = list(saved_games(page).values())
    assert len(saves) == 1
    assert saves[0]["setup"]["challenge"] == {"code": code, "name": ""}
    assert page.locator(".challenge-chip").text_content() == "A friend's challenge"
    assert saves[0]["setup"]["seed"] == SEED and saves[0]["setup"]["levels"] == SETUP["levels"]


def test_the_challenge_in_korean_fits_a_phone(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    resume(page, site_url, record(challenger_game(), "k1"), lang="ko")
    page.click("[data-control=challenge]")
    page.wait_for_selector(".challenge[data-link]")
    assert english_words(page, ".challenge") == []
    assert overflowing(page) == []
    code = code_of(page.locator(".challenge").get_attribute("data-link") or "")
    page.goto(f"{site_url}?challenge={code}&lang=ko")
    page.wait_for_selector("[data-control=challenge-play]", timeout=90_000)
    assert english_words(page, ".challenge-intro") == []
    assert overflowing(page) == []
    resume(page, site_url, record(challenger_game(), "k2", challenge={"code": code}), lang="ko")
    page.wait_for_selector(".challenge-result[data-verdict=verified]", timeout=60_000)
    result_comes_first(page)
    assert english_words(page, ".challenge-result") == []
    assert overflowing(page) == []
