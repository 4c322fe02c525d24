"""One render conformance test for every registered game (the render layer's random simulation).

Seeded random legal playouts, for several player counts including each game's maximum; for a
sample of the states (every 7th, and the last) the public board from `view(state, None)` and,
where the game has a sheet renderer, every seated player's sheet from `view(state, player)` must
be a palette PNG within the typical budget, at least phone-wide, and show whose turn it is: each
player's turn marker is in the accent colour exactly while `active_players(state)` names them,
so for nobody once the game is over. Every label drawn (all text goes through
`render.shapes.draw_text`, which `recording_text` watches) must stay at least 11 px high when the
image is shown 400 px wide, as Discord shows it on a phone.
"""

from __future__ import annotations

import io
import random
import statistics
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from PIL import Image

from games.apocalypseroad.model import ArView
from games.dragrage.state import DragRageView
from games.engine import Player, PlayerId, Rng
from games.registry import GAMES, AnySpec
from games.roadwolf.model import RwView
from games.rushncrush.view import RncView
from games.spacetruckin.view import SpaceTruckinView
from render.apocalypseroad.adapt import scene as ar_scene
from render.apocalypseroad.board import panel_top as ar_panel_top
from render.apocalypseroad.board import scene_layout as ar_scene_layout
from render.apocalypseroad.layout import PAD as AR_PAD
from render.apocalypseroad.panel import team_box as ar_team_box
from render.apocalypseroad.sheet import sheet_layout as ar_sheet_layout
from render.dragrage.layout import player_card_box
from render.fonts import MIN_PHONE_PX, PHONE_WIDTH, phone_px
from render.palette import DEFAULT_THEME as THEME
from render.registry import RENDERERS
from render.roadwolf.adapt import scene_of as rw_scene
from render.roadwolf.adapt import sheet_of as rw_sheet
from render.roadwolf.board import seat_marker as rw_seat_marker
from render.roadwolf.sheet import sheet_marker as rw_sheet_marker
from render.rushncrush.banner import CONTENT_W, PAD
from render.rushncrush.board import board_layout
from render.rushncrush.cards import CARD_GAP, CARD_H
from render.shapes import Label, recording_text
from render.spacetruckin.board import trucker_row_box
from render.spacetruckin.common import PAD as ST_PAD
from render.spacetruckin.sheet import sheet_layout
from tests.games.variants import options_for

BUDGET = 150_000
"""Bytes: a typical board or sheet (DESIGN.md, Rendering)."""
MIN_WIDTH = 600
EVERY = 7
SAMPLES = 20
"""States drawn per game at least: enough playouts are played to sample this many."""
MAX_STEPS = 2000

Point = tuple[float, float]


def _dragrage_board(view: DragRageView, width: int) -> dict[PlayerId, Point]:
    """The driver's card, right of the strip, has a thick accent frame on their turn."""
    markers = {}
    for lane in view.lanes:
        x0, y0, _, y1 = player_card_box(view, lane.seat)
        markers[lane.id] = (x0 + 1, (y0 + y1) / 2)
    return markers


def _rushncrush_board(view: RncView, width: int) -> dict[PlayerId, Point]:
    """The car's dashboard card (leader first, under the road) has a thick accent frame."""
    layout = board_layout(view)
    x = (width - CONTENT_W) / 2 + 1
    top = layout.top + layout.height + PAD
    cards = sorted(view.cars, key=lambda c: c.place)
    return {c.player: (x, top + i * (CARD_H + CARD_GAP) + CARD_H / 2) for i, c in enumerate(cards)}


def _spacetruckin_board(view: SpaceTruckinView, width: int) -> dict[PlayerId, Point]:
    """The trucker's row (seat order) has a thick accent frame while they owe a move."""
    rows = {t.id: trucker_row_box(view.public, i) for i, t in enumerate(view.public.truckers)}
    return {player: (x0 + 1, (y0 + y1) / 2) for player, (x0, y0, _, y1) in rows.items()}


def _roadwolf_board(view: RwView, width: int) -> dict[PlayerId, Point]:
    """Each seated player's chip in the banner has a thick accent frame while they must act."""
    scene = rw_scene(view)
    return {seat.player: rw_seat_marker(scene, i) for i, seat in enumerate(scene.seats)}


