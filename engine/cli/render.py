"""Views as text: what one seat sees, the round's public log, score breakdowns, the final
results and (Quodlibet) the sheet of all deals.

Rendering reads only view dicts (``Game.view``) and the registry's game info, never a game's
internals, so it cannot show what the viewer may not know. Fields a game adds beyond API.md
are shown generically, as are the score-sheet ``detail`` objects, which each game shapes its
own way. Cards are ranks (ints) in the Pairs games and codes in Quodlibet, printed with their
suit symbol and the code to type (``Q♦ QD``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import engine
from engine import FRENCH_CARDS, FRENCH_RANKS, SUITS

from .arguments import Seat

View = Mapping[str, Any]
"""Any game's view (``engine.View``), read field by field: the renderer shows them all."""

COMMON_FIELDS = frozenset(
    {
        "game",
        "seat",
        "players",
        "round",
        "phase",
        "to_act",
        "legal",
        "totals",
        "over",
        "winners",
        "options",
        "log",
        "score_sheet",
    }
)
"""The fields every view has (API.md, ``Game.view``); the rest are the game's zones."""

ZONE_FIELDS: dict[str, tuple[str, ...]] = {
    "nine-virtues": ("dealer", "hand", "centre", "bids", "killed", "hand_sizes", "known"),
    "to-the-moon": ("dealer", "hand", "trick", "deck_size", "in", "piles", "shown", "hand_sizes"),
    "quodlibet": (
        "dealer",
        "contract",
        "remaining_contracts",
        "hand",
        "hands",
        "trick",
        "tricks_won",
        "hand_sizes",
        "rows",
        "piles",
    ),
}
"""Zones this module lays out itself; any other zone is listed generically."""

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
WIDTH = 78


def round_word(game_id: str) -> str:
    """Quodlibet counts deals (QL-2); the Pairs games count rounds."""
    return "deal" if game_id == "quodlibet" else "round"


def signed(points: int | float) -> str:
    return f"+{points}" if points > 0 else str(points)


def wrap(items: list[str], indent: str, width: int = WIDTH) -> list[str]:
    """Items joined by double spaces, broken into lines of at most ``width``."""
    lines: list[str] = []
    line = indent
    for item in items:
        if line.strip() and len(line) + 2 + len(item) > width:
            lines.append(line.rstrip())
            line = indent
        line += item + "  "
    if line.strip():
        lines.append(line.rstrip())
    return lines


