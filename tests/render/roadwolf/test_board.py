"""Road Wolf board, sheet and move preview, checked by decoding (never by comparing bytes)."""

from __future__ import annotations

import io
import statistics
import time

from PIL import Image

from render.fonts import MIN_PHONE_PX, phone_px
from render.palette import DEFAULT_THEME as THEME
from render.roadwolf import render_roadwolf_board, render_roadwolf_plan, render_roadwolf_sheet
from render.roadwolf.adapt import scene_of, sheet_of
from render.roadwolf.board import board_grid, seat_marker
from render.roadwolf.plan import plan_move
from render.roadwolf.scene import Rect
from render.roadwolf.sheet import sheet_marker
from render.shapes import Label, recording_text
from tests.render.roadwolf.views import ANN, BOB, chase

BUDGET = 150_000


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P"
    assert len(png) < BUDGET and image.width >= 600
    return image.convert("RGB")


def _labels(draw: object) -> tuple[bytes, list[Label]]:
    with recording_text() as labels:
        png = draw() if callable(draw) else b""
    return png, labels


def test_vehicles_show_their_sides_colour_at_their_footprint() -> None:
    """Rule 22 / 1.6: each vehicle sits on its footprint, in its side's colour."""
    view = chase()
    image = _image(render_roadwolf_board(view))
    grid = board_grid(scene_of(view))
    for letter, side in (("A", 0), ("C", 1)):
        v = next(v for v in view.vehicles if v.letter == letter)
        x0, y0, _x1, y1 = grid.box(Rect(v.x, v.y, v.w, v.h))
        # Left body edge, between the windscreen and the damage pips: the side's colour.
        at = (round(x0 + 6), round((y0 + y1) / 2))
        assert image.getpixel(at) == THEME.player(side).colour, letter


def test_turn_marker_lit_only_for_the_player_to_act() -> None:
    """The Runners' player is to act: Ann's chip is framed in the accent, Bob's is not."""
    view = chase()
    image = _image(render_roadwolf_board(view))
    scene = scene_of(view)
    assert image.getpixel(tuple(round(c) for c in seat_marker(scene, 0))) == THEME.accent
    assert image.getpixel(tuple(round(c) for c in seat_marker(scene, 1))) != THEME.accent


def test_window_shows_the_action_and_names_vehicles_beyond_it() -> None:
    """The default board is a window around the acting vehicle; the far bike G is named at the
    top edge ("ahead"), and whole_road draws all 48 rows."""
    view = chase()
    grid = board_grid(scene_of(view))
    assert grid.first <= 6 and grid.last >= 6 + 3 + 8 and grid.rows < 48
    png, labels = _labels(lambda: render_roadwolf_board(view))
    assert any(label.text.startswith("\u2191 ahead") and "G" in label.text for label in labels)
    whole = _image(render_roadwolf_board(view, whole_road=True))
    assert whole.height > _image(png).height
    assert board_grid(scene_of(view), whole_road=True).rows == 48


def test_every_label_reads_on_a_phone() -> None:
    """Every label of board, sheet and preview is at least 11 px at 400 px display width."""
    view = chase(viewer=ANN)
    for draw in (
        lambda: render_roadwolf_board(view),
        lambda: render_roadwolf_board(view, whole_road=True),
        lambda: render_roadwolf_sheet(view),
        lambda: render_roadwolf_plan(view, "A", "move", 2, 3),
    ):
        png, labels = _labels(draw)
        width = _image(png).width
        assert labels
        assert min(phone_px(label.size, width) for label in labels) >= MIN_PHONE_PX


def test_roster_lists_hits_crew_and_state_of_each_vehicle() -> None:
    """Damage, crew counts and states (abandoned, immobilized, wreck) are written out."""
    _, labels = _labels(lambda: render_roadwolf_board(chase()))
    text = " | ".join(label.text for label in labels)
    assert "Muscle Car · hits 1/3 · crew 2/3 · gear 1" in text and "Runners: Ann" in text
    assert "abandoned" in text and "immobilized" in text and "wreck" in text
    assert "2 actions left" in text


def test_sheet_names_own_hidden_tokens_and_lights_when_to_act() -> None:
    """The owner's sheet names its tokens (Veteran driving, Gunner, Nitro); the marker is lit
    for the player to act and dark for the other side's sheet."""
    png, labels = _labels(lambda: render_roadwolf_sheet(chase(viewer=ANN)))
    text = " | ".join(label.text for label in labels)
    assert "Veteran (driving)" in text and "Gunner" in text and "Nitro" in text
    image = _image(png)
    marker = sheet_marker(sheet_of(chase(viewer=ANN)))
    assert image.getpixel(tuple(round(c) for c in marker)) == THEME.accent
    bob = chase(viewer=BOB)
    image = _image(render_roadwolf_sheet(bob))
    assert image.getpixel(tuple(round(c) for c in sheet_marker(sheet_of(bob)))) != THEME.accent


def test_public_board_never_names_a_hidden_token() -> None:
    """The public board shows counts only: no token name appears on it."""
    _, labels = _labels(lambda: render_roadwolf_board(chase()))
    text = " ".join(label.text for label in labels).lower()
    assert not any(word in text for word in ("veteran", "gunner", "nitro", "shotgun"))


def test_preview_warns_of_a_ram_with_its_dice() -> None:
    """1.6: a hit is the sub-step before overlap; rule 36: the rammer rolls its size against
    the target's remaining hits. A moves right 2, forward 3 into the bike B."""
    plan = plan_move(chase(), "A", "move", 2, 3)
    assert plan.end != plan.wanted
    assert any("rams Street Bike B: your 3 dice against its 1" in w.text for w in plan.warnings)


def test_preview_warns_of_off_road_and_its_wipeout_check() -> None:
    """Rule 23: a non-Dirt vehicle ending with no part on the road makes a wipeout check,
    rolling 1 die per remaining hit against the road's 2 (rule 35)."""
    view = chase()
    plan = plan_move(view, "A", "move", -4, 0)
    assert plan.end == plan.wanted
    assert any("off-road: wipeout check, your 2 dice against the road's 2" in w.text
               for w in plan.warnings)  # fmt: skip
    assert (10, 12) in plan.reach and (10, 14) not in plan.reach


def test_board_and_preview_are_fast_and_small() -> None:
    """Board median well under 120 KB; board + preview well inside a 40 ms move budget."""
    view = chase(viewer=ANN)
    sizes, times = [], []
    for _ in range(10):
        t0 = time.perf_counter()
        png = render_roadwolf_board(view)
        render_roadwolf_plan(view, "A", "move", 1, 3)
        times.append(time.perf_counter() - t0)
        sizes.append(len(png))
    assert statistics.median(sizes) < 120_000
    assert statistics.median(times) < 0.2
