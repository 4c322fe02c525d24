"""Space Truckin' renderers: decoded PNGs from views of real games (never byte comparisons)."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image

from games.engine import LoadedDice, Rng
from games.spacetruckin import SPEC, legal_placements
from games.spacetruckin.models import Pip, SpaceTruckinOptions, SpaceTruckinState, Stop
from games.spacetruckin.sheet import destroyed
from games.spacetruckin.view import SpaceTruckinView
from render.fonts import min_label_px
from render.palette import DEFAULT_THEME as THEME
from render.palette import RGB
from render.shapes import Box, recording_text
from render.spacetruckin import render_spacetruckin_board, render_spacetruckin_sheet
from render.spacetruckin.board import banner_box, chart_card_box, trucker_row_box
from render.spacetruckin.common import SYSTEM_COLOURS
from render.spacetruckin.grid import preview_cells
from render.spacetruckin.prompt import prompt
from render.spacetruckin.sheet import sheet_layout
from tests.games.spacetruckin.helpers import at_location, built_sheet, players, shipyard_state
from tests.games.spacetruckin.test_playouts import _prudent

P1, P2 = 100, 101
BUDGET = 150_000


def _png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img


def _rgb(img: Image.Image, xy: tuple[float, float]) -> RGB:
    pixel = img.convert("RGB").getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(pixel, tuple)
    return (pixel[0], pixel[1], pixel[2])


def _at(box: Box, fx: float, fy: float) -> tuple[float, float]:
    """The point a fraction (fx, fy) across `box`."""
    return box[0] + (box[2] - box[0]) * fx, box[1] + (box[3] - box[1]) * fy


@cache
def _delivering() -> SpaceTruckinState:
    """Two truckers at A, both owing their first fill (dice 1, 2 for P1)."""
    state = shipyard_state(
        (built_sheet(P1, "Countess", "Grizzled"), built_sheet(P2, "Mauler", "Smuggler"))
    )
    state = SPEC.apply(state, P1, Stop(), Rng(0)).state
    return SPEC.apply(state, P2, Stop(), LoadedDice([1, 2, 3, 4])).state


@cache
def _mid_game() -> SpaceTruckinState:
    """P1 has filled three rolls at A while P2 has not moved: a busy sheet and a split table."""
    state = _delivering()
    for step in range(3):
        action = SPEC.legal_actions(state, P1)[0]
        state = SPEC.apply(state, P1, action, Rng.for_step(7, step)).state
    return state


@cache
def _placing() -> SpaceTruckinState:
    """A real game from setup, driven by first legal actions to P1's first `place` decision."""
    state = SPEC.setup(players(2), SpaceTruckinOptions(), Rng.for_step(3, 0))
    for step in range(1, 200):
        sheet = next(s for s in state.sheets if s.player == P1)
        if state.phase == "shipyard" and sheet.stage == "place":
            return state
        actor = min(SPEC.active_players(state))
        legal = [a for a in SPEC.legal_actions(state, actor) if a.kind != "stop"]
        state = SPEC.apply(state, actor, legal[0], Rng.for_step(3, step)).state
    raise AssertionError("never reached a placement")


def _finished() -> SpaceTruckinState:
    """The delivering table after P2's truck is lost: P1 is the last trucker standing."""
    state = _delivering()
    sheets = tuple(
        s.model_copy(update={"status": "lost", "stage": "out", "reason": "test"})
        if s.player == P2
        else s
        for s in state.sheets
    )
    state = SpaceTruckinState.model_validate({**state.model_dump(), "sheets": sheets})
    # Eliminations are settled at the next sync point: P1 plays on carefully until then.
    for step in range(1, 40):
        legal = list(SPEC.legal_actions(state, P1))
        state = SPEC.apply(state, P1, _prudent(state, P1, legal)[0], Rng(step)).state
        if state.result is not None:
            return state
    raise AssertionError("P1 never became the last trucker standing")


# --- public board --------------------------------------------------------------------------


