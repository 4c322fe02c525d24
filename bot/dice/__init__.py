"""Dice rulings anywhere: `/roll`, `/contest`, `/odds`, `/dice` (not a game: no sessions)."""

from __future__ import annotations

from bot.dice.commands import DiceCog
from bot.dice.tools import DiceToolsCog

__all__ = ["DiceCog", "DiceToolsCog"]
