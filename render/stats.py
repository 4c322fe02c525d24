"""A member's stats as a card (the `/stats` answer): the rating large, its trend as a line, then
one row per figure. Drawn 800 px wide with text no smaller than 24 px, so it stays readable
when Discord shows it at 400 (12 px and up)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from render.encode import encode_png
from render.fonts import font
from render.palette import DEFAULT_THEME, Theme
from render.shapes import draw_text, fit_text
from render.toolkit import canvas

WIDTH = 800
_PAD, _HEAD_H, _BLOCK_H, _ROW_H = 28, 104, 196, 50


@dataclass(frozen=True)
class StatsCard:
    """What the card shows, already in words (the core decides them; this only draws)."""

    title: str
    """Whose stats, e.g. "Ann"."""
    subtitle: str
    """Which game and server, e.g. "Rush 'n' Crush on this server"."""
    rating: str
    """The rating as shown, e.g. "12.3"."""
    games: str
    """e.g. "7 games · 3 wins"."""
    trend: tuple[float, ...] = ()
    """The rating before the first game shown, then after each rated game (a few dozen)."""
    rows: tuple[tuple[str, str], ...] = ()
    """(label, value) lines under the rating: time to move, streak, head-to-head..."""


def card_header(draw: ImageDraw.ImageDraw, title: str, subtitle: str, theme: Theme) -> None:
    """A card's title (large) and the line under it (muted), cut to fit the width."""
    inner = WIDTH - 2 * _PAD
    for text, fnt, fill, y in (
        (title, font(40, bold=True), theme.text, _PAD + 24),
        (subtitle, font(26), theme.muted, _PAD + 74),
    ):
        draw_text(draw, (_PAD, y), fit_text(text, fnt, inner), fnt=fnt, fill=fill, anchor="lm")


def render_stats_card(card: StatsCard, *, theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG of `card` (see module doc)."""
    height = _PAD * 2 + _HEAD_H + _BLOCK_H + _ROW_H * len(card.rows)
    img, draw = canvas(WIDTH, height, theme=theme)
    inner = WIDTH - 2 * _PAD
    card_header(draw, card.title, card.subtitle, theme)
    top = _PAD + _HEAD_H
    draw.rounded_rectangle(
        (_PAD, top, WIDTH - _PAD, top + _BLOCK_H - 16), radius=14, fill=theme.surface
    )
    draw_text(
        draw,
        (_PAD + 24, top + 62),
        card.rating,
        fnt=font(80, bold=True),
        fill=theme.accent,
        anchor="lm",
    )
    draw_text(draw, (_PAD + 26, top + 122), "rating", fnt=font(26), fill=theme.muted, anchor="lm")
    draw_text(
        draw,
        (_PAD + 26, top + 156),
        card.games,
        fnt=font(26, bold=True),
        fill=theme.text,
        anchor="lm",
    )
    _trend(draw, card.trend, (_PAD + 340, top + 18, WIDTH - _PAD - 20, top + _BLOCK_H - 34), theme)
    label_font, value_font = font(28), font(28, bold=True)
    for i, (label, value) in enumerate(card.rows):
        y = top + _BLOCK_H + i * _ROW_H + _ROW_H / 2
        if i % 2 == 0:
            draw.rectangle(
                (_PAD, y - _ROW_H / 2, WIDTH - _PAD, y + _ROW_H / 2), fill=theme.surface_alt
            )
        draw_text(
            draw,
            (_PAD + 16, y),
            fit_text(label, label_font, 330),
            fnt=label_font,
            fill=theme.muted,
            anchor="lm",
        )
        draw_text(
            draw,
            (WIDTH - _PAD - 16, y),
            fit_text(value, value_font, inner - 370),
            fnt=value_font,
            fill=theme.text,
            anchor="rm",
        )
    return encode_png(img, theme=theme)


def _trend(
    draw: ImageDraw.ImageDraw,
    points: Sequence[float],
    box: tuple[float, float, float, float],
    theme: Theme,
) -> None:
    """The rating after each game as a line with a dot per game; the last one ringed. With
    fewer than two games there is no line to draw: a note says so."""
    left, top, right, bottom = box
    small = font(24)
    if len(points) < 2:
        draw_text(
            draw,
            ((left + right) / 2, (top + bottom) / 2),
            "trend after 2 rated games",
            fnt=small,
            fill=theme.muted,
        )
        return
    low, high = min(points), max(points)
    span = (high - low) or 1.0
    plot_top, plot_bottom = top + 34, bottom
    step = (right - left) / (len(points) - 1)
    xy = [
        (left + i * step, plot_bottom - (p - low) / span * (plot_bottom - plot_top))
        for i, p in enumerate(points)
    ]
    draw.line([(left, plot_bottom), (right, plot_bottom)], fill=theme.line, width=2)
    draw.line(xy, fill=theme.accent, width=4)
    for x, y in xy:
        draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=theme.accent)
    x, y = xy[-1]
    draw.ellipse((x - 10, y - 10, x + 10, y + 10), outline=theme.text, width=3)
    change = points[-1] - points[0]
    draw_text(
        draw,
        (right, top + 12),
        f"{change:+.1f} over {len(points) - 1} games",
        fnt=small,
        fill=theme.good if change >= 0 else theme.danger,
        anchor="rm",
    )
