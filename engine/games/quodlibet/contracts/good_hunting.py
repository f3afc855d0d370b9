"""Good Hunting (QL-18, wheel 3): all hands lie face up for everyone, with the normal follow
rule; scored as Minus: +10 per trick taken, all 8 tricks score 100 in total."""

from __future__ import annotations

from .minus import Minus


class GoodHunting(Minus):
    name = "good-hunting"
    title = "Good Hunting"
    wheel = 3
    visibility = "open"
