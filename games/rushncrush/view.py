"""The public view: everything a board image needs (Rush 'n' Crush has no hidden information)."""

from __future__ import annotations

from games.engine import Model, PlayerId
from games.rushncrush.course import Course, get_course
from games.rushncrush.data import FIXED_LABELS, HEAT_SKULL, Item, Zone
from games.rushncrush.gearbox import zone_of
from games.rushncrush.model import Car, Cell, LastMove, Mine, RncState
from games.rushncrush.rules import track_maxima
from games.rushncrush.tiles import LANES, OBSTRUCTIONS, START_LINE_ROW, TILES

LOOK_BEHIND = 3
LOOK_AHEAD = 20
"""Rows shown behind the last car and ahead of the leader (a full speed-18 move and a bit)."""


class RowView(Model):
    row: int
    """Absolute row (distance from the back of the grid)."""
    cells: str
    """One letter per lane: `.` road, `o` rock, `#` concrete, `x` void."""
    tile: int
    tile_name: str
    mirrored: bool
    curve: str | None
    start_line: bool
    finish_line: bool


class ItemView(Model):
    item: Item
    armed: bool
    moved_this_turn: bool


class CarView(Model):
    player: PlayerId
    name: str
    number: int
    car_name: str
    team: str
    colour: str
    driver_name: str
    fixed: tuple[str, ...]
    items: tuple[ItemView, ...]
    row: int
    lane: int
    lap: int
    place: int
    gear: int
    speed: int
    zone: Zone
    steering: int
    steering_max: int
    brake: int
    brake_max: int
    turbo: int
    turbo_max: int
    structure: int
    structure_max: int
    heat: int
    heat_skull: int
    mines: int
    destroyed: bool
    is_active: bool


class RncView(Model):
    course_key: str
    course_name: str
    lanes: int
    laps: int
    finish_row: int
    rows: tuple[RowView, ...]
    """Visible rows, back to front: from just behind the last car to well past the leader."""
    cars: tuple[CarView, ...]
    wrecks: tuple[Cell, ...]
    """Wrecks where they show: on a loop, every visible lap's copy of the spot."""
    mines: tuple[Mine, ...]
    """Mines likewise (a mine's row is where it shows)."""
    obstructions: tuple[Cell, ...]
    last_move: LastMove | None
    round: int
    order: tuple[PlayerId, ...]
    active_player: PlayerId | None
    phase: str | None
    movement_left: int
    lane_changes_left: int | None
    """None = unlimited."""
    activations_used: int
    swerve_pending: bool
    winner: PlayerId | None
    finished: bool
    end_reason: str


def _row_view(course: Course, row: int) -> RowView:
    lap_row = row % course.lap_rows if course.loop else min(row, course.lap_rows - 1)
    number, mirrored = course.tile_of_row[lap_row]
    tile = TILES[number]
    return RowView(
        row=row,
        cells="".join(course.cell(row, lane) for lane in range(LANES)),
        tile=number,
        tile_name=tile.name,
        mirrored=mirrored,
        curve=tile.curve,
        start_line=row == START_LINE_ROW,
        finish_line=row == course.finish_row,
    )


def _car_view(state: RncState, course: Course, car: Car, place: int) -> CarView:
    maxima = track_maxima(car.fixed)
    turn = state.turn
    moved = turn.moved if turn is not None and turn.player == car.player else ()
    return CarView(
        player=car.player,
        name=car.name,
        number=car.number,
        car_name=car.car_name,
        team=car.team,
        colour=car.colour,
        driver_name=car.driver_name,
        fixed=tuple(FIXED_LABELS[f] for f in car.fixed),
        items=tuple(
            ItemView(item=s.item, armed=s.armed, moved_this_turn=s.item in moved) for s in car.slots
        ),
        row=car.row,
        lane=car.lane,
        lap=course.lap_of(car.row),
        place=place,
        gear=car.gear,
        speed=car.speed,
        zone=zone_of((car.gear, car.speed)),
        steering=car.steering,
        steering_max=maxima["steering"],
        brake=car.brake,
        brake_max=maxima["brake"],
        turbo=car.turbo,
        turbo_max=maxima["turbo"],
        structure=car.structure,
        structure_max=maxima["structure"],
        heat=car.heat,
        heat_skull=HEAT_SKULL,
        mines=car.mines,
        destroyed=car.destroyed,
        is_active=turn is not None and turn.player == car.player,
    )


def _seen_at(course: Course, cell: Cell, rows: tuple[RowView, ...]) -> list[Cell]:
    """Where a wreck or mine shows on the visible rows: on a loop, on every lap's copy of its spot
    (they are physical, see `Course.spot`); elsewhere just where it is (even if out of view)."""
    if not course.loop:
        return [cell]
    spot = course.spot(cell)
    return [(r.row, cell[1]) for r in rows if course.spot((r.row, cell[1])) == spot]


def view(state: RncState, viewer: PlayerId | None) -> RncView:
    """The same public view for every viewer."""
    course = get_course(state.options.course)
    # Wrecks far behind the field would stretch the board; they are drawn when in view.
    rows_with_cars = [c.row for c in state.cars if not c.destroyed] or [c.row for c in state.cars]
    first = max(0, min(rows_with_cars) - LOOK_BEHIND)
    last = min(max(rows_with_cars) + LOOK_AHEAD, course.finish_row + LOOK_BEHIND)
    rows = tuple(_row_view(course, r) for r in range(first, last + 1))
    standing = sorted(state.cars, key=lambda c: (c.destroyed, -c.row, c.arrival))
    places = {c.player: i + 1 for i, c in enumerate(standing)}
    turn = state.turn
    return RncView(
        course_key=course.key,
        course_name=course.name,
        lanes=LANES,
        laps=course.laps,
        finish_row=course.finish_row,
        rows=rows,
        cars=tuple(_car_view(state, course, c, places[c.player]) for c in state.cars),
        wrecks=tuple(
            cell for c in state.cars if c.destroyed for cell in _seen_at(course, c.cell, rows)
        ),
        mines=tuple(
            m.model_copy(update={"row": row, "lane": lane})
            for m in state.mines
            for row, lane in _seen_at(course, (m.row, m.lane), rows)
        ),
        obstructions=tuple(
            (r.row, lane) for r in rows for lane, cell in enumerate(r.cells) if cell in OBSTRUCTIONS
        ),
        last_move=state.last_move,
        round=state.round,
        order=state.order,
        active_player=turn.player if turn is not None else None,
        phase=turn.phase if turn is not None else None,
        movement_left=turn.movement_left if turn is not None else 0,
        lane_changes_left=turn.lane_changes if turn is not None else None,
        activations_used=turn.activations if turn is not None else 0,
        swerve_pending=turn.swerve_pending if turn is not None else False,
        winner=state.winner,
        finished=state.finished,
        end_reason=state.end_reason,
    )
