"""A trucker's private Space Truckin' sheet: next move, dice, challenge boxes, truck, pips.

Top to bottom: header (name, truck, captain, VP), the prompt card (what to do now, with its
dice), the captain-and-truck choice (first decision only), the challenge (delivery only), the
blueprint, and the system summary with a legend.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from games.spacetruckin.data import (
    BRIDGE_GRIDS,
    SYSTEM_LETTER,
    WIN_VP,
)
from games.spacetruckin.grid import placement_name
from games.spacetruckin.models import Place
from games.spacetruckin.view import SheetView, SpaceTruckinView
from render.encode import encode_png
from render.layers import Layer, layer, layered_canvas
from render.palette import DEFAULT_THEME, RGB, Theme
from render.shapes import Box, die_face, draw_text, fit_text, rounded_box, strike, text_width
from render.spacetruckin.challenge import CHALLENGE_H, draw_challenge
from render.spacetruckin.choice import choice_height, draw_choice, shows_choice
from render.spacetruckin.common import (
    PAD,
    SYSTEM_COLOURS,
    WIDTH,
    Px,
    star,
    tag,
    wrap,
)
from render.spacetruckin.grid import (
    GridLayout,
    draw_grid,
    draw_pip,
    grid_layout,
    letter_of,
    letter_of_picked,
    preview_cells,
    printed_grids_legend,
)
from render.spacetruckin.prompt import Prompt, prompt

HEADER_LINE_H = 24.0
SMALL_PX = 19
LINE_H = 32.0
DICE_ROW_H = 96.0
LEGEND_TOP = 92.0
"""The legend's top, below the summary's top (layout pixels)."""
SUMMARY_H = LEGEND_TOP + 3 * 32.0


@dataclass(frozen=True)
class SheetLayout:
    """Where each part of the sheet sits, in image pixels (tests use `grid` to find cells)."""

    width: float
    header_lines: tuple[str, ...]
    """Truck, captain and what the captain does, wrapped (never cut)."""
    prompt_top: float
    prompt_lines: tuple[tuple[str, bool], ...]
    """(line, is it the muted "To do here" note)."""
    prompt_h: float
    choice_top: float | None
    """The captain-and-truck choice (captains with powers, trucks drawn small), if shown."""
    challenge_top: float | None
    grid: GridLayout | None
    summary_top: float
    height: float


def sheet_layout(
    view: SpaceTruckinView, *, scale: float = 1.0, ask: Prompt | None = None
) -> SheetLayout:
    px = Px(scale)
    sheet = _sheet(view)
    ask = ask or prompt(view)
    width = px(WIDTH)
    inner = px(WIDTH - 2 * PAD - 28)
    body = px.font(24)
    lines = [(line, False) for text in ask.lines for line in wrap(text, body, inner)]
    if ask.todo:
        lines += [(line, True) for line in wrap(f"To do here: {ask.todo}", px.font(21), inner)]
    prompt_h = 62 + LINE_H * len(lines) + (DICE_ROW_H if ask.dice else 0) + 12
    header = tuple(wrap(_header_detail(sheet), px.font(SMALL_PX), px(WIDTH - 2 * PAD - 18))[:3])
    y = PAD + 40 + HEADER_LINE_H * len(header) + 8
    y = max(y, PAD + 64 + 8)
    prompt_top = y
    y += prompt_h + PAD
    choice_top = None
    if shows_choice(view):
        choice_top = y
        y += choice_height(sheet, px) + PAD
    challenge_top = None
    written = any(b.value is not None for b in sheet.boxes)
    if view.public.phase == "delivery" or (view.public.phase == "over" and written):
        challenge_top = y
        y += CHALLENGE_H + PAD
    grid = None
    if sheet.grid:
        grid = grid_layout(sheet, px, top=px(y), width=width)
        y = (grid.top + grid.height) / scale + 8
    summary_top = y
    height = y + (SUMMARY_H if sheet.truck is not None else 0) + PAD
    return SheetLayout(width, header, prompt_top, tuple(lines), prompt_h, choice_top,
                       challenge_top, grid, summary_top, height)  # fmt: skip


def render_sheet(
    view: SpaceTruckinView,
    *,
    preview: Place | Sequence[str] | None = None,
    system: str | None = None,
    pips: Sequence[str] = (),
    scale: float = 1.0,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    px = Px(scale)
    sheet = _sheet(view)
    ask = pip_prompt(system) if pips else prompt(view)
    layout = sheet_layout(view, scale=scale, ask=ask)
    height = px(layout.height)
    # The legend under the summary is the same on every sheet with a truck (only its height
    # moves with the parts above it): drawn once (`render/layers.py`), first, as it overlaps
    # nothing.
    legend = () if sheet.truck is None else (legend_layer(layout, px, height, theme),)
    img, draw = layered_canvas(layout.width, height, theme=theme, layers=legend)
    _header(draw, view, sheet, layout.header_lines, px, theme)
    shown = preview_cells(sheet, preview) if preview is not None else ()
    _prompt(draw, ask, layout, _preview_name(preview), px, theme)
    if layout.choice_top is not None:
        draw_choice(draw, sheet, layout.choice_top, px, theme)
    if layout.challenge_top is not None:
        draw_challenge(draw, view, sheet, layout.challenge_top, px, theme)
    if layout.grid is not None:
        letter = letter_of(system) or letter_of_picked(sheet)
        draw_grid(draw, layout.grid, sheet, px, theme, highlight=ask.highlight, preview=shown,
                  preview_letter=letter, pip_spots=pips, numbered=ask.numbered)  # fmt: skip
    _summary(draw, sheet, layout.summary_top, px, theme)
    return encode_png(img, theme=theme)


def pip_prompt(system: str | None) -> Prompt:
    """A whole system's preview: the piece drawn where it would go, rings where its pip may go."""
    lines = (
        f"Your {system or 'system'} would go on the yellow grids.",
        'Tap "Pip on …" below for a ringed grid to build it.',
    )
    return Prompt("act", lines)


