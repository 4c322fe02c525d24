"""The listed legal actions: army building in full; in play, representatives of the move space
(a coarse set of end points, more forward than back) and every target, weapon and crew action,
each one passed through `checks.check`. Any other displacement within 1 stick is legal too
(`lists_all_actions` is False), typed as `to:L2F3` or picked from `preview.reach`."""

from __future__ import annotations

from games.engine import GameError
from games.roadwolf import geometry as geo
from games.roadwolf.build import can_buy, can_reset, can_take_token
from games.roadwolf.checks import PlayAction, can_act, check
from games.roadwolf.data import TOKEN_KINDS, VEHICLES
from games.roadwolf.fight import (
    adjacent,
    melee_targets,
    shooting_targets,
    spikes_targets,
    takeover_crew,
)
from games.roadwolf.missions import rules_of
from games.roadwolf.model import (
    Action,
    BuyAction,
    MeleeAction,
    MoveAction,
    NitroAction,
    ReadyAction,
    ResetAction,
    RwState,
    ShootAction,
    SimpleAction,
    SpikesAction,
    SuppliesAction,
    TargetAction,
    TokenAction,
    Vehicle,
)
from games.roadwolf.table import crew_count, supplies_for

MOVES: tuple[tuple[int, int], ...] = (
    (0, 4),
    (0, 3),
    (0, 2),
    (-2, 3),
    (2, 3),
    (-3, 2),
    (3, 2),
    (-4, 0),
    (4, 0),
    (-1, 0),
    (1, 0),
)
BRAKES: tuple[tuple[int, int], ...] = ((0, -4), (0, -2))


def legal_for_side(state: RwState, side: int) -> list[Action]:
    if state.phase == "build":
        return _build_actions(state, side)
    turn = state.turn
    if turn is None or turn.side != side:
        return []
    if turn.decision:  # the mission asks this side a question first (GAUNTLET's Skull)
        decisions = rules_of(state).decisions
        return decisions(state) if decisions is not None else []
    free = rules_of(state).free_actions
    extra: list[Action] = free(state, turn.side) if free is not None else []
    if turn.vehicle is not None:
        return [*vehicle_actions(state, state.vehicle(turn.vehicle)), *extra]
    found: list[Action] = []
    for vehicle in state.vehicles:
        if can_act(vehicle, turn):
            found.extend(vehicle_actions(state, vehicle))
    return [*found, *extra]


def _build_actions(state: RwState, side: int) -> list[Action]:
    mine = state.sides[side]
    if mine.built:
        return []
    found: list[Action] = []
    left = mine.points - mine.spent
    found.extend(
        BuyAction(vehicle_class=k)
        for k, c in VEHICLES.items()
        if c.cost <= left and can_buy(state, side, k)
    )
    if mine.spent_all:
        found.append(ReadyAction())
    if can_reset(state, side):
        found.append(ResetAction())
    if mine.tokens_bought < mine.tokens_allowed:
        for vehicle in state.vehicles:
            if vehicle.origin != side:
                continue
            found.extend(
                TokenAction(vehicle=vehicle.letter, token=kind)
                for kind in TOKEN_KINDS
                if can_take_token(vehicle, kind)
            )
    return found


def candidates(state: RwState, vehicle: Vehicle) -> list[PlayAction]:
    """Every action worth offering for `vehicle`, before the legality check."""
    v = vehicle.letter
    found: list[PlayAction] = []
    if vehicle.immobilized:
        found.append(SimpleAction(kind="turn_around", vehicle=v))
    else:
        found.extend(MoveAction(kind="move", vehicle=v, dx=dx, dy=dy) for dx, dy in MOVES)
        found.extend(MoveAction(kind="brake", vehicle=v, dx=dx, dy=dy) for dx, dy in BRAKES)
        if any(t.kind == "nitro" for t in vehicle.gear):
            found.append(NitroAction(vehicle=v))
        found.extend(shoot_actions(state, vehicle))
        if not vehicle.closed:
            found.extend(MeleeAction(vehicle=v, target=t) for t in melee_targets(state, vehicle))
        if any(t.kind == "spikes" for t in vehicle.gear):
            found.extend(SpikesAction(vehicle=v, target=t) for t in spikes_targets(state, vehicle))
        if vehicle.damage:
            found.append(SimpleAction(kind="repair", vehicle=v))
            if crew_count(vehicle, "mechanic"):
                found.append(SimpleAction(kind="repair", vehicle=v, mechanic=True))
        if supplies_for(state.cards, vehicle) is not None:
            found.extend(SuppliesAction(vehicle=v, take=k) for k in (*TOKEN_KINDS, "repair"))
    for other in adjacent(state, vehicle):
        if other.wreck:
            found.append(TargetAction(kind="pickup", vehicle=v, target=other.letter))
        elif other.driver is None:
            # the owner picks who goes across: the usual choice (a non-driver) first
            found.extend(
                TargetAction(kind="takeover", vehicle=v, target=other.letter, crew=t.id)
                for t in takeover_crew(vehicle)
            )
        elif other.side == vehicle.side and vehicle.gear:
            found.append(TargetAction(kind="transfer", vehicle=v, target=other.letter))
    extra = rules_of(state).actions
    if extra is not None:
        found.extend(extra(state, vehicle))
    found.append(SimpleAction(kind="done", vehicle=v))
    return found


def shoot_actions(state: RwState, vehicle: Vehicle) -> list[PlayAction]:
    """Shots at targets in range and in sight, one per usable weapon (gunner or not)."""
    kinds = {t.kind for t in vehicle.gear}
    gunners = crew_count(vehicle, "gunner") > 0
    weapons = [w for w in ("shotgun", "molotov") if w in kinds]
    found: list[PlayAction] = []
    if weapons or gunners:
        for target in shooting_targets(state, vehicle):
            for weapon in weapons:
                found.append(ShootAction(vehicle=vehicle.letter, target=target, weapon=weapon))
                if gunners:
                    found.append(
                        ShootAction(
                            vehicle=vehicle.letter,
                            target=target,
                            weapon=weapon,
                            gunner=True,
                        )
                    )
            if gunners:
                found.append(
                    ShootAction(vehicle=vehicle.letter, target=target, weapon="gun", gunner=True)
                )
    if "ambush" in kinds:
        for target in shooting_targets(state, vehicle, geo.AMBUSH_RANGE):
            found.append(ShootAction(vehicle=vehicle.letter, target=target, weapon="ambush"))
    return found


def vehicle_actions(state: RwState, vehicle: Vehicle) -> list[Action]:
    found: list[Action] = []
    for action in candidates(state, vehicle):
        try:
            check(state, action)
        except GameError:
            continue
        found.append(action)
    return found
