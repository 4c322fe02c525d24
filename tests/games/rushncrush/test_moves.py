"""Movement scenarios: paths, obstructions, rams and mines, with loaded dice."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, InvalidAction, LoadedDice, Rng
from games.rushncrush import SPEC, MoveAction, preview_path
from games.rushncrush.data import Fixed, Item
from games.rushncrush.model import Slot
from games.rushncrush.path import parse_path
from tests.games.rushncrush.helpers import duel

A, B = 100, 101
ROCK = (27, 1)  # the chicane's first rock on the "normal" course


def test_parse_path_accepts_spaced_and_compact() -> None:
    """`F F L` and `ffl+gk2` both read as tokens."""
    assert parse_path("F F L") == ("F", "F", "L")
    assert parse_path("ffl+gk2") == ("F", "F", "L", "+G", "K2")


def test_parse_path_rejects_unknown_letters() -> None:
    """An unreadable path quotes the bad part."""
    with pytest.raises(InvalidAction, match="'XF'"):
        parse_path("F XF")


def test_straight_path_moves_exactly_the_speed() -> None:
    """'You must move your full speed': six F steps at speed 6 move six rows."""
    state = duel((10, 0), (40, 3), speed=6)
    after = SPEC.apply(state, A, MoveAction(path="F F F F F F"), Rng(1)).state
    assert after.car(A).cell == (16, 0)
    assert after.turn is not None and after.turn.player == B


def test_short_path_is_refused_and_state_unchanged() -> None:
    """A path shorter than the speed raises and leaves the state as it was."""
    state = duel((10, 0), (40, 3), speed=6)
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="full speed"):
        SPEC.apply(state, A, MoveAction(path="F F F"), Rng(1))
    assert state.model_dump_json() == before


def test_lane_changes_beyond_roll_spend_steering() -> None:
    """'Each Steering point you spend gives you a bonus lane change.'"""
    state = duel((10, 0), (40, 3), speed=6, lane_changes=1)
    after = SPEC.apply(state, A, MoveAction(path="R R F F F F"), Rng(1)).state
    assert after.car(A).steering == state.car(A).steering - 1


def test_no_lane_changes_left_is_refused() -> None:
    """With the roll used and no Steering left, a diagonal step is refused."""
    state = duel((10, 0), (40, 3), speed=6, lane_changes=0, a_fields={"steering": 0})
    with pytest.raises(IllegalAction, match="no lane changes"):
        SPEC.apply(state, A, MoveAction(path="R F F F F F"), Rng(1))


def test_obstruction_at_speed_4_costs_one_and_forces_lane_change() -> None:
    """'1 at speed 4-5 ... Then make a free compulsory lane change.'"""
    state = duel((25, 1), (40, 3), speed=4, lane_changes=0)
    preview = preview_path(state, A, "F F L F F")
    assert preview.end == (29, 0)
    after = SPEC.apply(state, A, MoveAction(path="F F L F F"), Rng(1)).state
    assert after.car(A).structure == state.car(A).structure - 1
    assert after.car(A).cell == (29, 0)


def test_obstruction_at_speed_12_takes_highest_white_die() -> None:
    """'at speed 12 you'd roll 3 dice and take the highest' as Structure damage."""
    state = duel((25, 1), (60, 3), speed=12, lane_changes=0)
    step = SPEC.apply(state, A, MoveAction(path="F F L" + " F" * 10), LoadedDice([2, 5, 3]))
    assert step.state.car(A).structure == state.car(A).structure - 5


def test_obstruction_at_speed_18_costs_six() -> None:
    """'6 at speed 18', no roll."""
    state = duel((25, 1), (70, 3), speed=18, lane_changes=0)
    after = SPEC.apply(state, A, MoveAction(path="F F L" + " F" * 16), LoadedDice([])).state
    assert after.car(A).structure == state.car(A).structure - 6


def test_after_obstruction_straight_on_is_refused() -> None:
    """The step after hitting an obstruction must be L or R."""
    state = duel((25, 1), (40, 3), speed=4, lane_changes=0)
    with pytest.raises(IllegalAction, match="compulsory lane change"):
        preview_path(state, A, "F F F F")


def test_rush_n_crush_example_without_bumper() -> None:
    """'(1, 3, 5)' with 3 movement left: attacker -1, target -2; the move ends."""
    state = duel((10, 2), (13, 2), speed=5)
    after = SPEC.apply(state, A, MoveAction(path="F F F"), LoadedDice([1, 3, 5])).state
    assert after.car(A).structure == state.car(A).structure - 1
    assert after.car(B).structure == state.car(B).structure - 2
    assert after.car(A).cell == (12, 2)


def test_rush_n_crush_with_combat_bumper_counts_fours() -> None:
    """'(1, 4, 5) with a bumper -> both -1, target -1.'"""
    bumper = {"fixed": (Fixed.COMBAT_BUMPER, Fixed.MINELAYER)}
    state = duel((10, 2), (13, 2), speed=5, a_fields=bumper)
    after = SPEC.apply(state, A, MoveAction(path="F F F"), LoadedDice([1, 4, 5])).state
    assert after.car(A).structure == state.car(A).structure - 1
    assert after.car(B).structure == state.car(B).structure - 2


