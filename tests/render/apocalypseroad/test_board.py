"""Apocalypse Road board, sheet and preview images, checked by decoding (never by bytes)."""

from __future__ import annotations

import io
import statistics
import time

from PIL import Image

from games.apocalypseroad import SPEC
from games.apocalypseroad.choices import move_results, planned
from games.apocalypseroad.data import RACE_CARDS, card_name
from games.apocalypseroad.model import CardView, PlayCard, Prompt
from games.engine import Player, Rng
from render.apocalypseroad import (
    render_apocalypseroad,
    render_apocalypseroad_preview,
    render_apocalypseroad_sheet,
)
from render.apocalypseroad.adapt import scene, track_shape
from render.apocalypseroad.board import panel_top, scene_layout
from render.apocalypseroad.cars import seat_style
from render.apocalypseroad.extras import move_trails
from render.apocalypseroad.panel import team_box
from render.apocalypseroad.sheet import sheet_layout
from render.fonts import MIN_PHONE_PX, phone_px
from render.palette import DEFAULT_THEME as THEME
from render.shapes import Label, recording_text
from tests.render.apocalypseroad.helpers import on_grid, scattered, view_of

BUDGET = 150_000


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P"
    assert len(png) < BUDGET and image.width >= 600
    return image.convert("RGB")


def _smallest(labels: list[Label], width: int) -> float:
    return min(phone_px(label.size, width) for label in labels)


def _hand() -> tuple[CardView, ...]:
    cards = (RACE_CARDS[i] for i in (0, 20, 45, 60, 75, 88))
    return tuple(
        CardView(id=c.id, name=card_name(c.id), movement=c.movement, diagonal=c.diagonal,
                 speed=c.speed, starburst=c.starburst)
        for c in cards
    )  # fmt: skip


def test_track_shape_comes_from_the_track_data() -> None:
    """Digest 4.3e: 36 sectors; 8-11 three lanes, 10-15 two, 28-30 one (the chicane); the Jump
    20-22 has the Trough in the middle lane; Rough 16-19; the figure-8 crosses 13-14 with 25-26."""
    oval = track_shape("oval")
    assert len(oval.sectors) == 36
    assert [len(oval.sectors[s]) for s in (0, 12, 29)] == [3, 2, 1]
    assert oval.sectors[21] == ("jump", "trough", "jump")
    assert set(oval.sectors[17]) == {"rough"}
    eight = track_shape("figure8")
    assert eight.sectors[13] == ("crossover", "crossover")
    assert eight.crossing_of(13) in (25, 26)


def test_ten_teams_draw_in_budget_with_readable_labels() -> None:
    """Ten teams, forty cars: a palette PNG under 150 KB, >= 600 px, labels >= 11 px on a phone."""
    view = scattered(10, 1)
    with recording_text() as labels:
        png = render_apocalypseroad(view)
    image = _image(png)
    assert _smallest(labels, image.width) >= MIN_PHONE_PX
    drawn = {label.text for label in labels}
    assert {c.label for c in view.cars} <= drawn, "every car carries its team letter and number"


def test_turn_marker_lit_exactly_for_the_players_to_act() -> None:
    """The team card's left frame edge is in the accent colour only for whoever must act, so a
    simultaneous prompt lights several at once."""
    base = scattered(6, 4)
    prompt = Prompt(kind="discard", players=(1001, 1003, 1004), text="discard any cards")
    view = base.model_copy(update={"prompt": prompt})
    image = _image(render_apocalypseroad(view))
    s = scene(view)
    top = panel_top(s, scene_layout(s), image.width)
    for i, team in enumerate(view.teams):
        x0, y0, _, y1 = team_box(i, top, image.width)
        lit = image.getpixel((round(x0 + 1), round((y0 + y1) / 2))) == THEME.accent
        assert lit == (team.player in prompt.players), team.name


