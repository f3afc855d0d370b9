"""The checker the Korean tests use (korean_text.py) finds what it should and nothing else."""

from __future__ import annotations

import pytest
from korean_text import english_words, latin_words, overflowing
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html lang="ko"><body style="margin:0">
<p>카드를 내세요 Q♠ 10♥ Parlour</p>
<button aria-label="Play the card">카드</button>
<p style="position:absolute;width:1px;height:1px;overflow:hidden">Your turn</p>
<p hidden>Hidden words</p>
<div style="display:none">Gone</div>
<svg><title>Seven of hearts</title></svg>
<input type="text" placeholder="이름">
</body></html>"""


def test_latin_words_skip_card_letters_and_the_brand() -> None:
    assert latin_words("Q♠ K A 10 Parlour 트릭") == []
    assert latin_words("You play 9S") == ["You", "play"]


def test_english_words_find_labels_hidden_speech_and_svg_titles(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.set_content(PAGE)
    words = {entry.split()[0] for entry in english_words(page)}
    assert words == {"Play", "the", "card", "Your", "turn", "Seven", "of", "hearts"}


def test_overflowing_sees_a_wide_element(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.set_content('<body style="margin:0"><div style="width:300px">좁음</div></body>')
    assert overflowing(page) == []
    page.set_content('<body style="margin:0"><div style="width:420px">넓음</div></body>')
    assert overflowing(page) != []
