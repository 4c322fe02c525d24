"""What happens at a Space Truckin' table, as small typed events (stored with every move).

Public events tell what the rules put on the table for everyone: captains and trucks, the
star chart, every die rolled, a location's results (the challenge's number, the rewards and
consequences, jumps, VP). Private events (`PRIVATE_KINDS`, read only by `who`) tell what the
code keeps on a trucker's own sheet: where a system was built, which box a die went in, a
reroll's or flip's box, which system a consequence destroyed, why a truck is out.
How each is told is in `games.spacetruckin.narration`.
"""

from __future__ import annotations

from typing import Literal

from games.engine import Event, PlayerId
from games.spacetruckin.data import Band, Reward, Shape, Specialty, System, Terrain, Truck

RewardOnSheet = Literal["cargo", "artifact", "quarters"]
VpReason = Literal["reward", "jump", "Grizzled", "truck"]


class TruckerEvent(Event):
    """Something that happened to one trucker, `who`."""

    who: PlayerId


class SystemOnSheet(TruckerEvent):
    """A system (a placed tetromino) and the grids it covers."""

    system: System
    shape: Shape
    cells: tuple[str, ...]


class SpecialtyPicked(TruckerEvent):
    kind: Literal["specialty_picked"] = "specialty_picked"
    specialty: Specialty


class TruckPicked(TruckerEvent):
    kind: Literal["truck_picked"] = "truck_picked"
    truck: Truck


class Charted(TruckerEvent):
    kind: Literal["charted"] = "charted"
    location: str
    terrain: Terrain


class BuildEnded(TruckerEvent):
    """`dice`: the roll nothing could be placed with; () when the trucker chose to stop."""

    kind: Literal["build_ended"] = "build_ended"
    dice: tuple[int, ...] = ()


class Arrived(Event):
    """Every trucker still in reaches the next location together."""

    kind: Literal["arrived"] = "arrived"
    location: str
    terrain: Terrain


class SlippedPast(TruckerEvent):
    kind: Literal["slipped_past"] = "slipped_past"


class ChallengeResult(TruckerEvent):
    kind: Literal["challenge_result"] = "challenge_result"
    location: str
    result: int
    band: Band


class Rewarded(TruckerEvent):
    kind: Literal["rewarded"] = "rewarded"
    reward: RewardOnSheet


class NoRoom(TruckerEvent):
    """A reward (or an artifact's extra pip, `reward` None) with nowhere to go on the sheet."""

    kind: Literal["no_room"] = "no_room"
    reward: Reward | None


class BridgeHit(TruckerEvent):
    kind: Literal["bridge_hit"] = "bridge_hit"


class SystemLost(TruckerEvent):
    """A system destroyed by a consequence, or taken in Pirate Space (which one: `Destroyed`)."""

    kind: Literal["system_lost"] = "system_lost"
    by_pirates: bool = False


class PaidPirates(TruckerEvent):
    kind: Literal["paid_pirates"] = "paid_pirates"


class Jumped(TruckerEvent):
    kind: Literal["jumped"] = "jumped"
    to: str


class Scored(TruckerEvent):
    kind: Literal["scored"] = "scored"
    vp: int
    why: VpReason
    total: int


class Won(TruckerEvent):
    kind: Literal["won"] = "won"
    vp: int


class Out(TruckerEvent):
    kind: Literal["out"] = "out"


class CargoSold(TruckerEvent):
    kind: Literal["cargo_sold"] = "cargo_sold"
    loads: int
    counted: int
    vp: int


# Private to `who`: what only their own sheet shows.


class Built(SystemOnSheet):
    kind: Literal["built"] = "built"


class PipDrawn(TruckerEvent):
    """A pip drawn on the sheet: a new system's (shipyard) or an artifact's extra one."""

    kind: Literal["pip_drawn"] = "pip_drawn"
    cell: str
    artifact: bool = False


class FreeChoiceUsed(TruckerEvent):
    kind: Literal["free_choice_used"] = "free_choice_used"
    die: int
    face: int


class Wrote(TruckerEvent):
    kind: Literal["wrote"] = "wrote"
    dice: tuple[int, int]
    boxes: tuple[str, str]


class Tweaked(TruckerEvent):
    kind: Literal["tweaked"] = "tweaked"
    effect: Literal["reroll", "flip"]
    box: str
    old: int
    new: int
    pip: str


class Destroyed(SystemOnSheet):
    kind: Literal["destroyed"] = "destroyed"


class OutReason(TruckerEvent):
    kind: Literal["out_reason"] = "out_reason"
    reason: str


PRIVATE_KINDS = frozenset(
    {"built", "pip_drawn", "free_choice_used", "wrote", "tweaked", "destroyed", "out_reason"}
)
"""Event kinds read only by their trucker (`who`): the code keeps sheets private."""