def test_one_rush_per_round_option_stops_without_dice() -> None:
    """Option on and a ram already made this round: the car just stops behind."""
    state = duel((10, 2), (13, 2), speed=5, one_rush_per_round=True)
    state = SPEC.state_model.model_validate({**state.model_dump(), "rushes_this_round": 1})
    after = SPEC.apply(state, A, MoveAction(path="F F F"), LoadedDice([])).state
    assert after.car(B).structure == state.car(B).structure


def test_side_ram_displaces_on_four_with_clear_far_side() -> None:
    """'on a 4 or higher the defender will be displaced ... and you take their old space.'"""
    state = duel((10, 1), (11, 2), speed=5)
    after = SPEC.apply(state, A, MoveAction(path="R F F F F"), LoadedDice([4])).state
    assert after.car(B).cell == (11, 3)
    assert after.car(A).cell == (11, 2)


def test_side_ram_low_roll_carries_straight_on_and_pauses() -> None:
    """Below 4 the attacker moves forwards instead; the move pauses for the rest of the path."""
    state = duel((10, 1), (11, 2), speed=5)
    after = SPEC.apply(state, A, MoveAction(path="R F F F F"), LoadedDice([1])).state
    assert after.car(A).cell == (11, 1)
    assert after.car(A).structure == state.car(A).structure - 1
    assert after.turn is not None and after.turn.movement_left == 4


def test_side_ram_blocked_six_hurts_target_and_third_party() -> None:
    """Blocked row, 6: 'T+3'."""
    base = duel((10, 1), (11, 2), speed=5)
    third = {**base.car(B).model_dump(), "player": 102, "row": 11, "lane": 3}
    data = base.model_dump()
    data["cars"] = [*data["cars"], third]
    data["order"] = [A, B, 102]
    state = SPEC.state_model.model_validate(data)
    after = SPEC.apply(state, A, MoveAction(path="R F F F F"), LoadedDice([6])).state
    assert after.car(B).structure == state.car(B).structure - 1
    assert after.car(102).structure == state.car(102).structure - 1


def test_saw_on_side_ram_hits_on_four_to_six() -> None:
    """'Use Lateral Circular Saw, also roll a red die; one Structure on a 4-6.'"""
    slots = (Slot(item=Item.MACHINE_GUN), Slot(item=Item.SAW, armed=True))
    state = duel((10, 1), (11, 2), speed=5, a_fields={"slots": slots})
    after = SPEC.apply(state, A, MoveAction(path="S R F F F F"), LoadedDice([3, 4])).state
    assert after.car(B).structure == state.car(B).structure - 1
    assert after.car(A).slot(Item.SAW) == Slot(item=Item.SAW, armed=False)


def test_side_bumper_must_precede_a_ram() -> None:
    """B before a step that rams nothing is refused."""
    slots = (Slot(item=Item.SIDE_BUMPER, armed=True), Slot(item=Item.SAW))
    state = duel((10, 1), (30, 2), speed=5, a_fields={"slots": slots})
    with pytest.raises(IllegalAction, match="side-ram"):
        preview_path(state, A, "B R F F F F")


def test_mine_dropped_is_hit_by_the_next_car() -> None:
    """A car crossing a mine treats it as a wreck; the mine goes if it hurt."""
    state = duel((10, 1), (30, 2), speed=5)
    after = SPEC.apply(state, A, MoveAction(path="M F F F F F"), Rng(1)).state
    assert [(m.row, m.lane) for m in after.mines] == [(10, 1)]
    assert after.car(A).mines == state.car(A).mines - 1


def test_preview_reports_side_ram_stop() -> None:
    """The preview stops at a side ram: the roll decides the rest."""
    state = duel((10, 1), (11, 2), speed=5)
    preview = preview_path(state, A, "R F F F F")
    assert preview.stops_for_roll
    assert "side-rams" in preview.hits[0]


def test_move_reports_the_cells_driven() -> None:
    """A move's events say where the car went (CarMoved), start cell first."""
    state = duel((10, 0), (40, 3), speed=6)
    step = SPEC.apply(state, A, MoveAction(path="F F R F F F"), Rng(1))
    moved = [e for e in step.events if e.kind == "car_moved"]
    assert len(moved) == 1
    assert moved[0].model_dump()["cells"][0] == (10, 0)
    assert moved[0].model_dump()["cells"][-1] == (16, 1)


def test_saw_misses_on_one_to_three() -> None:
    """'one Structure on a 4-6': a 3 on the Saw's red die does nothing more."""
    slots = (Slot(item=Item.MACHINE_GUN), Slot(item=Item.SAW, armed=True))
    state = duel((10, 1), (11, 2), speed=5, a_fields={"slots": slots})
    after = SPEC.apply(state, A, MoveAction(path="S R"), LoadedDice([3, 3])).state
    assert after.car(B).structure == state.car(B).structure  # side ram 3: no damage either
    assert after.car(A).slot(Item.SAW) == Slot(item=Item.SAW, armed=False)
