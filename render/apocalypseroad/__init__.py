"""Apocalypse Road renderers: the public board, a player's hand sheet and a move's preview."""

from __future__ import annotations

from render.apocalypseroad.board import render_apocalypseroad
from render.apocalypseroad.preview import render_apocalypseroad_preview
from render.apocalypseroad.sheet import render_apocalypseroad_sheet

__all__ = [
    "render_apocalypseroad",
    "render_apocalypseroad_preview",
    "render_apocalypseroad_sheet",
]
