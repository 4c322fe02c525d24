"""The highway: dirt verges, the 6-column road, the START zone, stick marks and road cards."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.fonts import font
from render.layers import layer, layered_canvas
from render.palette import BLACK, BLUE, ORANGE, SKY_BLUE, VERMILLION, WHITE, Theme, blend
from render.roadwolf.layout import Grid
from render.roadwolf.scene import COLUMNS, ROAD, ROWS, START_ROWS, STICK, Card, Rect, Scene
from render.shapes import draw_text, fit_text, text_width


def verge_colour(theme: Theme) -> tuple[int, int, int]:
    return blend(theme.surface, ORANGE, 1 / 3)


def draw_road(
    draw: ImageDraw.ImageDraw,
    grid: Grid,
    theme: Theme,
    label: float,
    roads: tuple[tuple[int, int], ...] = (ROAD,),
    track: tuple[int, int] | None = None,
) -> None:
    """Verges, asphalt, edge lines, the START zone and a mark every stick (4 rows); DERAILED's
    two roads with the train's track between them."""
    top, bottom = grid.y(grid.last + 1), grid.y(grid.first)
    draw.rectangle((grid.x(0), top, grid.x(COLUMNS), bottom), fill=verge_colour(theme))
    if track is not None:
        _track(draw, grid, track, theme)
    edge = max(2, round(grid.cell / 10))
    for first, last in roads:
        _asphalt(draw, grid, (first, last), theme, edge)
    small = font(label)
    left_edge = grid.x(min(first for first, _ in roads))
    right_edge = grid.x(max(last for _, last in roads) + 1)
    for row in range(grid.first, grid.last + 2):
        if row % STICK or row in (0, ROWS):
            continue
        yy = grid.y(row)
        draw.line((grid.x(0), yy, left_edge, yy), fill=theme.faded, width=1)
        draw.line((right_edge, yy, grid.x(COLUMNS), yy), fill=theme.faded, width=1)
        draw_text(draw, (grid.x(0) + 4, yy - 2), str(row), fnt=small, fill=theme.muted, anchor="ld")
    bold = font(label, bold=True)
    if grid.last == ROWS - 1:
        draw_text(draw, (left_edge - 8, top + grid.cell * 0.6), "END \u2191", fnt=bold,
                  fill=theme.text, anchor="rm")  # fmt: skip


