"""The public Space Truckin' board: the step, who still owes a move, the star chart, the truckers.

Drawn from the public view only (`view(state, None).public`), so nothing private can leak.
Layout, top to bottom: step pills, the "waiting for" banner, the chart (A-D over E, Pirate
Space, F, G), then one row per trucker with a 20-segment VP track.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from games.spacetruckin.data import LOCATIONS, PIRATES_BEFORE, TERRAIN_BY_DIE, WIN_VP
from games.spacetruckin.view import ChartSpot, PublicView, TruckerSummary
from render.encode import encode_png
from render.palette import DEFAULT_THEME, Theme
from render.shapes import Box, die_face, draw_text, fit_text, rounded_box, strike, text_width, token
from render.spacetruckin.common import (
    PAD,
    STAGE_LABELS,
    WIDTH,
    Px,
    rewards_text,
    tag,
    vp_track,
    wrap,
)
from render.toolkit import canvas

STEPS = (("captain", "Captains"), ("chart", "Chart"), ("shipyard", "Shipyard"),
         ("delivery", "Delivery"))  # fmt: skip
PILLS_H = 50.0
CARD_H = 140.0
CARD_GAP = 10.0
ROW_H = 100.0
ROW_GAP = 8.0
CHART_HEAD_H = 40.0
CHART_H = CHART_HEAD_H + 2 * CARD_H + CARD_GAP


def render_public_board(
    public: PublicView, *, scale: float = 1.0, theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of the shared table: step, who must act, star chart, every trucker's VP and status."""
    px = Px(scale)
    layout = _layout(public, px)
    rows_h = len(public.truckers) * (ROW_H + ROW_GAP)
    height = layout.chart_top + CHART_H + PAD + rows_h + PAD
    img, draw = canvas(px(WIDTH), px(height), theme=theme)

    y = PAD
    _pills(draw, public, px, y, theme)
    y += PILLS_H
    _banner(draw, public, layout, px, y, theme)
    y = layout.chart_top
    _chart(draw, public, px, y, theme)
    y += CHART_H + PAD
    winners = public.outcome.winners if public.outcome is not None else ()
    for seat, trucker in enumerate(public.truckers):
        _trucker_row(draw, trucker, seat, trucker.id in winners, px, y, theme)
        y += ROW_H + ROW_GAP
    return encode_png(img, theme=theme)


@dataclass(frozen=True)
class _Layout:
    head: list[str]
    body: list[str]
    banner_h: float
    chart_top: float


def _layout(public: PublicView, px: Px) -> _Layout:
    """The banner's wrapped lines and height, and so where the chart starts (layout pixels)."""
    head_text, body_text = _banner_lines(public)
    inner = px(WIDTH - 2 * PAD - 24)
    head = [line for text in head_text for line in wrap(text, px.font(30, bold=True), inner)]
    body = [line for text in body_text for line in wrap(text, px.font(22), inner)]
    dice_h = 64.0 if public.phase == "chart" and public.chart_dice else 0.0
    banner_h = 20 + 40 * len(head) + 30 * len(body) + dice_h + 16
    return _Layout(head, body, banner_h, PAD + PILLS_H + banner_h + PAD)


def _names(public: PublicView) -> dict[int, str]:
    return {t.id: t.name for t in public.truckers}


def _banner_lines(public: PublicView) -> tuple[list[str], list[str]]:
    """(headline, detail): the outcome when over, otherwise who still owes a move and why."""
    names = _names(public)
    if public.outcome is not None:
        winners = [names.get(w, "?") for w in public.outcome.winners]
        head = f"{' & '.join(winners)} won!" if winners else "Game over: no winner"
        return [head], [public.outcome.reason]
    waiting = [names.get(p, "?") for p in public.waiting_for]
    head = "Waiting for: " + ", ".join(waiting) if waiting else "Nobody to wait for"
    detail = {
        "captain": "Everyone picks a captain's specialty and a truck.",
        "shipyard": "Everyone builds their truck at once (own dice).",
    }.get(public.phase, "")
    if public.phase == "chart":
        placer = names.get(public.chart_placer or -1, "?")
        if public.chart_dice:
            terrains = " or ".join(dict.fromkeys(TERRAIN_BY_DIE[d] for d in public.chart_dice))
            detail = f"{placer} charts a free location: {terrains}."
        else:
            detail = f"{placer} charts the last location with any terrain."
    elif public.phase == "delivery" and public.location is not None:
        spot = next((s for s in public.chart if s.letter == public.location), None)
        terrain = f" ({spot.terrain})" if spot is not None and spot.terrain else ""
        detail = f"Everyone still in plays location {public.location}{terrain}."
    return [head], [detail] if detail else []


