"""Rush 'n' Crush events: what happened in a step, for the log and the board caption."""

from __future__ import annotations

from typing import Literal

from games.engine import Event, PlayerId
from games.rushncrush.data import Item

Cell = tuple[int, int]


class GearChanged(Event):
    kind: Literal["gear_changed"] = "gear_changed"
    player: PlayerId
    old: tuple[int, int]
    new: tuple[int, int]
    turbo: int
    brake: int


class LaneChangesRolled(Event):
    kind: Literal["lane_changes"] = "lane_changes"
    player: PlayerId
    lane_changes: int | None
    """None = unlimited."""


class CarMoved(Event):
    kind: Literal["car_moved"] = "car_moved"
    player: PlayerId
    cells: tuple[Cell, ...]
    cause: str = "drive"
    """"drive" for the mover's path; "side ram" for a car pushed aside by one."""


class Collision(Event):
    kind: Literal["collision"] = "collision"
    player: PlayerId
    what: Literal["wreck", "mine", "obstruction", "side_ram", "rush"]
    target: PlayerId | None = None
    at: Cell


class Damage(Event):
    kind: Literal["damage"] = "damage"
    player: PlayerId
    track: Literal["structure", "heat"]
    amount: int
    cause: str


class EquipmentMoved(Event):
    kind: Literal["equipment"] = "equipment"
    player: PlayerId
    item: Item
    mode: Literal["arm", "use"]
    target: PlayerId | None = None
    """The car a gun was fired at (None for other items, and in logs written before)."""
    range: int | None = None
    """How far away that car was, in spaces."""


class MineDropped(Event):
    kind: Literal["mine_dropped"] = "mine_dropped"
    player: PlayerId
    at: Cell


class CarWrecked(Event):
    kind: Literal["car_wrecked"] = "car_wrecked"
    player: PlayerId
    cause: Literal["structure", "heat"]


class RaceWon(Event):
    kind: Literal["race_won"] = "race_won"
    player: PlayerId
    reason: str
