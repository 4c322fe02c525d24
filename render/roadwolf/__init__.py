"""Road Wolf renderers: the public board, a side's record sheet and the move preview."""

from __future__ import annotations

from games.roadwolf.geometry import MoveKind
from games.roadwolf.model import RwView
from render.palette import DEFAULT_THEME, Theme
from render.roadwolf.adapt import scene_of, sheet_of
from render.roadwolf.board import render_scene
from render.roadwolf.plan import plan_move
from render.roadwolf.preview import render_plan
from render.roadwolf.sheet import render_sheet


def render_roadwolf_board(
    view: RwView, *, scale: float = 1.0, whole_road: bool = False, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of the road around the action (or all 48 rows with `whole_road`)."""
    return render_scene(scene_of(view), scale=scale, whole_road=whole_road, theme=theme)


def render_roadwolf_sheet(
    view: RwView, *, scale: float = 1.0, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of the viewer's side: its vehicles with their hidden crew and gear tokens."""
    return render_sheet(sheet_of(view), scale=scale, theme=theme)


def render_roadwolf_preview(
    view: RwView,
    vehicle: str,
    kind: MoveKind,
    dx: int,
    dy: int,
    *,
    scale: float = 1.0,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """PNG of a planned move before it is confirmed: reach, path, ghost at the end, warnings."""
    plan = plan_move(view, vehicle, kind, dx, dy)
    return render_plan(scene_of(view), plan, scale=scale, theme=theme)


__all__ = ["render_roadwolf_board", "render_roadwolf_preview", "render_roadwolf_sheet"]
