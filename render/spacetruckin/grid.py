"""The truck blueprint of a Space Truckin' sheet: hull, systems, pips, damage and previews.

Every system cell carries its letter (R Q E W C) as well as its colour, pips differ by shape
(open ring, used ring with a slash, cargo diamond) and damage is an X, so the sheet reads in
greyscale. Coordinates match the game's notation: column letters on top, 1-based rows at the
sides, bow at the top.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from games.spacetruckin.data import CENTERLINE_REACH, SYSTEM_LETTER, System
from games.spacetruckin.grid import cell_name, parse_cell, spot_cells
from games.spacetruckin.models import Place
from games.spacetruckin.view import CellView, SheetView
from render.fonts import Font
from render.palette import RGB, Theme, blend
from render.shapes import Box, draw_text, strike, text_width
from render.spacetruckin.common import SYSTEM_BY_LETTER, SYSTEM_COLOURS, Px

CELL_MAX = 50.0
LABEL_W = 30.0
LABEL_H = 30.0


@dataclass(frozen=True)
class GridLayout:
    """Pixel geometry of the blueprint: `left`/`top` is the corner of cell A1."""

    left: float
    top: float
    cell: float
    columns: int
    rows: int

    @property
    def width(self) -> float:
        return self.cell * self.columns

    @property
    def height(self) -> float:
        return self.cell * self.rows

    def box(self, row: int, col: int) -> Box:
        x0, y0 = self.left + col * self.cell, self.top + row * self.cell
        return (x0, y0, x0 + self.cell, y0 + self.cell)

    def box_of(self, name: str) -> Box:
        """The pixel box of a cell written in the game's notation ("B4")."""
        cell = parse_cell(name)
        if cell is None:
            raise ValueError(f"{name!r} is not a grid name like B4")
        return self.box(*cell)


def grid_layout(sheet: SheetView, px: Px, *, top: float, width: float) -> GridLayout:
    """Cells as large as fit `width` (labels on both sides), centred; `top` in image pixels."""
    rows, columns = len(sheet.grid), len(sheet.columns)
    label_w, label_h = px(LABEL_W), px(LABEL_H)
    cell = min(px(CELL_MAX), (width - 2 * label_w) / max(1, columns))
    left = (width - cell * columns) / 2
    return GridLayout(left=left, top=top + label_h, cell=cell, columns=columns, rows=rows)


def preview_cells(sheet: SheetView, preview: Place | Sequence[str]) -> tuple[str, ...]:
    """Cell names a preview covers: a `Place` of the picked shape, or names given directly."""
    if isinstance(preview, Place):
        if sheet.picked is None:
            raise ValueError("a Place preview needs a picked shape; pass cell names instead")
        shape = sheet.picked.split("/")[1]
        anchor = parse_cell(preview.anchor)
        if anchor is None:
            raise ValueError(f"{preview.anchor!r} is not a grid name like B4")
        cells = spot_cells(anchor, shape, preview.rotation, preview.flip)  # type: ignore[arg-type]
        return tuple(cell_name(c) for c in cells)
    if isinstance(preview, str):
        raise TypeError("give the preview as a Place or a list of cell names, not one string")
    return tuple(preview)


def draw_grid(
    draw: ImageDraw.ImageDraw,
    layout: GridLayout,
    sheet: SheetView,
    px: Px,
    theme: Theme,
    *,
    highlight: Collection[str] = (),
    preview: Collection[str] = (),
    preview_letter: str | None = None,
    pip_spots: Collection[str] = (),
    numbered: bool = False,
) -> None:
    """The whole blueprint: labels, hull, systems, pips, damage, then highlights and preview.

    `numbered` badges each live piece with its number, for choices that name pieces;
    `pip_spots`: preview cells that could take the new system's pip, each shown an open ring.
    """
    _labels(draw, layout, sheet, px, theme)
    owner: dict[tuple[int, int], int | None] = {}
    for r, row in enumerate(sheet.grid):
        for c, cell in enumerate(row):
            owner[(r, c)] = cell.piece
            _cell(draw, layout.box(r, c), cell, theme)
    _piece_edges(draw, layout, owner, theme)
    for r, row in enumerate(sheet.grid):
        for c, cell in enumerate(row):
            _cell_marks(draw, layout.box(r, c), cell, px, theme)
    _outline(draw, layout, highlight, theme)
    if numbered:
        _numbers(draw, layout, sheet, px, theme)
    _preview(draw, layout, sheet, preview, preview_letter, px, theme, pip_spots)


def _outline(
    draw: ImageDraw.ImageDraw, layout: GridLayout, names: Collection[str], theme: Theme
) -> None:
    """A thick accent line around each group of `names` cells (outer edges only)."""
    cells = {c for c in (parse_cell(n) for n in names) if c is not None}
    width = max(4, round(layout.cell / 8))
    half = width // 2
    for r, c in cells:
        x0, y0, x1, y1 = layout.box(r, c)
        if (r - 1, c) not in cells:
            draw.line((x0, y0 + half, x1, y0 + half), fill=theme.accent, width=width)
        if (r + 1, c) not in cells:
            draw.line((x0, y1 - half, x1, y1 - half), fill=theme.accent, width=width)
        if (r, c - 1) not in cells:
            draw.line((x0 + half, y0, x0 + half, y1), fill=theme.accent, width=width)
        if (r, c + 1) not in cells:
            draw.line((x1 - half, y0, x1 - half, y1), fill=theme.accent, width=width)