def road_canvas(
    grid: Grid,
    theme: Theme,
    label: float,
    roads: tuple[tuple[int, int], ...] = (ROAD,),
    track: tuple[int, int] | None = None,
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A fresh image of the road alone (`draw_road` of `grid`, from its top-left corner): a
    static layer (`render/layers.py`), the same for every move that shows those rows."""
    whole = (0, 0, grid.width, grid.height)
    layers = (layer(draw_road, grid, theme, label, roads, track, within=whole),)
    return layered_canvas(grid.width, grid.height, theme=theme, layers=layers)


def _asphalt(
    draw: ImageDraw.ImageDraw, grid: Grid, road: tuple[int, int], theme: Theme, edge: int
) -> None:
    top, bottom = grid.y(grid.last + 1), grid.y(grid.first)
    road_l, road_r = grid.x(road[0]), grid.x(road[1] + 1)
    draw.rectangle((road_l, top, road_r, bottom), fill=theme.surface_alt)
    if grid.first < START_ROWS:
        start_top = grid.y(min(START_ROWS, grid.last + 1))
        draw.rectangle(
            (road_l, start_top, road_r, bottom), fill=blend(theme.surface_alt, WHITE, 1 / 3)
        )
    draw.line((road_l, top, road_l, bottom), fill=theme.text, width=edge)
    draw.line((road_r, top, road_r, bottom), fill=theme.text, width=edge)
    mid = grid.x((road[0] + road[1] + 1) / 2)
    dash = grid.cell * 0.6
    y = bottom
    while y > top:
        draw.line((mid, y, mid, max(top, y - dash)), fill=theme.muted, width=max(1, edge - 1))
        y -= dash * 2


TRACK_BED = (92, 72, 56)
"""Ballast under the rails: brown, unlike the orange verge and the grey asphalt."""


def _track(draw: ImageDraw.ImageDraw, grid: Grid, track: tuple[int, int], theme: Theme) -> None:
    """The train's strip: a ballast bed, a sleeper every half cell and two steel rails."""
    top, bottom = grid.y(grid.last + 1), grid.y(grid.first)
    x0, x1 = grid.x(track[0]), grid.x(track[1] + 1)
    draw.rectangle((x0, top, x1, bottom), fill=TRACK_BED)
    y = bottom
    while y > top:
        draw.line((x0 + 3, y, x1 - 3, y), fill=BLACK, width=max(2, round(grid.cell / 8)))
        y -= grid.cell / 2
    width = max(2, round(grid.cell / 9))
    for rail in (x0 + (x1 - x0) * 0.28, x0 + (x1 - x0) * 0.72):
        draw.line((rail, top, rail, bottom), fill=theme.muted, width=width)


def draw_start(
    draw: ImageDraw.ImageDraw,
    grid: Grid,
    theme: Theme,
    label: float,
    roads: tuple[tuple[int, int], ...] = (ROAD,),
    covered: Sequence[Rect] = (),
) -> None:
    """The START line: one solid white line across each road along row 8's edge (a finish
    line is chequered; this is where the race begins), and a START tag just under it where
    no vehicle hides it (on the road or the verge beside it). Drawn over the road cards,
    under the vehicles."""
    if not grid.first <= START_ROWS <= grid.last + 1:
        return
    y = grid.y(START_ROWS)
    width = max(3, round(grid.cell / 6))
    fnt = font(label, bold=True)
    w, h = (text_width("START", fnt) + 10) / grid.cell, label * 1.3 / grid.cell
    row = START_ROWS - h / 2 - 0.15
    for first, last in roads:
        draw.line((grid.x(first), y, grid.x(last + 1), y), fill=WHITE, width=width)
        xs = (first + w / 2 + 0.1, (first + last + 1) / 2, last + 0.9 - w / 2,
              first - w / 2 - 0.1, last + 1.1 + w / 2)  # fmt: skip
        cx, cy = grid.point(least_covered([(x, row) for x in xs], (w, h), covered))
        half_w, half_h = w * grid.cell / 2, h * grid.cell / 2
        draw.rectangle((cx - half_w, cy - half_h, cx + half_w, cy + half_h), fill=BLACK,
                       outline=WHITE, width=1)  # fmt: skip
        draw_text(draw, (cx, cy), "START", fnt=fnt, fill=WHITE)


CARD_LOOK: dict[str, tuple[tuple[int, int, int], str]] = {
    "clear": (WHITE, "Clear"),
    "slide": (ORANGE, "Slide"),
    "slick": (BLACK, "Slick"),
    "debris": (SKY_BLUE, "Debris"),
    "wreck": (WHITE, "Wreck"),
    "bridge": (BLUE, "Bridge"),
    "bridge_out": (VERMILLION, "BRIDGE OUT"),
    "tunnel": (BLACK, "Tunnel"),
    "supplies": (WHITE, "Supplies"),
}


def draw_cards(
    draw: ImageDraw.ImageDraw,
    grid: Grid,
    scene: Scene,
    theme: Theme,
    label: float,
) -> None:
    """Every road card, its name where no vehicle or path drawn over it hides it, then the
    START line over them (the vehicles and the paths come after, on top)."""
    covered = [p.rect for p in scene.pieces if p.rect is not None and p.status != "gone"]
    covered += [
        Rect(min(a[0], b[0]) - PATH_HALF, min(a[1], b[1]), abs(a[0] - b[0]) + 2 * PATH_HALF,
             abs(a[1] - b[1]) + 2 * PATH_HALF)
        for t in scene.traces
        for a, b in itertools.pairwise(t.points)
    ]  # fmt: skip
    for card in scene.cards:
        draw_card(draw, grid, card, theme, label, covered)
    draw_start(draw, grid, theme, label, scene.roads, covered)


def draw_card(
    draw: ImageDraw.ImageDraw,
    grid: Grid,
    card: Card,
    theme: Theme,
    label: float,
    covered: Sequence[Rect] = (),
) -> None:
    """A road card: its colour, a symbol drawn from lines, and its name (moved off the
    vehicles in `covered` where the card has room)."""
    if not grid.shows(card.rect):
        return
    x0, y0, x1, y1 = grid.box(card.rect)
    if card.face_down:
        _card_back(draw, (x0, y0, x1, y1), theme, label)
    else:
        _card_face(draw, grid, card, theme, label, covered)
    if card.last:
        _last_tag(draw, (x0, y0, x1, y1), theme, label)


LabelSize = tuple[float, float]
PATH_HALF = 0.15
"""Half a drawn path's width, in cells: a card's name keeps off it."""


def label_spot(box: Rect, size: LabelSize, covered: Sequence[Rect]) -> tuple[float, float]:
    """Where the name of a card or a wreck goes inside its footprint `box` (the label's centre,
    in board cells): the middle, else the top or bottom band, centred, left or right, the
    first spot no vehicle in `covered` overlaps; with none free, the least covered."""
    w, h = min(size[0], box.w), min(size[1], box.h)
    xs = (box.x + box.w / 2, box.x + w / 2, box.x + box.w - w / 2)
    ys = (box.y + box.h / 2, box.y + box.h - h / 2, box.y + h / 2)
    return least_covered([(x, y) for y in ys for x in xs], (w, h), covered)


def least_covered(
    spots: Sequence[tuple[float, float]], size: LabelSize, covered: Sequence[Rect]
) -> tuple[float, float]:
    """The first of `spots` (centres, in board cells) where a label of `size` is least
    covered by the footprints in `covered` (the first free one when any is)."""
    w, h = size

    def hidden(spot: tuple[float, float]) -> float:
        box = Rect(spot[0] - w / 2, spot[1] - h / 2, w, h)
        return sum(_overlap(box, r) for r in covered)

    return min(spots, key=hidden)


def _overlap(a: Rect, b: Rect) -> float:
    dx = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
    dy = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
    return max(0.0, dx) * max(0.0, dy)


def _last_tag(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], theme: Theme, label: float
) -> None:
    """GAUNTLET's LAST road card: an accent tab along its top edge reading LAST."""
    x0, y0, x1, _y1 = box
    fnt = font(label, bold=True)  # at least 11 px on a phone, as every label
    h = label * 1.3
    draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + 2 + h), fill=theme.accent, outline=BLACK,
                   width=2)  # fmt: skip
    draw_text(draw, ((x0 + x1) / 2, y0 + 2 + h / 2), "LAST", fnt=fnt, fill=BLACK)


