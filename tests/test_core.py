"""The shared core: registry, option and player validation, saves (tamper, truncation,
versions and migrations), bot levels. Game rules are tested in the per-game files."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support import signed_save

import engine
from engine import saves
from engine.errors import IllegalActionError, SaveError

GAME_IDS = sorted(engine.GAMES)


def first_game() -> engine.Game:
    game_id = GAME_IDS[0]
    info = engine.GAMES[game_id]
    return engine.new_game(game_id, players=info["min_players"], seed=7)


def test_registry_lists_the_three_games() -> None:
    assert set(engine.GAMES) == {"nine-virtues", "to-the-moon", "quodlibet"}
    for info in engine.GAMES.values():
        assert info["min_players"] <= info["default_players"] <= info["max_players"]
        assert "dealer" in info["options"] and "deal" in info["options"]
        json.dumps(info)


def test_unknown_game_names_the_games() -> None:
    with pytest.raises(IllegalActionError) as err:
        engine.new_game("chess")
    assert err.value.code == "unknown-game"
    assert "to-the-moon" in str(err.value)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_player_counts(game_id: str) -> None:
    info = engine.GAMES[game_id]
    for players in (info["min_players"] - 1, info["max_players"] + 1, "3", True):
        with pytest.raises(IllegalActionError) as err:
            engine.new_game(game_id, players=players, seed=1)
        assert err.value.code == "bad-players"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_unknown_option_lists_valid_ones(game_id: str) -> None:
    with pytest.raises(IllegalActionError) as err:
        engine.new_game(game_id, seed=1, options={"colour": "blue"})
    assert err.value.code == "bad-option"
    for name in engine.GAMES[game_id]["options"]:
        assert name in str(err.value)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_dealer_option(game_id: str) -> None:
    for dealer in (-1, 99, "0", True):
        with pytest.raises(IllegalActionError) as err:
            engine.new_game(game_id, seed=1, options={"dealer": dealer})
        assert err.value.code == "bad-option"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_dealer_option_is_used(game_id: str) -> None:
    players = engine.GAMES[game_id]["default_players"]
    for dealer in range(players):
        g = engine.new_game(game_id, seed=3, options={"dealer": dealer})
        assert g.view(None)["dealer"] == dealer


def test_same_seed_same_game_and_fresh_seed_recorded() -> None:
    for game_id in GAME_IDS:
        a = engine.new_game(game_id, seed=11)
        b = engine.new_game(game_id, seed=11)
        assert a.to_json() == b.to_json()
        c = engine.new_game(game_id)  # a fresh seed, recorded in the save
        assert engine.load_game(c.to_json()).to_json() == c.to_json()


def test_bad_seat_and_bad_level() -> None:
    g = first_game()
    for seat in (-1, g.players, "0", 1.5):
        with pytest.raises(IllegalActionError) as err:
            g.view(seat)  # type: ignore[arg-type]
        assert err.value.code == "bad-seat"
    with pytest.raises(IllegalActionError) as err:
        g.bot_action(level="genius")
    assert err.value.code == "bad-level"
    assert "normal" in str(err.value)


def test_error_codes_are_documented_values() -> None:
    assert set(engine.ERROR_CODES) == {
        "malformed", "illegal", "game-over", "bad-deal", "bad-option", "bad-players",
        "unknown-game", "bad-seat", "bad-level",
    }  # fmt: skip
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(SaveError, ValueError)


def test_malformed_empty_and_non_text_actions_change_nothing() -> None:
    g = first_game()
    before = g.to_json()
    for bad in ("", "   ", "xyzzy 3", None, 7):
        with pytest.raises(IllegalActionError) as err:
            g.apply(bad)  # type: ignore[arg-type]
        assert err.value.code == "malformed"
    assert g.to_json() == before


def _played(game_id: str, steps: int) -> engine.Game:
    g = engine.new_game(game_id, seed=5)
    for i in range(steps):
        if g.is_over:
            break
        g.apply(g.bot_action("easy", seed=i))
    return g


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_save_is_deterministic_text_and_round_trips(game_id: str) -> None:
    g = _played(game_id, 25)
    text = g.to_json()
    assert text == _played(game_id, 25).to_json()
    loaded = engine.load_game(text)
    assert loaded.to_json() == text
    assert loaded.view(None) == g.view(None)
    for seat in range(g.players):
        assert loaded.view(seat) == g.view(seat)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tampered_and_truncated_saves_raise_save_error(game_id: str) -> None:
    text = _played(game_id, 12).to_json()
    bad_texts = [
        "",
        "null",
        "[]",
        "{}",
        text[: len(text) // 2],
        text[:-1],
        text.replace('"seed":5', '"seed":6'),
        json.dumps({**json.loads(text), "format": "other"}),
    ]
    for bad in bad_texts:
        with pytest.raises(SaveError):
            engine.load_game(bad)
    with pytest.raises(SaveError):
        engine.load_game(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_resigned_tampering_is_caught_by_replay(game_id: str) -> None:
    body = json.loads(_played(game_id, 12).to_json())
    actions = [i for i, e in enumerate(body["log"]) if "action" in e]

    illegal = json.loads(json.dumps(body))
    illegal["log"][actions[0]]["action"] = "not an action"
    wrong_seat = json.loads(json.dumps(body))
    wrong_seat["log"][actions[0]]["seat"] = (body["log"][actions[0]]["seat"] + 1) % body["players"]
    other_deal = {**body, "chance": "0" * 64}
    other_seed = {**body, "seed": body["seed"] + 1}
    not_a_list = {**body, "log": "nope"}
    for forged in (illegal, wrong_seat, other_deal, other_seed, not_a_list):
        with pytest.raises(SaveError):
            engine.load_game(signed_save(forged))


def test_newer_and_unknown_versions_are_refused() -> None:
    body = json.loads(_played(GAME_IDS[0], 3).to_json())
    for version in (saves.SAVE_VERSION + 1, 0, "1", None):
        with pytest.raises(SaveError):
            engine.load_game(signed_save({**body, "version": version}))


def test_older_saves_are_migrated(monkeypatch: pytest.MonkeyPatch) -> None:
    """A save of format N-1 goes through MIGRATIONS[N-1] before it is read."""
    current = json.loads(_played("to-the-moon", 10).to_json())
    old = {k: v for k, v in current.items() if k != "check"}
    old["version"] = saves.SAVE_VERSION
    old["moves"] = old.pop("log")  # pretend the old format called the log "moves"

    def rename(body: dict[str, Any]) -> dict[str, Any]:
        body = dict(body)
        body["log"] = body.pop("moves")
        return body

    monkeypatch.setattr(saves, "SAVE_VERSION", saves.SAVE_VERSION + 1)
    monkeypatch.setitem(saves.MIGRATIONS, old["version"], rename)
    loaded = engine.load_game(signed_save(old))
    assert json.loads(loaded.to_json())["log"] == current["log"]

    monkeypatch.delitem(saves.MIGRATIONS, old["version"])
    with pytest.raises(SaveError, match="no longer"):
        engine.load_game(signed_save(old))


def test_winners_of_the_best_total_ties_shared() -> None:
    # NV-14, TM-2: the highest total wins; QL-8: the lowest; ties share the win.
    from engine.games.nine_virtues.game import NineVirtues as nine
    from engine.games.quodlibet.game import Quodlibet as quod

    assert nine.winners_of([3, 7, 7, 1]) == [1, 2]
    assert quod.winners_of([3, 7, 7, 1]) == [3]
    assert quod.winners_of([-20, -20, 5, 5]) == [0, 1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_over_refuses_actions_and_bots(game_id: str) -> None:
    g = _played(game_id, 100_000)
    assert g.is_over and g.to_act is None and g.legal_actions() == []
    assert g.winners
    assert g.winners == type(g).winners_of(g.totals)  # the best total, ties share
    with pytest.raises(IllegalActionError) as err:
        g.apply("pass")
    assert err.value.code == "game-over"
    with pytest.raises(IllegalActionError) as err:
        g.bot_action()
    assert err.value.code == "game-over"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_computer_player_edits_what_it_is_shown(game_id: str) -> None:
    """``bot_action`` hands a bot a view whose log and score-sheet entries are the game's
    own (not copied): no level may change them, nor anything else of the game."""
    from engine.bots import all_levels

    game = engine.new_game(game_id, seed=12)
    move = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if move % 17 == 0 or (game.score_sheet and move % 5 == 0):
            before, save = game.view(seat), game.to_json()
            for level in all_levels(game_id):
                if level != "flat" or move % 51 == 0:
                    game.bot_action(level, seed=move, iterations=8)
            assert game.view(seat) == before
            assert game.to_json() == save
        game.apply(game.bot_action("normal", seed=move))
        move += 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_view_is_the_callers_own_even_where_games_share_log_entries(game_id: str) -> None:
    """Log and score-sheet entries that never change are made once and shared by every game
    (``game.MOVE_ENTRIES``, To the Moon's ``BUILT``/``WITHDRAWN``, Quodlibet's
    ``PLAY_ENTRIES`` and ``line_json``), so a view must hand out copies: editing everything
    in one view changes no later view of that game or of another game playing the same
    actions."""
    from engine.rng import Rng

    games = [engine.new_game(game_id, seed=7), engine.new_game(game_id, seed=7)]
    for game in games:
        rng = Rng(7, 1)
        while not game.score_sheet or len(game.public_log) < 6:
            game.apply(rng.choice(game.legal_actions()))
    before = json.dumps(games[1].view(0), sort_keys=True)
    view = games[0].view(0)
    assert view["log"] and view["score_sheet"][0]["detail"]

    def scribble(value: Any) -> None:
        if isinstance(value, dict):
            for key in list(value):
                scribble(value[key])
                value[key] = "scribbled"
        elif isinstance(value, list):
            for item in value:
                scribble(item)

    scribble(view["log"])
    scribble(view["score_sheet"])
    assert json.dumps(games[0].view(0), sort_keys=True) == before
    assert json.dumps(games[1].view(0), sort_keys=True) == before
    assert all(isinstance(entry.get("seat", 0), int | None) for entry in games[0].log)
