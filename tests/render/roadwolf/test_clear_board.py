"""The Road Wolf board a new player reads at 400 px (issue 26): the window shows the side to act
and where a finished game ended, the START line reads as a start, and nothing on the road hides
another thing (shot marks beside the target's letter, card names beside the vehicles on them,
mutants as plain lettered tokens)."""

from __future__ import annotations

import io

from PIL import Image

from games.roadwolf.model import RwView, Trace, TurnView
from render.fonts import MIN_PHONE_PX, phone_px
from render.palette import BLACK, WHITE
from render.palette import DEFAULT_THEME as THEME
from render.roadwolf import render_roadwolf_board, render_roadwolf_spots
from render.roadwolf.adapt import scene_of
from render.roadwolf.board import board_grid
from render.roadwolf.layout import focus_rows
from render.roadwolf.road import label_spot
from render.roadwolf.scene import Rect
from render.shapes import recording_text
from tests.render.roadwolf.views import BOB, chase, vehicle

RUNNER_MOVE = Trace(kind="move", vehicle="A", points=((11, 5), (11, 9)))


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _interceptors_to_pick(view: RwView) -> RwView:
    """The Interceptors' turn has begun: no vehicle picked yet; the last thing drawn is the
    Runners' move near the START."""
    turn = TurnView(
        side=1, side_name="Interceptors", players=(BOB,), vehicle=None, actions_left=0, done=()
    )
    return view.model_copy(update={"turn": turn, "traces": (RUNNER_MOVE,)})


def test_a_turn_start_shows_the_acting_sides_vehicles() -> None:
    """With no vehicle picked yet, the window holds the vehicles of the side to act (C at rows
    18-23, D, E), not only the other side's last move."""
    scene = scene_of(_interceptors_to_pick(chase()))
    first, last = focus_rows(scene)
    assert first <= 12 and last >= 24, (first, last)


def test_a_finished_game_shows_where_it_ended() -> None:
    """Every vehicle gone but a wreck at row 24: the window shows the wreck, not an empty
    stretch at the START."""
    view = chase(active_vehicle=None)
    left = tuple(
        v if v.status == "wreck" else v.model_copy(update={"exited": "end"}) for v in view.vehicles
    )
    over = view.model_copy(update={"phase": "over", "vehicles": left, "traces": ()})
    first, last = focus_rows(scene_of(over))
    assert first <= 24 and last >= 26, (first, last)


def test_the_start_line_is_one_colour_not_chequered() -> None:
    """The START line across the road is a solid line (a finish line is chequered)."""
    empty = {"cards": (), "traces": (), "vehicles": ()}
    view = chase(active_vehicle=None).model_copy(update=empty)
    scene = scene_of(view)
    image = _image(render_roadwolf_board(view, whole_road=True))
    grid = board_grid(scene, whole_road=True)
    y = round(grid.y(8)) + 1  # along the line itself
    xs = range(round(grid.x(9)) + 4, round(grid.x(15)) - 4)
    colours = {image.getpixel((x, y)) for x in xs}
    assert not (BLACK in colours and WHITE in colours), colours


def test_a_shot_is_marked_at_the_targets_edge_not_on_its_letter() -> None:
    """The ring that marks a hit sits where the shot meets the target, so the target's letter
    stays clear of it."""
    shot = Trace(kind="shot", vehicle="A", target="C")
    view = chase().model_copy(update={"traces": (shot,), "cards": ()})
    image = _image(render_roadwolf_board(view))
    grid = board_grid(scene_of(view))
    # C, the Big Rig, covers columns 11-12, rows 18-23: its letter is drawn in the middle
    cx, cy = grid.x(12), grid.y(21)
    middle = image.crop((round(cx - 18), round(cy - 20), round(cx + 18), round(cy + 20)))
    assert THEME.danger not in set(middle.get_flattened_data())


def test_a_card_name_goes_where_no_vehicle_covers_it() -> None:
    """A bike parked on the left of a card's middle: the name moves to where it is free."""
    card = Rect(10, 10, 4, 3)
    parked = [Rect(10, 10.5, 1, 2)]
    x, y = label_spot(card, (2.5, 0.8), parked)
    label = Rect(x - 1.25, y - 0.4, 2.5, 0.8)
    assert not any(
        label.x < p.x + p.w
        and p.x < label.x + label.w
        and label.y < p.y + p.h
        and p.y < label.y + label.h
        for p in parked
    ), (x, y)
    assert card.x <= label.x and label.x + label.w <= card.x + card.w


def test_a_mutant_is_a_plain_lettered_token() -> None:
    """A 1×1 mutant shows its letter on its colour: no windscreen, crew dots or hit boxes over
    it (they made "Z1" unreadable at 400 px)."""
    mutant = vehicle("Z1", 1, "Mutant", 1, 4, 30, w=1, h=1, closed=False)
    mutant = mutant.model_copy(update={"neutral": True, "traits": ("enemy", "mutant")})
    view = chase().model_copy(update={"vehicles": (*chase().vehicles, mutant), "cards": ()})
    grid = board_grid(scene_of(view), whole_road=True)
    image = _image(render_roadwolf_board(view, whole_road=True))
    box = (round(grid.x(4)) + 3, round(grid.y(31)) + 3, round(grid.x(5)) - 3, round(grid.y(30)) - 3)
    inside = image.crop(box)
    blacks = sum(1 for p in inside.get_flattened_data() if p == BLACK)
    assert blacks < inside.width * inside.height * 0.45, blacks  # 54 % before: screen, dots, pips


def test_starting_spots_are_numbered_readably() -> None:
    """The place picture numbers every offered spot, each number readable at 400 px."""
    view = chase().model_copy(update={"phase": "build", "turn": None, "traces": ()})
    spots = ((9, 0), (11, 0), (13, 0))
    with recording_text() as labels:
        png = render_roadwolf_spots(view, "A", spots)
    width = _image(png).width
    numbers = [label for label in labels if label.text in {"1", "2", "3"}]
    assert sorted(label.text for label in numbers) == ["1", "2", "3"]
    assert min(phone_px(label.size, width) for label in numbers) >= MIN_PHONE_PX
