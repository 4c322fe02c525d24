"""Apocalypse Road renderers: the public board and a player's hand sheet (view -> PNG)."""

from __future__ import annotations

from render.apocalypseroad.board import render_apocalypseroad

__all__ = ["render_apocalypseroad"]
