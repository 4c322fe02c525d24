"""Drag Rage at the table: nothing beyond the shared verbs (one button per legal action on
the shared board; its slash commands, `bot/commands/dragrage.py`, play the same actions)."""

from __future__ import annotations

from table.gametable import GameTable

TABLE = GameTable(key="dragrage")

__all__ = ["TABLE"]
