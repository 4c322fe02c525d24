"""Odds tables and dice images decode to what they claim."""

from __future__ import annotations

import io

from PIL import Image

from games.dice import odds_table
from render.dice import DiceGroup, render_dice, render_table


def test_odds_table_has_one_cell_per_value() -> None:
    """The Rush 'n' Crush table (9 rows x 5 columns) renders as a small PNG."""
    table = odds_table("highlow", range(1, 6), range(2, 7))
    data = render_table(table.title, table.row_labels, table.col_labels, table.cells)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.width > image.height * 0.8
    assert len(data) < 60_000


def test_dice_image_shows_dropped_dice() -> None:
    """A keep-highest roll renders, dropped dice included, under a few KB per die."""
    group = DiceGroup(label="4d6kh3", faces=(6, 1, 4, 3), dropped=(False, True, False, False))
    data = render_dice([group], title="Strength")
    assert Image.open(io.BytesIO(data)).format == "PNG"
    assert len(data) < 40_000


def test_every_theme_colour_survives_the_palette_encoder() -> None:
    """Theme colours come back exact after encoding (tests and colour-blind styles rely on it)."""
    from render.encode import encode_png
    from render.palette import THEMES

    for theme in THEMES.values():
        for colour in theme.colours:
            data = encode_png(Image.new("RGB", (4, 4), colour), theme=theme)
            assert Image.open(io.BytesIO(data)).convert("RGB").getpixel((0, 0)) == colour
