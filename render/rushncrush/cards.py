"""The dashboard card of one Rush 'n' Crush car: name, place, speed, gauges and equipment."""

from __future__ import annotations

from PIL import ImageDraw

from games.rushncrush.data import Item, Zone
from games.rushncrush.view import CarView, RncView
from render.fonts import font
from render.palette import BLUE, ORANGE, RGB, VERMILLION, WHITE, YELLOW, Theme
from render.rushncrush.banner import CONTENT_W
from render.rushncrush.cars import car_style, draw_car
from render.shapes import Box, draw_text, fit_text, rounded_box, text_width

CARD_H = 90.0
CARD_GAP = 8.0
CAPTION_PX = 19
"""Dashboard captions: 19 px on the 680 px image is 11 px shrunk to a phone 400 px wide."""

ZONE_COLOURS: dict[Zone, tuple[RGB, RGB]] = {
    Zone.BLUE: (BLUE, WHITE),
    Zone.YELLOW: (YELLOW, (0, 0, 0)),
    Zone.ORANGE: (ORANGE, (0, 0, 0)),
    Zone.RED: (VERMILLION, WHITE),
}
ITEM_CODES: dict[Item, str] = {
    Item.MACHINE_GUN: "G",
    Item.FLAMER: "H",
    Item.SIDE_BUMPER: "B",
    Item.SAW: "S",
    Item.ROCKET_BOOSTER: "K",
    Item.FIRE_EXTINGUISHER: "E",
}
"""The letters a player types in a path to Use each item, so the chip teaches the token."""


def draw_card(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    car: CarView,
    view: RncView,
    scale: float,
    theme: Theme,
) -> None:
    """Number, name, place, speed/gear/zone, Structure, Heat, Steer/Brake/Turbo/Mines, items."""
    s = scale
    x, y = at
    w, h = CONTENT_W * s, CARD_H * s
    dead = car.destroyed
    ink = theme.muted if dead else theme.text
    rounded_box(draw, (x, y, x + w, y + h), fill=theme.background if dead else theme.surface,
                outline=theme.accent if car.is_active else theme.line,
                width=max(1, round((4 if car.is_active else 1) * s)), radius=10 * s)  # fmt: skip
    draw_car(draw, (x + 38 * s, y + h / 2), 27 * s, car, car_style(view, car, theme), theme)
    left = x + 78 * s
    items_w = _items(draw, (x + w - 10 * s, y + 8 * s), car, s, theme)

    name_font, tag_font = font(24 * s, bold=True), font(19 * s, bold=True)
    tag = f"P{car.place}" + (" · WRECKED" if dead else "")
    if view.laps > 1 and not dead:
        tag += f" · lap {car.lap}/{view.laps}"
    if "Minelayer" in car.fixed and not dead:
        tag += f" · {car.mines} mine" + ("" if car.mines == 1 else "s")
    tag_w = text_width(tag, tag_font)
    room = x + w - left - items_w - tag_w - 30 * s
    name = fit_text(car.name, name_font, room)
    draw_text(draw, (left, y + 6 * s), name, fnt=name_font, fill=ink, anchor="la")
    draw_text(
        draw,
        (left + text_width(name, name_font) + 12 * s, y + 10 * s),
        tag,
        fnt=tag_font,
        fill=theme.danger if dead else theme.muted,
        anchor="la",
    )

    caption, value = font(CAPTION_PX * s, bold=True), font(21 * s, bold=True)
    cy = y + 38 * s
    col = left
    fill, chip_ink = ZONE_COLOURS[car.zone]
    draw_text(draw, (col, cy), "Speed", fnt=caption, fill=theme.muted, anchor="la")
    rounded_box(draw, (col, cy + 22 * s, col + 46 * s, cy + 46 * s),
                fill=theme.faded if dead else fill, radius=5 * s)  # fmt: skip
    draw_text(
        draw,
        (col + 23 * s, cy + 34 * s),
        str(car.speed),
        fnt=value,
        fill=theme.muted if dead else chip_ink,
    )
    col += 76 * s
    low_structure = car.structure <= 3
    hot = car.heat >= car.heat_skull - 3
    # Mixed-case captions: at a phone-readable size, capitals would not fit seven columns; the
    # mines left go up in the tag beside the name.
    columns: list[tuple[str, str, float, bool]] = [
        ("Gear", str(car.gear), 100, False),
        ("Struct", f"{car.structure}/{car.structure_max}", 76, low_structure),
        ("Heat", f"{car.heat}/{car.heat_skull}", 76, hot),
        ("Steer", str(car.steering), 68, False),
        ("Brake", str(car.brake), 72, False),
        ("Turbo", str(car.turbo), 64, False),
    ]
    for name_, text, width, alarm in columns:
        draw_text(draw, (col, cy), name_, fnt=caption, fill=theme.muted, anchor="la")
        colour = theme.danger if alarm and not dead else ink
        draw_text(draw, (col, cy + 22 * s), text, fnt=value, fill=colour, anchor="la")
        if name_ == "Gear":  # the zone in the smaller caption font, so seven columns fit
            zone_x = col + text_width(text, value) + 6 * s
            draw_text(
                draw, (zone_x, cy + 25 * s), car.zone.value, fnt=caption, fill=ink, anchor="la"
            )
        col += width * s


def _items(
    draw: ImageDraw.ImageDraw, right_top: tuple[float, float], car: CarView, s: float, theme: Theme
) -> float:
    """Equipment chips, right-aligned: armed ones filled and bold, the rest hollow and dim.

    Returns the width they take.
    """
    size, gap = 26 * s, 5 * s
    fnt = font(CAPTION_PX * s, bold=True)
    x1, y = right_top
    x = x1 - len(car.items) * (size + gap) + gap
    start = x
    for item in car.items:
        box: Box = (x, y, x + size, y + size)
        code = ITEM_CODES[item.item]
        if item.armed and not car.destroyed:
            rounded_box(draw, box, fill=theme.accent, radius=5 * s)
            draw_text(draw, (x + size / 2, y + size / 2), code, fnt=fnt, fill=theme.accent_ink)
        else:
            rounded_box(draw, box, fill=None, outline=theme.faded, width=max(1, round(2 * s)),
                        radius=5 * s)  # fmt: skip
            draw_text(draw, (x + size / 2, y + size / 2), code, fnt=fnt, fill=theme.muted)
        x += size + gap
    return x1 - start
