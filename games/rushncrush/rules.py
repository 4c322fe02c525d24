"""Rush 'n' Crush turn flow: setup, legal actions, apply, outcome."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from games.engine import (
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    Outcome,
    Player,
    PlayerId,
    Rng,
    Step,
)
from games.rushncrush.board import Board
from games.rushncrush.data import (
    ARMOR_STRUCTURE_BONUS,
    BRAKE,
    CARS,
    COMPUTER_STEERING_BONUS,
    DRIVER_STANDARD_ITEMS,
    DRIVERS,
    ITEM_LABELS,
    MINES,
    RED_DICE,
    STEERING,
    STRUCTURE,
    TURBO,
    Fixed,
    Item,
)
from games.rushncrush.equipment import arm, check_counter, extinguish, fire, gun_target
from games.rushncrush.events import CarMoved, GearChanged, LaneChangesRolled
from games.rushncrush.gearbox import find_route, is_node, routes, zone_of
from games.rushncrush.model import (
    Action,
    ActivateAction,
    Car,
    GearAction,
    LastMove,
    MoveAction,
    RncOptions,
    RncState,
    Slot,
    Turn,
)
from games.rushncrush.path import PathRun, dry_run, parse_path, sample_paths
from games.rushncrush.tables import heat_from, lane_changes_from, white_dice
from games.rushncrush.tiles import GRID

MIN_PLAYERS = 2
MAX_PLAYERS = 6


def track_maxima(fixed: Sequence[Fixed]) -> dict[str, int]:
    """Starting (= highest) value of each track for a car with this fixed equipment."""
    return {
        "steering": STEERING + (COMPUTER_STEERING_BONUS if Fixed.COMPUTER in fixed else 0),
        "brake": BRAKE,
        "turbo": TURBO,
        "structure": STRUCTURE + (ARMOR_STRUCTURE_BONUS if Fixed.ARMOR in fixed else 0),
    }


def _new_car(player: Player, number: int, slot: int) -> Car:
    _, car_name, team, colour, fixed = CARS[number - 1]
    _, driver_name, pair = DRIVERS[number - 1]
    row, lane = GRID[slot]
    tracks = track_maxima(fixed)
    return Car(
        player=player.id,
        name=player.name,
        number=number,
        car_name=car_name,
        team=team,
        colour=colour,
        driver=number,
        driver_name=driver_name,
        fixed=fixed,
        slots=tuple(Slot(item=i) for i in (*pair, *DRIVER_STANDARD_ITEMS)),
        row=row,
        lane=lane,
        **tracks,
        mines=MINES if Fixed.MINELAYER in fixed else 0,
        arrival=slot,
    )


def setup(players: Sequence[Player], options: RncOptions, rng: Rng) -> RncState:
    """Random cars (each with its team's driver) and a random grid; the front car goes first."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise InvalidAction(
            f"Rush 'n' Crush takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}"
        )
    numbers = [n for n, *_ in CARS]
    rng.shuffle(numbers)
    slots = list(range(len(players)))
    rng.shuffle(slots)
    cars = tuple(_new_car(p, numbers[i], slots[i]) for i, p in enumerate(players))
    order = round_order(cars)
    return RncState(
        options=options, cars=cars, order=order, turn=Turn(player=order[0]), arrivals=len(cars)
    )


def round_order(cars: Sequence[Car]) -> tuple[PlayerId, ...]:
    """Front to back; level cars in the order they arrived."""
    alive = [c for c in cars if not c.destroyed]
    return tuple(c.player for c in sorted(alive, key=lambda c: (-c.row, c.arrival)))


def active_players(state: RncState) -> frozenset[PlayerId]:
    if state.finished or state.turn is None:
        return frozenset()
    return frozenset({state.turn.player})


# --- apply -------------------------------------------------------------------------------------


def apply(state: RncState, player: PlayerId, action: Action, rng: Rng) -> Step[RncState]:
    if state.finished:
        raise GameOver(f"the race is over: {state.end_reason}")
    turn = state.turn
    if turn is None or turn.player != player:
        current = state.car(turn.player).name if turn is not None else "nobody"
        raise NotYourTurn(f"it is {current}'s turn; wait for yours")
    board = Board(state, rng)
    if isinstance(action, GearAction):
        _gear(board, player, action)
    elif isinstance(action, MoveAction):
        _move(state, board, player, action)
    else:
        _activate(board, player, action)
    board.settle()
    return Step(_advance(board, player), tuple(board.events))


