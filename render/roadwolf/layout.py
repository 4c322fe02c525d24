"""Where the grid goes on the image: a window of rows (the part around the action) or all 48.

The image is portrait and as wide as the whole 24-column board, so the road is never squeezed:
752 px at scale 1, 30 px a cell, labels at least 21 px (11 px when a phone shows it 400 px wide).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from render.fonts import min_label_px
from render.roadwolf.scene import COLUMNS, ROWS, STICK, XY, Piece, Plan, Rect, Scene

CELL = 30.0
PAD = 16.0
WIDTH = COLUMNS * CELL + 2 * PAD
WINDOW_ROWS = 20
"""Rows the default board shows: five sticks, enough for a move, a nitro and a shot."""
MARGIN_ROWS = 3
MAX_WINDOW = 28
"""Rows at most in the default window; more spread-out positions show the whole road."""


def label_px(scale: float = 1.0) -> float:
    """The smallest text on a Road Wolf image: readable at phone width."""
    return float(min_label_px(WIDTH * scale))


@dataclass(frozen=True)
class Grid:
    """Rows `first`..`last` drawn from pixel (left, top), END (high rows) up."""

    first: int
    last: int
    left: float
    top: float
    cell: float

    @property
    def rows(self) -> int:
        return self.last - self.first + 1

    @property
    def width(self) -> float:
        return COLUMNS * self.cell

    @property
    def height(self) -> float:
        return self.rows * self.cell

    def x(self, col: float) -> float:
        return self.left + col * self.cell

    def y(self, row: float) -> float:
        """Pixel y of board height `row` (a cell r spans y(r + 1) to y(r))."""
        return self.top + (self.last + 1 - row) * self.cell

    def point(self, xy: XY) -> tuple[float, float]:
        return (self.x(xy[0]), self.y(xy[1]))

    def box(self, rect: Rect) -> tuple[float, float, float, float]:
        """Pixel box of a footprint, clipped to the window."""
        y0 = max(rect.y, self.first)
        y1 = min(rect.y + rect.h, self.last + 1)
        return (self.x(rect.x), self.y(y1), self.x(rect.x + rect.w), self.y(y0))

    def shows(self, rect: Rect) -> bool:
        return rect.y <= self.last and rect.top >= self.first


def clamp_window(lo: int, hi: int, rows: int = WINDOW_ROWS) -> tuple[int, int]:
    """Rows lo..hi grown to at least `rows` around their middle, kept on the board."""
    if hi - lo + 1 < rows:
        mid = (lo + hi) // 2
        lo, hi = mid - rows // 2 + 1, mid + rows - rows // 2
    lo, hi = max(0, lo), min(ROWS - 1, hi)
    if hi - lo + 1 < rows:
        if lo == 0:
            hi = min(ROWS - 1, rows - 1)
        else:
            lo = max(0, hi - rows + 1)
    return lo, hi


def focus_rows(scene: Scene) -> tuple[int, int]:
    """The part around the action, never more than `MAX_WINDOW` rows: the vehicle to act with
    its reach (a move, a nitro) and the last moves as far as they fit; at the start of a
    side's turn, that side's vehicles free to act; with nobody to act (the road turn), the
    last moves; at the end, the last thing that happened; else the stretch holding the most
    vehicles in play (a finished game: its wrecks too). Vehicles outside the window are named
    at its edge."""
    active = [p.rect for p in scene.pieces if p.active and p.rect is not None]
    to_act = [p.rect for p in scene.pieces if p.to_act and p.rect is not None]
    traced = sorted(xy[1] for t in scene.traces for xy in t.points)
    if active:
        rect = active[0]
        lo, hi = math.floor(rect.y) - MARGIN_ROWS, math.ceil(rect.top) + 2 * STICK + 1
    elif to_act:
        lo, hi = _busiest(to_act)
    elif traced:
        # the end: where the last thing happened; else the furthest of the last moves
        anchor = scene.traces[-1].points[-1][1] if scene.finished else traced[-1]
        lo, hi = math.floor(anchor) - MARGIN_ROWS, math.ceil(anchor) + MARGIN_ROWS
    else:
        shown = _in_play if not scene.finished else _on_board
        live = [p.rect for p in scene.pieces if shown(p) and p.rect is not None]
        if not live:
            return clamp_window(0, WINDOW_ROWS - 1)
        return _busiest(live)
    for y in traced:
        if max(hi, y) - min(lo, y) < MAX_WINDOW - 2 * MARGIN_ROWS:
            lo, hi = min(lo, math.floor(y) - MARGIN_ROWS), max(hi, math.ceil(y) + MARGIN_ROWS)
    return clamp_window(lo, hi)


def _busiest(live: list[Rect]) -> tuple[int, int]:
    """The window of `MAX_WINDOW` rows (at least `WINDOW_ROWS`) holding the most footprints."""
    lo = math.floor(min(r.y for r in live)) - MARGIN_ROWS
    hi = math.ceil(max(r.top for r in live)) + MARGIN_ROWS
    if hi - lo + 1 <= MAX_WINDOW:
        return clamp_window(lo, hi)
    starts = range(max(0, lo), min(ROWS - MAX_WINDOW, hi) + 1)

    def held(first: int) -> int:
        return sum(1 for r in live if r.y >= first and r.top < first + MAX_WINDOW)

    best = max(starts, key=held, default=0)
    return clamp_window(best, best + MAX_WINDOW - 1, MAX_WINDOW)


def plan_rows(plan: Plan) -> tuple[int, int]:
    rects = [plan.start, plan.end, plan.wanted]
    lo = math.floor(min(r.y for r in rects)) - MARGIN_ROWS
    hi = math.ceil(max(r.top for r in rects)) + MARGIN_ROWS
    reach = [r for _, r in plan.reach]
    if reach:
        lo, hi = min(lo, min(reach) - 1), max(hi, max(reach) + 1)
    return clamp_window(lo, hi, 16)


def _in_play(piece: Piece) -> bool:
    return piece.status not in ("wreck", "gone")


def _on_board(piece: Piece) -> bool:
    """Anything still lying on the road, wrecks included (a finished game's last scene)."""
    return piece.status != "gone"
