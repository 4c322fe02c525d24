"""The Rush 'n' Crush public race board: whose turn, the road around the cars, a card per car.

Layout: a banner (whose turn, what to do) over the track (race runs up, folded into strips; see
`course`) with one dashboard card per car below it, leader first. The path preview
(`preview`) reuses this page: `centred`, `frame` and `overlay_mines`.
"""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageDraw

from games.rushncrush.view import CarView, RncView
from render.encode import encode_png
from render.palette import DEFAULT_THEME, Theme
from render.rushncrush.banner import (
    CONTENT_W,
    PAD,
    WIDTH,
    Banner,
    active_car,
    car_of,
    draw_banner,
    make_banner,
)
from render.rushncrush.cards import CARD_GAP, CARD_H, draw_card
from render.rushncrush.course import (
    Layout,
    copies,
    course_rows,
    draw_cars,
    draw_mines,
    draw_path,
    draw_road,
    team_colour,
    window,
)
from render.toolkit import canvas

BOARD_MAX_H = 600.0
CELL_MAX = 60.0
WHOLE_MAX = 1000.0
BEHIND = 2
AHEAD = 6
"""Rows shown behind the last live car and ahead of the leader on the public board."""


def board_layout(view: RncView, *, scale: float = 1.0, whole_course: bool = False) -> Layout:
    """Where `render_rushncrush` puts every cell (tests use it to find a car's pixels)."""
    top = public_banner(view, scale).height(scale) + PAD * scale
    if whole_course:
        layout = window(0, view.finish_row + 3, view, WHOLE_MAX * scale, WHOLE_MAX * scale,
                        CELL_MAX * scale, top)  # fmt: skip
        return centred(layout, scale)
    live = [c for c in view.cars if not c.destroyed] or list(view.cars)
    rows = [c.row for c in live]
    lo, hi = min(rows) - BEHIND, max(rows) + AHEAD
    if view.last_move is not None:
        lo = min(lo, *(r for r, _ in view.last_move.cells))
    active = active_car(view)
    if active is not None and view.phase == "move":
        hi = max(hi, active.row + view.movement_left + 1)
    layout = window(lo, hi, view, CONTENT_W * scale, BOARD_MAX_H * scale, CELL_MAX * scale, top)
    return centred(layout, scale)


def render_rushncrush(
    view: RncView, *, scale: float = 1.0, whole_course: bool = False, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of the race: banner, the road around the cars (or all of it), a card per car."""
    layout = board_layout(view, scale=scale, whole_course=whole_course)
    cards = sorted(view.cars, key=lambda c: c.place)
    img, draw = frame(layout, len(cards) * (CARD_H + CARD_GAP) * scale, scale, theme)
    draw_road(draw, layout, course_rows(view, layout.first, layout.last), theme)
    mover = car_of(view, view.last_move.player) if view.last_move is not None else None
    if view.last_move is not None and mover is not None:
        draw_path(draw, layout, view.last_move.cells, team_colour(mover, theme), layout.cell / 10)
    draw_cars(draw, layout, view.cars, theme, view)
    overlay_mines(draw, layout, view, theme)
    draw_banner(draw, img.width, public_banner(view, scale), scale, theme)
    x, y = (img.width - CONTENT_W * scale) / 2, layout.top + layout.height + PAD * scale
    for car in cards:
        draw_card(draw, (x, y), car, view, scale, theme)
        y += (CARD_H + CARD_GAP) * scale
    return encode_png(img, theme=theme)


# --- pieces -------------------------------------------------------------------------------------


def centred(layout: Layout, scale: float) -> Layout:
    width = max(WIDTH * scale, layout.width + 2 * PAD * scale)
    return replace(layout, left=(width - layout.width) / 2)


def frame(
    layout: Layout, panel_h: float, scale: float, theme: Theme
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    width = max(WIDTH * scale, layout.width + 2 * PAD * scale)
    height = layout.top + layout.height + PAD * scale + panel_h + PAD * scale
    return canvas(width, height, theme=theme)


def overlay_mines(draw: ImageDraw.ImageDraw, layout: Layout, view: RncView, theme: Theme) -> None:
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
        winner = car_of(view, view.winner) if view.winner is not None else None
        title = f"{winner.name} wins!" if winner is not None else "Race over: a draw"
        return make_banner(title, view.end_reason or "the race is over", winner, scale)
    car = active_car(view)
    if car is None:
        return make_banner("Waiting for the next turn", "", None, scale)
    title = f"{car.name}'s turn · car {car.number}"
    return make_banner(title, f"Round {view.round}: {_instruction(view, car)}", car, scale)
