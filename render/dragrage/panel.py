"""The Drag Rage side panel: each driver's card, the free counters, what just happened and
the key to the symbols."""

from __future__ import annotations

import math

from PIL import ImageDraw

from games.dragrage.state import DragRageView, LaneView
from render.dragrage.layout import (
    BODY,
    CHIP,
    CHIP_GAP,
    LINE_H,
    PANEL_W,
    PANEL_X,
    POOL_CHIP,
    POOL_GAP,
    SMALL,
    Layout,
)
from render.dragrage.track import chequer, hatch
from render.fonts import font
from render.palette import Theme
from render.shapes import chip, draw_text, fit_text, rounded_box, strike, token, wrap_text

STATUS: dict[str, str] = {
    "crossed": "Crossed the line",
    "broken_chute": "Broken chute: past 26",
    "blown_engine": "Blown engine: can't reach 23",
}


def draw_card(
    draw: ImageDraw.ImageDraw, view: DragRageView, lane: LaneView, lay: Layout, theme: Theme
) -> None:
    """A driver: token and name, heats won and counters used, nitro, status, counters played."""
    px = lay.px
    box = lay.cards[lane.seat]
    x0, y0, x1, _ = box
    rounded_box(
        draw,
        box,
        fill=theme.surface,
        outline=theme.accent if lane.is_active else theme.line,
        width=max(1, round(px(5 if lane.is_active else 2))),
        radius=px(12),
    )
    style = theme.player(lane.seat)
    token(
        draw,
        (x0 + px(30), y0 + px(32)),
        px(18),
        shape=style.shape,
        fill=style.colour,
        outline=theme.text,
        mark=style.mark,
        ink=style.ink,
        fnt=font(px(BODY), bold=True),
    )
    name_font = font(px(24), bold=True)
    draw_text(
        draw,
        (x0 + px(58), y0 + px(32)),
        fit_text(lane.name, name_font, x1 - x0 - px(70)),
        fnt=name_font,
        fill=theme.text,
        anchor="lm",
    )
    body, bold = font(px(BODY)), font(px(BODY), bold=True)
    y = y0 + px(52 + LINE_H / 2)
    used = f"{lane.counters_used} counter" + ("" if lane.counters_used == 1 else "s")
    heats = f"heats won {lane.heats_won}"
    draw_text(
        draw, (x0 + px(14), y), f"{used} used · {heats}", fnt=body, fill=theme.text, anchor="lm"
    )
    y += px(LINE_H)
    nitro = "Nitro die: ready" if lane.nitro_available else "Nitro die: spent"
    draw_text(
        draw,
        (x0 + px(14), y),
        nitro,
        fnt=bold if lane.nitro_available else body,
        fill=theme.text if lane.nitro_available else theme.muted,
        anchor="lm",
    )
    if lane.status != "racing":
        y += px(LINE_H)
        text = STATUS.get(lane.status, lane.status)
        colour = theme.good if lane.status == "crossed" else theme.danger
        draw_text(
            draw,
            (x0 + px(14), y),
            fit_text(text, bold, x1 - x0 - px(28)),
            fnt=bold,
            fill=colour,
            anchor="lm",
        )
    y += px(LINE_H / 2 + 8)
    x = x0 + px(14)
    fnt = font(px(BODY), bold=True)
    for counter in lane.counters:
        if x + px(CHIP) > x1 - px(8):
            x = x0 + px(14)
            y += px(CHIP + CHIP_GAP)
        chip(
            draw,
            (x, y, x + px(CHIP), y + px(CHIP)),
            str(counter.value),
            fill=style.colour,
            ink=style.ink,
            fnt=fnt,
            struck=theme.danger if counter.spun_out else None,
        )
        x += px(CHIP + CHIP_GAP)
    if not lane.counters:
        draw_text(
            draw, (x, y + px(CHIP / 2)), "no counters yet", fnt=body, fill=theme.muted, anchor="lm"
        )


