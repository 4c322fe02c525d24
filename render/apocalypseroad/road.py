"""The Apocalypse Road track drawn from its data: lanes, Rough, Jump, Trough, crossover, the
finish line, the starting grid and the Chute."""

from __future__ import annotations

from PIL import ImageDraw

from render.apocalypseroad.layout import OFF, Layout
from render.apocalypseroad.scene import Terrain
from render.fonts import font
from render.palette import Theme
from render.shapes import Box, draw_text


def draw_terrain(draw: ImageDraw.ImageDraw, box: Box, terrain: Terrain, theme: Theme) -> None:
    """One track space: paved plain, Rough dotted, Jump chevrons, the Trough sunken, crossover
    cross-hatched (each by pattern, not only colour). Also used for the key's icons."""
    x0, y0, x1, y1 = box
    c = x1 - x0
    gap = max(1, round(c / 24))
    inner = (x0, y0, x1 - gap, y1 - gap)
    w = max(1, round(c / 18))
    if terrain == "paved":
        draw.rectangle(inner, fill=theme.surface)
    elif terrain == "rough":
        draw.rectangle(inner, fill=theme.surface_alt)
        r = c * 0.05
        for fx, fy in ((0.25, 0.25), (0.7, 0.3), (0.45, 0.55), (0.2, 0.8), (0.75, 0.78)):
            cx, cy = x0 + fx * c, y0 + fy * c
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.muted)
    elif terrain == "jump":
        draw.rectangle(inner, fill=theme.surface_alt)
        for fy in (0.35, 0.75):
            y = y0 + fy * c
            draw.line(
                (x0 + 0.2 * c, y, x0 + 0.5 * c, y - 0.22 * c, x0 + 0.8 * c, y),
                fill=theme.muted,
                width=w,
            )
    elif terrain == "trough":
        draw.rectangle(inner, fill=theme.background, outline=theme.line, width=w)
        for fy in (0.3, 0.5, 0.7):
            y = y0 + fy * c
            draw.line((x0 + 0.2 * c, y, x1 - 0.2 * c, y), fill=theme.faded, width=w)
    else:  # crossover
        draw.rectangle(inner, fill=theme.surface)
        step = c / 4
        for k in range(1, 4):
            draw.line((x0 + k * step, y0, x0, y0 + k * step), fill=theme.line, width=w)
            draw.line((x1 - gap, y0 + k * step, x0 + k * step, y1 - gap), fill=theme.line, width=w)


def draw_road(draw: ImageDraw.ImageDraw, layout: Layout, theme: Theme, *, label: float) -> None:
    """Every shown sector, the sector numbers, the finish line, crossings, Chute and grid."""
    track = layout.track
    c = layout.cell
    small = font(label, bold=True)
    for sector in layout.sectors:
        lanes = track.sectors[sector]
        for lane, terrain in enumerate(lanes):
            draw_terrain(draw, layout.column_box(sector, lane + 1), terrain, theme)
        x0, y0, x1, y1 = layout.column_box(sector, 0)
        if sector == track.chute_sector:
            # The Chute: a virtual space beside the apron, where replacements wait.
            draw.rectangle((x0 + 2, y0 + 2, x1 - 3, y1 - 3), outline=theme.line, width=2)
            draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "CH", fnt=small, fill=theme.muted)
        else:
            draw_text(
                draw,
                (x1 - c * 0.06, (y0 + y1) / 2),
                str(sector),
                fnt=small,
                fill=theme.muted,
                anchor="rm",
            )
        if sector == track.finish_before:
            xa = layout.column_box(sector, 1)[0]
            xb = layout.column_box(sector, len(lanes))[2]
            _chequer(draw, (xa, y1 - c * 0.09, xb, y1 + c * 0.09), theme)
        other = track.crossing_of(sector)
        if other is not None:
            ox0, oy0, _, oy1 = layout.column_box(sector, layout.cols - 1)
            draw_text(
                draw,
                (ox0 + c * 0.04, (oy0 + oy1) / 2),
                f"x{other}",
                fnt=small,
                fill=theme.text,
                anchor="lm",
            )
        if sector == track.grid_join and layout.grid:
            ox0, oy0, _, oy1 = layout.column_box(sector, 0)
            y = (oy0 + oy1) / 2
            draw.polygon(
                ((ox0 + 2, y), (ox0 - c * 0.3, y - c * 0.22), (ox0 - c * 0.3, y + c * 0.22)),
                fill=theme.text,
            )
    if layout.grid:
        _grid(draw, layout, theme, small)
    _bands(draw, layout, theme, small)


def _grid(draw: ImageDraw.ImageDraw, layout: Layout, theme: Theme, small: object) -> None:
    """The starting grid block: numbered positions, 1 at the top nearest the track."""
    track = layout.track
    fnt = font(layout.band - 10, bold=True)
    for position in range(1, track.grid_lanes * track.grid_rows + 1):
        x0, y0, x1, y1 = layout.grid_box(position)
        draw.rectangle((x0, y0, x1 - 2, y1 - 2), fill=theme.surface_alt)
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), str(position), fnt=fnt, fill=theme.faded)
    x0 = layout.left
    x1 = x0 + track.grid_lanes * layout.cell
    draw_text(
        draw,
        ((x0 + x1) / 2, layout.top + layout.band / 2),
        f"GRID → {track.grid_join}",
        fnt=fnt,
        fill=theme.text,
    )


def _chequer(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    size = (y1 - y0) / 2
    columns = max(2, round((x1 - x0) / size))
    step = (x1 - x0) / columns
    for i in range(columns):
        for j in range(2):
            colour = theme.die if (i + j) % 2 == 0 else theme.die_ink
            draw.rectangle(
                (x0 + i * step, y0 + j * size, x0 + (i + 1) * step, y0 + (j + 1) * size),
                fill=colour,
            )


def _bands(draw: ImageDraw.ImageDraw, layout: Layout, theme: Theme, small: object) -> None:
    """An arrow over each strip (the race runs up) and lane numbers under it."""
    c = layout.cell
    fnt = font(layout.band - 10, bold=True)
    for strip in range(layout.strips):
        x = layout.strip_x(strip)
        for lane in range(layout.track.max_lanes):
            draw_text(
                draw,
                (x + (lane + 0.5 + OFF) * c, layout.road_bottom + layout.band / 2),
                str(lane + 1),
                fnt=fnt,
                fill=theme.muted,
            )
        mid = x + layout.strip_w / 2
        tip = layout.top + 3
        h = layout.band * 0.55
        draw.polygon(((mid, tip), (mid - h, tip + h), (mid + h, tip + h)), fill=theme.muted)
