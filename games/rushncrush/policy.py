"""Rush 'n' Crush bot policy: fast where it is cool and clear, never cooked, never wrecked.

Gear: every reachable (gear, speed) is scored by the rows it gains, less the heat its red dice
are expected to add (dearer as the engine runs hot; a roll that could reach the skull is ruled
out) and the Structure the road ahead is expected to cost at that speed: a small search finds
the fewest lane changes that miss every rock, wall, wreck, mine and car in the next `speed`
rows, and the white dice (plus a few Steering points) say how likely the car has them. Blue
nodes are free of heat, so the car climbs 4 -> 6 -> 8 -> 10 -> 12 along them and brakes when
the road narrows. Path: the game's own hazard-avoiding sample paths (`path.sample_paths`),
dry-run and scored by rows gained, collisions and Steering spent; a Minelayer drops its mines
while someone is behind; the Rocket Booster fires when it crosses the line or the engine is
cool. Equipment: keep the guns, extinguisher and rocket armed, shoot a car in range, cool the
engine whenever it is warm. Arming is folded into the path (`+G +K F F L`, arms first, so a
move that pauses at a ram still arms): a person presses the same turn as one "Drive it"
(`best_path`, which the table's path preview opens on).
"""

from __future__ import annotations

from functools import cache
from math import comb

from games.engine import GameError, IllegalAction, NotYourTurn, PlayerId, Rng
from games.rushncrush.board import Board
from games.rushncrush.course import Course, get_course
from games.rushncrush.data import (
    ACTIVATIONS_PER_TURN,
    HEAT_ON_OR_BELOW,
    HEAT_SKULL,
    OBSTRUCTION_FIXED_DAMAGE,
    RED_DICE,
    ROCKET_HEAT_ON_OR_BELOW,
    ROCKET_MAX,
    WHITE_DICE,
    Item,
)
from games.rushncrush.events import Collision
from games.rushncrush.gearbox import zone_of
from games.rushncrush.model import Action, ActivateAction, Car, GearAction, MoveAction, RncState
from games.rushncrush.path import CODES, dry_run, parse_path
from games.rushncrush.rules import legal_actions

ARMED_ITEMS = (Item.MACHINE_GUN, Item.FLAMER, Item.FIRE_EXTINGUISHER, Item.ROCKET_BOOSTER)
"""Items worth keeping armed (the Side Bumper and Saw only matter for rams the bot avoids)."""
STEERING_PER_TURN = 2
"""Steering points the bot is willing to spend in one turn to miss something."""
WRECK_RISK = 0.5
"""Chance a wreck or mine costs a Structure point (1-3 on a die)."""
RAM_COST = 1.5
"""Structure-equivalent cost of ramming a car (the move ends; both may lose Structure)."""
BIG = 1000.0
SIDES = 6


def bot_move(state: RncState, player: PlayerId, rng: Rng) -> Action:
    """A sensible action for `player`, one that `apply` accepts (no chance needed)."""
    turn = state.turn
    if state.finished or turn is None or turn.player != player:
        raise NotYourTurn("the bot has nothing to do for this car now")
    legal = legal_actions(state, player)
    equipment = _equipment(state, player, legal)
    if equipment is not None:
        return equipment
    if turn.phase == "gear":
        gears = [a for a in legal if isinstance(a, GearAction)]
        return max(gears, key=lambda a: _gear_worth(state, player, a))
    return _drive(state, player, legal)


# --- equipment ---------------------------------------------------------------------------------


def _equipment(state: RncState, player: PlayerId, legal: list[Action]) -> ActivateAction | None:
    """Shoot a car in range or cool a warm engine (free Activations); arming waits for the
    path (`arm_tokens`), except for a car that has no path to drive."""
    car = state.car(player)
    found = [a for a in legal if isinstance(a, ActivateAction)]
    for action in found:
        if action.mode == "use" and action.item in (Item.MACHINE_GUN, Item.FLAMER):
            return action
        if action.mode == "use" and action.item == Item.FIRE_EXTINGUISHER and car.heat > 0:
            return action
    if any(isinstance(a, GearAction | MoveAction) for a in legal):
        return None
    return next((a for a in found if a.mode == "arm" and a.item in ARMED_ITEMS), None)