def draw_pool(
    draw: ImageDraw.ImageDraw, view: DragRageView, y: float, lay: Layout, theme: Theme
) -> float:
    """The shared counters 2-12: free ones white, used ones dim. Returns the y below it."""
    px = lay.px
    x0 = px(PANEL_X)
    draw_text(
        draw, (x0, y), "Free counters", fnt=font(px(BODY), bold=True), fill=theme.text, anchor="la"
    )
    y += px(30)
    per_row = int((PANEL_W + POOL_GAP) // (POOL_CHIP + POOL_GAP))
    fnt = font(px(22), bold=True)
    for i, value in enumerate(range(2, 13)):
        row, col = divmod(i, per_row)
        x = x0 + px(col * (POOL_CHIP + POOL_GAP))
        top = y + px(row * (POOL_CHIP + POOL_GAP))
        free = value in view.free_counters
        chip(
            draw,
            (x, top, x + px(POOL_CHIP), top + px(POOL_CHIP)),
            str(value),
            fill=theme.die if free else theme.surface,
            ink=theme.die_ink if free else theme.muted,
            fnt=fnt,
            outline=None if free else theme.faded,
        )
    rows = math.ceil(11 / per_row)
    return y + px(rows * (POOL_CHIP + POOL_GAP) + 6)


def draw_log(
    draw: ImageDraw.ImageDraw,
    view: DragRageView,
    y: float,
    bottom: float,
    lay: Layout,
    theme: Theme,
) -> float:
    """What just happened, newest last and bold; older lines drop off if the room runs out,
    the newest never. Returns the y below it."""
    px = lay.px
    x0 = px(PANEL_X)
    draw_text(
        draw, (x0, y), "What happened", fnt=font(px(BODY), bold=True), fill=theme.text, anchor="la"
    )
    y += px(30)
    entries = [e for e in (view.last[-4:] or (view.coin_flip,)) if e.strip()]
    room = px(PANEL_W)
    wrapped: list[list[str]] = []
    room_left = bottom - y
    for i, entry in enumerate(reversed(entries)):
        fnt = font(px(SMALL + 1), bold=i == 0)
        lines = wrap_text(entry, fnt, room, max_lines=4)
        needed = px(len(lines) * LINE_H + 4)
        if needed > room_left and wrapped:
            break
        wrapped.insert(0, lines)
        room_left -= needed
    for i, lines in enumerate(wrapped):
        newest = i == len(wrapped) - 1
        fnt = font(px(SMALL + 1), bold=newest)
        for line in lines:
            draw_text(
                draw,
                (x0, y),
                line,
                fnt=fnt,
                fill=theme.text if newest else theme.muted,
                anchor="la",
            )
            y += px(LINE_H)
        y += px(4)
    return y


def draw_key(draw: ImageDraw.ImageDraw, y: float, lay: Layout, theme: Theme) -> None:
    """What the symbols mean, one line each."""
    px = lay.px
    x0 = px(PANEL_X)
    fnt = font(px(SMALL))
    draw_text(draw, (x0, y), "Key", fnt=font(px(BODY), bold=True), fill=theme.text, anchor="la")
    y += px(30)
    icon = (x0, y, x0 + px(34), y + px(22))
    rows = (
        ("finish line: after space 22", "finish"),
        ("last move", "arrow"),
        ("spun out: still counts", "spun"),
        ("run-off: past 26, broken chute", "runoff"),
    )
    for text, kind in rows:
        ix0, iy0, ix1, iy1 = icon
        cy = (iy0 + iy1) / 2
        if kind == "finish":
            chequer(draw, (ix0, cy - px(5), ix1, cy + px(5)), theme)
        elif kind == "arrow":
            draw.line((ix0, cy, ix1 - px(10), cy), fill=theme.accent, width=max(3, round(px(5))))
            draw.polygon(
                [(ix1, cy), (ix1 - px(12), cy - px(8)), (ix1 - px(12), cy + px(8))],
                fill=theme.accent,
            )
        elif kind == "spun":
            side = iy1 - iy0 + px(4)
            strike(
                draw,
                (
                    ix0 + px(6),
                    cy - side / 2 + px(3),
                    ix0 + px(6) + side - px(6),
                    cy + side / 2 - px(3),
                ),
                fill=theme.danger,
                width=max(2, round(px(4))),
            )
        else:
            draw.rectangle((ix0, iy0, ix1, iy1), outline=theme.line, width=max(1, round(px(2))))
            hatch(draw, (ix0, iy0, ix1, iy1), theme.faded, px(9), max(1, round(px(2))))
        draw_text(draw, (ix1 + px(10), cy), text, fnt=fnt, fill=theme.muted, anchor="lm")
        icon = (ix0, iy0 + px(LINE_H + 2), ix1, iy1 + px(LINE_H + 2))
