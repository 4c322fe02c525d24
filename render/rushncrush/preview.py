"""The Rush 'n' Crush path preview: the road zoomed on a planned move, its end and what it hits.

A player sees it before driving; the numbered badges on the road match the list below it.

Every preview of one turn has the same size, so the buttons under it stay under the player's
thumb from step to step: the road shown is the whole reach of the turn (from the car's cell to
its movement and a little beyond, not only the draft so far), the list below has a fixed
number of lines (the message lists every finding), and the key keeps room for its badge line.
"""

from __future__ import annotations

import re

from PIL import ImageDraw

from games.rushncrush.path import PathPreview
from games.rushncrush.tiles import LANES
from games.rushncrush.view import RncView
from render.encode import encode_png
from render.fonts import font
from render.palette import DEFAULT_THEME, Theme
from render.rushncrush.banner import (
    CONTENT_W,
    PAD,
    Banner,
    active_car,
    draw_banner,
    make_banner,
    wrap,
)
from render.rushncrush.board import (
    BEHIND,
    HINT_H,
    centred,
    draw_hint,
    frame,
    label_px,
    overlay_mines,
    road_layer,
)
from render.rushncrush.cards import CARD_GAP, CARD_H, draw_card
from render.rushncrush.cars import car_style, draw_car, draw_cars, draw_path
from render.rushncrush.course import Layout, window
from render.rushncrush.key import draw_key, make_key
from render.shapes import draw_text

PREVIEW_MAX_H = 680.0
PREVIEW_CELL_MAX = 68.0
PREVIEW_LINES = 6
"""Lines of the list under the road (the same in every preview, whatever the path)."""
AHEAD_OF_REACH = 3
"""Rows shown beyond the furthest the turn's movement reaches."""
HIT_AT = re.compile(r"row (\d+), lane (\d+)")


def preview_layout(view: RncView, preview: PathPreview, *, scale: float = 1.0) -> Layout:
    """Where `render_rnc_preview` puts every cell: the turn's whole reach, the same rows for
    every path of the turn (a rocket's ride beyond it widens it)."""
    start = preview.cells[0][0] if preview.cells else preview.end[0]
    reach = start + view.movement_left + AHEAD_OF_REACH
    hi = max(reach, max(r for r, _ in preview.cells) + 1, preview.end[0] + 1)
    top = preview_banner(view, preview, scale).height(scale) + (PAD + HINT_H) * scale
    layout = window(start - BEHIND, hi, view, CONTENT_W * scale,
                    PREVIEW_MAX_H * scale, PREVIEW_CELL_MAX * scale, top,
                    label=label_px(scale))  # fmt: skip
    return centred(layout, scale)


def render_rnc_preview(
    view: RncView, preview: PathPreview, *, scale: float = 1.0, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of a planned move: the road zoomed on it, the path, its end and what it hits."""
    layout = preview_layout(view, preview, scale=scale)
    car = active_car(view)
    body = font(21 * scale)
    wrapped = _fitted(
        [
            line
            for note in _preview_lines(preview)
            for line in wrap(note, body, (CONTENT_W - 16) * scale)
        ]
    )
    key = make_key(view, layout, scale, layout.label, planned=True, badges=bool(preview.hits))
    room = make_key(view, layout, scale, layout.label, planned=True, badges=True).height()
    panel_h = (CARD_H + CARD_GAP + 44 + 28 * PREVIEW_LINES + PAD) * scale + room
    road = road_layer(view, layout, scale, theme)
    img, draw = frame(layout, panel_h, scale, theme, layers=(road,))
    draw_path(draw, layout, preview.cells, theme.accent, layout.cell / 7, theme=theme)
    draw_cars(draw, layout, view.cars, theme, view)
    overlay_mines(draw, layout, view, theme)
    if layout.shows(preview.end[0]):
        x0, y0, x1, y1 = layout.cell_box(*preview.end)
        draw.rectangle((x0, y0, x1, y1), outline=theme.accent, width=max(3, round(layout.cell / 9)))
        if car is not None and preview.end != (car.row, car.lane):
            style = car_style(view, car, theme)
            draw_car(draw, layout.centre(*preview.end), layout.cell * 0.36, car, style, theme,
                     label=layout.label, ghost=True)  # fmt: skip
    _hit_badges(draw, layout, view, preview, theme)
    banner = preview_banner(view, preview, scale)
    draw_banner(draw, img.width, banner, scale, theme)
    draw_hint(draw, img.width, banner.height(scale), layout, scale, theme)
    x, y = (img.width - CONTENT_W * scale) / 2, layout.top + layout.height + PAD * scale
    if car is not None:
        draw_card(draw, (x, y), car, view, scale, theme)
        y += (CARD_H + CARD_GAP) * scale
    head = font(24 * scale, bold=True)
    draw_text(
        draw, (x, y + 4 * scale), "What this path does", fnt=head, fill=theme.text, anchor="la"
    )
    y += 40 * scale
    for line in wrapped:
        draw_text(draw, (x + 8 * scale, y), line, fnt=body, fill=theme.text, anchor="la")
        y += 28 * scale
    draw_key(draw, (x, y + PAD * scale), key, layout.label, theme)
    return encode_png(img, theme=theme)


def preview_banner(view: RncView, preview: PathPreview, scale: float = 1.0) -> Banner:
    """The preview's heading: whose planned move and where it ends."""
    car = active_car(view)
    name = car.name if car is not None else "?"
    row, lane = preview.end
    sub = f"ends at row {row}, lane {lane + 1}. Not driven yet: tap Drive it, or change the path"
    return make_banner(f"{name}: planned move", sub, car, scale, view=view)


def _fitted(lines: list[str]) -> list[str]:
    """Exactly `PREVIEW_LINES` lines: the first ones and how many more the message lists."""
    if len(lines) <= PREVIEW_LINES:
        return lines
    kept = lines[: PREVIEW_LINES - 1]
    return [*kept, f"... and {len(lines) - len(kept)} more lines: see the message"]


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
    fnt = font(max(layout.label, 0.3 * c), bold=True)
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
        r = max(c * 0.2, layout.label * 0.7)
        cx, cy = x1 - r, y0 + r
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.danger, outline=theme.text)
        draw_text(draw, (cx, cy), str(number), fnt=fnt, fill=theme.text)
