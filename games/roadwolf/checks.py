"""Check, then apply: whether a play-phase action is legal now and what it costs (rule 6: two
actions per vehicle; free uses of Gunners, Mechanics, Nitro, Ambush, the bike's extra stick and
the melee after a MOVE). Every refusal says what would be legal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from games.engine import IllegalAction, InvalidAction
from games.roadwolf import geometry as geo
from games.roadwolf.data import TOKEN_KINDS
from games.roadwolf.fight import (
    adjacent,
    blockers,
    can_ambush,
    capacity,
    is_target,
    melee_targets,
    spikes_targets,
    takeover_crew,
)
from games.roadwolf.missions import rules_of
from games.roadwolf.model import (
    MeleeAction,
    MoveAction,
    NitroAction,
    RwState,
    ShootAction,
    SimpleAction,
    SpikesAction,
    SuppliesAction,
    TargetAction,
    TrainAction,
    Turn,
    Vehicle,
)
from games.roadwolf.table import crew_count, off_road, rect_of, supplies_for

PlayAction = (
    MoveAction
    | NitroAction
    | ShootAction
    | MeleeAction
    | SpikesAction
    | TargetAction
    | SimpleAction
    | SuppliesAction
    | TrainAction
)
Cost = Literal["action", "free", "bike", "none"]


@dataclass(frozen=True)
class Plan:
    """A checked action: the vehicle and what it costs. `token_id`: the weapon fired."""

    vehicle: Vehicle
    cost: Cost
    token_id: int | None = None


def can_act(vehicle: Vehicle, turn: Turn) -> bool:
    """Rule 20: "A vehicle with nobody in the Driver position can do nothing"."""
    return (
        vehicle.on_board
        and not vehicle.wreck
        and vehicle.side == turn.side
        and not vehicle.neutral
        and vehicle.driver is not None
        and vehicle.letter not in turn.done
    )


def actions_at_start(vehicle: Vehicle, turn: Turn) -> int:
    return 1 if vehicle.letter in turn.taken else 2


def check(state: RwState, action: PlayAction) -> Plan:
    """Raise IllegalAction (or InvalidAction) unless `action` may be played now."""
    turn = state.turn
    assert turn is not None
    vehicle = state.find(action.vehicle)
    if vehicle is None:
        raise InvalidAction(f"no vehicle {action.vehicle!r} on this road")
    if turn.vehicle is not None and turn.vehicle != vehicle.letter:
        raise IllegalAction(
            f"{turn.vehicle} is moving: finish it first (done), then {vehicle.letter} (1.4-K)"
        )
    if not can_act(vehicle, turn):
        ready = ", ".join(v.letter for v in state.vehicles if can_act(v, turn)) or "none"
        raise IllegalAction(f"{vehicle.letter} cannot act now; vehicles that can: {ready}")
    left = turn.actions_left if turn.vehicle else actions_at_start(vehicle, turn)
    if action.kind == "done":
        return Plan(vehicle, "none")
    refuse = rules_of(state).refuse
    reason = refuse(state, vehicle, action) if refuse is not None else None
    if reason is not None:
        raise IllegalAction(reason)
    if vehicle.immobilized and action.kind not in ("turn_around", "transfer"):
        raise IllegalAction(
            f"{vehicle.letter} is immobilized: turn it around first (one action, rule 42)"
        )

    def needs_action() -> Plan:
        if left < 1:
            raise IllegalAction(f"{vehicle.letter} has no actions left this turn: done")
        return Plan(vehicle, "action")

    match action:
        case MoveAction():
            return _check_move(vehicle, turn, action, left)
        case NitroAction():
            _check_nitro(state, vehicle, turn)
            return Plan(vehicle, "free")
        case ShootAction():
            return _check_shoot(state, vehicle, turn, action, needs_action)
        case MeleeAction():
            if vehicle.closed and "monster" not in vehicle.traits:
                raise IllegalAction("Closed vehicles may not make melee attacks (rule 11)")
            if action.target not in melee_targets(state, vehicle):
                raise IllegalAction(f"{action.target} is not an adjacent crewed enemy")
            return Plan(vehicle, "free") if turn.free_melee else needs_action()
        case SpikesAction():
            if not any(t.kind == "spikes" for t in vehicle.gear):
                raise IllegalAction(f"{vehicle.letter} has no Spikes")
            if action.target not in spikes_targets(state, vehicle):
                raise IllegalAction(f"{action.target} is not an enemy up to 1 stick behind")
            return needs_action()
        case SimpleAction(kind="turn_around"):
            if not vehicle.immobilized:
                raise IllegalAction(f"{vehicle.letter} is not immobilized")
            return needs_action()
        case SimpleAction(kind="repair"):
            if vehicle.damage == 0:
                raise IllegalAction(f"{vehicle.letter} has no damage to repair")
            if action.mechanic:
                if turn.mechanic_repairs >= crew_count(vehicle, "mechanic"):
                    raise IllegalAction(f"{vehicle.letter} has no Mechanic's free repair left")
                return Plan(vehicle, "free")
            return needs_action()
        case TargetAction():
            _check_target(state, vehicle, action)
            return needs_action()
        case SuppliesAction():
            _check_supplies(state, vehicle, action)
            return needs_action()
        case TrainAction():
            if rules_of(state).perform is None:
                raise IllegalAction(f"there is no train in {state.options.mission}")
            return needs_action()
    raise InvalidAction(f"unknown action {action.kind!r}")


def _check_move(vehicle: Vehicle, turn: Turn, action: MoveAction, left: int) -> Plan:
    kind: geo.MoveKind = "brake" if action.kind == "brake" else "move"
    if not geo.is_legal_displacement(kind, action.dx, action.dy):
        rule = "dy ≥ 0" if kind == "move" else "dy < 0"
        raise IllegalAction(
            f"{kind} ({action.dx}, {action.dy}) is not allowed: at most 1 stick (dx²+dy² ≤ 16),"
            f" {rule} (1.6)"
        )
    if left >= 1:
        return Plan(vehicle, "action")
    if vehicle.size == 1 and not turn.bike_stick_used:
        return Plan(vehicle, "bike")
    raise IllegalAction(f"{vehicle.letter} has no actions left this turn: done")


def _check_nitro(state: RwState, vehicle: Vehicle, turn: Turn) -> None:
    if not any(t.kind == "nitro" for t in vehicle.gear):
        raise IllegalAction(f"{vehicle.letter} has no Nitro")
    if vehicle.surface == "heavy":
        raise IllegalAction("Heavy vehicles may not use Nitro (rule 16)")
    if "no_nitro" in vehicle.traits:
        raise IllegalAction(f"the {vehicle.name} may not nitro")
    if turn.nitro_used:
        raise IllegalAction("at most 1 nitro per vehicle per turn")
    if off_road(rules_of(state).hooks, rect_of(vehicle)):
        raise IllegalAction("Nitro is never usable off-road")


def _check_shoot(
    state: RwState, vehicle: Vehicle, turn: Turn, action: ShootAction, needs_action: object
) -> Plan:
    weapon = action.weapon
    token_id = None
    if weapon == "gun" and not action.gunner:
        raise IllegalAction("without a weapon token only a Gunner's free 1-die shot (1.4-F)")
    if action.gunner and turn.gunner_shots >= crew_count(vehicle, "gunner"):
        raise IllegalAction(f"{vehicle.letter} has no Gunner's free shot left this turn")
    if weapon != "gun":
        usable = [
            t
            for t in vehicle.gear
            if t.kind == weapon and not (weapon == "shotgun" and t.id in turn.shotguns_fired)
        ]
        if not usable:
            raise IllegalAction(f"{vehicle.letter} has no {weapon} to use")
        token_id = usable[0].id
    limit: float = geo.RANGE
    if weapon == "ambush":
        if not can_ambush(state, vehicle):
            raise IllegalAction(
                "Ambush fires from the END edge or a Bridge, Tunnel, Wreck or Supplies card"
            )
        limit = geo.AMBUSH_RANGE
    target = state.find(action.target)
    if target is None or not is_target(vehicle, target):
        raise IllegalAction(f"{action.target} is not an enemy on the road")
    me, box = rect_of(vehicle), rect_of(target)
    if not geo.in_range(me, box, limit):
        raise IllegalAction(
            f"{action.target} is out of range (gap {geo.gap(me, box):.1f} > {limit})"
        )
    if not geo.has_line_of_sight(me, box, blockers(state, vehicle.letter, target.letter), limit):
        raise IllegalAction(f"no line of sight to {action.target}")
    if action.gunner or weapon == "ambush":
        return Plan(vehicle, "free", token_id)
    assert callable(needs_action)
    plan: Plan = needs_action()
    return Plan(vehicle, plan.cost, token_id)


def _check_target(state: RwState, vehicle: Vehicle, action: TargetAction) -> None:
    near = {o.letter: o for o in adjacent(state, vehicle)}
    target = near.get(action.target)
    if target is None:
        raise IllegalAction(f"{action.target} is not adjacent to {vehicle.letter}")
    if action.kind == "takeover":
        if target.wreck or target.driver is not None:
            raise IllegalAction(f"{action.target} is not abandoned")
        if not target.immobilized and vehicle.closed:
            raise IllegalAction("only an Open vehicle may take over a moving vehicle (rule 43)")
        if action.crew is not None and all(t.id != action.crew for t in vehicle.crew):
            crew = ", ".join(str(t.id) for t in takeover_crew(vehicle))
            raise IllegalAction(f"token {action.crew} is not crew of {vehicle.letter}: {crew}")
    elif action.kind == "transfer":
        if target.wreck or target.side != vehicle.side or target.neutral:
            raise IllegalAction(f"{action.target} is not a friendly vehicle")
    elif not target.wreck or not target.gear:
        raise IllegalAction(f"{action.target} is not a wreck with gear on it")


def _check_supplies(state: RwState, vehicle: Vehicle, action: SuppliesAction) -> None:
    if supplies_for(state.cards, vehicle) is None:
        raise IllegalAction(
            f"{vehicle.letter} has not ended a move on a Supplies card (only a vehicle whose own"
            " move ends on one may use it)"
        )
    if action.take == "repair":
        if vehicle.damage == 0:
            raise IllegalAction(f"{vehicle.letter} has no damage to repair")
    elif action.take not in TOKEN_KINDS:
        raise InvalidAction(f"no token {action.take!r}")
    elif action.take in ("driver", "brawler", "gunner", "mechanic", "veteran") and len(
        vehicle.crew
    ) >= capacity(vehicle):
        raise IllegalAction(f"{vehicle.letter} has no room for more crew (1.4-M)")
