"""The heading of every Road Wolf image: mission, round, whose turn, the score, and one chip per
seated player whose frame is lit in the accent colour while that player must act."""

from __future__ import annotations

from PIL import ImageDraw

from render.fonts import font
from render.palette import Theme
from render.roadwolf.layout import PAD, WIDTH
from render.roadwolf.scene import Seat
from render.shapes import draw_text, fit_text, token, wrap_text

CHIP_H = 40.0
CHIP_GAP = 8.0
CHIPS_PER_ROW = 3


def banner_height(lines: int, seats: int, scale: float) -> float:
    rows = (seats + CHIPS_PER_ROW - 1) // CHIPS_PER_ROW
    return (54 + 28 * lines + rows * (CHIP_H + CHIP_GAP) + 8) * scale


def banner_lines(text: str, scale: float) -> list[str]:
    return wrap_text(text, font(22 * scale), (WIDTH - 2 * PAD) * scale, max_lines=3)


def chip_box(index: int, top: float, scale: float) -> tuple[float, float, float, float]:
    """Pixel box of seat `index`'s chip, the banner's chips starting at `top`."""
    w = (WIDTH - 2 * PAD - CHIP_GAP * (CHIPS_PER_ROW - 1)) / CHIPS_PER_ROW
    row, col = divmod(index, CHIPS_PER_ROW)
    x0 = (PAD + col * (w + CHIP_GAP)) * scale
    y0 = top + row * (CHIP_H + CHIP_GAP) * scale
    return (x0, y0, x0 + w * scale, y0 + CHIP_H * scale)


def chips_top(lines: int, scale: float) -> float:
    return (54 + 28 * lines) * scale


def draw_banner(
    draw: ImageDraw.ImageDraw,
    width: int,
    title: str,
    lines: list[str],
    seats: tuple[Seat, ...],
    scale: float,
    theme: Theme,
    label: float,
) -> float:
    """Draws the banner; returns its height."""
    s = scale
    height = banner_height(len(lines), len(seats), s)
    draw.rectangle((0, 0, width, height), fill=theme.surface_alt)
    draw.rectangle((0, height - 5 * s, width, height), fill=theme.accent)
    big, small = font(30 * s, bold=True), font(22 * s)
    draw_text(draw, (PAD * s, 10 * s), fit_text(title, big, width - 2 * PAD * s), fnt=big,
              fill=theme.text, anchor="la")  # fmt: skip
    ink = theme.accent if sum(theme.surface_alt) < 3 * 128 else theme.text
    for i, line in enumerate(lines):
        draw_text(draw, (PAD * s, (50 + 28 * i) * s), line, fnt=small, fill=ink, anchor="la")
    top = chips_top(len(lines), s)
    for i, seat in enumerate(seats):
        draw_seat_chip(draw, chip_box(i, top, s), seat, theme, label)
    return height


def draw_seat_chip(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    seat: Seat,
    theme: Theme,
    label: float,
) -> None:
    """A player's chip: their side's token and name, framed in the accent on their turn."""
    x0, y0, x1, y1 = box
    frame = theme.accent if seat.active else theme.line
    draw.rectangle(box, fill=theme.surface, outline=frame, width=4 if seat.active else 2)
    style = theme.player(seat.side)
    r = (y1 - y0) * 0.32
    token(draw, (x0 + 8 + r, (y0 + y1) / 2), r, shape=style.shape, fill=style.colour,
          outline=style.ink, mark="", width=2)  # fmt: skip
    fnt = font(label, bold=seat.active)
    room = x1 - x0 - 2 * r - 20
    draw_text(draw, (x0 + 2 * r + 14, (y0 + y1) / 2), fit_text(seat.name, fnt, room), fnt=fnt,
              fill=theme.text, anchor="lm")  # fmt: skip
