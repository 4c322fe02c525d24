"""Drag Rage in Discord: one button per legal action on the board, and slash twins."""

from __future__ import annotations

from bot.adapter import GameAdapter
from bot.dragrage.commands import DragRageCog

ADAPTER = GameAdapter(key="dragrage", cog=DragRageCog)

__all__ = ["ADAPTER"]
