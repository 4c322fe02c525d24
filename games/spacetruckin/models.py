"""State, options and actions of Space Truckin': frozen pydantic models, tuples only."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from games.engine import DiceRolled, Model, Outcome, Player, PlayerId
from games.spacetruckin.data import Reward, Shape, Specialty, System, Terrain, Truck

Cell = tuple[int, int]
Phase = Literal["captain", "chart", "shipyard", "delivery", "over"]
Stage = Literal[
    "captain",  # choosing specialty and truck
    "ready",  # nothing owed until the others catch up
    "pick",  # shipyard: pick system + shape from the dice, free choice, or stop
    "place",  # shipyard: place the picked tetromino
    "pip",  # shipyard: draw the new system's pip
    "pirates",
    "reward",
    "extra_pip",
    "fill",
    "tweak",
    "hit",
    "hit_two",
    "jump",
    "out",
]
PipState = Literal["open", "used", "cargo"]
Effect = Literal["reroll", "flip"]
Location = Literal["A", "B", "C", "D", "E", "F", "G"]
Box = Literal["top1", "top2", "top3", "top4", "bot1", "bot2", "bot3", "bot4"]
TaskKind = Literal["pirates", "reward", "extra_pip", "fill", "tweak", "hit", "hit_two", "jump"]


def box_names(digits: int) -> tuple[Box, ...]:
    tops: tuple[Box, ...] = ("top1", "top2", "top3", "top4")
    bottoms: tuple[Box, ...] = ("bot1", "bot2", "bot3", "bot4")
    return tops[:digits] + bottoms[:digits]


class SpaceTruckinOptions(Model):
    """Session options. `digits`: 4 (8 boxes, canonical) or 3 (6 boxes, easier).
    `manipulations`: "one" per location in total, or "each" ability once per location."""

    digits: Literal[3, 4] = 4
    manipulations: Literal["one", "each"] = "one"


class Piece(Model):
    """A placed tetromino; damaged pieces keep their cells (X'd out) but lose their pips."""

    id: int
    system: System
    shape: Shape
    cells: tuple[Cell, ...]
    damaged: bool = False


class Pip(Model):
    """open = available (or an empty cargo box), used = exhausted, cargo = a filled cargo box."""

    cell: Cell
    state: PipState = "open"


class Task(Model):
    """One thing a trucker still has to do at the current location, in order."""

    kind: TaskKind
    reward: Reward | None = None
    cell: Cell | None = None


class Challenge(Model):
    boxes: tuple[int | None, ...]
    dice: tuple[int, ...] = ()
    effects_used: tuple[Effect, ...] = ()
    result: int | None = None


class Sheet(Model):
    """One trucker's sheet: the private part of the state."""

    player: PlayerId
    specialty_dice: tuple[int, int]
    specialty: Specialty | None = None
    truck: Truck | None = None
    stage: Stage = "captain"
    status: Literal["playing", "won", "lost"] = "playing"
    reason: str = ""
    vp: int = 0
    pieces: tuple[Piece, ...] = ()
    pips: tuple[Pip, ...] = ()
    bridge_damage: int = 0
    artifacts: int = 0
    # shipyard
    dice: tuple[int, ...] = ()
    free_choice_used: bool = False
    picked: tuple[System, Shape] | None = None
    # delivery
    tasks: tuple[Task, ...] = ()
    challenge: Challenge | None = None
    hit_dice: tuple[int, ...] = ()
    cargo_sold: int = 0


class SpaceTruckinState(Model):
    schema_version: int = 1
    options: SpaceTruckinOptions = SpaceTruckinOptions()
    players: tuple[Player, ...]
    phase: Phase = "captain"
    chart: tuple[Terrain | None, ...] = (None,) * 7
    chart_placed: int = 0
    chart_dice: tuple[int, ...] = ()
    location: int = 0
    sheets: tuple[Sheet, ...]
    setup_rolls: tuple[DiceRolled, ...] = ()
    result: Outcome | None = None


# Actions ------------------------------------------------------------------------------------


class PickSpecialty(Model):
    kind: Literal["specialty"] = "specialty"
    specialty: Specialty


class PickTruck(Model):
    kind: Literal["truck"] = "truck"
    truck: Truck


class ChartLocation(Model):
    kind: Literal["chart"] = "chart"
    location: Location
    terrain: Terrain


class FreeChoice(Model):
    kind: Literal["free_choice"] = "free_choice"
    die: Literal[1, 2]
    face: Annotated[int, Field(ge=1, le=6)]


class Build(Model):
    kind: Literal["build"] = "build"
    system: System
    shape: Shape


class Place(Model):
    """Anchor = top-left of the piece's bounding box; see `grid` for the notation."""

    kind: Literal["place"] = "place"
    anchor: str
    rotation: Annotated[int, Field(ge=0, le=3)] = 0
    flip: bool = False


class BuildAt(Model):
    """A whole system in one move while picking: build `system` as `shape`, place it
    (`anchor`, `rotation`, `flip` as in `Place`) and draw its pip on `pip`; with `free`, the
    free choice first (the die it sets makes the build). The same steps as `FreeChoice`,
    `Build`, `Place` and `Mark`, checked the same way; a tap-light way to say them."""

    kind: Literal["build_at"] = "build_at"
    system: System
    shape: Shape
    anchor: str
    rotation: Annotated[int, Field(ge=0, le=3)] = 0
    flip: bool = False
    pip: str
    free: FreeChoice | None = None


class Mark(Model):
    """Draw a pip or dot a cargo box on `cell` (shipyard pip, reward, artifact extra pip);
    `extra`: an artifact's extra pip beside it, said with its box; `jump`: and jump with that
    pip, when the jump comes next (a reward's last choice)."""

    kind: Literal["mark"] = "mark"
    cell: str
    extra: str | None = None
    jump: str | None = None


class Stop(Model):
    kind: Literal["stop"] = "stop"


class Tweak(Model):
    """Reroll or flip the die in `box`, exhausting the pip on `pip`."""

    kind: Literal["tweak"] = "tweak"
    box: Box
    effect: Effect
    pip: str


class Fill(Model):
    """Write the first die in `first` and the second die in `second`. When they fill the last
    two boxes, the trucker may say ahead what follows: `accept` the result (no reroll or
    flip), and `jump` with that pip when the jump comes next with nothing to decide or roll
    before it; or `tweak`: that reroll or flip at once (listed only then: see
    `delivery.legal_moves`)."""

    kind: Literal["fill"] = "fill"
    first: Box
    second: Box
    accept: bool = False
    jump: str | None = None
    tweak: Tweak | None = None


class Accept(Model):
    """Accept the challenge's result; `jump`: and jump with that pip, when the jump comes next
    with nothing to decide or roll before it."""

    kind: Literal["accept"] = "accept"
    jump: str | None = None


class Hit(Model):
    """Damage piece `piece`; None: the player picks a die that matches nothing (or none
    matches), and the Bridge takes one damage instead. `jump`: and jump with that pip, when
    the jump comes next."""

    kind: Literal["hit"] = "hit"
    piece: int | None
    jump: str | None = None


class HitTwo(Model):
    """Damage `system_piece` (the die read as a system) and `shape_piece` (the other die read
    as a shape); None: that die matches nothing. `jump`: and jump with that pip, when the jump
    comes next."""

    kind: Literal["hit_two"] = "hit_two"
    system_piece: int | None
    shape_piece: int | None
    jump: str | None = None


class Jump(Model):
    kind: Literal["jump"] = "jump"
    pip: str


class GiveCargo(Model):
    kind: Literal["give_cargo"] = "give_cargo"
    pip: str


class LoseSystem(Model):
    kind: Literal["lose_system"] = "lose_system"
    piece: int


Action = Annotated[
    PickSpecialty
    | PickTruck
    | ChartLocation
    | FreeChoice
    | Build
    | Place
    | BuildAt
    | Mark
    | Stop
    | Fill
    | Tweak
    | Accept
    | Hit
    | HitTwo
    | Jump
    | GiveCargo
    | LoseSystem,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
