"""DERAILED's own actions (text line 216): BOARD a Gondola or the Engine, SEARCH a Gondola,
DRIVE the train; what a train car may do (climbing back onto a road vehicle too: the common
TRANSFER to a friendly vehicle, as BOARD, and TAKEOVER of an abandoned one); and the tidy-up of
the cars after every action (an emptied car is nobody's again)."""

from __future__ import annotations

from typing import Any

from games.roadwolf import geometry as geo
from games.roadwolf.data import TOKEN_KINDS, TokenKind
from games.roadwolf.fight import capacity
from games.roadwolf.missions.derailed_train import ENGINE, FRONT, drive_train, is_train
from games.roadwolf.model import RwState, Token, TrainAction, Vehicle
from games.roadwolf.table import Ctx, rect_of

ENGINE_SEATS = 2
"""Line 216: the Engine "can hold 2 crew"."""
SEARCH_KEEPS: tuple[TokenKind, ...] = ("shotgun", "ambush", "molotov", "spikes")
"""Line 216: "if it is a Shotgun, Ambush, Molotov, or Spikes, you may keep it!"."""
CAR_ACTIONS = frozenset(
    {"shoot", "melee", "board", "search", "drive_train", "takeover", "pickup", "done"}
)
"""What the crew in a train car may do: fight, move on (BOARD another car or a friendly road
vehicle, TAKEOVER an abandoned one), search, pick up a wreck's gear, drive (no driving a car)."""
SEAT_ORDER: tuple[TokenKind, ...] = ("driver", "mechanic", "veteran", "gunner", "brawler")
"""[R] Nobody drives a train car, but a crewed car needs someone in its "driver" seat to act
(rule 20); rule 20's "no special ability while driving" must not cost a Brawler or a Gunner
aboard a car their skill: the seat goes to a plain Driver first, then the crew whose skill
matters least aboard the train (a Mechanic: the train never takes damage)."""


def _adjacent(a: Vehicle, b: Vehicle) -> bool:
    return geo.is_adjacent(rect_of(a), rect_of(b))


def _opposed(car: Vehicle, side: int) -> bool:
    """Line 216: "there cannot be any opposing crew in the Gondola"."""
    return bool(car.crew) and not car.neutral and car.side != side


def seat(crew: tuple[Token, ...]) -> int | None:
    """Who sits in a crewed train car's "driver" seat (`SEAT_ORDER`)."""
    if not crew:
        return None
    return min(crew, key=lambda t: SEAT_ORDER.index(t.kind) if t.kind in SEAT_ORDER else 9).id


def _climbs_down_to(car: Vehicle, other: Vehicle) -> bool:
    """Crew in a train car may climb onto an adjacent friendly road vehicle with a driver and
    room aboard: the common TRANSFER ("Move any number of crew or gear tokens to an adjacent
    friendly vehicle"); the text restricts only boarding a Gondola (line 216)."""
    return (
        not is_train(other)
        and other.on_board
        and not other.wreck
        and not other.neutral
        and other.side == car.side
        and other.driver is not None
        and len(other.crew) < capacity(other)
    )


def _engine_seat(engine: Vehicle, side: int) -> bool:
    """The Engine has a seat for `side`: empty (its rival crew all killed), or held by `side`
    with one of its 2 seats free (line 216: "can hold 2 crew"; TRANSFER to a friendly
    vehicle)."""
    if not engine.crew:
        return True
    return not engine.neutral and engine.side == side and len(engine.crew) < ENGINE_SEATS


def board_targets(state: RwState, vehicle: Vehicle) -> list[str]:
    """Where crew of `vehicle` may board: an adjacent Gondola with no opposing crew (from a
    vehicle or the other Gondola); from the front Gondola, the Engine once nobody is left in it
    ("kill all rival crew in the engine, then spend an action to board it"), or a free seat of
    its team's Engine (`_engine_seat`); from a train car,
    an adjacent friendly road vehicle with room (`_climbs_down_to`)."""
    if not vehicle.crew or vehicle.neutral:
        return []
    found = []
    for car in state.vehicles:
        if car.letter == vehicle.letter or not car.on_board:
            continue
        if not _adjacent(vehicle, car):
            continue
        if not is_train(car):
            if is_train(vehicle) and _climbs_down_to(vehicle, car):
                found.append(car.letter)
        elif car.letter == ENGINE:
            if vehicle.letter == FRONT and _engine_seat(car, vehicle.side):
                found.append(car.letter)
        elif not _opposed(car, vehicle.side):
            found.append(car.letter)
    return found


