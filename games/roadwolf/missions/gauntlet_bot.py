"""GAUNTLET's bot (line 213): the Couriers' driving, fighting and Skull choices, and the bot
hints (`runs_for_the_end`, `prey`). The mission's rules are in `gauntlet.py`."""

from __future__ import annotations

from games.roadwolf import geometry as geo
from games.roadwolf.actions import Action, MeleeAction, MoveAction, ShootAction
from games.roadwolf.data import WEAPON_DICE
from games.roadwolf.missions.gauntlet_enemies import (
    ATTACKS,
    COURIER,
    ENEMY,
    MUTANT_WEAPON,
    pending,
)
from games.roadwolf.model import RwState, Vehicle
from games.roadwolf.preview import preview
from games.roadwolf.risk import road_turn_risk
from games.roadwolf.table import rect_of


def runs(state: RwState, vehicle: Vehicle) -> bool:
    """Bot hint: every Courier drives for the END."""
    return COURIER in vehicle.traits


def prey(state: RwState, vehicle: Vehicle) -> list[Vehicle]:
    """Bot hint: only the enemies are fair game."""
    return [v for v in state.vehicles if ENEMY in v.traits and v.on_board and not v.wreck]


def _enemy_letters(state: RwState) -> set[str]:
    return {v.letter for v in state.vehicles if ENEMY in v.traits and v.on_board and v.crew}


def bot(state: RwState, vehicle: Vehicle, mine: list[Action]) -> Action | None:
    """A Courier's bot: free shots at enemies on the way; drive for the END (avoiding rams,
    hazards and the verge); while the END is still closed and it waits near it, fight the
    enemies around it and repair; never grind against the edge."""
    free_repair = next((a for a in mine if a.kind == "repair" and a.mechanic), None)
    if free_repair is not None and vehicle.damage > 0:
        return free_repair  # free (the Mechanic's), two dice at a 6 each
    enemies = _enemy_letters(state)
    shots = [a for a in mine if isinstance(a, ShootAction) and a.target in enemies]
    free = [a for a in shots if a.gunner or a.weapon == "ambush"]
    if free:
        return free[0]
    turn = next((a for a in mine if a.kind == "turn_around"), None)
    if turn is not None:
        return turn
    fresh = state.turn is not None and state.turn.vehicle != vehicle.letter
    waiting = bool(state.deck) and vehicle.y + vehicle.h >= _pace(state) - geo.STICK
    if shots and (fresh or waiting):
        return shots[0]  # a Skull ignores a later attack; waiting by the END, fight first
    move = _best_move(state, vehicle, mine)
    if move is not None:
        return move
    melee = [a for a in mine if isinstance(a, MeleeAction) and a.target in enemies]
    fights: list[Action] = [*shots, *melee]
    if fights:
        return fights[0]
    repair = next((a for a in mine if a.kind == "repair"), None)
    if repair is not None:
        return repair
    return next((a for a in mine if a.kind == "done"), None)


HAZARDS = ("slide", "slick", "debris", "wreck")


def _pace(state: RwState) -> float:
    """How far up the road a Courier bot drives while the END is closed: to the row below the
    two END slots where the new cards land (2 sticks short of the END), then out."""
    return geo.BOARD_LENGTH - 2 * geo.STICK if state.deck else geo.BOARD_LENGTH + 1


VERGE_BONUS = 15.0
"""A Dirt Courier on the verge: the enemy buggy rams it "without nitro" (line 213: 2 dice, not
3) and the road cards miss it."""
EDGE_ROOM = 3
"""Cells kept from a side edge: a skid moves a car up to a few cells."""
CROWD_PENALTY = 15.0
"""Another Courier within a cell: a skid or a card's push rams one into the other."""


