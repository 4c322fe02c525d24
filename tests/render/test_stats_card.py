"""The `/stats` card: drawn 800 px wide (readable at Discord's 400), one row per figure."""

from __future__ import annotations

import io

from PIL import Image

from render.palette import DEFAULT_THEME
from render.stats import WIDTH, StatsCard, render_stats_card

CARD = StatsCard(
    title="alice",
    subtitle="Rush 'n' Crush on this server",
    rating="4.7",
    games="6 games · 3 wins",
    trend=(1.2, 2.9, 2.1, 4.7),
    rows=(("Average time to move", "3h 20m"), ("Longest winning streak", "2")),
)


def _decoded(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


def test_the_card_is_a_palette_png_at_twice_phone_width() -> None:
    """800 px wide in palette mode, small enough to send at once."""
    png = render_stats_card(CARD)
    img = _decoded(png)
    assert img.size[0] == WIDTH == 800 and img.mode == "P" and len(png) < 60_000


def test_each_row_makes_the_card_taller() -> None:
    """Rows are never squeezed: one more figure, one more row's height."""
    more = StatsCard(
        **{**CARD.__dict__, "rows": (*CARD.rows, ("vs bob", "2 ahead, 1 behind of 3"))}
    )
    assert _decoded(render_stats_card(more)).size[1] > _decoded(render_stats_card(CARD)).size[1]


def test_the_rating_is_drawn_in_the_accent_colour() -> None:
    """The big number stands out: accent pixels where the rating is written."""
    img = _decoded(render_stats_card(CARD)).convert("RGB")
    block = img.crop((40, 150, 240, 220))
    assert DEFAULT_THEME.accent in {colour for _, colour in block.getcolors(10_000) or []}