def test_window_shows_the_pack_and_the_whole_track_on_request() -> None:
    """Cars bunched in a few sectors: the board shows those sectors, not all 36; whole_track
    shows every sector (and the grid while cars stand on it)."""
    view = scattered(2, 5)
    few = tuple(c.model_copy(update={"sector": 3 + i % 4, "lane": i % 3 if 3 + i % 4 < 8 else 0})
                for i, c in enumerate(view.cars))  # fmt: skip
    bunched = view.model_copy(update={"cars": few, "last": None})
    layout = scene_layout(scene(bunched))
    assert 3 in layout.sectors and 6 in layout.sectors
    assert len(layout.sectors) < 36
    whole = scene_layout(scene(bunched), whole_track=True)
    assert len(whole.sectors) == 36 and not whole.grid, "the grid only while it holds cars"


def test_cars_on_the_grid_show_the_grid() -> None:
    """At the start all forty cars stand on the grid (rule 6): the grid block is drawn."""
    view = on_grid(10)
    layout = scene_layout(scene(view))
    assert layout.grid
    image = _image(render_apocalypseroad(view))
    car = view.cars[0]
    box = layout.grid_box(1)
    # Position 1 holds team A's first car: its counter is filled in seat 1's colour.
    colour = seat_style(car.team, THEME).colour
    inside = [image.getpixel((round(box[0] + dx), round(box[1] + 8))) for dx in range(8, 30)]
    assert colour in inside


def test_activated_cars_are_hollow() -> None:
    """A car that has moved this turn is drawn hollow (its counter flipped), one still to move
    filled, so the state reads without colour."""
    view = scattered(2, 6)
    image = _image(render_apocalypseroad(view.model_copy(update={"last": None})))
    layout = scene_layout(scene(view.model_copy(update={"last": None})))
    for car, mark in zip(view.cars, scene(view).cars, strict=True):
        box = layout.spot_box(mark.spot)
        assert box is not None
        x0, y0, x1, _ = box
        pixel = image.getpixel((round(x0 + (x1 - x0) * 0.2), round(y0 + (x1 - x0) * 0.25)))
        filled = pixel == seat_style(car.team, THEME).colour
        assert filled == (not car.activated), car.label


def test_sheet_shows_the_hand_and_marks_the_players_turn() -> None:
    """The sheet shows the viewer's cards (numbered for the menu) and lights its 'now' box only
    when the viewer must act."""
    view = scattered(4, 3).model_copy(update={"viewer": 1000, "hand": _hand()})
    for actor, lit in ((1000, True), (1002, False)):
        prompt = Prompt(kind="play", players=(actor,), text="play a race card")
        own = view.model_copy(update={"prompt": prompt})
        with recording_text() as labels:
            png = render_apocalypseroad_sheet(own)
        image = _image(png)
        assert _smallest(labels, image.width) >= MIN_PHONE_PX
        layout = sheet_layout(own)
        at = (15, round(layout.now_top + layout.now_h / 2))
        assert (image.getpixel(at) == THEME.accent) == lit
        texts = {label.text for label in labels}
        assert {"Solo", "+2"} <= texts or {"Line", "+1"} <= texts


def test_preview_draws_a_candidate() -> None:
    """A preview is a small, readable image of the planned end spaces."""
    view = scattered(10, 1)
    a = view.cars[0]
    path = [(a.sector, a.lane), ((a.sector + 1) % 36, a.lane)]
    with recording_text() as labels:
        png = render_apocalypseroad_preview(view, {a.id: path}, title="A1: option 1 of 3",
                                            notes=["ends 1 sector ahead"])  # fmt: skip
    image = _image(png)
    assert _smallest(labels, image.width) >= MIN_PHONE_PX


def test_ten_player_board_is_fast_and_small() -> None:
    """Budget (issue 12): board median under 120 KB; drawing stays in milliseconds."""
    views = [scattered(10, seed) for seed in range(8)]
    sizes, times = [], []
    for view in views:
        start = time.perf_counter()
        png = render_apocalypseroad(view)
        times.append(time.perf_counter() - start)
        sizes.append(len(png))
    assert statistics.median(sizes) < 120_000
    assert statistics.median(times) < 0.25
    print(f"\nboard 10p: median {statistics.median(sizes) / 1000:.1f} KB, "
          f"{statistics.median(times) * 1000:.1f} ms")  # fmt: skip