def _gear(board: Board, player: PlayerId, action: GearAction) -> None:
    turn = board.turn
    assert turn is not None
    car = board.cars[player]
    if turn.phase != "gear":
        raise IllegalAction("you have already changed gear this turn; now drive your path")
    target = (action.gear, action.speed)
    if not is_node(target):
        raise InvalidAction(f"there is no gear {action.gear} at speed {action.speed}")
    if action.turbo > car.turbo or action.brake > car.brake:
        raise IllegalAction(
            f"you asked for {action.turbo} Turbo and {action.brake} Brake points but have "
            f"{car.turbo} Turbo and {car.brake} Brake left"
        )
    node = (car.gear, car.speed)
    route = find_route(node, target, action.turbo, action.brake)
    if route is None:
        options = "; ".join(
            _route_label(r.target, r.turbo, r.brake) for r in routes(node, car.turbo, car.brake)
        )
        raise IllegalAction(
            f"{_route_label(target, action.turbo, action.brake)} is not reachable from gear "
            f"{car.gear} speed {car.speed}; you can choose: {options}"
        )
    car = board.update(
        player,
        gear=action.gear,
        speed=action.speed,
        turbo=car.turbo - action.turbo,
        brake=car.brake - action.brake,
    )
    board.events.append(
        GearChanged(player=player, old=node, new=target, turbo=action.turbo, brake=action.brake)
    )
    heat_faces = board.roll(RED_DICE[zone_of(target)], player, "heat")
    board.damage(player, "heat", heat_from(heat_faces, action.turbo), "engine heat")
    if board.cars[player].destroyed:
        return
    steer_faces = board.roll(white_dice(car.speed), player, "steering")
    lane_changes = lane_changes_from(car.speed, steer_faces)
    board.events.append(LaneChangesRolled(player=player, lane_changes=lane_changes))
    board.update_turn(
        phase="move",
        turbo_used=action.turbo,
        lane_changes=lane_changes,
        movement_left=car.speed,
        path=(car.cell,),
    )


def _route_label(target: tuple[int, int], turbo: int, brake: int) -> str:
    spend = f" +{turbo} Turbo" if turbo else (f" +{brake} Brake" if brake else "")
    return f"gear {target[0]} speed {target[1]}{spend}"


def _move(state: RncState, board: Board, player: PlayerId, action: MoveAction) -> None:
    turn = board.turn
    assert turn is not None
    if turn.phase != "move":
        raise IllegalAction("change gear first: the gear choice comes before the path")
    tokens = parse_path(action.path)
    dry_run(state, player, tokens)  # refuses an illegal path before any die is rolled
    driven_from = max(len(turn.path) - 1, 0)
    run = PathRun(board, player)
    for index, token in enumerate(tokens):
        try:
            run.feed(token, tokens[index + 1 :])
        except IllegalAction as error:
            # Only reachable after a roll changed the road (say a target was wrecked).
            turn = board.turn
            assert turn is not None
            board.note(f"step {index + 1} ({token}) skipped: {error.message}")
            if turn.movement_left > 0 or turn.swerve_pending:
                break
            continue
        if run.status != "running":
            break
    turn = board.turn
    assert turn is not None
    # The log then says where the car went, not just what it hit (a paused move reports its part).
    board.events.append(CarMoved(player=player, cells=turn.path[driven_from:]))
    if run.status == "paused" and turn.movement_left > 0:
        board.note(
            f"the side ram changed the road: {turn.movement_left} movement left, send the rest"
        )
    board.last_move = LastMove(player=player, cells=turn.path)


def _activate(board: Board, player: PlayerId, action: ActivateAction) -> None:
    item = action.item
    if action.mode == "arm":
        arm(board, player, item)
    elif item in (Item.MACHINE_GUN, Item.FLAMER):
        fire(board, player, item)
    elif item == Item.FIRE_EXTINGUISHER:
        extinguish(board, player)
    elif item == Item.ROCKET_BOOSTER:
        raise IllegalAction("Use the Rocket Booster at the end of your path: add K1, K2 or K3")
    else:
        raise IllegalAction(
            f"the {ITEM_LABELS[item]} is Used as you side-ram: write "
            f"{'B' if item == Item.SIDE_BUMPER else 'S'} right before that L or R step"
        )


