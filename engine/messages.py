"""Every sentence the engine says, as a stable code with parameters (docs/ENGINE.md, "Messages").

The engine speaks no UI language. A refusal (``IllegalActionError``, ``SaveError``) and a
reason in a view (a Quodlibet score-sheet line) carry a ``Message``: a ``code`` from
``MESSAGES`` and ``params``, plain JSON values the page words in the reader's language
(``web/js/words/engine-words.js`` with the ``engine`` catalog area). The English text the command
line prints is derived from the same code and parameters here, so there is one source.

Parameter conventions (the page turns them into words):

* ``seat``, ``dealer``, ``neighbour``: seat numbers from 0 (the page says the seat's name);
* ``card``: a Quodlibet card code (``"QD"``), only in refusals: a view's score sheet never
  holds a card code (it stays in later views, where the code names hidden cards), so a
  reason there names a card by ``rank`` (``"Q"``) and ``suit`` (``"D"``) instead;
* ``suit``: ``"S" "H" "D" "C"``; ``rank``: a Pairs rank (int) or a French rank letter;
* ``game``: a game id; ``contract``: a contract id; ``choices``, ``contracts``: lists of
  contract ids; ``levels``, ``games``, ``valid``: lists of ids or option names;
* ``value``, ``text``, ``word``: what the person (or a link, or a save) wrote, as text;
* ``reason``: a nested message ``{"code", "params"}`` (Bad Neighbour passes on a Minus line;
  a save that does not replay says why);
* everything else: whole numbers (counts, turns, limits).

An English template is a ``str.format`` string; a format spec after ``:`` names a word rule
(``card``, ``suit``, ``rank``, ``game``, ``contract``, ``list``, ``repr-list``,
``list-or-none``, ``plural:WORD``, ``message``) applied by ``english``.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

JSON = Any

_NV_USAGE = "Actions are 'bid R', 'swap H C', 'kill R' or 'call R', with ranks 1 to 10."
_TM_USAGE = "use 'build R', 'test', 'withdraw' or 'withdraw R' (R a rank 1 to 10)"
_CONTRACT_TITLES: dict[str, str] = {
    "plus": "Plus",
    "minus": "Minus",
    "bad-neighbour": "Bad Neighbour",
    "red-ruffians": "Red Ruffians",
    "first-three-and-last": "First Three and Last",
    "no-hearts": "No Hearts",
    "queens-and-jacks": "Queens and Jacks",
    "bribe": "Bribe",
    "open-trousers": "Open Trousers",
    "good-hunting": "Good Hunting",
    "quadrature": "Quadrature",
    "snack": "Snack",
}
"""English contract titles (the same as each contract's ``title``; a test checks)."""
_GAME_NAMES: dict[str, str] = {
    "nine-virtues": "Nine Virtues",
    "to-the-moon": "To the Moon",
    "quodlibet": "Quodlibet",
}
"""English game names (the same as each game's ``NAME``; a test checks)."""


def _nv_deal_fields(params: Mapping[str, JSON]) -> str:
    problems = []
    if params["missing"]:
        problems.append(f"missing {', '.join(params['missing'])}")
    if params["unknown"]:
        problems.append(f"unknown {', '.join(repr(e) for e in params['unknown'])}")
    return f"A Nine Virtues deal has exactly 'hands' and 'centre' ({'; '.join(problems)})."


Template = str | Callable[[Mapping[str, JSON]], str]

MESSAGES: dict[str, Template] = {
    # --- the API: arguments of new_game, view, bot_action (engine/game.py, registry.py) ---
    "unknown-game": "Unknown game {value}; the games are: {games:list}.",
    "players-not-whole": "players must be a whole number, not {value}.",
    "players-exactly": "{game:game} is for exactly {min} players, not {players}.",
    "players-range": "{game:game} is for {min} to {max} players, not {players}.",
    "seed-not-whole": "seed must be a whole number, not {value}.",
    "seed-too-big": "seed must fit in {bits} bits (about 77 digits).",
    "options-not-object": "options must be an object of option names, not {type}.",
    "unknown-option": "Unknown option {options:repr-list} for {game:game}; "
    "valid options are: {valid:list}.",
    "dealer-not-seat": "dealer must be a seat from 0 to {last}, not {value}.",
    "deal-not-object": "deal must be an object (see API.md).",
    "bad-seat": "Seat must be 0 to {last} or None, not {value}.",
    "unknown-level": "Unknown level {value}; choose one of: {levels:list}.",
    "bot-seed-not-whole": "A bot's seed must be a whole number, not {value}.",
    "iterations-not-positive": "iterations must be a whole number of 1 or more, not {value}.",
    "time-not-positive": "time_ms must be a positive number, not {value}.",
    # --- any action (engine/game.py) ---
    "action-not-text": "An action is text, not {type}.",
    "action-too-long": "An action is a few words, not {length:,} characters.",
    "action-empty": "Empty action: choose one of the legal actions.",
    "game-over": "The game is over: no more actions.",
    "not-allowed-now": "'{action}' is not allowed now.",
    # --- a game's history: take back and replay (engine/history.py) ---
    "history-nothing-to-take-back": "Seat {seat} has made no move to take back.",
    "history-round-ended": "Seat {seat} has no move to take back in this round: a take "
    "back never goes past the end of a round.",
    "history-no-such-step": "There is no step {value}: the game has {count:plural:decision}.",
    "history-no-such-round": "There is no finished round {value}: rounds scored: {count}.",
    # --- cards and explicit deals (engine/cards.py) ---
    "not-a-rank": "'{text}' is not a rank: ranks are 1 to 10.",
    "not-a-card": "'{text}' is not a card: use a rank 7 8 9 T J Q K A and a suit S H D C, e.g. TH.",
    "deal-rank-too-often": "The deal uses {count} cards of rank {rank}; the deck has {deck}.",
    # --- reading JSON (engine/untrusted.py); ``detail`` is Python's own English words ---
    "json-not-text": "Expected JSON text, not {type}.",
    "json-too-long": "The text is too long ({length:,} characters; at most {max:,}).",
    "json-too-deep": "The text nests deeper than {depth} levels.",
    "json-invalid": "The text is not valid JSON: {detail}",
    # --- saves (engine/saves.py) ---
    "save-not-text": "A save is text.",
    "save-unreadable": "This is not a Parlour save: {reason:message}",
    "save-not-parlour": "This is not a Parlour save.",
    "save-number-too-long": "This save holds a number too long to read.",
    "save-damaged": "This save has been changed or damaged (its check does not match).",
    "save-no-version": "This save has no valid version number.",
    "save-newer": "This save is from a newer version of Parlour (save format {version}); "
    "this one reads up to {newest}.",
    "save-too-old": "Saves of format {version} can no longer be read.",
    "save-log-not-entries": "The save's log is not a list of entries.",
    "save-seed-not-whole": "The save's seed is not a whole number.",
    "save-log-not-list": "The save's log is not a list.",
    "save-field": "The save's {field} is missing or not a {type}.",
    "save-entry-not-decision": "Entry {entry} of the save's log is not a decision.",
    "save-out-of-turn": "Entry {entry} of the save's log was played out of turn.",
    "save-does-not-replay": "This save does not replay: {reason:message}",
    "save-not-canonical": "This save's actions are not written the way the game writes them.",
    "save-chance-mismatch": "This save's recorded deals do not match its seed.",
    # --- the browser bridge (web/py/worker.py): a page's malformed request, an unknown id ---
    "request-unreadable": "The request cannot be read: {reason:message}",
    "request-not-object": "The request is not a JSON object.",
    "request-not-text": "{field!r} must be a non-empty string.",
    "request-options-not-object": "'options' must be an object.",
    "request-seed-not-whole": "'seed' must be a whole number.",
    "request-not-positive": "{field!r} must be a positive number.",
    "request-iterations-not-whole": "'iterations' must be a whole number.",
    "request-no-game": "No game {id!r} is open in the engine.",
    "request-no-save": "The save is missing or is not text.",
    # --- Nine Virtues ---
    "nv-swap-limit-option": "swap_limit must be a whole number of turns (1 or more) or null, "
    "not {value}.",
    "nv-deal-not-object": "deal must be an object with 'hands' and 'centre'.",
    "nv-deal-fields": _nv_deal_fields,
    "nv-deal-hands": "deal 'hands' must be a list of {players} hands, one per seat.",
    "nv-deal-hand-size": "The hand of seat {seat} must be a list of {size} ranks.",
    "nv-deal-hand-card": "Hand of seat {seat}: {value} is not a rank 1-10.",
    "nv-deal-centre-size": "deal 'centre' must be a list of {size} ranks (2 per player).",
    "nv-deal-centre-card": "Centre: {value} is not a rank 1-10.",
    "nv-empty": f"Empty action. {_NV_USAGE}",
    "nv-not-an-action": f"'{{word}}' is not an action. {_NV_USAGE}",
    "nv-write-swap": "Write 'swap H C (give hand rank H, take centre rank C)', with ranks 1 to 10.",
    "nv-write-verb": "Write '{verb} R', with ranks 1 to 10.",
    "nv-call-now": "The centre is empty and you hold the 1: call the rank it becomes first "
    "('call 1' to 'call 10', NV-9).",
    "nv-nothing-to-call": "Nothing to call yet: the 1 is called once the centre is empty (NV-9).",
    "nv-one-never-bid": "The 1 can never be bid (NV-5).",
    "nv-kill-not-yet": "You can't kill yet: every player must have had one turn this round "
    "(NV-6). Kills are open from turn {from_turn}; this is turn {turn}.",
    "nv-swap-limit": "Swap limit reached: swaps are allowed on turns 1 to {limit} only, and this "
    "is turn {turn} (NV-8). Bid or kill instead.",
    "nv-none-to-give": "You have no {rank} to give.",
    "nv-not-in-centre": "There is no {rank} in the centre.",
    # --- To the Moon ---
    "tm-deal-not-object": "deal must be an object with 'hands' and 'deck'.",
    "tm-deal-unknown-field": "Unknown deal field {fields:repr-list}: "
    "a To the Moon deal has only 'hands' and 'deck'.",
    "tm-deal-missing": "The deal has no '{field}'.",
    "tm-deal-hands-not-list": "hands must be a list of hands, one per seat.",
    "tm-deal-hands-count": "hands must hold {players} hands (one per seat), not {count}.",
    "tm-deal-hand-not-list": "hand {seat} must be a list of ranks.",
    "tm-deal-hand-card": "hand {seat}: {value} is not a rank 1-10.",
    "tm-deal-hand-size": "hand {seat} has {count} cards; with {players} players each hand has "
    "{size} (TM-1).",
    "tm-deal-deck-not-list": "deck must be a list of ranks.",
    "tm-deal-deck-card": "deck: {value} is not a rank 1-10.",
    "tm-deal-deck-size": "The deck must hold the {size} cards not dealt (top first), not "
    "{count}; missing: {missing:list}.",
    "tm-empty": f"Empty action: {_TM_USAGE}.",
    "tm-build-one-rank": "Build names one rank, e.g. 'build 7'.",
    "tm-test-no-rank": "Test takes no rank: you turn the top card of the deck. Say 'test'.",
    "tm-withdraw-one-rank": "Withdraw takes at most one rank, e.g. 'withdraw 7'.",
    "tm-not-an-action": f"'{{text}}' is not a To the Moon action: {_TM_USAGE}.",
    "tm-in-countdown": "{rank} is already in the countdown.",
    "tm-not-in-hand": "You have no {rank}.",
    "tm-deck-empty": "The deck is empty: you can't test.",
    "tm-withdraw-which": "Withdrawing takes one card from the countdown: say which, "
    "e.g. 'withdraw {rank}'.",
    "tm-withdraw-bare": "The countdown holds one card: withdraw takes nothing, so say 'withdraw'.",
    "tm-not-in-countdown": "There is no {rank} in the countdown to take.",
    # --- Quodlibet: options, deals, notation, choosing ---
    "ql-contracts-option": "contracts must be a non-empty list of contract names.",
    "ql-unknown-contract": "Unknown contract {value}; the contracts are: {contracts:list}.",
    "ql-repeated-contracts": "Each contract may be played at most once; "
    "repeated: {contracts:list}.",
    "ql-flag-option": "{option} must be true or false, not {value}.",
    "ql-deal-not-object": "deal must be an object with hands (and piles for Snack).",
    "ql-deal-unknown-field": "Unknown deal field(s) {fields:list}; use hands (and piles).",
    "ql-deal-no-hands": "deal needs hands: four lists of cards.",
    "ql-deal-hands": "hands must be {players} lists of {size} cards.",
    "ql-deal-hand-size": "hand of seat {seat} must be a list of {size} cards.",
    "ql-deal-hand-card": "hand of seat {seat}: {value} is not a card code such as TH.",
    "ql-deal-no-piles": "A Snack deal needs piles: five piles of 3 cards and one of 1.",
    "ql-deal-pile-size": "pile {pile} must be a list of {size} cards.",
    "ql-deal-pile-card": "pile {pile}: {value} is not a card code such as TH.",
    "ql-deal-piles-not-snack": "piles are only for a first deal that is Snack.",
    "ql-deal-twice": "The deal holds {card} twice.",
    "ql-not-a-choice": "'{text}' is not a choice: write choose NAME, NAME one of {contracts:list}.",
    "ql-not-a-take": "'{text}' is not notation: write take 1 to take 6.",
    "ql-not-an-action": "'{text}' is not a Quodlibet action: "
    "choose NAME, play CARD, play @i, take P or pass.",
    "ql-not-a-play": "'{text}' is not a play: write play CARD (e.g. play TH) or play @i.",
    "ql-not-a-position": "'{text}' is not a hand position: write @0, @1, ... (from 0).",
    "ql-practice-no-choice": "In practice mode the contracts are played in the given order: "
    "no choosing.",
    "ql-contract-settled": "This deal's contract is already settled: {contract:contract}.",
    "ql-snack-last": "Snack is always the 12th deal (QL-6); choose one of: {choices:list-or-none}.",
    "ql-other-wheel": "{contract:contract} belongs to wheel {contract_wheel}; this is wheel "
    "{wheel}: choose one of: {choices:list-or-none}.",
    "ql-already-played": "{contract:contract} has already been played in this wheel; "
    "choose one of: {choices:list-or-none}.",
    "ql-choose-first": "The dealer (seat {dealer}) must first choose a contract.",
    # --- Quodlibet: a trick contract's play ---
    "ql-deal-over": "This deal is over.",
    "ql-play-a-card": "'{action}' is not an action of {contract:contract}: play a card.",
    "ql-positions-only-blind": "Positions (play @i) are only for Open Trousers: "
    "play a card by name.",
    "ql-position-range": "You hold {count} cards: play a position from @0 to @{last}.",
    "ql-no-cards-left": "You have no cards left.",
    "ql-play-a-position": "In Open Trousers you cannot see your own hand: play a position, "
    "@0 to @{last}.",
    "ql-not-held": "You do not hold the {card:card}.",
    "ql-follow-suit": "You must follow suit: {suit:suit} were led and you hold {suit:suit}.",
    # --- Quodlibet: score-sheet reasons (view "score_sheet" ... "entries" ... "message") ---
    "ql-took-no-trick": "took no trick",
    "ql-took-tricks": "took {count:plural:trick}",
    "ql-tricks-not-taken": "{count:plural:trick} not taken",
    "ql-took-all-tricks": "took all {count} tricks ({points} in total)",
    "ql-took-all-tricks-instead": "took all {count} tricks (+{points} instead)",
    "ql-took-trick": "took trick {trick}",
    "ql-took-the-trick": "took the trick",
    "ql-won-with-lowest": "won the trick with a lowest card",
    "ql-hearts-only": "took a trick of hearts only",
    "ql-took-card": "took the {rank:rank} of {suit:suit}",
    "ql-lowest-card": "played the lowest card ({rank:rank} of {suit:suit})",
    "ql-queen-and-jack": "a queen and a jack in one trick",
    "ql-king-and-queen": "took the king of hearts and the queen of diamonds in one trick",
    "ql-neighbour": "right-hand neighbour (seat {neighbour}) {reason:message}",
    # --- Snack ---
    "snack-deal-hands": "Snack deals 4 cards to each of the 4 players.",
    "snack-deal-piles": "Snack has five piles of 3 cards and a sixth pile of 1 (QL-20).",
    "snack-deal-unknown-cards": "Unknown card(s) in the deal: {cards:list}.",
    "snack-deal-twice": "Card(s) dealt twice: {cards:list}.",
    "snack-play-by-code": "In Snack you play a card by its code, e.g. 'play TH'.",
    "snack-not-a-pile": "'{text}' is not a pile: the piles are numbered 1 to {piles}.",
    "snack-not-an-action": "In Snack the actions are 'play CARD' (e.g. play TH), "
    "'take P' (a pile 1-6) and 'pass'.",
    "snack-over": "The Snack deal is over.",
    "snack-not-held": "You don't hold the {card:card}.",
    "snack-can-play": "You can play, so you can't take a pile (QL-22).",
    "snack-pile-taken": "Pile {pile} has been taken.",
    "snack-must-act": "You must play or take a pile: pass is only for when neither is possible.",
    "snack-row-not-started": "The {card:card} doesn't fit: the {suit:suit} row hasn't been "
    "started, and only the jack of {suit:suit} can start it (QL-21).",
    "snack-below-end": "The {card:card} doesn't fit: the {suit:suit} row ends at the "
    "{end:rank}, so only the {next:rank} can go below it (QL-21).",
    "snack-above-end": "The {card:card} doesn't fit: the {suit:suit} row ends at the "
    "{end:rank}, so only the {next:rank} can go above it (QL-21).",
    "snack-in-row": "The {card:card} is already in the {suit:suit} row.",
}
"""Every message code with its English text (the command line's words)."""


@dataclass(frozen=True)
class Message:
    """A sentence as a stable ``code`` (a key of ``MESSAGES``) and its ``params`` (plain JSON
    values). ``str(message)`` is the English text; ``to_json()`` is what the page receives.

    >>> message = Message("ql-follow-suit", {"suit": "H"})
    >>> message.to_json(), str(message)
    ({'code': 'ql-follow-suit', 'params': {'suit': 'H'}}, 'You must follow suit: hearts were led and you hold hearts.')
    """  # noqa: E501

    code: str
    params: dict[str, JSON] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code not in MESSAGES:
            raise KeyError(f"no engine message {self.code!r}")  # a bug in the engine

    def to_json(self) -> dict[str, JSON]:
        return {"code": self.code, "params": _json_params(self.params)}

    def __str__(self) -> str:
        return english(self.code, self.params)


def _json_params(params: Mapping[str, JSON]) -> dict[str, JSON]:
    return {
        key: value.to_json() if isinstance(value, Message) else value
        for key, value in params.items()
    }


def message(code: str, **params: JSON) -> Message:
    """``Message(code, params)`` written the short way: ``message("tm-not-in-hand", rank=7)``."""
    return Message(code, params)


class _Words(string.Formatter):
    """``str.format`` with the word rules of this module's format specs."""

    def format_field(self, value: Any, format_spec: str) -> str:
        from .cards import RANK_NAMES, SUIT_NAMES, card_name  # cards.py raises our errors

        rule, _, arg = format_spec.partition(":")
        if rule == "card":
            return card_name(value)
        if rule == "suit":
            return SUIT_NAMES[value]
        if rule == "rank":
            return RANK_NAMES.get(str(value), str(value))
        if rule == "game":
            return _GAME_NAMES[value]
        if rule == "contract":
            return _CONTRACT_TITLES[value]
        if rule == "list":
            return ", ".join(str(item) for item in value)
        if rule == "list-or-none":
            return ", ".join(str(item) for item in value) or "none"
        if rule == "repr-list":
            return ", ".join(repr(item) for item in value)
        if rule == "plural":
            return f"{value} {arg}" if value == 1 else f"{value} {arg}s"
        if rule == "message":
            inner = value if isinstance(value, Message) else Message(value["code"], value["params"])
            return str(inner)
        return str(super().format_field(value, format_spec))


_WORDS = _Words()


def english(code: str, params: Mapping[str, JSON]) -> str:
    """The English text of message ``code`` with ``params`` (for the command line)."""
    template = MESSAGES[code]
    if callable(template):
        return str(template(params))
    return _WORDS.vformat(template, (), params)
