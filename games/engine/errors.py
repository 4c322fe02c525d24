"""Typed game errors. Every message is safe to show a player and says what to do instead."""

from __future__ import annotations


class GameError(Exception):
    """Base of every error a game raises on purpose; `message` is player-safe."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidAction(GameError):
    """The action is malformed or does not exist in this game (bad counter number, unknown kind)."""


class IllegalAction(GameError):
    """The action is well formed but the rules forbid it now."""


class NotYourTurn(GameError):
    """The player may not act at this moment."""


class GameOver(GameError):
    """The game has ended; no more actions are accepted."""
