"""TWO-WHEEL TERROR's Enforcer bot (digest 1.2: "Bikers win by immobilizing or destroying every
civilian, and may take them over. Enforcers win by eliminating every biker first").

The common bot shoots and rams whatever it may, civilians included, which does the Bikers' work
for them. An Enforcer here never fires at, melees or rams a civilian: it fires its free Gunner
shot, then its weapons, at the bikers in range (the one the shot is likeliest to take out
first), and hunts the biker nearest a civilian still driving, ramming it when it can (a car's
size in dice against a bike's one die, and a bike has 1 hit, rule 15)."""

from __future__ import annotations

from games.roadwolf import geometry as geo
from games.roadwolf.actions import Action, MeleeAction, MoveAction, ShootAction
from games.roadwolf.data import WEAPON_DICE
from games.roadwolf.missions.base import of_side
from games.roadwolf.missions.bot_moves import best_move
from games.roadwolf.missions.common import alive
from games.roadwolf.model import RwState, Vehicle
from games.roadwolf.preview import Preview
from games.roadwolf.risk import road_turn_risk
from games.roadwolf.table import rect_of

HAZARDS = ("slide", "slick", "debris", "wreck")


def _civilian(vehicle: Vehicle) -> bool:
    return "civilian" in vehicle.traits and vehicle.neutral


def bikers(state: RwState) -> list[Vehicle]:
    """The bikers still to eliminate."""
    return [b for b in of_side(state.vehicles, 0) if alive(b) and b.side == 0]


def _quarry(state: RwState) -> list[Vehicle]:
    """The bikers worth hunting first: those nearest a civilian still driving."""
    found = bikers(state)
    civilians = [c for c in state.vehicles if _civilian(c) and alive(c) and not c.immobilized]
    if not civilians or not found:
        return found

    def threat(b: Vehicle) -> float:
        return min(geo.gap(rect_of(b), rect_of(c)) for c in civilians)

    closest = min(threat(b) for b in found)
    return [b for b in found if threat(b) <= closest + geo.STICK]


def move_value(state: RwState, me: Vehicle, look: Preview, quarry: list[Vehicle]) -> float:
    """An Enforcer's MOVE/BRAKE end point: near the quarry, a ram on a biker, no civilian hit."""
    if look.exits is not None:
        return -1000.0
    value = 0.0
    if look.off_road and me.surface != "dirt":
        value -= 80
    value -= 15 * sum(1 for c in look.cards if c in HAZARDS)
    value -= 60 * look.around.count("bridge") + 100 * look.around.count("tunnel")
    value -= road_turn_risk(state, me, look.ghost)
    if quarry:
        nearest = min(geo.gap(look.ghost, rect_of(b)) for b in quarry)
        value -= 8 * nearest
        if nearest <= geo.RANGE:
            value += 25
    if look.ram is not None:
        other = state.vehicle(look.ram)
        mine, theirs = look.ram_dice or (0, 0)
        hunted = other.side == 0 and not other.neutral and "civilian" not in other.traits
        value += 60 if (hunted and look.kind != "brake" and mine > theirs) else -60
    return value


def _move(state: RwState, me: Vehicle, mine: list[Action]) -> Action | None:
    moves = [a for a in mine if isinstance(a, MoveAction)]
    if not moves:
        return None
    quarry = _quarry(state)
    return best_move(state, me, moves, lambda look: move_value(state, me, look, quarry))


def _shot_value(state: RwState, action: ShootAction) -> float:
    target = state.vehicle(action.target)
    free = 10.0 if action.gunner or action.weapon == "ambush" else 0.0
    return free + WEAPON_DICE[action.weapon] - len(target.crew) / 2


def enforcer(state: RwState, me: Vehicle, mine: list[Action]) -> Action | None:
    """An Enforcer's action: a biker's abandoned bike taken over, shots at bikers (free ones
    first), a turn-around, a melee it outnumbers, the hunt; never anything against a
    civilian."""
    hunted = {b.letter for b in bikers(state)}
    for action in mine:
        if action.kind == "takeover" and getattr(action, "target", "") in hunted:
            return action  # an abandoned bike taken over: one biker out for good
    shots = [a for a in mine if isinstance(a, ShootAction) and a.target in hunted]
    if shots:
        return max(shots, key=lambda a: _shot_value(state, a))
    for action in mine:
        if action.kind in ("turn_around",) or (
            action.kind == "repair" and getattr(action, "mechanic", False)
        ):
            return action
    for action in mine:
        if isinstance(action, MeleeAction) and action.target in hunted:
            target = state.vehicle(action.target)
            if len(me.crew) + 1 > len(target.crew):
                return action
    move = _move(state, me, mine)
    if move is not None:
        return move
    return next((a for a in mine if a.kind == "done"), None)


def bot(state: RwState, vehicle: Vehicle, mine: list[Action]) -> Action | None:
    """`MissionRules.bot` for TWO-WHEEL TERROR: the Enforcers' own; the Bikers play the common
    bot (they close on the civilians still driving, `prey`)."""
    if vehicle.side != 1:
        return None
    return enforcer(state, vehicle, mine)
