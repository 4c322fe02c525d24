"""A side's private record sheet: each vehicle with its hidden crew and gear tokens.

Top: the prompt box (what this player must do now), framed in the accent exactly while they
must act; in play, the road around the action (the board's window: a player sees where their
move ended on their own panel, since the table gets a new board only when the turn passes);
then one card per vehicle (its footprint drawn small in the side's colour with its
letter, model and class, hits, crew and gear as named chips: crew round, gear square, used or
lost ones struck), then tokens bought but not placed yet.
"""

from __future__ import annotations

from dataclasses import replace

from PIL import ImageDraw

from render.encode import encode_png
from render.fonts import Font, font
from render.palette import DEFAULT_THEME, Theme
from render.roadwolf.board import field_canvas
from render.roadwolf.layout import CELL, PAD, WIDTH, Grid, focus_rows, label_px
from render.roadwolf.pieces import side_colour, side_ink
from render.roadwolf.scene import Sheet, Token, Vehicle
from render.shapes import draw_text, fit_text, strike, text_width, wrap_text
from render.toolkit import canvas

TITLE_H = 56.0
LINE_H = 30.0
CHIP_H = 38.0
CHIP_GAP = 8.0


def prompt_box(sheet: Sheet, *, scale: float = 1.0) -> tuple[float, float, float, float]:
    """The "what to do now" box; its frame is the sheet's turn marker."""
    lines = _prompt_lines(sheet, scale)
    top = TITLE_H * scale
    return (PAD * scale, top, (WIDTH - PAD) * scale, top + (20 + LINE_H * len(lines)) * scale)


def sheet_marker(sheet: Sheet, *, scale: float = 1.0) -> tuple[float, float]:
    x0, y0, _, y1 = prompt_box(sheet, scale=scale)
    return (x0 + 1, (y0 + y1) / 2)


def _prompt_lines(sheet: Sheet, scale: float) -> list[str]:
    """The prompt wrapped in the font it is drawn in (bold while it is this player's turn)."""
    fnt = font(label_px(scale), bold=sheet.active)
    return wrap_text(sheet.prompt, fnt, (WIDTH - 2 * PAD - 32) * scale, max_lines=3)


def _chip_rows(
    tokens: tuple[Token, ...], fnt: Font, width: float, scale: float
) -> list[list[tuple[Token, float]]]:
    rows: list[list[tuple[Token, float]]] = [[]]
    used = 0.0
    for t in tokens:
        w = min(width, text_width(_token_text(t), fnt) + (CHIP_H + 8) * scale)
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0.0
        rows[-1].append((t, w))
        used += w + CHIP_GAP * scale
    return [r for r in rows if r]


def _token_text(t: Token) -> str:
    return f"{t.name} (driving)" if t.driving else t.name


def _chip_room(scale: float) -> float:
    """Width for a vehicle's token chips: right of its small footprint."""
    return (WIDTH - 2 * PAD - 120) * scale


def _card_height(v: Vehicle, fnt: Font, scale: float) -> float:
    rows = _chip_rows(v.tokens, fnt, _chip_room(scale), scale)
    return (12 + 2 * LINE_H + max(1, len(rows)) * (CHIP_H + CHIP_GAP) + 8) * scale


def _road_grid(sheet: Sheet, top: float, scale: float) -> Grid | None:
    """Where the road window goes on the sheet (under the prompt), if the sheet has one."""
    if sheet.road is None:
        return None
    first, last = focus_rows(sheet.road)
    return Grid(first, last, PAD * scale, top, CELL * scale)


def render_sheet(sheet: Sheet, *, scale: float = 1.0, theme: Theme = DEFAULT_THEME) -> bytes:
    s = scale
    label = label_px(s)
    fnt = font(label)
    box = prompt_box(sheet, scale=s)
    cards = [_card_height(v, fnt, s) for v in sheet.vehicles]
    spare_rows = _chip_rows(sheet.spare, fnt, (WIDTH - 2 * PAD) * s, s) if sheet.spare else []
    grid = _road_grid(sheet, box[3] + PAD * s, s)
    road_h = grid.height + PAD * s if grid is not None else 0.0
    height = box[3] + PAD * s + road_h + sum(c + PAD * s for c in cards)
    height += (LINE_H + len(spare_rows) * (CHIP_H + CHIP_GAP)) * s if spare_rows else 0
    height += (LINE_H + PAD) * s
    img, draw = canvas(WIDTH * s, height, theme=theme)
    big = font(28 * s, bold=True)
    title = f"{sheet.side_name}: {sheet.name}'s sheet · {sheet.mission}"
    draw_text(draw, (PAD * s, 12 * s), fit_text(title, big, img.width - 2 * PAD * s), fnt=big,
              fill=theme.text, anchor="la")  # fmt: skip
    active = sheet.active
    draw.rectangle(box, fill=theme.surface, outline=theme.accent if active else theme.line,
                   width=5 if active else 2)  # fmt: skip
    for i, line in enumerate(_prompt_lines(sheet, s)):
        draw_text(draw, (box[0] + 14 * s, box[1] + (10 + LINE_H * i) * s), line,
                  fnt=font(label, bold=active), fill=theme.text, anchor="la")  # fmt: skip
    if grid is not None and sheet.road is not None:
        field, _ = field_canvas(replace(grid, left=0.0, top=0.0), sheet.road, theme, label)
        img.paste(field, (round(grid.left), round(grid.top)))
    y = box[3] + PAD * s + road_h
    for v, h in zip(sheet.vehicles, cards, strict=True):
        _vehicle_card(draw, (PAD * s, y, img.width - PAD * s, y + h), v, theme, label, s)
        y += h + PAD * s
    if spare_rows:
        draw_text(draw, (PAD * s, y), "Bought, not yet placed:", fnt=font(label, bold=True),
                  fill=theme.text, anchor="la")  # fmt: skip
        y += LINE_H * s
        for row in spare_rows:
            _chips(draw, (PAD * s, y), row, theme, label, s)
            y += (CHIP_H + CHIP_GAP) * s
    if sheet.budget:
        draw_text(draw, (PAD * s, y + 4 * s), sheet.budget, fnt=fnt, fill=theme.muted, anchor="la")
    return encode_png(img, theme=theme)


