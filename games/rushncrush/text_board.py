"""The position in a few plain lines, for when the board image cannot be drawn."""

from __future__ import annotations

import re
from collections.abc import Callable

from games.rushncrush.data import Item
from games.rushncrush.view import CarView, RncView

MAX_CHARS = 800
SHORT_NAME = 14
"""With many cars and long names the board would pass MAX_CHARS: names are then cut to this."""
ARMED_LABELS = {
    Item.MACHINE_GUN: "Gun",
    Item.FLAMER: "Flamer",
    Item.SIDE_BUMPER: "Bumper",
    Item.SAW: "Saw",
    Item.ROCKET_BOOSTER: "Booster",
    Item.FIRE_EXTINGUISHER: "Extinguisher",
}
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]])")


def plain(text: str) -> str:
    """`text` with Discord markdown escaped and mentions defused (a zero-width space after @)."""
    return _MARKDOWN.sub(r"\\\1", text).replace("@", "@\u200b")


def text_board(view: RncView) -> str:
    """Course and round, each car by place (position, lap, gear, Structure, Heat, armed
    equipment), then whose turn it is and what they must do.

    Six cars with long names do not fit in MAX_CHARS: then names are cut, and if that is not
    enough the armed equipment is left out and "Structure" shortened. The turn line survives
    any cut.
    """
    for name_limit, full in ((None, True), (SHORT_NAME, True), (SHORT_NAME, False)):
        body, turn = _board(view, name_limit, full=full)
        if len(body) + 1 + len(turn) <= MAX_CHARS:
            break
    return f"{body[: MAX_CHARS - len(turn) - 1]}\n{turn}"


def _board(view: RncView, name_limit: int | None, *, full: bool) -> tuple[str, str]:
    def name(car: CarView) -> str:
        cut = car.name
        if name_limit is not None and len(cut) > name_limit:
            cut = cut[: name_limit - 1] + "…"
        return plain(cut)

    lines = [
        f"**Rush 'n' Crush** · {plain(view.course_name)} · round {view.round} · "
        f"finish line at row {view.finish_row}"
    ]
    for car in sorted(view.cars, key=lambda c: c.place):
        lines.append(_car_line(view, car, name(car), full=full))
    return "\n".join(lines), _turn_line(view, name)


def _car_line(view: RncView, car: CarView, name: str, *, full: bool) -> str:
    turn = "▶ " if car.is_active else ""
    head = f"{car.place}. {turn}**{name}** (car {car.number})"
    where = f"row {car.row}, lane {car.lane + 1}"
    if view.laps > 1:
        where += f", lap {car.lap}/{view.laps}"
    if car.destroyed:
        return f"{head}: 💥 wrecked at {where}"
    gear = "neutral" if car.gear == 0 else f"gear {car.gear} speed {car.speed} ({car.zone})"
    structure = "Structure" if full else "Str"
    damage = f"{structure} {car.structure}/{car.structure_max} · Heat {car.heat}/{car.heat_skull}"
    armed = ", ".join(ARMED_LABELS[i.item] for i in car.items if i.armed)
    extra = f" · armed: {armed}" if armed and full else ""
    return f"{head}: {where} · {gear} · {damage}{extra}"


def _turn_line(view: RncView, name: Callable[[CarView], str]) -> str:
    cars = {c.player: c for c in view.cars}
    if view.finished:
        winner = cars.get(view.winner) if view.winner is not None else None
        reason = plain(view.end_reason or "the race is over")
        return f"🏁 {name(winner)} wins: {reason}" if winner else f"🏁 Race over: {reason}"
    active = cars.get(view.active_player) if view.active_player is not None else None
    if active is None:
        return "Waiting for the next turn."
    who, left = name(active), view.movement_left
    if view.phase == "gear":
        return f"▶ {who} to choose a gear and speed"
    if view.swerve_pending:
        return f"▶ {who} hit an obstruction: the next step must be L or R ({left} to go)"
    changes = "unlimited" if view.lane_changes_left is None else str(view.lane_changes_left)
    return f"▶ {who} to drive {left} more (lane changes: {changes})"