def _preview_name(preview: Place | Sequence[str] | None) -> str | None:
    """How the banner names a preview: the notation the player types, or the cells."""
    if preview is None:
        return None
    if isinstance(preview, Place):
        return placement_name(preview.anchor, preview.rotation, preview.flip)
    return ", ".join(preview)


def _sheet(view: SpaceTruckinView) -> SheetView:
    if view.sheet is None:
        raise ValueError("no sheet in this view: render it from view(state, player_id)")
    return view.sheet


def _header_detail(sheet: SheetView) -> str:
    detail = " · ".join(str(v) for v in (sheet.truck, sheet.specialty) if v) or "no truck yet"
    if sheet.specialty_effect:
        detail += f": {sheet.specialty_effect}"
    return detail


def _header(
    draw: ImageDraw.ImageDraw,
    view: SpaceTruckinView,
    sheet: SheetView,
    lines: tuple[str, ...],
    px: Px,
    theme: Theme,
) -> None:
    names = {t.id: t.name for t in view.public.truckers}
    seat = next((i for i, t in enumerate(view.public.truckers) if t.id == sheet.player), 0)
    style = theme.player(seat)
    x, y = px(PAD), px(PAD)
    vp_font = px.font(30, bold=True)
    vp_text = f"{sheet.vp}/{WIN_VP} VP"
    right = px(WIDTH - PAD)
    draw_text(draw, (right, y + px(20)), vp_text, fnt=vp_font, fill=theme.text, anchor="rm")
    star_x = right - text_width(vp_text, vp_font) - px(22)
    star(draw, (star_x, y + px(20)), px(17), fill=theme.accent, outline=theme.accent_ink)
    name_font = px.font(30, bold=True)
    name = fit_text(names.get(sheet.player, "you"), name_font, star_x - x - px(60))
    bottom = y + px(40 + HEADER_LINE_H * len(lines) - 4)
    draw.rectangle((x, y + px(2), x + px(8), max(bottom, y + px(56))), fill=style.colour)
    draw_text(draw, (x + px(18), y), name, fnt=name_font, fill=theme.text, anchor="la")
    small = px.font(SMALL_PX)
    for i, line in enumerate(lines):
        draw_text(draw, (x + px(18), y + px(38 + HEADER_LINE_H * i)), line, fnt=small,
                  fill=theme.muted, anchor="la")  # fmt: skip


def _prompt(
    draw: ImageDraw.ImageDraw,
    ask: Prompt,
    layout: SheetLayout,
    preview: str | None,
    px: Px,
    theme: Theme,
) -> None:
    colours: dict[str, tuple[RGB, RGB]] = {
        "act": (theme.accent, theme.accent_ink),
        "wait": (theme.faded, theme.text),
        "out": (theme.danger, theme.text),
        "won": (theme.good, theme.text),
    }
    edge, ink = colours[ask.tone]
    y = layout.prompt_top
    box = (px(PAD), px(y), px(WIDTH - PAD), px(y + layout.prompt_h))
    rounded_box(draw, box, fill=theme.surface, outline=edge, width=max(3, round(px(4))),
                radius=px(14))  # fmt: skip
    x = px(PAD + 14)
    tag_box = tag(draw, (x, px(y + 12)), ask.tag, fnt=px.font(26, bold=True), fill=edge, ink=ink)
    if preview:
        note = f"preview: {preview}"
        draw_text(
            draw,
            (tag_box[2] + px(12), (tag_box[1] + tag_box[3]) / 2),
            note,
            fnt=px.font(20, bold=True),
            fill=theme.accent,
            anchor="lm",
        )
    ty = y + 58
    body, muted = px.font(24), px.font(21)
    for line, todo in layout.prompt_lines:
        draw_text(
            draw,
            (x, px(ty)),
            line,
            fnt=muted if todo else body,
            fill=theme.muted if todo else theme.text,
            anchor="la",
        )
        ty += LINE_H
    if ask.dice:
        _dice_row(draw, ask.dice, x, px(ty + 6), px, theme)


