"""Rush 'n' Crush board and path-preview images, checked by decoding (never by comparing bytes)."""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable

import pytest
from PIL import Image

from games.engine import Player, Rng
from games.rushncrush import SPEC, MoveAction, RncOptions, RncState, preview_path
from games.rushncrush.model import Turn
from games.rushncrush.path import PathPreview
from games.rushncrush.view import CarView, RncView
from render.fonts import min_label_px
from render.palette import DAY, DEFAULT_THEME, RGB
from render.rushncrush import render_rnc_preview, render_rushncrush
from render.rushncrush.banner import WIDTH
from render.rushncrush.board import AHEAD, board_layout, public_banner
from render.rushncrush.cards import CAPTION_PX
from render.rushncrush.cars import car_style
from render.rushncrush.course import Layout
from render.rushncrush.key import ITEM_NAMES
from render.rushncrush.preview import preview_layout
from render.shapes import Label, recording_text
from tests.games.rushncrush.helpers import new_game, place, playout, with_cars

NAMES = ("Alice", "Bob the Builder", "Chandrasekhar", "Dee", "Eve", "Fitzgerald-Long")
THEME = DEFAULT_THEME


def _race(players: int, seed: int, actions: int, course: str = "normal") -> RncState:
    """A real race: setup, then `actions` random legal actions (and on to a gear step)."""
    seats = [Player(id=100 + i, name=NAMES[i]) for i in range(players)]
    state = SPEC.setup(seats, RncOptions(course=course), Rng(seed))
    chooser = Rng(seed * 7919 + players)
    for count in range(actions):
        (player,) = SPEC.active_players(state)
        action = chooser.choice(SPEC.legal_actions(state, player))
        state = SPEC.apply(state, player, action, Rng(seed * 1000 + count)).state
    while state.turn is not None and state.turn.phase != "gear":  # stop at a gear step
        (player,) = SPEC.active_players(state)
        action = chooser.choice(SPEC.legal_actions(state, player))
        state = SPEC.apply(state, player, action, Rng(seed * 1000 + actions)).state
        actions += 1
    assert not state.finished
    return state


def _to_move_phase(state: RncState) -> RncState:
    """The same race once the player to act has chosen a gear (the path comes next)."""
    assert state.turn is not None and state.turn.phase == "gear"
    player = state.turn.player
    state = SPEC.apply(state, player, SPEC.legal_actions(state, player)[0], Rng(7)).state
    assert state.turn is not None and state.turn.phase == "move"
    return state


@pytest.fixture(scope="module")
def mid_race() -> RncState:
    return _race(6, 3, 60)


@pytest.fixture(scope="module")
def mid_view(mid_race: RncState) -> RncView:
    return SPEC.view(mid_race, None)


@pytest.fixture(scope="module")
def planned(mid_race: RncState) -> tuple[RncView, PathPreview]:
    state = _to_move_phase(mid_race)
    assert state.turn is not None
    player = state.turn.player
    path = next(a.path for a in SPEC.legal_actions(state, player) if isinstance(a, MoveAction))
    return SPEC.view(state, None), preview_path(state, player, path)


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _pixel(image: Image.Image, x: float, y: float) -> RGB:
    r, g, b = image.convert("RGB").getpixel((round(x), round(y)))  # type: ignore[misc]
    return (r, g, b)


def _near(a: RGB, b: RGB) -> bool:
    """Equal up to the palette's rounding: the shared palette maps a few dark theme colours
    (background, surfaces, faded) onto a neighbour entry a few units away."""
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 4


def _token_colour(image: Image.Image, layout: Layout, car: CarView) -> RGB:
    """The commonest colour in the middle of the car's cell: its token's fill (the number is
    thinner than the token around it)."""
    cx, cy = layout.centre(car.row, car.lane)
    half = round(0.24 * layout.cell)
    box = (round(cx) - half, round(cy) - half, round(cx) + half, round(cy) + half)
    colours = image.convert("RGB").crop(box).getcolors(1 << 16)
    assert colours is not None
    _, colour = max(colours, key=lambda entry: entry[0])
    assert isinstance(colour, tuple)
    return (int(colour[0]), int(colour[1]), int(colour[2]))