def test_view_helpers_make_valid_views() -> None:
    """Sanity: the hand-built views validate as ArView."""
    assert view_of(2, (), seed=0).teams[1].letter == "B"


def test_chute_trough_and_spun_cars_are_drawn() -> None:
    """Rule 33: a replacement waits in the Chute (beside the apron of the sector past the line);
    rule 26: several cars in one Trough space are stacked; Spin-Around puts a car beside the
    track. Each shows as a counter in its team colour."""
    from tests.render.apocalypseroad.helpers import car_view

    cars = (
        car_view(0, 1, "chute", 0, 0),
        car_view(1, 3, "track", 21, 1, trough=True),
        car_view(0, 4, "track", 21, 1, trough=True),
        car_view(1, 8, "off", 5, -1, spun=True),
        car_view(0, 3, "track", 4, 0),
    )
    view = view_of(2, cars, seed=1)
    view = view.model_copy(update={"last": None})
    s = scene(view)
    layout = scene_layout(s)
    image = _image(render_apocalypseroad(view))
    for mark in s.cars:
        box = layout.spot_box(mark.spot)
        assert box is not None, mark
        x0, y0, x1, y1 = box
        colour = seat_style(mark.seat, THEME).colour
        pixels = {
            image.getpixel((round(x), round(y)))
            for x in range(round(x0), round(x1), 3)
            for y in range(round(y0), round(y1), 3)
            if 0 <= x < image.width and 0 <= y < image.height
        }
        assert colour in pixels, mark


def test_team_cards_show_vp_scored_of_the_goal() -> None:
    """Issue 26: each team card shows the VP scored and the goal ("4/12 VP"), never the VP
    still in the pool (a winner's card read "VP 0")."""
    view = scattered(4, 3)
    with recording_text() as labels:
        render_apocalypseroad(view)
    drawn = {label.text for label in labels}
    assert {f"{12 - t.pool}/12 VP" for t in view.teams} <= drawn, drawn


def test_each_kind_of_image_keeps_its_size_through_a_turn() -> None:
    """Issue 26: the board, the hand and the move previews each keep one width and height
    through a ten-team turn (the image jumped from 1,079 to 1,291 px between steps and the
    buttons under it moved)."""
    players = tuple(Player(id=i + 1, name=f"Racer {i + 1}") for i in range(10))
    state = SPEC.setup(players, SPEC.parse_options({"pick_cars": False}), Rng.for_step(3, 0))
    sizes: dict[str, set[tuple[int, int]]] = {"board": set(), "hand": set(), "preview": set()}
    for step in range(1, 13):
        actor = sorted(SPEC.active_players(state))[0]
        sizes["board"].add(_size(render_apocalypseroad(SPEC.view(state, None))))
        sizes["hand"].add(_size(render_apocalypseroad_sheet(SPEC.view(state, actor))))
        action = SPEC.policy(state, actor, Rng(step))  # type: ignore[misc]
        if isinstance(action, PlayCard):
            plan = planned(state, actor, action.card, action.car, action.ram_lead)
            for result in move_results(plan, 200)[:3]:
                trails = move_trails(plan, result.path)
                png = render_apocalypseroad_preview(SPEC.view(state, actor), trails, title="move")
                sizes["preview"].add(_size(png))
        state = SPEC.apply(state, actor, action, Rng.for_step(3, step)).state
    assert all(len(found) == 1 for found in sizes.values()), sizes


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_damage_and_team_cards_read_whole_on_a_phone() -> None:
    """Issue 26: a damaged car shows its damage in words ("3/6") at a size a phone 400 px wide
    reads (six pips did not), and ten team cards show every name whole ("Race B…" was cut)."""
    view = scattered(10, 1)
    with recording_text() as labels:
        png = render_apocalypseroad(view)
    damaged = {f"{c.damage}/6" for c in view.cars if c.damage and c.place in ("track", "grid")}
    assert damaged, "the scene has damaged cars"
    found = [label for label in labels if label.text in damaged]
    assert {label.text for label in found} == damaged
    assert _smallest(found, _image(png).width) >= MIN_PHONE_PX
    drawn = {label.text for label in labels}
    assert {t.name for t in view.teams} <= drawn, drawn
