"""The Rush 'n' Crush public race board: whose turn, the road around the cars, a card per car.

Layout: a banner (whose turn, what to do), a line saying how the road reads, the track (race
runs up, folded into strips; see `course`), one dashboard card per car below it (leader
first), and a key to the symbols shown (`key`). The path preview (`preview`) reuses this
page: `centred`, `frame`, `overlay_mines` and the key.

The image is 680 px wide (also the whole course, which grows taller instead), so no label is
under 19 px: 11 px when a phone shows it 400 px wide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PIL import Image, ImageDraw

from games.rushncrush.view import CarView, RncView
from render.encode import encode_png
from render.fonts import font, min_label_px
from render.layers import Layer, layer, layered_canvas
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
from render.rushncrush.cars import car_style, draw_cars, draw_path
from render.rushncrush.course import Layout, copies, course_rows, window
from render.rushncrush.key import draw_key, hint, make_key
from render.rushncrush.road import draw_mines, draw_road
from render.shapes import draw_text

BOARD_MAX_H = 640.0
CELL_MAX = 60.0
WHOLE_MAX_H = 1600.0
HINT_H = 32.0
BEHIND = 2
AHEAD = 6
"""Rows shown behind the last live car and ahead of the leader on the public board."""


def label_px(scale: float) -> float:
    """The smallest text on a Rush 'n' Crush image: readable at phone width."""
    return float(min_label_px(WIDTH * scale))


def board_layout(view: RncView, *, scale: float = 1.0, whole_course: bool = False) -> Layout:
    """Where `render_rushncrush` puts every cell (tests use it to find a car's pixels).

    The road shown depends on where the cars are, not on the phase: the turn message keeps its
    size from the gear step to the path step (the mover's reach is drawn in their private
    path preview instead)."""
    top = public_banner(view, scale).height(scale) + (PAD + HINT_H) * scale
    label = label_px(scale)
    if whole_course:
        layout = window(0, view.finish_row + 3, view, CONTENT_W * scale, WHOLE_MAX_H * scale,
                        CELL_MAX * scale, top, label=label)  # fmt: skip
        return centred(layout, scale)
    live = [c for c in view.cars if not c.destroyed] or list(view.cars)
    rows = [c.row for c in live]
    lo, hi = min(rows) - BEHIND, max(rows) + AHEAD
    if view.last_move is not None:
        lo = min(lo, *(r for r, _ in view.last_move.cells))
    layout = window(lo, hi, view, CONTENT_W * scale, BOARD_MAX_H * scale, CELL_MAX * scale, top,
                    label=label)  # fmt: skip
    return centred(layout, scale)


def render_rushncrush(
    view: RncView, *, scale: float = 1.0, whole_course: bool = False, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of the race: banner, the road around the cars (or all of it), a card per car."""
    layout = board_layout(view, scale=scale, whole_course=whole_course)
    cards = sorted(view.cars, key=lambda c: c.place)
    key = make_key(view, layout, scale, layout.label)
    panel_h = len(cards) * (CARD_H + CARD_GAP) * scale + PAD * scale + key.height()
    x = (round(frame_width(layout, scale)) - CONTENT_W * scale) / 2  # the image's width
    y = layout.top + layout.height + PAD * scale
    key_at = (x, y + len(cards) * (CARD_H + CARD_GAP) * scale + PAD * scale)
    # The road shown and the key change only with the window: drawn once (`render/layers.py`),
    # first (the key used to be drawn last: nothing else overlaps it).
    bottom = frame_height(layout, panel_h, scale)
    key_layer = layer(draw_key, key_at, key, layout.label, theme,
                      within=(0, key_at[1], frame_width(layout, scale), bottom))  # fmt: skip
    road = road_layer(view, layout, scale, theme)
    img, draw = frame(layout, panel_h, scale, theme, layers=(road, key_layer))
    mover = car_of(view, view.last_move.player) if view.last_move is not None else None
    if view.last_move is not None and mover is not None:
        colour = car_style(view, mover, theme).colour
        draw_path(draw, layout, view.last_move.cells, colour, layout.cell / 10, theme=theme)
    draw_cars(draw, layout, view.cars, theme, view)
    overlay_mines(draw, layout, view, theme)
    banner = public_banner(view, scale)
    draw_banner(draw, img.width, banner, scale, theme)
    draw_hint(draw, img.width, banner.height(scale), layout, scale, theme)
    for car in cards:
        draw_card(draw, (x, y), car, view, scale, theme)
        y += (CARD_H + CARD_GAP) * scale
    return encode_png(img, theme=theme)


def draw_hint(
    draw: ImageDraw.ImageDraw, width: int, top: float, layout: Layout, scale: float, theme: Theme
) -> None:
    """How the road reads, between the banner and the road."""
    draw_text(draw, (width / 2, top + (PAD / 2 + HINT_H / 2) * scale), hint(layout),
              fnt=font(layout.label, bold=True), fill=theme.muted)  # fmt: skip


# --- pieces -------------------------------------------------------------------------------------


def centred(layout: Layout, scale: float) -> Layout:
    width = max(WIDTH * scale, layout.width + 2 * PAD * scale)
    return replace(layout, left=(width - layout.width) / 2)


def frame_width(layout: Layout, scale: float) -> float:
    return max(WIDTH * scale, layout.width + 2 * PAD * scale)


def frame(
    layout: Layout, panel_h: float, scale: float, theme: Theme, *, layers: Sequence[Layer] = ()
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """The image for `layout` and a panel of `panel_h` under it, `layers` drawn on it."""
    height = frame_height(layout, panel_h, scale)
    return layered_canvas(frame_width(layout, scale), height, theme=theme, layers=layers)


def frame_height(layout: Layout, panel_h: float, scale: float) -> float:
    return layout.top + layout.height + PAD * scale + panel_h + PAD * scale


def road_layer(view: RncView, layout: Layout, scale: float, theme: Theme) -> Layer:
    """The road `layout` shows, as a static layer: the same while the window does not move."""
    band = (0, layout.top, frame_width(layout, scale), layout.top + layout.height)
    rows = course_rows(view, layout.first, layout.last)
    return layer(draw_road, layout, rows, theme, within=band)


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
        return make_banner(title, view.end_reason or "the race is over", winner, scale, view=view)
    car = active_car(view)
    if car is None:
        return make_banner("Waiting for the next turn", "", None, scale)
    title = f"{car.name}'s turn · car {car.number}"
    sub = f"Round {view.round}: {_instruction(view, car)}"
    return make_banner(title, sub, car, scale, view=view)