def test_board_is_a_palette_png_640_wide() -> None:
    """The board from the public view is a palette PNG, 640 px wide at scale 1."""
    img = _png(render_spacetruckin_board(SPEC.view(_mid_game(), None)))
    assert img.mode == "P" and img.width == 640


def test_board_scale_halves_the_size() -> None:
    """scale=0.5 draws the same board at half the width."""
    img = _png(render_spacetruckin_board(SPEC.view(_mid_game(), None), scale=0.5))
    assert img.width == 320


def test_board_ignores_private_sheets() -> None:
    """A player's view (which carries their sheet) draws exactly the public board."""
    state = _mid_game()
    public = _png(render_spacetruckin_board(SPEC.view(state, None)))
    private = _png(render_spacetruckin_board(SPEC.view(state, P1)))
    assert public.tobytes() == private.tobytes()


def test_board_highlights_the_current_location() -> None:
    """Location A, where the truckers are, has an accent frame; B does not."""
    view = SPEC.view(_mid_game(), None)
    img = _png(render_spacetruckin_board(view))
    assert _rgb(img, _at(chart_card_box(view.public, "A"), 0.0, 0.5)) == THEME.accent
    assert _rgb(img, _at(chart_card_box(view.public, "B"), 0.0, 0.5)) != THEME.accent


def test_board_frames_who_still_owes_a_move() -> None:
    """Both truckers owe their first fill at A: both rows (seat order) have an accent frame."""
    state = _delivering()
    view = SPEC.view(state, None)
    img = _png(render_spacetruckin_board(view))
    for index, _ in enumerate(view.public.truckers):
        left_edge = _at(trucker_row_box(view.public, index), 0.0, 0.5)
        assert _rgb(img, (left_edge[0] + 1, left_edge[1])) == THEME.accent


def test_board_does_not_frame_a_trucker_who_is_done() -> None:
    """A trucker with nothing left to do at this location gets no accent frame."""
    state = _delivering()
    for step in range(20):
        sheet = next(s for s in state.sheets if s.player == P1)
        if sheet.stage == "ready" or sheet.status != "playing":
            break
        state = SPEC.apply(state, P1, SPEC.legal_actions(state, P1)[0], Rng(step)).state
    view = SPEC.view(state, None)
    assert P1 not in view.public.waiting_for
    img = _png(render_spacetruckin_board(view))
    left_edge = _at(trucker_row_box(view.public, 0), 0.0, 0.5)
    assert _rgb(img, (left_edge[0] + 1, left_edge[1])) != THEME.accent


def test_board_shows_the_outcome_in_a_green_frame() -> None:
    """Once the game is over the banner is framed in the theme's "good" colour."""
    view = SPEC.view(_finished(), None)
    img = _png(render_spacetruckin_board(view))
    edge = _at(banner_box(view.public), 0.0, 0.5)
    assert _rgb(img, (edge[0] + 1, edge[1])) == THEME.good


def test_board_renders_every_phase_from_setup() -> None:
    """Captain, chart and shipyard boards all render (a real game from setup)."""
    state = SPEC.setup(players(3), SpaceTruckinOptions(), Rng.for_step(1, 0))
    seen = set()
    for step in range(1, 120):
        seen.add(state.phase)
        _png(render_spacetruckin_board(SPEC.view(state, None)))
        if state.phase == "shipyard":
            break
        actor = min(SPEC.active_players(state))
        state = SPEC.apply(state, actor, SPEC.legal_actions(state, actor)[0], Rng(step)).state
    assert {"captain", "chart", "shipyard"} <= seen


# --- private sheet -------------------------------------------------------------------------


def test_sheet_needs_a_players_view() -> None:
    """The spectator view has no sheet: rendering one is refused with a clear error."""
    with pytest.raises(ValueError, match="view\\(state, player"):
        render_spacetruckin_sheet(SPEC.view(_mid_game(), None))


def test_mid_game_sheet_is_a_small_palette_png() -> None:
    """A mid-game sheet is a palette PNG under the 150 KB budget."""
    data = render_spacetruckin_sheet(SPEC.view(_mid_game(), P1))
    img = _png(data)
    assert img.mode == "P" and img.width == 640
    assert len(data) < BUDGET