def test_board_is_a_palette_png_of_the_phone_width(mid_view: RncView) -> None:
    """The board is a palette PNG, 680 px wide and taller than wide (portrait for phones)."""
    image = _decode(render_rushncrush(mid_view))
    assert image.format == "PNG" and image.mode == "P"
    assert image.width == WIDTH and image.height > image.width


def test_every_live_car_shows_its_players_colour_on_its_cell(mid_view: RncView) -> None:
    """Each live car's token is filled with its player's seat colour at its (row, lane)."""
    image = _decode(render_rushncrush(mid_view))
    layout = board_layout(mid_view)
    for car in mid_view.cars:
        if car.destroyed:
            continue
        assert _token_colour(image, layout, car) == car_style(mid_view, car, THEME).colour, car


def test_team_mates_of_two_players_still_differ_in_colour_and_shape() -> None:
    """Two players whose cars are on one team (both "green") get different colours and shapes."""
    view = SPEC.view(_race(2, 5, 0), None)
    cars = tuple(c.model_copy(update={"colour": "green", "team": "Zombie"}) for c in view.cars)
    view = RncView.model_validate(view.model_dump() | {"cars": [c.model_dump() for c in cars]})
    image = _decode(render_rushncrush(view))
    layout = board_layout(view)
    a, b = (car_style(view, car, THEME) for car in view.cars)
    assert a.colour != b.colour and a.shape != b.shape
    assert [_token_colour(image, layout, car) for car in view.cars] == [a.colour, b.colour]


def test_window_spans_rear_to_front_with_room_ahead(mid_view: RncView) -> None:
    """The board shows every live car and at least AHEAD rows past the leader."""
    layout = board_layout(mid_view)
    rows = [c.row for c in mid_view.cars if not c.destroyed]
    assert layout.first <= min(rows)
    assert layout.last >= min(max(rows) + AHEAD, mid_view.finish_row + 3)


def test_last_move_is_drawn_in_the_movers_colour(mid_view: RncView) -> None:
    """A straight step of the last move shows a line in the mover's colour between the cells."""
    move = mid_view.last_move
    assert move is not None
    mover = next(c for c in mid_view.cars if c.player == move.player)
    taken = {(c.row, c.lane) for c in mid_view.cars}
    layout = board_layout(mid_view)
    image = _decode(render_rushncrush(mid_view))
    steps = [
        (a, b)
        for a, b in zip(move.cells, move.cells[1:], strict=False)
        if a[1] == b[1] and a not in taken and b not in taken
        and layout.strip_of(a[0]) == layout.strip_of(b[0])
    ]  # fmt: skip
    assert steps, "the sample race should have a straight step in open road"
    (x0, y0), (x1, y1) = (layout.centre(*steps[0][0]), layout.centre(*steps[0][1]))
    assert _pixel(image, (x0 + x1) / 2, (y0 + y1) / 2) == car_style(mid_view, mover, THEME).colour


def test_mid_race_six_cars_fits_the_size_budget(mid_view: RncView) -> None:
    """A mid-race board with 6 cars stays under 150 KB."""
    assert len(mid_view.cars) == 6
    assert len(render_rushncrush(mid_view)) < 150_000


def test_render_is_fast(mid_view: RncView) -> None:
    """Render + encode median stays far below the 40 ms target's failure line (slow CI: 120)."""
    times = []
    for _ in range(5):
        start = time.perf_counter()
        render_rushncrush(mid_view)
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.120


def test_banner_names_the_active_player_and_the_gear_step(mid_view: RncView) -> None:
    """At the gear step the banner names whose turn it is and asks for a gear."""
    banner = public_banner(mid_view)
    active = next(c for c in mid_view.cars if c.is_active)
    assert active.name in banner.title and banner.car == active
    assert "gear" in " ".join(banner.lines)


