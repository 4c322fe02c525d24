"""Pure renderers: a game's view (or a dice roll, or an odds table) -> PNG bytes."""

from __future__ import annotations

from collections.abc import Callable

from render.dice import DiceGroup, render_dice
from render.dragrage import render_dragrage
from render.rushncrush import render_rushncrush
from render.spacetruckin import render_spacetruckin_board, render_spacetruckin_sheet
from render.table import render_table

RENDERERS: dict[str, Callable[..., bytes]] = {
    "dragrage": render_dragrage,
    "rushncrush": render_rushncrush,
    "spacetruckin": render_spacetruckin_board,
}
"""The public board renderer of each game, by game key: `RENDERERS[key](view) -> PNG bytes`."""

SHEETS: dict[str, Callable[..., bytes]] = {
    "spacetruckin": render_spacetruckin_sheet,
}
"""The private sheet/hand renderer of games with private views: `SHEETS[key](view(state, me))`."""

__all__ = ["RENDERERS", "SHEETS", "DiceGroup", "render_dice", "render_dragrage", "render_table"]