def _advance(board: Board, player: PlayerId) -> RncState:
    """Freeze the board, ending the turn (and maybe the round) when the car is done."""
    if board.over:
        return board.freeze(turn=None, finished=True)
    turn = board.turn
    assert turn is not None
    car = board.cars[player]
    done = car.destroyed or (
        turn.phase == "move" and turn.movement_left == 0 and not turn.swerve_pending
    )
    if not done:
        return board.freeze()
    arrivals = board.state.arrivals
    if not car.destroyed:
        board.update(player, arrival=arrivals)
        arrivals += 1
    order = board.state.order
    later = [p for p in order[order.index(player) + 1 :] if not board.cars[p].destroyed]
    if later:
        return board.freeze(turn=Turn(player=later[0]), arrivals=arrivals)
    board.rushes = 0
    new_order = round_order(list(board.cars.values()))
    return board.freeze(
        turn=Turn(player=new_order[0]),
        order=new_order,
        round=board.state.round + 1,
        arrivals=arrivals,
    )


# --- legal actions, outcome, describe ----------------------------------------------------------


def legal_actions(state: RncState, player: PlayerId) -> list[Action]:
    """Gear choices or a few sample paths, plus the Activations possible right now."""
    turn = state.turn
    if state.finished or turn is None or turn.player != player:
        return []
    car = state.car(player)
    actions: list[Action] = []
    if turn.phase == "gear":
        for route in routes((car.gear, car.speed), car.turbo, car.brake):
            gear, speed = route.target
            actions.append(GearAction(gear=gear, speed=speed, turbo=route.turbo, brake=route.brake))
    else:
        paths = list(sample_paths(state, player))
        extras = []
        slot = car.slot(Item.ROCKET_BOOSTER)
        if paths and car.mines > 0:
            extras.append("M " + paths[0])
        if paths and slot is not None and slot.armed and Item.ROCKET_BOOSTER not in turn.moved:
            extras.append(paths[0] + " K2")
        for extra in extras:
            try:
                dry_run(state, player, parse_path(extra))
            except IllegalAction:
                continue
            paths.append(extra)
        actions.extend(MoveAction(path=p) for p in paths)
    actions.extend(_activations(state, player))
    return actions


def _activations(state: RncState, player: PlayerId) -> list[ActivateAction]:
    board = Board(state, None)
    car = state.car(player)
    out: list[ActivateAction] = []
    for slot in car.slots:
        mode: Literal["arm", "use"] = "use" if slot.armed else "arm"
        try:
            check_counter(board, player, slot.item, mode)
        except IllegalAction:
            continue
        if mode == "arm":
            out.append(ActivateAction(item=slot.item, mode="arm"))
        elif _is_usable_now(board, car, slot.item):
            out.append(ActivateAction(item=slot.item, mode="use"))
    return out


def _is_usable_now(board: Board, car: Car, item: Item) -> bool:
    """Items a standalone Use action can fire now (the rest are Used inside a path)."""
    if item in (Item.MACHINE_GUN, Item.FLAMER):
        return gun_target(board, car, item) is not None
    return item == Item.FIRE_EXTINGUISHER and car.heat > 0


def outcome(state: RncState) -> Outcome | None:
    if not state.finished:
        return None

    def place(car: Car) -> tuple[int, int, int]:
        winner_first = 0 if car.player == state.winner else 1
        return (winner_first, int(car.destroyed), -car.row * 1000 + car.arrival)

    ranking = tuple(c.player for c in sorted(state.cars, key=place))
    winners = (state.winner,) if state.winner is not None else ()
    return Outcome(winners=winners, ranking=ranking, reason=state.end_reason)


def describe(action: Action) -> str:
    if isinstance(action, GearAction):
        return _route_label((action.gear, action.speed), action.turbo, action.brake)
    if isinstance(action, MoveAction):
        return f"drive {action.path}"
    label = ITEM_LABELS[action.item]
    return f"{action.mode} {label}"


def standings(state: RncState) -> tuple[PlayerId, ...]:
    """Who leads: cars still running, the furthest along first."""
    cars = sorted(state.cars, key=lambda c: (not c.destroyed, c.row), reverse=True)
    return tuple(c.player for c in cars)