def _place_value(state: RwState, vehicle: Vehicle, box: geo.Rect) -> float:
    """How safe a spot is for the coming ROAD TURN and the enemy attacks after it: the cards
    that will sweep it (a Dirt car on the verge misses them all but a Bridge or Tunnel reaching
    its rows, `risk.py`), the verge for a Dirt car, room from the other Couriers."""
    value = -road_turn_risk(state, vehicle, box)
    if vehicle.surface == "dirt" and geo.is_off_road(box):
        value += VERGE_BONUS
    if box.x < EDGE_ROOM or box.right > geo.BOARD_WIDTH - EDGE_ROOM:
        value -= VERGE_BONUS  # a skid from here goes off the side edge
    for other in state.vehicles:
        if other.letter == vehicle.letter or COURIER not in other.traits or not other.on_board:
            continue
        if geo.gap(box, rect_of(other)) <= 1:
            value -= CROWD_PENALTY
    return value


def _best_move(state: RwState, vehicle: Vehicle, mine: list[Action]) -> Action | None:
    """The MOVE (by preview) that gains the most ground up to the pace, safely; None if
    staying put is as good."""
    if vehicle.immobilized or not any(isinstance(a, MoveAction) for a in mine):
        return None
    pace = _pace(state)
    front = vehicle.y + vehicle.h
    mutants = {v.letter for v in state.vehicles if v.kind == "mutant" and ENEMY in v.traits}
    rivals = {v.letter for v in state.vehicles if COURIER in v.traits and v.side != vehicle.side}
    stay = _place_value(state, vehicle, rect_of(vehicle))
    best: tuple[float, Action] | None = None
    for dx, dy in geo.displacements("move"):
        look = preview(state, vehicle.letter, "move", dx, dy)
        if look.ram in rivals:
            continue  # "Couriers may not attack each other": refused (`gauntlet.refuse`)
        if look.exits is not None:
            score = 1000.0 if look.exits == "end" else -1000.0
        else:
            ahead = min(look.ghost.front, pace) - min(front, pace)
            score = 10.0 * ahead - 5 * max(0.0, look.ghost.front - max(pace, front))
            if look.ram is not None:
                score += 40 if look.ram in mutants else -60  # a mutant defends with 1 die
            score -= 80 if look.off_road and vehicle.surface != "dirt" else 0
            score -= 20 * sum(1 for c in look.cards if c in HAZARDS)
            score -= 60 * len(look.around)
            score += _place_value(state, vehicle, look.ghost)
        if best is None or score > best[0]:
            best = (score, MoveAction(kind="move", vehicle=vehicle.letter, dx=dx, dy=dy))
    if best is None or best[0] <= stay + 1:
        return None
    return best[1]


ATTACK_DICE = {"spikes": 3, "buggy": 3, "bike": 2}
"""Roughly what each attack throws at the lead vehicle: Spikes size + 1 dice, the buggy's
Nitro-ram 2 + 1, the bike's melee (a driver and a Brawler); a mutant: its weapon's dice."""


def bot_decide(state: RwState, legal: list[Action]) -> Action:
    """A Courier bot's Skull (line 213: "you may choose after drawing it"): spend it on the
    heavy attacks (Spikes, a buggy's ram, a Molotov) or when the attack could finish the lead
    vehicle; keep it against a mutant's 1-die gun or a Shotgun on a healthy vehicle (with two
    or more Skulls, only the gun is taken)."""
    found = pending(state)
    spend = next((a for a in legal if getattr(a, "choice", "") == "skull"), legal[0])
    take = next((a for a in legal if getattr(a, "choice", "") == "take"), legal[0])
    if found is None:
        return take
    side, token, target = found
    kind = ATTACKS[token]
    dice = WEAPON_DICE[MUTANT_WEAPON[token]] if kind == "mutant" else ATTACK_DICE.get(kind, 0)
    skulls = state.mission.count(f"skulls:{side}")
    if dice >= 3 or dice >= target.remaining or (skulls >= 2 and dice >= 2):
        return spend
    return take