def _card_face(
    draw: ImageDraw.ImageDraw,
    grid: Grid,
    card: Card,
    theme: Theme,
    label: float,
    covered: Sequence[Rect],
) -> None:
    x0, y0, x1, y1 = grid.box(card.rect)
    kind = card.kind.lower()
    ink, name = CARD_LOOK.get(kind, (theme.text, card.kind.replace("_", " ").title()))
    paper = blend(theme.surface, ink, 1 / 3) if kind not in ("slick", "tunnel") else BLACK
    inset = 2
    draw.rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset), fill=paper,
                   outline=theme.text, width=2)  # fmt: skip
    _symbol(draw, kind, (x0 + inset, y0 + inset, x1 - inset, y1 - inset), theme)
    fnt = font(label, bold=True)
    room = x1 - x0 - 6
    lines = [name]
    if text_width(name, fnt) > room and " " in name and y1 - y0 > label * 2.4:
        lines = name.split(" ", 1)  # "BRIDGE OUT" on two lines rather than cut short
    wide = max(min(text_width(line, fnt), room) for line in lines) + 6
    size = (wide / grid.cell, (label * 1.1 * len(lines) + 4) / grid.cell)
    cx, cy = grid.point(label_spot(card.rect, size, covered))
    cy -= (len(lines) - 1) * label * 0.55
    for line in lines:
        draw_text(draw, (cx, cy), fit_text(line, fnt, room), fnt=fnt,
                  fill=theme.text, outline=BLACK, outline_width=2)  # fmt: skip
        cy += label * 1.1