def test_sheet_cells_carry_their_system_colour() -> None:
    """A live piece's cells are painted in its system's colour (corner, away from the letter)."""
    view = SPEC.view(_mid_game(), P1)
    assert view.sheet is not None
    grid = sheet_layout(view).grid
    assert grid is not None
    img = _png(render_spacetruckin_sheet(view))
    for piece in view.sheet.pieces[:4]:
        colour, _ = SYSTEM_COLOURS[piece.system]
        for name in piece.cells:
            assert _rgb(img, _at(grid.box_of(name), 0.18, 0.82)) == colour, name


def test_destroyed_piece_is_struck_out() -> None:
    """A destroyed system's cells carry the red X, not their system colour."""
    sheet = destroyed(built_sheet(P1, "Countess", "Grizzled"), 0)
    view = SPEC.view(at_location(sheet, stage="fill", tasks=("fill",), dice=(3, 4)), P1)
    assert view.sheet is not None
    grid = sheet_layout(view).grid
    assert grid is not None
    img = _png(render_spacetruckin_sheet(view))
    cell = view.sheet.pieces[0].cells[0]
    assert _rgb(img, _at(grid.box_of(cell), 0.25, 0.25)) == THEME.danger


def test_open_pip_is_hollow_and_cargo_is_solid() -> None:
    """An open pip shows the cell colour at its centre; a loaded cargo pip is solid ink."""
    base = built_sheet(P1, "Countess", "Grizzled")
    cargo = next(p for p in base.pieces if p.system == "Cargo")
    pip = next(p for p in base.pips if p.cell in cargo.cells)
    loaded = base.model_copy(
        update={
            "pips": tuple(Pip(cell=p.cell, state="cargo") if p == pip else p for p in base.pips)
        }
    )
    colour, ink = SYSTEM_COLOURS["Cargo"]
    for sheet, expected in ((base, colour), (loaded, ink)):
        view = SPEC.view(at_location(sheet, stage="fill", tasks=("fill",), dice=(3, 4)), P1)
        grid = sheet_layout(view).grid
        assert grid is not None
        img = _png(render_spacetruckin_sheet(view))
        name = f"{chr(ord('A') + pip.cell[1])}{pip.cell[0] + 1}"
        assert _rgb(img, _at(grid.box_of(name), 0.7, 0.5)) == expected


def test_preview_place_paints_its_cells() -> None:
    """A Place from legal_placements is drawn over its four cells in the accent colour."""
    state = _placing()
    place = legal_placements(state, P1)[0]
    view = SPEC.view(state, P1)
    grid = sheet_layout(view).grid
    assert grid is not None
    img = _png(render_spacetruckin_sheet(view, preview=place))
    plain = _png(render_spacetruckin_sheet(view))
    assert view.sheet is not None
    cells = preview_cells(view.sheet, place)
    assert len(cells) == 4
    for name in cells:
        assert _rgb(img, _at(grid.box_of(name), 0.22, 0.78)) == THEME.accent
        assert _rgb(plain, _at(grid.box_of(name), 0.22, 0.78)) != THEME.accent


def test_preview_accepts_cell_names() -> None:
    """A preview given as cell names paints exactly those cells."""
    state = _placing()
    view = SPEC.view(state, P1)
    grid = sheet_layout(view).grid
    assert grid is not None
    img = _png(render_spacetruckin_sheet(view, preview=["D5", "D6"]))
    assert _rgb(img, _at(grid.box_of("D5"), 0.22, 0.78)) == THEME.accent
    assert _rgb(img, _at(grid.box_of("D7"), 0.22, 0.78)) != THEME.accent


def test_preview_as_one_string_is_refused() -> None:
    """A bare string is not taken for a list of one-letter cells."""
    with pytest.raises(TypeError):
        render_spacetruckin_sheet(SPEC.view(_placing(), P1), preview="D5")


