"""The key under a Rush 'n' Crush image: what each symbol on the road and the cards means.

Only the symbols the image shows get a line (a straight with no rocks has no rock entry), so
the key stays short; the equipment letters of the cards always get one. The hint above the
road says how the folded road reads.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PIL import ImageDraw

from games.rushncrush.tiles import CONCRETE, ROCK, VOID
from games.rushncrush.view import RncView
from render.fonts import font
from render.palette import Theme
from render.rushncrush.banner import CONTENT_W, wrap
from render.rushncrush.cards import ITEM_CODES
from render.rushncrush.course import Layout, Row, course_rows
from render.shapes import Box, draw_text, strike

ROW_H = 34.0
ICON = 28.0
HEAD_H = 34.0
LINE_H = 26.0
ITEM_NAMES = {
    "G": "machine gun",
    "H": "flamer",
    "B": "side bumper",
    "S": "saw",
    "K": "rocket booster",
    "E": "extinguisher",
}
assert set(ITEM_NAMES) == set(ITEM_CODES.values())

Icon = Callable[[ImageDraw.ImageDraw, Box, Theme], None]


@dataclass(frozen=True)
class Key:
    """The entries an image needs, laid out for a width: (icon, words) pairs and item lines."""

    entries: tuple[tuple[str, str], ...]
    item_lines: tuple[str, ...]
    scale: float

    @property
    def rows(self) -> int:
        return math.ceil(len(self.entries) / 2)

    def height(self) -> float:
        s = self.scale
        return (HEAD_H + self.rows * ROW_H + 6 + LINE_H * len(self.item_lines)) * s


def hint(layout: Layout) -> str:
    """How to read the road: it runs up, and a folded road goes on in the next column."""
    if layout.strips == 1:
        return "The race runs up the road ↑"
    return "Read each column bottom to top ↑ then the next column →"


def make_key(
    view: RncView,
    layout: Layout,
    scale: float,
    label: float,
    *,
    planned: bool = False,
    badges: bool = False,
) -> Key:
    """The key for an image showing `layout`'s rows of `view` (`label`: the text size).

    `planned`: the image is a path preview (a planned path instead of the last move), with
    numbered `badges` on what the path hits.
    """
    rows = course_rows(view, layout.first, layout.last)
    cells = "".join(r.cells for r in rows)
    entries: list[tuple[str, str]] = []
    if any(c.is_active and layout.shows(c.row) for c in view.cars if not c.destroyed):
        entries.append(("ring", "car to move"))
    if planned:
        entries.append(("planned", "planned path"))
        if badges:
            entries.append(("badge", "hit: see the list"))
    elif view.last_move is not None and any(layout.shows(r) for r, _ in view.last_move.cells):
        entries.append(("path", "last move, car's colour"))
    if ROCK in cells:
        entries.append(("rock", "rock: obstruction"))
    if CONCRETE in cells:
        entries.append(("concrete", "wall: obstruction"))
    if VOID in cells:
        entries.append(("void", "no road (narrows)"))
    if any(r.curve is not None for r in rows):
        entries.append(("kerb", "kerb: outside of a bend"))
    if any(layout.shows(m.row) for m in view.mines):
        entries.append(("mine", "mine, its layer's car no."))
    if any(c.destroyed for c in view.cars):
        entries.append(("wreck", "wreck: obstruction"))
    entries.extend(_lines(rows))
    items = "Cards: " + ", ".join(f"{code} {name}" for code, name in ITEM_NAMES.items())
    items += "; lit = armed. P1 = 1st place."
    item_lines = tuple(wrap(items, font(label), CONTENT_W * scale, indent=""))
    return Key(tuple(entries), item_lines, scale)


def _lines(rows: tuple[Row, ...]) -> list[tuple[str, str]]:
    out = []
    if any(r.start_line for r in rows):
        out.append(("start", "start line"))
    if any(r.lap_line for r in rows):
        out.append(("lap", "lap line"))
    if any(r.finish_line for r in rows):
        out.append(("finish", "finish line"))
    return out


def draw_key(
    draw: ImageDraw.ImageDraw, at: tuple[float, float], key: Key, label: float, theme: Theme
) -> None:
    """The key with its top-left corner at `at`: a heading, two columns of entries, items."""
    s = key.scale
    x, y = at
    draw_text(draw, (x, y), "Key", fnt=font(max(label, 22 * s), bold=True), fill=theme.text,
              anchor="la")  # fmt: skip
    y += HEAD_H * s
    fnt = font(label)
    column = CONTENT_W * s / 2
    for i, (icon, words) in enumerate(key.entries):
        row, col = divmod(i, 2)
        ix = x + col * column
        iy = y + row * ROW_H * s
        box = (ix, iy, ix + ICON * s, iy + ICON * s)
        ICONS[icon](draw, box, theme)
        draw_text(draw, (ix + (ICON + 10) * s, iy + ICON * s / 2), words, fnt=fnt,
                  fill=theme.muted, anchor="lm")  # fmt: skip
    y += key.rows * ROW_H * s + 6 * s
    for line in key.item_lines:
        draw_text(draw, (x, y), line, fnt=fnt, fill=theme.muted, anchor="la")
        y += LINE_H * s


# --- icons: the road's symbols in miniature -----------------------------------------------------


def _cell(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    draw.rectangle(box, fill=theme.surface)


def _ring(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    draw.ellipse(box, outline=theme.accent, width=max(3, round((box[2] - box[0]) / 8)))


def _path_in(colour_of: Callable[[Theme], tuple[int, int, int]]) -> Icon:
    """A path as the road draws one: a ring where it starts, a line and a dot per step."""

    def icon(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
        x0, y0, x1, y1 = box
        colour = colour_of(theme)
        cx = (x0 + x1) / 2
        w = max(2, round((x1 - x0) / 9))
        draw.line((cx, y1 - w, cx, y0), fill=colour, width=w)
        for y in (y0 + (y1 - y0) * 0.15, (y0 + y1) / 2 - w):
            r = w * 0.9
            draw.ellipse((cx - r, y - r, cx + r, y + r), fill=colour)
        r = w * 1.6
        draw.ellipse((cx - r, y1 - 2 * r, cx + r, y1), outline=colour, width=w)

    return icon


def _badge(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    draw.ellipse(box, fill=theme.danger, outline=theme.text)
    draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "1", fnt=font((y1 - y0) * 0.7, bold=True),
              fill=theme.text)  # fmt: skip


def _rock(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    _cell(draw, box, theme)
    x0, y0, x1, y1 = box
    m = (x1 - x0) * 0.16
    draw.ellipse((x0 + m, y0 + m * 1.4, x1 - m, y1 - m), fill=theme.muted, outline=theme.background,
                 width=2)  # fmt: skip


def _concrete(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=theme.line)
    for k in (0.25, 0.5, 0.75):
        y = y0 + k * (y1 - y0)
        draw.line((x0, y, x1, y), fill=theme.faded, width=max(1, round((x1 - x0) / 24)))


def _void(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    m = (x1 - x0) * 0.3
    strike(draw, (x0 + m, y0 + m, x1 - m, y1 - m), fill=theme.faded,
           width=max(1, round((x1 - x0) / 16)))  # fmt: skip


def _kerb(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    w = (x1 - x0) * 0.22
    half = (y1 - y0) / 2
    draw.rectangle((x0, y0, x0 + w, y0 + half), fill=theme.danger)
    draw.rectangle((x0, y0 + half, x0 + w, y1), fill=theme.text)
    draw.rectangle((x0 + w + 3, y0, x1, y1), fill=theme.surface)


def _mine(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    cx, cy, c = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) * 1.4
    points = []
    for i in range(16):
        radius = c * (0.34 if i % 2 == 0 else 0.2)
        angle = math.pi * i / 8
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=theme.danger, outline=theme.background)


def _wreck(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    draw.ellipse(box, fill=theme.faded, outline=theme.background, width=2)
    d = (x1 - x0) * 0.25
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    strike(draw, (cx - d, cy - d, cx + d, cy + d), fill=theme.danger,
           width=max(2, round((x1 - x0) / 10)))  # fmt: skip


def _line(colour_of: Callable[[Theme], tuple[int, int, int]]) -> Icon:
    def icon(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        draw.line((x0, cy, x1, cy), fill=colour_of(theme), width=max(2, round((x1 - x0) / 9)))

    return icon


def _finish(draw: ImageDraw.ImageDraw, box: Box, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    size = (x1 - x0) / 6
    cy = (y0 + y1) / 2 - size
    for i in range(6):
        for j in range(2):
            colour = theme.die if (i + j) % 2 == 0 else theme.die_ink
            xa, ya = x0 + i * size, cy + j * size
            draw.rectangle((xa, ya, xa + size, ya + size), fill=colour)


ICONS: dict[str, Icon] = {
    "ring": _ring,
    "path": _path_in(lambda t: t.text),
    "planned": _path_in(lambda t: t.accent),
    "badge": _badge,
    "rock": _rock,
    "concrete": _concrete,
    "void": _void,
    "kerb": _kerb,
    "mine": _mine,
    "wreck": _wreck,
    "start": _line(lambda t: t.text),
    "lap": _line(lambda t: t.accent),
    "finish": _finish,
}
