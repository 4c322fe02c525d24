"""Rush 'n' Crush boards: the public race board and the path preview a player sees before driving.

Layout: a banner (whose turn, what to do) over the track (race runs up, folded into strips; see
`rnc_board`) with one dashboard card per car to its right, leader first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.rushncrush.data import Item, Zone
from games.rushncrush.path import PathPreview
from games.rushncrush.tiles import LANES
from games.rushncrush.view import CarView, RncView
from render.encode import encode_png
from render.fonts import Font, font
from render.palette import BLUE, DEFAULT_THEME, ORANGE, RGB, VERMILLION, WHITE, YELLOW, Theme
from render.rnc_board import (
    Layout,
    copies,
    course_rows,
    draw_car,
    draw_cars,
    draw_mines,
    draw_path,
    draw_road,
    team_colour,
    window,
)
from render.shapes import Box, fit_text, rounded_box
from render.toolkit import canvas

PAD = 16.0
WIDTH = 680.0
"""Image width at scale 1: portrait, so a phone's full-screen viewer shows it large."""
CONTENT_W = WIDTH - 2 * PAD
BOARD_MAX_H = 600.0
PREVIEW_MAX_H = 680.0
CELL_MAX = 60.0
WHOLE_MAX = 1000.0
PREVIEW_CELL_MAX = 68.0
CARD_H = 90.0
CAPTION_PX = 18
"""Dashboard captions: ~18 px on the 680 px image stays readable shrunk to a phone."""
CARD_GAP = 8.0
TOKEN_ROOM = 68.0
BEHIND = 2
AHEAD = 6
"""Rows shown behind the last live car and ahead of the leader on the public board."""

ZONE_COLOURS: dict[Zone, tuple[RGB, RGB]] = {
    Zone.BLUE: (BLUE, WHITE),
    Zone.YELLOW: (YELLOW, (0, 0, 0)),
    Zone.ORANGE: (ORANGE, (0, 0, 0)),
    Zone.RED: (VERMILLION, WHITE),
}
ITEM_CODES: dict[Item, str] = {
    Item.MACHINE_GUN: "G",
    Item.FLAMER: "H",
    Item.SIDE_BUMPER: "B",
    Item.SAW: "S",
    Item.ROCKET_BOOSTER: "K",
    Item.FIRE_EXTINGUISHER: "E",
}
"""The letters a player types in a path to Use each item, so the chip teaches the token."""
HIT_AT = re.compile(r"row (\d+), lane (\d+)")


class Banner(NamedTuple):
    """The heading of an image: a title, its wrapped sub-lines and the car it is about."""

    title: str
    lines: tuple[str, ...]
    car: CarView | None

    def height(self, scale: float) -> float:
        return (58 + 28 * len(self.lines)) * scale


def board_layout(view: RncView, *, scale: float = 1.0, whole_course: bool = False) -> Layout:
    """Where `render_rushncrush` puts every cell (tests use it to find a car's pixels)."""
    top = public_banner(view, scale).height(scale) + PAD * scale
    if whole_course:
        layout = window(0, view.finish_row + 3, view, WHOLE_MAX * scale, WHOLE_MAX * scale,
                        CELL_MAX * scale, top)  # fmt: skip
        return _centred(layout, scale)
    live = [c for c in view.cars if not c.destroyed] or list(view.cars)
    rows = [c.row for c in live]
    lo, hi = min(rows) - BEHIND, max(rows) + AHEAD
    if view.last_move is not None:
        lo = min(lo, *(r for r, _ in view.last_move.cells))
    active = _active(view)
    if active is not None and view.phase == "move":
        hi = max(hi, active.row + view.movement_left + 1)
    layout = window(lo, hi, view, CONTENT_W * scale, BOARD_MAX_H * scale, CELL_MAX * scale, top)
    return _centred(layout, scale)


def preview_layout(view: RncView, preview: PathPreview, *, scale: float = 1.0) -> Layout:
    """Where `render_rnc_preview` puts every cell: zoomed on the planned path."""
    rows = [r for r, _ in preview.cells] + [preview.end[0]]
    top = preview_banner(view, preview, scale).height(scale) + PAD * scale
    layout = window(min(rows) - BEHIND, max(rows) + 3, view, CONTENT_W * scale,
                    PREVIEW_MAX_H * scale, PREVIEW_CELL_MAX * scale, top)  # fmt: skip
    return _centred(layout, scale)


