"""Blueprint geometry: cell notation, tetromino orientations and fast placement checks.

Cells are (row, col), row 0 at the bow. Players write them as a column letter and a 1-based
row ("B4"). A placement is written `B4 r1 f`: B4 is the top-left corner of the piece's bounding
box, r0..r3 the number of quarter turns clockwise, and `f` a mirror flip (applied before
turning). Masks are ints with one bit per cell, so checking a placement is a few AND operations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from games.spacetruckin.data import (
    BLUEPRINTS,
    CENTERLINE_REACH,
    SHAPE_CELLS,
    Shape,
    System,
    Truck,
)

Cell = tuple[int, int]

_CELL = re.compile(r"^\s*([A-Za-z])\s*(\d{1,2})\s*$")
_PLACEMENT = re.compile(r"^\s*([A-Za-z])\s*(\d{1,2})(?:\s+r([0-3]))?(?:\s+(f))?\s*$", re.IGNORECASE)


def cell_name(cell: Cell) -> str:
    return f"{chr(ord('A') + cell[1])}{cell[0] + 1}"


def parse_cell(text: str) -> Cell | None:
    """Parse "B4" into (3, 1); None when the text is not a cell name."""
    match = _CELL.match(text)
    if not match:
        return None
    return int(match.group(2)) - 1, ord(match.group(1).upper()) - ord("A")


def split_placement(text: str) -> tuple[str, int, bool] | None:
    """Split "b4 r1 f" into ("B4", 1, True); None when the text is not placement notation."""
    match = _PLACEMENT.match(text)
    if not match:
        return None
    anchor = f"{match.group(1).upper()}{int(match.group(2))}"
    return anchor, int(match.group(3) or 0), bool(match.group(4))


def placement_name(anchor: str, rotation: int, flip: bool) -> str:
    return f"{anchor} r{rotation}" + (" f" if flip else "")


def orient(shape: Shape, rotation: int, flip: bool) -> tuple[Cell, ...]:
    """The shape's cells after the flip then `rotation` clockwise quarter turns, top-left at 0,0."""
    cells = [(r, -c) if flip else (r, c) for r, c in SHAPE_CELLS[shape]]
    for _ in range(rotation % 4):
        cells = [(c, -r) for r, c in cells]
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


@cache
def orientations(shape: Shape) -> tuple[tuple[int, bool, tuple[Cell, ...]], ...]:
    """Distinct orientations of a shape, each under its first (unflipped, lowest turn) name."""
    seen: dict[tuple[Cell, ...], tuple[int, bool]] = {}
    for flip in (False, True):
        for rotation in range(4):
            seen.setdefault(orient(shape, rotation, flip), (rotation, flip))
    return tuple((rot, flip, cells) for cells, (rot, flip) in seen.items())


def canonical_turn(shape: Shape, rotation: int, flip: bool) -> tuple[int, bool]:
    """The one name (turns, flip) legal actions use for this orientation of the shape."""
    cells = orient(shape, rotation, flip)
    return next((r, f) for r, f, c in orientations(shape) if c == cells)


@dataclass(frozen=True)
class Spot:
    """One geometric placement of a shape on a blueprint (legality is checked elsewhere)."""

    mask: int
    cells: tuple[Cell, ...]
    anchor: str
    rotation: int
    flip: bool


