"""The Road Wolf public board: banner, the road around the action (or all of it), a roster.

Layout, top to bottom: the banner (mission, round, whose turn and what to do, the score, one
chip per player lit while they must act); a line saying which rows are shown; the road, END at
the top, with its cards, every vehicle and wreck, and the last moves; a strip naming vehicles
ahead of or behind the window; one roster line per vehicle (model, owner, hits, crew, gear,
state). `render_roadwolf_board(view, whole_road=True)` draws all 48 rows.
"""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageDraw

from render.encode import encode_png
from render.fonts import font
from render.palette import BLACK, DEFAULT_THEME, Theme
from render.roadwolf.banner import banner_height, banner_lines, chip_box, chips_top, draw_banner
from render.roadwolf.layout import CELL, PAD, WIDTH, Grid, focus_rows, label_px
from render.roadwolf.pieces import draw_piece, draw_trace, side_colour, side_ink
from render.roadwolf.road import draw_cards, road_canvas
from render.roadwolf.scene import ROWS, Piece, Scene
from render.shapes import draw_text, fit_text, text_width, token
from render.toolkit import canvas

NOBODY = -1
"""The roster heading over pieces no side drives (civilians, enemies, an unheld train car)."""
HINT_H = 34.0
LINE_H = 32.0
STATE_WORDS = {"ok": "", "immobilized": "immobilized", "abandoned": "abandoned", "wreck": "wreck",
               "gone": "off the board"}  # fmt: skip


def board_grid(scene: Scene, *, scale: float = 1.0, whole_road: bool = False) -> Grid:
    """Where the board puts the road (tests use it to find pixels)."""
    first, last = (0, ROWS - 1) if whole_road else focus_rows(scene)
    top = _banner_h(scene, scale) + HINT_H * scale
    return Grid(first, last, PAD * scale, top, CELL * scale)


def seat_marker(scene: Scene, index: int, *, scale: float = 1.0) -> tuple[float, float]:
    """A pixel of seat `index`'s turn marker: lit in the accent exactly while they must act."""
    x0, y0, _, y1 = chip_box(index, chips_top(len(_lines(scene, scale)), scale), scale)
    return (x0 + 1, (y0 + y1) / 2)


def render_scene(
    scene: Scene, *, scale: float = 1.0, whole_road: bool = False, theme: Theme = DEFAULT_THEME
) -> bytes:
    grid = board_grid(scene, scale=scale, whole_road=whole_road)
    label = label_px(scale)
    roster = _roster(scene)
    height = grid.top + grid.height + (PAD + LINE_H * len(roster) + PAD) * scale
    img, draw = canvas(WIDTH * scale, height, theme=theme)
    lines = _lines(scene, scale)
    draw_banner(draw, img.width, _title(scene), lines, scene.seats, scale, theme, label)
    whole = grid.first == 0 and grid.last == ROWS - 1
    shown = "the whole road" if whole else f"rows {grid.first}-{grid.last} of 0-{ROWS - 1}"
    shown += " · END at the top · 4 rows = 1 stick"
    if scene.deck_left is not None and not scene.finished:
        shown += f" · deck {scene.deck_left}"
    draw_text(draw, (img.width / 2, grid.top - HINT_H * scale / 2), shown,
              fnt=font(label), fill=theme.muted)  # fmt: skip
    road, _ = field_canvas(replace(grid, left=0.0, top=0.0), scene, theme, label)
    img.paste(road, (round(grid.left), round(grid.top)))
    y = grid.top + grid.height + PAD * scale
    long = any(isinstance(e, Piece) and len(e.letter) > 2 for e in roster)
    chip = label * 1.3 * (2.1 if long else 1.6)  # A10…F12 (three or more sides) need more room
    for entry in roster:
        at, room = (PAD * scale, y), img.width - 2 * PAD * scale
        if isinstance(entry, Piece):
            _roster_line(draw, at, room, entry, theme, label, chip)
        else:
            _side_line(draw, at, room, scene, entry, theme, label)
        y += LINE_H * scale
    return encode_png(img, theme=theme)


