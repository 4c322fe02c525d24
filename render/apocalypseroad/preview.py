"""The preview of one candidate move: where each affected car would end, before it is played.

The adapter shows one per distinct result the rules compute. It is the board's track, zoomed on
the affected cars: each planned path in the accent colour, a hollow ghost counter where each car
would end, and a few lines saying what changes (VP, damage). No team panel and no key: it
answers one question, quickly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import pairwise

from games.apocalypseroad.model import ArView, Pos
from render.apocalypseroad.adapt import scene as scene_of
from render.apocalypseroad.adapt import spot_of_pos
from render.apocalypseroad.board import road_layer
from render.apocalypseroad.cars import draw_cars, draw_counter
from render.apocalypseroad.layout import PAD, board_layout, image_width, track_box
from render.apocalypseroad.panel import LINE_H, banner_height, draw_banner, wrap
from render.apocalypseroad.scene import CarMark, Trail
from render.encode import encode_png
from render.fonts import font, min_label_px
from render.layers import layered_canvas
from render.palette import DEFAULT_THEME, Theme
from render.shapes import draw_text

LABEL = float(min_label_px(720))
NOTE_LINES = 3
"""Lines kept under the track for the notes, on every preview."""


def render_apocalypseroad_preview(
    view: ArView,
    paths: Mapping[int, Sequence[Pos]],
    *,
    title: str,
    notes: Sequence[str] = (),
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """PNG of a candidate result: `paths` maps car id -> its spaces, start first, end last."""
    base = scene_of(view)
    by_id = {c.id: c for c in view.cars}
    planned = [(by_id[car], tuple(path)) for car, path in paths.items() if car in by_id and path]
    trails = tuple(
        Trail(car.team, tuple(spot_of_pos(view.track, p) for p in path)) for car, path in planned
    )
    moved = {(by_id[car].team, by_id[car].number) for car in paths if car in by_id}
    # The window: around the planned paths (not the whole pack), so the move reads large.
    focus = replace(
        base, cars=tuple(c for c in base.cars if (c.seat, c.number) in moved), trails=trails
    )
    moving = len(planned)
    lines = (f"Not played yet: {moving} car{'s move' if moving != 1 else ' moves'}",)
    top = banner_height(len(lines)) + PAD
    layout = board_layout(focus, top=top, label=LABEL)
    width = image_width(layout)
    fnt = font(LABEL)
    wrapped = [line for note in notes for line in wrap(note, fnt, width - 2 * PAD)][:NOTE_LINES]
    # One size for every preview (whatever the move shows): the buttons stay put.
    bottom = top + track_box(LABEL)
    height = bottom + PAD + LINE_H * NOTE_LINES + PAD
    road = road_layer(layout, width, theme)
    img, draw = layered_canvas(width, height, theme=theme, layers=(road,))
    draw_cars(draw, layout, base.cars, theme, label=LABEL)
    c = layout.cell
    for (mover, _), trail in zip(planned, trails, strict=True):
        points = [p for p in (layout.centre(s) for s in trail.spots) if p is not None]
        w = max(3, round(c / 8))
        for a, b in pairwise(points):
            if abs(a[0] - b[0]) <= c * 2.5 and abs(a[1] - b[1]) <= c * 2.5:
                draw.line((a, b), fill=theme.accent, width=w)
        end = layout.spot_box(trail.spots[-1])
        if end is None or trail.spots[-1] == trail.spots[0]:
            continue
        ghost = CarMark(mover.team, mover.number, trail.spots[-1], mover.damage, mover.activated)
        draw_counter(draw, end, ghost, theme, label=LABEL, ghost=True)
        x0, y0, x1, y1 = end
        draw.rectangle((x0, y0, x1, y1), outline=theme.accent, width=max(3, round(c / 12)))
    draw_banner(draw, width, title, lines, theme, label=LABEL)
    y = bottom + PAD / 2
    for line in wrapped:
        draw_text(draw, (PAD, y), line, fnt=fnt, fill=theme.text, anchor="la")
        y += LINE_H
    return encode_png(img, theme=theme)
