"""The one error the dice features raise; its message quotes the input and says what is allowed."""

from __future__ import annotations

from games.engine import InvalidAction

_QUOTE_LIMIT = 60


class DiceError(InvalidAction):
    """A dice request the bot refuses: unreadable, too big, or out of range."""


def quote(text: str) -> str:
    """The player's input as it appears in an error: in quotes, cut short if it is huge."""
    shown = text if len(text) <= _QUOTE_LIMIT else text[: _QUOTE_LIMIT - 1] + "…"
    return f'"{shown}"'