def _card_back(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], theme: Theme, label: float
) -> None:
    """A face-down road card (GAUNTLET): a hatched back and a question mark, never its kind."""
    x0, y0, x1, y1 = box
    inset = 2
    draw.rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset), fill=BLUE,
                   outline=theme.text, width=2)  # fmt: skip
    inner = 6
    draw.rectangle((x0 + inner, y0 + inner, x1 - inner, y1 - inner),
                   outline=blend(BLUE, WHITE, 1 / 2), width=2)  # fmt: skip
    fnt = font(label * 1.3, bold=True)
    draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "?", fnt=fnt, fill=WHITE, outline=BLACK,
              outline_width=2)  # fmt: skip


def _symbol(
    draw: ImageDraw.ImageDraw, kind: str, box: tuple[float, float, float, float], theme: Theme
) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if kind == "bridge":  # two rails along the card's sides: drive over, not around
        for y in (y0 + h * 0.12, y1 - h * 0.12):
            draw.line((x0, y, x1, y), fill=theme.text, width=3)
    elif kind == "bridge_out":  # the rails broken in the middle, and a cross
        for y in (y0 + h * 0.12, y1 - h * 0.12):
            draw.line((x0, y, x0 + w * 0.35, y), fill=theme.text, width=3)
            draw.line((x1 - w * 0.35, y, x1, y), fill=theme.text, width=3)
        draw.line((x0 + w * 0.4, y0 + h * 0.2, x1 - w * 0.4, y1 - h * 0.2), fill=BLACK, width=4)
        draw.line((x0 + w * 0.4, y1 - h * 0.2, x1 - w * 0.4, y0 + h * 0.2), fill=BLACK, width=4)
    elif kind == "tunnel":  # an arch
        draw.arc((x0 + w * 0.1, y0 + h * 0.05, x1 - w * 0.1, y1 + h * 0.6), 180, 360,
                 fill=theme.muted, width=4)  # fmt: skip
    elif kind == "slick":  # an oil sheen
        draw.ellipse((x0 + w * 0.15, y0 + h * 0.15, x1 - w * 0.15, y1 - h * 0.15),
                     outline=theme.muted, width=2)  # fmt: skip
    elif kind == "slide":  # waves of loose gravel
        for i in range(3):
            y = y0 + h * (0.2 + 0.3 * i)
            draw.line((x0 + 4, y, x1 - 4, y - h * 0.08), fill=ORANGE, width=2)
    elif kind == "debris":  # scattered rocks
        r = min(w, h) * 0.07
        for fx, fy in ((0.15, 0.2), (0.8, 0.25), (0.2, 0.8), (0.85, 0.8), (0.5, 0.15)):
            cx, cy = x0 + w * fx, y0 + h * fy
            draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=theme.muted)
    elif kind == "wreck":  # a car on its roof
        draw.line((x0 + 4, y0 + 4, x1 - 4, y1 - 4), fill=theme.danger, width=3)
        draw.line((x0 + 4, y1 - 4, x1 - 4, y0 + 4), fill=theme.danger, width=3)
    elif kind == "supplies":  # a crate with a cross
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, min(w, h) * 0.3
        draw.line((x0 + 6, cy, x0 + 6 + r, cy), fill=theme.good, width=4)
        draw.line((x1 - 6 - r, cy, x1 - 6, cy), fill=theme.good, width=4)
    elif kind == "clear":
        pass
