"""Vehicles, wrecks and the traces of the last moves, drawn on the grid.

A vehicle reads without colour: its letter, a dark windscreen at its front (at the back once it
is immobilized and faces backward), one dot per crew member in the windscreen, one square per
hit along its rear (filled red when the hit is taken), and a badge for abandoned (skull) or
immobilized (turned arrow). A wreck lies across the road, grey and struck through.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from PIL import ImageDraw

from render.fonts import font
from render.palette import BLACK, RGB, WHITE, YELLOW, Theme, blend
from render.roadwolf.layout import Grid
from render.roadwolf.road import label_spot
from render.roadwolf.scene import COLUMNS, Piece, Rect, Trace
from render.shapes import draw_text, strike, text_width

SKULL = "\u2620"
TURNED = "\u21ba"
TAG_GLYPHS: dict[str, str] = {
    "cop": "\u2605",  # a star: the police
    "monster": "\u25b2",  # a big wheel's tread
    "explosive": "\u2622",  # a hazard sign
    "exploded": "\u2738",  # a blast
    "mutant": "\u2620",
    "enemy": "\u2716",
}
"""A mission piece's badge on the road, at its back-left corner (the roster names it)."""


def side_colour(side: int, theme: Theme) -> RGB:
    """A side's colour; nobody's pieces grey, GAUNTLET's enemies (-2) in the danger colour."""
    if side == -2:
        return theme.danger
    return theme.player(side).colour if side >= 0 else theme.muted


def side_ink(side: int, theme: Theme) -> RGB:
    return theme.player(side).ink if side >= 0 else BLACK


def draw_piece(
    draw: ImageDraw.ImageDraw,
    grid: Grid,
    piece: Piece,
    theme: Theme,
    label: float,
    *,
    rect: Rect | None = None,
    ghost: bool = False,
    covered: Sequence[Rect] = (),
) -> None:
    """`piece` at its footprint (or at `rect`: a planned end); a ghost is an outline only. A
    wreck's letter goes where the vehicles in `covered` (drawn over it) leave it seen."""
    where = rect or piece.rect
    if where is None or not grid.shows(where):
        return
    x0, y0, x1, y1 = grid.box(where)
    colour = side_colour(piece.side, theme)
    if ghost:
        draw.rectangle(
            (x0 + 2, y0 + 2, x1 - 2, y1 - 2), fill=blend(theme.surface_alt, colour, 1 / 3)
        )
        _dashed_box(draw, (x0 + 2, y0 + 2, x1 - 2, y1 - 2), colour, 3)
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), piece.letter,
                  fnt=font(label, bold=True), fill=theme.text)  # fmt: skip
        return
    if piece.status == "wreck":
        if piece.tag == "exploded":  # THE WAGES OF FEAR: a blast under the wreck
            burst(draw, ((x0 + x1) / 2, (y0 + y1) / 2), max(x1 - x0, y1 - y0) * 0.75, theme)
        _wreck(draw, grid, where, piece, theme, label, covered)
        return
    if piece.active:
        draw.rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), outline=theme.accent, width=4)
    if piece.tag in ("engine", "gondola"):
        _train_car(draw, (x0, y0, x1, y1), piece, theme, label)
        return
    if where.w * where.h <= 1:
        _token_piece(draw, (x0, y0, x1, y1), piece, theme, label)
        return
    inset = 2.0
    bx0, by0, bx1, by1 = x0 + inset, y0 + inset, x1 - inset, y1 - inset
    draw.rounded_rectangle((bx0, by0, bx1, by1), radius=round(grid.cell * 0.2), fill=colour,
                           outline=BLACK, width=2)  # fmt: skip
    backward = piece.status in ("immobilized",)
    screen_h = min(grid.cell * 0.55, (by1 - by0) * 0.28)
    sy0, sy1 = (by1 - screen_h, by1) if backward else (by0, by0 + screen_h)
    draw.rectangle((bx0 + 3, sy0 + (0 if backward else 3), bx1 - 3, sy1 - (3 if backward else 0)),
                   fill=BLACK)  # fmt: skip
    _crew_dots(draw, (bx0 + 3, sy0, bx1 - 3, sy1), piece, theme)
    pip_y = by0 + 3 if backward else by1 - 3
    _damage_pips(draw, (bx0, bx1), pip_y, piece, theme, grid.cell, up=not backward)
    ink = side_ink(piece.side, theme)
    mid_y = (by0 + by1) / 2 + (screen_h / 2 if not backward else -screen_h / 2) * 0.5
    size = max(label, min(bx1 - bx0, (by1 - by0) * 0.5) * 0.62)
    draw_text(draw, ((bx0 + bx1) / 2, mid_y), piece.letter, fnt=font(size, bold=True), fill=ink)
    badge = SKULL if piece.status == "abandoned" else TURNED if backward else ""
    if badge:
        _badge(draw, grid, where, badge, theme, label)
    glyph = TAG_GLYPHS.get(piece.tag, "")
    if glyph and where.w * where.h >= 2:  # a 1×1 mutant shows its colour and letter only
        _tag_badge(draw, (bx0, by0, bx1, by1), glyph, theme, label, low=not backward)


