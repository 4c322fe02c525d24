"""DERAILED's own actions (text line 216): BOARD a Gondola or the Engine, SEARCH a Gondola,
DRIVE the train; what a train car may do; and the tidy-up of the cars after every action (an
emptied car is nobody's again)."""

from __future__ import annotations

from typing import Any

from games.roadwolf import geometry as geo
from games.roadwolf.data import TOKEN_KINDS, TokenKind
from games.roadwolf.missions.derailed_train import ENGINE, FRONT, drive_train, is_train
from games.roadwolf.model import RwState, TrainAction, Vehicle
from games.roadwolf.table import Ctx, rect_of

ENGINE_SEATS = 2
"""Line 216: the Engine "can hold 2 crew"."""
SEARCH_KEEPS: tuple[TokenKind, ...] = ("shotgun", "ambush", "molotov", "spikes")
"""Line 216: "if it is a Shotgun, Ambush, Molotov, or Spikes, you may keep it!"."""
CAR_ACTIONS = frozenset({"shoot", "melee", "board", "search", "drive_train", "done"})
"""What the crew in a train car may do: fight, move on, search, drive (no driving a car)."""


def _adjacent(a: Vehicle, b: Vehicle) -> bool:
    return geo.is_adjacent(rect_of(a), rect_of(b))


def _opposed(car: Vehicle, side: int) -> bool:
    """Line 216: "there cannot be any opposing crew in the Gondola"."""
    return bool(car.crew) and not car.neutral and car.side != side


def board_targets(state: RwState, vehicle: Vehicle) -> list[str]:
    """Where crew of `vehicle` may board: an adjacent Gondola with no opposing crew (from a
    vehicle or the other Gondola); from the front Gondola, the Engine once nobody is left in it
    ("kill all rival crew in the engine, then spend an action to board it")."""
    if not vehicle.crew or vehicle.neutral:
        return []
    found = []
    for car in state.vehicles:
        if not is_train(car) or car.letter == vehicle.letter or not car.on_board:
            continue
        if not _adjacent(vehicle, car):
            continue
        if car.letter == ENGINE:
            if vehicle.letter == FRONT and not car.crew:
                found.append(car.letter)
        elif not _opposed(car, vehicle.side):
            found.append(car.letter)
    return found


def refuse(state: RwState, vehicle: Vehicle, action: Any) -> str | None:
    """Why a DERAILED action is not legal now (None: go on with the common checks)."""
    kind = action.kind
    if is_train(vehicle) and kind not in CAR_ACTIONS:
        return f"the crew in {vehicle.name} {vehicle.letter} cannot do that ({kind})"
    target = state.find(getattr(action, "target", "") or "")
    if (
        target is not None
        and is_train(target)
        and kind in ("takeover", "transfer", "pickup", "spikes")
    ):
        return f"{target.letter} is a train car: crew BOARD it (line 216)"
    if kind == "board":
        if action.target not in board_targets(state, vehicle):
            listed = ", ".join(board_targets(state, vehicle)) or "none"
            return f"{vehicle.letter} cannot board {action.target}; it may board: {listed}"
        ids = {t.id for t in vehicle.crew}
        if not set(action.tokens) <= ids:
            return f"name crew of {vehicle.letter} to board with"
    if kind == "search" and "gondola" not in vehicle.traits:
        return "only crew in a Gondola may search it (line 216)"
    if kind == "drive_train":
        if vehicle.letter != ENGINE:
            return "only the crew in control of the Engine drive the train"
        if state.mission.count("train_round") == state.round:
            return "the train moves at most 1 stick a turn (line 216)"
    return None


def actions(state: RwState, vehicle: Vehicle) -> list[Any]:
    """The DERAILED actions to list for `vehicle` (each still goes through `checks.check`)."""
    found: list[Any] = [
        TrainAction(kind="board", vehicle=vehicle.letter, target=t)
        for t in board_targets(state, vehicle)
    ]
    if "gondola" in vehicle.traits:
        found.append(TrainAction(kind="search", vehicle=vehicle.letter))
    if vehicle.letter == ENGINE:
        found.append(TrainAction(kind="drive_train", vehicle=vehicle.letter))
    return found


def perform(ctx: Ctx, action: Any) -> None:
    """Run a DERAILED action (`actions.TrainAction`)."""
    assert isinstance(action, TrainAction)
    if action.kind == "board":
        board(ctx, action.vehicle, action.target, action.tokens)
    elif action.kind == "search":
        search(ctx, action.vehicle)
    else:
        ctx.mission = ctx.mission.with_count("train_round", ctx.state.round)
        drive_train(ctx)


def board(ctx: Ctx, letter: str, target: str, token_ids: tuple[int, ...]) -> None:
    """Crew climb from `letter` into the train car `target`: the named crew, or every crew but
    the driver (the driver too if alone: the vehicle is then abandoned, rule 41). The Engine
    takes 2."""
    me, car = ctx.v(letter), ctx.v(target)
    if token_ids:
        movers = [t for t in me.crew if t.id in token_ids]
    else:
        movers = [t for t in me.crew if t.id != me.driver] or list(me.crew)
    if target == ENGINE:
        movers = movers[:ENGINE_SEATS]
    ids = {t.id for t in movers}
    stay = tuple(t for t in me.crew if t.id not in ids)
    update: dict[str, Any] = {"crew": stay}
    if me.driver in ids:
        update["driver"] = stay[0].id if is_train(me) and stay else None
        if not is_train(me) and not stay:
            update["abandoned"] = True
            update["abandoned_round"] = ctx.state.round
    ctx.update(letter, **update)
    crew = (*car.crew, *movers)
    ctx.update(target, crew=crew, side=me.side, neutral=False, driver=crew[0].id)
    ctx.say(
        letter,
        f"{len(movers)} crew of {letter} board {car.name} {target}.",
        kind="board",
        target=target,
    )
    tidy(ctx)


def search(ctx: Ctx, letter: str) -> None:
    """Line 216: "Draw a random token from your bin- if it is a Shotgun, Ambush, Molotov, or
    Spikes, you may keep it!" (1.3 [R]: one of the 10 kinds, uniformly; always kept)."""
    kind = TOKEN_KINDS[ctx.rng.randrange(len(TOKEN_KINDS))]
    car = ctx.v(letter)
    if kind in SEARCH_KEEPS:
        ctx.update(letter, gear=(*car.gear, ctx.new_token(kind)))
        ctx.say(letter, f"The crew in {letter} search and find something.", kind="search")
    else:
        ctx.say(letter, f"The crew in {letter} search: nothing useful.", kind="search")


def tidy(ctx: Ctx) -> None:
    """A train car with nobody aboard is nobody's (neutral, never abandoned or immobilized: the
    train never stops on its own); a car with crew has one of them in its "driver" seat."""
    for car in [v for v in ctx.vehicles.values() if is_train(v)]:
        if not car.crew:
            if not car.neutral or car.driver is not None or car.abandoned or car.immobilized:
                ctx.update(
                    car.letter, neutral=True, driver=None, abandoned=False, immobilized=False
                )
        elif car.driver is None or car.abandoned or car.immobilized:
            ctx.update(car.letter, driver=car.crew[0].id, abandoned=False, immobilized=False)
