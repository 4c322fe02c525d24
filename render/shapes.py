"""Drawing helpers shared by every renderer: text, boxes, counter chips, player tokens, dice.

All sizes are in pixels of the final image; renderers multiply their layout by `scale` first.
Every renderer draws text through `draw_text` (a test holds them to it), so `recording_text`
sees every label of an image and the legibility test can check the smallest one at phone width.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import NamedTuple

from PIL import ImageDraw

from render.fonts import Font, font
from render.palette import RGB, Shape
from render.textcache import draw_text_cached

Box = tuple[float, float, float, float]
Point = tuple[float, float]

# Pip positions on a 3x3 grid (0..2 in x and y) for each face of a six-sided die.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


class Label(NamedTuple):
    """A piece of text as drawn: the words and the font's pixel size."""

    text: str
    size: float


_RECORDED: ContextVar[list[Label] | None] = ContextVar("recorded_labels", default=None)


@contextmanager
def recording_text() -> Iterator[list[Label]]:
    """Inside the block, every non-blank label `draw_text` draws is appended to the yielded
    list (the legibility tests check the smallest size at phone width)."""
    labels: list[Label] = []
    token = _RECORDED.set(labels)
    try:
        yield labels
    finally:
        _RECORDED.reset(token)


def record_labels(labels: Iterable[Label]) -> None:
    """Count `labels` as drawn (inside `recording_text`): a static layer pasted from its cache
    (`render/layers.py`) draws no text, yet its labels are on the image."""
    recorded = _RECORDED.get()
    if recorded is not None:
        recorded.extend(labels)


def without_emoji(s: str) -> str:
    """`s` without pictographs and variation selectors (chat text often has them)."""
    return " ".join("".join(c for c in s if ord(c) < 0x1F000 and c not in "\ufe0f\u200d").split())


_WIDTHS: dict[tuple[object, ...], float] = {}
WIDTHS_MAX = 16384


def text_width(s: str, fnt: Font) -> float:
    """`fnt.getlength(s)`, remembered: boards measure the same labels on every draw (fitting
    names, wrapping notes), and a measure costs a glyph layout. Keyed by what the length
    depends on (the text and the font's file, face, size and layout engine), not by the font
    object, so no font is kept alive; bounded (emptied when full)."""
    key = (s, fnt.path, fnt.index, fnt.size, fnt.layout_engine)
    width = _WIDTHS.get(key)
    if width is None:
        if len(_WIDTHS) >= WIDTHS_MAX:
            _WIDTHS.clear()
        width = _WIDTHS[key] = fnt.getlength(s)
    return width


def fit_text(s: str, fnt: Font, max_width: float) -> str:
    """`s`, cut with an ellipsis if it is wider than `max_width` (long Discord names do happen).

    Emoji are dropped: the bundled font has none, and a missing glyph draws as an empty box.
    """
    s = without_emoji(s)
    if text_width(s, fnt) <= max_width:
        return s
    while s and text_width(s + "…", fnt) > max_width:
        s = s[:-1]
    return s + "…"


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    s: str,
    *,
    fnt: Font,
    fill: RGB,
    anchor: str = "mm",
    outline: RGB | None = None,
    outline_width: int = 2,
) -> None:
    """Text anchored at `xy` (default: centred). Outlines cost ~4x plain text: use sparingly.

    The one way renderers put text on an image (see `recording_text`).
    """
    if not s.isascii():
        s = without_emoji(s)
    recorded = _RECORDED.get()
    if recorded is not None and s.strip():
        recorded.append(Label(s, fnt.size))
    width = 0 if outline is None else outline_width
    if not draw_text_cached(
        draw, xy, s, fnt=fnt, fill=fill, anchor=anchor, stroke_width=width, stroke_fill=outline
    ):
        draw.text(
            xy, s, font=fnt, fill=fill, anchor=anchor, stroke_width=width, stroke_fill=outline
        )


def rounded_box(
    draw: ImageDraw.ImageDraw,
    box: Box,
    *,
    fill: RGB | None,
    outline: RGB | None = None,
    width: int = 1,
    radius: float = 8,
) -> None:
    draw.rounded_rectangle(box, radius=round(radius), fill=fill, outline=outline, width=width)


def strike(draw: ImageDraw.ImageDraw, box: Box, *, fill: RGB, width: int) -> None:
    """A bold X across `box`: marks a spun-out counter or a dropped die, not by colour alone."""
    x0, y0, x1, y1 = box
    draw.line((x0, y0, x1, y1), fill=fill, width=width)
    draw.line((x0, y1, x1, y0), fill=fill, width=width)


