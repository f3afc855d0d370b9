"""No hidden card in a save (docs/FEATURES.md, "Saves"): a save holds the setup, the seed, the
players' decisions and one digest of every chance outcome, never the outcomes themselves. Saves of
format 1 (which wrote every deal) still load, migrated."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from typing import Any

import pytest
from fuzz_support import GAME_SETUPS
from support import signed_save

import engine
from engine import saves
from engine.game import Game
from engine.messages import english
from engine.rng import Rng

SAVE_KEYS = {"format", "version", "game", "players", "seed", "options", "log", "chance", "check"}
V1_SAVES = json.loads((Path(__file__).parent / "data" / "saves_v1.json").read_text("utf-8"))


def _card_lists(value: Any) -> list[list[Any]]:
    """Every list of two or more cards (ranks or codes) inside a chance outcome."""
    found: list[list[Any]] = []
    if isinstance(value, dict):
        for item in value.values():
            found += _card_lists(item)
    elif isinstance(value, list):
        if len(value) >= 2 and all(isinstance(x, int | str) for x in value):
            found.append(value)
        for item in value:
            found += _card_lists(item)
    return found


def _spellings(cards: list[Any]) -> set[str]:
    """The ways a text could write ``cards``: as written, sorted, any JSON spacing."""
    out = set()
    for order in (cards, sorted(cards, key=str)):
        for sep in (",", ", "):
            out.add(json.dumps(order, separators=(sep, ":")))
    return out


def hidden_cards_in(text: str, game: Game) -> list[list[Any]]:
    """The hidden card lists of ``game``'s chance outcomes that ``text`` spells out, and the
    save's structure check: only the setup, decisions and one digest (64 hex digits)."""
    leaks = [
        cards
        for entry in game.log
        if "chance" in entry
        for cards in _card_lists(entry["data"])
        if any(spelling in text for spelling in _spellings(cards))
    ]
    return leaks


def _decode_code(code: str) -> dict[str, Any]:
    """An export code (web/js/saves/savecode.js: ``p1z.`` + base64url(deflate-raw(JSON)))."""
    assert code.startswith("p1z.")
    data = base64.urlsafe_b64decode(code[4:] + "=" * (-len(code[4:]) % 4))
    decoded: dict[str, Any] = json.loads(zlib.decompress(data, wbits=-15))
    return decoded


def _encode_code(engine_text: str, game: Game) -> str:
    payload = {"format": "parlour-save-code", "version": 1, "engine": engine_text,
               "setup": {"game": game.GAME_ID, "players": game.players}}  # fmt: skip
    packer = zlib.compressobj(wbits=-15)
    raw = packer.compress(json.dumps(payload).encode()) + packer.flush()
    return "p1z." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _check_structure(text: str) -> None:
    body = json.loads(text)
    assert set(body) == SAVE_KEYS
    assert isinstance(body["chance"], str) and len(body["chance"]) == 64
    assert all(set(entry) == {"seat", "action"} for entry in body["log"])
    assert body["options"].get("deal") is None


@pytest.mark.parametrize(("game_id", "options"), GAME_SETUPS)
def test_no_card_a_seat_could_not_see_is_in_a_save_or_code(
    game_id: str, options: dict[str, Any]
) -> None:
    rng = Rng(len(game_id), 5)
    checked = 0
    for number in range(3):
        game = engine.new_game(game_id, seed=100 + number, options=options)
        while not game.is_over:
            if rng.below(6) == 0:
                text = game.to_json()
                _check_structure(text)
                assert hidden_cards_in(text, game) == []
                code = _decode_code(_encode_code(text, game))
                assert hidden_cards_in(json.dumps(code), game) == []
                checked += 1
            game.apply(rng.choice(game.legal_actions()))
        assert hidden_cards_in(game.to_json(), game) == []
    assert checked > 20


def test_the_check_finds_the_cards_of_an_old_format_save() -> None:
    """The leak check can fail: a format-1 save spelled every deal out."""
    for fixture in V1_SAVES.values():
        game = engine.load_game(fixture["save"])
        assert hidden_cards_in(fixture["save"], game)
        assert hidden_cards_in(game.to_json(), game) == []


def test_one_digest_covers_every_outcome_together() -> None:
    """Changing any single outcome changes the one digest, and there is no digest per
    outcome to guess at: the few possible values of one draw cannot be tried one by one."""
    game = engine.new_game(
        "quodlibet", seed=9, options={"dealer": 0, "contracts": ["plus", "minus"]}
    )
    rng = Rng(1)
    while game.round < 2:
        game.apply(rng.choice(game.legal_actions()))
    digest = json.loads(game.to_json())["chance"]
    assert digest == saves.chance_digest(game.seed, game.log)
    for index, entry in enumerate(game.log):
        if "chance" in entry:
            forged = json.loads(json.dumps(game.log))
            forged[index]["data"] = {"forged": index}
            assert saves.chance_digest(game.seed, forged) != digest
    assert saves.chance_digest(game.seed + 1, game.log) != digest


def test_an_explicit_deal_stays_in_the_save() -> None:
    """Whoever made a link with a ``deal`` chose those cards: the save keeps the option."""
    deal = {"hands": [[1, 2, 3, 4, 5, 6, 7, 8], [2, 3, 4, 5, 6, 7, 8, 9]], "deck": sorted(
        [r for r in range(1, 11) for _ in range(r)]
    )}  # fmt: skip
    for card in deal["hands"][0] + deal["hands"][1]:
        deal["deck"].remove(card)
    game = engine.new_game("to-the-moon", players=2, seed=1, options={"deal": deal, "dealer": 0})
    assert json.loads(game.to_json())["options"]["deal"] == deal


@pytest.mark.parametrize("name", sorted(V1_SAVES))
def test_format_1_saves_still_load(name: str) -> None:
    fixture = V1_SAVES[name]
    assert json.loads(fixture["save"])["version"] == 1
    game = engine.load_game(fixture["save"])
    assert _pinned_fields(game.view(0)) == fixture["view0"]
    text = game.to_json()
    assert json.loads(text)["version"] == saves.SAVE_VERSION == 2
    again = engine.load_game(text)
    assert again.to_json() == text and _pinned_fields(again.view(0)) == fixture["view0"]


def _pinned_fields(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` without the fields added since the fixture was pinned: the score-sheet lines'
    ``message`` (docs/ENGINE.md, "Messages"), whose English must be the pinned ``reason``."""
    view = json.loads(json.dumps(view))
    for entry in view["score_sheet"]:
        for line in (entry["detail"] or {}).get("entries", []):
            why = line.pop("message")
            assert english(why["code"], why["params"]) == line["reason"]
    return view


def test_a_format_1_save_with_a_forged_deal_is_refused() -> None:
    body = json.loads(V1_SAVES["to-the-moon"]["save"])
    deal = next(entry for entry in body["log"] if entry.get("chance") == "deal")
    deal["data"]["deck"].reverse()
    with pytest.raises(engine.SaveError, match="deals"):
        engine.load_game(signed_save(body))
