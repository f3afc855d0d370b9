"""The engine's refusals on the page, in the reader's language (docs/ENGINE.md, "Messages"):
the worker sends a message code with parameters, web/js/words/engine-words.js words it through
the "engine" catalog, so a refused move reads in Korean with lang=ko and in English with
lang=en (where it is the engine's own English, word for word)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from browser_support import engine_game, force_generic_renderer, only_save, wait_for_human_turn
from korean_text import english_words
from playwright.sync_api import Page

import engine
from engine.messages import MESSAGES, Message

pytestmark = pytest.mark.browser

CATALOGS = Path(__file__).resolve().parents[2] / "web" / "i18n"


def catalog(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((CATALOGS / lang / "engine.json").read_text("utf-8"))
    return data


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_refused_move_is_worded_in_the_chosen_language(
    page: Page, open_game: Callable[..., Page], lang: str
) -> None:
    force_generic_renderer(page)
    open_game(f"?game=to-the-moon&players=2&seats=human,bot&seed=3&speed=instant&lang={lang}")
    wait_for_human_turn(page)
    game = engine_game(page)
    view = game.view(0)
    rank = next(r for r in range(1, 11) if r not in view["hand"] and r not in view["trick"])
    with pytest.raises(engine.IllegalActionError) as refused:
        game.check(f"build {rank}")
    assert refused.value.message_code == "tm-not-in-hand"
    before = only_save(page)["engine"]

    page.fill("#generic-action", f"build {rank}")
    page.locator(".notation button").click()
    message = page.locator(".table .message")
    message.wait_for(state="visible")
    expected = catalog(lang)["tm-not-in-hand"].replace("{rank}", str(rank))
    assert message.inner_text() == expected
    assert page.inner_text("#announce-assertive") == expected  # said to a screen reader too
    if lang == "ko":
        assert english_words(page, ".table .message") == []
    else:
        assert expected == str(refused.value)  # the page's English is the engine's
    assert only_save(page)["engine"] == before  # nothing happened


def every_message() -> list[tuple[dict[str, object], bool]]:
    """One message of every code the engine produces (tests/test_engine_messages.py's paths),
    with whether a player meets it by pressing things (not by typing notation or links)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import test_engine_messages as paths

    out: dict[str, tuple[dict[str, object], bool]] = {}
    for code, call in paths.CALLS:
        try:
            call()
        except engine.IllegalActionError as error:
            out.setdefault(code, (error.words.to_json(), False))
    for _, _, error in paths.refusals_in_play(seed=5):
        pressed = error.code == "illegal" and not {"action", "text"} & set(error.params)
        out.setdefault(error.message_code, (error.words.to_json(), pressed))
    for message in paths.score_messages():
        out.setdefault(message.code, (message.to_json(), True))
    for message in paths.defensive_messages():
        out.setdefault(message.code, (message.to_json(), False))
    for save_error in paths.save_refusals():
        out.setdefault(save_error.message_code, (save_error.words.to_json(), False))
    # Produced elsewhere (the bridge: test_worker_api.py) or not today (engine/saves.py).
    reason = {"code": "json-too-deep", "params": {"depth": 32}}
    others = {
        "json-not-text": {"type": "int"},
        "json-too-deep": reason["params"],
        "json-too-long": {"length": 2_000_000, "max": 1_000_000},
        "json-invalid": {"detail": "Expecting value: line 1 column 1 (char 0)"},
        "request-unreadable": {"reason": reason},
        "request-not-text": {"field": "id"},
        "request-not-positive": {"field": "time_ms"},
        "request-no-game": {"id": "g1"},
        "save-too-old": {"version": 0},
    }
    for code in MESSAGES:
        out.setdefault(code, (Message(code, others.get(code, {})).to_json(), False))
    assert set(out) == set(MESSAGES)
    return list(out.values())


WORD_ALL = """async (messages) => {
  const { engineText } = await import("./js/words/engine-words.js");
  return messages.map((m) => engineText(m, { seatName: (s) => `<${s}>` }));
}"""


def test_every_engine_message_has_words_in_both_languages(
    open_game: Callable[..., Page],
) -> None:
    messages = every_message()
    for lang in ("en", "ko"):
        page = open_game(f"?lang={lang}")
        texts = page.evaluate(WORD_ALL, [message for message, _ in messages])
        for (message, pressed), text in zip(messages, texts, strict=True):
            assert text and not text.startswith("engine.") and "{" not in text, message
            if lang == "ko" and pressed:
                latin = [word for word in text.replace("<", " ").split() if word.isascii()]
                assert not [w for w in latin if sum(c.isalpha() for c in w) > 1], (message, text)
