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


class SpecialtyPicked(Event):
    kind: Literal["specialty_picked"] = "specialty_picked"
    who: PlayerId
    specialty: Specialty


class TruckPicked(Event):
    kind: Literal["truck_picked"] = "truck_picked"
    who: PlayerId
    truck: Truck


class Charted(Event):
    kind: Literal["charted"] = "charted"
    who: PlayerId
    location: str
    terrain: Terrain


class BuildEnded(Event):
    """`dice`: the roll nothing could be placed with; () when the trucker chose to stop."""

    kind: Literal["build_ended"] = "build_ended"
    who: PlayerId
    dice: tuple[int, ...] = ()


class Arrived(Event):
    """Every trucker still in reaches the next location together."""

    kind: Literal["arrived"] = "arrived"
    location: str
    terrain: Terrain


class SlippedPast(Event):
    kind: Literal["slipped_past"] = "slipped_past"
    who: PlayerId


class ChallengeResult(Event):
    kind: Literal["challenge_result"] = "challenge_result"
    who: PlayerId
    location: str
    result: int
    band: Band


class Rewarded(Event):
    kind: Literal["rewarded"] = "rewarded"
    who: PlayerId
    reward: RewardOnSheet


class NoRoom(Event):
    """A reward (or an artifact's extra pip, `reward` None) with nowhere to go on the sheet."""

    kind: Literal["no_room"] = "no_room"
    who: PlayerId
    reward: Reward | None


class BridgeHit(Event):
    kind: Literal["bridge_hit"] = "bridge_hit"
    who: PlayerId


class SystemLost(Event):
    """A system destroyed by a consequence, or taken in Pirate Space (which one: `Destroyed`)."""

    kind: Literal["system_lost"] = "system_lost"
    who: PlayerId
    by_pirates: bool = False


class PaidPirates(Event):
    kind: Literal["paid_pirates"] = "paid_pirates"
    who: PlayerId


class Jumped(Event):
    kind: Literal["jumped"] = "jumped"
    who: PlayerId
    to: str


class Scored(Event):
    kind: Literal["scored"] = "scored"
    who: PlayerId
    vp: int
    why: VpReason
    total: int


class Won(Event):
    kind: Literal["won"] = "won"
    who: PlayerId
    vp: int


class Out(Event):
    kind: Literal["out"] = "out"
    who: PlayerId


class CargoSold(Event):
    kind: Literal["cargo_sold"] = "cargo_sold"
    who: PlayerId
    loads: int
    counted: int
    vp: int


# Private to `who`: what only their own sheet shows.


class Built(Event):
    kind: Literal["built"] = "built"
    who: PlayerId
    system: System
    shape: Shape
    cells: tuple[str, ...]


class PipDrawn(Event):
    """A pip drawn on the sheet: a new system's (shipyard) or an artifact's extra one."""

    kind: Literal["pip_drawn"] = "pip_drawn"
    who: PlayerId
    cell: str
    artifact: bool = False


class FreeChoiceUsed(Event):
    kind: Literal["free_choice_used"] = "free_choice_used"
    who: PlayerId
    die: int
    face: int


class Wrote(Event):
    kind: Literal["wrote"] = "wrote"
    who: PlayerId
    dice: tuple[int, int]
    boxes: tuple[str, str]


class Tweaked(Event):
    kind: Literal["tweaked"] = "tweaked"
    who: PlayerId
    effect: Literal["reroll", "flip"]
    box: str
    old: int
    new: int
    pip: str


class Destroyed(Event):
    kind: Literal["destroyed"] = "destroyed"
    who: PlayerId
    system: System
    shape: Shape
    cells: tuple[str, ...]


class OutReason(Event):
    kind: Literal["out_reason"] = "out_reason"
    who: PlayerId
    reason: str


PRIVATE_KINDS = frozenset(
    {"built", "pip_drawn", "free_choice_used", "wrote", "tweaked", "destroyed", "out_reason"}
)
"""Event kinds read only by their trucker (`who`): the code keeps sheets private."""
