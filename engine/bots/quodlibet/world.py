"""What every part of the Quodlibet players shares: the table size, the view's type and what
a seat's view says for certain. The sampled worlds themselves are built by the game
(``engine.games.quodlibet.worlds``)."""

from __future__ import annotations

from typing import cast

from ...views import QuodlibetView

View = QuodlibetView
PLAYERS = 4


def own_hand(view: View) -> list[str]:
    """The viewer's cards as its view shows them (the view's own list: never edit it), for
    a seat that sees its hand: the dealer choosing, any deal but Open Trousers (QL-17)."""
    hand = view["hand"]
    if hand is None or None in hand:
        raise ValueError("the viewer does not see its own hand here")
    return cast(list[str], hand)


def playing_contract(view: View) -> str:
    """The contract being played (a deal under way, not the dealer's choice)."""
    contract = view["contract"]
    if contract is None:
        raise ValueError("no contract is being played yet")
    return contract
