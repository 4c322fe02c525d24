"""Drag Rage data: the state, the actions, the events and the public view.

Seats are 0 and 1 inside the state; everything a player or renderer sees uses player ids.
There is no hidden information, so the view is the same for every viewer.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, model_validator

from games.engine import DiceRolled, Event, Model, Outcome, Player, PlayerId

TRACK_LENGTH = 26
"""Spaces per lane; landing exactly on 26 is legal. A car forced beyond it has a broken chute
and stays off the end of the track (its position is then more than 26)."""
FINISH_AFTER = 22
"""The finish line is drawn after this space: a car has crossed on space 23 or more."""
FIRST_ACROSS = FINISH_AFTER + 1
START_SPACE = 1
COUNTERS: tuple[int, ...] = tuple(range(2, 13))
HEATS_TO_WIN = 2

Seat = Literal[0, 1]
LaneStatus = Literal["racing", "crossed", "broken_chute", "blown_engine"]
Phase = Literal["move", "declare", "after_failed_challenge", "finished"]
Prompt = Literal[
    "choose_counter",
    "choose_counter_or_lets_roll",
    "lets_roll_or_pass",
    "declare_dice",
    "nitro_or_pass",
    "none",
]


# ---------------------------------------------------------------- state


class PlayedCounter(Model):
    """One counter a car played this heat; a spun-out counter stays used and counts."""

    value: int
    from_space: int
    to_space: int
    spun_out: bool = False


class Lane(Model):
    """One car in the current heat. `position` is past 26 for a car with a broken chute."""

    position: int = START_SPACE
    counters: tuple[PlayedCounter, ...] = ()
    nitro: bool = True
    status: LaneStatus = "racing"


class Move(Model):
    """An advance that the opponent may still challenge with Let's Roll."""

    seat: Seat
    counter: int
    from_space: int
    to_space: int


class Challenge(Model):
    """A Let's Roll in progress: `target` must declare dice for the `move` being challenged."""

    challenger: Seat
    target: Seat
    move: Move


class HeatResult(Model):
    """How one heat ended; `winner` is None for a dead heat (which is re-run)."""

    heat: int
    winner: Seat | None
    reason: str


SCHEMA_VERSION = 2
"""2: broken chutes are forced overshoots (position past 26) and blown engines the designer's
sum test (rules version 2). A version-1 state is migrated when it is loaded."""