def _numbers(
    draw: ImageDraw.ImageDraw, layout: GridLayout, sheet: SheetView, px: Px, theme: Theme
) -> None:
    """The piece number in a light disc over the letter of the piece's first cell."""
    fnt = px.font(layout.cell / px(1) * 0.32, bold=True)
    for piece in sheet.pieces:
        if piece.damaged or not piece.cells:
            continue
        x0, y0, x1, y1 = layout.box_of(piece.cells[0])
        size = x1 - x0
        has_pip = parse_cell(piece.cells[0]) in _pip_cells(sheet)
        cx, cy, r = x0 + size * (0.3 if has_pip else 0.5), (y0 + y1) / 2, size * 0.27
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.text, outline=theme.background,
                     width=2)  # fmt: skip
        draw_text(draw, (cx, cy), str(piece.id), fnt=fnt, fill=theme.background)


def _pip_cells(sheet: SheetView) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(sheet.grid) for c, cell in enumerate(row) if cell.pip}


def _labels(
    draw: ImageDraw.ImageDraw, layout: GridLayout, sheet: SheetView, px: Px, theme: Theme
) -> None:
    fnt = px.font(min(22, layout.cell / px(1) * 0.44), bold=True)
    centre = layout.columns // 2
    reactor_ink, _ = SYSTEM_COLOURS["Reactor"]
    for c, letter in enumerate(sheet.columns):
        x0, y0, x1, _ = layout.box(0, c)
        zone = abs(c - centre) <= CENTERLINE_REACH
        cy = y0 - px(LABEL_H) / 2 - px(2)
        draw_text(
            draw, ((x0 + x1) / 2, cy), letter, fnt=fnt, fill=reactor_ink if zone else theme.muted
        )
        if zone:
            # The Reactor zone is marked where players look up the column: an orange bar.
            draw.rectangle((x0 + 2, y0 - px(5), x1 - 2, y0 - px(2)), fill=reactor_ink)
    for r in range(layout.rows):
        _, y0, _, y1 = layout.box(r, 0)
        cy = (y0 + y1) / 2
        draw_text(
            draw, (layout.left - px(6), cy), str(r + 1), fnt=fnt, fill=theme.muted, anchor="rm"
        )
        draw_text(
            draw,
            (layout.left + layout.width + px(6), cy),
            str(r + 1),
            fnt=fnt,
            fill=theme.muted,
            anchor="lm",
        )


def _fill_of(cell: CellView, theme: Theme) -> RGB | None:
    if cell.hull == "outside":
        return None
    if cell.letter is not None:
        if cell.damaged:
            return theme.faded
        return SYSTEM_COLOURS[SYSTEM_BY_LETTER[cell.letter]][0]
    if cell.hull == "bridge":
        return theme.surface_alt
    return theme.surface


def _cell(draw: ImageDraw.ImageDraw, box: Box, cell: CellView, theme: Theme) -> None:
    fill = _fill_of(cell, theme)
    if fill is None:
        return
    # Piece cells get no grid line: only the seams between pieces show, so shapes read whole.
    outline = None if cell.piece is not None else theme.line
    draw.rectangle(box, fill=fill, outline=outline, width=1)


def _piece_edges(
    draw: ImageDraw.ImageDraw,
    layout: GridLayout,
    owner: dict[tuple[int, int], int | None],
    theme: Theme,
) -> None:
    """Thick dark seams where a piece meets anything else, so each tetromino reads as one."""
    width = max(3, round(layout.cell / 9))
    for (r, c), piece in owner.items():
        if piece is None:
            continue
        x0, y0, x1, y1 = layout.box(r, c)
        sides = (
            ((r - 1, c), (x0, y0, x1, y0)),
            ((r + 1, c), (x0, y1, x1, y1)),
            ((r, c - 1), (x0, y0, x0, y1)),
            ((r, c + 1), (x1, y0, x1, y1)),
        )
        for near, line in sides:
            if owner.get(near) != piece:
                draw.line(line, fill=theme.background, width=width)


