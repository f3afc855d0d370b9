"""The twelve Quodlibet contracts: the eleven trick contracts, one module each (QL-9..QL-19),
and Snack (QL-20..QL-23), which is played its own way in ``../snack.py``.

``WHEELS`` lists each wheel's four contracts (QL-2) in the order of RULES.md;
``contract_for`` builds the trick contract of a name with the game's variant options.
"""

from __future__ import annotations

from .bad_neighbour import BadNeighbour
from .base import TRICKS, Contract, Entry, Visibility, totals, tricks_won
from .bribe import Bribe
from .first_three_and_last import FirstThreeAndLast
from .good_hunting import GoodHunting
from .minus import Minus
from .no_hearts import NoHearts
from .open_trousers import OpenTrousers
from .plus import Plus
from .quadrature import Quadrature
from .queens_and_jacks import QueensAndJacks
from .red_ruffians import RedRuffians

SNACK = "snack"

TRICK_CONTRACTS: dict[str, type[Contract]] = {
    cls.name: cls
    for cls in (
        Plus,
        Minus,
        BadNeighbour,
        RedRuffians,
        FirstThreeAndLast,
        NoHearts,
        QueensAndJacks,
        Bribe,
        OpenTrousers,
        GoodHunting,
        Quadrature,
    )
}

WHEELS: tuple[tuple[str, ...], ...] = (
    ("plus", "minus", "bad-neighbour", "red-ruffians"),
    ("first-three-and-last", "no-hearts", "queens-and-jacks", "bribe"),
    ("open-trousers", "good-hunting", "quadrature", SNACK),
)

CONTRACT_NAMES: tuple[str, ...] = tuple(name for wheel in WHEELS for name in wheel)
"""All twelve names, wheel by wheel."""

TITLES: dict[str, str] = {
    **{name: cls.title for name, cls in TRICK_CONTRACTS.items()},
    SNACK: "Snack",
}


def wheel_of(name: str) -> int:
    """The wheel (1..3) a contract belongs to."""
    for number, wheel in enumerate(WHEELS, start=1):
        if name in wheel:
            return number
    raise KeyError(name)


_BUILT: dict[tuple[str, bool], Contract] = {}


def contract_for(name: str, *, plus_austrian: bool = False) -> Contract:
    """The trick contract called ``name``, with the variant options that shape it (a
    contract holds no state of a deal: one instance per name and variant serves all)."""
    key = (name, plus_austrian and name == Plus.name)
    built = _BUILT.get(key)
    if built is None:
        built = _BUILT[key] = (
            Plus(austrian=plus_austrian) if name == Plus.name else TRICK_CONTRACTS[name]()
        )
    return built


__all__ = [
    "CONTRACT_NAMES",
    "SNACK",
    "TITLES",
    "TRICKS",
    "TRICK_CONTRACTS",
    "WHEELS",
    "Contract",
    "Entry",
    "Visibility",
    "contract_for",
    "totals",
    "tricks_won",
    "wheel_of",
]