def field_canvas(
    grid: Grid, scene: Scene, theme: Theme, label: float
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """The road with its cards, vehicles and traces, on an image of its own (clipped; `grid`
    from its top-left corner), the road from the static-layer cache (`road_canvas`)."""
    img, draw = road_canvas(grid, theme, label, scene.roads, scene.track)
    draw_cards(draw, grid, scene, theme, label)
    for trace in scene.traces:
        draw_trace(draw, grid, trace, theme, under=True)
    over = [p.rect for p in scene.pieces if p.rect is not None and p.status != "wreck"]
    for piece in sorted(scene.pieces, key=lambda p: (p.status != "wreck", p.active)):
        draw_piece(draw, grid, piece, theme, label, covered=over)
    for trace in scene.traces:
        draw_trace(draw, grid, trace, theme, under=False)
    _beyond(draw, grid, scene, theme, label)
    return img, draw


def _title(scene: Scene) -> str:
    return f"{scene.mission} · round {scene.round}" if scene.round else scene.mission


def _lines(scene: Scene, scale: float) -> list[str]:
    text = scene.headline + (f". Score: {scene.score}" if scene.score else "")
    return banner_lines(text, scale)


def _banner_h(scene: Scene, scale: float) -> float:
    return banner_height(len(_lines(scene, scale)), len(scene.seats), scale)


def _roster(scene: Scene) -> list[Piece | int]:
    """Each side's heading (its index), then its vehicles by letter."""
    entries: list[Piece | int] = []
    for side in range(len(scene.sides)):
        entries.append(side)
        own: list[Piece] = sorted(
            (p for p in scene.pieces if p.side == side), key=lambda p: letter_order(p.letter)
        )
        entries.extend(own)
    neutral = sorted((p for p in scene.pieces if p.side < 0), key=lambda p: letter_order(p.letter))
    return [*entries, *([NOBODY] if neutral else []), *neutral]


def letter_order(letter: str) -> tuple[str, int]:
    """Letters in reading order: A, B … N, N2; A1, A2 … A10; M1 … M10 (not A1, A10, A2)."""
    head = letter.rstrip("0123456789")
    tail = letter[len(head) :]
    return (head, int(tail) if tail else 0)


def _side_line(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    width: float,
    scene: Scene,
    side: int,
    theme: Theme,
    label: float,
) -> None:
    """A side's heading in the roster: its token, name and players."""
    x, y = at
    h = label * 1.3
    if side == NOBODY:
        fnt = font(label, bold=True)
        token(draw, (x + h / 2, y + h / 2), h * 0.45, shape="circle", fill=theme.muted,
              outline=BLACK, width=2)  # fmt: skip
        draw_text(draw, (x + h + 10, y + h / 2), "Nobody's pieces", fnt=fnt,
                  fill=theme.text, anchor="lm")  # fmt: skip
        return
    style = theme.player(side)
    token(draw, (x + h / 2, y + h / 2), h * 0.45, shape=style.shape, fill=style.colour,
          outline=style.ink, width=2)  # fmt: skip
    players = ", ".join(seat.name for seat in scene.seats if seat.side == side)
    text = scene.sides[side] + (f": {players}" if players else "")
    fnt = font(label, bold=True)
    draw_text(draw, (x + h + 10, y + h / 2), fit_text(text, fnt, width - h - 10), fnt=fnt,
              fill=theme.text, anchor="lm")  # fmt: skip


def _beyond(
    draw: ImageDraw.ImageDraw, grid: Grid, scene: Scene, theme: Theme, label: float
) -> None:
    """Vehicles above or below the window, named on a strip at that edge."""
    ahead = [p.letter for p in scene.pieces if p.rect is not None and p.rect.y > grid.last]
    behind = [p.letter for p in scene.pieces if p.rect is not None and p.rect.top < grid.first]
    fnt = font(label, bold=True)
    edges = (
        (ahead, grid.y(grid.last + 1), "\u2191 ahead"),
        (behind, grid.y(grid.first) - label * 1.5, "\u2193 behind"),
    )
    for letters, y, arrow in edges:
        if not letters:
            continue
        text = f"{arrow}: {', '.join(sorted(letters))}"
        w = text_width(text, fnt) + 16
        x0 = grid.x(0) + 4
        draw.rectangle((x0, y + 2, x0 + w, y + label * 1.5 - 2), fill=theme.background,
                       outline=theme.line)  # fmt: skip
        draw_text(draw, (x0 + 8, y + label * 0.75), text, fnt=fnt, fill=theme.text, anchor="lm")


def _roster_line(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    width: float,
    piece: Piece,
    theme: Theme,
    label: float,
    w: float,
) -> None:
    """`w`: the letter chip's width, the same on every line (two-character letters M1, N2, A1
    fit 1.6 line heights; three-character A10 get 2.1)."""
    x, y = at
    h = label * 1.3
    colour = side_colour(piece.side, theme)
    draw.rounded_rectangle((x, y, x + w, y + h), radius=4, fill=colour, outline=theme.text,
                           width=3 if piece.active else 1)  # fmt: skip
    draw_text(draw, (x + w / 2, y + h / 2), piece.letter, fnt=font(label, bold=True),
              fill=side_ink(piece.side, theme))  # fmt: skip
    state = piece.note or STATE_WORDS[piece.status]
    train = piece.tag in ("engine", "gondola")  # DERAILED (line 216): "indestructible"
    parts = [piece.model, "indestructible" if train else f"hits {piece.damage}/{piece.size}"]
    if piece.tag and piece.tag != piece.model.lower():
        parts.insert(1, piece.tag)
    if piece.tag == "gondola":  # line 216: "can hold any number of crew"
        parts.extend((f"crew {piece.crew}", f"gear {piece.gear}"))
    elif piece.status not in ("wreck", "gone"):
        parts.append(f"crew {piece.crew}/{piece.capacity}")
        parts.append(f"gear {piece.gear}")
    if state:
        parts.append(state)
    if piece.active:
        parts.append(f"{piece.actions_left} action{'s' if piece.actions_left != 1 else ''} left")
    fnt = font(label, bold=piece.active)
    text = fit_text(" · ".join(parts), fnt, width - w - 10)
    ink = theme.muted if piece.status in ("wreck", "gone") else theme.text
    draw_text(draw, (x + w + 10, y + h / 2), text, fnt=fnt, fill=ink, anchor="lm")
