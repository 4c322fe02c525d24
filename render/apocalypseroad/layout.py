"""Where the track lands on an Apocalypse Road image.

The race runs UP the image, the apron (inside lane) on the left. The shown sectors are folded
into side-by-side strips read left to right, like newspaper columns, so a phone showing the
image 400 px wide still reads every car. Each strip has a column beside the apron and one
beside the wall for cars spun off the track (Spin-Around, Into the Weeds); the sector numbers
sit in the inside column. The starting grid, while it holds cars, is a block left of the strips.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from render.apocalypseroad.scene import Scene, Spot, TrackShape
from render.shapes import Box, Point

WIDTH = 720.0
"""Image width: the smallest label is 20 px (11 px shown 400 px wide)."""
PAD = 14.0
GAP = 0.4
"""Between strips, in cells."""
OFF = 0.62
"""The columns beside the track (sector numbers, spun cars), in cells: narrow, since a car
there is rare (it is drawn full size, overlapping the margin)."""
CELL_MAX = 58.0
CELL_MIN = 40.0
TRACK_MAX_H = 760.0
WHOLE_MAX_H = 1100.0
BEHIND = 1
AHEAD = 4
MAX_STRIPS = 4


@dataclass(frozen=True)
class Layout:
    """The shown sectors, folded into strips, and every cell's box."""

    track: TrackShape
    sectors: tuple[int, ...]
    per: int
    strips: int
    cell: float
    left: float
    top: float
    grid: bool
    band: float
    """Room above the strips (direction arrows) and below (lane numbers)."""

    @property
    def cols(self) -> int:
        """Columns per strip: the lanes and the two beside them."""
        return self.track.max_lanes + 2

    @property
    def strip_w(self) -> float:
        return (self.track.max_lanes + 2 * OFF) * self.cell

    @property
    def grid_w(self) -> float:
        return (self.track.grid_lanes + GAP) * self.cell if self.grid else 0.0

    @property
    def width(self) -> float:
        return self.grid_w + self.strips * self.strip_w + (self.strips - 1) * GAP * self.cell

    @property
    def rows(self) -> int:
        return max(self.per, self.track.grid_rows if self.grid else 0)

    @property
    def height(self) -> float:
        return self.rows * self.cell + 2 * self.band

    @property
    def road_top(self) -> float:
        return self.top + self.band

    @property
    def road_bottom(self) -> float:
        return self.road_top + self.rows * self.cell

    def shows(self, sector: int) -> bool:
        return sector in self._index

    @cached_property
    def _index(self) -> dict[int, int]:
        return {s: i for i, s in enumerate(self.sectors)}

    def strip_of(self, sector: int) -> int:
        return self._index[sector] // self.per

    def strip_x(self, strip: int) -> float:
        """Left edge of a strip (its inside off-track column)."""
        return self.left + self.grid_w + strip * (self.strip_w + GAP * self.cell)

    def column_box(self, sector: int, column: int) -> Box:
        """Column 0 is beside the apron, 1.. are the lanes, `cols - 1` beside the wall."""
        strip, index = divmod(self._index[sector], self.per)
        x = self.strip_x(strip) + (OFF + column - 1) * self.cell
        y = self.road_bottom - (index + 1) * self.cell
        if column == 0:
            return (x + (1 - OFF) * self.cell, y, x + self.cell, y + self.cell)
        if column == self.cols - 1:
            return (x, y, x + OFF * self.cell, y + self.cell)
        return (x, y, x + self.cell, y + self.cell)

    def car_box(self, sector: int, column: int) -> Box:
        """A full cell centred on the column (a car beside the track overlaps the margin)."""
        x0, y0, x1, y1 = self.column_box(sector, column)
        mid = (x0 + x1) / 2
        return (mid - self.cell / 2, y0, mid + self.cell / 2, y1)

    def grid_box(self, position: int) -> Box:
        """Grid position 1 at the top left of the block (nearest the track), rows going down."""
        row, lane = divmod(position - 1, self.track.grid_lanes)
        x = self.left + lane * self.cell
        y = self.road_top + row * self.cell
        return (x, y, x + self.cell, y + self.cell)

    def spot_box(self, spot: Spot) -> Box | None:
        """The cell of a spot, or None if not shown (or not on the board: Chute, out)."""
        if spot.kind == "grid":
            return self.grid_box(spot.lane) if self.grid else None
        if not self.shows(spot.sector):
            return None
        if spot.kind == "track":
            return self.column_box(spot.sector, spot.lane + 1)
        if spot.kind in ("off_inside", "chute"):
            return self.car_box(spot.sector, 0)
        if spot.kind == "off_outside":
            return self.car_box(spot.sector, self.cols - 1)
        return None

    def centre(self, spot: Spot) -> Point | None:
        box = self.spot_box(spot)
        if box is None:
            return None
        return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _arc(track: TrackShape, sectors: set[int]) -> tuple[int, ...]:
    """The shortest run of sectors, in race order, holding all of `sectors` plus a margin."""
    n = len(track.sectors)
    if not sectors:
        return tuple(range(n))
    ordered = sorted(sectors)
    # The biggest empty gap between consecutive occupied sectors is what the window leaves out.
    gaps = [((ordered[(i + 1) % len(ordered)] - s) % n or n, s) for i, s in enumerate(ordered)]
    widest, after = max(gaps)
    start = (after + widest) % n
    length = n - widest + 1
    start = (start - BEHIND) % n
    length = min(n, length + BEHIND + AHEAD)
    if length >= n - 3:
        start, length = track.finish_before, n
    return tuple((start + i) % n for i in range(length))


