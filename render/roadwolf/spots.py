"""Where a vehicle may start: the road with the legal starting spots the table offers, each a
highlighted box with a big number (the buttons under the picture carry the same numbers), so a
player places a vehicle in one tap from what they see rather than typing a column and a row.
"""

from __future__ import annotations

import math
from dataclasses import replace

from render.encode import encode_png
from render.fonts import font
from render.palette import BLACK, DEFAULT_THEME, Theme, blend
from render.roadwolf.board import field_canvas
from render.roadwolf.layout import CELL, PAD, WIDTH, Grid, clamp_window, label_px
from render.roadwolf.scene import Rect, Scene
from render.shapes import draw_text
from render.toolkit import canvas

TITLE_H = 64.0
SPOT_ROWS = 16
"""Rows shown at least around the spots (four sticks: the spots and what lies near them)."""


def spots_grid(spots: list[Rect], *, scale: float = 1.0) -> Grid:
    """The window of rows holding every spot (tests use it to find pixels)."""
    lo = math.floor(min(r.y for r in spots)) - 1
    hi = math.ceil(max(r.top for r in spots))
    first, last = clamp_window(lo, hi, SPOT_ROWS)
    return Grid(first, last, PAD * scale, TITLE_H * scale, CELL * scale)


def render_spots(
    scene: Scene, title: str, spots: list[Rect], *, scale: float = 1.0, theme: Theme = DEFAULT_THEME
) -> bytes:
    """The road around `spots` (every vehicle and card on it as on the board), each spot
    tinted, outlined and numbered from 1."""
    grid = spots_grid(spots, scale=scale)
    label = label_px(scale)
    img, draw = canvas(WIDTH * scale, grid.top + grid.height + PAD * scale, theme=theme)
    draw_text(draw, (img.width / 2, TITLE_H * scale / 2), title, fnt=font(label * 1.2, bold=True),
              fill=theme.text)  # fmt: skip
    local = replace(grid, left=0.0, top=0.0)
    road, road_draw = field_canvas(local, replace(scene, traces=()), theme, label)
    tint = blend(theme.surface_alt, theme.accent, 1 / 2)
    number = font(label * 1.3, bold=True)
    for index, spot in enumerate(spots, start=1):
        x0, y0, x1, y1 = local.box(spot)
        road_draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), fill=tint, outline=theme.accent,
                            width=3)  # fmt: skip
        draw_text(road_draw, ((x0 + x1) / 2, (y0 + y1) / 2), str(index), fnt=number,
                  fill=theme.text, outline=BLACK, outline_width=2)  # fmt: skip
    img.paste(road, (round(grid.left), round(grid.top)))
    return encode_png(img, theme=theme)