def _pills(draw: ImageDraw.ImageDraw, public: PublicView, px: Px, y: float, theme: Theme) -> None:
    fnt = px.font(21, bold=True)
    width = (WIDTH - 2 * PAD - 3 * 8) / 4
    order = [key for key, _ in STEPS]
    current = order.index(public.phase) if public.phase in order else len(order)
    for i, (_, label) in enumerate(STEPS):
        x0 = PAD + i * (width + 8)
        box = (px(x0), px(y), px(x0 + width), px(y + PILLS_H - 10))
        if i == current:
            fill, ink = theme.accent, theme.accent_ink
        elif i < current:
            fill, ink = theme.surface_alt, theme.muted
        else:
            fill, ink = theme.surface, theme.muted
        rounded_box(draw, box, fill=fill, outline=theme.line, radius=px(10))
        text = f"{i} {label}" if i != 0 else label
        draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, fnt=fnt, fill=ink)


def _banner(
    draw: ImageDraw.ImageDraw,
    public: PublicView,
    layout: _Layout,
    px: Px,
    y: float,
    theme: Theme,
) -> None:
    over = public.outcome is not None
    box = (px(PAD), px(y), px(WIDTH - PAD), px(y + layout.banner_h))
    rounded_box(draw, box, fill=theme.surface, outline=theme.good if over else theme.accent,
                width=max(3, round(px(4))), radius=px(14))  # fmt: skip
    x, ty = px(PAD + 12), y + 16
    head_font, body_font = px.font(30, bold=True), px.font(22)
    for line in layout.head:
        draw_text(draw, (x, px(ty)), line, fnt=head_font, fill=theme.text, anchor="la")
        ty += 40
    for line in layout.body:
        draw_text(draw, (x, px(ty)), line, fnt=body_font, fill=theme.muted, anchor="la")
        ty += 30
    if public.phase == "chart" and public.chart_dice:
        for i, face in enumerate(public.chart_dice):
            x0 = PAD + 12 + i * 64
            die_face(draw, (px(x0), px(ty + 4), px(x0 + 52), px(ty + 56)), face,
                     fill=theme.die, ink=theme.die_ink, outline=theme.line)  # fmt: skip


def _chart_slots() -> list[tuple[str, float, float]]:
    """(letter or "pirates", column, row): A-D on top, then E, Pirate Space, F, G."""
    top = [(LOCATIONS[i], float(i), 0.0) for i in range(4)]
    bottom = [(LOCATIONS[4], 0.0, 1.0), ("pirates", 1.0, 1.0)]
    bottom += [(LOCATIONS[i], float(i - PIRATES_BEFORE + 2), 1.0) for i in range(5, 7)]
    return top + bottom


def banner_box(public: PublicView, *, scale: float = 1.0) -> Box:
    """Where the board draws the "waiting for" (or outcome) banner, in image pixels."""
    px = Px(scale)
    top = PAD + PILLS_H
    return (px(PAD), px(top), px(WIDTH - PAD), px(top + _layout(public, px).banner_h))


def trucker_row_box(public: PublicView, index: int, *, scale: float = 1.0) -> Box:
    """Where the board draws the `index`-th trucker's row (seat order), in image pixels."""
    px = Px(scale)
    top = _layout(public, px).chart_top + CHART_H + PAD + index * (ROW_H + ROW_GAP)
    return (px(PAD), px(top), px(WIDTH - PAD), px(top + ROW_H))


