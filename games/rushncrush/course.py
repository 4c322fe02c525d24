"""Course geometry: a course is its tiles laid end to end, a loop unrolled lap after lap.

Positions are `(row, lane)` with `row` the absolute distance from the back of the grid, so "ahead"
is simply a larger row, also on a multi-lap loop (where row `r` shows tile row `r % lap_rows`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.rushncrush.tiles import (
    COURSES,
    LANES,
    OBSTRUCTIONS,
    ROAD,
    RUN_OFF_ROWS,
    START_LINE_ROW,
    TILE_ROWS,
    TILES,
    VOID,
)


@dataclass(frozen=True)
class Course:
    key: str
    name: str
    lap: tuple[str, ...]
    """One lap of cells, row by row (each a string of LANES letters)."""
    tile_of_row: tuple[tuple[int, bool], ...]
    laps: int
    loop: bool

    @property
    def lap_rows(self) -> int:
        return len(self.lap)

    @property
    def finish_row(self) -> int:
        """A car has crossed the finish line once its row is at least this."""
        if self.loop:
            return self.lap_rows * self.laps + START_LINE_ROW
        return self.lap_rows - RUN_OFF_ROWS

    def cell(self, row: int, lane: int) -> str:
        """The terrain letter at a position; off the lanes or the course ends is void."""
        if not 0 <= lane < LANES or row < 0:
            return VOID
        if not self.loop and row >= self.lap_rows:
            return ROAD  # run-off past the finish line
        return self.lap[row % self.lap_rows][lane]

    def is_obstruction(self, row: int, lane: int) -> bool:
        return self.cell(row, lane) in OBSTRUCTIONS

    def spot(self, cell: tuple[int, int]) -> tuple[int, int]:
        """The physical place of a position: on a loop, the same spot comes round every lap.

        Wrecks and mines are physical (they are hit on every lap); cars are not (cars on
        different laps never interact), so only wreck and mine lookups compare spots.
        """
        row, lane = cell
        return (row % self.lap_rows, lane) if self.loop else (row, lane)

    def lap_of(self, row: int) -> int:
        """1-based lap number a row belongs to (the grid counts as lap 1)."""
        if not self.loop:
            return 1
        return max(1, min(self.laps, (row - START_LINE_ROW) // self.lap_rows + 1))


def _mirror(row: str) -> str:
    return row[::-1]


@cache
def get_course(key: str) -> Course:
    """The course for a key from `tiles.COURSES` (KeyError names the known keys)."""
    try:
        data = COURSES[key]
    except KeyError:
        raise KeyError(f"unknown course {key!r}; courses: {', '.join(COURSES)}") from None
    lap: list[str] = []
    tile_of_row: list[tuple[int, bool]] = []
    for number, mirrored in data.tiles:
        for row in TILES[number].rows:
            lap.append(_mirror(row) if mirrored else row)
            tile_of_row.append((number, mirrored))
    assert all(len(r) == LANES for r in lap) and len(lap) == TILE_ROWS * len(data.tiles)
    return Course(data.key, data.name, tuple(lap), tuple(tile_of_row), data.laps, data.loop)
