"""The lane graph built from `tracks.py`: spaces, forward links, lateral neighbours, arcs."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final, Literal

from games.apocalypseroad.tracks import TRACK_DATA

Pos = tuple[int, int]
"""(sector, lane). Sectors 0.. are the loop; the starting grid's rows are GRID_BASE + row."""
Terrain = Literal["paved", "rough", "jump", "trough", "grid"]
GRID_BASE: Final = 100


@dataclass(frozen=True)
class Track:
    key: str
    name: str
    length: int
    """Sectors in the loop (the finish line lies between length - 1 and 0)."""
    lanes: tuple[int, ...]
    """Lanes per loop sector."""
    terrains: tuple[str, ...]
    """Terrain per loop sector (paved, rough, jump)."""
    chute_sector: int
    grid_rows: int
    grid_lanes: int
    grid_joins: int
    forward: dict[Pos, tuple[Pos, ...]]
    backward: dict[Pos, tuple[Pos, ...]]
    same: dict[Pos, Pos]
    """Crossover: each crossover space -> the perpendicular space that is the same square."""

    def lane_count(self, sector: int) -> int:
        return self.grid_lanes if sector >= GRID_BASE else self.lanes[sector]

    def on_track(self, pos: Pos) -> bool:
        sector, lane = pos
        if sector >= GRID_BASE:
            return sector - GRID_BASE < self.grid_rows and 0 <= lane < self.grid_lanes
        return 0 <= sector < self.length and 0 <= lane < self.lanes[sector]

    def terrain(self, pos: Pos) -> Terrain:
        sector, lane = pos
        if sector >= GRID_BASE:
            return "grid"
        kind = self.terrains[sector]
        if kind == "jump":
            return "trough" if lane == 1 else "jump"
        return "rough" if kind == "rough" else "paved"

    def rough(self, pos: Pos) -> bool:
        """Rough and Jump spaces: no lane changes (7.13, 7.14); the Trough is not rough."""
        return self.terrain(pos) in ("rough", "jump")

    def is_jump(self, pos: Pos) -> bool:
        return self.terrain(pos) == "jump"

    def nexts(self, pos: Pos) -> tuple[Pos, ...]:
        return self.forward.get(pos, ())

    def prevs(self, pos: Pos) -> tuple[Pos, ...]:
        return self.backward.get(pos, ())

    def lateral(self, pos: Pos) -> tuple[Pos, ...]:
        sector, lane = pos
        return tuple(p for p in ((sector, lane - 1), (sector, lane + 1)) if self.on_track(p))

    def crosses_line(self, before: Pos, after: Pos) -> int:
        """+1 for a forward crossing of the finish line, -1 for a backward one, else 0."""
        last = self.length - 1
        if before[0] == last and after[0] == 0:
            return 1
        if before[0] == 0 and after[0] == last:
            return -1
        return 0

    def grid_pos(self, position: int) -> Pos:
        """Grid position 1.. (1 is the front row, inside lane)."""
        row = (position - 1) // self.grid_lanes
        return (GRID_BASE + self.grid_rows - 1 - row, (position - 1) % self.grid_lanes)

    def progress(self, pos: Pos) -> int:
        """Sectors from the grid's back row (for 'furthest along' orderings and the bot)."""
        sector, _ = pos
        if sector >= GRID_BASE:
            return sector - GRID_BASE - self.grid_rows + self.grid_joins
        return sector

    def front_arc(self, pos: Pos) -> set[Pos]:
        return {q for n in self.nexts(pos) for q in (n, *self.lateral(n))}

    def rear_arc(self, pos: Pos) -> set[Pos]:
        return {q for p in self.prevs(pos) for q in (p, *self.lateral(p))}

    def side_arc(self, pos: Pos) -> set[Pos]:
        return set(self.lateral(pos))


def _default_links(n: int, m: int, lane: int) -> tuple[int, ...]:
    """Lanes of the next sector reached from `lane`: straight on, converging into the last
    lane, or the last lane diverging into every extra lane."""
    if lane == n - 1 and m > n:
        return tuple(range(lane, m))
    return (lane,) if lane < m else (m - 1,)


@functools.cache
def get_track(key: str) -> Track:
    data = TRACK_DATA[key]
    lanes: list[int] = []
    terrains: list[str] = []
    for first, last, count, terrain in data["runs"]:
        for _ in range(first, last + 1):
            lanes.append(count)
            terrains.append(terrain)
    length = len(lanes)
    overrides = {(s, lane): tuple(targets) for s, lane, targets in data["links"]}
    forward: dict[Pos, tuple[Pos, ...]] = {}
    for sector in range(length):
        nxt = (sector + 1) % length
        for lane in range(lanes[sector]):
            targets = overrides.get((sector, lane))
            if targets is None:
                targets = _default_links(lanes[sector], lanes[nxt], lane)
            forward[(sector, lane)] = tuple((nxt, t) for t in targets)
    rows, glanes, joins = data["grid_rows"], data["grid_lanes"], data["grid_joins"]
    for row in range(rows):
        for lane in range(glanes):
            if row < rows - 1:
                forward[(GRID_BASE + row, lane)] = ((GRID_BASE + row + 1, lane),)
            else:
                targets = _default_links(glanes, lanes[joins], lane)
                forward[(GRID_BASE + row, lane)] = tuple((joins, t) for t in targets)
    backward: dict[Pos, list[Pos]] = {}
    for src, dests in forward.items():
        for dest in dests:
            backward.setdefault(dest, []).append(src)
    same: dict[Pos, Pos] = {}
    for a, b in data["crossover"]:
        same[tuple(a)] = tuple(b)
        same[tuple(b)] = tuple(a)
    return Track(
        key=key,
        name=data["name"],
        length=length,
        lanes=tuple(lanes),
        terrains=tuple(terrains),
        chute_sector=data["chute_sector"],
        grid_rows=rows,
        grid_lanes=glanes,
        grid_joins=joins,
        forward=forward,
        backward={k: tuple(v) for k, v in backward.items()},
        same=same,
    )


TRACKS: Final = tuple(TRACK_DATA)
