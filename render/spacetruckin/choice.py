"""The captain-and-truck choice on a private sheet: each offered captain with its power, and
each truck's blueprint drawn small with its name, so a newcomer can choose before building.

Shown while the trucker still has that choice to make (the `captain` phase); a part already
chosen drops out (a chosen truck is drawn full size by the sheet's grid instead).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from games.spacetruckin.data import SPECIALTY_BY_DIE, SPECIALTY_EFFECTS, TRUCKS, Specialty, Truck
from games.spacetruckin.grid import blueprint
from games.spacetruckin.view import SheetView, SpaceTruckinView
from render.palette import Theme, blend
from render.shapes import Box, die_face, draw_text, rounded_box
from render.spacetruckin.common import PAD, SYSTEM_COLOURS, WIDTH, Px, wrap
from render.spacetruckin.grid import printed_grids_legend

HEADING_H = 36.0
NAME_PX = 23
TEXT_PX = 20
TEXT_LINE_H = 26.0
DIE = 46.0
CARD_PAD = 12.0
GAP = 12.0
TRUCK_CELL = 22.0
TRUCK_NAME_H = 62.0
LEGEND_H = 36.0


@dataclass(frozen=True)
class Captain:
    """An offered specialty: the die that rolled it, its name and its power (from the data)."""

    die: int
    specialty: Specialty
    effect: str


def offered_captains(sheet: SheetView) -> tuple[Captain, ...]:
    """The specialties the two rolled dice offer (one if they match); none once chosen."""
    if sheet.specialty is not None:
        return ()
    dice = dict.fromkeys(sheet.specialty_dice)
    return tuple(
        Captain(d, SPECIALTY_BY_DIE[d], SPECIALTY_EFFECTS[SPECIALTY_BY_DIE[d]]) for d in dice
    )


def offered_trucks(sheet: SheetView) -> tuple[Truck, ...]:
    """Every truck while none is chosen."""
    return TRUCKS if sheet.truck is None else ()


def shows_choice(view: SpaceTruckinView) -> bool:
    """Whether the sheet draws the choice: the captain phase, with something left to choose."""
    sheet = view.sheet
    if sheet is None or view.public.phase != "captain":
        return False
    return bool(offered_captains(sheet) or offered_trucks(sheet))


def _text_x() -> float:
    return PAD + CARD_PAD + DIE + CARD_PAD


def _effect_lines(captain: Captain, px: Px) -> list[str]:
    width = px(WIDTH - PAD - CARD_PAD - _text_x())
    return wrap(captain.effect, px.font(TEXT_PX), width)


def _captain_h(captain: Captain, px: Px) -> float:
    text = CARD_PAD + 30 + TEXT_LINE_H * len(_effect_lines(captain, px)) + CARD_PAD - 4
    return max(DIE + 2 * CARD_PAD, text)


def _truck_card_w() -> float:
    return (WIDTH - 2 * PAD - GAP) / 2


def _truck_card_h(trucks: tuple[Truck, ...]) -> float:
    rows = max(blueprint(t).height for t in trucks)
    return TRUCK_NAME_H + rows * TRUCK_CELL + CARD_PAD


def choice_height(sheet: SheetView, px: Px) -> float:
    """Layout height (unscaled) of the whole choice section."""
    height = 0.0
    captains = offered_captains(sheet)
    if captains:
        height += HEADING_H + sum(_captain_h(c, px) + GAP for c in captains)
    trucks = offered_trucks(sheet)
    if trucks:
        pairs = (len(trucks) + 1) // 2
        height += HEADING_H + pairs * (_truck_card_h(trucks) + GAP) + LEGEND_H
    return height


def draw_choice(
    draw: ImageDraw.ImageDraw, sheet: SheetView, top: float, px: Px, theme: Theme
) -> None:
    """The offered captains (die, name, power), then the trucks two to a row, then a legend."""
    y = top
    head = px.font(24, bold=True)
    captains = offered_captains(sheet)
    if captains:
        title = "Your captain: pick one" if len(captains) > 1 else "Your captain"
        draw_text(draw, (px(PAD), px(y)), title, fnt=head, fill=theme.text, anchor="la")
        y += HEADING_H
        for captain in captains:
            y += _captain_card(draw, captain, y, px, theme) + GAP
    trucks = offered_trucks(sheet)
    if trucks:
        title = "Your truck: pick one (bow at the top)"
        draw_text(draw, (px(PAD), px(y)), title, fnt=head, fill=theme.text, anchor="la")
        y += HEADING_H
        card_h = _truck_card_h(trucks)
        for i, truck in enumerate(trucks):
            x0 = PAD + (i % 2) * (_truck_card_w() + GAP)
            y0 = y + (i // 2) * (card_h + GAP)
            _truck_card(draw, truck, (x0, y0, x0 + _truck_card_w(), y0 + card_h), px, theme)
        y += ((len(trucks) + 1) // 2) * (card_h + GAP)
        legend = (px(PAD), px(y + LEGEND_H / 2 - 6))
        printed_grids_legend(draw, legend, px, theme, px.font(19))


def _captain_card(
    draw: ImageDraw.ImageDraw, captain: Captain, top: float, px: Px, theme: Theme
) -> float:
    height = _captain_h(captain, px)
    box = (px(PAD), px(top), px(WIDTH - PAD), px(top + height))
    rounded_box(draw, box, fill=theme.surface, outline=theme.line, width=2, radius=px(10))
    die_y = top + (height - DIE) / 2
    die_x = PAD + CARD_PAD
    die_face(draw, (px(die_x), px(die_y), px(die_x + DIE), px(die_y + DIE)), captain.die,
             fill=theme.die, ink=theme.die_ink, outline=theme.line)  # fmt: skip
    x = px(_text_x())
    y = top + CARD_PAD - 2
    draw_text(draw, (x, px(y)), captain.specialty, fnt=px.font(NAME_PX, bold=True),
              fill=theme.text, anchor="la")  # fmt: skip
    y += 30
    for line in _effect_lines(captain, px):
        draw_text(draw, (x, px(y)), line, fnt=px.font(TEXT_PX), fill=theme.muted, anchor="la")
        y += TEXT_LINE_H
    return height


def _truck_card(draw: ImageDraw.ImageDraw, truck: Truck, card: Box, px: Px, theme: Theme) -> None:
    """Name, how many grids it has to build on, and its blueprint: hull, Bridge, E and W."""
    x0, y0, x1, _ = card
    frame = (px(x0), px(y0), px(x1), px(card[3]))
    rounded_box(draw, frame, fill=theme.surface, outline=theme.line, width=2, radius=px(10))
    bp = blueprint(truck)
    cells = [(r, c) for r in range(bp.height) for c in range(bp.width)]
    free = sum(1 for cell in cells if bp.kind(cell) in "oEW")
    centre = (x0 + x1) / 2
    draw_text(draw, (px(centre), px(y0 + 8)), truck, fnt=px.font(NAME_PX, bold=True),
              fill=theme.text, anchor="ma")  # fmt: skip
    draw_text(draw, (px(centre), px(y0 + 35)), f"{free} grids to build on", fnt=px.font(18),
              fill=theme.muted, anchor="ma")  # fmt: skip
    side = TRUCK_CELL
    left = centre - bp.width * side / 2
    top = y0 + TRUCK_NAME_H
    letter = px.font(18, bold=True)
    ring = max(2, round(px(2.5)))
    for r, c in cells:
        kind = bp.kind((r, c))
        if kind == ".":
            continue
        cx0, cy0 = left + c * side, top + r * side
        box = (px(cx0), px(cy0), px(cx0 + side), px(cy0 + side))
        mid = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        if kind == "B":
            draw.rectangle(box, fill=theme.surface_alt, outline=theme.line)
            draw_text(draw, mid, "B", fnt=letter, fill=theme.text)
        elif kind in "EW":
            colour = SYSTEM_COLOURS["Engine" if kind == "E" else "Weapons"][0]
            draw.rectangle(box, fill=theme.surface, outline=colour, width=ring)
            draw_text(draw, mid, kind, fnt=letter, fill=blend(theme.surface, colour, 2 / 3))
        else:
            draw.rectangle(box, fill=theme.background, outline=theme.line)