def _vehicle_card(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    v: Vehicle,
    theme: Theme,
    label: float,
    s: float,
) -> None:
    x0, y0, x1, y1 = box
    p = v.piece
    draw.rectangle(box, fill=theme.surface, outline=theme.accent if p.active else theme.line,
                   width=3 if p.active else 1)  # fmt: skip
    # The footprint, small: 1 cell = 22 px, in the side's colour with the letter.
    cell = 22 * s
    w = (p.rect.w if p.rect is not None else 2) * cell
    h = min((p.rect.h if p.rect is not None else 3) * cell, y1 - y0 - 20 * s)
    fx, fy = x0 + 12 * s + (2 * cell - w) / 2, y0 + 12 * s
    colour = side_colour(p.side, theme) if p.status != "wreck" else theme.faded
    draw.rounded_rectangle((fx, fy, fx + w, fy + h), radius=6, fill=colour, outline=theme.text,
                           width=2)  # fmt: skip
    draw_text(draw, (fx + w / 2, fy + h / 2), p.letter, fnt=font(max(label, 26 * s), bold=True),
              fill=side_ink(p.side, theme))  # fmt: skip
    tx = x0 + 110 * s
    room = x1 - tx - 10 * s
    bold = font(label, bold=True)
    draw_text(draw, (tx, y0 + 10 * s), fit_text(f"{p.letter} · {p.model} · {v.kind}", bold, room),
              fnt=bold, fill=theme.text, anchor="la")  # fmt: skip
    facts = [f"hits {p.damage}/{p.size}", f"crew {p.crew}/{p.capacity}"]
    if p.status != "ok":
        facts.append(p.note or p.status)
    elif p.note:
        facts.append(p.note)
    if p.active:
        facts.append(f"{p.actions_left} action{'s' if p.actions_left != 1 else ''} left")
    draw_text(draw, (tx, y0 + (10 + LINE_H) * s), fit_text(" · ".join(facts), font(label), room),
              fnt=font(label), fill=theme.muted, anchor="la")  # fmt: skip
    y = y0 + (12 + 2 * LINE_H) * s
    rows = _chip_rows(v.tokens, font(label), _chip_room(s), s)
    if not rows:
        draw_text(
            draw, (tx, y + 6 * s), "no tokens", fnt=font(label), fill=theme.muted, anchor="la"
        )
    for row in rows:
        _chips(draw, (tx, y), row, theme, label, s)
        y += (CHIP_H + CHIP_GAP) * s


def _chips(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    row: list[tuple[Token, float]],
    theme: Theme,
    label: float,
    s: float,
) -> None:
    """Named token chips: crew with a round mark, gear with a square one; used ones struck."""
    x, y = at
    fnt = font(label)
    h = CHIP_H * s
    for t, w in row:
        fill = theme.surface_alt
        draw.rounded_rectangle((x, y, x + w, y + h), radius=round(h / 2 if t.crew else 6),
                               fill=fill, outline=theme.text if t.driving else theme.line,
                               width=2)  # fmt: skip
        r = h * 0.25
        cx, cy = x + h / 2, y + h / 2
        if t.crew:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.good)
        else:
            draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=theme.accent)
        text = fit_text(_token_text(t), fnt, w - h - 6 * s)
        draw_text(draw, (x + h, cy), text, fnt=fnt, fill=theme.muted if t.used else theme.text,
                  anchor="lm")  # fmt: skip
        if t.used:
            strike(draw, (x + 4, y + 4, x + w - 4, y + h - 4), fill=theme.danger, width=2)
        x += w + CHIP_GAP * s