def test_banner_asks_for_a_path_once_the_gear_is_chosen(mid_race: RncState) -> None:
    """After the gear the banner says how far to drive."""
    view = SPEC.view(_to_move_phase(mid_race), None)
    assert f"drive {view.movement_left}" in " ".join(public_banner(view).lines)


def test_active_car_is_ringed_in_the_accent_colour(mid_view: RncView) -> None:
    """The car whose turn it is has an accent ring just outside its token."""
    active = next(c for c in mid_view.cars if c.is_active)
    layout = board_layout(mid_view)
    cx, cy = layout.centre(active.row, active.lane)
    image = _decode(render_rushncrush(mid_view))
    assert _pixel(image, cx, cy + 0.5 * layout.cell) == THEME.accent


def test_whole_course_shows_grid_to_finish(mid_view: RncView) -> None:
    """whole_course=True lays out row 0 to past the finish line and still renders in budget."""
    layout = board_layout(mid_view, whole_course=True)
    assert layout.first == 0 and layout.last >= mid_view.finish_row
    png = render_rushncrush(mid_view, whole_course=True)
    image = _decode(png)
    assert len(png) < 150_000 and image.width >= WIDTH
    x0, _, x1, y1 = layout.cell_box(mid_view.finish_row, 0)
    finish = [_pixel(image, x, y1 - 1) for x in range(round(x0), round(x1))]
    assert any(_near(p, THEME.die) for p in finish)
    assert any(_near(p, THEME.die_ink) for p in finish)


def test_start_grid_shows_the_start_line(mid_race: RncState) -> None:
    """At the start the white start line runs under row 3."""
    view = SPEC.view(_race(6, 3, 0), None)
    layout = board_layout(view)
    image = _decode(render_rushncrush(view))
    x0, _, x1, y1 = layout.cell_box(3, 0)
    assert _pixel(image, (x0 + x1) / 2, y1 - 1) == THEME.text


def test_wrecks_are_grey_on_a_finished_race() -> None:
    """A wrecked car stays on the road as a grey token; the banner names the winner."""
    state, _ = playout(4, 2, course="short")
    view = SPEC.view(state, None)
    wrecks = [c for c in view.cars if c.destroyed]
    assert wrecks and view.finished
    live = {(c.row, c.lane) for c in view.cars if not c.destroyed}
    layout = board_layout(view, whole_course=True)
    image = _decode(render_rushncrush(view, whole_course=True))
    for car in wrecks:
        if (car.row, car.lane) not in live:
            assert _near(_token_colour(image, layout, car), THEME.faded)
    assert "wins" in public_banner(view).title


def test_preview_marks_the_end_cell(planned: tuple[RncView, PathPreview]) -> None:
    """The planned end cell is framed in the accent colour."""
    view, preview = planned
    layout = preview_layout(view, preview)
    image = _decode(render_rnc_preview(view, preview))
    assert image.mode == "P" and image.width == WIDTH
    x0, y0, _, _ = layout.cell_box(*preview.end)
    assert _pixel(image, x0 + 1, y0 + 1) == THEME.accent


def test_preview_zooms_on_the_path(planned: tuple[RncView, PathPreview]) -> None:
    """The preview shows every cell of the path at least as large as the public board does."""
    view, preview = planned
    layout = preview_layout(view, preview)
    assert all(layout.shows(row) for row, _ in preview.cells)
    assert layout.cell >= board_layout(view).cell


def test_preview_path_is_drawn_in_the_accent_colour(planned: tuple[RncView, PathPreview]) -> None:
    """Between the first two path cells the planned line is in the accent colour."""
    view, preview = planned
    layout = preview_layout(view, preview)
    image = _decode(render_rnc_preview(view, preview))
    (x0, y0), (x1, y1) = layout.centre(*preview.cells[1]), layout.centre(*preview.cells[2])
    assert _pixel(image, (x0 + x1) / 2, (y0 + y1) / 2) == THEME.accent


def test_scale_two_doubles_the_width(mid_view: RncView) -> None:
    """scale=2 draws the same board twice as wide."""
    assert _decode(render_rushncrush(mid_view, scale=2)).width == 2 * WIDTH


