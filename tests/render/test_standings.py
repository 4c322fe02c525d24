"""A season's standings image: 800 px wide (readable at Discord's 400), one row per member."""

from __future__ import annotations

import io

from PIL import Image

from render.standings import WIDTH, render_standings

ROWS = [("1.", "alice", 43, 2, 1), ("2.", "carol", 33, 2, 1), ("3.", "bob", 30, 2, 0)]


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_the_standings_are_a_row_per_member() -> None:
    """800 px wide; one more member, one more row's height."""
    three = _size(render_standings("Autumn Cup", "2 of 3 races", ROWS))
    four = _size(render_standings("Autumn Cup", "2 of 3 races", [*ROWS, ("4.", "dan", 0, 1, 0)]))
    assert three[0] == WIDTH == 800 and four[1] > three[1]