def shape_points(shape: Shape, center: Point, radius: float) -> list[Point]:
    """Polygon corners of `shape` around `center` (a circle is approximated for hit tests only)."""
    cx, cy = center
    corners = {"square": 4, "diamond": 4, "triangle": 3, "hexagon": 6, "pentagon": 5,
               "circle": 24}[shape]  # fmt: skip
    start = {"square": 45.0, "diamond": 0.0, "triangle": -90.0, "hexagon": 0.0, "pentagon": -90.0,
             "circle": 0.0}  # fmt: skip
    # A square's corners sit on the circle; shrink it so its area looks like the circle's.
    r = radius * (1.2 if shape == "square" else 1.12 if shape == "triangle" else 1.0)
    points = []
    for i in range(corners):
        angle = math.radians(start[shape] + 360 * i / corners)
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def token(
    draw: ImageDraw.ImageDraw,
    center: Point,
    radius: float,
    *,
    shape: Shape,
    fill: RGB,
    outline: RGB,
    mark: str = "",
    ink: RGB | None = None,
    width: int = 2,
    fnt: Font | None = None,
) -> None:
    """A player token: a filled shape with a mark in it, so it reads without colour."""
    cx, cy = center
    if shape == "circle":
        draw.ellipse(
            (cx - radius, cy - radius, cx + radius, cy + radius),
            fill=fill,
            outline=outline,
            width=width,
        )
    else:
        draw.polygon(shape_points(shape, center, radius), fill=fill, outline=outline, width=width)
    if mark:
        label_font = fnt or font(radius * 1.1, bold=True)
        # Triangles are bottom-heavy: drop the mark so it sits in the visual middle.
        dy = radius * 0.18 if shape == "triangle" else 0.0
        draw_text(draw, (cx, cy + dy), mark, fnt=label_font, fill=ink or outline)


def chip(
    draw: ImageDraw.ImageDraw,
    box: Box,
    label: str,
    *,
    fill: RGB,
    ink: RGB,
    fnt: Font,
    outline: RGB | None = None,
    width: int = 2,
    struck: RGB | None = None,
) -> None:
    """A counter chip: a rounded square with its number; `struck` draws an X in that colour.

    The X goes under the number, which keeps a thin rim in the chip's colour: a spun-out 12
    must still read as 12.
    """
    x0, y0, x1, y1 = box
    side = min(x1 - x0, y1 - y0)
    rounded_box(draw, box, fill=fill, outline=outline, width=width, radius=side * 0.22)
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    if struck is None:
        draw_text(draw, centre, label, fnt=fnt, fill=ink)
        return
    pad = side * 0.12
    strike(
        draw, (x0 + pad, y0 + pad, x1 - pad, y1 - pad), fill=struck, width=max(2, round(side / 12))
    )
    rim = max(1, round(side / 22))
    draw_text(draw, centre, label, fnt=fnt, fill=ink, outline=fill, outline_width=rim)


def die_face(
    draw: ImageDraw.ImageDraw,
    box: Box,
    value: int,
    *,
    sides: int = 6,
    fill: RGB,
    ink: RGB,
    outline: RGB,
    struck: RGB | None = None,
) -> None:
    """A die showing `value`: pips for a d6 (1..6), otherwise the number with a small "dN" tag."""
    x0, y0, x1, y1 = box
    size = min(x1 - x0, y1 - y0)
    rounded_box(
        draw, box, fill=fill, outline=outline, width=max(2, round(size / 24)), radius=size * 0.18
    )
    if sides == 6 and value in _PIPS:
        step = size * 0.27
        pip = size * 0.09
        cx0, cy0 = (x0 + x1) / 2 - step, (y0 + y1) / 2 - step
        for gx, gy in _PIPS[value]:
            px, py = cx0 + gx * step, cy0 + gy * step
            draw.ellipse((px - pip, py - pip, px + pip, py + pip), fill=ink)
    else:
        number = font(size * (0.5 if value < 100 else 0.36), bold=True)
        draw_text(
            draw, ((x0 + x1) / 2, (y0 + y1) / 2 - size * 0.06), str(value), fnt=number, fill=ink
        )
        draw_text(draw, ((x0 + x1) / 2, y1 - size * 0.14), f"d{sides}", fnt=font(size * 0.2),
                  fill=ink)  # fmt: skip
    if struck is not None:
        pad = size * 0.1
        strike(
            draw,
            (x0 + pad, y0 + pad, x1 - pad, y1 - pad),
            fill=struck,
            width=max(2, round(size / 22)),
        )


def wrap_text(s: str, fnt: Font, max_width: float, *, max_lines: int = 2) -> list[str]:
    """`s` broken at spaces into at most `max_lines` lines, the last cut with an ellipsis."""
    lines: list[str] = []
    words = s.split()
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and text_width(f"{line} {words[0]}", fnt) <= max_width:
            line = f"{line} {words.pop(0)}"
        lines.append(line)
    if words:
        lines[-1] = fit_text(f"{lines[-1]} {' '.join(words)}", fnt, max_width)
    return [fit_text(line, fnt, max_width) for line in lines]
