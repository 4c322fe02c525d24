"""The highway: dirt verges, the 6-column road, the START zone, stick marks and road cards."""

from __future__ import annotations

from PIL import ImageDraw

from render.fonts import font
from render.palette import BLACK, BLUE, ORANGE, SKY_BLUE, VERMILLION, WHITE, Theme, blend
from render.roadwolf.layout import Grid
from render.roadwolf.scene import COLUMNS, ROAD, ROWS, START_ROWS, STICK, Card
from render.shapes import draw_text, fit_text


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
    if grid.first == 0:
        for first, last in roads:
            mid = (grid.x(first) + grid.x(last + 1)) / 2
            draw_text(draw, (mid, grid.y(START_ROWS / 2)), "START", fnt=bold, fill=BLACK)
    if grid.last == ROWS - 1:
        draw_text(draw, (left_edge - 8, top + grid.cell * 0.6), "END \u2191", fnt=bold,
                  fill=theme.text, anchor="rm")  # fmt: skip


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
        _checks(draw, grid, road_l, road_r, theme)
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


def _checks(draw: ImageDraw.ImageDraw, grid: Grid, left: float, right: float, theme: Theme) -> None:
    """A chequered START line along row 8's edge."""
    if not grid.first <= START_ROWS <= grid.last + 1:
        return
    y = grid.y(START_ROWS)
    side = grid.cell / 3
    x, i = left, 0
    while x < right - 1:
        fill = BLACK if i % 2 else WHITE
        draw.rectangle((x, y, min(right, x + side), y + side), fill=fill)
        x += side
        i += 1


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


def draw_card(
    draw: ImageDraw.ImageDraw, grid: Grid, card: Card, theme: Theme, label: float
) -> None:
    """A road card: its colour, a symbol drawn from lines, and its name."""
    if not grid.shows(card.rect):
        return
    x0, y0, x1, y1 = grid.box(card.rect)
    if card.face_down:
        _card_back(draw, (x0, y0, x1, y1), theme, label)
    else:
        _card_face(draw, (x0, y0, x1, y1), card, theme, label)
    if card.last:
        _last_tag(draw, (x0, y0, x1, y1), theme, label)


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
    box: tuple[float, float, float, float],
    card: Card,
    theme: Theme,
    label: float,
) -> None:
    x0, y0, x1, y1 = box
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
    if fnt.getlength(name) > room and " " in name and y1 - y0 > label * 2.4:
        lines = name.split(" ", 1)  # "BRIDGE OUT" on two lines rather than cut short
    cy = y0 + (y1 - y0) * 0.5 - (len(lines) - 1) * label * 0.55
    for line in lines:
        draw_text(draw, ((x0 + x1) / 2, cy), fit_text(line, fnt, room), fnt=fnt,
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
