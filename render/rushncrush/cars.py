"""Rush 'n' Crush cars and paths.

Cars take their player's seat colour and shape (`car_style`), never their team's: two players
on one team would otherwise look alike. The car's number is the mark in the token.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from PIL import ImageDraw

from games.rushncrush.view import CarView, RncView
from render.fonts import font
from render.palette import RGB, PlayerStyle, Theme
from render.rushncrush.course import Layout, copies
from render.shapes import Point, draw_text, strike, token


def seat_of(view: RncView, car: CarView) -> int:
    """The car's seat: its place in the view's car list (the players' order at setup)."""
    return next((i for i, c in enumerate(view.cars) if c.player == car.player), 0)


def car_style(view: RncView, car: CarView, theme: Theme) -> PlayerStyle:
    """The car's player's seat style: a colour and shape no other player in the race has."""
    return theme.player(seat_of(view, car))


def draw_car(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    radius: float,
    car: CarView,
    style: PlayerStyle,
    theme: Theme,
    *,
    label: float = 0.0,
    ghost: bool = False,
) -> None:
    """A car token in its player's colour and shape (`car_style`), with the car's number.

    The number is drawn at least `label` px (the image's phone-readable floor). A wreck is a
    grey disc, struck through (as the key shows it); a ghost (a planned end cell) is hollow.
    """
    shape = "circle" if car.destroyed else style.shape
    fill = theme.faded if car.destroyed else style.colour
    fnt = font(max(label, radius * (1.05 if shape == "triangle" else 1.2)), bold=True)
    width = max(2, round(radius / 8))
    if ghost:
        token(draw, centre, radius, shape=shape, fill=theme.background, outline=fill,
              mark=str(car.number), ink=theme.text, width=width + 1, fnt=fnt)  # fmt: skip
        return
    if not car.destroyed:
        token(draw, centre, radius, shape=shape, fill=fill, outline=theme.text,
              mark=str(car.number), ink=style.ink, width=width, fnt=fnt)  # fmt: skip
        return
    # A wreck: the cross goes under the number so the number stays readable.
    token(draw, centre, radius, shape=shape, fill=fill, outline=theme.background, width=width)
    d = radius * 0.7
    cx, cy = centre
    strike(draw, (cx - d, cy - d, cx + d, cy + d), fill=theme.danger, width=width)
    draw_text(
        draw,
        centre,
        str(car.number),
        fnt=fnt,
        fill=theme.text,
        outline=fill,  # a rim in the wreck's grey keeps the number clear of the cross
        outline_width=max(1, round(radius / 12)),
    )


def draw_cars(
    draw: ImageDraw.ImageDraw,
    layout: Layout,
    cars: Sequence[CarView],
    theme: Theme,
    view: RncView,
) -> None:
    """Wrecks first (on a loop, on every lap's copy of their spot), then live cars on top; the
    car whose turn it is gets an accent ring."""
    radius = layout.cell * 0.42
    for car in [c for c in cars if c.destroyed]:
        style = car_style(view, car, theme)
        for row, lane in copies(view, layout, (car.row, car.lane)):
            if layout.shows(row):
                draw_car(draw, layout.centre(row, lane), radius, car, style, theme,
                         label=layout.label)  # fmt: skip
    for car in [c for c in cars if not c.destroyed]:
        if not layout.shows(car.row):
            continue
        cx, cy = layout.centre(car.row, car.lane)
        if car.is_active:
            ring = layout.cell * 0.56
            draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), outline=theme.accent,
                         width=max(3, round(layout.cell / 10)))  # fmt: skip
        draw_car(draw, (cx, cy), radius, car, car_style(view, car, theme), theme,
                 label=layout.label)  # fmt: skip


def draw_path(
    draw: ImageDraw.ImageDraw,
    layout: Layout,
    cells: Sequence[tuple[int, int]],
    colour: RGB,
    width: float,
    *,
    theme: Theme | None = None,
) -> None:
    """A line through the cells' centres; a step that crosses into the next strip leaves its
    strip at the top and comes in again at the bottom of the next one.

    With a `theme` the line gets a contrasting edge, so a dark seat colour (black) still shows
    on a dark road and a light one on a light road.
    """
    shown = [cell for cell in cells if layout.shows(cell[0])]
    if theme is not None:
        light = sum(colour) > 3 * 128
        edge = theme.background if light == (sum(theme.background) < 3 * 128) else theme.text
        _path(draw, layout, shown, edge, width + max(2.0, width * 0.6))
    _path(draw, layout, shown, colour, width)


def _path(
    draw: ImageDraw.ImageDraw,
    layout: Layout,
    shown: Sequence[tuple[int, int]],
    colour: RGB,
    width: float,
) -> None:
    w = max(2, round(width))
    dot = width * 0.9
    for a, b in pairwise(shown):
        pa, pb = layout.centre(*a), layout.centre(*b)
        if layout.strip_of(a[0]) == layout.strip_of(b[0]):
            draw.line((pa, pb), fill=colour, width=w)
        else:
            draw.line((pa, (pa[0], layout.road_top)), fill=colour, width=w)
            draw.line(((pb[0], layout.road_bottom), pb), fill=colour, width=w)
    for cell in shown[1:]:
        x, y = layout.centre(*cell)
        draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=colour)
    if shown:
        x, y = layout.centre(*shown[0])
        r = width * 1.8
        draw.ellipse((x - r, y - r, x + r, y + r), outline=colour, width=w)
