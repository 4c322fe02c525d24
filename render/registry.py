"""Every game's renderers, by game key: the one explicit list (nothing registers on import).

The bot reads `RENDERERS` and hands it to its renderer; tests check every game in
`games.registry.GAMES` has an entry here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from render.apocalypseroad import render_apocalypseroad, render_apocalypseroad_sheet
from render.apocalypseroad.extras import apocalypseroad_extras
from render.dragrage import render_dragrage
from render.extras import rushncrush_extras, spacetruckin_extras
from render.roadwolf import render_roadwolf_board, render_roadwolf_sheet
from render.roadwolf.extras import roadwolf_extras
from render.rushncrush import render_rushncrush
from render.spacetruckin import render_spacetruckin_board, render_spacetruckin_sheet


@dataclass(frozen=True)
class GameRenderers:
    """What the bot can draw for one game; each takes a view and keyword-only options."""

    board: Callable[..., bytes]
    """The public board, drawn from `view(state, None)`: `board(view) -> PNG bytes`."""
    sheet: Callable[..., bytes] | None = None
    """A player's own sheet or hand, from `view(state, player)`; None if the game has none."""
    move_extras: Callable[..., dict[str, bytes]] | None = None
    """Images one move draws besides the board and the mover's sheet (previews), by name:
    `move_extras(state_before, actor, action) -> {name: PNG}` (see `render/extras.py`)."""


RENDERERS: dict[str, GameRenderers] = {
    "dragrage": GameRenderers(board=render_dragrage),
    "spacetruckin": GameRenderers(
        board=render_spacetruckin_board,
        sheet=render_spacetruckin_sheet,
        move_extras=spacetruckin_extras,
    ),
    "rushncrush": GameRenderers(board=render_rushncrush, move_extras=rushncrush_extras),
    "apocalypseroad": GameRenderers(
        board=render_apocalypseroad,
        sheet=render_apocalypseroad_sheet,
        move_extras=apocalypseroad_extras,
    ),
    "roadwolf": GameRenderers(
        board=render_roadwolf_board, sheet=render_roadwolf_sheet, move_extras=roadwolf_extras
    ),
}
"""The renderers of each registered game, keyed like `games.registry.GAMES`."""