def _dice_row(
    draw: ImageDraw.ImageDraw,
    dice: tuple[tuple[int, str], ...],
    x: float,
    y: float,
    px: Px,
    theme: Theme,
) -> None:
    caption = px.font(20, bold=True)
    size = px(56)
    for face, label in dice:
        slot = max(size, text_width(label, caption)) + px(24)
        cx = x + slot / 2 - px(12)
        die_face(draw, (cx - size / 2, y, cx + size / 2, y + size), face, fill=theme.die,
                 ink=theme.die_ink, outline=theme.line)  # fmt: skip
        draw_text(draw, (cx, y + size + px(14)), label, fnt=caption, fill=theme.text)
        x += slot


def _summary(draw: ImageDraw.ImageDraw, sheet: SheetView, top: float, px: Px, theme: Theme) -> None:
    """Open pips per system, cargo, artifacts, bridge damage, and the symbol legend."""
    if sheet.truck is None:
        return
    chip_w = (WIDTH - 2 * PAD - 4 * 8) / 5
    number = px.font(26, bold=True)
    small = px.font(19)
    for i, (system, count) in enumerate(sheet.open_pips):
        x0 = PAD + i * (chip_w + 8)
        colour, ink = SYSTEM_COLOURS[system]
        box = (px(x0), px(top), px(x0 + chip_w), px(top + 44))
        rounded_box(draw, box, fill=theme.surface, outline=theme.line, width=2, radius=px(8))
        sq = (px(x0 + 6), px(top + 6), px(x0 + 38), px(top + 38))
        rounded_box(draw, sq, fill=colour, radius=px(5))
        draw_text(
            draw,
            ((sq[0] + sq[2]) / 2, (sq[1] + sq[3]) / 2),
            SYSTEM_LETTER[system],
            fnt=px.font(22, bold=True),
            fill=ink,
        )
        draw_text(
            draw, (px(x0 + 46), px(top + 22)), str(count), fnt=number, fill=theme.text, anchor="lm"
        )
        draw_pip(draw, (px(x0 + chip_w - 18), px(top + 22)), px(8), "open", ink=theme.muted)
    line = (
        f"Cargo loaded {sheet.cargo_loaded} · Artifacts {sheet.artifacts}"
        f" · Bridge damage {sheet.bridge_damage}/{BRIDGE_GRIDS}"
    )
    draw_text(draw, (px(PAD), px(top + 54)), line, fnt=small, fill=theme.text, anchor="la")


def legend_layer(layout: SheetLayout, px: Px, height: float, theme: Theme) -> Layer:
    """The symbol legend at the foot of the summary, as a static layer."""
    y = layout.summary_top + LEGEND_TOP
    return layer(_legend, y, px, theme, within=(0, px(y), layout.width, height))


def _legend(draw: ImageDraw.ImageDraw, y: float, px: Px, theme: Theme) -> None:
    """Three rows: pip states, damage and the Reactor zone; the printed grids; the systems."""
    fnt = px.font(19)
    x = px(PAD)
    cy = px(y + 14)
    r = px(9)
    for state, label in (("open", "open pip"), ("used", "used"), ("cargo", "cargo")):
        draw_pip(draw, (x + r, cy), r, state, ink=theme.text)
        draw_text(draw, (x + 2 * r + px(8), cy), label, fnt=fnt, fill=theme.muted, anchor="lm")
        x += 2 * r + px(8) + text_width(label, fnt) + px(18)
    mark: Box = (x, cy - r, x + 2 * r, cy + r)
    strike(draw, mark, fill=theme.danger, width=max(2, round(px(3))))
    draw_text(draw, (x + 2 * r + px(8), cy), "destroyed", fnt=fnt, fill=theme.muted, anchor="lm")
    x += 2 * r + px(8) + text_width("destroyed", fnt) + px(18)
    bar = (x, cy - px(3), x + px(26), cy + px(1))
    draw.rectangle(bar, fill=SYSTEM_COLOURS["Reactor"][0])
    draw_text(draw, (x + px(34), cy), "Reactor zone", fnt=fnt, fill=theme.muted, anchor="lm")
    # The printed grids: the bridge, and the outlined grids a system must cover.
    x, cy = px(PAD), cy + px(32)
    side = px(26)
    printed_grids_legend(draw, (x, cy), px, theme, fnt)
    # The systems by letter (the letter, not the colour, names a system).
    x, cy = px(PAD), cy + px(32)
    for system, letter in SYSTEM_LETTER.items():
        colour, ink = SYSTEM_COLOURS[system]
        box = (x, cy - side / 2, x + side, cy + side / 2)
        rounded_box(draw, box, fill=colour, radius=px(5))
        draw_text(draw, ((box[0] + box[2]) / 2, cy), letter, fnt=px.font(SMALL_PX, bold=True),
                  fill=ink)  # fmt: skip
        draw_text(draw, (x + side + px(6), cy), system, fnt=fnt, fill=theme.muted, anchor="lm")
        x += side + px(6) + text_width(system, fnt) + px(14)
