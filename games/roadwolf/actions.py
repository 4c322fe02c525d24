"""Road Wolf's actions: a union on `kind` (re-exported by `model.py`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from games.engine import Model
from games.roadwolf.data import TokenKind

LETTER_LENGTH = 3
"""The longest vehicle letter: A12 or F12 with three to six sides (`build.side_letters`)."""

# --- Actions -------------------------------------------------------------------------------


class BuyAction(Model):
    """Army building: buy a vehicle class (cost = its size, 1.3 [R])."""

    kind: Literal["buy"] = "buy"
    vehicle_class: str = Field(max_length=20)


class ResetAction(Model):
    """Army building: start your side's army again (the mission's own vehicle stays)."""

    kind: Literal["reset"] = "reset"


class ReadyAction(Model):
    """Army building: every point and token is spent and the side is done (no more starting
    again, placing or crew orders while building); play begins once every side is ready."""

    kind: Literal["ready"] = "ready"


class PlaceAction(Model):
    """Army building: start one of your vehicles at (x, y), its back-left cell: the first side
    at the START (road, back row 0–7), the other touching a board edge (INTERCEPTOR: not the
    START edge). Vehicles you do not place are placed for you."""

    kind: Literal["place"] = "place"
    vehicle: str = Field(max_length=LETTER_LENGTH)
    x: int = Field(ge=0, le=23)
    y: int = Field(ge=0, le=47)


class CrewOrderAction(Model):
    """Rule 40: choose which crew a vehicle loses first (token ids, first lost first); the
    driver is always last. Free, on your turn or while building."""

    kind: Literal["crew_order"] = "crew_order"
    vehicle: str = Field(max_length=LETTER_LENGTH)
    tokens: tuple[int, ...] = Field(max_length=8)


class TokenAction(Model):
    """Army building: put a crew or gear token on one of your vehicles (hidden until used)."""

    kind: Literal["token"] = "token"
    vehicle: str = Field(max_length=LETTER_LENGTH)
    token: TokenKind


class MoveAction(Model):
    """MOVE (dy ≥ 0) or BRAKE (dy < 0): the front-centre point moves by (dx, dy) cells, at most
    one stick (4 cells) in a straight line (1.6)."""

    kind: Literal["move", "brake"] = "move"
    vehicle: str = Field(max_length=LETTER_LENGTH)
    dx: int = Field(ge=-8, le=8)
    dy: int = Field(ge=-8, le=8)


class NitroAction(Model):
    """Play a Nitro token: 2 sticks straight forward, no action spent."""

    kind: Literal["nitro"] = "nitro"
    vehicle: str = Field(max_length=LETTER_LENGTH)


class ShootAction(Model):
    """Shoot a target in range and in sight. weapon "gun": a Gunner's 1 die; `gunner`: use a
    Gunner's free shot (with the gun or a weapon token); "ambush" is always free."""

    kind: Literal["shoot"] = "shoot"
    vehicle: str = Field(max_length=LETTER_LENGTH)
    target: str = Field(max_length=LETTER_LENGTH)
    weapon: Literal["gun", "shotgun", "molotov", "ambush"]
    gunner: bool = False


class MeleeAction(Model):
    """Melee an adjacent vehicle (Open vehicles only); free right after a MOVE."""

    kind: Literal["melee"] = "melee"
    vehicle: str = Field(max_length=LETTER_LENGTH)
    target: str = Field(max_length=LETTER_LENGTH)


class SpikesAction(Model):
    """Spikes against an enemy up to 1 stick behind (a ram with target size + 1 dice)."""

    kind: Literal["spikes"] = "spikes"
    vehicle: str = Field(max_length=LETTER_LENGTH)
    target: str = Field(max_length=LETTER_LENGTH)


class TargetAction(Model):
    """TAKEOVER an adjacent abandoned vehicle, or TRANSFER all your gear to an adjacent friend."""

    kind: Literal["takeover", "transfer", "pickup"]
    vehicle: str = Field(max_length=LETTER_LENGTH)
    target: str = Field(max_length=LETTER_LENGTH)
    tokens: tuple[int, ...] = Field(default=(), max_length=20)
    """TRANSFER: the token ids to pass (empty: all the gear); TAKEOVER: gear ids carried along
    for free (rule 43)."""
    crew: int | None = None
    """TAKEOVER: the id of the crew token that moves across and drives the target, the Driver
    included ("If your DRIVER changes vehicles, your vehicle becomes ABANDONED"); None: the
    last crew token that is not the Driver (the Driver if it is alone)."""


class SimpleAction(Model):
    """REPAIR (`mechanic`: a Mechanic's free repair), TURN AROUND an immobilized vehicle, or
    DONE: end this vehicle's activation."""

    kind: Literal["repair", "turn_around", "done"]
    vehicle: str = Field(max_length=LETTER_LENGTH)
    mechanic: bool = False


class SuppliesAction(Model):
    """Use a Supplies card the vehicle ended a move on: take a token, or repair 1 hit."""

    kind: Literal["supplies"] = "supplies"
    vehicle: str = Field(max_length=LETTER_LENGTH)
    take: TokenKind | Literal["repair"]


class TrainAction(Model):
    """DERAILED (line 216): BOARD an adjacent Gondola (no opposing crew in it) or, from the front
    Gondola, the emptied Engine (`tokens`: the crew who climb; empty: all but the driver);
    SEARCH a Gondola for a Shotgun, Ambush, Molotov or Spikes; DRIVE the train 1 stick."""

    kind: Literal["board", "search", "drive_train"]
    vehicle: str = Field(max_length=LETTER_LENGTH)
    target: str = Field(default="", max_length=LETTER_LENGTH)
    tokens: tuple[int, ...] = Field(default=(), max_length=20)


class DecideAction(Model):
    """A choice a mission asks of a side mid-step (`Turn.decision`). GAUNTLET (line 213: "you may
    ignore ONE attack (you may choose after drawing it)"): `choice` "skull" spends a Skull to
    ignore the attack just drawn, "take" lets it resolve; `token` is the token drawn and
    `target` the vehicle it attacks (named on the buttons)."""

    kind: Literal["decide"] = "decide"
    choice: Literal["skull", "take"]
    token: TokenKind | None = None
    target: str = Field(default="", max_length=LETTER_LENGTH)


Action = Annotated[
    BuyAction
    | TokenAction
    | ResetAction
    | ReadyAction
    | PlaceAction
    | CrewOrderAction
    | MoveAction
    | NitroAction
    | ShootAction
    | MeleeAction
    | SpikesAction
    | TargetAction
    | SimpleAction
    | SuppliesAction
    | TrainAction
    | DecideAction,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
