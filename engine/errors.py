"""Errors the engine raises. Both are ``ValueError``s, so callers may catch either broadly."""

from __future__ import annotations

from typing import Literal, get_args

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


class IllegalActionError(ValueError):
    """A request the rules (or the API) do not allow.

    ``code`` is stable and machine-readable (see ``ERROR_CODES``); the message is meant for a
    player to read. Whatever raised it left the game unchanged.
    """

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class SaveError(ValueError):
    """A save that cannot be loaded: not JSON, truncated, tampered with, or from an unknown
    version. Loading never half-succeeds."""