class DragRageState(Model):
    schema_version: int = SCHEMA_VERSION
    players: tuple[Player, Player]
    coin_flip: DiceRolled
    """The coin flip that picked who starts the current heat (a d2: 1 = first seat starts,
    2 = second seat starts); every heat, re-runs included, gets its own flip."""
    heat: int = 1
    heat_starter: Seat
    lanes: tuple[Lane, Lane] = (Lane(), Lane())
    free: tuple[int, ...] = COUNTERS
    active: Seat
    phase: Phase = "move"
    challengeable: Move | None = None
    """The opponent's previous advance, if the active player may still call Let's Roll on it."""
    challenge: Challenge | None = None
    last_advance: Move | None = None
    heat_wins: tuple[int, int] = (0, 0)
    results: tuple[HeatResult, ...] = ()
    winner: Seat | None = None
    last: tuple[str, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _migrate(cls, data: Any) -> Any:
        # Only a stored state names its version; a state built in code is already current.
        if isinstance(data, dict) and data.get("schema_version") == 1:
            return migrate_v1(data)
        return data


def migrate_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 state under the version-2 rules.

    Version 1 stopped a car whose free counters all overshot ("broken chute" on 26 or before)
    and called a car blown when no subset of the free counters landed on 23..26. Under version
    2 such a car is still racing (it must take an overshooting counter when its turn comes)
    unless the designer's test blows it: more spaces to cross than the free counters add up to.
    Positions, counters, turn and phase carry over unchanged. Anything malformed is left for
    validation to refuse.
    """
    migrated = {**data, "schema_version": SCHEMA_VERSION}
    free, lanes = data.get("free", COUNTERS), data.get("lanes")
    if not (isinstance(free, (list, tuple)) and all(type(c) is int for c in free)):
        return migrated
    if isinstance(lanes, (list, tuple)):
        migrated["lanes"] = [_migrate_lane(lane, sum(free)) for lane in lanes]
    return migrated


def _migrate_lane(lane: Any, free_total: int) -> Any:
    if not isinstance(lane, dict) or lane.get("status") not in ("broken_chute", "blown_engine"):
        return lane
    position = lane.get("position", START_SPACE)
    if type(position) is not int or position > TRACK_LENGTH:
        return lane
    blown = FIRST_ACROSS - position > free_total
    return {**lane, "status": "blown_engine" if blown else "racing"}


# ---------------------------------------------------------------- actions


class Advance(Model):
    kind: Literal["advance"] = "advance"
    counter: int


class LetsRoll(Model):
    kind: Literal["lets_roll"] = "lets_roll"


class Declare(Model):
    kind: Literal["declare"] = "declare"
    dice: Literal[2, 3]


class TurnInNitro(Model):
    kind: Literal["turn_in_nitro"] = "turn_in_nitro"


class Pass(Model):
    kind: Literal["pass"] = "pass"


DragRageAction = Annotated[
    Advance | LetsRoll | Declare | TurnInNitro | Pass, Field(discriminator="kind")
]
ACTION_ADAPTER: TypeAdapter[DragRageAction] = TypeAdapter(DragRageAction)


# ---------------------------------------------------------------- events
# Every event carries a ready one-line `text` so the log reads without the game's models.


class HeatStarted(Event):
    kind: Literal["heat_started"] = "heat_started"
    heat: int
    first: PlayerId
    text: str


class Advanced(Event):
    kind: Literal["advanced"] = "advanced"
    player: PlayerId
    counter: int
    from_space: int
    to_space: int
    text: str


class Challenged(Event):
    kind: Literal["challenged"] = "challenged"
    challenger: PlayerId
    target: PlayerId
    counter: int
    text: str


class Declared(Event):
    kind: Literal["declared"] = "declared"
    player: PlayerId
    dice: int
    text: str


class SpunOut(Event):
    kind: Literal["spun_out"] = "spun_out"
    player: PlayerId
    counter: int
    total: int
    back_to: int
    text: str


class ChallengeFailed(Event):
    kind: Literal["challenge_failed"] = "challenge_failed"
    challenger: PlayerId
    target: PlayerId
    counter: int
    total: int
    text: str


class NitroTurnedIn(Event):
    kind: Literal["nitro_turned_in"] = "nitro_turned_in"
    player: PlayerId
    text: str


PassReason = Literal["let_stand", "after_failed_challenge", "rival_finished"]


class Passed(Event):
    kind: Literal["passed"] = "passed"
    player: PlayerId
    text: str
    rival: PlayerId | None = None
    reason: PassReason | None = None
    """Why the pass (its words depend on it); None in logs written before it was recorded."""


class Crossed(Event):
    kind: Literal["crossed"] = "crossed"
    player: PlayerId
    space: int
    counters: int
    text: str


class BrokenChute(Event):
    kind: Literal["broken_chute"] = "broken_chute"
    player: PlayerId
    text: str
    space: int | None = None
    """Where the car went off the end; None in logs written before it was recorded."""


class BlownEngine(Event):
    kind: Literal["blown_engine"] = "blown_engine"
    player: PlayerId
    text: str
    to_go: int | None = None
    free_total: int | None = None
    """Spaces still to cross and what the free counters add up to (None in older logs)."""


class HeatWon(Event):
    kind: Literal["heat_won"] = "heat_won"
    player: PlayerId
    heat: int
    reason: str
    text: str


class DeadHeat(Event):
    kind: Literal["dead_heat"] = "dead_heat"
    heat: int
    reason: str
    text: str


class RaceWon(Event):
    kind: Literal["race_won"] = "race_won"
    player: PlayerId
    score: tuple[int, int]
    text: str


# ---------------------------------------------------------------- view


class CounterView(Model):
    value: int
    from_space: int
    to_space: int
    spun_out: bool


class LaneView(Model):
    """One player's car: everything a board image needs for that lane."""

    id: PlayerId
    name: str
    seat: int
    position: int
    """The car's space; more than `track_length` when it overshot the end (broken chute)."""
    counters: tuple[CounterView, ...]
    """Counters played this heat, in order (spun-out ones flagged and still counted)."""
    counters_used: int
    nitro_available: bool
    status: LaneStatus
    crossed: bool
    broken_chute: bool
    blown_engine: bool
    heats_won: int
    is_active: bool


class MoveView(Model):
    player: PlayerId
    counter: int
    from_space: int
    to_space: int


class ChallengeView(Model):
    challenger: PlayerId
    target: PlayerId
    counter: int
    from_space: int
    to_space: int


class HeatResultView(Model):
    heat: int
    winner: PlayerId | None
    """None for a dead heat."""
    reason: str


class DragRageView(Model):
    """The public board. `prompt` says what the active player is being asked; `asking` says it
    in words. A car with a broken chute has a position past 26: it went off the end."""

    track_length: int = TRACK_LENGTH
    finish_after: int = FINISH_AFTER
    heats_to_win: int = HEATS_TO_WIN
    heat: int
    """Heats run so far including this one (dead heats are re-run and count here)."""
    lanes: tuple[LaneView, LaneView]
    free_counters: tuple[int, ...]
    phase: Phase
    active: tuple[PlayerId, ...]
    prompt: Prompt
    asking: str
    last_move: MoveView | None
    """The latest advance (to highlight); `challengeable` is set while it can be challenged."""
    challengeable: MoveView | None
    challenge: ChallengeView | None
    heat_results: tuple[HeatResultView, ...]
    coin_flip: str
    """The coin flip that picked who starts this heat, in words."""
    last: tuple[str, ...]
    outcome: Outcome | None