def _fit(
    rows: int, cols: float, grid_cols: int, grid_rows: int, max_h: float, *, grow: bool
) -> tuple[int, float]:
    """(strips, cell) with the largest cells fitting the width and `max_h`; with `grow`, cells
    too small to read take fewer strips and a taller image instead (the whole track, asked
    for once; the race's own images keep one size through a turn)."""
    best: tuple[int, float] | None = None
    room = WIDTH - 2 * PAD
    for strips in range(1, MAX_STRIPS + 1):
        per = -(-rows // strips)
        span = grid_cols + (GAP if grid_cols else 0) + strips * cols + (strips - 1) * GAP
        cell = min(CELL_MAX, room / span, max_h / max(per, grid_rows))
        if best is None or cell > best[1] * 1.02:
            best = (strips, cell)
    assert best is not None
    strips, cell = best
    if cell < CELL_MIN and grow:
        # Too small to read: fewer strips and a taller image instead.
        for fewer in range(strips, 0, -1):
            span = grid_cols + (GAP if grid_cols else 0) + fewer * cols + (fewer - 1) * GAP
            if room / span >= CELL_MIN or fewer == 1:
                return fewer, min(CELL_MAX, room / span)
    return best


def board_layout(scene: Scene, *, top: float, label: float, whole_track: bool = False) -> Layout:
    """The sectors around the cars (or the whole track), folded to fit the image."""
    track = scene.track
    on_grid = any(c.spot.kind == "grid" for c in scene.cars)
    if whole_track:
        n = len(track.sectors)
        shown = tuple((track.finish_before + i) % n for i in range(n))
        grid = on_grid
    else:
        busy = {c.spot.sector for c in scene.cars if c.spot.on_track or c.spot.kind == "chute"}
        busy |= {s.sector for t in scene.trails for s in t.spots if s.on_track}
        if on_grid:
            busy |= {track.grid_join, track.chute_sector}
        shown = _arc(track, busy)
        grid = on_grid
    cols = track.max_lanes + 2 * OFF
    grid_cols = track.grid_lanes if grid else 0
    grid_rows = track.grid_rows if grid else 0
    max_h = WHOLE_MAX_H if whole_track else TRACK_MAX_H
    strips, cell = _fit(len(shown), cols, grid_cols, grid_rows, max_h, grow=whole_track)
    per = -(-len(shown) // strips)
    band = label + 10
    layout = Layout(track, shown, per, strips, cell, 0.0, top, grid, band)
    left = (max(WIDTH, layout.width + 2 * PAD) - layout.width) / 2
    if not whole_track:  # centred in the track's fixed box (`track_box`)
        top += (track_box(label) - layout.height) / 2
    return Layout(track, shown, per, strips, cell, left, top, grid, band)


def track_box(label: float) -> float:
    """The height the track takes on the race's images, whatever part of it is shown: fixed,
    so an image keeps its size through a turn and the buttons under it do not move."""
    return TRACK_MAX_H + 2 * (label + 10)


def track_area(layout: Layout, label: float, *, whole_track: bool = False) -> float:
    """The height from the top of the track's box to the end of the track."""
    return layout.height if whole_track else track_box(label)


def image_width(layout: Layout) -> float:
    return max(WIDTH, layout.width + 2 * PAD)
