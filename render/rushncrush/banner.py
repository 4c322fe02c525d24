"""The heading of every Rush 'n' Crush image: the car it is about, a title and wrapped lines.

Also the page geometry the board and the preview share (width, padding, content width).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PIL import ImageDraw

from games.rushncrush.view import CarView, RncView
from render.fonts import Font, font
from render.palette import Theme
from render.rushncrush.cars import draw_car, seat_of
from render.shapes import draw_text, fit_text, text_width

PAD = 16.0
WIDTH = 680.0
"""Image width at scale 1: portrait, so a phone's full-screen viewer shows it large."""
CONTENT_W = WIDTH - 2 * PAD
TOKEN_ROOM = 68.0


class Banner(NamedTuple):
    """The heading of an image: a title, its wrapped sub-lines and the car it is about (with
    its player's seat, for the car's colour and shape)."""

    title: str
    lines: tuple[str, ...]
    car: CarView | None
    seat: int = 0

    def height(self, scale: float) -> float:
        return (58 + 28 * len(self.lines)) * scale


def make_banner(
    title: str, sub: str, car: CarView | None, scale: float, *, view: RncView | None = None
) -> Banner:
    """`view` places the car in its seat (its colour); without it the car takes seat 1's."""
    room = (WIDTH - 2 * PAD - (TOKEN_ROOM if car is not None else 0)) * scale
    seat = seat_of(view, car) if view is not None and car is not None else 0
    return Banner(title, tuple(wrap(sub, font(22 * scale), room, indent="")), car, seat)


def draw_banner(
    draw: ImageDraw.ImageDraw, width: int, banner: Banner, scale: float, theme: Theme
) -> None:
    s = scale
    height = banner.height(s)
    draw.rectangle((0, 0, width, height), fill=theme.surface_alt)
    draw.rectangle((0, height - 5 * s, width, height), fill=theme.accent)
    x = PAD * s
    if banner.car is not None:
        draw_car(draw, (x + 28 * s, 38 * s), 27 * s, banner.car, theme.player(banner.seat), theme)
        x += TOKEN_ROOM * s
    big, small = font(32 * s, bold=True), font(22 * s)
    # Yellow text reads on the night banner only; on the day theme's light grey it vanishes.
    ink = theme.accent if sum(theme.surface_alt) < 3 * 128 else theme.text
    draw_text(
        draw,
        (x, 10 * s),
        fit_text(banner.title, big, width - x - PAD * s),
        fnt=big,
        fill=theme.text,
        anchor="la",
    )
    for i, line in enumerate(banner.lines):
        draw_text(draw, (x, (52 + 28 * i) * s), line, fnt=small, fill=ink, anchor="la")


def active_car(view: RncView) -> CarView | None:
    return car_of(view, view.active_player) if view.active_player is not None else None


def car_of(view: RncView, player: int) -> CarView | None:
    return next((c for c in view.cars if c.player == player), None)


def wrap(text: str, fnt: Font, max_width: float, *, indent: str = "   ") -> Sequence[str]:
    """Greedy word wrap; continuation lines are indented under the item's number."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, fnt) > max_width:
            lines.append(line)
            line = indent + word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