def refuse(state: RwState, vehicle: Vehicle, action: Any) -> str | None:
    """Why a DERAILED action is not legal now (None: go on with the common checks)."""
    kind = action.kind
    if is_train(vehicle) and kind == "transfer":
        return (
            f"crew in {vehicle.letter} climb onto a friendly vehicle with BOARD (its crew and gear)"
        )
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
        return _check_tokens(state, vehicle, action)
    return _refuse_more(state, vehicle, action)


def _check_tokens(state: RwState, vehicle: Vehicle, action: TrainAction) -> str | None:
    """BOARD names crew (and, climbing down to a road vehicle, gear) of the boarding vehicle;
    a road vehicle takes no more crew than it has room for (rule 18)."""
    named = set(action.tokens)
    car = state.vehicle(action.target)
    down = not is_train(car)
    ids = {t.id for t in vehicle.crew} | ({t.id for t in vehicle.gear} if down else set())
    if not named <= ids:
        return f"name crew of {vehicle.letter} to board with"
    if down and named:
        climbing = sum(1 for t in vehicle.crew if t.id in named)
        room = capacity(car) - len(car.crew)
        if climbing > room:
            return f"{car.letter} has room for {room} more crew (rule 18)"
    return None


def _refuse_more(state: RwState, vehicle: Vehicle, action: Any) -> str | None:
    kind = action.kind
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
    """Crew climb from `letter` into `target`: the named crew, or every crew but the driver
    (the driver too if alone: the vehicle is then abandoned, rule 41); out of a train car,
    everyone (nobody drives it). The Engine takes 2. Onto a road vehicle (a TRANSFER), as many
    as it has room for, with the named gear (by default, all of it when the car empties)."""
    me, car = ctx.v(letter), ctx.v(target)
    down = not is_train(car)
    if token_ids:
        movers = [t for t in me.crew if t.id in token_ids]
    elif is_train(me):
        movers = list(me.crew)
    else:
        movers = [t for t in me.crew if t.id != me.driver] or list(me.crew)
    if target == ENGINE:
        movers = movers[: ENGINE_SEATS - len(car.crew)]
    if down:
        movers = movers[: max(0, capacity(car) - len(car.crew))]
    ids = {t.id for t in movers}
    stay = tuple(t for t in me.crew if t.id not in ids)
    gear: tuple[Token, ...] = ()
    if down:
        gear = tuple(t for t in me.gear if t.id in token_ids or (not token_ids and not stay))
    update: dict[str, Any] = {"crew": stay, "gear": tuple(t for t in me.gear if t not in gear)}
    if me.driver in ids:
        update["driver"] = seat(stay) if is_train(me) else None
        if not is_train(me) and not stay:
            update["abandoned"] = True
            update["abandoned_round"] = ctx.state.round
    ctx.update(letter, **update)
    crew = (*car.crew, *movers)
    if down:
        ctx.update(target, crew=crew, gear=(*car.gear, *gear))
    else:
        ctx.update(target, crew=crew, side=me.side, neutral=False, driver=seat(crew))
    carried = f" with {len(gear)} gear" if gear else ""
    ctx.say(
        letter,
        f"{len(movers)} crew of {letter} board {car.name} {target}{carried}.",
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
    train never stops on its own); a car with crew has one of them in its "driver" seat, the
    one `SEAT_ORDER` puts there."""
    for car in [v for v in ctx.vehicles.values() if is_train(v)]:
        if not car.crew:
            if not car.neutral or car.driver is not None or car.abandoned or car.immobilized:
                ctx.update(
                    car.letter, neutral=True, driver=None, abandoned=False, immobilized=False
                )
        elif car.driver != seat(car.crew) or car.abandoned or car.immobilized:
            ctx.update(car.letter, driver=seat(car.crew), abandoned=False, immobilized=False)
