"""[R] Track tiles and courses, as data (digest 2.4, "Track model for a bot").

A tile is 12 rows x 4 lanes, written back (row 0) to front (row 11), lanes left to right.
Cell letters: `.` road, `o` rock, `#` concrete (both fixed obstructions), `x` void (a narrowing:
off the road; driving into it counts as hitting a fixed obstruction). Curves are abstract: every
lane has the same number of rows, so `curve` is only a hint for the board image.

Every obstruction leaves a road cell beside it, so the compulsory lane change is always possible
from a lane next to it and a car can never be trapped.
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

LANES: Final = 4
TILE_ROWS: Final = 12
ROAD: Final = "."
ROCK: Final = "o"
CONCRETE: Final = "#"
VOID: Final = "x"
OBSTRUCTIONS: Final = frozenset({ROCK, CONCRETE, VOID})


class Tile(NamedTuple):
    number: int
    name: str
    rows: tuple[str, ...]
    curve: Literal["left", "right"] | None = None


def _rows(overrides: dict[int, str]) -> tuple[str, ...]:
    return tuple(overrides.get(r, "....") for r in range(TILE_ROWS))


TILES: Final[dict[int, Tile]] = {
    t.number: t
    for t in (
        Tile(1, "plain straight", _rows({})),
        Tile(2, "central rock", _rows({6: ".o.."})),
        Tile(3, "chicane", _rows({3: ".o..", 8: "..o."})),
        Tile(4, "narrows", _rows({5: "x..x", 6: "x..x", 7: "x..x"})),
        Tile(5, "rock garden", _rows({2: "o...", 4: "..o.", 7: "...o", 9: ".o.."})),
        Tile(6, "wall split", _rows({4: ".##.", 5: ".##.", 6: ".##.", 7: ".##."})),
        Tile(7, "curve left", _rows({}), "left"),
        Tile(8, "curve right", _rows({}), "right"),
        Tile(9, "start/finish straight", _rows({})),
        Tile(10, "open straight", _rows({})),
    )
}

START_TILE: Final = 9
START_LINE_ROW: Final = 3
"""Cars start in rows 0..2 of the start tile, behind the line at row 3."""
RUN_OFF_ROWS: Final = 4
"""On an open course the finish line is this many rows before the end of the last tile."""

# Grid slots, front first: (row, lane). Two cars per row, staggered.
GRID: Final[tuple[tuple[int, int], ...]] = ((2, 1), (2, 3), (1, 0), (1, 2), (0, 1), (0, 3))


class CourseData(NamedTuple):
    key: str
    name: str
    tiles: tuple[tuple[int, bool], ...]
    """(tile number, mirrored) in driving order."""
    laps: int
    loop: bool


COURSES: Final[dict[str, CourseData]] = {
    c.key: c
    for c in (
        CourseData(
            "short",
            "Short Sprint (6 tiles, open)",
            ((9, False), (2, False), (7, False), (3, False), (4, False), (9, False)),
            1,
            False,
        ),
        CourseData(
            "normal",
            "Grand Prix (9 tiles, open)",
            (
                (9, False),
                (1, False),
                (3, False),
                (8, False),
                (5, False),
                (6, False),
                (4, True),
                (2, True),
                (9, False),
            ),
            1,
            False,
        ),
        CourseData(
            "loop",
            "Crusher Ring (5-tile loop, 2 laps)",
            ((9, False), (3, True), (7, False), (5, True), (4, False)),
            2,
            True,
        ),
    )
}
DEFAULT_COURSE: Final = "normal"
