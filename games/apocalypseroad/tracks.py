"""[R] The tracks as data (digest 4.3e): the lane graph the rules and the renderer read.

A track is a list of runs of sectors `(first, last, lanes, terrain)`; lane 0 is the inside
(apron) lane. `links` overrides the default forward links between two sectors. The finish
line lies between the last sector and sector 0; the Chute is a virtual space beside the inside
lane of `chute_sector`; the starting grid is `grid_rows` rows of `grid_lanes` lanes whose front
row joins the track at `grid_joins` (its last row is grid positions 1-4).
Terrains: paved, rough, jump (the two jump lanes are rough; lane 1 of a jump sector is the
Trough), chicane (single lane, paved). `crossover` lists pairs of spaces that are the same
square of the figure-8 crossing, travelled in perpendicular directions.
"""

from __future__ import annotations

from typing import Any, Final

WASTELAND_OVAL: Final[dict[str, Any]] = {
    "key": "oval",
    "name": "Wasteland Oval",
    "runs": (
        (0, 7, 3, "paved"),
        (8, 9, 3, "paved"),
        (10, 15, 2, "paved"),
        (16, 19, 3, "rough"),
        (20, 22, 3, "jump"),
        (23, 27, 3, "paved"),
        (28, 30, 1, "paved"),
        (31, 35, 3, "paved"),
    ),
    # sector, lane -> the lanes of the next sector it leads to (when not the default)
    "links": (
        (19, 1, (0, 2)),  # the middle rough lane splits round the Trough
        (20, 1, ()),  # the Trough: leave it only by a lateral move
        (21, 1, ()),
        (22, 1, ()),
    ),
    "chute_sector": 0,
    "grid_rows": 10,
    "grid_lanes": 4,
    "grid_joins": 2,
    "crossover": (),
}

WASTELAND_EIGHT: Final[dict[str, Any]] = {
    **WASTELAND_OVAL,
    "key": "figure8",
    "name": "Wasteland Eight",
    "runs": (
        (0, 7, 3, "paved"),
        (8, 9, 3, "paved"),
        (10, 15, 2, "paved"),
        (16, 19, 3, "rough"),
        (20, 22, 3, "jump"),
        (23, 23, 3, "paved"),
        (24, 27, 2, "paved"),
        (28, 30, 1, "paved"),
        (31, 35, 3, "paved"),
    ),
    # (13 + a, lane i) and (25 + i, lane a) are one square: a 2 x 2 crossing
    "crossover": (
        ((13, 0), (25, 0)),
        ((13, 1), (26, 0)),
        ((14, 0), (25, 1)),
        ((14, 1), (26, 1)),
    ),
}

TRACK_DATA: Final[dict[str, dict[str, Any]]] = {
    t["key"]: t for t in (WASTELAND_OVAL, WASTELAND_EIGHT)
}
