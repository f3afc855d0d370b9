"""Errors the engine raises. Both are ``ValueError``s, so callers may catch either broadly.

Each carries a ``Message`` (``engine/messages.py``): a stable ``message_code`` and its
``params`` for a page to word in any language, and the English text of the same code and
parameters as ``str(err)`` (and ``err.message``) for the command line.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from .messages import Message

ErrorCode = Literal[
    "malformed",
    "illegal",
    "game-over",
    "bad-deal",
    "bad-option",
    "bad-players",
    "unknown-game",
    "bad-seat",
    "bad-level",
]

ERROR_CODES: tuple[str, ...] = get_args(ErrorCode)
"""Every ``IllegalActionError.code``, in API.md's order."""


def _as_message(message: Message | str, params: dict[str, Any]) -> Message:
    if isinstance(message, Message):
        if params:
            raise TypeError("give params either in the Message or as keywords, not both")
        return message
    return Message(message, params)


class IllegalActionError(ValueError):
    """A request the rules (or the API) do not allow. Whatever raised it left the game
    unchanged.

    * ``code``: the coarse kind, stable and machine-readable (one of ``ERROR_CODES``);
    * ``message_code``, ``params``: exactly what was refused (a key of
      ``engine.messages.MESSAGES`` and plain JSON values), for a page to word;
    * ``message`` (and ``str(err)``): the same in English, for the command line.

    Raise it as ``IllegalActionError("illegal", "tm-not-in-hand", rank=7)`` or with a
    ``Message`` built earlier: ``IllegalActionError("illegal", why)``.
    """

    def __init__(self, code: ErrorCode, message: Message | str, /, **params: Any) -> None:
        self.words: Message = _as_message(message, params)
        """The ``Message`` (``.code``, ``.params``, ``.to_json()``)."""
        text = str(self.words)
        super().__init__(text)
        self.code: ErrorCode = code
        self.message = text

    @property
    def message_code(self) -> str:
        return self.words.code

    @property
    def params(self) -> dict[str, Any]:
        params: dict[str, Any] = self.words.to_json()["params"]
        return params

    def to_dict(self) -> dict[str, Any]:
        """``{"code", "message", "message_code", "params"}`` (``message`` is English)."""
        return {
            "code": self.code,
            "message": self.message,
            "message_code": self.message_code,
            "params": self.params,
        }


class SaveError(ValueError):
    """A save that cannot be loaded: not JSON, truncated, tampered with, or from an unknown
    version. Loading never half-succeeds.

    Like ``IllegalActionError`` it carries ``message_code`` and ``params`` (``words``, a
    ``Message``) beside its English ``message``: ``SaveError("save-not-text")``."""

    def __init__(self, message: Message | str, /, **params: Any) -> None:
        self.words: Message = _as_message(message, params)
        text = str(self.words)
        super().__init__(text)
        self.message = text

    @property
    def message_code(self) -> str:
        return self.words.code

    @property
    def params(self) -> dict[str, Any]:
        params: dict[str, Any] = self.words.to_json()["params"]
        return params


WORLD_ERRORS: dict[str, str] = {
    "world-wrong-game": "A {game} world needs a {game} view, not {value}.",
    "world-not-in-play": "A world is built from a seat's view of a game still in play.",
    "world-hidden-count": "hidden must list the unseen cards of {players} hands.",
    "world-hidden-size": "Seat {seat} has {size} cards the viewer cannot see, not {count}.",
    "world-rank-too-often": "The world holds {count} cards of rank {value}; the deck has "
    "{deck} (PD-1).",
    "world-caller-without-one": "The caller must hold the 1 (NV-9).",
    "world-hand-sizes": "Every hand must have the size the view shows.",
    "world-pile-sizes": "Every pile must have the size the view shows.",
    "world-own-hand": "The viewer's hand must be its own.",
    "world-deck-size": "The deck holds {size} cards.",
    "world-seen-taking": "Seat {seat} must hold the cards it was seen taking (TM-8).",
    "world-not-the-deck": "The world must hold the {count} cards of the deck, each once.",
    "world-no-piles": "A Snack world needs the piles' cards.",
    "world-piles-not-snack": "piles are only for Snack.",
    "world-seen-hand": "Seat {seat}'s hand must be as the viewer sees it.",
    "world-void": "Seat {seat} showed it has no {suit} (QL-7).",
    "world-to-act": "The plays do not lead to the seat to act the view shows.",
    "world-snack-playout": "A Snack deal is played out in a world built by from_view.",
    "world-not-by-mask": "Only a trick deal in play, not by position, is played out from masks.",
}
"""Why a world cannot be built (``WorldError.code``), in English."""


class WorldError(ValueError):
    """``Worlds.world`` (a world built for search from a seat's view) was given cards that
    contradict the view. Only a search asks for worlds, never a player, so this is a bug in
    the caller: ``code`` (a key of ``WORLD_ERRORS``) says which contradiction, the message
    says it in English; there are no words for a page."""

    def __init__(self, code: str, /, **params: Any) -> None:
        text = WORLD_ERRORS[code].format(**params)
        super().__init__(text)
        self.code = code
        self.params = params
        self.message = text