def test_sheet_renders_for_every_player_and_phase_from_setup() -> None:
    """Every seat's sheet renders at every step of a real game up to the shipyard."""
    state = SPEC.setup(players(2), SpaceTruckinOptions(), Rng.for_step(5, 0))
    for step in range(1, 40):
        for seat in (P1, P2):
            assert len(render_spacetruckin_sheet(SPEC.view(state, seat))) < BUDGET
        if not SPEC.active_players(state):
            break
        actor = min(SPEC.active_players(state))
        state = SPEC.apply(state, actor, SPEC.legal_actions(state, actor)[0], Rng(step)).state


# --- what to do now ------------------------------------------------------------------------


def _view(state: SpaceTruckinState, player: int = P1) -> SpaceTruckinView:
    return SPEC.view(state, player)


def test_prompt_for_a_fill_names_both_dice() -> None:
    """At a fill the prompt asks to write the two dice and shows them."""
    ask = prompt(_view(_delivering()))
    assert ask.tone == "act"
    assert "die 1 (1)" in ask.lines[0] and "die 2 (2)" in ask.lines[0]
    assert [face for face, _ in ask.dice] == [1, 2]


def test_prompt_for_a_consequence_numbers_the_pieces() -> None:
    """At a consequence the pieces a die hits are outlined and piece numbers are drawn."""
    sheet = built_sheet(P1, "Countess", "Grizzled")
    state = at_location(sheet, stage="hit", tasks=("hit", "jump"), hit_dice=(1, 1))
    view = _view(state)
    assert view.sheet is not None
    ask = prompt(view)
    reactors = {c for p in view.sheet.pieces if p.system == "Reactor" for c in p.cells}
    assert reactors and ask.numbered and reactors <= set(ask.highlight)


def test_prompt_while_others_play_says_wait() -> None:
    """A trucker with nothing to do is told to wait."""
    state = _delivering()
    for step in range(20):
        sheet = next(s for s in state.sheets if s.player == P1)
        if sheet.stage == "ready" or sheet.status != "playing":
            break
        state = SPEC.apply(state, P1, SPEC.legal_actions(state, P1)[0], Rng(step)).state
    ask = prompt(_view(state))
    assert ask.tone in ("wait", "out")


def test_last_trucker_standing_is_tagged_as_the_winner() -> None:
    """The outcome's winner gets the green WON tag even though their status is still playing."""
    view = SPEC.view(_finished(), None)
    assert view.public.truckers[0].status == "playing"
    img = _png(render_spacetruckin_board(view))
    _, y0, x1, _ = trucker_row_box(view.public, 0)
    assert _rgb(img, (x1 - 18, y0 + 24)) == THEME.good


# --- phone width ---------------------------------------------------------------------------


def test_six_truckers_each_get_their_own_colour() -> None:
    """At a full table every trucker's token has a colour no other trucker has (seat 6 used to
    repeat seat 1's)."""
    state = SPEC.setup(players(6), SpaceTruckinOptions(), Rng.for_step(1, 0))
    view = SPEC.view(state, None)
    img = _png(render_spacetruckin_board(view)).convert("RGB")
    colours = []
    for seat, _ in enumerate(view.public.truckers):
        x0, y0, _, _ = trucker_row_box(view.public, seat)
        style = THEME.player(seat)
        around = {img.getpixel((round(x0 + 32 + dx), round(y0 + 32 + dy))) for dx in (-9, 0, 9)
                  for dy in (-9, 0, 9)}  # fmt: skip
        assert style.colour in around, seat
        colours.append(style.colour)
    assert len(set(colours)) == 6


def test_sheet_and_board_labels_read_at_phone_width_and_are_never_cut() -> None:
    """A delivery sheet (long captain text) and its board: every label at least 11 px when
    shown 400 px wide, and none cut short with an ellipsis."""
    state = _mid_game()
    for draw in (
        lambda: render_spacetruckin_sheet(SPEC.view(state, P1)),
        lambda: render_spacetruckin_board(SPEC.view(state, None)),
    ):
        with recording_text() as labels:
            img = _png(draw())
        assert min(label.size for label in labels) >= min_label_px(img.width)
        assert not [label.text for label in labels if label.text.endswith("…")]
