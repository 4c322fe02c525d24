"""Obstructions: the free compulsory lane change and its rulings (docs/games/rush-n-crush.md)."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, LoadedDice
from games.rushncrush import SPEC, MoveAction, preview_path, swerve_steps
from games.rushncrush.events import Collision
from tests.games.rushncrush.helpers import duel

A, B = 100, 101
# "normal" course rocks: (27, 1), (50, 0), (52, 2), (55, 3)
PATH = "L F F F L F F"
"""From row 51 lane 4: L hits (52, 2), F is the swerve, then round the rock at (55, 3)."""


def test_diagonal_hit_from_the_edge_lane_swerves_straight_on() -> None:
    """Lane 4, L into the rock at row 52 lane 3: the free lane change may be F back into lane 4."""
    state = duel((51, 3), (90, 0), speed=6, lane_changes=3)
    preview = preview_path(state, A, PATH)
    assert preview.cells[:3] == ((51, 3), (52, 3), (53, 3))
    step = SPEC.apply(state, A, MoveAction(path=PATH), LoadedDice([6] * 5))
    assert step.state.car(A).cell == (57, 2)
    assert step.state.turn is not None and step.state.turn.player == B  # the turn ended normally


def test_diagonal_hit_leaves_the_swerve_free() -> None:
    """The swerve after a diagonal hit spends no lane change."""
    state = duel((51, 3), (90, 0), speed=6, lane_changes=3)
    preview = preview_path(state, A, PATH)
    assert preview.lane_changes_left == 2  # only the second L: the hit and the swerve are free


def test_straight_hit_still_needs_l_or_r() -> None:
    """After a straight hit, F would be the same rock again: refused, naming L or R."""
    state = duel((26, 1), (90, 3), speed=5)
    with pytest.raises(IllegalAction, match="compulsory lane change around it: write L or R"):
        preview_path(state, A, "F F F F F")


def test_swerve_steps_after_a_diagonal_hit() -> None:
    """`swerve_steps` names the steps the owed swerve may take."""
    state = duel((51, 3), (90, 0), speed=6, lane_changes=3)
    assert state.turn is not None
    turn = state.turn.model_copy(update={"swerve_pending": True, "swerve_around": (52, 2)})
    assert swerve_steps(state.model_copy(update={"turn": turn}), A) == ("F",)


def test_swerve_off_the_edge_names_a_real_lane() -> None:
    """Lane 1, rock ahead at row 50: swerving L is refused without a 'lane 0'."""
    state = duel((49, 0), (90, 3), speed=5)
    with pytest.raises(IllegalAction, match="leftmost lane") as caught:
        preview_path(state, A, "F L F F F")
    assert "lane 0" not in caught.value.message


def test_failed_swerve_ram_never_hits_the_same_rock_twice() -> None:
    """Rock ahead, swerve R into a car, the ram fails (1): the car stays put, owes the swerve."""
    state = duel((26, 1), (27, 2), speed=5)
    step = SPEC.apply(state, A, MoveAction(path="F R"), LoadedDice([1] * 6))
    rocks = [e for e in step.events if isinstance(e, Collision) and e.what == "obstruction"]
    assert len(rocks) == 1
    turn = step.state.turn
    assert turn is not None and turn.player == A
    assert (turn.movement_left, turn.swerve_pending) == (4, True)
    assert step.state.car(A).cell == (26, 1)
    with pytest.raises(IllegalAction, match="write L or R"):
        SPEC.apply(step.state, A, MoveAction(path="F F F F"), LoadedDice([1] * 6))
