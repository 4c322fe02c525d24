"""Rush 'n' Crush images keep one size through a turn (issue 26): the buttons under an image
stay under the player's thumb from one step to the next (the path previews, and the turn
message's board from the gear step to the path step)."""

from __future__ import annotations

import io

from PIL import Image

from games.engine import Player, Rng
from games.rushncrush import (
    SPEC,
    GearAction,
    MoveAction,
    RncOptions,
    RncState,
    parse_path,
    preview_partial,
    preview_path,
)
from render.rushncrush import render_rnc_preview, render_rushncrush

SEATS = 6
SEED = 5


def _fast_move_phase() -> RncState:
    """A six-car race a few rounds in, its mover having chosen their fastest gear."""
    seats = [Player(id=100 + i, name=f"Driver {i}") for i in range(SEATS)]
    state = SPEC.setup(seats, RncOptions(), Rng(SEED))
    for step in range(1, 60):
        (player,) = SPEC.active_players(state)
        action = SPEC.policy(state, player, Rng(step))
        state = SPEC.apply(state, player, action, Rng(1000 + step)).state
        turn = state.turn
        if step > 30 and turn is not None and turn.phase == "gear":
            break
    assert state.turn is not None and state.turn.phase == "gear"
    player = state.turn.player
    gears = [a for a in SPEC.legal_actions(state, player) if isinstance(a, GearAction)]
    for gear in sorted(gears, key=lambda a: -a.speed):
        moved = SPEC.apply(state, player, gear, Rng(SEED)).state
        if moved.turn is not None and moved.turn.phase == "move":
            return moved
    raise AssertionError("no gear choice leaves the car driving")


def _size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        return image.size


def test_every_preview_of_a_turn_has_the_same_size() -> None:
    """Each suggested path, and each step of building it, draws at one width and height."""
    state = _fast_move_phase()
    assert state.turn is not None
    player = state.turn.player
    view = SPEC.view(state, None)
    paths = [a.path for a in SPEC.legal_actions(state, player) if isinstance(a, MoveAction)]
    previews = [preview_partial(state, player, "")]
    for path in paths:
        tokens = parse_path(path)
        previews += [preview_partial(state, player, "".join(tokens[:n])) for n in (1, 2)]
        previews.append(preview_path(state, player, path))
    sizes = {_size(render_rnc_preview(view, preview)) for preview in previews}
    assert len(sizes) == 1, sorted(sizes)


def test_the_board_keeps_its_size_from_the_gear_step_to_the_path_step() -> None:
    """Every turn of a six-car race: the board after the gear choice is drawn at the size of
    the board that asked for it (the turn message is edited in place)."""
    seats = [Player(id=100 + i, name=f"Driver {i}") for i in range(SEATS)]
    state = SPEC.setup(seats, RncOptions(), Rng(SEED))
    changed = []
    for step in range(1, 120):
        if state.finished:
            break
        (player,) = SPEC.active_players(state)
        asking = state.turn is not None and state.turn.phase == "gear"
        before = _size(render_rushncrush(SPEC.view(state, None))) if asking else None
        action = SPEC.policy(state, player, Rng(step))
        state = SPEC.apply(state, player, action, Rng(1000 + step)).state
        driving = state.turn is not None and state.turn.phase == "move"
        if before is not None and isinstance(action, GearAction) and driving:
            after = _size(render_rushncrush(SPEC.view(state, None)))
            if after != before:
                changed.append((step, before, after))
    assert not changed, changed