class Renderer:
    """Text for one game's views. ``seats`` says who plays each seat (for labels)."""

    def __init__(self, game_id: str, seats: list[Seat], unicode: bool = True) -> None:
        self.game_id = game_id
        self.info: dict[str, Any] = engine.GAMES.get(game_id, {})
        self.seats = seats
        self.unicode = unicode
        self.quodlibet = game_id == "quodlibet"

    # --- small pieces --------------------------------------------------------------------

    @property
    def name(self) -> str:
        return str(self.info.get("name", self.game_id))

    def dash(self) -> str:
        return "—" if self.unicode else "-"

    def rule(self, title: str) -> str:
        bar = "─" if self.unicode else "-"
        head = f"{bar * 3} {title} "
        return head + bar * max(3, WIDTH - len(head))

    def seat(self, seat: Any, viewer: int | None = None) -> str:
        """``seat 2 (easy bot)``; the viewer is ``seat 0 (you)``; no seat is ``table``."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            return "table"
        if seat == viewer:
            return f"seat {seat} (you)"
        if 0 <= seat < len(self.seats):
            return f"seat {seat} ({self.seats[seat].label()})"
        return f"seat {seat}"

    def card(self, card: Any) -> str:
        """A card as a player reads it: ``7`` (Pairs), ``Q♦ QD`` / ``10♥ TH`` (Quodlibet),
        ``?`` for one the viewer cannot see."""
        if card is None:
            return "?"
        if self.quodlibet and isinstance(card, str) and card in FRENCH_CARDS:
            rank = "10" if card[0] == "T" else card[0]
            if not self.unicode:
                return card
            return f"{rank}{SUIT_SYMBOLS[card[1]]} {card}"
        return str(card)

    def cards(self, cards: Any) -> str:
        if not isinstance(cards, list):
            return self.value(cards)
        if not cards:
            return self.dash()
        sep = "  " if self.quodlibet else " "
        return sep.join(self.card(c) for c in cards)

    def short_card(self, card: str) -> str:
        """``Q♦`` (the symbol form alone, for compact lists); ``QD`` in plain ASCII."""
        return self.card(card).split(" ")[0]

    def value(self, value: Any) -> str:
        """Any JSON value on one line; Quodlibet card codes as ``Q♦``, keys without
        underscores, an object's fields as ``key: value`` pairs in braces."""
        if value is None:
            return self.dash()
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, str):
            return self.short_card(value) if self.quodlibet and value in FRENCH_CARDS else value
        if isinstance(value, list):
            return "[" + ", ".join(self.value(v) for v in value) + "]"
        if isinstance(value, dict):
            return "{" + self._fields(value) + "}"
        return str(value)

    def _fields(self, value: dict[str, Any]) -> str:
        return ", ".join(f"{_label(k)}: {self.value(v)}" for k, v in value.items())

    def tree(self, value: Any, indent: str = "  ") -> list[str]:
        """A nested JSON value as indented lines: ``key: value`` for an object's fields and
        ``[i] value`` for the items of a list of lists or objects, each on one line when it
        fits, else opened up one level deeper."""
        if isinstance(value, dict):
            lines: list[str] = []
            for key, item in value.items():
                head = f"{indent}{_label(key)}:"
                inline = f"{head} {self.value(item)}"
                if _is_flat(item) or len(inline) <= WIDTH:
                    lines.append(inline)
                else:
                    lines.append(head)
                    lines.extend(self.tree(item, indent + "  "))
            return lines
        if isinstance(value, list) and not _is_flat(value):
            lines = []
            for index, item in enumerate(value):
                head = f"{indent}[{index}]"
                shown = self._fields(item) if isinstance(item, dict) else self.value(item)
                if _is_flat(item) or len(head) + 1 + len(shown) <= WIDTH:
                    lines.append(f"{head} {shown}")
                else:
                    lines.append(head)
                    lines.extend(self.tree(item, indent + "  "))
            return lines
        return [indent + self.value(value)]

    # --- the log -------------------------------------------------------------------------

    def log_entry(self, entry: dict[str, Any], viewer: int | None = None) -> str:
        """``seat 1 (bot, easy): play @2 (card: Q♠ QS)``."""
        who = self.seat(entry.get("seat"), viewer)
        action = entry.get("action", "")
        extra = [
            f"{_label(key)}: {self.value(item)}"
            for key, item in entry.items()
            if key not in ("seat", "action")
        ]
        text = f"{who}: {action}"
        return text + (f" ({'; '.join(extra)})" if extra else "")

    # --- a seat's view -------------------------------------------------------------------

    def header(self, view: View) -> str:
        word = round_word(self.game_id).capitalize()
        parts = [self.name, f"{word} {view['round']}"]
        if view.get("dealer") is not None:
            parts.append(f"dealer: seat {view['dealer']}")
        if view.get("phase") and view["phase"] != "over":
            parts.append(f"phase: {view['phase']}")
        dot = " · " if self.unicode else " | "
        return self.rule(dot.join(parts))

    def view(self, view: View, legal: bool = True) -> list[str]:
        """Everything ``view`` holds, laid out for its seat; with the legal actions listed
        when that seat is to act and ``legal`` is true."""
        viewer = view.get("seat")
        lines = [self.header(view)]
        if self.quodlibet:
            lines.extend(self._quodlibet_contract(view))
        lines.extend(self._seat_table(view))
        if self.game_id == "nine-virtues":
            lines.extend(self._nine_virtues(view))
        elif self.game_id == "to-the-moon":
            lines.extend(self._to_the_moon(view))
        elif self.quodlibet:
            lines.extend(self._quodlibet(view))
        lines.extend(self._other_zones(view))
        if view.get("log"):
            lines.append(f"This {round_word(self.game_id)} so far:")
            lines.extend("  " + self.log_entry(e, viewer) for e in view["log"])
        if legal and view.get("legal"):
            lines.extend(self.legal(view["legal"]))
        return lines

    def _seat_table(self, view: View) -> list[str]:
        """One row per seat: total and the per-seat zones of the game."""
        players = int(view.get("players") or len(view.get("totals", [])))
        columns: list[tuple[str, list[str]]] = [("total", [str(t) for t in view.get("totals", [])])]

        def add(title: str, field: str, show: Callable[[Any], str]) -> None:
            values = view.get(field)
            if isinstance(values, list) and len(values) == players:
                columns.append((title, [show(v) for v in values]))

        add("cards", "hand_sizes", str)
        if self.game_id == "nine-virtues":
            add("bids", "bids", self.cards)
            add("known in hand", "known", self.cards)
        elif self.game_id == "to-the-moon":
            add("in trick", "in", lambda v: "in" if v else "out")
            add("pile", "piles", str)
            add("took (shown)", "shown", lambda v: "" if v is None else self.card(v))
        elif self.quodlibet and view.get("contract") != "snack":  # Snack has no tricks
            add("tricks", "tricks_won", str)
        mark = "▸" if self.unicode else ">"
        names = [
            (mark if view.get("to_act") == s else " ") + " " + self.seat(s, view.get("seat"))
            for s in range(players)
        ]
        titles = ["  seat"] + [title for title, _ in columns]
        rows = [
            [names[s]] + [vals[s] if s < len(vals) else "" for _, vals in columns]
            for s in range(players)
        ]
        widths = [max(len(r[i]) for r in [titles, *rows]) for i in range(len(titles))]
        out = []
        for row in [titles, *rows]:
            cells = [row[0].ljust(widths[0])]
            cells += [
                cell.rjust(w) if i == 0 else cell.ljust(w)
                for i, (cell, w) in enumerate(zip(row[1:], widths[1:], strict=True))
            ]
            out.append(("  ".join(cells)).rstrip())
        return out

    def _nine_virtues(self, view: View) -> list[str]:
        lines = [f"Centre: {self.cards(view.get('centre', []))}"]
        if view.get("killed"):
            lines.append(f"Killed: {self.cards(view['killed'])}")
        if view.get("seat") is not None and "hand" in view:
            lines.append(f"Your hand: {self.cards(view['hand'])}")
        return lines

    def _to_the_moon(self, view: View) -> list[str]:
        lines = [
            f"Trick: {self.cards(view.get('trick', []))}",
            f"Deck: {view.get('deck_size', '?')} cards",
        ]
        if view.get("seat") is not None and "hand" in view:
            lines.append(f"Your hand: {self.cards(view['hand'])}")
        return lines

    def _quodlibet_contract(self, view: View) -> list[str]:
        contract = view.get("contract")
        lines = [f"Contract: {contract if contract else 'not chosen yet'}"]
        if view.get("remaining_contracts") is not None:
            rest = view["remaining_contracts"]
            lines.append(f"Still to play this wheel: {', '.join(rest) if rest else 'none'}")
        return lines

    def _quodlibet(self, view: View) -> list[str]:
        lines: list[str] = []
        viewer = view.get("seat")
        hand = view.get("hand")
        if viewer is not None and isinstance(hand, list):
            if hand and all(c is None for c in hand):
                lines.append(
                    f"Your hand: {len(hand)} cards you cannot see "
                    f"(positions @0 to @{len(hand) - 1})"
                )
            else:
                lines.extend(self._hand_by_suit("Your hand", hand))
        hands = view.get("hands")
        if isinstance(hands, list):
            for seat, cards in enumerate(hands):
                if isinstance(cards, list):
                    lines.extend(self._hand_by_suit(f"Hand of seat {seat}", cards))
        rows = view.get("rows")
        if isinstance(rows, dict):
            lines.append("Rows:")
            for suit in SUITS:
                ends = rows.get(suit)
                symbol = SUIT_SYMBOLS[suit] if self.unicode else suit
                if isinstance(ends, list) and len(ends) == 2:
                    low, high = ends
                    lines.append(f"  {symbol}  {self.short_card(low)} .. {self.short_card(high)}")
                else:
                    lines.append(f"  {symbol}  {self.dash()} (waiting for its jack)")
        piles = view.get("piles")
        if isinstance(piles, list):
            shown = [f"{i}: {n}" for i, n in enumerate(piles, start=1)]
            lines.append(f"Piles (cards): {'  '.join(shown)}")
        trick = view.get("trick")
        if isinstance(trick, list) and (trick or view.get("contract") not in (None, "snack")):
            plays = [
                f"seat {play[0]} {self.card(play[1])}"
                for play in trick
                if isinstance(play, list) and len(play) == 2
            ]
            lines.append(f"Trick: {', '.join(plays) if plays else self.dash()}")
        return lines

    def _hand_by_suit(self, title: str, hand: list[Any]) -> list[str]:
        """A Quodlibet hand suit by suit, then the codes to type."""
        known = sorted(
            (c for c in hand if isinstance(c, str) and c in FRENCH_CARDS),
            key=lambda c: (SUITS.index(c[1]), FRENCH_RANKS.index(c[0])),
        )
        groups = []
        for suit in SUITS:
            in_suit = [self.short_card(c) for c in known if c[1] == suit]
            if in_suit:
                groups.append(" ".join(in_suit))
        hidden = len(hand) - len(known)
        if hidden:
            groups.append("?" * hidden)
        sep = "  ·  " if self.unicode else "  |  "
        lines = [f"{title}: {sep.join(groups) if groups else self.dash()}"]
        if self.unicode and known:
            lines.append(f"{' ' * (len(title) + 2)}({' '.join(known)})")
        return lines

    def _other_zones(self, view: View) -> list[str]:
        """Fields a game added beyond those laid out above, as ``name: value``."""
        known = set(ZONE_FIELDS.get(self.game_id, ())) | COMMON_FIELDS
        lines = []
        for key in view:
            if key in known or key == "dealer":
                continue
            if _is_flat(view[key]):
                lines.append(f"{key.replace('_', ' ').capitalize()}: {self.value(view[key])}")
            else:
                lines.append(f"{key.replace('_', ' ').capitalize()}:")
                lines.extend(self.tree(view[key], "  "))
        return lines

    def legal(self, legal: list[str]) -> list[str]:
        """The legal actions, numbered (a number is accepted as input) and grouped by verb."""
        lines = ["Your move. Type an action or its number (help: commands):"]
        groups: dict[str, list[str]] = {}
        for number, action in enumerate(legal, start=1):
            verb = action.split(" ", 1)[0]
            shown = action
            card = action.rsplit(" ", 1)[-1]
            if self.quodlibet and self.unicode and card in FRENCH_CARDS:
                shown = f"{action} ({self.card(card).split(' ')[0]})"
            groups.setdefault(verb, []).append(f"{number}) {shown}")
        for items in groups.values():
            lines.extend(wrap(items, "  "))
        return lines

    # --- scores --------------------------------------------------------------------------

    def round_scored(self, entry: dict[str, Any], totals: list[int] | None = None) -> list[str]:
        """The breakdown of one score-sheet entry: points per seat (and the running totals
        after it, when given), then the game's detail."""
        word = round_word(self.game_id).capitalize()
        lines = [self.rule(f"{word} {entry.get('round')} scored")]
        scores = entry.get("scores", [])
        for seat, points in enumerate(scores):
            line = f"  {self.seat(seat)}: {signed(points)}"
            if totals is not None and seat < len(totals):
                line += f"  (total {totals[seat]})"
            lines.append(line)
        detail = entry.get("detail")
        if detail not in (None, {}, []):
            lines.append("  Detail:")
            lines.extend(self.tree(detail, "    "))
        return lines

    def final(self, view: View) -> list[str]:
        """Final totals and winners."""
        lines = [self.rule("Game over")]
        low = bool(self.info.get("low_score_wins"))
        winners = view.get("winners", [])
        for seat, total in enumerate(view.get("totals", [])):
            star = "  ← winner" if self.unicode else "  <- winner"
            lines.append(f"  {self.seat(seat)}: {total}{star if seat in winners else ''}")
        names = ", ".join(f"seat {s}" for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        rule = " (penalty points: lowest total wins)" if low else ""
        lines.append(f"{names} {verb}{rule}.")
        return lines

    def score_sheet(self, view: View, contracts: dict[int, str]) -> list[str]:
        """The score sheet: one row per scored round (Quodlibet: deal, with its contract),
        each seat's points and then the running totals. ``contracts`` fills in Quodlibet
        contracts that a deal's detail does not name."""
        players = int(view.get("players") or len(view.get("totals", [])))
        head = [round_word(self.game_id)] + (["contract"] if self.quodlibet else [])
        labels = len(head)
        head += [f"{s}" for s in range(players)] + [f"{s}" for s in range(players)]
        rows = []
        running = [0] * players
        for entry in view.get("score_sheet", []):
            number = entry.get("round")
            row = [str(number)]
            if self.quodlibet:
                detail = entry.get("detail")
                contract = detail.get("contract") if isinstance(detail, dict) else None
                if not isinstance(contract, str):
                    contract = contracts.get(number, "?") if isinstance(number, int) else "?"
                row.append(contract)
            scores = entry.get("scores", [])
            for seat, points in enumerate(scores[:players]):
                running[seat] += points
            row += [signed(p) for p in scores[:players]] + [str(t) for t in running]
            rows.append(row)
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
        widths = widths[:labels] + [max(3, w) for w in widths[labels:]]
        lines = [self.rule("Score sheet")]
        table = []
        for row in [head, *rows]:
            cells = [
                cell.ljust(width) for cell, width in zip(row[:labels], widths[:labels], strict=True)
            ]
            points = [c.rjust(w) for c, w in zip(row[labels:], widths[labels:], strict=True)]
            table.append(
                "  "
                + "  ".join(cells)
                + "   "
                + "  ".join(points[:players])
                + "   "
                + "  ".join(points[players:])
            )
        left = 2 + sum(w + 2 for w in widths[:labels]) + 1
        span = sum(w + 2 for w in widths[labels : labels + players])
        lines.append(" " * left + "points by seat".ljust(span + 1) + "running totals")
        lines.extend(line.rstrip() for line in table)
        return lines


def _label(key: object) -> str:
    return str(key).replace("_", " ")


def _is_flat(value: Any) -> bool:
    """A value that fits on one line: a scalar or a list of scalars."""
    if isinstance(value, dict):
        return not value
    if isinstance(value, list):
        return all(not isinstance(v, dict | list) for v in value)
    return True