def chart_card_box(public: PublicView, letter: str, *, scale: float = 1.0) -> Box:
    """Where the board draws location `letter` (or "pirates"), in image pixels."""
    px = Px(scale)
    card_w = (WIDTH - 2 * PAD - 3 * CARD_GAP) / 4
    top = _layout(public, px).chart_top + CHART_HEAD_H
    for name, col, row in _chart_slots():
        if name == letter:
            x0 = PAD + col * (card_w + CARD_GAP)
            y0 = top + row * (CARD_H + CARD_GAP)
            return (px(x0), px(y0), px(x0 + card_w), px(y0 + CARD_H))
    raise ValueError(f"no chart slot {letter!r}; slots: A-G and pirates")


def _chart(draw: ImageDraw.ImageDraw, public: PublicView, px: Px, y: float, theme: Theme) -> None:
    title = "Star chart"
    if public.location is not None:
        title += f"  ·  now at {public.location}"
    draw_text(
        draw, (px(PAD), px(y)), title, fnt=px.font(26, bold=True), fill=theme.text, anchor="la"
    )
    y += CHART_HEAD_H
    card_w = (WIDTH - 2 * PAD - 3 * CARD_GAP) / 4
    spots = {s.letter: s for s in public.chart}
    for name, col, row in _chart_slots():
        x0 = PAD + col * (card_w + CARD_GAP)
        y0 = y + row * (CARD_H + CARD_GAP)
        box = (px(x0), px(y0), px(x0 + card_w), px(y0 + CARD_H))
        if name == "pirates":
            _pirate_card(draw, box, public, px, theme)
        else:
            _location_card(draw, box, spots[name], px, theme)


def _location_card(
    draw: ImageDraw.ImageDraw, box: Box, spot: ChartSpot, px: Px, theme: Theme
) -> None:
    current = spot.status == "current"
    done = spot.status == "done"
    fill = theme.surface_alt if done else theme.surface
    outline, width = (theme.accent, max(4, round(px(5)))) if current else (theme.line, 2)
    rounded_box(draw, box, fill=fill, outline=outline, width=width, radius=px(12))
    x0, y0, x1, _ = box
    cx, cy, r = x0 + px(26), y0 + px(26), px(19)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r),
                 fill=theme.accent if current else theme.faded if done else theme.surface_alt,
                 outline=theme.line)  # fmt: skip
    ink = theme.accent_ink if current else theme.text
    draw_text(draw, (cx, cy), spot.letter, fnt=px.font(24, bold=True), fill=ink)
    small = px.font(18, bold=True)
    if current:
        tag(draw, (x1 - px(8), y0 + px(10)), "HERE", fnt=small, fill=theme.accent,
            ink=theme.accent_ink, anchor="ra")  # fmt: skip
    elif done:
        draw_text(
            draw,
            (x1 - px(14), y0 + px(26)),
            "✓",
            fnt=px.font(26, bold=True),
            fill=theme.good,
            anchor="rm",
        )
    name_font = px.font(21, bold=True)
    text_ink = theme.muted if done else theme.text
    if spot.terrain is None:
        draw_text(
            draw,
            (x0 + px(10), y0 + px(56)),
            "not charted",
            fnt=px.font(20),
            fill=theme.muted,
            anchor="la",
        )
        return
    lines = wrap(spot.terrain, name_font, x1 - x0 - px(16))[:2]
    ty = y0 + px(52)
    for line in lines:
        draw_text(draw, (x0 + px(10), ty), line, fnt=name_font, fill=text_ink, anchor="la")
        ty += px(25)
    # Without spaces round the slash every pair fits the card whole ("cargo/artifact").
    rewards = fit_text(rewards_text(spot.terrain).replace(" / ", "/"), px.font(18),
                       x1 - x0 - px(16))  # fmt: skip
    draw_text(
        draw,
        (x0 + px(10), y0 + px(CARD_H - 28)),
        rewards,
        fnt=px.font(18),
        fill=theme.muted,
        anchor="la",
    )


