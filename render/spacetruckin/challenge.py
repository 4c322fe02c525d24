"""The delivery challenge on a trucker's sheet: the boxes, the result and the bands it falls in
(drawn by `sheet.py` under the dice row)."""

from __future__ import annotations

from PIL import ImageDraw

from games.spacetruckin.data import (
    BANDS,
    TERRAIN_REWARDS,
    band_of,
)
from games.spacetruckin.view import SheetView, SpaceTruckinView
from render.palette import Theme
from render.shapes import draw_text, fit_text, rounded_box, text_width
from render.spacetruckin.common import (
    PAD,
    REWARD_LABELS,
    WIDTH,
    Px,
)

CHALLENGE_H = 254.0
BOX = 58.0
BOX_GAP = 8.0
BAND_SHORT = {
    "bridge": ("< 1", "Bridge damage"),
    "both": ("1-2", "both rewards"),
    "first": ("3-10", "first reward"),
    "one_hit": ("11-100", "1 consequence"),
    "two_hits": ("101+", "2 consequences"),
}


def draw_challenge(
    draw: ImageDraw.ImageDraw,
    view: SpaceTruckinView,
    sheet: SheetView,
    top: float,
    px: Px,
    theme: Theme,
) -> None:
    box = (px(PAD), px(top), px(WIDTH - PAD), px(top + CHALLENGE_H))
    rounded_box(draw, box, fill=theme.surface, outline=theme.line, width=2, radius=px(14))
    public = view.public
    spot = next((s for s in public.chart if s.status == "current"), None)
    title = "Challenge"
    if spot is not None and spot.terrain is not None:
        title = f"At {spot.letter}: {spot.terrain}"
    head = px.font(24, bold=True)
    draw_text(draw, (px(PAD + 14), px(top + 10)), title, fnt=head, fill=theme.text, anchor="la")
    digits = len(sheet.boxes) // 2
    filling = sheet.stage == "fill"
    values = [b.value for b in sheet.boxes]
    left = PAD + 90
    digit_font = px.font(36, bold=True)
    number_font = px.font(18, bold=True)
    for i in range(digits):
        cx = left + i * (BOX + BOX_GAP) + BOX / 2
        draw_text(draw, (px(cx), px(top + 56)), str(i + 1), fnt=number_font, fill=theme.muted)
    for row in range(2):
        y0 = top + 68 + row * (BOX + BOX_GAP)
        label = "TOP" if row == 0 else "− BOT"
        draw_text(
            draw,
            (px(left - 10), px(y0 + BOX / 2)),
            label,
            fnt=px.font(20, bold=True),
            fill=theme.muted,
            anchor="rm",
        )
        for i in range(digits):
            value = values[row * digits + i]
            x0 = left + i * (BOX + BOX_GAP)
            cell = (px(x0), px(y0), px(x0 + BOX), px(y0 + BOX))
            empty = value is None
            outline = theme.accent if empty and filling else theme.line
            rounded_box(draw, cell, fill=theme.surface_alt if empty else theme.die,
                        outline=outline, width=max(2, round(px(3))), radius=px(8))  # fmt: skip
            if not empty:
                draw_text(
                    draw,
                    ((cell[0] + cell[2]) / 2, (cell[1] + cell[3]) / 2),
                    str(value),
                    fnt=digit_font,
                    fill=theme.die_ink,
                )
    rule_y = top + 68 + 2 * BOX + BOX_GAP + 8
    right = left + digits * (BOX + BOX_GAP) - BOX_GAP
    draw.line((px(left), px(rule_y), px(right), px(rule_y)), fill=theme.text,
              width=max(2, round(px(3))))  # fmt: skip
    result, final = _result(sheet)
    result_text = "= ?" if result is None else f"= {result}"
    if result is not None and not final:
        result_text += " (if accepted)"
    draw_text(
        draw,
        (px(left), px(rule_y + 10)),
        result_text,
        fnt=px.font(28, bold=True),
        fill=theme.text,
        anchor="la",
    )
    band = band_of(result) if result is not None else None
    rewards = None
    if spot is not None and spot.terrain is not None:
        first, extra = TERRAIN_REWARDS[spot.terrain]
        rewards = (REWARD_LABELS[first], REWARD_LABELS[extra])
    _bands(draw, band, rewards, (px(right + 24), px(top + 60), px(WIDTH - PAD - 12)), px, theme)


def _result(sheet: SheetView) -> tuple[int | None, bool]:
    """The scored result, or the one the full boxes would give if accepted now."""
    if sheet.result is not None:
        return sheet.result, True
    values = [b.value for b in sheet.boxes]
    if not values or any(v is None for v in values):
        return None, False
    half = len(values) // 2
    top = int("".join(str(v) for v in values[:half]))
    bottom = int("".join(str(v) for v in values[half:]))
    return top - bottom, False


def _bands(
    draw: ImageDraw.ImageDraw,
    current: str | None,
    rewards: tuple[str, str] | None,
    area: tuple[float, float, float],
    px: Px,
    theme: Theme,
) -> None:
    """The five result bands, the one the result falls in filled; rewards named when known."""
    x0, y, x1 = area
    first, extra = rewards or ("", "")
    fnt_b, fnt = px.font(18, bold=True), px.font(18)
    row_h = px(30)
    offset = max(text_width(low, fnt_b) for low, _ in BAND_SHORT.values()) + px(10)
    for _, _, band in BANDS:
        low, text = BAND_SHORT[band]
        if band == "both" and first:
            text = f"{first} + {extra}"
        elif band == "first" and first:
            text = first
        on = band == current
        if on:
            rounded_box(draw, (x0 - px(6), y - px(2), x1, y + row_h - px(2)), fill=theme.accent,
                        radius=px(6))  # fmt: skip
        ink = theme.accent_ink if on else theme.text
        draw_text(draw, (x0, y + row_h / 2 - px(1)), low, fnt=fnt_b, fill=ink, anchor="lm")
        label = fit_text(text, fnt, x1 - x0 - offset)
        draw_text(
            draw,
            (x0 + offset, y + row_h / 2 - px(1)),
            label,
            fnt=fnt,
            fill=ink if on else theme.muted,
            anchor="lm",
        )
        y += row_h
