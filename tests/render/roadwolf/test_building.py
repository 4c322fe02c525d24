"""The board while both sides build: vehicles placed by their side are drawn where they stand
(their spot and model are public, as a model set on the table is); their tokens stay hidden."""

from __future__ import annotations

import io

from PIL import Image

from games.engine import Rng
from games.roadwolf.build import setup
from games.roadwolf.model import BuyAction, PlaceAction, RwOptions, RwState, TokenAction
from games.roadwolf.rules import apply
from games.roadwolf.view import view
from render.palette import DEFAULT_THEME as THEME
from render.roadwolf import render_roadwolf_board
from render.roadwolf.adapt import scene_of
from render.roadwolf.board import board_grid
from render.roadwolf.scene import Rect
from render.shapes import recording_text
from tests.games.roadwolf.helpers import P1, P2, PLAYERS


def _building() -> RwState:
    """INTERCEPTOR: "Interceptors ... start on any other board edge" and place before the game;
    the Interceptors have placed N on the left edge and a token on it, the Runners placed
    nothing yet."""
    state = setup(PLAYERS, RwOptions(mission="INTERCEPTOR", points=2), Rng(1))
    state = apply(state, P1, BuyAction(vehicle_class="coupe"), Rng(1)).state
    state = apply(state, P2, BuyAction(vehicle_class="coupe"), Rng(1)).state
    state = apply(state, P2, PlaceAction(vehicle="N", x=0, y=20), Rng(1)).state
    state = apply(state, P2, TokenAction(vehicle="N", token="shotgun"), Rng(1)).state
    assert state.phase == "build"
    return state


def test_the_view_says_which_vehicles_are_placed() -> None:
    public = view(_building(), None)
    placed = {v.letter: v.placed for v in public.vehicles}
    assert placed == {"A": False, "N": True}
    n = next(v for v in public.vehicles if v.letter == "N")
    assert (n.x, n.y) == (0, 20)
    assert "shotgun" not in {t.kind for t in n.tokens}  # hidden till used


def test_a_placed_vehicle_is_drawn_while_building_an_unplaced_one_is_not() -> None:
    public = view(_building(), P1)  # the Runners look at the Interceptors' placed car
    scene = scene_of(public)
    pieces = {p.letter: p for p in scene.pieces}
    assert pieces["A"].rect is None and pieces["N"].rect == Rect(0, 20, 2, 3)
    with recording_text() as labels:
        png = render_roadwolf_board(public)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    grid = board_grid(scene)
    assert grid.first <= 20 <= grid.last
    x0, y0, _x1, y1 = grid.box(Rect(0, 20, 2, 3))
    assert image.getpixel((round(x0 + 6), round((y0 + y1) / 2))) == THEME.player(1).colour
    text = " ".join(label.text for label in labels)
    assert "shotgun" not in text.lower()
    assert "placed" in text
