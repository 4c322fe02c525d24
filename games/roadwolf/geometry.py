"""Road Wolf's tabletop on the 1-inch grid of digest 1.6, one definition per function.

A referee can read this module against `shared/rules/road-wolf.md` section 1.6: every public
name quotes the line it implements. Plain integer and fraction arithmetic, no geometry library:
footprints never rotate (vehicles face forward or backward), so every shape is an axis-aligned
rectangle and every test below is a few comparisons.

Coordinates: x is the column (0 at the left edge), y the row (0 at the START, 47 at the END).
A footprint covers the half-open box [x, x + w) × [y, y + h). Positions are whole cells, or
quarter cells after a move stopped by a hit (a hit stops the mover one ¼-cell sub-step short),
so every coordinate is a multiple of ¼ and exact in binary floating point.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, TypeVar

K = TypeVar("K", bound=Hashable)

BOARD_WIDTH = 24
"""1.6: "Board: 24 columns (x = 0–23)"."""
BOARD_LENGTH = 48
"""1.6: "× 48 rows (y = 0 at the START, 47 at the END, which is the BACK end; 1.4-A)"."""
ROAD_FIRST, ROAD_LAST = 9, 14
"""1.6: "Road: columns 9–14 (6 wide)"."""
START_ROWS = 8
"""1.6: "START zone: road rows 0–7"."""
STICK = 4
"""1.6: "1 stick = 4 cells"."""
SUB_STEP = Fraction(1, 4)
"""1.6: "A move is a straight segment, sampled every ¼ cell"."""
CARD_WIDTH, CARD_LENGTH, CARD_FIRST_COLUMN = 4, 3, 10
"""1.6: "Road card 4×3 ... centred on columns 10–13"."""
ROAD_TURN_DRIFT = -2 * STICK
"""1.6: "Objects and cards move dy = −8, processed from the BACK (END) row toward the START"."""
RANGE = STICK
"""1.6: "In range: gap ≤ 4 (8 for Ambush)"."""
AMBUSH_RANGE = 2 * STICK

MoveKind = Literal["move", "brake", "nitro"]


@dataclass(frozen=True)
class Rect:
    """A footprint: `w` columns wide and `h` rows long, its back-left corner at (x, y)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def front(self) -> float:
        """The row just past the footprint's front edge (toward the END)."""
        return self.y + self.h

    def shifted(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def cells(self) -> list[tuple[float, float]]:
        """The unit cells the footprint covers, by their back-left corners."""
        return [(self.x + i, self.y + j) for i in range(int(self.w)) for j in range(int(self.h))]


def footprint(x: float, y: float, width: int, length: int) -> Rect:
    """1.6 Footprints: "width × length in cells": bike 1×2, size 2–3 2×3, size 4 2×4, 5 2×6."""
    return Rect(x, y, width, length)


def wreck_footprint(rect: Rect) -> Rect:
    """1.6: "Wreck: the vehicle's footprint rotated 90° ("across the road")", about its centre,
    snapped to whole cells and kept on the board."""
    cx, cy = rect.x + rect.w / 2, rect.y + rect.h / 2
    x = math.floor(cx - rect.h / 2 + 0.5)
    y = math.floor(cy - rect.w / 2 + 0.5)
    x = min(max(x, 0), BOARD_WIDTH - int(rect.h))
    y = min(max(y, 0), BOARD_LENGTH - int(rect.w))
    return Rect(x, y, rect.h, rect.w)


def road_card_rect(y: float) -> Rect:
    """1.6: "Road card 4×3 (a real card is 2.5"×3.5", laid across the road), centred on
    columns 10–13"."""
    return Rect(CARD_FIRST_COLUMN, y, CARD_WIDTH, CARD_LENGTH)


def new_card_rect() -> Rect:
    """1.4-B: "place the card centered across the road (1.6) at the BACK (END) edge, then move
    it 2 sticks toward the START": its first position, before that drift."""
    return road_card_rect(BOARD_LENGTH - CARD_LENGTH)


def overlaps(a: Rect, b: Rect) -> bool:
    """Two footprints overlap when their interiors share area. 1.6: "Merely touching is not a
    hit": shared edges or corners are not an overlap."""
    return a.x < b.right and b.x < a.right and a.y < b.front and b.y < a.front


def cell_gap(c1: tuple[int, int], c2: tuple[int, int]) -> float:
    """1.6 Range: "The gap between two cells is √(max(0,|Δc|−1)² + max(0,|Δr|−1)²), where Δc
    and Δr are the differences of their columns and rows"."""
    dc, dr = abs(c1[0] - c2[0]), abs(c1[1] - c2[1])
    return math.sqrt(max(0, dc - 1) ** 2 + max(0, dr - 1) ** 2)


def _axis_gap(a0: float, a1: float, b0: float, b1: float) -> float:
    return max(0.0, b0 - a1, a0 - b1)


def gap(a: Rect, b: Rect) -> float:
    """1.6: "the gap between two footprints is the smallest gap between their cells". For
    whole-cell footprints that is exactly the distance between the two boxes (the test suite
    checks it against `cell_gap` cell by cell), which also holds at quarter-cell positions."""
    return math.hypot(_axis_gap(a.x, a.right, b.x, b.right), _axis_gap(a.y, a.front, b.y, b.front))


def in_range(a: Rect, b: Rect, limit: float = RANGE) -> bool:
    """1.6: "In range: gap ≤ 4 (8 for Ambush)"."""
    return gap(a, b) <= limit


def is_adjacent(a: Rect, b: Rect) -> bool:
    """1.6 Adjacency: "Footprints touch, at an edge or a corner (gap 0), or are less than ¼ cell
    apart (a hit can stop the mover up to one sub-step short of touching)"."""
    return not overlaps(a, b) and gap(a, b) < SUB_STEP


def _segment_crosses(p: tuple[float, float], q: tuple[float, float], box: Rect) -> bool:
    """Does the segment p→q pass through the interior of `box` (grazing an edge does not)?
    Exact: a segment whose bounding box misses the interior cannot cross it; on the quarter
    lattice (every position here) the slab test runs on whole numbers (4x), else on Fractions."""
    if max(p[0], q[0]) <= box.x or min(p[0], q[0]) >= box.right:
        return False
    if max(p[1], q[1]) <= box.y or min(p[1], q[1]) >= box.front:
        return False
    values = (p[0], p[1], q[0], q[1], box.x, box.y, box.right, box.front)
    scaled = [4.0 * v for v in values]
    if all(v.is_integer() for v in scaled):
        px, py, qx, qy, x0, y0, x1, y1 = (int(v) for v in scaled)
        return _crosses_whole((px, qx - px, x0, x1), (py, qy - py, y0, y1))
    return _crosses_fraction(p, q, box)


def _crosses_whole(*axes: tuple[int, int, int, int]) -> bool:
    """The slab test of `_crosses_fraction` in whole numbers: each bound on the segment's
    parameter t is a ratio n/d with d > 0, compared by cross-multiplying."""
    n0, d0, n1, d1 = 0, 1, 1, 1  # t0 = 0/1, t1 = 1/1
    for start, delta, low, high in axes:
        if delta == 0:
            if not low < start < high:
                return False
            continue
        if delta > 0:
            an, bn, d = low - start, high - start, delta
        else:
            an, bn, d = start - high, start - low, -delta
        if an * d0 > n0 * d:
            n0, d0 = an, d
        if bn * d1 < n1 * d:
            n1, d1 = bn, d
        if n0 * d1 >= n1 * d0:
            return False
    return n0 * d1 < n1 * d0


def _crosses_fraction(p: tuple[float, float], q: tuple[float, float], box: Rect) -> bool:
    """The slab test on exact Fractions (any float position)."""
    t0, t1 = Fraction(0), Fraction(1)
    px, py = Fraction(p[0]), Fraction(p[1])
    dx, dy = Fraction(q[0]) - px, Fraction(q[1]) - py
    for start, delta, low, high in (
        (px, dx, Fraction(box.x), Fraction(box.right)),
        (py, dy, Fraction(box.y), Fraction(box.front)),
    ):
        if delta == 0:
            if not low < start < high:
                return False
            continue
        a, b = (low - start) / delta, (high - start) / delta
        if a > b:
            a, b = b, a
        t0, t1 = max(t0, a), min(t1, b)
        if t0 >= t1:
            return False
    return t0 < t1


def has_line_of_sight(a: Rect, b: Rect, blockers: Iterable[Rect], limit: float = RANGE) -> bool:
    """1.6 Line of sight: "any pair of cells in range whose centre-to-centre segment crosses no
    third footprint of a vehicle or wreck ("ANY point", line 34)". `blockers` are the third
    footprints (the caller leaves out the two vehicles themselves)."""
    walls = [box for box in blockers if box != a and box != b]
    pairs = []
    for ca in a.cells():
        for cb in b.cells():
            g = math.hypot(
                _axis_gap(ca[0], ca[0] + 1, cb[0], cb[0] + 1),
                _axis_gap(ca[1], ca[1] + 1, cb[1], cb[1] + 1),
            )
            if g <= limit:
                pairs.append((g, ca, cb))
    pairs.sort()
    for _, ca, cb in pairs:
        p = (ca[0] + 0.5, ca[1] + 0.5)
        q = (cb[0] + 0.5, cb[1] + 0.5)
        if not any(_segment_crosses(p, q, wall) for wall in walls):
            return True
    return False


def is_off_road(rect: Rect) -> bool:
    """1.6 Off-road: "No part of the footprint overlaps columns 9–14"."""
    return not (rect.x < ROAD_LAST + 1 and rect.right > ROAD_FIRST)


def is_off_board(rect: Rect) -> bool:
    """Rule 24 (line 97): a vehicle that "moves off the board" may not return. Any part of the
    footprint past an edge counts as off."""
    return rect.x < 0 or rect.y < 0 or rect.right > BOARD_WIDTH or rect.front > BOARD_LENGTH


def exit_edge(rect: Rect) -> Literal["end", "start", "side"] | None:
    """Which edge an off-board footprint crossed: the END (the goal of every runner), the START
    or a side (1.4-A: both count as stopped or destroyed)."""
    if rect.front > BOARD_LENGTH:
        return "end"
    if rect.y < 0:
        return "start"
    if rect.x < 0 or rect.right > BOARD_WIDTH:
        return "side"
    return None


def is_legal_displacement(kind: MoveKind, dx: int, dy: int) -> bool:
    """1.6 Moves: "The displacement (dx, dy) of the front-centre reference point must satisfy
    √(dx²+dy²) ≤ 4. MOVE: dy ≥ 0. BRAKE: dy < 0. NITRO: dx = 0, dy = 8"."""
    if kind == "nitro":
        return dx == 0 and dy == 2 * STICK
    if dx * dx + dy * dy > STICK * STICK:
        return False
    if kind == "move":
        return dy >= 0 and (dx, dy) != (0, 0)
    return dy < 0


def displacements(kind: MoveKind) -> list[tuple[int, int]]:
    """Every whole-cell displacement `is_legal_displacement` allows for `kind`."""
    if kind == "nitro":
        return [(0, 2 * STICK)]
    return [
        (dx, dy)
        for dy in range(-STICK, STICK + 1)
        for dx in range(-STICK, STICK + 1)
        if is_legal_displacement(kind, dx, dy)
    ]


def _quarter(value: Fraction) -> Fraction:
    """Round to the nearest quarter cell (ties go up)."""
    return Fraction(math.floor(value * 4 + Fraction(1, 2)), 4)


def sample_path(start: Rect, dx: float, dy: float) -> list[Rect]:
    """1.6: "A move is a straight segment, sampled every ¼ cell": the footprint at each sub-step,
    the start first and the end last (each sample on the quarter-cell lattice)."""
    qx, qy = 4.0 * dx, 4.0 * dy
    if qx.is_integer() and qy.is_integer():  # every move: the same samples in whole numbers
        return _sample_quarters(start, int(qx), int(qy))
    return _sample_fractions(start, dx, dy)


def _sample_fractions(start: Rect, dx: float, dy: float) -> list[Rect]:
    """`sample_path` on exact Fractions: any displacement, off the quarter lattice too."""
    fdx, fdy = Fraction(dx), Fraction(dy)
    squared = 16 * (fdx * fdx + fdy * fdy)
    steps = math.isqrt(math.floor(squared))
    while steps * steps < squared:
        steps += 1
    steps = max(steps, 1)
    return [
        start.shifted(float(_quarter(fdx * k / steps)), float(_quarter(fdy * k / steps)))
        for k in range(steps + 1)
    ]


def _sample_quarters(start: Rect, qx: int, qy: int) -> list[Rect]:
    """`sample_path` for a displacement of (qx, qy) quarter cells: sub-step k of n is at
    floor(q·k/n + ½) quarters, that is (2·q·k + n) // (2·n)."""
    squared = qx * qx + qy * qy
    steps = math.isqrt(squared)
    if steps * steps < squared:
        steps += 1
    steps = max(steps, 1)
    return [
        start.shifted(
            ((2 * qx * k + steps) // (2 * steps)) / 4, ((2 * qy * k + steps) // (2 * steps)) / 4
        )
        for k in range(steps + 1)
    ]


@dataclass(frozen=True)
class PathResult:
    """Where a move ends: `stop` is the last footprint before a hit (or the end point),
    `hit` the key of the footprint it ran into (None if none), `samples` the sub-steps driven."""

    stop: Rect
    hit: Hashable | None
    samples: tuple[Rect, ...]


def trace_path(
    start: Rect, dx: float, dy: float, obstacles: Sequence[tuple[K, Rect]]
) -> PathResult:
    """1.6: "A hit is the sub-step just before two footprints would overlap (road cards excepted:
    vehicles drive over them): the mover stops there, and that is the ram. Merely touching is
    not a hit." Obstacles already overlapping the start are ignored, so a car can back out."""
    live = [(key, box) for key, box in obstacles if not overlaps(start, box)]
    samples = sample_path(start, dx, dy)
    driven = [samples[0]]
    for sample in samples[1:]:
        for key, box in live:
            if overlaps(sample, box):
                return PathResult(stop=driven[-1], hit=key, samples=tuple(driven))
        driven.append(sample)
    return PathResult(stop=driven[-1], hit=None, samples=tuple(driven))


def swept_rows(samples: Sequence[Rect]) -> tuple[float, float]:
    """The rows a moving footprint passed over: [low, high)."""
    return min(s.y for s in samples), max(s.front for s in samples)


def rows_overlap(a: Rect, low: float, high: float) -> bool:
    return a.y < high and low < a.front


def bridge_passage(vehicle: Rect, card: Rect) -> Literal["over", "around"]:
    """1.6 [R] Bridge or Tunnel: "Check when the card's rows first overlap the vehicle's rows:
    the vehicle went "over" if all its cells lie inside the card's columns, otherwise
    "around"."""
    inside = card.x <= vehicle.x and vehicle.right <= card.right
    return "over" if inside else "around"


SKID_VECTORS: dict[int, tuple[int, int]] = {
    2: (3, 2),
    4: (3, -2),
    6: (0, -4),
    8: (-3, -2),
    10: (-3, 2),
    12: (0, 4),
}
"""1.6: "Skid vectors (dx, dy) for 2, 4, 6, 8, 10, 12 o'clock: (3,2), (3,−2), (0,−4), (−3,−2),
(−3,2), (0,4)"."""


def skid_hour(die: int) -> int:
    """1.5-3: "Skid direction: d6 result r → clock hour 2r (1→2 o'clock … 6→12 o'clock =
    straight ahead)"."""
    if not 1 <= die <= 6:
        raise ValueError(f"a d6 shows 1-6, not {die}")
    return 2 * die


def skid_vector(die: int) -> tuple[int, int]:
    """The skid displacement for a d6 result (rule 35, line 151: 12 o'clock = straight ahead)."""
    return SKID_VECTORS[skid_hour(die)]


def skidder_rams(hour: int) -> bool:
    """1.4-Q: "a skid toward 10, 12 or 2 o'clock: the skidding car rams; toward 4, 6 or 8
    o'clock: the car it touches rams it"."""
    return hour in (10, 12, 2)


def sidestep(box: Rect, others: Sequence[Rect], direction: int) -> Rect:
    """1.4-N: "Shift it sideways until it is clear of the vehicle": whole cells left
    (direction −1) or right (+1) until its next sub-step toward the START overlaps none of
    `others` (or the board edge is passed), so it can drift on."""
    moved = box
    for _ in range(BOARD_WIDTH + int(box.w) + 1):
        ahead = moved.shifted(0, -float(SUB_STEP))
        if not any(overlaps(moved, o) or overlaps(ahead, o) for o in others):
            return moved
        moved = moved.shifted(direction, 0)
    return moved


def front_centre(rect: Rect) -> tuple[float, float]:
    """1.6 Moves: the reference point whose displacement is measured ("front-centre")."""
    return (rect.x + rect.w / 2, rect.front)


# --- DERAILED: two roads and the track (digest 1.3 [R]) -------------------------------------

DERAILED_VERGE = 5
"""1.3 [R]: "the board is 24" wide: 5" verge, road, train strip, road, 5" verge"."""
LEFT_ROAD = (5, 10)
"""The left road: columns 5–10 (6 wide, as 1.6's single road), after the 5-column verge 0–4."""
TRACK = (11, 12)
"""1.3 [R]: "The train occupies a middle strip 2" wide between two 6" roads": columns 11–12."""
RIGHT_ROAD = (13, 18)
"""The right road: columns 13–18, then the verge 19–23 (5 + 6 + 2 + 6 + 5 = 24)."""
TRAIN_CAR_WIDTH, TRAIN_CAR_LENGTH = 2, 6
"""1.3 [R]: "Train and gondola sizes (Derailed) ... Each car is 2"×6""."""
DERAILED_CARD_COLUMNS = (6, 14)
"""A road card (4 wide) centred on each road: columns 6–9 and 14–17 (1.6's 4×3 card)."""


def derailed_roads() -> tuple[tuple[int, int], tuple[int, int]]:
    return LEFT_ROAD, RIGHT_ROAD


def is_off_roads(rect: Rect, roads: Sequence[tuple[int, int]]) -> bool:
    """1.6 Off-road, for a board with several roads: no part of the footprint overlaps any
    road's columns (the track strip is not road)."""
    return not any(rect.x < last + 1 and rect.right > first for first, last in roads)


def track_rect() -> Rect:
    """The track strip, the whole length of the board."""
    return Rect(TRACK[0], 0, TRACK[1] - TRACK[0] + 1, BOARD_LENGTH)


def crosses_track(samples: Sequence[Rect]) -> bool:
    """DERAILED, line 216: "Any vehicle that crosses the tracks at any time for any reason must
    make a WIPEOUT check": read as any ¼-cell sample of the move overlapping the track strip."""
    track = track_rect()
    return any(overlaps(s, track) for s in samples)
