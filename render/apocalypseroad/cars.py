"""Apocalypse Road car counters, paths and shots.

A car is a rounded counter labelled with its team letter and car number ("C7"), in its team's
seat colour: the letter tells ten teams apart even where colours repeat (the palette has six),
and seats 7-10 also carry a white inner ring. A car still to activate is filled; a car that has
moved this turn (the counter flipped) is hollow. Six boxes along its foot show its damage.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from itertools import pairwise

from PIL import ImageDraw

from render.apocalypseroad.layout import Layout
from render.apocalypseroad.scene import CarMark, Shot, Spot, Trail, car_label
from render.fonts import font
from render.palette import RGB, PlayerStyle, Theme
from render.shapes import Box, Point, draw_text

DAMAGE_BOXES = 6


def seat_style(seat: int, theme: Theme) -> PlayerStyle:
    return theme.player(seat)


def draw_counter(
    draw: ImageDraw.ImageDraw,
    box: Box,
    car: CarMark,
    theme: Theme,
    *,
    label: float,
    ghost: bool = False,
) -> None:
    """One car counter filling `box`: label, damage boxes, filled or hollow (moved)."""
    x0, y0, x1, y1 = box
    size = x1 - x0
    style = seat_style(car.seat, theme)
    pad = size * 0.06
    body = (x0 + pad, y0 + pad, x1 - pad, y1 - pad)
    w = max(2, round(size / 14))
    radius = size * 0.18
    hollow = car.activated or ghost
    # Cut corners (an octagon) read as a counter and cost one polygon, a third of a
    # rounded rectangle's time (forty counters on a ten-team board).
    if hollow:
        draw.polygon(
            _chamfer(body, radius), fill=theme.background, outline=style.colour, width=w + 1
        )
        ink = theme.text
    else:
        draw.polygon(
            _chamfer(body, radius), fill=style.colour, outline=theme.text, width=max(1, w // 2)
        )
        ink = style.ink
    if car.seat >= len(theme.players):
        inset = pad + w + 1
        draw.rounded_rectangle(
            (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
            radius=round(radius * 0.7),
            outline=theme.die,
            width=1,
        )
    fnt = font(max(label, size * 0.36), bold=True)
    damaged = car.damage > 0 and not ghost
    text_y = y0 + size * (0.31 if damaged else 0.42)
    draw_text(draw, ((x0 + x1) / 2, text_y), car_label(car.seat, car.number), fnt=fnt, fill=ink)
    if damaged:
        _damage(draw, body, car.damage, theme, label=label)


def _chamfer(box: Box, cut: float) -> list[Point]:
    x0, y0, x1, y1 = box
    c = cut * 0.7
    return [
        (x0 + c, y0),
        (x1 - c, y0),
        (x1, y0 + c),
        (x1, y1 - c),
        (x1 - c, y1),
        (x0 + c, y1),
        (x0, y1 - c),
        (x0, y0 + c),
    ]


def _damage(
    draw: ImageDraw.ImageDraw, body: Box, damage: int, theme: Theme, *, label: float
) -> None:
    """The damage as words on a red band along the counter's foot ("2/6": out at 6), at the
    board's smallest label size, so a phone 400 px wide still reads it (six pips did not)."""
    x0, _, x1, y1 = body
    fnt = font(label, bold=True)
    h = label * 0.8
    top = y1 - h - 2
    draw.rounded_rectangle((x0 + 2, top, x1 - 2, y1 - 2), radius=4, fill=theme.danger)
    words = f"{damage}/{DAMAGE_BOXES}"
    draw_text(draw, ((x0 + x1) / 2, top + h / 2 + 1), words, fnt=fnt, fill=theme.background)


def draw_cars(
    draw: ImageDraw.ImageDraw,
    layout: Layout,
    cars: Sequence[CarMark],
    theme: Theme,
    *,
    label: float,
) -> None:
    """Every shown car; several in one spot (the Trough, the Chute) are stacked, offset."""
    by_spot: dict[Spot, list[CarMark]] = defaultdict(list)
    for car in cars:
        by_spot[car.spot].append(car)
    for spot, here in by_spot.items():
        box = layout.spot_box(spot)
        if box is None:
            continue
        x0, y0, x1, y1 = box
        c = x1 - x0
        shift = c * 0.14
        count = len(here)
        for k, car in enumerate(here):
            # Stacked cars fan out toward the track (never off the image's edge): the last
            # drawn, on top, is the most readable; each earlier one still shows its colour.
            step = 0.0 if count == 1 else shift * 2 / (count - 1)
            away = -1.0 if spot.kind == "off_outside" else 1.0
            dx = away * (count - 1 - k) * step
            dy = -(count - 1 - k) * step * 0.6
            at = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
            if car.moving:
                ring = max(3, round(c / 11))
                draw.rounded_rectangle(
                    (at[0] - ring, at[1] - ring, at[2] + ring, at[3] + ring),
                    radius=round(c * 0.24),
                    outline=theme.accent,
                    width=ring,
                )
            draw_counter(draw, at, car, theme, label=label)


def draw_trails(
    draw: ImageDraw.ImageDraw, layout: Layout, trails: Sequence[Trail], theme: Theme
) -> None:
    """Each moved car's path: a line in its team colour with a contrasting edge."""
    width = max(3.0, layout.cell / 9)
    for trail in trails:
        points = [p for p in (layout.centre(s) for s in trail.spots) if p is not None]
        colour = seat_style(trail.seat, theme).colour
        light = sum(colour) > 3 * 128
        edge = theme.background if light == (sum(theme.background) < 3 * 128) else theme.text
        _polyline(draw, layout, points, edge, width + 3)
        _polyline(draw, layout, points, colour, width)
        if points:
            x, y = points[0]
            r = width * 1.6
            draw.ellipse((x - r, y - r, x + r, y + r), outline=colour, width=round(width))


def _polyline(
    draw: ImageDraw.ImageDraw, layout: Layout, points: Sequence[Point], colour: RGB, width: float
) -> None:
    """Segments between consecutive points; a jump to another strip is not drawn across."""
    w = max(2, round(width))
    for a, b in pairwise(points):
        if abs(a[0] - b[0]) > layout.cell * 2.5 or abs(a[1] - b[1]) > layout.cell * 2.5:
            continue
        draw.line((a, b), fill=colour, width=w)
    for x, y in points[1:]:
        r = width * 0.7
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def draw_shots(
    draw: ImageDraw.ImageDraw, layout: Layout, shots: Sequence[Shot], theme: Theme
) -> None:
    """Each attack: an accent arrow from the shooter to the target, a burst if it hit."""
    w = max(3, round(layout.cell / 10))
    for shot in shots:
        a, b = layout.centre(shot.source), layout.centre(shot.target)
        if a is None or b is None:
            continue
        draw.line((a, b), fill=theme.accent, width=w)
        r = layout.cell * (0.3 if shot.hit else 0.18)
        x, y = b
        points = []
        for i in range(12 if shot.hit else 4):
            radius = r if i % 2 == 0 else r * 0.5
            angle = 2 * math.pi * i / (12 if shot.hit else 4)
            points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
        draw.polygon(points, fill=theme.accent, outline=theme.accent_ink)
