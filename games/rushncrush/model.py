"""Rush 'n' Crush state, options and actions: frozen, JSON round-trippable models."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, field_validator

from games.engine import Model, Player, PlayerId
from games.rushncrush.data import Fixed, Item
from games.rushncrush.tiles import COURSES, DEFAULT_COURSE

Cell = tuple[int, int]
"""(row, lane): row is the absolute distance along the course, lane 0 is the leftmost."""


class RncOptions(Model):
    """Session options."""

    course: str = Field(
        default=DEFAULT_COURSE,
        description="course key: " + ", ".join(COURSES),
        examples=list(COURSES),
    )
    one_rush_per_round: bool = Field(
        default=False,
        description="only one Rush 'n' Crush ram per round; later ones just stop behind the car",
    )

    @field_validator("course")
    @classmethod
    def _known_course(cls, value: str) -> str:
        if value not in COURSES:
            raise ValueError(f"unknown course {value!r}; courses: {', '.join(COURSES)}")
        return value


class Slot(Model):
    """One activatable equipment counter: disarmed (left) or armed (right)."""

    item: Item
    armed: bool = False


class Car(Model):
    player: PlayerId
    name: str
    """The player's display name."""
    number: int
    car_name: str
    team: str
    colour: str
    driver: int
    driver_name: str
    fixed: tuple[Fixed, Fixed]
    slots: tuple[Slot, ...]
    row: int
    lane: int
    gear: int = 0
    speed: int = 0
    steering: int
    brake: int
    turbo: int
    structure: int
    heat: int = 0
    mines: int = 0
    destroyed: bool = False
    arrival: int
    """Lower is earlier: breaks ties between cars level on the road."""

    @property
    def cell(self) -> Cell:
        return (self.row, self.lane)

    def has(self, fixed: Fixed) -> bool:
        return fixed in self.fixed

    def slot(self, item: Item) -> Slot | None:
        return next((s for s in self.slots if s.item == item), None)


class Mine(Model):
    row: int
    lane: int
    owner: PlayerId


class Turn(Model):
    """The turn in progress."""

    player: PlayerId
    phase: Literal["gear", "move"] = "gear"
    turbo_used: int = 0
    lane_changes: int | None = None
    """Lane changes still free this turn (None = unlimited); Steering points pay for more."""
    movement_left: int = 0
    swerve_pending: bool = False
    """Just hit an obstruction: the next step must be the free compulsory lane change."""
    swerve_around: Cell | None = None
    """The obstruction being swerved around: the compulsory step may not enter it again."""
    rammed: bool = False
    """The move ended with a Rush 'n' Crush (or stopped behind a car): no Rocket Booster."""
    activations: int = 0
    moved: tuple[Item, ...] = ()
    """Counters already moved this turn (each may move once)."""
    path: tuple[Cell, ...] = ()
    """Cells driven through so far this turn, start included."""


class LastMove(Model):
    player: PlayerId
    cells: tuple[Cell, ...]


class RncState(Model):
    schema_version: int = 1
    options: RncOptions
    cars: tuple[Car, ...]
    mines: tuple[Mine, ...] = ()
    round: int = 1
    order: tuple[PlayerId, ...]
    """This round's turn order, front to back."""
    turn: Turn | None
    arrivals: int
    """Next arrival stamp to hand out."""
    rushes_this_round: int = 0
    last_move: LastMove | None = None
    winner: PlayerId | None = None
    finished: bool = False
    end_reason: str = ""

    def car(self, player: PlayerId) -> Car:
        return next(c for c in self.cars if c.player == player)

    @property
    def players(self) -> tuple[Player, ...]:
        """The seated players, in seat order."""
        return tuple(Player(id=c.player, name=c.name) for c in self.cars)


# --- Actions -----------------------------------------------------------------------------------


class GearAction(Model):
    """Move the gearstick to (gear, speed), spending exactly `turbo` Turbo or `brake` Brake points.

    The bot then rolls the heat and steering dice.
    """

    kind: Literal["gear"] = "gear"
    gear: int
    speed: int
    turbo: int = Field(default=0, ge=0)
    brake: int = Field(default=0, ge=0)


class MoveAction(Model):
    """Drive a path such as `F F L F R F` (see `path.py` for every token)."""

    kind: Literal["move"] = "move"
    path: str = Field(max_length=200)


class ActivateAction(Model):
    """Arm an item, or Use an armed Machine Gun, Flamer or Fire Extinguisher now.

    The Side Bumper, Saw and Rocket Booster are Used inside a path (tokens B, S, K1-K3).
    """

    kind: Literal["activate"] = "activate"
    item: Item
    mode: Literal["arm", "use"]


Action = Annotated[GearAction | MoveAction | ActivateAction, Field(discriminator="kind")]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
