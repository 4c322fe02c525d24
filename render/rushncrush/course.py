"""Rush 'n' Crush track geometry: which rows to show and where each cell lands.

The race runs UP the image (so a path's L and R go left and right on screen, as typed). A long
stretch is folded into side-by-side strips read left to right, like columns of a newspaper: a
phone shows a ~400 px wide picture, and one 4-lane strip 40 rows tall would shrink to nothing.
The road is drawn in `road`, the cars and paths in `cars`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from games.rushncrush.course import get_course
from games.rushncrush.tiles import LANES, START_LINE_ROW, TILES
from games.rushncrush.view import RncView
from render.fonts import font
from render.shapes import Box, Point, text_width

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
    return text_width(str(max(10, last_row)), font(label, bold=True)) + label * 0.5


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
