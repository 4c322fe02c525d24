"""BREAKOUT's bot hints (digest 1.2: "The Convoy wins if the Rig leaves the end. The attackers
win if they capture, immobilize or destroy it").

The Big Rig (size 5, closed, heavy) is the Convoy's only way to win, and every turn it waits the
attackers shoot and board it. Its bot drives it down the road at full speed: it fires its free
Gunner shots on the way, repairs with its Mechanic, turns around at once if spun, and picks the
move that gains the most ground. A road hazard costs it little while it has most of its hits (a
wipeout check rolls 1 die per hit left against the road's 2, rule 35), and it rams an attacker
in its way when its dice clearly beat the other's (rule 36: the rammer's size against the
target's) rather than stall behind it.
Its escorts drive just ahead of it in the next lanes (a screen that takes the rams and the shots
meant for the Rig) and close on the attackers that come within range of it."""

from __future__ import annotations

from games.roadwolf import geometry as geo
from games.roadwolf.actions import Action, MoveAction, ShootAction
from games.roadwolf.data import TokenKind
from games.roadwolf.missions.bot_moves import best_move
from games.roadwolf.model import RwState, Vehicle
from games.roadwolf.preview import Preview, preview
from games.roadwolf.risk import road_turn_risk
from games.roadwolf.table import rect_of

RIG = "A"
PROGRESS = 12.0
"""Per row of ground gained toward the END."""
HAZARDS = ("slide", "slick", "debris", "wreck")
SCREEN_AHEAD = geo.STICK
"""How far ahead of the Rig's front an escort drives."""


def hazard_weight(vehicle: Vehicle) -> float:
    """What a wipeout check costs this vehicle: little with many hits left (1 die per hit
    against the road's 2), a lot with 1 or 2."""
    left = max(1, vehicle.size - vehicle.damage)
    return {1: 25.0, 2: 15.0, 3: 8.0}.get(left, 4.0)


def _enemies(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    return [
        v
        for v in state.vehicles
        if v.on_board and not v.wreck and v.side != vehicle.side and not v.neutral
    ]


def rig_move_value(state: RwState, rig: Vehicle, look: Preview) -> float:
    """How good a MOVE's end point is for the Big Rig."""
    if look.exits is not None:
        return 1000.0 if look.exits == "end" else -1000.0
    weight = hazard_weight(rig)
    value = PROGRESS * look.dy
    value -= weight * 2 * (1 if look.off_road else 0)
    value -= weight * sum(1 for c in look.cards if c in HAZARDS)
    value -= 30.0 * look.around.count("bridge") + 60.0 * look.around.count("tunnel")
    value -= road_turn_risk(state, rig, look.ghost) * weight / 15
    value -= abs(look.ghost.x + look.ghost.w / 2 - 12)
    if look.ram is not None:
        other = state.vehicle(look.ram)
        mine, theirs = look.ram_dice or (0, 0)
        if other.side == rig.side:
            value -= 60  # never ram its own escort
        else:
            value += 10 if mine >= theirs + 2 else -40
    return value


def _rig_move(state: RwState, rig: Vehicle, mine: list[Action]) -> Action | None:
    if not any(isinstance(a, MoveAction) for a in mine):
        return None
    here = rect_of(rig)
    stay = Preview(kind="move", dx=0, dy=0, path=(), ghost=here, off_road=geo.is_off_road(here))
    best: tuple[float, Action] | None = None
    for dx, dy in geo.displacements("move"):
        look = preview(state, rig.letter, "move", dx, dy)
        value = rig_move_value(state, rig, look)
        if best is None or value > best[0]:
            best = (value, MoveAction(kind="move", vehicle=rig.letter, dx=dx, dy=dy))
    if best is None or best[0] <= rig_move_value(state, rig, stay):
        return None
    return best[1]


def _rig(state: RwState, rig: Vehicle, mine: list[Action]) -> Action | None:
    enemies = {v.letter for v in _enemies(state, rig)}
    for action in mine:
        if (
            isinstance(action, ShootAction)
            and action.target in enemies
            and (action.gunner or action.weapon == "ambush")
        ):
            return action  # free: fire on the way
    for action in mine:
        if action.kind == "turn_around":
            return action
        if action.kind == "repair" and getattr(action, "mechanic", False):
            return action
    return _rig_move(state, rig, mine)


def _screen_value(state: RwState, escort: Vehicle, rig: Vehicle, look: Preview) -> float:
    """An escort's spot: a stick ahead of the Rig, beside its lane, close to any attacker near
    the Rig; off the road and hazards as the common bot weighs them."""
    if look.exits is not None:
        return -1000.0
    box = look.ghost
    aim_y = rig.y + rig.h + SCREEN_AHEAD
    value = -2.0 * abs(box.y - aim_y) - 1.0 * max(0.0, abs(box.x - rig.x) - 3)
    if look.off_road and escort.surface != "dirt":
        value -= 80
    value -= 15 * sum(1 for c in look.cards if c in HAZARDS)
    value -= road_turn_risk(state, escort, box)
    threats = [e for e in _enemies(state, escort) if geo.gap(rect_of(e), rect_of(rig)) <= 8]
    if threats:
        value -= 4.0 * min(geo.gap(box, rect_of(e)) for e in threats)
    if look.ram is not None:
        other = state.vehicle(look.ram)
        mine, theirs = look.ram_dice or (0, 0)
        good = look.kind != "brake" and other.side != escort.side and mine > theirs
        value += 20 if good else -60
    return value


def _escort(state: RwState, escort: Vehicle, mine: list[Action]) -> Action | None:
    """Shots and melee stay the common bot's; only the escort's own move is chosen here, and
    only while the Rig is still driving."""
    rig = state.find(RIG)
    if rig is None or not rig.on_board or rig.side != escort.side or rig.immobilized:
        return None
    if any(a.kind not in ("move", "brake", "done", "nitro") for a in mine):
        return None  # something to shoot, ram or take over: the common bot's call
    moves = [a for a in mine if isinstance(a, MoveAction)]
    if not moves:
        return None
    chosen = best_move(state, escort, moves, lambda look: _screen_value(state, escort, rig, look))
    return chosen or next((a for a in mine if a.kind == "done"), None)


def bot(state: RwState, vehicle: Vehicle, mine: list[Action]) -> Action | None:
    """`MissionRules.bot` for BREAKOUT: the Convoy's Rig and escorts; the attackers play the
    common bot (they close on the Rig, `prey`)."""
    if vehicle.side != 0 or vehicle.origin != 0:
        return None
    if vehicle.letter == RIG:
        return _rig(state, vehicle, mine)
    return _escort(state, vehicle, mine)


CONVOY_TOKENS: tuple[TokenKind, ...] = ("gunner", "shotgun", "spikes", "mechanic", "brawler")
"""After the Rig's crew (`policy._crew_the_prize`): a Gunner and a Shotgun in each escort, a
Shotgun for the Rig's Gunner to fire free; never a Nitro (the heavy Rig may not use one)."""
BUYS: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("street_bike",),
    ("convertible", "buggy", "dirt_bike"),
)
"""The Convoy's 5 points beside the Rig: five Street Bikes, each with a Gunner (five free shots
a turn at the open attackers, five more targets and bodies in the line of fire); the attackers
as the common chasers (`policy.CHASER_BUYS`)."""
ATTACKER_TOKENS: tuple[TokenKind, ...] = ("gunner", "shotgun", "brawler", "molotov", "veteran")
"""The common chasers' choice (`policy.CHASER_TOKENS`)."""
