"""Dice rulings anywhere in a server: `/roll`, `/contest`, `/odds` (not a game: no sessions)."""

from __future__ import annotations

from bot.dice.commands import DiceCog

__all__ = ["DiceCog"]
