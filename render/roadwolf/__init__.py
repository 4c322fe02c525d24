"""Road Wolf renderers: the public board, a side's record sheet and the move preview."""

from __future__ import annotations

from games.roadwolf.geometry import MoveKind
from games.roadwolf.model import RwView
from games.roadwolf.preview import Preview
from render.palette import DEFAULT_THEME, Theme
from render.roadwolf.adapt import scene_of, sheet_of
from render.roadwolf.board import render_scene
from render.roadwolf.plan import plan_from_preview, plan_move
from render.roadwolf.preview import render_plan
from render.roadwolf.scene import Rect
from render.roadwolf.sheet import render_sheet
from render.roadwolf.spots import render_spots


def render_roadwolf_board(
    view: RwView, *, scale: float = 1.0, whole_road: bool = False, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of the road around the action (or all 48 rows with `whole_road`)."""
    return render_scene(scene_of(view), scale=scale, whole_road=whole_road, theme=theme)


def render_roadwolf_sheet(
    view: RwView,
    *,
    preview: tuple[str, Preview] | None = None,
    scale: float = 1.0,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """PNG of the viewer's side: its vehicles with their hidden crew and gear tokens; with
    `preview` (a vehicle letter and the rules' preview of its move), that move's preview
    instead (drawn as a private image, like the sheet it replaces)."""
    if preview is not None:
        letter, planned = preview
        return render_roadwolf_preview(view, letter, planned, scale=scale, theme=theme)
    return render_sheet(sheet_of(view), scale=scale, theme=theme)


def render_roadwolf_preview(
    view: RwView,
    vehicle: str,
    preview: Preview,
    *,
    scale: float = 1.0,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """PNG of a planned move before it is confirmed, from the rules' preview of it: reach,
    path, the ghost where it stops, warnings (a ram and its dice, off-road and its check)."""
    plan = plan_from_preview(view, vehicle, preview)
    return render_plan(scene_of(view), plan, scale=scale, theme=theme)


def render_roadwolf_spots(
    view: RwView,
    vehicle: str,
    spots: tuple[tuple[int, int], ...],
    *,
    scale: float = 1.0,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """PNG of where `vehicle` may start: each of `spots` (back-left cells) numbered from 1."""
    piece = next(v for v in view.vehicles if v.letter == vehicle)
    boxes = [Rect(x, y, piece.w, piece.h) for x, y in spots]
    title = f"Where does {piece.name} {vehicle} start? Tap its number."
    return render_spots(scene_of(view), title, boxes, scale=scale, theme=theme)


def render_roadwolf_plan(
    view: RwView,
    vehicle: str,
    kind: MoveKind,
    dx: int,
    dy: int,
    *,
    scale: float = 1.0,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """The same preview worked out from the view alone (the 1.6 geometry on public positions)."""
    plan = plan_move(view, vehicle, kind, dx, dy)
    return render_plan(scene_of(view), plan, scale=scale, theme=theme)


__all__ = [
    "render_roadwolf_board",
    "render_roadwolf_plan",
    "render_roadwolf_preview",
    "render_roadwolf_sheet",
    "render_roadwolf_spots",
]
