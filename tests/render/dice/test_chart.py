"""The distribution chart decodes to what it claims: target bars in the accent colour."""

from __future__ import annotations

import io

from PIL import Image

from games.dice import exact_odds
from render.dice import render_distribution
from render.palette import DEFAULT_THEME


def _chart(expression: str, target: int | None) -> Image.Image:
    odds = exact_odds(expression, target=target)
    data = render_distribution(
        odds.expression,
        odds.outcomes,
        [float(c) for c in odds.chances],
        target=target,
    )
    assert len(data) < 60_000
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_bars_at_or_over_the_target_are_highlighted() -> None:
    """1d20 vs 15: the right quarter of the bars is accent-coloured, the left is not."""
    image = _chart("1d20", 15)
    assert image.size == (800, 420)
    row = image.height - 24 - 44 - 6
    colours = [image.getpixel((x, row)) for x in range(24, image.width - 24)]
    right = colours[len(colours) * 3 // 4 + 10 :]
    left = colours[: len(colours) // 2]
    assert DEFAULT_THEME.accent in right
    assert DEFAULT_THEME.accent not in left


def test_hundreds_of_totals_share_bars() -> None:
    """8d6e6 (425 totals) still draws, its bars grouped."""
    image = _chart("8d6e6", None)
    assert image.width == 800
