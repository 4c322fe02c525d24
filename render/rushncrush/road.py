"""Rush 'n' Crush road drawing: cells, obstructions, curve kerbs, start, finish and lap lines,
row and lane labels, and mines."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PIL import ImageDraw

from games.rushncrush.tiles import CONCRETE, LANES, ROCK, TILE_ROWS, VOID
from render.fonts import font
from render.palette import Theme
from render.rushncrush.course import Layout, Row
from render.shapes import Box, draw_text, strike


def draw_road(draw: ImageDraw.ImageDraw, layout: Layout, rows: Sequence[Row], theme: Theme) -> None:
    """Cells, obstructions, narrowings, curve kerbs, start/finish/lap lines and labels."""
    c = layout.cell
    label = font(max(layout.label, 0.36 * c), bold=True)
    every = 1 if c >= layout.label * 1.4 else 2
    gap = max(1, round(c / 24))
    thick = max(2, round(c / 9))
    for r in rows:
        for lane, letter in enumerate(r.cells):
            x0, y0, x1, y1 = layout.cell_box(r.row, lane)
            if letter == VOID:
                # Off the road: the background shows through, crossed so it reads as "no road".
                strike(draw, (x0 + c * 0.3, y0 + c * 0.3, x1 - c * 0.3, y1 - c * 0.3),
                       fill=theme.faded, width=max(1, round(c / 16)))  # fmt: skip
                continue
            shade = theme.surface if (r.row // TILE_ROWS) % 2 == 0 else theme.surface_alt
            draw.rectangle((x0, y0, x1 - gap, y1 - gap), fill=shade)
            if letter == ROCK:
                m = c * 0.16
                draw.ellipse((x0 + m, y0 + m * 1.4, x1 - m - gap, y1 - m - gap),
                             fill=theme.muted, outline=theme.background, width=gap + 1)  # fmt: skip
            elif letter == CONCRETE:
                draw.rectangle((x0, y0, x1 - gap, y1 - gap), fill=theme.line)
                for k in (0.25, 0.5, 0.75):
                    draw.line((x0, y0 + k * c, x1 - gap, y0 + k * c), fill=theme.faded, width=gap)
        x_left = layout.cell_box(r.row, 0)[0]
        x_right = x_left + LANES * c - gap
        y0 = layout.cell_box(r.row, 0)[1]
        if r.curve is not None:
            # Kerb stripes on the outside of the bend: the tiles' only curve hint.
            x = x_right + gap if r.curve == "left" else x_left - 2 * gap - 2
            colour = theme.danger if r.row % 2 else theme.text
            draw.rectangle((x, y0, x + 2 * gap + 1, y0 + c - gap), fill=colour)
        if r.row % every == 0:
            draw_text(
                draw,
                (x_left - c * 0.12, y0 + c / 2),
                str(r.row),
                fnt=label,
                fill=theme.muted,
                anchor="rm",
            )
        bottom = y0 + c - gap / 2
        if r.finish_line:
            _chequer(draw, (x_left, bottom - c * 0.1, x_right, bottom + c * 0.1), theme)
        elif r.start_line:
            draw.line((x_left, bottom, x_right, bottom), fill=theme.text, width=thick)
        elif r.lap_line:
            draw.line((x_left, bottom, x_right, bottom), fill=theme.accent, width=thick)
    _bands(draw, layout, theme)


def _chequer(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    size = (y1 - y0) / 2
    columns = max(2, round((x1 - x0) / size))
    step = (x1 - x0) / columns
    for i in range(columns):
        for j in range(2):
            colour = theme.die if (i + j) % 2 == 0 else theme.die_ink
            xa = x0 + i * step
            ya = y0 + j * size
            draw.rectangle((xa, ya, xa + step, ya + size), fill=colour)


def _bands(draw: ImageDraw.ImageDraw, layout: Layout, theme: Theme) -> None:
    """Lane numbers under each strip and a "this way" arrow over it."""
    c = layout.cell
    small = font(layout.label, bold=True)
    for strip in range(layout.strips):
        x = layout.strip_x(strip)
        for lane in range(LANES):
            draw_text(
                draw,
                (x + (lane + 0.5) * c, layout.road_bottom + layout.band / 2),
                str(lane + 1),
                fnt=small,
                fill=theme.muted,
            )
        mid, tip = x + LANES * c / 2, layout.top + layout.band * 0.15
        h = layout.band * 0.6
        draw.polygon(((mid, tip), (mid - h, tip + h), (mid + h, tip + h)), fill=theme.muted)


def draw_mines(
    draw: ImageDraw.ImageDraw,
    layout: Layout,
    mines: Iterable[tuple[int, int, int | None]],
    theme: Theme,
    *,
    covered: frozenset[tuple[int, int]] = frozenset(),
) -> None:
    """Mines as spiky stars in the danger colour, with the owner's car number.

    A mine under a car or wreck (a `covered` cell) is drawn small in the cell's top-right corner,
    over the token, so both show.
    """
    c = layout.cell
    for row, lane, number in mines:
        if not layout.shows(row):
            continue
        cx, cy = layout.centre(row, lane)
        size = 1.0
        if (row, lane) in covered:
            size = 0.55
            cx, cy = cx + c * 0.3, cy - c * 0.3
        points = []
        for i in range(16):
            radius = c * size * (0.34 if i % 2 == 0 else 0.2)
            angle = math.pi * i / 8
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        draw.polygon(points, fill=theme.danger, outline=theme.background)
        if number is not None:
            label = font(max(layout.label, 0.26 * c * max(size, 0.8)), bold=True)
            draw_text(
                draw,
                (cx, cy),
                str(number),
                fnt=label,
                fill=theme.text,
                outline=theme.danger,
                outline_width=1,
            )
