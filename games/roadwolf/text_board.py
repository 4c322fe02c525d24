"""The position as text: an ASCII map of the grid (1.6: "48 lines × about 26 characters") cut
to the rows around the action, and one line per vehicle."""

from __future__ import annotations

import math

from games.roadwolf import geometry as geo
from games.roadwolf.model import RwView, VehicleView

MAX_CHARS = 1900
CARD_MARKS = {
    "slide": "~",
    "slick": "%",
    "debris": "*",
    "wreck": "&",
    "bridge": "=",
    "tunnel": "^",
    "supplies": "+",
    "clear": " ",
}


def _letter(vehicle: VehicleView, sides: int = 2, front: bool = False) -> str:
    if vehicle.status == "wreck":
        return "#"
    if "train" in vehicle.traits:  # DERAILED: EN, G1, G2 as E, G with N, 1, 2 on the front row
        return vehicle.letter[-1] if front else vehicle.letter[0]
    if vehicle.neutral:
        return vehicle.letter[-1]  # nobody's pieces: M (the truck), 1, 2… (civilians M1, M2…)
    if sides > 2 and len(vehicle.letter) > 1 and vehicle.letter[1:].isdigit():
        # three or more sides letter A1, B2…: the side's letter, the number on the front row
        return vehicle.letter[-1] if front else vehicle.letter[0]
    letter = vehicle.letter if vehicle.side == 0 else vehicle.letter.lower()
    return letter[-1] if len(letter) > 1 else letter  # one character a cell (CHASE's N2…)


def _strips(view: RwView) -> list[tuple[tuple[int, int], str]]:
    """The road's columns (`.`); DERAILED: its two roads and the track between them (`:`)."""
    if view.mission == "DERAILED":
        return [(geo.LEFT_ROAD, "."), (geo.TRACK, ":"), (geo.RIGHT_ROAD, ".")]
    return [(view.road_columns, ".")]


def ascii_map(view: RwView, rows: range | None = None) -> list[str]:
    """Rows from the END (top) down to the START: `.` road (DERAILED: `:` the track), letters
    vehicles (upper case the first side, lower case the second; with more sides the side's
    letter and the vehicle's number on its front row; DERAILED's train E…N, G…1, G…2; `#`
    wrecks), card marks."""
    width, length = view.board_width, view.board_length
    grid = [[" "] * width for _ in range(length)]
    for (first, last), mark in _strips(view):
        for y in range(length):
            for x in range(first, last + 1):
                grid[y][x] = mark
    for card in view.cards:
        for x in range(math.floor(card.x), math.ceil(card.x + card.w)):
            for y in range(math.floor(card.y), math.ceil(card.y + card.h)):
                if 0 <= x < width and 0 <= y < length:
                    grid[y][x] = CARD_MARKS[card.kind]
    for vehicle in view.vehicles:
        if vehicle.exited is not None:
            continue
        front = math.ceil(vehicle.y + vehicle.h) - 1
        for x in range(math.floor(vehicle.x), math.ceil(vehicle.x + vehicle.w)):
            for y in range(math.floor(vehicle.y), front + 1):
                if 0 <= x < width and 0 <= y < length:
                    grid[y][x] = _letter(vehicle, len(view.sides), y == front)
    shown = rows if rows is not None else range(length)
    return [f"{y:2d} {''.join(grid[y])}" for y in reversed(shown)]


def focus_rows(view: RwView, margin: int = 6) -> range:
    """The rows around the vehicles still driving."""
    ys = [v.y for v in view.vehicles if v.exited is None and v.status != "wreck"]
    if not ys:
        return range(view.board_length)
    low = max(0, math.floor(min(ys)) - margin)
    high = min(view.board_length, math.ceil(max(ys)) + margin + 6)
    return range(low, high)


def vehicle_line(vehicle: VehicleView) -> str:
    state: str = vehicle.status if vehicle.status != "normal" else ""
    if vehicle.exited:
        state = f"off the {vehicle.exited.upper()}" if vehicle.exited != "removed" else "gone"
    known = ", ".join(t.kind for t in vehicle.tokens if t.kind and not t.driver)
    return (
        f"{vehicle.letter} {vehicle.name} ({vehicle.size}) at {vehicle.x:g},{vehicle.y:g} · "
        f"hits {vehicle.remaining}/{vehicle.size} · crew {vehicle.crew_count} gear "
        f"{vehicle.gear_count}{' · ' + known if known else ''}{' · ' + state if state else ''}"
    )


def text_board(view: RwView) -> str:
    head = f"**Road Wolf · {view.mission}** · round {view.round} · {view.score_text}"
    if view.phase == "build":
        lines = [head, "Building armies:"]
        for side in view.sides:
            lines.append(
                f"{side.name}: {side.points - side.spent} points and "
                f"{side.tokens_allowed - side.tokens_bought} tokens left"
            )
        lines.extend(vehicle_line(v) for v in view.vehicles)
        return "\n".join(lines)[:MAX_CHARS]
    if view.turn is not None:
        turn = f"{view.turn.side_name} to act"
        if view.turn.vehicle:
            turn += f": {view.turn.vehicle} has {view.turn.actions_left} action(s) left"
    else:
        turn = view.end_reason or "over"
    vehicles = [vehicle_line(v) for v in view.vehicles if v.exited is None]
    grid = ascii_map(view, focus_rows(view))
    body = "\n".join([head, "```", *grid, "```", *vehicles])
    return f"{body[: MAX_CHARS - len(turn) - 1]}\n{turn}"
