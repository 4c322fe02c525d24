"""Rush 'n' Crush track drawing: which rows to show, where each cell lands, road, cars and paths.

The race runs UP the image (so a path's L and R go left and right on screen, as typed). A long
stretch is folded into side-by-side strips read left to right, like columns of a newspaper: a
phone shows a ~400 px wide picture, and one 4-lane strip 40 rows tall would shrink to nothing.

Cars take their player's seat colour and shape (`car_style`), never their team's: two players
on one team would otherwise look alike. The car's number is the mark in the token.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple

from PIL import ImageDraw

from games.rushncrush.course import get_course
from games.rushncrush.tiles import (
    CONCRETE,
    LANES,
    ROCK,
    START_LINE_ROW,
    TILE_ROWS,
    TILES,
    VOID,
)
from games.rushncrush.view import CarView, RncView
from render.fonts import font
from render.palette import RGB, PlayerStyle, Theme
from render.shapes import Box, Point, draw_text, strike, token

# Proportions of one cell: the gap between strips, and the bands above (direction arrow) and
# below (lane numbers) the strips. The row-number gutter left of a strip is as wide as its
# labels need (`gutter_for`), so the labels keep their phone-readable size however small the
# cells get.
GAP = 0.45
BAND = 0.55
MAX_STRIPS = 8
CELL_MIN = 36.0
"""Below this a car's number no longer fits its token at a readable size: fold more instead."""


class Row(NamedTuple):
    row: int
    cells: str
    curve: str | None
    start_line: bool
    finish_line: bool
    lap_line: bool


def course_rows(view: RncView, first: int, last: int) -> tuple[Row, ...]:
    """Rows `first..last`: from the view where it has them, else from the (public) course."""
    course = get_course(view.course_key)
    known = {r.row: r for r in view.rows}
    out: list[Row] = []
    for row in range(first, last + 1):
        seen = known.get(row)
        if seen is not None:
            cells, curve, mirrored = seen.cells, seen.curve, seen.mirrored
        else:
            lap_row = row % course.lap_rows if course.loop else min(row, course.lap_rows - 1)
            number, mirrored = course.tile_of_row[lap_row]
            cells = "".join(course.cell(row, lane) for lane in range(LANES))
            curve = TILES[number].curve
        if curve is not None and mirrored:
            curve = "right" if curve == "left" else "left"
        lap_line = (
            course.loop
            and START_LINE_ROW < row < view.finish_row
            and (row - START_LINE_ROW) % course.lap_rows == 0
        )
        out.append(Row(row, cells, curve, row == START_LINE_ROW, row == view.finish_row, lap_line))
    return tuple(out)


@dataclass(frozen=True)
class Layout:
    """Where every shown row and lane lands in the image."""

    first: int
    last: int
    strips: int
    per_strip: int
    cell: float
    left: float
    top: float
    gutter: float
    """Width of the row-number column left of each strip (pixels)."""
    label: float
    """Font size of the row and lane numbers (pixels): never under the phone-readable floor."""

    @property
    def band(self) -> float:
        return max(BAND * self.cell, self.label + 8)

    @property
    def strip_width(self) -> float:
        return self.gutter + LANES * self.cell

    @property
    def width(self) -> float:
        return self.strips * self.strip_width + (self.strips - 1) * GAP * self.cell

    @property
    def height(self) -> float:
        return self.per_strip * self.cell + 2 * self.band

    def shows(self, row: int) -> bool:
        return self.first <= row <= self.last

    def strip_of(self, row: int) -> int:
        return (row - self.first) // self.per_strip

    def strip_x(self, strip: int) -> float:
        """Left edge of the road (not the gutter) of a strip."""
        return self.left + strip * (self.strip_width + GAP * self.cell) + self.gutter

    @property
    def road_top(self) -> float:
        return self.top + self.band

    @property
    def road_bottom(self) -> float:
        return self.road_top + self.per_strip * self.cell

    def cell_box(self, row: int, lane: int) -> Box:
        strip, index = divmod(row - self.first, self.per_strip)
        x = self.strip_x(strip) + lane * self.cell
        y = self.road_top + (self.per_strip - 1 - index) * self.cell
        return (x, y, x + self.cell, y + self.cell)

    def centre(self, row: int, lane: int) -> Point:
        x0, y0, x1, y1 = self.cell_box(row, lane)
        return ((x0 + x1) / 2, (y0 + y1) / 2)