@dataclass(frozen=True)
class Blueprint:
    """A truck's hull, parsed once, with the masks placement checks need."""

    truck: Truck
    rows: tuple[str, ...]
    width: int
    height: int
    centre: int

    def bit(self, cell: Cell) -> int:
        return 1 << (cell[0] * self.width + cell[1])

    def on_sheet(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def kind(self, cell: Cell) -> str:
        return self.rows[cell[0]][cell[1]] if self.on_sheet(cell) else "."

    def cells_of_kind(self, kinds: str) -> tuple[Cell, ...]:
        return tuple(
            (r, c)
            for r in range(self.height)
            for c in range(self.width)
            if self.rows[r][c] in kinds
        )

    def mask_of(self, cells: tuple[Cell, ...] | list[Cell] | set[Cell]) -> int:
        mask = 0
        for cell in cells:
            mask |= self.bit(cell)
        return mask

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        r, c = cell
        around = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        return tuple(n for n in around if self.on_sheet(n))

    @property
    def buildable(self) -> int:
        return _masks(self.truck)[0]

    @property
    def engine_required(self) -> int:
        return _masks(self.truck)[1]

    @property
    def weapon_required(self) -> int:
        return _masks(self.truck)[2]

    @property
    def near_centre(self) -> int:
        return _masks(self.truck)[3]

    @property
    def near_bridge(self) -> int:
        return _masks(self.truck)[4]

    def halo(self, cells: tuple[Cell, ...] | list[Cell]) -> int:
        """Mask of the cells and their orthogonal neighbours."""
        mask = 0
        for cell in cells:
            mask |= self.bit(cell)
            for near in self.neighbours(cell):
                mask |= self.bit(near)
        return mask

    def spots(self, shape: Shape) -> tuple[Spot, ...]:
        return _spots(self.truck, shape)


@cache
def blueprint(truck: Truck) -> Blueprint:
    rows = BLUEPRINTS[truck]
    width = len(rows[0])
    return Blueprint(truck=truck, rows=rows, width=width, height=len(rows), centre=width // 2)


@cache
def _masks(truck: Truck) -> tuple[int, int, int, int, int]:
    bp = blueprint(truck)
    buildable = bp.mask_of(bp.cells_of_kind("oEW"))
    centre = bp.mask_of(
        [cell for cell in bp.cells_of_kind("oEW") if abs(cell[1] - bp.centre) <= CENTERLINE_REACH]
    )
    bridge = bp.cells_of_kind("B")
    near_bridge = bp.mask_of([n for b in bridge for n in bp.neighbours(b)]) & buildable
    return (
        buildable,
        bp.mask_of(bp.cells_of_kind("E")),
        bp.mask_of(bp.cells_of_kind("W")),
        centre,
        near_bridge,
    )


@cache
def _spots(truck: Truck, shape: Shape) -> tuple[Spot, ...]:
    bp = blueprint(truck)
    found: list[Spot] = []
    for rotation, flip, offsets in orientations(shape):
        for top in range(bp.height):
            for left in range(bp.width):
                cells = tuple((top + r, left + c) for r, c in offsets)
                if all(bp.kind(cell) in "oEW" for cell in cells):
                    anchor = cell_name((top, left))
                    found.append(Spot(bp.mask_of(cells), cells, anchor, rotation, flip))
    return tuple(found)


def spot_cells(anchor: Cell, shape: Shape, rotation: int, flip: bool) -> tuple[Cell, ...]:
    return tuple((anchor[0] + r, anchor[1] + c) for r, c in orient(shape, rotation, flip))


def covered_cells(anchor: str, shape: Shape, rotation: int, flip: bool) -> tuple[str, ...]:
    """The grid names a placement covers, in reading order (none for a bad anchor name)."""
    cell = parse_cell(anchor)
    if cell is None:
        return ()
    return tuple(cell_name(c) for c in sorted(spot_cells(cell, shape, rotation, flip)))


def system_allows(bp: Blueprint, system: System, mask: int, *, unrestricted: bool) -> str | None:
    """Why `system` may not sit on `mask` (None when it may); occupancy and pips not included."""
    if system != "Engine" and mask & bp.engine_required:
        return "engine-required grids take only Engines"
    if system != "Weapons" and mask & bp.weapon_required:
        return "weapon-required grids take only Weapons"
    if unrestricted:
        return None
    if system == "Reactor" and not mask & bp.near_centre:
        return f"a Reactor must touch the centreline (columns {_centre_columns(bp)})"
    if system == "Quarters" and not mask & bp.near_bridge:
        return "Quarters must be directly next to a Bridge grid"
    return None


def _centre_columns(bp: Blueprint) -> str:
    first, last = bp.centre - CENTERLINE_REACH, bp.centre + CENTERLINE_REACH
    return f"{chr(ord('A') + first)}-{chr(ord('A') + last)}"
