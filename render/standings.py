"""A season's standings as an image (`/season standings`, and after each of its races): one row
per member, leader first, with points, races and wins. Drawn 800 px wide with text no smaller
than 24 px, readable when Discord shows it at 400; the leader's row is marked by a bar and a
"1." as well as by colour."""

from __future__ import annotations

from collections.abc import Sequence

from render.encode import encode_png
from render.fonts import font
from render.palette import DEFAULT_THEME, Theme
from render.shapes import draw_text, fit_text
from render.stats import card_header
from render.toolkit import canvas

WIDTH = 800
_PAD, _HEAD_H, _ROW_H = 28, 118, 50
_COLUMNS = (("points", 520), ("races", 630), ("wins", 730))


def render_standings(
    title: str,
    subtitle: str,
    rows: Sequence[tuple[str, str, int, int, int]],
    *,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """PNG of the standings: `rows` are (place, name, points, races, wins), leader first."""
    height = _PAD * 2 + _HEAD_H + _ROW_H * (len(rows) + 1)
    img, draw = canvas(WIDTH, height, theme=theme)
    card_header(draw, title, subtitle, theme)
    top = _PAD + _HEAD_H
    head = font(24, bold=True)
    draw_text(
        draw, (_PAD + 70, top + _ROW_H / 2), "member", fnt=head, fill=theme.muted, anchor="lm"
    )
    for label, x in _COLUMNS:
        draw_text(draw, (x, top + _ROW_H / 2), label, fnt=head, fill=theme.muted)
    name_font, value_font = font(28), font(28, bold=True)
    for i, (place, name, points, races, wins) in enumerate(rows, start=1):
        y = top + i * _ROW_H + _ROW_H / 2
        box = (_PAD, y - _ROW_H / 2, WIDTH - _PAD, y + _ROW_H / 2)
        if i % 2:
            draw.rectangle(box, fill=theme.surface)
        if place == "1.":
            draw.rectangle((_PAD, box[1], _PAD + 8, box[3]), fill=theme.accent)
        draw_text(draw, (_PAD + 20, y), place, fnt=value_font, fill=theme.text, anchor="lm")
        draw_text(
            draw,
            (_PAD + 70, y),
            fit_text(name, name_font, 380),
            fnt=name_font,
            fill=theme.text,
            anchor="lm",
        )
        for column, ((_, x), value) in enumerate(zip(_COLUMNS, (points, races, wins), strict=True)):
            colour = theme.accent if column == 0 else theme.text  # points stand out
            draw_text(draw, (x, y), str(value), fnt=value_font, fill=colour)
    return encode_png(img, theme=theme)