def _token_piece(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    piece: Piece,
    theme: Theme,
    label: float,
) -> None:
    """A one-cell piece (GAUNTLET's mutants): a round token in its colour with its letter as
    large as the cell allows; no windscreen, crew dots or hit boxes, which hid the letter at
    phone width (the roster gives its hits and crew)."""
    x0, y0, x1, y1 = box
    draw.ellipse((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=side_colour(piece.side, theme),
                 outline=BLACK, width=2)  # fmt: skip
    fnt = font(label, bold=True)
    draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), piece.letter, fnt=fnt,
              fill=side_ink(piece.side, theme))  # fmt: skip


def _train_car(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    piece: Piece,
    theme: Theme,
    label: float,
) -> None:
    """DERAILED's train: a car on the track, wheels along both sides, painted in the colour of
    the side that holds it (steel grey: nobody); a Gondola shows its open hold, the Engine its
    cab at the front. Crew dots and damage squares as on any vehicle."""
    x0, y0, x1, y1 = box
    colour = side_colour(piece.side, theme)
    wheel = max(3.0, (x1 - x0) * 0.12)
    step = (y1 - y0) / 4
    for i in range(4):  # wheels, outside the body
        cy = y0 + step * (i + 0.5)
        for cx in (x0 + wheel * 0.6, x1 - wheel * 0.6):
            draw.ellipse((cx - wheel, cy - wheel, cx + wheel, cy + wheel), fill=BLACK)
    bx0, by0, bx1, by1 = x0 + wheel, y0 + 2, x1 - wheel, y1 - 2
    body = blend(theme.muted, BLACK, 1 / 3) if piece.side < 0 else colour  # steel: nobody's
    draw.rectangle((bx0, by0, bx1, by1), fill=body, outline=BLACK, width=2)
    if piece.tag == "engine":  # the cab at the front, the crew in its windows
        cab = (bx0 + 5, by0 + 5, bx1 - 5, by0 + (by1 - by0) * 0.3)
        draw.rectangle(cab, fill=BLACK)
        _crew_dots(draw, cab, piece, theme)
    else:  # an open hold: crew ride in it
        hold = (bx0 + 5, by0 + (by1 - by0) * 0.12, bx1 - 5, by1 - (by1 - by0) * 0.2)
        draw.rectangle(hold, fill=BLACK)
        _crew_dots(draw, (hold[0], hold[1], hold[2], hold[1] + (hold[3] - hold[1]) * 0.3),
                   piece, theme)  # fmt: skip
    _damage_pips(draw, (bx0, bx1), by1 - 3, piece, theme, (bx1 - bx0) / 2, up=True)
    draw_text(draw, ((bx0 + bx1) / 2, (by0 + by1) / 2 + label * 0.3), piece.letter,
              fnt=font(label * 1.2, bold=True), fill=WHITE, outline=BLACK,
              outline_width=2)  # fmt: skip


def _tag_badge(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    glyph: str,
    theme: Theme,
    label: float,
    *,
    low: bool,
) -> None:
    """A mission piece's glyph in a small black disc on its back-left corner."""
    x0, y0, _, y1 = box
    r = label * 0.7
    cx, cy = x0 + r * 0.5, (y1 - r * 0.5) if low else (y0 + r * 0.5)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=BLACK, outline=WHITE, width=2)
    draw_text(draw, (cx, cy), glyph, fnt=font(label, bold=True), fill=YELLOW)


def _crew_dots(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], piece: Piece, theme: Theme
) -> None:
    x0, y0, x1, y1 = box
    n = max(0, piece.crew)
    if not n:
        return
    r = max(2.0, min((y1 - y0) * 0.28, (x1 - x0) / (2.6 * n)))
    gap = (x1 - x0) / n
    cy = (y0 + y1) / 2
    for i in range(n):
        cx = x0 + gap * (i + 0.5)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.text)


def _damage_pips(
    draw: ImageDraw.ImageDraw,
    span: tuple[float, float],
    edge_y: float,
    piece: Piece,
    theme: Theme,
    cell: float,
    *,
    up: bool,
) -> None:
    x0, x1 = span
    n = max(1, piece.size)
    side = min(cell * 0.3, (x1 - x0 - 6) / n - 2)
    gap = (x1 - x0 - n * side) / (n + 1)
    y1 = edge_y if up else edge_y + side
    y0 = y1 - side
    for i in range(n):
        px = x0 + gap + i * (side + gap)
        taken = i < piece.damage
        draw.rectangle((px, y0, px + side, y1), fill=theme.danger if taken else theme.text,
                       outline=BLACK, width=1)  # fmt: skip