def arm_tokens(state: RncState, player: PlayerId) -> tuple[str, ...]:
    """`+X` tokens for the items worth keeping armed that may be armed now, as many as the
    turn's Activations left allow (slot order)."""
    turn = state.turn
    if turn is None:
        return ()
    room = ACTIVATIONS_PER_TURN - turn.activations
    codes = {item: code for code, item in CODES.items()}
    wanted = [
        f"+{codes[slot.item]}"
        for slot in state.car(player).slots
        if slot.item in ARMED_ITEMS and not slot.armed and slot.item not in turn.moved
    ]
    return tuple(wanted[: max(room, 0)])


# --- gear --------------------------------------------------------------------------------------


def _gear_worth(state: RncState, player: PlayerId, action: GearAction) -> float:
    car = state.car(player)
    course = get_course(state.options.course)
    speed = action.speed
    dice = RED_DICE[zone_of((action.gear, action.speed))]
    heat_chance = min(1.0, (HEAT_ON_OR_BELOW + action.turbo) / SIDES)
    room = HEAT_SKULL - car.heat
    if _at_least(dice, heat_chance, room) > 0:
        return -BIG - dice * heat_chance  # this roll could cook the engine
    heat_cost = dice * heat_chance * (2.0 + 6.0 * car.heat / HEAT_SKULL)
    if car.row + speed >= course.finish_row:
        return BIG - heat_cost  # crosses the line this turn
    crash = _expected_damage(state, player, course, speed)
    crash_cost = crash * (1.5 + 8.0 / max(car.structure, 1))
    if crash >= car.structure:
        crash_cost += BIG / 2
    spend = 0.6 * action.turbo + 0.4 * action.brake
    return speed - heat_cost - crash_cost - spend


