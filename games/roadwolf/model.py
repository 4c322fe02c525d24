"""Road Wolf's frozen models: options, state, actions (a union on `kind`), events and views.

Positions are in cells of the 1-inch grid (`geometry.py`): x the column, y the row from the
START; a footprint covers [x, x + w) × [y, y + h). Tokens are hidden from the other side until
used (`Token.revealed`); `view.py` is the one gate that hides them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from games.engine import Event, Model, Player, PlayerId

# the actions live in actions.py; re-exported here
from games.roadwolf.actions import (
    ACTION_ADAPTER as ACTION_ADAPTER,
)
from games.roadwolf.actions import (
    Action as Action,
)
from games.roadwolf.actions import (
    BuyAction as BuyAction,
)
from games.roadwolf.actions import (
    CrewOrderAction as CrewOrderAction,
)
from games.roadwolf.actions import (
    DecideAction as DecideAction,
)
from games.roadwolf.actions import (
    MeleeAction as MeleeAction,
)
from games.roadwolf.actions import (
    MoveAction as MoveAction,
)
from games.roadwolf.actions import (
    NitroAction as NitroAction,
)
from games.roadwolf.actions import (
    PlaceAction as PlaceAction,
)
from games.roadwolf.actions import (
    ReadyAction as ReadyAction,
)
from games.roadwolf.actions import (
    ResetAction as ResetAction,
)
from games.roadwolf.actions import (
    ShootAction as ShootAction,
)
from games.roadwolf.actions import (
    SimpleAction as SimpleAction,
)
from games.roadwolf.actions import (
    SpikesAction as SpikesAction,
)
from games.roadwolf.actions import (
    SuppliesAction as SuppliesAction,
)
from games.roadwolf.actions import (
    TargetAction as TargetAction,
)
from games.roadwolf.actions import (
    TokenAction as TokenAction,
)
from games.roadwolf.actions import (
    TrainAction as TrainAction,
)
from games.roadwolf.data import MISSION_NAMES, CardKind, MissionKey, Surface, TokenKind

# The plain types and the views live in `view_models.py` (this module stays under 400 lines).
from games.roadwolf.view_models import (
    CardView as CardView,
)
from games.roadwolf.view_models import (
    Exit as Exit,
)
from games.roadwolf.view_models import (
    PrivatePart as PrivatePart,
)
from games.roadwolf.view_models import (
    RwView as RwView,
)
from games.roadwolf.view_models import (
    Side as Side,
)
from games.roadwolf.view_models import (
    SideView as SideView,
)
from games.roadwolf.view_models import (
    Status as Status,
)
from games.roadwolf.view_models import (
    TokenView as TokenView,
)
from games.roadwolf.view_models import (
    Trace as Trace,
)
from games.roadwolf.view_models import (
    TraceKind as TraceKind,
)
from games.roadwolf.view_models import (
    TurnView as TurnView,
)
from games.roadwolf.view_models import (
    VehicleView as VehicleView,
)

SCHEMA_VERSION = 1
MAX_SIDES = 6


class RwOptions(Model):
    """Session options: the mission, named as the rules text names it, and the points value."""

    mission: MissionKey = Field(
        default="INTERCEPTOR",
        description="mission: " + ", ".join(MISSION_NAMES),
        examples=list(MISSION_NAMES),
    )
    points: int = Field(
        default=6, ge=2, le=12, description="points per side (rule 3; BREAKOUT is 10 against 12)"
    )
    teams: int = Field(
        default=0,
        description=(
            "GAUNTLET and DERAILED: how many teams the players form, 0 or 2 to 6 (0: every "
            "player on their own); other missions always have two sides"
        ),
        examples=[0, 2, 3, 4, 5, 6],
    )

    @field_validator("teams")
    @classmethod
    def _team_count(cls, value: int) -> int:
        if value == 1:
            raise ValueError(
                "teams 1 leaves nobody to play against: 0 (every player on their own) or 2 to "
                f"{MAX_SIDES}"
            )
        if not (value == 0 or 2 <= value <= MAX_SIDES):
            raise ValueError(
                f"teams {value} is not possible: 0 (every player on their own) or 2 to {MAX_SIDES}"
            )
        return value


# --- State ---------------------------------------------------------------------------------


class Token(Model):
    """A crew or gear token. `free`: the Driver every vehicle has, a Street vehicle's Nitro."""

    id: int
    kind: TokenKind
    revealed: bool = False
    free: bool = False


