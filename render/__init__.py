"""Pure renderers: a game's view (or a dice roll, or an odds table) -> PNG bytes."""

from __future__ import annotations

from collections.abc import Callable

from render.dice import DiceGroup, render_dice
from render.dragrage import render_dragrage
from render.table import render_table

RENDERERS: dict[str, Callable[..., bytes]] = {
    "dragrage": render_dragrage,
}
"""The public board renderer of each game, by game key: `RENDERERS[key](view) -> PNG bytes`."""

__all__ = ["RENDERERS", "DiceGroup", "render_dice", "render_dragrage", "render_table"]
