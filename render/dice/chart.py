"""A roll's exact distribution as a bar chart (the `/odds expression:` answer).

One bar per total (neighbouring totals share a bar when there are more than `MAX_BARS`), the
totals that meet the target in the accent colour with a hatch (colour is never the only cue),
the others in the muted colour; the axis labels the lowest, the target and the highest total.
Drawn at 800 px wide so it stays readable when Discord shows it at 400.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.dice import ExactOdds
from render.encode import encode_png
from render.fonts import font
from render.palette import DEFAULT_THEME, Theme
from render.shapes import draw_text, fit_text
from render.toolkit import canvas

MAX_BARS = 60
_WIDTH, _HEIGHT = 800, 420


def _bars(
    outcomes: Sequence[float], chances: Sequence[float], target: float | None
) -> list[tuple[float, float, float, bool]]:
    """(lowest total, highest total, chance, meets target) per bar, lowest first."""
    per_bar = max(1, -(-len(outcomes) // MAX_BARS))
    bars = []
    for start in range(0, len(outcomes), per_bar):
        group = list(
            zip(outcomes[start : start + per_bar], chances[start : start + per_bar], strict=True)
        )
        low, high = group[0][0], group[-1][0]
        meets = target is not None and low >= target
        bars.append((low, high, sum(c for _, c in group), meets))
    return bars


def _label(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def render_distribution(
    title: str,
    outcomes: Sequence[float],
    chances: Sequence[float],
    *,
    target: float | None = None,
    subtitle: str = "",
    scale: float = 1.0,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """PNG bar chart of P(total == outcome); totals at or above `target` highlighted."""
    s = scale
    width, height = _WIDTH * s, _HEIGHT * s
    pad, title_h, axis_h = 24 * s, 84 * s, 44 * s
    img, draw = canvas(width, height, theme=theme)
    title_font, small = font(30 * s, bold=True), font(22 * s)
    draw_text(
        draw, (pad, pad), fit_text(title, title_font, width - 2 * pad),
        fnt=title_font, fill=theme.text, anchor="la",
    )  # fmt: skip
    if subtitle:
        draw_text(
            draw, (pad, pad + 40 * s), fit_text(subtitle, small, width - 2 * pad),
            fnt=small, fill=theme.muted, anchor="la",
        )  # fmt: skip
    bars = _bars(outcomes, chances, target)
    top, bottom = pad + title_h, height - pad - axis_h
    tallest = max((c for _, _, c, _ in bars), default=0.0) or 1.0
    slot = (width - 2 * pad) / max(1, len(bars))
    gap = min(6 * s, slot * 0.2)
    draw.line((pad, bottom, width - pad, bottom), fill=theme.line, width=max(1, round(2 * s)))
    for index, (_, _, chance, meets) in enumerate(bars):
        x0 = pad + index * slot + gap / 2
        x1 = x0 + slot - gap
        y0 = bottom - (bottom - top) * chance / tallest
        if chance > 0:
            y0 = min(y0, bottom - 2 * s)
        fill = theme.accent if meets else theme.faded
        draw.rectangle((x0, y0, x1, bottom), fill=fill, outline=theme.line)
        if meets and x1 - x0 > 6 * s:  # a hatch: the target region reads without colour
            step = max(6.0, 10 * s)
            y = bottom - step
            while y > y0:
                draw.line((x0, y, x1, y), fill=theme.accent_ink, width=1)
                y -= step
    marks = {0: bars[0][0], len(bars) - 1: bars[-1][1]} if bars else {}
    if target is not None:
        first = next((i for i, bar in enumerate(bars) if bar[3]), None)
        if first is not None:
            marks[first] = bars[first][0]
    for index, value in sorted(marks.items()):
        x = pad + (index + 0.5) * slot
        anchor = "la" if index == 0 else ("ra" if index == len(bars) - 1 else "ma")
        x = pad if anchor == "la" else (width - pad if anchor == "ra" else x)
        draw_text(
            draw, (x, bottom + 8 * s), _label(value), fnt=small, fill=theme.text, anchor=anchor
        )
    return encode_png(img, theme=theme)


def render_odds(odds: ExactOdds, *, scale: float = 1.0, theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG of a roll's exact odds (`games.dice.exact_odds`): its chart, titled with the chance
    of success or the mean, the target's totals highlighted."""
    success = odds.success
    title = odds.expression + (f" vs {odds.target}" if odds.target is not None else "")
    if success is not None:
        title += f": {float(success) * 100:.2f}%"
    subtitle = f"exact; mean {float(odds.mean):.2f}"
    if odds.cutoff_note:
        subtitle += f"; {odds.cutoff_note}"
    highlight = odds.target if odds.target is not None else (1 if odds.is_check else None)
    return render_distribution(
        title,
        odds.outcomes,
        [float(c) for c in odds.chances],
        target=highlight,
        subtitle=subtitle,
        scale=scale,
        theme=theme,
    )