class Vehicle(Model):
    """A vehicle, its record sheet (1.3 [R]) and where it is. A destroyed one stays as a wreck."""

    letter: str
    side: Side
    """The side that controls it now (a takeover changes it)."""
    origin: Side
    """The side that bought it."""
    kind: str
    name: str
    size: int
    closed: bool
    surface: Surface
    x: float
    y: float
    w: int
    h: int
    damage: int = 0
    driver: int | None
    """Token id of the crew in the Driver seat; None: nobody drives (abandoned)."""
    crew: tuple[Token, ...]
    """Every crew token on board, the driver included."""
    gear: tuple[Token, ...] = ()
    immobilized: bool = False
    abandoned: bool = False
    abandoned_round: int | None = None
    wreck: bool = False
    exited: Exit | None = None
    """Off the board (or removed, a destroyed bike) and how."""
    placed: bool = False
    """Given a starting position (by its side with `place`, or at the start of play)."""
    loss_order: tuple[int, ...] = ()
    """Rule 40, "the owner picks which crew are lost": token ids to lose first, in order
    (set with `crew_order`); the rest follow the default order, the driver always last."""
    neutral: bool = False
    """A mission's piece that no side drives (TWO-WHEEL TERROR's civilians, the HIJACKERS
    truck until captured): an enemy of both sides; `side` and `origin` mean nothing then."""
    traits: tuple[str, ...] = ()
    """Mission rules the vehicle carries: "monster" (MONSTERS), "heavy", "explosive" and
    "no_nitro" (THE WAGES OF FEAR), "civilian", "cop", "exploded" (data.TRAITS)."""

    @property
    def remaining(self) -> int:
        return max(0, self.size - self.damage)

    @property
    def on_board(self) -> bool:
        return self.exited is None

    @property
    def is_object(self) -> bool:
        """Rule 42: an immobilized vehicle "is an OBJECT for the road turn"; so is a wreck."""
        return self.on_board and (self.wreck or self.immobilized)

    @property
    def status(self) -> Status:
        if self.exited is not None:
            return "off-board"
        if self.wreck:
            return "wreck"
        if self.abandoned:
            return "abandoned"
        return "immobilized" if self.immobilized else "normal"


class Card(Model):
    """A road card on the road. `passed`: vehicles already checked against a Bridge or Tunnel;
    `touched`: vehicles it already affected this round (1.4-L: once per card per round)."""

    id: int
    kind: CardKind
    x: float
    y: float
    w: int = 4
    h: int = 3
    passed: tuple[str, ...] = ()
    touched: tuple[str, ...] = ()
    ended: tuple[str, ...] = ()
    """SUPPLIES: vehicles whose own last move (MOVE, BRAKE, NITRO) ended on this card since it
    last drifted: "Any vehicle that ENDS a move on this card may spend an action"."""
    face_down: bool = False
    """GAUNTLET: "Cards should NOT be revealed until they are within 3 sticks of the lead car"
    (line 213); a face-down card's kind is hidden from every view."""
    last: bool = False
    """GAUNTLET: the LAST road card (the deck ran out laying it): the END is open from then."""


