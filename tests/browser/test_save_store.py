"""The save store never hides or drops a save (docs/FEATURES.md, "Saves"): storage full when the
page loads or in mid-game, two tabs on one game, 21 saved games, an import bomb, a damaged record in
the embed and a deeply nested link, each ending with every save intact."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from browser_support import SAVE_PREFIX, force_generic_renderer, saved_games, watch, web_save_record
from playwright.sync_api import Browser, Page

import engine

pytestmark = pytest.mark.browser

MY_TURN = ".table[data-awaiting='0'] .actions button"
READY = "html[data-engine=ready]"


def record(save_id: str, seed: int, moves: int = 0, *, over: bool = False) -> dict[str, Any]:
    """A saved To the Moon game (a person against the computer) as the page writes it."""
    game = engine.new_game("to-the-moon", 2, seed=seed)
    step = 0
    while (over and not game.is_over) or step < moves:
        if game.is_over:
            break
        game.apply(game.bot_action("easy", step))
        step += 1
    return web_save_record(game, save_id, updated=f"2026-01-02T10:{seed % 60:02d}:00.000Z")


def put(page: Page, records: list[dict[str, Any]]) -> None:
    page.evaluate(
        "([p, rs]) => { for (const r of rs) localStorage.setItem(p + r.id, JSON.stringify(r)); }",
        [SAVE_PREFIX, records],
    )


FILL = """() => {
  // Fill this origin's localStorage to its real quota, largest pieces first.
  let n = 0;
  for (let size = 1 << 20; size >= 8; ) {
    try {
      localStorage.setItem(`filler:${n}`, "x".repeat(size));
      n += 1;
    } catch {
      size >>= 1;
    }
  }
  return n;
}"""

EMPTY_FILLER = """() => Object.keys(localStorage).filter((k) => k.startsWith("filler:"))
  .forEach((k) => localStorage.removeItem(k))"""


def moves(rec: dict[str, Any]) -> int:
    return len(json.loads(rec["engine"])["log"])


def play_one_move(page: Page) -> None:
    page.wait_for_selector(MY_TURN, timeout=30_000)
    page.locator(MY_TURN).first.click()


def test_storage_full_at_load_lists_every_save_and_keeps_the_good_copy(
    page: Page, site_url: str
) -> None:
    force_generic_renderer(page)
    page.goto(site_url)
    mine = record("gmine-1", seed=11, moves=3)
    others = [record("gother-2", seed=12), record("gother-3", seed=13, moves=2)]
    put(page, [mine, *others])
    assert page.evaluate(FILL) > 0
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    saves = page.locator(".saves .save")
    assert saves.count() == 3, "a full storage must not hide any save"
    assert "No saved games" not in page.locator(".saved-list").inner_text()

    page.locator(".save[data-id='gmine-1'] button.continue").click()
    page.wait_for_selector(".table")
    play_one_move(page)
    notices = page.locator("#notices")
    notices.get_by_text("Storage on this device is full").wait_for()
    assert "is kept as it was" in notices.inner_text()
    stored = saved_games(page)
    assert stored["gmine-1"]["engine"] == mine["engine"], "the previous good copy is kept"
    assert {k: v["engine"] for k, v in stored.items()} == {
        r["id"]: r["engine"] for r in [mine, *others]
    }

    # Delete frees real space: this game's newer moves are then written by themselves.
    page.locator(".menu-button").click()
    assert page.locator(".saves .save").count() == 3
    page.locator(".save[data-id='gother-2'] button.delete").click()
    notices.get_by_text("Saving works again").wait_for()
    stored = saved_games(page)
    assert "gother-2" not in stored
    assert moves(stored["gmine-1"]) > moves(mine)
    assert stored["gother-3"]["engine"] == others[1]["engine"]
    page.evaluate(EMPTY_FILLER)


def test_storage_full_mid_game_keeps_the_last_saved_move(page: Page, site_url: str) -> None:
    force_generic_renderer(page)
    page.goto(f"{site_url}?game=to-the-moon&players=2&seats=human,bot&seed=21&speed=instant")
    page.wait_for_selector(READY, timeout=90_000)
    play_one_move(page)
    page.wait_for_function(
        "(p) => Object.keys(localStorage).some((k) => k.startsWith(p)"
        " && JSON.parse(localStorage.getItem(k)).engine.includes('\"action\"'))",
        arg=SAVE_PREFIX,
    )
    page.wait_for_selector(MY_TURN, timeout=30_000)
    (before,) = saved_games(page).values()
    # The stored record holds no dealt card: decisions and one digest (docs/FEATURES.md, "Saves").
    body = json.loads(before["engine"])
    assert set(body) == {"format", "version", "game", "players", "seed", "options", "log",
                         "chance", "check"}  # fmt: skip
    assert all(set(entry) == {"seat", "action"} for entry in body["log"])
    page.evaluate(FILL)
    play_one_move(page)
    page.locator("#notices").get_by_text("Storage on this device is full").wait_for()
    (kept,) = saved_games(page).values()
    assert kept["engine"] == before["engine"], "a failed write keeps the previous copy"
    page.evaluate(EMPTY_FILLER)
    play_one_move(page)
    page.locator("#notices").get_by_text("Saving works again").wait_for()
    (after,) = saved_games(page).values()
    assert moves(after) >= moves(before) + 2, "the moves kept in memory are all written"


def test_two_tabs_never_shorten_a_game(page: Page, browser: Browser, site_url: str) -> None:
    force_generic_renderer(page)
    page.goto(f"{site_url}?game=to-the-moon&players=2&seats=human,bot&seed=31&speed=instant")
    page.wait_for_selector(READY, timeout=90_000)
    play_one_move(page)
    page.wait_for_selector(MY_TURN, timeout=30_000)
    url = page.url
    assert "resume=" in url

    second = page.context.new_page()
    problems = watch(second)
    force_generic_renderer(second)
    second.goto(url)
    second.wait_for_selector(READY, timeout=90_000)
    second.get_by_text("This game is open in another tab").wait_for()
    assert second.locator(".table").count() == 0

    # The first tab plays on; the second takes over and continues from the newest move.
    (earlier,) = saved_games(page).values()
    play_one_move(page)
    # The click and the computer's answer are written after the table re-renders, so wait for
    # both to be stored (the person's move and the reply) before taking the newest copy.
    page.wait_for_function(
        "([p, n]) => Object.keys(localStorage).some((k) => k.startsWith(p)"
        " && JSON.parse(JSON.parse(localStorage.getItem(k)).engine).log.length >= n)",
        arg=[SAVE_PREFIX, moves(earlier) + 2],
    )
    page.wait_for_selector(MY_TURN, timeout=30_000)
    (latest,) = saved_games(page).values()
    second.get_by_role("button", name="Continue here").click()
    second.wait_for_selector(MY_TURN, timeout=30_000)
    page.get_by_text("This game is open in another tab").wait_for()
    assert page.locator(".table").count() == 0
    (now,) = saved_games(second).values()
    newest, loaded = json.loads(latest["engine"])["log"], json.loads(now["engine"])["log"]
    assert loaded[: len(newest)] == newest, "the second tab loaded the newest save"
    play_one_move(second)
    second.wait_for_function(
        "([p, n]) => Object.keys(localStorage).some((k) => k.startsWith(p)"
        " && JSON.parse(JSON.parse(localStorage.getItem(k)).engine).log.length > n)",
        arg=[SAVE_PREFIX, moves(latest)],
    )
    second.close()
    assert problems == []


def test_twenty_one_saves_are_all_kept(page: Page, site_url: str) -> None:
    force_generic_renderer(page)
    page.goto(site_url)
    finished = [record(f"gdone-{n}", seed=40 + n, over=True) for n in range(2)]
    unfinished = [record(f"gopen-{n}", seed=50 + n, moves=n % 3) for n in range(19)]
    put(page, finished + unfinished)
    page.goto(f"{site_url}?game=to-the-moon&players=2&seats=human,bot&seed=61&speed=instant")
    page.wait_for_selector(READY, timeout=90_000)
    play_one_move(page)
    page.wait_for_function(
        "(p) => Object.keys(localStorage).filter((k) => k.startsWith(p)).length === 22",
        arg=SAVE_PREFIX,
    )
    stored = saved_games(page)
    for rec in finished + unfinished:
        assert stored[rec["id"]]["engine"] == rec["engine"], "no save is dropped at the limit"

    page.locator(".menu-button").click()
    assert page.locator(".saves .save").count() == 22
    page.get_by_role("button", name="Delete the 2 finished ones").click()
    assert page.locator(".saves .save").count() == 20
    assert "gdone-0" not in saved_games(page)
    page.get_by_role("button", name="Undo").click()
    assert page.locator(".saves .save").count() == 22
    stored = saved_games(page)
    assert all(stored[rec["id"]]["engine"] == rec["engine"] for rec in finished)


CODE = {"format": "parlour-save-code", "version": 1}


def _code(payload: dict[str, Any] | bytes) -> str:
    raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = packer.compress(raw) + packer.flush()
    return "p1z." + base64.urlsafe_b64encode(deflated).decode().rstrip("=")


def test_an_import_bomb_is_refused_and_saving_goes_on(page: Page, site_url: str) -> None:
    force_generic_renderer(page)
    page.goto(site_url)
    mine = record("gmine-7", seed=71, moves=2)
    put(page, [mine])
    rec = record("gbomb-1", seed=72)
    bomb = _code({"format": "parlour-save-code", "version": 1, "pad": " " * 100_000_000})
    assert len(bomb) < 200_000
    mismatch = record("gmix-1", seed=73)
    mismatch["engine"] = engine.new_game("quodlibet", seed=1).to_json()
    bad_codes = [
        (bomb, "unpacks to more than"),
        (_code({**mismatch, **CODE}), "not those of"),
        (_code({**rec, **CODE, "engine": rec["engine"][:-9]}), "damaged"),
        (
            _code({**rec, **CODE, "engine": rec["engine"].replace('"seed":72', '"seed":7')}),
            "cannot",
        ),
    ]
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    page.locator("details.import-save summary").click()
    status = page.locator(".save-import [role=status]")
    for code, reason in bad_codes:
        page.locator("#import-code").fill(code)
        page.locator("button.import-code").click()
        page.wait_for_function(
            "() => document.querySelector('.save-import [role=status]').dataset.kind === 'error'"
        )
        assert reason in status.inner_text()
        assert "Imported" not in status.inner_text()
        assert set(saved_games(page)) == {"gmine-7"}
        status.evaluate("(el) => { el.dataset.kind = ''; }")

    # The same bomb in a link changes nothing either, and saving still works.
    page.goto(f"{site_url}index.html#import={bomb}")  # a new document, not a hash change
    page.wait_for_selector(READY, timeout=90_000)
    page.locator("#notices").get_by_text("could not be opened").wait_for()
    assert set(saved_games(page)) == {"gmine-7"}
    page.locator(".save[data-id='gmine-7'] button.continue").click()
    play_one_move(page)
    page.wait_for_function(
        "([k, n]) => JSON.parse(JSON.parse(localStorage.getItem(k)).engine).log.length > n",
        arg=[f"{SAVE_PREFIX}gmine-7", moves(mine)],
    )
    assert "full" not in page.locator("#notices").inner_text()


def test_a_damaged_record_never_hides_continue_in_the_embed(page: Page, site_url: str) -> None:
    page.goto(site_url)
    good = record("ggood-8", seed=81, moves=2)
    mismatch = record("gmix-8", seed=82)
    mismatch["engine"] = engine.new_game("quodlibet", seed=1).to_json()
    mismatch["updated"] = "2026-05-01T00:00:00.000Z"
    put(page, [good, mismatch])
    page.evaluate(
        '(p) => { localStorage.setItem(p + \'gbroken-8\', \'{"format": "parlour-web-save", "ver\');'
        " localStorage.setItem(p + 'gdeep-8', '['.repeat(6000)); }",
        SAVE_PREFIX,
    )
    page.goto(f"{site_url}embed.html?game=to-the-moon")
    cont = page.locator("button.continue")
    cont.wait_for()
    assert "Continue your game" in cont.inner_text()
    cont.click()
    page.wait_for_selector(".table", timeout=90_000)
    assert page.locator(".table h1").inner_text() == "To the Moon"
    stored = page.evaluate(
        "(p) => Object.keys(localStorage).filter((k) => k.startsWith(p)).sort()", SAVE_PREFIX
    )
    assert stored == [SAVE_PREFIX + i for i in ("gbroken-8", "gdeep-8", "ggood-8", "gmix-8")]

    page.goto(site_url)
    page.wait_for_selector(READY, timeout=90_000)
    damaged = page.locator(".save.damaged")
    assert damaged.count() == 3, "damaged records are listed as damaged, never hidden"
    assert "not those of its game" in page.locator(".save.damaged[data-id='gmix-8']").inner_text()
    assert page.locator(".save:not(.damaged)").count() == 1


def test_a_nested_json_link_gets_a_clear_message(page: Page, site_url: str) -> None:
    page.goto(site_url)
    mine = record("gmine-9", seed=91, moves=1)
    put(page, [mine])
    deep = "[" * 3000 + "]" * 3000
    page.goto(f"{site_url}?game=to-the-moon&players=2&seats=human,bot&opt.dealer={deep}")
    page.wait_for_selector(READY, timeout=90_000)
    text = page.locator("#notices").inner_text()
    assert "nested more than" in text and "dealer" in text
    for query, reason in [
        ("game=to-the-moon&opt.dealer=1e400", "too large"),
        ("game=toString", "no game called"),
    ]:
        page.goto(f"{site_url}?{query}")
        page.locator("#notices").get_by_text(reason).wait_for()
        assert "undefined" not in page.locator("#notices").inner_text()
    page.wait_for_selector(READY, timeout=90_000)
    assert page.locator("html").get_attribute("data-engine") == "ready"
    assert saved_games(page) == {"gmine-9": mine}
