"""The Apocalypse Road public board: banner, the track around the cars, the last move, teams.

Layout, top to bottom: a banner (whose turn and what to do, or who won), a line with the turn
and the countdown clock, the track (see `layout`: the sectors around the cars, or the whole
track with `whole_track=True`), what the last move did, one card per team, and a short key.
720 px wide, so no label is under 20 px (11 px when a phone shows it 400 px wide).
"""

from __future__ import annotations

from PIL import ImageDraw

from games.apocalypseroad.model import ArView
from render.apocalypseroad.adapt import scene as scene_of
from render.apocalypseroad.cars import draw_cars, draw_shots, draw_trails
from render.apocalypseroad.key import draw_key, key_height
from render.apocalypseroad.layout import PAD, Layout, board_layout, image_width, track_area
from render.apocalypseroad.panel import (
    LINE_H,
    banner_height,
    draw_banner,
    draw_panel,
    panel_height,
    wrap,
)
from render.apocalypseroad.road import draw_road
from render.apocalypseroad.scene import Scene
from render.encode import encode_png
from render.fonts import font, min_label_px
from render.layers import Layer, layer, layered_canvas
from render.palette import DEFAULT_THEME, Theme
from render.shapes import draw_text, text_width

LABEL = float(min_label_px(720))
"""The smallest text on the board (20 px)."""


def track_top(scene: Scene) -> float:
    return banner_height(len(scene.lines)) + PAD


def scene_layout(scene: Scene, *, whole_track: bool = False) -> Layout:
    return board_layout(scene, top=track_top(scene), label=LABEL, whole_track=whole_track)


NOTE_LINES = 3
"""Lines kept for what the last move did: always, so the board keeps its size."""


def panel_top(scene: Scene, layout: Layout, width: float, *, whole_track: bool = False) -> float:
    """Where the team cards start (tests find the turn markers from it)."""
    area = track_area(layout, LABEL, whole_track=whole_track)
    return track_top(scene) + area + PAD + LINE_H * NOTE_LINES + PAD


def _notes(scene: Scene, width: float) -> list[str]:
    """The last move in at most `NOTE_LINES` lines (its whole story is in the message)."""
    fnt = font(LABEL)
    lines = [line for note in scene.last_move for line in wrap(note, fnt, width - 2 * PAD)]
    if len(lines) > NOTE_LINES:
        lines = [*lines[: NOTE_LINES - 1], " ".join(lines[NOTE_LINES - 1 :])]
        last = wrap(lines[-1], fnt, width - 2 * PAD - text_width(" …", fnt))[0]
        lines[-1] = f"{last} …"
    return lines


def draw_scene(scene: Scene, *, whole_track: bool = False, theme: Theme = DEFAULT_THEME) -> bytes:
    layout = scene_layout(scene, whole_track=whole_track)
    width = image_width(layout)
    top = panel_top(scene, layout, width, whole_track=whole_track)
    key_top = top + panel_height(len(scene.teams))
    height = key_top + key_height(width) + PAD
    # The road shown and the key change only with the window and the table's size: drawn once
    # (`render/layers.py`), first (the key used to be drawn last: nothing else overlaps it).
    img, draw = layered_canvas(width, height, theme=theme, layers=(
        road_layer(layout, width, theme),
        layer(draw_key, (PAD, key_top), width, theme, label=LABEL,
              within=(0, key_top, width, height)),
    ))  # fmt: skip
    draw_trails(draw, layout, scene.trails, theme)
    draw_cars(draw, layout, scene.cars, theme, label=LABEL)
    draw_shots(draw, layout, scene.shots, theme)
    draw_banner(draw, width, scene.title, scene.lines, theme, label=LABEL)
    _draw_notes(
        draw,
        scene,
        track_top(scene) + track_area(layout, LABEL, whole_track=whole_track),
        width,
        theme,
    )
    draw_panel(draw, scene.teams, top, width, theme, label=LABEL)
    return encode_png(img, theme=theme)


def road_layer(layout: Layout, width: float, theme: Theme) -> Layer:
    """The road `layout` shows, as a static layer: the same while the window does not move."""
    band = (0, layout.top, width, layout.top + layout.height)
    return layer(draw_road, layout, theme, label=LABEL, within=band)


def _draw_notes(
    draw: ImageDraw.ImageDraw, scene: Scene, bottom: float, width: float, theme: Theme
) -> None:
    y = bottom + PAD / 2
    fnt = font(LABEL)
    for line in _notes(scene, width):
        draw_text(draw, (PAD, y), line, fnt=fnt, fill=theme.text, anchor="la")
        y += LINE_H


def render_apocalypseroad(
    view: ArView, *, whole_track: bool = False, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of the race from the public view: the track around the cars (or `whole_track`)."""
    return draw_scene(scene_of(view), whole_track=whole_track, theme=theme)