class SideState(Model):
    name: str
    players: tuple[PlayerId, ...]
    points: int
    spent: int = 0
    tokens_bought: int = 0
    score: int = 0
    token_limit: int | None = None
    """Crew and gear tokens this side may place (None: as many as its points)."""

    @property
    def tokens_allowed(self) -> int:
        return self.points if self.token_limit is None else self.token_limit

    ready: bool = False
    """The side pressed ✅ Army ready (rules version 4): until then it may still start its army
    again, place its vehicles and set crew orders, with every point and token spent."""

    @property
    def spent_all(self) -> bool:
        """Every point and every token spent: the side may declare its army ready."""
        return self.spent >= self.points and self.tokens_bought >= self.tokens_allowed

    @property
    def built(self) -> bool:
        """Done building: everything spent and the army declared ready."""
        return self.spent_all and self.ready


class Turn(Model):
    """The side whose turn it is and the vehicle it is activating (1.4-K: one at a time)."""

    side: Side
    vehicle: str | None = None
    actions_left: int = 0
    done: tuple[str, ...] = ()
    free_melee: bool = False
    gunner_shots: int = 0
    mechanic_repairs: int = 0
    nitro_used: bool = False
    bike_stick_used: bool = False
    shotguns_fired: tuple[int, ...] = ()
    taken: tuple[str, ...] = ()
    """Vehicles taken over this turn: each acts once at once (rule 43)."""
    decision: str = ""
    """A choice the mission asks of this side before play goes on (GAUNTLET: spend a Skull on
    the attack just drawn?), in words; the side's players choose among the mission's
    `decisions` (`DecideAction`); no vehicle acts meanwhile."""


class MissionState(Model):
    """A mission's own bookkeeping (CHASE's cop losses, THE WAGES OF FEAR's explosions…):
    named counters and named lists of vehicle letters, read through `count` and `letters`."""

    counters: tuple[tuple[str, int], ...] = ()
    lists: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def count(self, name: str) -> int:
        return next((v for k, v in self.counters if k == name), 0)

    def letters(self, name: str) -> tuple[str, ...]:
        return next((v for k, v in self.lists if k == name), ())

    def with_count(self, name: str, value: int) -> MissionState:
        rest = tuple((k, v) for k, v in self.counters if k != name)
        return self.model_copy(update={"counters": (*rest, (name, value))})

    def with_letters(self, name: str, value: tuple[str, ...]) -> MissionState:
        rest = tuple((k, v) for k, v in self.lists if k != name)
        return self.model_copy(update={"lists": (*rest, (name, value))})


class RwState(Model):
    schema_version: int = SCHEMA_VERSION
    options: RwOptions
    players: tuple[Player, ...]
    sides: tuple[SideState, ...]
    """Two sides, or 2..6 in a free-for-all mission (`data.Mission.free_for_all`)."""
    phase: Literal["build", "play", "over"] = "build"
    round: int = 1
    turn: Turn | None = None
    vehicles: tuple[Vehicle, ...] = ()
    cards: tuple[Card, ...] = ()
    deck: tuple[CardKind, ...] = ()
    discard: tuple[CardKind, ...] = ()
    next_id: int = 1
    traces: tuple[Trace, ...] = ()
    winner: Side | None = None
    finished: bool = False
    end_reason: str = ""
    order: tuple[str, ...] = ()
    """This round's turn order (the mission's `order` hook): "side:0", "side:1", "road" and
    the mission's own automatic steps "step:<name>" (empty: the default order); with N sides
    "side:0" … "side:<N-1>"."""
    slot: int = 0
    """The index in `order` being played."""
    mission: MissionState = MissionState()

    def vehicle(self, letter: str) -> Vehicle:
        return next(v for v in self.vehicles if v.letter == letter)

    def find(self, letter: str) -> Vehicle | None:
        return next((v for v in self.vehicles if v.letter == letter), None)

    def side_of(self, player: PlayerId) -> Side | None:
        for index, side in enumerate(self.sides):
            if player in side.players:
                return index
        return None


# --- Events --------------------------------------------------------------------------------


class VehicleEvent(Event):
    """Something that happened to a vehicle: moved, rammed, shot, damaged, destroyed, exited…"""

    vehicle: str
    target: str | None = None
    text: str
