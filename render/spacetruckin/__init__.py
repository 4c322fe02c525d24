"""Space Truckin' renderers: the public board and a trucker's private sheet (view -> PNG).

- `render_spacetruckin_board(view)`: from `view(state, None)`; reads only the public part.
- `render_spacetruckin_sheet(view, preview=...)`: from `view(state, player)`; `preview` is a
  `Place` (as `legal_placements` returns, for the picked shape) or cell names ("B4", "B5"...).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.spacetruckin.models import Place
from games.spacetruckin.view import SpaceTruckinView
from render.palette import DEFAULT_THEME, Theme
from render.spacetruckin.board import render_public_board
from render.spacetruckin.sheet import render_sheet


def render_spacetruckin_board(
    view: SpaceTruckinView, *, scale: float = 1.0, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of the shared table: step, who still owes a move, star chart, truckers' VP/status."""
    return render_public_board(view.public, scale=scale, theme=theme)


def render_spacetruckin_sheet(
    view: SpaceTruckinView,
    *,
    preview: Place | Sequence[str] | None = None,
    system: str | None = None,
    pips: Sequence[str] = (),
    scale: float = 1.0,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """PNG of the viewer's own sheet: next move, dice, challenge, truck grid, pips and damage.
    `system` letters preview cells given by name (a system not picked yet, as in a preview of
    a whole build); `pips` outlines the grids its pip may take and says so at the top.

    Raises ValueError for a view without a sheet (a spectator's) or a `Place` preview when no
    shape is picked; TypeError for a preview given as one string.
    """
    return render_sheet(view, preview=preview, system=system, pips=pips, scale=scale, theme=theme)


__all__ = ["render_spacetruckin_board", "render_spacetruckin_sheet"]
