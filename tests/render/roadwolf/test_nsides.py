"""Boards with more than two sides (GAUNTLET, DERAILED): a roster heading and a colour per
side, every seat's chip, the turn marker lit only for the side to act."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.roadwolf.model import RwView, SideView, TurnView
from render.fonts import MIN_PHONE_PX, phone_px
from render.palette import DEFAULT_THEME as THEME
from render.roadwolf import render_roadwolf_board
from render.roadwolf.adapt import headline, scene_of
from render.roadwolf.board import board_grid, letter_order, seat_marker
from render.roadwolf.scene import Rect
from render.shapes import Label, recording_text
from tests.render.roadwolf.views import vehicle

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")


def many_sides(count: int, *, to_act: int = 2) -> RwView:
    """GAUNTLET with `count` Courier sides, two cars each (A1, A2, B1…), side `to_act` to act."""
    vehicles = tuple(
        vehicle(f"{'ABCDEF'[k]}{n + 1}", k, "Coupe", 2, 2 + 4 * k - (n * 2), 6 + 8 * n)
        for k in range(count)
        for n in range(2)
    )
    sides = tuple(
        SideView(
            name=f"Couriers {k + 1}",
            players=(100 + k,),
            player_names=(NAMES[k],),
            points=4,
            spent=4,
            tokens_bought=4,
            score=k % 2,
        )
        for k in range(count)
    )
    turn = TurnView(
        side=to_act,
        side_name=f"Couriers {to_act + 1}",
        players=(100 + to_act,),
        vehicle=None,
        actions_left=0,
        done=(),
    )
    return RwView.model_validate(
        {
            "viewer": None,
            "mission": "GAUNTLET",
            "phase": "play",
            "round": 2,
            "board_width": 24,
            "board_length": 48,
            "road_columns": (9, 14),
            "start_rows": 8,
            "sides": sides,
            "vehicles": vehicles,
            "cards": (),
            "deck_left": 10,
            "turn": turn,
            "traces": (),
            "score": tuple(s.score for s in sides),
            "score_text": "Points " + "–".join(str(s.score) for s in sides),
            "winner": None,
            "end_reason": "",
            "private": None,
        }
    )


def _draw(view: RwView) -> tuple[Image.Image, list[Label]]:
    with recording_text() as labels:
        png = render_roadwolf_board(view)
    return Image.open(io.BytesIO(png)).convert("RGB"), labels


@pytest.mark.parametrize("count", [4, 6])
def test_every_side_has_its_heading_colour_and_chip(count: int) -> None:
    view = many_sides(count)
    image, labels = _draw(view)
    texts = [label.text for label in labels]
    for k in range(count):
        assert f"Couriers {k + 1}: {NAMES[k]}" in texts
    grid = board_grid(scene_of(view))
    for v in view.vehicles:
        x0, y0, _x1, y1 = grid.box(Rect(v.x, v.y, v.w, v.h))
        assert image.getpixel((round(x0 + 6), round((y0 + y1) / 2))) == (
            THEME.player(v.side).colour
        ), v.letter
    colours = {THEME.player(k).colour for k in range(count)}
    assert len(colours) == count  # six sides, six different colours


@pytest.mark.parametrize("count", [4, 6])
def test_turn_marker_lit_only_for_the_side_to_act(count: int) -> None:
    """Couriers 3 (Cy) to act: Cy's chip alone is framed in the accent."""
    view = many_sides(count, to_act=2)
    image, labels = _draw(view)
    scene = scene_of(view)
    lit = [
        image.getpixel(tuple(round(c) for c in seat_marker(scene, k))) == THEME.accent
        for k in range(count)
    ]
    assert lit == [k == 2 for k in range(count)]
    assert any("Couriers 3's turn (Cy)" in label.text for label in labels)
    assert min(phone_px(label.size, image.width) for label in labels) >= MIN_PHONE_PX


def test_building_six_sides_names_each_side_in_the_short_form() -> None:
    """Six sides building: every side with its points/tokens to go, short enough for the
    banner's three lines (the two-side wording would be cut off)."""
    view = many_sides(6).model_copy(update={"phase": "build", "turn": None})
    change = {"spent": 1, "tokens_bought": 0, "tokens_allowed": 4}
    sides = tuple(s.model_copy(update=change) for s in view.sides)
    text = headline(view.model_copy(update={"sides": sides}))
    assert text.startswith("Army building, points/tokens to go: Couriers 1 3/4 · ")
    assert all(f"Couriers {k} 3/4" in text for k in range(1, 7))


def test_roster_lists_letters_in_reading_order() -> None:
    """A1, A2 … A10 (not A1, A10, A2); two sides and civilians keep theirs (N before N2)."""
    letters = ["A10", "A2", "A1", "N2", "N", "M10", "M2", "EN", "G1"]
    assert sorted(letters, key=letter_order) == [
        "A1",
        "A2",
        "A10",
        "EN",
        "G1",
        "M2",
        "M10",
        "N",
        "N2",
    ]