def gutter_for(last_row: int, label: float) -> float:
    """Room for the widest row number up to `last_row` at font size `label`, plus a margin."""
    return font(label, bold=True).getlength(str(max(10, last_row))) + label * 0.5


def fit(
    rows: int,
    max_w: float,
    max_h: float,
    cell_max: float,
    *,
    gutter: float,
    band: float,
    cell_min: float = 0.0,
) -> tuple[int, int, float]:
    """(strips, rows per strip, cell size) giving the largest cells inside `max_w` x `max_h`.

    `gutter` (per strip) and `band` (above and below) are in pixels. No fold gives cells under
    `cell_min` if any fold of the width can avoid it: then the image grows taller instead.
    """
    best: tuple[int, int, float] | None = None
    readable: tuple[int, int, float] | None = None
    for strips in range(1, MAX_STRIPS + 1):
        per = -(-rows // strips)
        room = max_w - strips * gutter
        if room <= 0:
            break
        across = min(cell_max, room / (strips * LANES + (strips - 1) * GAP))
        cell = min(across, (max_h - 2 * band) / per)
        # Another strip breaks the road once more: take it only for clearly bigger cells.
        if cell >= cell_min and (best is None or cell > best[2] * 1.25):
            best = (strips, per, cell)
        if across >= cell_min:
            readable = (strips, per, across)  # the most strips whose cells still read
        if per == 1:
            break
    return best or readable or (1, rows, min(cell_max, (max_w - gutter) / LANES))


def window(
    lo: int,
    hi: int,
    view: RncView,
    max_w: float,
    max_h: float,
    cell_max: float,
    top: float,
    *,
    label: float,
) -> Layout:
    """A layout showing at least rows lo..hi, filling the last strip with more road ahead.

    Its `left` is 0: the caller centres it with `dataclasses.replace`. `label` is the font size
    of the row and lane numbers.
    """
    floor, ceiling = 0, view.finish_row + 3
    lo, hi = max(floor, lo), min(ceiling, max(hi, lo))
    gutter = gutter_for(ceiling, label)
    band = label + 8
    strips, per, cell = fit(hi - lo + 1, max_w, max_h, cell_max, gutter=gutter, band=band,
                            cell_min=min(CELL_MIN, cell_max))  # fmt: skip
    spare = strips * per - (hi - lo + 1)
    ahead = min(spare, ceiling - hi)
    hi += ahead
    lo = max(floor, lo - (spare - ahead))
    strips = -(-(hi - lo + 1) // per)
    return Layout(lo, hi, strips, per, cell, 0.0, top, gutter, label)


# --- drawing ------------------------------------------------------------------------------------


def seat_of(view: RncView, car: CarView) -> int:
    """The car's seat: its place in the view's car list (the players' order at setup)."""
    return next((i for i, c in enumerate(view.cars) if c.player == car.player), 0)


def car_style(view: RncView, car: CarView, theme: Theme) -> PlayerStyle:
    """The car's player's seat style: a colour and shape no other player in the race has."""
    return theme.player(seat_of(view, car))


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


def copies(view: RncView, layout: Layout, cell: tuple[int, int]) -> list[tuple[int, int]]:
    """Where a wreck or mine shows: wrecks and mines are physical, so on a loop the same spot
    comes round every lap (`Course.spot`) and each lap's copy in the window shows it."""
    course = get_course(view.course_key)
    if not course.loop:
        return [cell]
    spot, lane = course.spot(cell), cell[1]
    return [
        (r, lane) for r in range(layout.first, layout.last + 1) if course.spot((r, lane)) == spot
    ]


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


def draw_car(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    radius: float,
    car: CarView,
    style: PlayerStyle,
    theme: Theme,
    *,
    label: float = 0.0,
    ghost: bool = False,
) -> None:
    """A car token in its player's colour and shape (`car_style`), with the car's number.

    The number is drawn at least `label` px (the image's phone-readable floor). A wreck is a
    grey disc, struck through (as the key shows it); a ghost (a planned end cell) is hollow.
    """
    shape = "circle" if car.destroyed else style.shape
    fill = theme.faded if car.destroyed else style.colour
    fnt = font(max(label, radius * (1.05 if shape == "triangle" else 1.2)), bold=True)
    width = max(2, round(radius / 8))
    if ghost:
        token(draw, centre, radius, shape=shape, fill=theme.background, outline=fill,
              mark=str(car.number), ink=theme.text, width=width + 1, fnt=fnt)  # fmt: skip
        return
    if not car.destroyed:
        token(draw, centre, radius, shape=shape, fill=fill, outline=theme.text,
              mark=str(car.number), ink=style.ink, width=width, fnt=fnt)  # fmt: skip
        return
    # A wreck: the cross goes under the number so the number stays readable.
    token(draw, centre, radius, shape=shape, fill=fill, outline=theme.background, width=width)
    d = radius * 0.7
    cx, cy = centre
    strike(draw, (cx - d, cy - d, cx + d, cy + d), fill=theme.danger, width=width)
    draw_text(
        draw,
        centre,
        str(car.number),
        fnt=fnt,
        fill=theme.text,
        outline=fill,  # a rim in the wreck's grey keeps the number clear of the cross
        outline_width=max(1, round(radius / 12)),
    )


def draw_cars(
    draw: ImageDraw.ImageDraw,
    layout: Layout,
    cars: Sequence[CarView],
    theme: Theme,
    view: RncView,
) -> None:
    """Wrecks first (on a loop, on every lap's copy of their spot), then live cars on top; the
    car whose turn it is gets an accent ring."""
    radius = layout.cell * 0.42
    for car in [c for c in cars if c.destroyed]:
        style = car_style(view, car, theme)
        for row, lane in copies(view, layout, (car.row, car.lane)):
            if layout.shows(row):
                draw_car(draw, layout.centre(row, lane), radius, car, style, theme,
                         label=layout.label)  # fmt: skip
    for car in [c for c in cars if not c.destroyed]:
        if not layout.shows(car.row):
            continue
        cx, cy = layout.centre(car.row, car.lane)
        if car.is_active:
            ring = layout.cell * 0.56
            draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), outline=theme.accent,
                         width=max(3, round(layout.cell / 10)))  # fmt: skip
        draw_car(draw, (cx, cy), radius, car, car_style(view, car, theme), theme,
                 label=layout.label)  # fmt: skip


