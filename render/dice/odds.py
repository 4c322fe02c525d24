"""A table of percentages as an image (the `/odds` answer), shaded so it reads at a glance."""

from __future__ import annotations

from collections.abc import Sequence

from render.encode import encode_png
from render.fonts import font
from render.palette import DEFAULT_THEME, Theme
from render.shapes import draw_text, fit_text
from render.toolkit import canvas


def render_table(
    title: str,
    row_labels: Sequence[str],
    col_labels: Sequence[str],
    cells: Sequence[Sequence[float]],
    *,
    fmt: str = "{:.1f}",
    highlight: tuple[int, int] | None = None,
    scale: float = 1.0,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """PNG of `cells[row][col]` (percentages 0-100); `highlight` frames one cell."""
    s = scale
    cell_w, cell_h = 96 * s, 52 * s
    label_w = max(110 * s, max((font(24 * s).getlength(r) for r in row_labels), default=0) + 36 * s)
    pad, title_h = 20 * s, 64 * s
    width = pad * 2 + label_w + cell_w * len(col_labels)
    height = pad * 2 + title_h + cell_h * (len(row_labels) + 1)
    img, draw = canvas(width, height, theme=theme)
    draw_text(
        draw,
        (pad, pad + 22 * s),
        fit_text(title, font(24 * s, bold=True), width - 2 * pad),
        fnt=font(24 * s, bold=True),
        fill=theme.text,
        anchor="lm",
    )
    top = pad + title_h
    head = font(24 * s, bold=True)
    for c, label in enumerate(col_labels):
        x = pad + label_w + c * cell_w
        draw_text(draw, (x + cell_w / 2, top + cell_h / 2), label, fnt=head, fill=theme.muted)
    ramp = theme.ramp
    value_font = font(24 * s, bold=True)
    for r, label in enumerate(row_labels):
        y = top + (r + 1) * cell_h
        draw_text(
            draw,
            (pad + 8 * s, y + cell_h / 2),
            label,
            fnt=font(24 * s),
            fill=theme.text,
            anchor="lm",
        )
        for c, value in enumerate(cells[r]):
            x = pad + label_w + c * cell_w
            shade = ramp[min(len(ramp) - 1, int(max(0.0, min(100.0, value)) / 100 * len(ramp)))]
            draw.rectangle(
                (x + 2 * s, y + 2 * s, x + cell_w - 2 * s, y + cell_h - 2 * s), fill=shade
            )
            bright = sum(shade) / 3 > 140
            ink = theme.accent_ink if bright else theme.text
            draw_text(
                draw, (x + cell_w / 2, y + cell_h / 2), fmt.format(value), fnt=value_font, fill=ink
            )
            if highlight == (r, c):
                draw.rectangle(
                    (x, y, x + cell_w, y + cell_h), outline=theme.accent, width=max(2, round(4 * s))
                )
    return encode_png(img, theme=theme)