def _roadwolf_sheet(view: RwView) -> Point:
    """The "what to do now" box under the sheet's title is framed in the accent."""
    return rw_sheet_marker(rw_sheet(view))


def _spacetruckin_sheet(view: SpaceTruckinView) -> Point:
    """The "next move" box at the top of the sheet is framed in the accent when it is yours."""
    layout = sheet_layout(view)
    return (ST_PAD + 1, layout.prompt_top + layout.prompt_h / 2)


def _apocalypseroad_board(view: ArView, width: int) -> dict[PlayerId, Point]:
    """The team's card (seat order, two per row, under the track) has a thick accent frame."""
    scene = ar_scene(view)
    top = ar_panel_top(scene, ar_scene_layout(scene), width)
    boxes = {t.player: ar_team_box(i, top, width) for i, t in enumerate(view.teams)}
    return {player: (x0 + 1, (y0 + y1) / 2) for player, (x0, y0, _, y1) in boxes.items()}


def _apocalypseroad_sheet(view: ArView) -> Point:
    """The "now" box at the top of the sheet is framed in the accent when it is yours."""
    layout = ar_sheet_layout(view)
    return (AR_PAD + 1, layout.now_top + layout.now_h / 2)


BOARD_MARKERS: dict[str, Callable[[Any, int], dict[PlayerId, Point]]] = {
    "apocalypseroad": _apocalypseroad_board,
    "dragrage": _dragrage_board,
    "roadwolf": _roadwolf_board,
    "rushncrush": _rushncrush_board,
    "spacetruckin": _spacetruckin_board,
}
"""Per game: each player's turn-marker pixel on the public board (given the view and width)."""
SHEET_MARKERS: dict[str, Callable[[Any], Point]] = {
    "roadwolf": _roadwolf_sheet,
    "apocalypseroad": _apocalypseroad_sheet,
    "spacetruckin": _spacetruckin_sheet,
}
"""Per game with a sheet renderer: the pixel of the viewer's own turn marker on their sheet."""