def _at_least(n: int, p: float, k: int) -> float:
    """P(at least k successes in n tries of chance p)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


@cache
def lane_change_odds(speed: int) -> tuple[float, ...]:
    """P(exactly c lane changes) for c = 0..6 at `speed`; unlimited speeds put it all on 6."""
    keep, n = WHITE_DICE[speed]
    if keep == "unlimited":
        return (0.0,) * SIDES + (1.0,)
    if keep == "none":
        return (1.0,) + (0.0,) * SIDES
    odds = [0.0]
    for c in range(1, SIDES + 1):
        if keep == "high":
            odds.append((c / SIDES) ** n - ((c - 1) / SIDES) ** n)
        else:
            odds.append(((SIDES + 1 - c) / SIDES) ** n - ((SIDES - c) / SIDES) ** n)
    return tuple(odds)


@cache
def obstruction_damage(speed: int) -> float:
    """Expected Structure lost hitting a fixed obstruction at `speed`."""
    if speed in OBSTRUCTION_FIXED_DAMAGE:
        return float(OBSTRUCTION_FIXED_DAMAGE[speed])
    keep, n = WHITE_DICE[speed]
    if keep == "high":  # the lowest die counts
        return sum(((SIDES + 1 - k) / SIDES) ** n for k in range(1, SIDES + 1))
    return sum(1 - ((k - 1) / SIDES) ** n for k in range(1, SIDES + 1))


def _expected_damage(state: RncState, player: PlayerId, course: Course, speed: int) -> float:
    """Structure the next `speed` rows are expected to cost, given the lane changes the white
    dice may give at that speed plus a few Steering points."""
    costs = _road_costs(state, player, course, speed)
    budget = min(state.car(player).steering, STEERING_PER_TURN)
    odds = lane_change_odds(speed)
    return sum(p * costs[min(c + budget, len(costs) - 1)] for c, p in enumerate(odds) if p)


def _road_costs(state: RncState, player: PlayerId, course: Course, speed: int) -> list[float]:
    """The least hazard cost over the next `speed` rows using at most c lane changes, per c.

    A straight step costs nothing, a diagonal one a lane change. Entering a rock, wall or void
    costs an obstruction hit; a wreck or mine half a Structure point; a car a ram.
    """
    car = state.car(player)
    cars = {c.cell for c in state.cars if not c.destroyed and c.player != player}
    wrecks = {course.spot(c.cell) for c in state.cars if c.destroyed}
    mines = {course.spot((m.row, m.lane)) for m in state.mines if m.owner != player}
    hit = obstruction_damage(speed)
    most = min(speed, SIDES)
    inf = float("inf")
    # best[lane][changes used] = least cost so far
    best = [[inf] * (most + 1) for _ in range(4)]
    best[car.lane][0] = 0.0
    for step in range(1, speed + 1):
        row = car.row + step
        following = [[inf] * (most + 1) for _ in range(4)]
        for lane in range(4):
            for used in range(most + 1):
                here = best[lane][used]
                if here == inf:
                    continue
                for shift in (0, -1, 1):
                    to, spent = lane + shift, used + (shift != 0)
                    if not 0 <= to < 4 or spent > most:
                        continue
                    cost = here + _cell_cost((row, to), course, cars, wrecks, mines, hit)
                    if cost < following[to][spent]:
                        following[to][spent] = cost
        best = following
    per_budget = []
    running = inf
    for used in range(most + 1):
        running = min(running, min(best[lane][used] for lane in range(4)))
        per_budget.append(running)
    return per_budget


def _cell_cost(
    cell: tuple[int, int],
    course: Course,
    cars: set[tuple[int, int]],
    wrecks: set[tuple[int, int]],
    mines: set[tuple[int, int]],
    hit: float,
) -> float:
    if course.is_obstruction(*cell):
        return hit
    cost = 0.0
    if cell in cars:
        cost += RAM_COST
    spot = course.spot(cell)
    if spot in wrecks or spot in mines:
        cost += WRECK_RISK
    return cost


# --- path --------------------------------------------------------------------------------------


def _drive(state: RncState, player: PlayerId, legal: list[Action]) -> Action:
    """The best path (`best_path`), or else any legal action."""
    path = best_path(state, player, legal)
    if path is not None:
        return MoveAction(path=path)
    if not legal:
        raise IllegalAction("no path is open to this car; steer it step by step")
    return legal[0]


def best_path(state: RncState, player: PlayerId, legal: list[Action] | None = None) -> str | None:
    """The path the bot would drive now: the best-scoring of the sample paths and their mine
    and rocket variants, with the items worth keeping armed armed first (`arm_tokens`).
    None when no path is listed (not the move phase, or no path found)."""
    if legal is None:
        legal = legal_actions(state, player)
    listed = [a.path for a in legal if isinstance(a, MoveAction)]
    if not listed:
        return None
    path = _best_listed(state, player, listed)
    arms = arm_tokens(state, player)
    if arms:
        armed = " ".join((*arms, path))
        try:
            dry_run(state, player, parse_path(armed))
        except GameError:
            return path
        return armed
    return path


def _best_listed(state: RncState, player: PlayerId, listed: list[str]) -> str:
    """The best-scoring path among the sample paths and their mine and rocket variants."""
    car = state.car(player)
    plain = [p for p in listed if not p.startswith("M ") and "K" not in p] or listed
    candidates = list(plain)
    base = plain[0]
    if car.mines > 0 and any(c.row < car.row and not c.destroyed for c in state.cars):
        candidates += ["M " + p for p in plain]
    slot = car.slot(Item.ROCKET_BOOSTER)
    turn = state.turn
    assert turn is not None
    if slot is not None and slot.armed and Item.ROCKET_BOOSTER not in turn.moved:
        candidates += [f"{base} K{k}" for k in range(1, ROCKET_MAX + 1)]
    scored = [
        (_path_worth(state, player, path), index, path) for index, path in enumerate(candidates)
    ]
    _, _, path = max(scored, key=lambda item: (item[0], -item[1]))
    return path


def _path_worth(state: RncState, player: PlayerId, path: str) -> float:
    try:
        run = dry_run(state, player, parse_path(path))
    except GameError:
        return -BIG
    board: Board = run.board
    car: Car = board.cars[player]
    if board.winner == player:
        return BIG - path.count("K")
    start = state.car(player)
    hits = [e for e in board.events if isinstance(e, Collision) and e.player == player]
    damage = 0.0
    for event in hits:
        if event.what == "obstruction":
            damage += obstruction_damage(start.speed)
        elif event.what in ("wreck", "mine"):
            damage += WRECK_RISK
        else:
            damage += RAM_COST if event.what == "rush" else 0.5
    worth = float(car.row - start.row) - damage * (1.5 + 8.0 / max(start.structure, 1))
    worth -= 0.7 * (start.steering - car.steering)
    rocket = next((int(t[1]) for t in parse_path(path) if t.startswith("K")), 0)
    if rocket:
        heat_if = start.heat + rocket
        if heat_if >= HEAT_SKULL:
            return -BIG / 2  # the rocket's heat dice could cook the engine
        worth -= rocket * ROCKET_HEAT_ON_OR_BELOW / SIDES * (2.0 + 6.0 * start.heat / HEAT_SKULL)
        worth -= 0.5  # the armed rocket is worth keeping for a better moment
    if path.startswith("M "):
        worth += 0.3
    return worth
