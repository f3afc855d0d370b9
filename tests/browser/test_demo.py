"""Deep links: an all-computer game plays itself to the end, for every registered game, and
it is the very game CPython's engine plays from the same seed (Pyodide = CPython)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from browser_support import computer_name, only_save
from playwright.sync_api import Page

import engine

pytestmark = pytest.mark.browser

SEED = 42


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_an_all_computer_demo_plays_to_the_end(
    open_game: Callable[..., Page], game_id: str
) -> None:
    players = engine.GAMES[game_id]["default_players"]
    seats = ",".join(["bot"] * players)
    page = open_game(
        f"?game={game_id}&players={players}&seats={seats}&seed={SEED}&level=normal&speed=instant"
    )
    page.wait_for_selector("html[data-game-state=over]", timeout=120_000)

    twin = engine.new_game(game_id, players, seed=SEED)
    while not twin.is_over:
        twin.apply(twin.bot_action("normal", SEED))
    assert only_save(page)["engine"] == twin.to_json()

    shown = page.locator(".final-totals li").all_inner_texts()
    by_name = {" ".join(t.split()[:-1]): int(t.split()[-1].replace("\u2212", "-")) for t in shown}
    expected = {computer_name(seat): total for seat, total in enumerate(twin.totals)}
    assert by_name == expected
    winners = page.locator(".final-totals li.winner .name").all_inner_texts()
    assert sorted(winners) == sorted(computer_name(seat) for seat in twin.winners)
    assert page.locator(".final .headline").inner_text()
    assert page.locator(".final button.play-again").is_visible()