def _cell_marks(draw: ImageDraw.ImageDraw, box: Box, cell: CellView, px: Px, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    size = x1 - x0
    cy = (y0 + y1) / 2
    letter_font = px.font(size / px(1) * 0.46, bold=True)
    if cell.letter is not None:
        _, ink = SYSTEM_COLOURS[SYSTEM_BY_LETTER[cell.letter]]
        if cell.damaged:
            ink = theme.muted
        lx = x0 + size * (0.3 if cell.pip else 0.5)
        draw_text(draw, (lx, cy), cell.letter, fnt=letter_font, fill=ink)
        if cell.pip is not None:
            draw_pip(draw, (x0 + size * 0.7, cy), size * 0.17, cell.pip, ink=ink)
    elif cell.hull == "bridge":
        draw_text(draw, ((x0 + x1) / 2, cy), "B", fnt=letter_font, fill=theme.text)
    elif cell.hull in ("engine_required", "weapon_required"):
        system: System = "Engine" if cell.hull == "engine_required" else "Weapons"
        colour, _ = SYSTEM_COLOURS[system]
        ring = max(3, round(size / 12))
        draw.rectangle((x0 + ring, y0 + ring, x1 - ring, y1 - ring), outline=colour, width=ring)
        draw_text(
            draw,
            ((x0 + x1) / 2, cy),
            SYSTEM_LETTER[system],
            fnt=letter_font,
            fill=blend(theme.surface, colour, 2 / 3),
        )
    if cell.damaged:
        pad = size * 0.12
        strike(draw, (x0 + pad, y0 + pad, x1 - pad, y1 - pad), fill=theme.danger,
               width=max(3, round(size / 12)))  # fmt: skip


def draw_pip(
    draw: ImageDraw.ImageDraw, center: tuple[float, float], radius: float, state: str, *, ink: RGB
) -> None:
    """open: a ring; used: a ring with a slash through it; cargo: a solid diamond."""
    cx, cy = center
    width = max(2, round(radius / 3.2))
    if state == "cargo":
        r = radius * 1.25
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=ink)
        return
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), outline=ink, width=width)
    if state == "used":
        r = radius * 1.25
        draw.line((cx - r, cy + r, cx + r, cy - r), fill=ink, width=width + 1)


def _preview(
    draw: ImageDraw.ImageDraw,
    layout: GridLayout,
    sheet: SheetView,
    cells: Collection[str],
    letter: str | None,
    px: Px,
    theme: Theme,
    pip_spots: Collection[str] = (),
) -> None:
    """Candidate cells in the accent colour; any cell it could not take is struck in red; an
    open ring beside the letter where the new system's pip may go (`pip_spots`)."""
    width = max(3, round(layout.cell / 9))
    for name in cells:
        cell = parse_cell(name)
        if cell is None or not (0 <= cell[0] < layout.rows and 0 <= cell[1] < layout.columns):
            continue
        view = sheet.grid[cell[0]][cell[1]]
        x0, y0, x1, y1 = layout.box(*cell)
        blocked = view.hull in ("outside", "bridge") or view.piece is not None
        draw.rectangle((x0, y0, x1, y1), fill=theme.accent, outline=theme.accent_ink, width=width)
        mark = letter or ""
        size, cy = x1 - x0, (y0 + y1) / 2
        if name in pip_spots:
            draw_pip(draw, (x0 + size * 0.7, cy), size * 0.17, "open", ink=theme.accent_ink)
        if mark:
            fnt = px.font(layout.cell / px(1) * 0.5, bold=True)
            lx = x0 + size * (0.3 if name in pip_spots else 0.5)
            draw_text(draw, (lx, cy), mark, fnt=fnt, fill=theme.accent_ink)
        if blocked:
            pad = layout.cell * 0.12
            strike(draw, (x0 + pad, y0 + pad, x1 - pad, y1 - pad), fill=theme.danger,
                   width=width)  # fmt: skip


def letter_of_picked(sheet: SheetView) -> str | None:
    """The system letter of the picked piece ("Reactor/I" -> "R"), for the preview cells."""
    if sheet.picked is None:
        return None
    return letter_of(sheet.picked.split("/")[0])


def letter_of(system: str | None) -> str | None:
    """A system's letter ("Reactor" -> "R"); None for no system or an unknown one."""
    return next((letter for s, letter in SYSTEM_LETTER.items() if s == system), None)


def printed_grids_legend(
    draw: ImageDraw.ImageDraw, start: tuple[float, float], px: Px, theme: Theme, fnt: Font
) -> None:
    """One legend row from `start` (left, middle): the bridge and the outlined grids that the
    Engine and Weapons must cover, drawn as the blueprint draws them."""
    x, cy = start
    side = px(26)
    for kind, label in (("B", "bridge"), ("E", "Engine must cover"),
                        ("W", "Weapons must cover")):  # fmt: skip
        box = (x, cy - side / 2, x + side, cy + side / 2)
        if kind == "B":
            draw.rectangle(box, fill=theme.surface_alt, outline=theme.line)
            ink = theme.text
        else:
            colour = SYSTEM_COLOURS["Engine" if kind == "E" else "Weapons"][0]
            draw.rectangle(box, fill=theme.surface, outline=colour, width=max(2, round(px(3))))
            ink = blend(theme.surface, colour, 2 / 3)
        draw_text(draw, ((box[0] + box[2]) / 2, cy), kind, fnt=px.font(19, bold=True), fill=ink)
        draw_text(draw, (x + side + px(8), cy), label, fnt=fnt, fill=theme.muted, anchor="lm")
        x += side + px(8) + text_width(label, fnt) + px(16)
