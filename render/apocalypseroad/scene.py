"""What an Apocalypse Road image shows, in the renderer's own words (built from a view in `adapt`).

The drawing modules never read the rules' view directly: `adapt` turns a view into a `Scene`
(the track shape from the track data, every car's spot, the teams, the last move), so a change
in the view touches one file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

Terrain = Literal["paved", "rough", "jump", "trough", "crossover"]
SpotKind = Literal["track", "grid", "chute", "off_inside", "off_outside", "out"]


@dataclass(frozen=True)
class TrackShape:
    """The track as the renderer draws it: sectors in race order, lanes from the apron."""

    name: str
    sectors: tuple[tuple[Terrain, ...], ...]
    """Per sector, the terrain of each lane, apron (inside, index 0) first."""
    finish_before: int
    """The finish line is drawn at the start of this sector (between it and the one before)."""
    grid_lanes: int
    grid_rows: int
    grid_join: int
    """The sector the starting grid joins."""
    chute_sector: int
    crossings: tuple[tuple[int, int], ...] = ()
    """Pairs of sectors that cross each other (a figure-8's crossover)."""

    @cached_property
    def max_lanes(self) -> int:
        return max(len(s) for s in self.sectors)

    def crossing_of(self, sector: int) -> int | None:
        for a, b in self.crossings:
            if sector == a:
                return b
            if sector == b:
                return a
        return None


@dataclass(frozen=True)
class Spot:
    """Where a car is: a track space, a grid position, beside the track, the Chute, or out."""

    kind: SpotKind
    sector: int = 0
    lane: int = 0
    """For `track`: the lane (0 = apron); for `grid`: the position (1-based)."""

    @property
    def on_track(self) -> bool:
        return self.kind in ("track", "off_inside", "off_outside")


@dataclass(frozen=True)
class CarMark:
    """One car as drawn: its team (seat), number, spot, damage and state."""

    seat: int
    number: int
    spot: Spot
    damage: int
    activated: bool
    moving: bool = False
    """The car whose activation is under way (an accent ring)."""
    notes: tuple[str, ...] = ()
    """Short reminders shown in the team panel: "suppressed", "reloading", "spun"."""


@dataclass(frozen=True)
class TeamMark:
    """One team's line in the panel."""

    seat: int
    name: str
    team_name: str
    vp: int
    """VP scored so far."""
    goal: int
    """VP to win."""
    hand: int
    first_player: bool
    to_act: bool
    waiting_for: str = ""
    """What the team must do now (shown when `to_act`)."""
    chute: int = 0
    destroyed: int = 0
    reserve: int = 0


@dataclass(frozen=True)
class Trail:
    """One car's path in the last move (its spots in order)."""

    seat: int
    spots: tuple[Spot, ...]


@dataclass(frozen=True)
class Shot:
    """An attack in the last move: from one car's spot to another's."""

    seat: int
    source: Spot
    target: Spot
    hit: bool


@dataclass(frozen=True)
class Scene:
    """Everything the board shows."""

    track: TrackShape
    cars: tuple[CarMark, ...]
    teams: tuple[TeamMark, ...]
    title: str
    lines: tuple[str, ...]
    turn: int
    countdown: str
    trails: tuple[Trail, ...] = ()
    shots: tuple[Shot, ...] = ()
    last_move: tuple[str, ...] = ()
    """Words for the last move (card, event, damage), under the track."""
    finished: bool = False
    extra: dict[str, str] = field(default_factory=dict)


TEAM_LETTERS = "ABCDEFGHIJ"


def team_letter(seat: int) -> str:
    """The letter on every car of seat `seat` (0-based): A..J for ten teams."""
    return TEAM_LETTERS[seat % len(TEAM_LETTERS)]


def car_label(seat: int, number: int) -> str:
    """The label on a car token: team letter and car number ("C7")."""
    return f"{team_letter(seat)}{number}"