def _pirate_card(
    draw: ImageDraw.ImageDraw, box: Box, public: PublicView, px: Px, theme: Theme
) -> None:
    x0, y0, x1, y1 = box
    rounded_box(draw, box, fill=theme.surface, outline=theme.danger, width=max(3, round(px(3))),
                radius=px(12))  # fmt: skip
    cx = (x0 + x1) / 2
    draw_text(draw, (cx, y0 + px(28)), "☠", fnt=px.font(34, bold=True), fill=theme.danger)
    draw_text(draw, (cx, y0 + px(64)), "PIRATE", fnt=px.font(20, bold=True), fill=theme.danger)
    draw_text(draw, (cx, y0 + px(88)), "SPACE", fnt=px.font(20, bold=True), fill=theme.danger)
    draw_text(draw, (cx, y1 - px(16)), "E → F", fnt=px.font(18), fill=theme.muted)


def _trucker_row(
    draw: ImageDraw.ImageDraw,
    trucker: TruckerSummary,
    seat: int,
    winner: bool,
    px: Px,
    y: float,
    theme: Theme,
) -> None:
    """One trucker: token, name, truck and captain, status tag, VP and the VP track.

    `winner` comes from the outcome: the last trucker standing wins without a "won" status.
    """
    style = theme.player(seat)
    owes = trucker.owes_action and trucker.status == "playing" and not winner
    box = (px(PAD), px(y), px(WIDTH - PAD), px(y + ROW_H))
    outline, width = (theme.accent, max(4, round(px(5)))) if owes else (theme.line, 2)
    lost = trucker.status == "lost"
    rounded_box(draw, box, fill=theme.surface_alt if lost else theme.surface, outline=outline,
                width=width, radius=px(12))  # fmt: skip
    x0, y0, x1, _ = box
    token(draw, (x0 + px(32), y0 + px(32)), px(20), shape=style.shape, fill=style.colour,
          outline=theme.line, mark=style.mark, ink=style.ink)  # fmt: skip
    small = px.font(20, bold=True)
    if trucker.status == "won" or winner:
        status, fill, ink = "WON", theme.good, theme.text
    elif lost:
        status, fill, ink = "OUT", theme.danger, theme.text
    elif owes:
        status, fill, ink = "TO ACT", theme.accent, theme.accent_ink
    else:
        status, fill, ink = STAGE_LABELS.get(trucker.stage, trucker.stage), theme.faded, theme.text
    tag_box = tag(draw, (x1 - px(10), y0 + px(12)), status, fnt=small, fill=fill, ink=ink,
                  anchor="ra")  # fmt: skip
    name_font = px.font(26, bold=True)
    name = fit_text(trucker.name, name_font, tag_box[0] - x0 - px(76))
    draw_text(draw, (x0 + px(62), y0 + px(14)), name, fnt=name_font, fill=theme.text, anchor="la")
    if lost:
        strike_y = y0 + px(30)
        draw.line((x0 + px(60), strike_y, x0 + px(66) + text_width(name, name_font), strike_y),
                  fill=theme.danger, width=max(2, round(px(3))))  # fmt: skip
    detail = " · ".join(str(v) for v in (trucker.truck, trucker.specialty) if v) or "no truck yet"
    vp_font = px.font(26, bold=True)
    vp_text = f"{trucker.vp}/{WIN_VP} VP"
    vp_w = text_width(vp_text, vp_font)
    draw_text(
        draw,
        (x0 + px(62), y0 + px(48)),
        fit_text(detail, px.font(20), x1 - x0 - vp_w - px(90)),
        fnt=px.font(20),
        fill=theme.muted,
        anchor="la",
    )
    draw_text(draw, (x1 - px(10), y0 + px(46)), vp_text, fnt=vp_font, fill=theme.text, anchor="ra")
    vp_track(draw, (x0 + px(12), y0 + px(78), x1 - px(12), y0 + px(90)), trucker.vp, WIN_VP,
             fill=theme.accent, theme=theme)  # fmt: skip
    if lost:
        strike(draw, (x0 + px(16), y0 + px(16), x0 + px(48), y0 + px(48)), fill=theme.danger,
               width=max(2, round(px(4))))  # fmt: skip
