"""The move preview: the road zoomed on a planned move before the player confirms it.

It shows the mover's reach (every cell some legal end footprint covers, tinted), the path from
its footprint to where it would stop (a ghost there), where the player aimed if a hit stops it
short, and each warning (a ram and its dice, off-road and its wipeout check) as a numbered
badge on the road and a numbered line below.
"""

from __future__ import annotations

from dataclasses import replace

from PIL import ImageDraw

from render.encode import encode_png
from render.fonts import font
from render.palette import BLACK, DEFAULT_THEME, Theme, blend
from render.roadwolf.banner import banner_height, banner_lines, draw_banner
from render.roadwolf.layout import CELL, PAD, WIDTH, Grid, label_px, plan_rows
from render.roadwolf.pieces import arrow_head, dashed_line, draw_piece
from render.roadwolf.road import draw_cards, road_canvas
from render.roadwolf.scene import Plan, Rect, Scene
from render.shapes import draw_text, wrap_text
from render.toolkit import canvas

HINT_H = 34.0
LINE_H = 30.0


def preview_grid(scene: Scene, plan: Plan, *, scale: float = 1.0) -> Grid:
    lines = banner_lines(_sub(plan), scale)
    top = banner_height(len(lines), 0, scale) + HINT_H * scale
    first, last = plan_rows(plan)
    return Grid(first, last, PAD * scale, top, CELL * scale)


def _sub(plan: Plan) -> str:
    return "Not driven yet: confirm it, or pick another end point."


def render_plan(
    scene: Scene, plan: Plan, *, scale: float = 1.0, theme: Theme = DEFAULT_THEME
) -> bytes:
    s = scale
    label = label_px(s)
    grid = preview_grid(scene, plan, scale=s)
    body = font(label)
    notes = [f"{i}. {w.text}" for i, w in enumerate(plan.warnings, start=1)] or [
        "clear road: no ram, stays on the road"
    ]
    wrapped = [
        line for n in notes for line in wrap_text(n, body, (WIDTH - 2 * PAD) * s, max_lines=3)
    ]
    height = grid.top + grid.height + (PAD + LINE_H * (len(wrapped) + 1) + PAD) * s
    img, draw = canvas(WIDTH * s, height, theme=theme)
    title = plan.title or f"Vehicle {plan.letter}: planned move"
    draw_banner(draw, img.width, title, banner_lines(_sub(plan), s), (), s, theme, label)
    draw_text(draw, (img.width / 2, grid.top - HINT_H * s / 2),
              f"rows {grid.first}-{grid.last} · tinted: where it can end", fnt=body,
              fill=theme.muted)  # fmt: skip
    local = replace(grid, left=0.0, top=0.0)
    field_img, field_draw = road_canvas(local, theme, label, scene.roads, scene.track)
    _field(field_draw, local, scene, plan, theme, label)
    img.paste(field_img, (round(grid.left), round(grid.top)))
    y = grid.top + grid.height + PAD * s
    draw_text(draw, (PAD * s, y), "What this move does", fnt=font(label, bold=True),
              fill=theme.text, anchor="la")  # fmt: skip
    y += LINE_H * s
    for line in wrapped:
        draw_text(draw, (PAD * s, y), line, fnt=body, fill=theme.text, anchor="la")
        y += LINE_H * s
    return encode_png(img, theme=theme)


def _field(
    draw: ImageDraw.ImageDraw, grid: Grid, scene: Scene, plan: Plan, theme: Theme, label: float
) -> None:
    """Over the road zoomed on the plan, on an image of its own (so nothing spills out of it)."""
    tint = blend(theme.surface_alt, theme.accent, 1 / 3)
    for c, r in plan.reach:
        if grid.first <= r <= grid.last:
            draw.rectangle((grid.x(c) + 1, grid.y(r + 1) + 1, grid.x(c + 1) - 1, grid.y(r) - 1),
                           fill=tint)  # fmt: skip
    draw_cards(draw, grid, scene, theme, label)
    mover = next((p for p in scene.pieces if p.letter == plan.letter), None)
    a, b = grid.point(_front(plan.start)), grid.point(_front(plan.end))
    if mover is not None and plan.wanted != plan.end:
        # where the player aimed, faint and under the others: what stops the move stays seen
        draw_piece(draw, grid, mover, theme, label, rect=plan.wanted, ghost=True)
        dashed_line(draw, b, grid.point(_front(plan.wanted)), theme.muted, 3, 8.0)
    for piece in scene.pieces:
        if piece is not mover:
            draw_piece(draw, grid, piece, theme, label)
    if mover is not None:
        draw_piece(draw, grid, mover, theme, label, rect=plan.start)
        draw_piece(draw, grid, mover, theme, label, rect=plan.end, ghost=True)
    w = max(3, round(grid.cell / 7))
    if a != b:
        draw.line((a, b), fill=BLACK, width=w + 4)
        draw.line((a, b), fill=theme.accent, width=w)
        arrow_head(draw, a, b, theme.accent, grid.cell * 0.5)
    x1, y1, x2, y2 = grid.box(plan.end)
    draw.rectangle((x1, y1, x2, y2), outline=theme.accent, width=3)
    _badges(draw, grid, plan, theme, label)


def _front(rect: Rect) -> tuple[float, float]:
    """The front-centre reference point whose displacement a move measures (1.6)."""
    return (rect.x + rect.w / 2, rect.y + rect.h)


def _badges(draw: ImageDraw.ImageDraw, grid: Grid, plan: Plan, theme: Theme, label: float) -> None:
    r = label * 0.85
    fnt = font(label, bold=True)
    for i, warning in enumerate(plan.warnings, start=1):
        if warning.at is None or not grid.first <= warning.at[1] <= grid.last + 1:
            continue
        cx, cy = grid.point(warning.at)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.danger, outline=theme.text,
                     width=2)  # fmt: skip
        draw_text(draw, (cx, cy), str(i), fnt=fnt, fill=theme.text)
