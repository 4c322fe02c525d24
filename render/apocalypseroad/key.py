"""The key under the board: what the terrain patterns and car counters mean."""

from __future__ import annotations

from PIL import ImageDraw

from render.apocalypseroad.cars import draw_counter
from render.apocalypseroad.layout import PAD
from render.apocalypseroad.road import draw_terrain
from render.apocalypseroad.scene import CarMark, Spot, Terrain
from render.fonts import font
from render.palette import Theme
from render.shapes import draw_text

ROW_H = 40.0
ICON = 32.0
COLUMNS = 2

ENTRIES: tuple[tuple[str, str], ...] = (
    ("car", "to move (A3: team A, car 3)"),
    ("moved", "moved this turn"),
    ("rough", "Rough: no lane changes"),
    ("jump", "Jump lane (Rough)"),
    ("trough", "Trough (only by event)"),
    ("crossover", "crossover (x: crossing)"),
)


def key_height(width: float) -> float:
    rows = -(-len(ENTRIES) // COLUMNS)
    return rows * ROW_H + 34


def draw_key(
    draw: ImageDraw.ImageDraw, at: tuple[float, float], width: float, theme: Theme, *, label: float
) -> None:
    x, y = at
    fnt = font(label)
    draw_text(
        draw,
        (x, y + 4),
        "Red 2/6 on a car: its damage (out at 6). Race runs up ↑ then →",
        fnt=fnt,
        fill=theme.muted,
        anchor="la",
    )
    y += 34
    col_w = (width - 2 * PAD) / COLUMNS
    for i, (icon, words) in enumerate(ENTRIES):
        row, col = divmod(i, COLUMNS)
        ix, iy = x + col * col_w, y + row * ROW_H
        box = (ix, iy, ix + ICON, iy + ICON)
        if icon in ("car", "moved"):
            car = CarMark(0, 3, Spot("out"), 2, activated=icon == "moved")
            draw_counter(
                draw, (ix - 4, iy - 4, ix + ICON + 4, iy + ICON + 4), car, theme, label=label
            )
        else:
            terrain: Terrain = icon  # type: ignore[assignment]
            draw_terrain(draw, box, terrain, theme)
        draw_text(
            draw, (ix + ICON + 10, iy + ICON / 2), words, fnt=fnt, fill=theme.text, anchor="lm"
        )
