"""The mission framework: a mission is data (`data.MISSIONS`: sides, points, the vehicles it
gives, where each side starts, what it may buy) plus one `MissionRules` record here, in its own
module of this package, registered in `missions/__init__.py`.

`MissionRules` holds the judge and the hooks a mission may need:
- `order`: the round's turn order as slots: "side:0", "side:1", "vehicle:<letter>" (that one
  vehicle's activation; "vehicle:*": the one `next_vehicle` names when the slot comes, as
  GAUNTLET's order by position), "road" (the ROAD TURN), and
  the mission's own automatic steps "step:<name>" run by `steps[name]` (the HIJACKERS truck's
  drive, GAUNTLET's enemy attacks, DERAILED's train). Computed at the start of each round.
- `on_start`: once, when play begins (after placement): neutral pieces (civilians, the truck).
- `turn_start`: when a side's slot begins (CHASE's replacement cops).
- `hooks` (`table.Hooks`): inside a roll: ram damage, wipeout checks, Bridges/Tunnels, cards.
- bot hints: `runs_for_the_end`, `prey`, `prize`, `buys`, `tokens` (`policy.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.roadwolf.data import TokenKind
from games.roadwolf.model import Action, RwState, Side, Turn, Vehicle
from games.roadwolf.table import NO_HOOKS, Ctx, Hooks

DEFAULT_ORDER = ("side:0", "side:1", "road")
"""Rule 7: every side in turn, then the ROAD TURN; the first side goes first (digest 1.2).
With N sides (`default_order`): "side:0" … "side:<N-1>", "road"."""


@dataclass(frozen=True)
class Verdict:
    """The score so far and, once the mission is over, who won (None: a draw) and why."""

    score: tuple[int, ...]
    """One score per side, in side order (`len(state.sides)` of them)."""
    over: bool = False
    winner: Side | None = None
    reason: str = ""


def default_order(state: RwState) -> tuple[str, ...]:
    return (*side_slots(state), "road")


def side_slots(state: RwState) -> tuple[str, ...]:
    """Every side's turn slot in side order: "side:0" … "side:<N-1>"."""
    return tuple(f"side:{k}" for k in range(len(state.sides)))


def first_side_runs(state: RwState, vehicle: Vehicle) -> bool:
    """The first side's own vehicles drive for the END."""
    return vehicle.side == 0 and vehicle.origin == 0 and not vehicle.neutral


def enemies_of(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    return [
        v
        for v in state.vehicles
        if v.on_board and not v.wreck and (v.side != vehicle.side or v.neutral) and v != vehicle
    ]


def no_prize(state: RwState) -> str | None:
    return None


@dataclass(frozen=True)
class MissionRules:
    """One mission's rules beyond the common ones (see the module docstring)."""

    judge: Callable[[RwState], Verdict]
    order: Callable[[RwState], tuple[str, ...]] = default_order
    on_start: Callable[[Ctx], None] | None = None
    turn_start: Callable[[Ctx, Side], None] | None = None
    steps: Mapping[str, Callable[[Ctx], Turn | None]] = field(default_factory=dict)
    """Automatic steps; one returns a `Turn` with a `decision` to pause for a side's choice
    (GAUNTLET's Skull), resumed by `decide`."""
    hooks: Hooks = NO_HOOKS
    after_action: Callable[[Ctx], None] | None = None
    """After every action, ROAD TURN and step (GAUNTLET: turn cards up, count Skulls; DERAILED:
    tidy the train cars)."""
    refuse: Callable[[RwState, Vehicle, Any], str | None] | None = None
    """Why a play action is not legal in this mission (None: the common checks decide)."""
    actions: Callable[[RwState, Vehicle], list[Any]] | None = None
    """The mission's own actions to list for a vehicle (DERAILED: board, search, drive)."""
    perform: Callable[[Ctx, Any], None] | None = None
    """Run the mission's own action (`actions.TrainAction`)."""
    free: Callable[[Ctx, Side, Any], bool] | None = None
    """A `token` or `place` in play the mission handles itself, free (CHASE: a replacement
    cop's token and edge); True if it was this mission's, else the common refusal."""
    free_actions: Callable[[RwState, Side], list[Any]] | None = None
    """The mission's free actions to list for a side in its turn (CHASE: replacement tokens)."""
    decisions: Callable[[RwState], list[Any]] | None = None
    """The choices (`actions.DecideAction`) of the pending `Turn.decision` (GAUNTLET: spend a
    Skull or take the attack)."""
    decide: Callable[[Ctx, Any], Turn | None] | None = None
    """Perform a listed choice and go on with the paused step: the next decision's `Turn`, or
    None once the step is over (the round's order then goes on)."""
    bot_decide: Callable[[RwState, list[Action]], Action] | None = None
    """Bot hint: which listed choice a bot seat (or a clock running out) makes."""
    next_vehicle: Callable[[Ctx], str | None] | None = None
    """Which vehicle a "vehicle:*" slot activates, chosen when the slot comes (GAUNTLET)."""
    bot: Callable[[RwState, Vehicle, list[Action]], Action | None] | None = None
    """The bot's own choice for a vehicle among its listed actions (None: the common bot)."""
    score_text: Callable[[RwState], str] | None = None
    places_itself: str | None = None
    """Why nobody places by hand: the mission sets every vehicle out itself when play starts
    (DERAILED: each team on its road at the START)."""
    places_first: Side | None = None
    """The side that places before the other may (TWO-WHEEL TERROR: "Enforcers ... must place
    before the game starts"); the other places once it is done building (its unplaced vehicles
    are then placed for it)."""
    place: Callable[[RwState, Vehicle], tuple[int, int] | None] | None = None
    """Bot hint: where a side's bot places a vehicle while building (None: placed for it)."""
    runs_for_the_end: Callable[[RwState, Vehicle], bool] = first_side_runs
    """Bot hint: whether this vehicle should drive for the END."""
    prey: Callable[[RwState, Vehicle], list[Vehicle]] = enemies_of
    """Bot hint: what a vehicle that does not run closes on (nearest first is the bot's)."""
    prize: Callable[[RwState], str | None] = no_prize
    """Bot hint: the letter of a vehicle worth taking over above all (the Rig, the truck)."""
    buys: tuple[tuple[str, ...], ...] | None = None
    """Bot hint: vehicle classes each side buys, in order of preference (side k > the last:
    the last side's; a free-for-all mission gives one entry for every side)."""
    tokens: tuple[tuple[TokenKind, ...], ...] | None = None
    """Bot hint: tokens each side places, in order of preference (as `buys`)."""


def is_stopped(vehicle: Vehicle) -> bool:
    """A vehicle the other side has stopped: destroyed, out by the START or a side (1.4-A:
    "counts as stopped or destroyed [R]"), or captured (now driven by the other side)."""
    return (
        vehicle.wreck
        or vehicle.exited in ("start", "side", "removed", "destroyed")
        or vehicle.side != vehicle.origin
    )


def escaped(vehicle: Vehicle) -> bool:
    """Off the END, driven by the side that bought it."""
    return vehicle.exited == "end" and vehicle.side == vehicle.origin


def gone(vehicle: Vehicle) -> bool:
    """Destroyed (a wreck, or a removed bike) or out by the START or a side (1.4-A)."""
    return vehicle.wreck or vehicle.exited in ("start", "side", "removed", "destroyed")


def of_side(vehicles: Iterable[Vehicle], side: Side) -> list[Vehicle]:
    return [
        v for v in vehicles if v.origin == side and not v.neutral and "civilian" not in v.traits
    ]