def _player_counts(spec: AnySpec) -> list[int]:
    return sorted({spec.min_players, (spec.min_players + spec.max_players) // 2, spec.max_players})


def _players(count: int) -> list[Player]:
    return [Player(id=1000 + i, name=f"Player {i + 1}") for i in range(count)]


def _playout(spec: AnySpec, count: int, seed: int) -> list[Any]:
    """A seeded random legal game to its end; every state, the setup first."""
    rnd = random.Random(seed)
    state = spec.setup(_players(count), options_for(spec, seed), Rng.for_step(seed, 0))
    states = [state]
    for step in range(1, MAX_STEPS + 1):
        if spec.outcome(state) is not None:
            return states
        actor = rnd.choice(sorted(spec.active_players(state)))
        action = rnd.choice(list(spec.legal_actions(state, actor)))
        state = spec.apply(state, actor, action, Rng.for_step(seed, step)).state
        states.append(state)
    pytest.fail(f"{spec.key}: {count} players, seed {seed}: no outcome after {MAX_STEPS} steps")


def _sampled_states(spec: AnySpec) -> Iterator[tuple[str, frozenset[PlayerId], Any]]:
    """Every 7th state and the last of playouts over every player count until enough drawn."""
    drawn = 0
    seed = 0
    while drawn < SAMPLES:
        for count in _player_counts(spec):
            states = _playout(spec, count, seed)
            picked = states[::EVERY] + ([states[-1]] if (len(states) - 1) % EVERY else [])
            for i, state in enumerate(picked):
                seated = frozenset(p.id for p in _players(count))
                yield f"{count} players, seed {seed}, sample {i}", seated, state
                drawn += 1
        seed += 1


def _decode(png: bytes, where: str) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P", f"{where}: not a palette PNG"
    assert len(png) < BUDGET, f"{where}: {len(png):,} bytes, over the {BUDGET:,} budget"
    assert image.width >= MIN_WIDTH, f"{where}: {image.width} px wide"
    return image.convert("RGB")


def _drawn(draw: Callable[[], bytes]) -> tuple[bytes, list[Label]]:
    """The PNG and every label drawn into it."""
    with recording_text() as labels:
        png = draw()
    return png, labels


def _assert_legible(labels: list[Label], width: int, where: str) -> float:
    """No label under 11 px at phone width; returns the smallest, in phone pixels."""
    assert labels, f"{where}: no text drawn through render.shapes.draw_text"
    smallest = min(labels, key=lambda label: label.size)
    shown = phone_px(smallest.size, width)
    assert shown >= MIN_PHONE_PX, (
        f"{where}: {smallest.text!r} is {smallest.size:g} px on a {width} px wide image, "
        f"{shown:.1f} px at {PHONE_WIDTH} px wide (at least {MIN_PHONE_PX})"
    )
    return shown


def _is_accent(image: Image.Image, at: Point) -> bool:
    return image.getpixel((round(at[0]), round(at[1]))) == THEME.accent


@pytest.fixture(params=sorted(GAMES), ids=str)
def spec(request: pytest.FixtureRequest) -> AnySpec:
    return GAMES[request.param]


def test_every_registered_game_has_renderers() -> None:
    """render.registry lists exactly the games of games.registry, each with a board renderer."""
    assert sorted(RENDERERS) == sorted(GAMES)
    assert all(callable(r.board) for r in RENDERERS.values())


def test_games_with_private_views_have_a_sheet_renderer(spec: AnySpec) -> None:
    """A game that hides information has a sheet renderer for a player's own view; no other."""
    assert (RENDERERS[spec.key].sheet is not None) == spec.has_private_views


def test_random_positions_draw_in_budget_and_show_whose_turn(spec: AnySpec) -> None:
    """Sampled boards and sheets: palette PNGs under 150 KB, >= 600 px wide, every label at
    least 11 px at phone width, the turn marker in the accent colour exactly for the players to
    act (for nobody once the game is over)."""
    renderers = RENDERERS[spec.key]
    board_marker = BOARD_MARKERS.get(spec.key)
    sheet_marker = SHEET_MARKERS.get(spec.key)
    assert board_marker is not None, f"say where {spec.key}'s board shows whose turn it is"
    assert renderers.sheet is None or sheet_marker is not None, f"and on {spec.key}'s sheet"
    sizes: list[int] = []
    smallest: list[float] = []
    seen_active = seen_over = 0
    for where, seated, state in _sampled_states(spec):
        active = spec.active_players(state)
        over = spec.outcome(state) is not None
        seen_active += bool(active)
        seen_over += over
        view = spec.view(state, None)
        png, labels = _drawn(partial(renderers.board, view))
        sizes.append(len(png))
        image = _decode(png, f"{spec.key} board, {where}")
        smallest.append(_assert_legible(labels, image.width, f"{spec.key} board, {where}"))
        markers = board_marker(view, image.width)
        assert markers.keys() == seated, f"{spec.key} board, {where}: a marker per seated player"
        for player, at in markers.items():
            shown = _is_accent(image, at)
            assert shown == (player in active), (
                f"{spec.key} board, {where}: turn marker of {player} "
                f"{'lit' if shown else 'dark'}, active players {sorted(active)}"
            )
        if renderers.sheet is None or sheet_marker is None:
            continue
        for player in sorted(seated):
            own = spec.view(state, player)
            png, labels = _drawn(partial(renderers.sheet, own))
            sizes.append(len(png))
            image = _decode(png, f"{spec.key} sheet of {player}, {where}")
            smallest.append(_assert_legible(labels, image.width, f"{spec.key} sheet, {where}"))
            shown = _is_accent(image, sheet_marker(own))
            assert shown == (player in active), (
                f"{spec.key} sheet of {player}, {where}: turn marker "
                f"{'lit' if shown else 'dark'}, active players {sorted(active)}"
            )
    assert seen_active and seen_over, "the sample must hold positions in play and games over"
    print(
        f"\n{spec.key}: {len(sizes)} images, median {statistics.median(sizes) / 1000:.1f} KB, "
        f"max {max(sizes) / 1000:.1f} KB, smallest label {min(smallest):.1f} px at phone width"
    )
