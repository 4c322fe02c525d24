"""Starting positions (digest 1.2): the first side "start[s] at the START", the other "on any
other board edge" (INTERCEPTOR) or "on any board edge" (BREAKOUT, THE PRESIDENT). A side may
place its vehicles itself while building (`place`); whatever is not placed is placed for it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from games.engine import IllegalAction, Rng
from games.roadwolf import geometry as geo
from games.roadwolf.data import MISSIONS
from games.roadwolf.model import PlaceAction, RwState, Side, Vehicle
from games.roadwolf.table import Ctx, rect_of

XY = tuple[int, int]
END_SLOTS = (10, 12, 8, 14, 6, 16, 4, 18, 2, 20, 0, 22)
"""Columns along the END edge, from the road outward."""


def allowed(ctx: Ctx, vehicle: Vehicle, x: int, y: int, *, room: float = 0) -> str | None:
    """Why (x, y) is not a starting position for `vehicle`, or None if it is."""
    box = geo.Rect(x, y, vehicle.w, vehicle.h)
    if geo.is_off_board(box):
        return "the whole vehicle must be on the board"
    mission = MISSIONS[ctx.state.options.mission]
    start = mission.of_side(mission.starts, vehicle.origin)
    if start == "start":
        if y >= geo.START_ROWS or geo.is_off_road(box):
            return "this side starts at the START: on the road, back row 0–7"
    elif start in ("left", "right"):
        if (x != 0) if start == "left" else (box.right != geo.BOARD_WIDTH):
            return f"this side starts touching the {start} edge"
    else:
        any_edge = start == "edge"
        edges = (
            x == 0,
            box.right == geo.BOARD_WIDTH,
            box.front == geo.BOARD_LENGTH,
            any_edge and y == 0,
        )
        if not any(edges):
            where = "any board edge" if any_edge else "the sides or the END edge"
            return f"this side starts touching {where}"
    for other in ctx.vehicles.values():
        if other.letter == vehicle.letter or not other.placed or not other.on_board:
            continue
        if geo.overlaps(box, rect_of(other)) or geo.gap(box, rect_of(other)) < room:
            return f"it would overlap {other.letter}"
    return None


def place(ctx: Ctx, side: Side, action: PlaceAction) -> None:
    """Put one of your vehicles at (x, y) (its back-left cell) before the game starts."""
    vehicle = ctx.vehicles.get(action.vehicle)
    if vehicle is None or vehicle.origin != side:
        raise IllegalAction(f"no vehicle {action.vehicle!r} of yours to place")
    reason = allowed(ctx, vehicle, action.x, action.y)
    if reason is not None:
        raise IllegalAction(f"{vehicle.letter} cannot start at {action.x},{action.y}: {reason}")
    ctx.update(vehicle.letter, x=action.x, y=action.y, placed=True)
    ctx.say("", f"{ctx.sides[side].name} place {vehicle.letter}.", kind="placed")


def _start_spots(vehicle: Vehicle) -> Iterator[tuple[int, int]]:
    for y in range(geo.START_ROWS):
        for x in range(geo.ROAD_FIRST, geo.ROAD_LAST + 1):
            yield x, y


def _side_spots(vehicle: Vehicle, x: int) -> Iterator[tuple[int, int]]:
    """Down one side edge from the middle of the board outward."""
    middle = (geo.BOARD_LENGTH - vehicle.h) // 2
    for step in range(geo.BOARD_LENGTH):
        y = middle + (step // 2 if step % 2 == 0 else -(step // 2 + 1))
        if 0 <= y <= geo.BOARD_LENGTH - vehicle.h:
            yield x, y


def _left_spots(vehicle: Vehicle) -> Iterator[tuple[int, int]]:
    return _side_spots(vehicle, 0)


def _right_spots(vehicle: Vehicle) -> Iterator[tuple[int, int]]:
    return _side_spots(vehicle, geo.BOARD_WIDTH - vehicle.w)


def _edge_spots(vehicle: Vehicle) -> Iterator[tuple[int, int]]:
    top = geo.BOARD_LENGTH - vehicle.h
    for x in END_SLOTS:
        yield x, top
    for y in range(top, 0, -1):
        yield 0, y
        yield geo.BOARD_WIDTH - vehicle.w, y
    for x in range(geo.BOARD_WIDTH - vehicle.w + 1):
        yield x, top


def place_armies(ctx: Ctx) -> None:
    """Every vehicle not placed by its side: the first side packs the START zone in ranks from
    the left of the road, the other lines the END edge from the road outward, then the sides."""
    for vehicle in list(ctx.vehicles.values()):
        if not vehicle.placed:
            place_one(ctx, vehicle.letter)


def place_side(ctx: Ctx, side: Side) -> None:
    """Every vehicle of `side` not placed yet (a side that places first, once it is done)."""
    for vehicle in list(ctx.vehicles.values()):
        if vehicle.origin == side and not vehicle.placed:
            place_one(ctx, vehicle.letter)


OFFERED_SPOTS = 20
"""Starting positions offered at once on the place picture (four rows of five buttons)."""


def offered_spots(state: RwState, letter: str, limit: int = OFFERED_SPOTS) -> list[XY]:
    """Starting positions for `letter` the rules accept now, none overlapping another, at most
    `limit`: in the house order (`place_one`'s: the START zone from the left of the road, the
    END edge from the road outward, then the sides), then any other legal spot that is still
    clear. A player picks one from a picture of them (`render.roadwolf.spots`)."""
    ctx = Ctx(state, Rng(0))
    vehicle = ctx.v(letter)
    house = list(_spots_for(state, vehicle)(vehicle))
    every = [(x, y) for y in range(geo.BOARD_LENGTH) for x in range(geo.BOARD_WIDTH)]
    taken: list[geo.Rect] = []
    found: list[XY] = []
    for x, y in dict.fromkeys([*house, *every]):
        box = geo.Rect(x, y, vehicle.w, vehicle.h)
        if any(geo.overlaps(box, other) for other in taken):
            continue
        if allowed(ctx, vehicle, x, y) is None:
            taken.append(box)
            found.append((x, y))
            if len(found) >= limit:
                break
    return found


def _spots_for(state: RwState, vehicle: Vehicle) -> Callable[[Vehicle], Iterator[XY]]:
    """Where `vehicle`'s side starts, as the house's order of spots."""
    mission = MISSIONS[state.options.mission]
    start = mission.of_side(mission.starts, vehicle.origin)
    if start == "start":
        return _start_spots
    if start == "left":
        return _left_spots
    if start == "right":
        return _right_spots
    return _edge_spots


def place_one(ctx: Ctx, letter: str) -> None:
    """Place one vehicle where its side starts (also a CHASE replacement entering mid-game),
    clear of everything already placed."""
    vehicle = ctx.v(letter)
    spots = _spots_for(ctx.state, vehicle)
    # first with a cell between vehicles (room to drive off), then touching if need be
    found = next(
        (
            (x, y)
            for room in (1, 0)
            for x, y in spots(vehicle)
            if allowed(ctx, vehicle, x, y, room=room) is None
        ),
        None,
    )
    if found is not None:
        ctx.update(letter, x=found[0], y=found[1])
    ctx.update(letter, placed=True)
