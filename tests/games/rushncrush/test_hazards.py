"""Wrecks and mines: driving over them, and on the loop course every lap (they are physical)."""

from __future__ import annotations

from games.engine import LoadedDice, Rng
from games.rushncrush import SPEC, MoveAction, RncState
from games.rushncrush.events import Collision
from games.rushncrush.model import Car, Turn
from tests.games.rushncrush.helpers import duel, new_game, place, with_cars

A, B = 100, 101


def _with_mine(state: RncState, row: int, lane: int, owner: int) -> RncState:
    data = state.model_dump()
    data["mines"] = [{"row": row, "lane": lane, "owner": owner}]
    return RncState.model_validate(data)


def _with_wreck(state: RncState, row: int, lane: int) -> RncState:
    data = state.model_dump()
    wreck = {**data["cars"][1], "player": 102, "row": row, "lane": lane, "destroyed": True}
    data["cars"] = [*data["cars"], wreck]
    return RncState.model_validate(data)


def test_mine_rolled_four_does_no_harm_and_stays() -> None:
    """'roll a die, 1-3 = -1 Structure': a 4 leaves the car whole and the mine on the road."""
    state = _with_mine(duel((10, 1), (40, 3), speed=5), 12, 1, B)
    after = SPEC.apply(state, A, MoveAction(path="F F F F F"), LoadedDice([4])).state
    assert after.car(A).structure == state.car(A).structure
    assert [(m.row, m.lane) for m in after.mines] == [(12, 1)]


def test_mine_rolled_two_hurts_and_is_removed() -> None:
    """A mine that hurts (a 2) costs 1 Structure and is gone."""
    state = _with_mine(duel((10, 1), (40, 3), speed=5), 12, 1, B)
    after = SPEC.apply(state, A, MoveAction(path="F F F F F"), LoadedDice([2])).state
    assert after.car(A).structure == state.car(A).structure - 1
    assert after.mines == ()


def test_wreck_is_driven_over_for_one_structure_on_three() -> None:
    """A wreck: a 3 costs 1 Structure and the car drives on to the end of its path (⚠5)."""
    state = _with_wreck(duel((10, 1), (40, 3), speed=5), 12, 1)
    after = SPEC.apply(state, A, MoveAction(path="F F F F F"), LoadedDice([3])).state
    assert after.car(A).structure == state.car(A).structure - 1
    assert after.car(A).cell == (15, 1)


def _loop(a_row: int, other_row: int, *, wreck: bool) -> tuple[RncState, Car]:
    """Loop course (60 rows a lap): A on lap 2 at row 78, lane 1; a third car at `other_row`."""
    state = new_game(3, 1, course="loop")
    a, b, c = state.cars
    moving = place(a, a_row, 0, gear=1, speed=4)
    other = place(c, other_row, 0, destroyed=wreck)
    turn = Turn(
        player=a.player, phase="move", movement_left=4, lane_changes=None, path=((a_row, 0),)
    )
    return with_cars(state, moving, place(b, 100, 3), other, turn=turn), a


def test_loop_wreck_and_mine_are_hit_again_on_lap_two() -> None:
    """A wreck at row 20 and a mine at row 21 are the same spots as rows 80 and 81 on lap 2."""
    state, a = _loop(78, 20, wreck=True)
    state = _with_mine(state, 21, 0, state.cars[1].player)
    step = SPEC.apply(state, a.player, MoveAction(path="F F F F"), LoadedDice([1, 1]))
    hits = [(e.what, e.at) for e in step.events if isinstance(e, Collision)]
    assert hits == [("wreck", (80, 0)), ("mine", (81, 0))]
    assert step.state.car(a.player).structure == a.structure - 2
    assert step.state.mines == ()


def test_loop_cars_on_different_laps_never_collide() -> None:
    """A live car at row 20 (lap 1) is no Rush 'n' Crush target for a car at row 80 (lap 2)."""
    state, a = _loop(78, 20, wreck=False)
    step = SPEC.apply(state, a.player, MoveAction(path="F F F F"), Rng(1))
    assert not [e for e in step.events if e.kind == "collision"]
    assert step.state.car(a.player).cell == (82, 0)


def test_loop_view_shows_a_lap_one_wreck_on_lap_two() -> None:
    """The board shows the wreck at its lap-2 copy (row 80) when the field is there."""
    state, _ = _loop(78, 20, wreck=True)
    state = _with_mine(state, 21, 0, state.cars[1].player)
    view = SPEC.view(state, None)
    assert (80, 0) in view.wrecks
    assert (81, 0) in [(m.row, m.lane) for m in view.mines]
    assert view.rows[0].row > 20  # a wreck far behind does not stretch the board