def render_rushncrush(
    view: RncView, *, scale: float = 1.0, whole_course: bool = False, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of the race: banner, the road around the cars (or all of it), a card per car."""
    layout = board_layout(view, scale=scale, whole_course=whole_course)
    cards = sorted(view.cars, key=lambda c: c.place)
    img, draw = _frame(layout, len(cards) * (CARD_H + CARD_GAP) * scale, scale, theme)
    draw_road(draw, layout, course_rows(view, layout.first, layout.last), theme)
    mover = _car(view, view.last_move.player) if view.last_move is not None else None
    if view.last_move is not None and mover is not None:
        draw_path(draw, layout, view.last_move.cells, team_colour(mover, theme), layout.cell / 10)
    draw_cars(draw, layout, view.cars, theme, view)
    _mines(draw, layout, view, theme)
    _draw_banner(draw, img.width, public_banner(view, scale), scale, theme)
    x, y = (img.width - CONTENT_W * scale) / 2, layout.top + layout.height + PAD * scale
    for car in cards:
        _card(draw, (x, y), car, view, scale, theme)
        y += (CARD_H + CARD_GAP) * scale
    return encode_png(img, theme=theme)


def render_rnc_preview(
    view: RncView, preview: PathPreview, *, scale: float = 1.0, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of a planned move: the road zoomed on it, the path, its end and what it hits."""
    layout = preview_layout(view, preview, scale=scale)
    car = _active(view)
    body = font(21 * scale)
    wrapped = [
        line
        for note in _preview_lines(preview)
        for line in _wrap(note, body, (CONTENT_W - 16) * scale)
    ]
    panel_h = (CARD_H + CARD_GAP + 44 + 28 * len(wrapped)) * scale
    img, draw = _frame(layout, panel_h, scale, theme)
    draw_road(draw, layout, course_rows(view, layout.first, layout.last), theme)
    draw_path(draw, layout, preview.cells, theme.accent, layout.cell / 7)
    draw_cars(draw, layout, view.cars, theme, view)
    _mines(draw, layout, view, theme)
    if layout.shows(preview.end[0]):
        x0, y0, x1, y1 = layout.cell_box(*preview.end)
        draw.rectangle((x0, y0, x1, y1), outline=theme.accent, width=max(3, round(layout.cell / 9)))
        if car is not None and preview.end != (car.row, car.lane):
            draw_car(draw, layout.centre(*preview.end), layout.cell * 0.36, car, theme, ghost=True)
    _hit_badges(draw, layout, view, preview, theme)
    _draw_banner(draw, img.width, preview_banner(view, preview, scale), scale, theme)
    x, y = (img.width - CONTENT_W * scale) / 2, layout.top + layout.height + PAD * scale
    if car is not None:
        _card(draw, (x, y), car, view, scale, theme)
        y += (CARD_H + CARD_GAP) * scale
    head = font(24 * scale, bold=True)
    draw.text((x, y + 4 * scale), "What this path does", font=head, fill=theme.text)
    y += 40 * scale
    for line in wrapped:
        draw.text((x + 8 * scale, y), line, font=body, fill=theme.text)
        y += 28 * scale
    return encode_png(img, theme=theme)


# --- pieces -------------------------------------------------------------------------------------


def _centred(layout: Layout, scale: float) -> Layout:
    width = max(WIDTH * scale, layout.width + 2 * PAD * scale)
    return replace(layout, left=(width - layout.width) / 2)


def _frame(
    layout: Layout, panel_h: float, scale: float, theme: Theme
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    width = max(WIDTH * scale, layout.width + 2 * PAD * scale)
    height = layout.top + layout.height + PAD * scale + panel_h + PAD * scale
    return canvas(width, height, theme=theme)


def _mines(draw: ImageDraw.ImageDraw, layout: Layout, view: RncView, theme: Theme) -> None:
    """Mines after the cars: one under a car or wreck shows small in the cell's corner."""
    numbers = {c.player: c.number for c in view.cars}
    covered = frozenset(
        cell
        for c in view.cars
        for cell in (copies(view, layout, (c.row, c.lane)) if c.destroyed else [(c.row, c.lane)])
    )
    shown = {
        (row, lane, numbers.get(m.owner))
        for m in view.mines
        for row, lane in copies(view, layout, (m.row, m.lane))
    }
    draw_mines(draw, layout, sorted(shown, key=lambda m: (m[0], m[1])), theme, covered=covered)


def _active(view: RncView) -> CarView | None:
    return _car(view, view.active_player) if view.active_player is not None else None


def _car(view: RncView, player: int) -> CarView | None:
    return next((c for c in view.cars if c.player == player), None)


def _instruction(view: RncView, car: CarView) -> str:
    if view.phase == "gear":
        return f"choose your gear and speed (now gear {car.gear}, speed {car.speed})"
    left = view.movement_left
    if view.swerve_pending:
        return f"you hit an obstruction: the next step must be L or R ({left} still to move)"
    if left < car.speed:
        return f"send the rest of your path: {left} still to move"
    changes = "unlimited" if view.lane_changes_left is None else str(view.lane_changes_left)
    return f"drive {left}: send a path of F / L / R (lane changes: {changes})"


def public_banner(view: RncView, scale: float = 1.0) -> Banner:
    """Whose turn and what they must do (or who won); the bot may reuse it as alt text."""
    if view.finished:
        winner = _car(view, view.winner) if view.winner is not None else None
        title = f"{winner.name} wins!" if winner is not None else "Race over: a draw"
        return _banner(title, view.end_reason or "the race is over", winner, scale)
    car = _active(view)
    if car is None:
        return _banner("Waiting for the next turn", "", None, scale)
    title = f"{car.name}'s turn · car {car.number}"
    return _banner(title, f"Round {view.round}: {_instruction(view, car)}", car, scale)


def preview_banner(view: RncView, preview: PathPreview, scale: float = 1.0) -> Banner:
    """The preview's heading: whose planned move and where it ends."""
    car = _active(view)
    name = car.name if car is not None else "?"
    row, lane = preview.end
    sub = f"ends at row {row}, lane {lane + 1}. Not driven yet: tap Drive it, or change the path"
    return _banner(f"{name}: planned move", sub, car, scale)


def _banner(title: str, sub: str, car: CarView | None, scale: float) -> Banner:
    room = (WIDTH - 2 * PAD - (TOKEN_ROOM if car is not None else 0)) * scale
    return Banner(title, tuple(_wrap(sub, font(22 * scale), room, indent="")), car)


def _draw_banner(
    draw: ImageDraw.ImageDraw, width: int, banner: Banner, scale: float, theme: Theme
) -> None:
    s = scale
    height = banner.height(s)
    draw.rectangle((0, 0, width, height), fill=theme.surface_alt)
    draw.rectangle((0, height - 5 * s, width, height), fill=theme.accent)
    x = PAD * s
    if banner.car is not None:
        draw_car(draw, (x + 28 * s, 38 * s), 27 * s, banner.car, theme)
        x += TOKEN_ROOM * s
    big, small = font(32 * s, bold=True), font(22 * s)
    draw.text((x, 10 * s), fit_text(banner.title, big, width - x - PAD * s), font=big,
              fill=theme.text)  # fmt: skip
    for i, line in enumerate(banner.lines):
        draw.text((x, (52 + 28 * i) * s), line, font=small, fill=theme.accent)


def _card(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    car: CarView,
    view: RncView,
    scale: float,
    theme: Theme,
) -> None:
    """Number, name, place, speed/gear/zone, Structure, Heat, Steer/Brake/Turbo/Mines, items."""
    s = scale
    x, y = at
    w, h = CONTENT_W * s, CARD_H * s
    dead = car.destroyed
    ink = theme.muted if dead else theme.text
    rounded_box(draw, (x, y, x + w, y + h), fill=theme.background if dead else theme.surface,
                outline=theme.accent if car.is_active else theme.line,
                width=max(1, round((4 if car.is_active else 1) * s)), radius=10 * s)  # fmt: skip
    draw_car(draw, (x + 38 * s, y + h / 2), 27 * s, car, theme)
    left = x + 78 * s
    items_w = _items(draw, (x + w - 10 * s, y + 8 * s), car, s, theme)

    name_font, tag_font = font(24 * s, bold=True), font(19 * s, bold=True)
    tag = f"P{car.place}" + (" · WRECKED" if dead else "")
    if view.laps > 1 and not dead:
        tag += f" · lap {car.lap}/{view.laps}"
    tag_w = tag_font.getlength(tag)
    room = x + w - left - items_w - tag_w - 30 * s
    name = fit_text(car.name, name_font, room)
    draw.text((left, y + 6 * s), name, font=name_font, fill=ink)
    draw.text((left + name_font.getlength(name) + 12 * s, y + 10 * s), tag, font=tag_font,
              fill=theme.danger if dead else theme.muted)  # fmt: skip

    caption, value = font(CAPTION_PX * s, bold=True), font(21 * s, bold=True)
    cy = y + 38 * s
    col = left
    fill, chip_ink = ZONE_COLOURS[car.zone]
    draw.text((col, cy), "Speed", font=caption, fill=theme.muted)
    rounded_box(draw, (col, cy + 22 * s, col + 46 * s, cy + 46 * s),
                fill=theme.faded if dead else fill, radius=5 * s)  # fmt: skip
    draw.text((col + 23 * s, cy + 34 * s), str(car.speed), font=value,
              fill=theme.muted if dead else chip_ink, anchor="mm")  # fmt: skip
    col += 68 * s
    low_structure = car.structure <= 3
    hot = car.heat >= car.heat_skull - 3
    # Mixed-case captions: at a phone-readable size, capitals would not fit eight columns.
    columns: list[tuple[str, str, float, bool]] = [
        ("Gear", str(car.gear), 100, False),
        ("Struct", f"{car.structure}/{car.structure_max}", 72, low_structure),
        ("Heat", f"{car.heat}/{car.heat_skull}", 70, hot),
        ("Steer", str(car.steering), 62, False),
        ("Brake", str(car.brake), 64, False),
        ("Turbo", str(car.turbo), 64, False),
    ]
    if "Minelayer" in car.fixed:
        columns.append(("Mines", str(car.mines), 56, False))
    for name_, text, width, alarm in columns:
        draw.text((col, cy), name_, font=caption, fill=theme.muted)
        colour = theme.danger if alarm and not dead else ink
        draw.text((col, cy + 22 * s), text, font=value, fill=colour)
        if name_ == "Gear":  # the zone in the smaller caption font, so eight columns fit
            zone_x = col + value.getlength(text) + 6 * s
            draw.text((zone_x, cy + 25 * s), car.zone.value, font=caption, fill=ink)
        col += width * s


def _items(
    draw: ImageDraw.ImageDraw, right_top: tuple[float, float], car: CarView, s: float, theme: Theme
) -> float:
    """Equipment chips, right-aligned: armed ones filled and bold, the rest hollow and dim.

    Returns the width they take.
    """
    size, gap = 26 * s, 5 * s
    fnt = font(17 * s, bold=True)
    x1, y = right_top
    x = x1 - len(car.items) * (size + gap) + gap
    start = x
    for item in car.items:
        box: Box = (x, y, x + size, y + size)
        code = ITEM_CODES[item.item]
        if item.armed and not car.destroyed:
            rounded_box(draw, box, fill=theme.accent, radius=5 * s)
            draw.text((x + size / 2, y + size / 2), code, font=fnt, fill=theme.accent_ink,
                      anchor="mm")  # fmt: skip
        else:
            rounded_box(draw, box, fill=None, outline=theme.faded, width=max(1, round(2 * s)),
                        radius=5 * s)  # fmt: skip
            draw.text((x + size / 2, y + size / 2), code, font=fnt, fill=theme.muted, anchor="mm")
        x += size + gap
    return x1 - start


def _preview_lines(preview: PathPreview) -> list[str]:
    lines = [f"{i}. {hit}" for i, hit in enumerate(preview.hits, start=1)]
    if not lines:
        lines.append("clear road: nothing in the way")
    if preview.finishes:
        lines.append("crosses the FINISH line!")
    if preview.stops_for_roll:
        lines.append("the move pauses at the ram; the roll decides the rest")
    if preview.movement_left:
        lines.append(f"{preview.movement_left} movement still to drive")
    changes = "unlimited" if preview.lane_changes_left is None else preview.lane_changes_left
    lines.append(f"lane changes left: {changes}; Steering spent: {preview.steering_spent}")
    return lines


def _hit_badges(
    draw: ImageDraw.ImageDraw, layout: Layout, view: RncView, preview: PathPreview, theme: Theme
) -> None:
    """Numbered danger badges on what each finding names (the list below uses the same numbers):
    the cell of "row R, lane L", or the car a ram names."""
    c = layout.cell
    fnt = font(0.3 * c, bold=True)
    by_name = sorted(view.cars, key=lambda car: -len(car.name))
    for number, hit in enumerate(preview.hits, start=1):
        found = HIT_AT.search(hit)
        if found is not None:
            row, lane = int(found.group(1)), int(found.group(2)) - 1
        else:
            target = next((car for car in by_name if car.name and car.name in hit), None)
            if target is None:
                continue
            row, lane = target.row, target.lane
        if not layout.shows(row) or not 0 <= lane < LANES:
            continue
        _, y0, x1, _ = layout.cell_box(row, lane)
        r = c * 0.2
        cx, cy = x1 - r, y0 + r
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.danger, outline=theme.text)
        draw.text((cx, cy), str(number), font=fnt, fill=theme.text, anchor="mm")


def _wrap(text: str, fnt: Font, max_width: float, *, indent: str = "   ") -> Sequence[str]:
    """Greedy word wrap; continuation lines are indented under the item's number."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and fnt.getlength(trial) > max_width:
            lines.append(line)
            line = indent + word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
