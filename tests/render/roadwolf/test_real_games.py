"""Road Wolf images of real positions (seeded games played by the rules' own policy)."""

from __future__ import annotations

import io

from PIL import Image

from games.engine import Player, Rng
from games.registry import GAMES
from games.roadwolf.model import MoveAction, RwState
from games.roadwolf.preview import preview
from render.roadwolf import render_roadwolf_preview
from render.roadwolf.adapt import scene_of
from render.roadwolf.board import board_grid
from render.roadwolf.extras import roadwolf_extras
from render.roadwolf.layout import MAX_WINDOW
from render.roadwolf.plan import plan_from_preview
from render.shapes import recording_text

SPEC = GAMES["roadwolf"]


def _game(mission: str, seed: int, players: int = 2) -> list[RwState]:
    seats = [Player(id=100 + i, name=f"P{i}") for i in range(players)]
    state = SPEC.setup(seats, SPEC.parse_options({"mission": mission}), Rng.for_step(seed, 0))
    states = [state]
    for step in range(1, 400):
        if SPEC.outcome(state) is not None:
            break
        actor = sorted(SPEC.active_players(state))[0]
        action = SPEC.policy(state, actor, Rng.for_step(seed, 10_000 + step))
        state = SPEC.apply(state, actor, action, Rng.for_step(seed, step)).state
        states.append(state)
    return states


def test_the_default_board_is_a_window_and_the_whole_road_on_request() -> None:
    """Every position of a game: at most 28 rows by default (the rest named at the edge),
    all 48 with whole_road."""
    for state in _game("INTERCEPTOR", 3):
        scene = scene_of(SPEC.view(state, None))
        assert board_grid(scene).rows <= MAX_WINDOW
        assert board_grid(scene, whole_road=True).rows == 48


def test_a_move_preview_draws_the_rules_own_preview() -> None:
    """The preview image of a move shows the rules' warnings word for word (a ram with its
    dice, off-road with its wipeout check), each numbered as on the road."""
    shown = 0
    for state in _game("THE PRESIDENT", 5):
        if state.phase != "play" or state.turn is None:
            continue
        actor = sorted(SPEC.active_players(state))[0]
        movers = [a for a in SPEC.legal_actions(state, actor) if isinstance(a, MoveAction)]
        for action in movers:
            kind = "brake" if action.kind == "brake" else "move"
            planned = preview(state, action.vehicle, kind, action.dx, action.dy)
            if not planned.warnings:
                continue
            with recording_text() as labels:
                png = render_roadwolf_preview(SPEC.view(state, actor), action.vehicle, planned)
            text = " | ".join(label.text for label in labels)
            for i, warning in enumerate(planned.warnings, start=1):
                assert f"{i}. {warning}" in text
            assert Image.open(io.BytesIO(png)).mode == "P"
            plan = plan_from_preview(SPEC.view(state, actor), action.vehicle, planned)
            assert plan.end.y == planned.ghost.y and plan.end.x == planned.ghost.x
            shown += 1
    assert shown, "the game offered no move with a warning"


def test_move_extras_draw_one_preview_per_move_and_nothing_else() -> None:
    """The benchmark's move_extras: a MOVE draws its preview; a shot or a purchase, nothing."""
    states = _game("INTERCEPTOR", 7)
    counted = {"move": 0, "other": 0}
    for state in states[:80]:
        for actor in sorted(SPEC.active_players(state)):
            for action in list(SPEC.legal_actions(state, actor))[:6]:
                extras = roadwolf_extras(state, actor, action)
                if isinstance(action, MoveAction):
                    assert list(extras) == ["move preview"]
                    counted["move"] += 1
                elif action.kind not in ("nitro",):
                    assert extras == {}
                    counted["other"] += 1
    assert counted["move"] and counted["other"]
