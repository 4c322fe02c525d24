"""The Drag Rage board: decoded and checked at known spots, never compared byte for byte."""

from __future__ import annotations

import io
import random

from PIL import Image

from games.dragrage import SPEC
from games.dragrage.state import Advance, DragRageView, LetsRoll
from games.engine import Player, Rng
from render.dragrage.board import (
    HEIGHT,
    LANE_H,
    LANE_TOP,
    WIDTH,
    _cell_x,
    car_x,
    render_dragrage,
    run_off_x,
)
from render.palette import DEFAULT_THEME
from tests.games.dragrage import helpers as dr

ALICE, BOB = Player(id=1, name="Alice"), Player(id=2, name="Bob")


def _view(moves: int, seed: int = 4) -> DragRageView:
    state = SPEC.setup((ALICE, BOB), SPEC.parse_options(None), Rng(seed))
    rnd = random.Random(seed)
    for step in range(moves):
        if SPEC.outcome(state) is not None:
            break
        actor = sorted(SPEC.active_players(state))[0]
        action = rnd.choice(list(SPEC.legal_actions(state, actor)))
        state = SPEC.apply(state, actor, action, Rng(step)).state
    return SPEC.view(state, None)


def _decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_board_is_a_phone_friendly_palette_png() -> None:
    """1280x680, palette mode, and far under the 150 KB budget mid-race."""
    data = render_dragrage(_view(9))
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == (WIDTH, HEIGHT)
    assert len(data) < 150_000


def test_each_car_is_drawn_in_its_players_colour_on_its_space() -> None:
    """The token centre of each lane's car has that seat's colour."""
    view = _view(9)
    image = _decode(render_dragrage(view))
    for lane, top in zip(view.lanes, LANE_TOP, strict=True):
        x0, x1 = _cell_x(view, lane.position, 1.0)
        colour = DEFAULT_THEME.player(lane.seat).colour
        cy = top + LANE_H / 2 + 6
        ring = [image.getpixel((round((x0 + x1) / 2) + dx, round(cy))) for dx in (-12, 12)]
        assert colour in ring, (lane.name, ring, colour)


def test_finish_line_is_chequered_after_space_22() -> None:
    """Both lanes show black and white squares right after space 22."""
    view = _view(0)
    image = _decode(render_dragrage(view))
    fx = _cell_x(view, view.finish_after, 1.0)[1]
    column = {image.getpixel((round(fx - 4), y)) for y in range(LANE_TOP[0], LANE_TOP[0] + 40)}
    assert DEFAULT_THEME.text in column and DEFAULT_THEME.background in column


def test_banner_shows_whose_turn_in_the_accent_colour() -> None:
    """The turn banner is drawn in the accent colour while the race is on."""
    image = _decode(render_dragrage(_view(3)))
    assert image.getpixel((WIDTH - 40, 50)) == DEFAULT_THEME.accent


def test_finished_race_banner_turns_green() -> None:
    """Once someone has won, the banner announces it in the 'good' colour."""
    view = _view(400)
    assert view.outcome is not None
    image = _decode(render_dragrage(view))
    assert image.getpixel((WIDTH - 40, 50)) == DEFAULT_THEME.good


def test_every_board_of_many_races_stays_under_budget() -> None:
    """No board of 20 random races exceeds 150 KB."""
    sizes = [len(render_dragrage(_view(m, seed))) for seed in range(4) for m in (0, 10, 30, 80)]
    assert max(sizes) < 150_000


def _all_counters_played() -> DragRageView:
    """A board where all eleven counters are down, three of them spun out."""
    from games.dragrage.state import CounterView, LaneView

    view = _view(0)
    plays = ((2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12))

    def lane(base: LaneView, values: tuple[int, ...]) -> LaneView:
        counters = tuple(
            CounterView(value=v, from_space=1, to_space=1 + v, spun_out=v in (5, 10, 12))
            for v in values
        )
        data = base.model_dump() | {"counters": counters, "counters_used": len(counters)}
        return LaneView.model_validate(data)

    lanes = (lane(view.lanes[0], plays[0]), lane(view.lanes[1], plays[1]))
    return DragRageView.model_validate(view.model_dump() | {"lanes": lanes, "free_counters": ()})


def test_board_with_every_counter_played_stays_under_budget() -> None:
    """All eleven counters down (some spun out) still encode under 150 KB."""
    data = render_dragrage(_all_counters_played())
    assert Image.open(io.BytesIO(data)).size == (WIDTH, HEIGHT)
    assert len(data) < 150_000


def test_half_scale_board_is_half_size() -> None:
    """scale=0.5 gives a 640x340 board."""
    image = Image.open(io.BytesIO(render_dragrage(_view(9), scale=0.5)))
    assert image.size == (WIDTH // 2, HEIGHT // 2)


def _overshoot_view() -> DragRageView:
    """Ann forced to burn the 9 from space 22 (to 31, a broken chute); Bob on 14."""
    ann = dr.lane(12, 10, 2, 11, spun=(12, 2))
    bob = dr.lane(3, 4, 6, 7, 5, 8, spun=(3, 4, 6, 7))
    state = dr.board(
        ann,
        bob,
        to_move=dr.ANN,
        challengeable=dr.last_move(dr.board(ann, bob, to_move=dr.ANN), dr.BOB),
    )
    assert SPEC.legal_actions(state, dr.ANN) == (Advance(counter=9), LetsRoll())
    return SPEC.view(dr.act(state, dr.ANN, Advance(counter=9)).state, None)


def test_overshooting_car_is_drawn_off_the_end_of_the_track() -> None:
    """A broken chute (space 31) sits in the run-off past space 26, on a vermillion block."""
    view = _overshoot_view()
    assert view.lanes[0].position == 31 and view.lanes[0].broken_chute
    image = _decode(render_dragrage(view))
    cy = LANE_TOP[0] + LANE_H / 2 + 6
    x = car_x(view, 31, 1.0)
    assert x > _cell_x(view, view.track_length, 1.0)[1]
    ring = [image.getpixel((round(x) + dx, round(cy))) for dx in (-16, 16)]
    assert DEFAULT_THEME.player(0).colour in ring
    x0, _ = run_off_x(1.0)
    assert image.getpixel((round(x0) + 6, LANE_TOP[0] + LANE_H - 8)) == DEFAULT_THEME.danger
    # Bob's run-off is empty: hatched, not a vermillion block.
    assert image.getpixel((round(x0) + 6, LANE_TOP[1] + LANE_H - 8)) != DEFAULT_THEME.danger


def test_overshoot_still_reads_at_phone_width() -> None:
    """Shrunk to 400 px wide, the run-off block is still a solid vermillion patch."""
    image = _decode(render_dragrage(_overshoot_view()))
    small = image.resize((400, round(400 * HEIGHT / WIDTH)))
    f = 400 / WIDTH
    x0, _ = run_off_x(1.0)
    patch = [
        small.getpixel((round((x0 + 8) * f) + dx, round((LANE_TOP[0] + LANE_H - 12) * f)))
        for dx in range(3)
    ]
    for pixel in patch:
        assert max(abs(a - b) for a, b in zip(pixel, DEFAULT_THEME.danger, strict=True)) < 24