def test_day_theme_uses_its_own_background(mid_view: RncView) -> None:
    """The day theme paints its own background colour."""
    image = _decode(render_rushncrush(mid_view, theme=DAY))
    assert _near(_pixel(image, 2, image.height - 2), DAY.background)


def _loop_with_wreck_and_mine() -> RncView:
    """Loop course, the field on lap 2 near row 80; a lap-1 wreck at (21, 1) over a mine."""
    state = new_game(3, 1, course="loop")
    a, b, w = state.cars
    state = with_cars(
        state,
        place(a, 78, 0, gear=1, speed=4),
        place(b, 84, 2),
        place(w, 21, 1, destroyed=True),
        turn=Turn(player=a.player),
    )
    data = state.model_dump()
    data["mines"] = [{"row": 21, "lane": 1, "owner": b.player}]
    return SPEC.view(RncState.model_validate(data), None)


def test_loop_wreck_is_drawn_on_every_lap() -> None:
    """Wrecks are physical: a lap-1 wreck shows grey at its lap-2 spot (row 81)."""
    view = _loop_with_wreck_and_mine()
    layout = board_layout(view)
    image = _decode(render_rushncrush(view))
    wreck = next(c for c in view.cars if c.destroyed).model_copy(update={"row": 81})
    assert layout.shows(81)
    assert _near(_token_colour(image, layout, wreck), THEME.faded)


def test_mine_under_a_wreck_still_shows() -> None:
    """A mine under a wreck is drawn small in the cell's top-right corner, over the wreck."""
    view = _loop_with_wreck_and_mine()
    layout = board_layout(view)
    image = _decode(render_rushncrush(view))
    cx, cy = layout.centre(81, 1)
    corner = image.convert("RGB").crop(
        (round(cx + 0.2 * layout.cell), round(cy - 0.4 * layout.cell),
         round(cx + 0.4 * layout.cell), round(cy - 0.2 * layout.cell))
    )  # fmt: skip
    colours = corner.getcolors(1 << 16)
    assert colours is not None
    assert any(_near((c[0], c[1], c[2]), THEME.danger) for _, c in colours)  # type: ignore[index]


def test_dashboard_captions_are_phone_readable() -> None:
    """Card captions are at least 19 px on the 680 px image (11 px on a 400 px phone)."""
    assert min_label_px(WIDTH) <= CAPTION_PX


def _labels(draw: Callable[[], bytes]) -> tuple[list[Label], int]:
    with recording_text() as labels:
        png = draw()
    return labels, _decode(png).width


def test_no_label_is_under_11_px_at_phone_width(
    mid_view: RncView, planned: tuple[RncView, PathPreview]
) -> None:
    """Board, whole course, preview, a loop with a wreck and a mine: every label drawn stays
    at least 11 px high when the image is shown 400 px wide."""
    drawings: list[Callable[[], bytes]] = [
        lambda: render_rushncrush(mid_view),
        lambda: render_rushncrush(mid_view, whole_course=True),
        lambda: render_rnc_preview(*planned),
        lambda: render_rushncrush(_loop_with_wreck_and_mine()),
        lambda: render_rushncrush(SPEC.view(_race(6, 3, 0), None), whole_course=True),
    ]
    for draw in drawings:
        labels, width = _labels(draw)
        smallest = min(labels, key=lambda label: label.size)
        assert smallest.size >= min_label_px(width), (smallest, width)


def test_key_explains_the_symbols_shown_and_how_the_road_reads() -> None:
    """A board with a wreck and a mine names them in its key, says which way the folded road
    reads, and spells out every equipment letter of the cards."""
    labels, _ = _labels(lambda: render_rushncrush(_loop_with_wreck_and_mine()))
    text = " ".join(label.text for label in labels)
    assert "Key" in text and "car to move" in text
    assert "mine" in text and "wreck" in text
    assert "bottom to top" in text or "runs up" in text
    for code, name in ITEM_NAMES.items():
        assert f"{code} {name}" in text