def draw_path(
    draw: ImageDraw.ImageDraw,
    layout: Layout,
    cells: Sequence[tuple[int, int]],
    colour: RGB,
    width: float,
    *,
    theme: Theme | None = None,
) -> None:
    """A line through the cells' centres; a step that crosses into the next strip leaves its
    strip at the top and comes in again at the bottom of the next one.

    With a `theme` the line gets a contrasting edge, so a dark seat colour (black) still shows
    on a dark road and a light one on a light road.
    """
    shown = [cell for cell in cells if layout.shows(cell[0])]
    if theme is not None:
        light = sum(colour) > 3 * 128
        edge = theme.background if light == (sum(theme.background) < 3 * 128) else theme.text
        _path(draw, layout, shown, edge, width + max(2.0, width * 0.6))
    _path(draw, layout, shown, colour, width)


def _path(
    draw: ImageDraw.ImageDraw,
    layout: Layout,
    shown: Sequence[tuple[int, int]],
    colour: RGB,
    width: float,
) -> None:
    w = max(2, round(width))
    dot = width * 0.9
    for a, b in pairwise(shown):
        pa, pb = layout.centre(*a), layout.centre(*b)
        if layout.strip_of(a[0]) == layout.strip_of(b[0]):
            draw.line((pa, pb), fill=colour, width=w)
        else:
            draw.line((pa, (pa[0], layout.road_top)), fill=colour, width=w)
            draw.line(((pb[0], layout.road_bottom), pb), fill=colour, width=w)
    for cell in shown[1:]:
        x, y = layout.centre(*cell)
        draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=colour)
    if shown:
        x, y = layout.centre(*shown[0])
        r = width * 1.8
        draw.ellipse((x - r, y - r, x + r, y + r), outline=colour, width=w)
