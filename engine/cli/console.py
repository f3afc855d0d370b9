"""The terminal the command line talks to: text streams in and out, nothing else.

Every command writes through a ``Console`` rather than ``print``/``input``, so ``main`` can be
driven in-process with ``io.StringIO`` streams (tests, and Pyodide, where there is no
terminal) exactly as it runs in a real one.
"""

from __future__ import annotations

import sys
from typing import TextIO

CLEAR_SCREEN = "\033[2J\033[3J\033[H"
"""Clear the screen, the scrollback (xterm's ``3J``) and home the cursor, so the previous
player's cards are not one scroll away in pass-and-play."""

_FANCY = "♠♥♦♣·—▸✗"


def _isatty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):  # a closed or detached stream is no terminal
        return False


def _can_encode(stream: object, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class Console:
    """A pair of text streams with the few operations the commands need."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.interactive = _isatty(stdin) and _isatty(stdout)
        """A person at a terminal: only then is the screen cleared."""
        self.unicode = _can_encode(stdout, _FANCY)
        """Whether suit symbols and box characters can be printed (else plain ASCII)."""

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def lines(self, lines: list[str]) -> None:
        for line in lines:
            self.say(line)

    def ask(self, prompt: str) -> str | None:
        """One line of input without its newline; None at end of input."""
        if self.stdin is sys.stdin and self.stdout is sys.stdout and self.interactive:
            # input() gives line editing and history at a real terminal.
            try:
                return input(prompt)
            except EOFError:
                self.say()
                return None
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            return None
        line = line.rstrip("\r\n")
        if not _isatty(self.stdin):
            self.say(line)  # nobody saw it typed: echo it, so a transcript reads as a dialogue
        return line

    def clear(self) -> None:
        """Clear the screen, at a terminal only (never into a file or a pipe)."""
        if self.interactive:
            self.stdout.write(CLEAR_SCREEN)
            self.stdout.flush()
