"""The sheet drawn for a whole system's preview (`/spacetruckin` two-tap shipyard): the piece
where it would go, lettered, with a ring where its pip may go and words saying what to tap."""

from __future__ import annotations

import io

from PIL import Image

from games.spacetruckin import SPEC
from render.palette import DEFAULT_THEME as THEME
from render.spacetruckin import render_spacetruckin_sheet
from render.spacetruckin.sheet import pip_prompt, sheet_layout
from tests.render.spacetruckin.test_board_and_sheet import P1, _at, _placing, _rgb


def test_a_pip_spot_is_ringed_and_the_others_are_not() -> None:
    """Of two preview grids, the one that may take the pip shows an open ring; the other not."""
    view = SPEC.view(_placing(), P1)
    png = render_spacetruckin_sheet(view, preview=["D5", "D6"], system="Cargo", pips=["D5"])
    img = Image.open(io.BytesIO(png)).convert("RGB")
    grid = sheet_layout(view, ask=pip_prompt("Cargo")).grid
    assert grid is not None
    ring = (0.85, 0.5)  # on the ring's right side (centre 0.7, radius 0.17 of the grid)
    assert _rgb(img, _at(grid.box_of("D5"), *ring)) == THEME.accent_ink
    assert _rgb(img, _at(grid.box_of("D6"), *ring)) == THEME.accent
