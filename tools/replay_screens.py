"""Screenshots of a round's replay and of a challenge's result (issue 14), at 360 and
1280 px, into docs/screens/ (``--out`` elsewhere):

    python3 tools/replay_screens.py

Both start from a game played in CPython and put in the page's storage as a save (a round
of To the Moon to replay; a finished deal of Quodlibet's Minus whose challenge link is then
made on its final screen and whose result is shown for the same deal), so the shots are the
same every time. Built and served as tools/screens.py does."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from tools.screens import HEIGHTS, OUT, WIDTHS, failed, report, served_page

STAMP = "2026-01-02T10:00:00.000Z"


def record(game: engine.Game, save_id: str, setup: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "parlour-web-save",
        "version": 1,
        "id": save_id,
        "setup": setup,
        "engine": game.to_json(),
        "round": game.round,
        "over": game.is_over,
        "toAct": None,
        "created": STAMP,
        "updated": STAMP,
    }


def to_the_moon() -> dict[str, Any]:
    game = engine.new_game("to-the-moon", 2, 4242, {})
    while game.round < 2:
        game.apply(
            game.bot_action("easy", 4242) if game.to_act == 1 else game.bot_action("normal", 7)
        )
    setup = {
        "game": "to-the-moon",
        "players": 2,
        "seats": ["human", "bot"],
        "levels": [None, "easy"],
        "names": ["Ada", ""],
        "level": "easy",
        "seed": 4242,
        "speed": "instant",
        "options": {},
    }
    return record(game, "shot-replay", setup)


def quodlibet(save_id: str, **extra: Any) -> dict[str, Any]:
    options = {"contracts": ["minus"]}
    levels = [None, "normal", "normal", "easy"]
    game = engine.new_game("quodlibet", 4, 5, options)
    while not game.is_over:
        seat = game.to_act
        game.apply(game.bot_action("easy", 99) if seat == 0 else game.bot_action(levels[seat], 5))
    setup = {
        "game": "quodlibet",
        "players": 4,
        "seats": ["human", "bot", "bot", "bot"],
        "levels": levels,
        "names": ["Ann", "", "", ""],
        "level": "normal",
        "seed": 5,
        "speed": "instant",
        "options": options,
        **extra,
    }
    return record(game, save_id, setup)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNGs")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with served_page() as (page, url, errors):

        def resume(rec: dict[str, Any], ready: str) -> None:
            page.goto(f"{url}?lang=en")
            page.evaluate(
                "([k, v]) => localStorage.setItem(k, v)",
                [f"parlour:v1:save:{rec['id']}", json.dumps(rec)],
            )
            page.goto(f"{url}?resume={rec['id']}&lang=en")
            page.wait_for_selector(ready, timeout=120_000)

        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
            resume(to_the_moon(), ".table[data-screen=table]")
            page.click("#score-sheet-toggle")
            page.click(".score-sheet .replay-button")
            page.wait_for_selector("dialog.replay-dialog[open]")
            for _ in range(6):
                page.keyboard.press("ArrowRight")
            page.mouse.move(0, 0)
            path = args.out / f"replay-{width}.png"
            page.screenshot(path=str(path))
            report("replay_screens", path)

            resume(quodlibet("shot-challenger"), ".final")
            page.click("[data-control=challenge]")
            page.wait_for_selector(".challenge[data-link]")
            link = page.locator(".challenge").get_attribute("data-link") or ""
            code = link.split("challenge=", 1)[1].split("&", 1)[0]
            resume(
                quodlibet("shot-friend", challenge={"code": code}, names=["", "", "", ""]),
                ".challenge-result[data-verdict=verified]",
            )
            page.locator(".challenge-result").scroll_into_view_if_needed()
            path = args.out / f"challenge-result-{width}.png"
            page.screenshot(path=str(path))
            report("replay_screens", path)
    return failed("replay_screens", errors)


if __name__ == "__main__":
    sys.exit(main())
