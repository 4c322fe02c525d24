"""`preview_partial`: the dry run behind the step-by-step path builder."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, NotYourTurn
from games.rushncrush import preview_partial
from tests.games.rushncrush.helpers import duel

A, B = 100, 101


def test_partial_path_may_stop_short_of_the_speed() -> None:
    """Three steps at speed 6 preview fine and leave 3 movement to drive."""
    state = duel((10, 0), (40, 3), speed=6)
    preview = preview_partial(state, A, "F F R")
    assert preview.end == (13, 1)
    assert preview.movement_left == 3


def test_empty_partial_path_is_the_start() -> None:
    """An empty draft previews the car where it stands."""
    state = duel((10, 0), (40, 3), speed=6)
    preview = preview_partial(state, A, "")
    assert preview.cells == ((10, 0),)
    assert preview.movement_left == 6


def test_partial_path_still_refuses_an_illegal_step() -> None:
    """A step off the road is refused even in a draft."""
    state = duel((10, 0), (40, 3), speed=6)
    with pytest.raises(IllegalAction, match="leftmost lane"):
        preview_partial(state, A, "F L")


def test_partial_preview_is_only_for_the_mover() -> None:
    """Another player cannot preview the mover's path."""
    state = duel((10, 0), (40, 3), speed=6)
    with pytest.raises(NotYourTurn):
        preview_partial(state, B, "F")