def _badge(
    draw: ImageDraw.ImageDraw, grid: Grid, rect: Rect, text: str, theme: Theme, label: float
) -> None:
    """A round badge beside the footprint (on the side with room)."""
    r = label * 0.9
    right = rect.x + rect.w < COLUMNS - 1
    cx = grid.x(rect.x + rect.w) + r if right else grid.x(rect.x) - r
    _, y0, _, _ = grid.box(rect)
    cy = y0 + r
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.danger, outline=BLACK, width=2)
    draw_text(draw, (cx, cy), text, fnt=font(label, bold=True), fill=theme.text)


def _wreck(
    draw: ImageDraw.ImageDraw,
    grid: Grid,
    where: Rect,
    piece: Piece,
    theme: Theme,
    label: float,
    covered: Sequence[Rect],
) -> None:
    x0, y0, x1, y1 = grid.box(where)
    draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), fill=theme.faded,
                   outline=side_colour(piece.side, theme), width=3)  # fmt: skip
    strike(draw, (x0 + 5, y0 + 5, x1 - 5, y1 - 5), fill=theme.danger, width=3)
    fnt = font(label, bold=True)
    size = ((text_width(piece.letter, fnt) + 6) / grid.cell, label * 1.2 / grid.cell)
    at = grid.point(label_spot(where, size, covered))
    draw_text(draw, at, piece.letter, fnt=fnt, fill=theme.text, outline=BLACK, outline_width=2)


def _dashed_box(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB, width: int
) -> None:
    x0, y0, x1, y1 = box
    for a, b in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)),
                 ((x0, y1), (x0, y0))):  # fmt: skip
        dashed_line(draw, a, b, fill, width, 8.0)


def dashed_line(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    fill: RGB,
    width: int,
    dash: float,
) -> None:
    length = math.dist(a, b)
    if length == 0:
        return
    steps = max(1, int(length // dash))
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        draw.line((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0,
                   a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), fill=fill,
                  width=width)  # fmt: skip


def draw_trace(
    draw: ImageDraw.ImageDraw, grid: Grid, trace: Trace, theme: Theme, *, under: bool
) -> None:
    """A segment driven (arrow), a ram (burst), a shot (dashed line to a ring), a melee.

    Lines go `under` the vehicles (so letters stay readable), bursts and rings over them."""
    points = [grid.point(p) for p in trace.points]
    if not points:
        return
    w = max(3, round(grid.cell / 7))
    if under != (trace.kind in ("move", "brake", "nitro", "skid", "drift", "melee")):
        if trace.kind == "shot" and under and len(points) >= 2:
            dashed_line(draw, points[0], points[-1], theme.danger, w, 9.0)
        return
    if trace.kind in ("move", "brake", "nitro", "skid", "drift") and len(points) >= 2:
        colour = theme.accent if trace.kind != "drift" else theme.muted
        if trace.kind in ("skid", "drift"):
            for a, b in itertools.pairwise(points):
                dashed_line(draw, a, b, colour, w, 10.0)
        else:
            draw.line(points, fill=BLACK, width=w + 4, joint="curve")
            draw.line(points, fill=colour, width=w, joint="curve")
        arrow_head(draw, points[-2], points[-1], colour, grid.cell * 0.45)
    elif trace.kind == "ram":
        burst(draw, points[-1], grid.cell * 0.42, theme)
    elif trace.kind == "shot" and len(points) >= 2:
        # the ring touches the target from the shooter's side (the shot ends at its edge):
        # over the target it hid a small one's letter
        (ax, ay), (bx, by) = points[0], points[-1]
        r = grid.cell * 0.4
        length = math.dist((ax, ay), (bx, by)) or 1.0
        cx, cy = bx - (bx - ax) * r / length, by - (by - ay) * r / length
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=theme.danger, width=w)
    elif trace.kind == "melee" and len(points) >= 2:
        (ax, ay), (bx, by) = points[0], points[-1]
        zig = [(ax + (bx - ax) * t / 4 + (6 if t % 2 else -6), ay + (by - ay) * t / 4)
               for t in range(5)]  # fmt: skip
        draw.line(zig, fill=theme.danger, width=w)


def arrow_head(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    fill: RGB,
    size: float,
) -> None:
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    left = (b[0] - size * math.cos(angle - 0.45), b[1] - size * math.sin(angle - 0.45))
    right = (b[0] - size * math.cos(angle + 0.45), b[1] - size * math.sin(angle + 0.45))
    draw.polygon([b, left, right], fill=fill, outline=BLACK)


def burst(draw: ImageDraw.ImageDraw, at: tuple[float, float], r: float, theme: Theme) -> None:
    """A ram: a jagged star in the danger colour."""
    cx, cy = at
    pts = []
    for i in range(16):
        rr = r if i % 2 == 0 else r * 0.5
        a = math.pi * i / 8
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    draw.polygon(pts, fill=theme.danger, outline=BLACK)
