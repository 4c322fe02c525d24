"""Turn flow: gear and dice, activations, turn order, finish, errors."""

from __future__ import annotations

import pytest

from games.engine import GameOver, IllegalAction, LoadedDice, NotYourTurn, Rng
from games.rushncrush import SPEC, ActivateAction, GearAction, MoveAction, RncState
from games.rushncrush.data import Item
from games.rushncrush.events import LaneChangesRolled
from games.rushncrush.model import Slot
from games.rushncrush.rules import round_order
from tests.games.rushncrush.helpers import duel, new_game, place, with_cars

A, B = 100, 101


def _at_speed(gear: int, speed: int, **fields: object) -> tuple[RncState, int]:
    state = new_game(2, 1)
    first = state.order[0]
    car = place(state.car(first), 10, 0, gear=gear, speed=speed, **fields)
    other = next(c for c in state.cars if c.player != first)
    return (with_cars(state, car, place(other, 40, 3)), first)


def test_first_gear_goes_to_four_and_rolls_nothing() -> None:
    """Accelerate 0 -> 4: blue zone (no red dice), speed 4 unlimited lane changes."""
    state = new_game(2, 1)
    player = state.order[0]
    step = SPEC.apply(state, player, GearAction(gear=1, speed=4), LoadedDice([]))
    assert step.state.turn is not None and step.state.turn.movement_left == 4
    assert next(e for e in step.events if isinstance(e, LaneChangesRolled)).lane_changes is None


def test_no_turbo_heat_on_one_to_two() -> None:
    """'A red die gives heat on 1-2' with no Turbo: G1 5 is yellow (1 red die), a 3 is no heat."""
    state, player = _at_speed(1, 4)
    cool = SPEC.apply(state, player, GearAction(gear=1, speed=5), LoadedDice([3])).state
    hot = SPEC.apply(state, player, GearAction(gear=1, speed=5), LoadedDice([2])).state
    assert (cool.car(player).heat, hot.car(player).heat) == (0, 1)


def test_two_turbos_heat_on_one_to_four() -> None:
    """'using two Turbos makes each heat die give you heat on 1-4' (G1 7 red zone: 3 red dice)."""
    state, player = _at_speed(1, 4)
    step = SPEC.apply(
        state, player, GearAction(gear=1, speed=7, turbo=2), LoadedDice([4, 5, 1, 1, 1, 1, 1])
    )
    assert step.state.car(player).turbo == state.car(player).turbo - 2
    assert step.state.car(player).heat == 2  # the 4 and the 1; the 5 does not count


def test_a_turbo_into_a_blue_gear_rolls_no_heat_die() -> None:
    """'Roll red dice based on your current colour zone (blue, yellow, orange, red)': the zone
    after the gear change, Turbo steps included; blue rolls no red die (digest 2.2: "Blue 0"),
    so a Turbo into a blue gear costs a Turbo point and no heat (ruling)."""
    state, player = _at_speed(1, 4)
    step = SPEC.apply(state, player, GearAction(gear=2, speed=6, turbo=1), LoadedDice([1] * 10))
    assert step.state.car(player).turbo == state.car(player).turbo - 1
    assert step.state.car(player).heat == 0


def test_one_turbo_heat_on_one_to_three() -> None:
    """One Turbo widens the heat range to 1-3 (orange zone: 2 red dice)."""
    state, player = _at_speed(1, 4)
    step = SPEC.apply(
        state, player, GearAction(gear=1, speed=6, turbo=1), LoadedDice([3, 4, 1, 1, 1, 1, 1])
    )
    # accelerate 4->5 free, one Turbo 5->6 orange: heat on 1-3, so only the 3 counts
    assert step.state.car(player).heat == 1


def test_speed_8_lane_changes_are_highest_of_three() -> None:
    """Speed 8 (G3 blue, no red dice) rolls 3 white dice and keeps the highest."""
    state, player = _at_speed(3, 8)
    step = SPEC.apply(state, player, GearAction(gear=3, speed=8), LoadedDice([2, 5, 1]))
    assert step.state.turn is not None and step.state.turn.lane_changes == 5


def test_unreachable_gear_lists_choices() -> None:
    """An impossible gear target is refused with the reachable ones listed."""
    state, player = _at_speed(1, 4)
    with pytest.raises(IllegalAction, match="you can choose"):
        SPEC.apply(state, player, GearAction(gear=5, speed=18), Rng(1))


def test_move_before_gear_is_refused() -> None:
    """The path comes after the gear choice."""
    state = new_game(2, 1)
    with pytest.raises(IllegalAction, match="change gear first"):
        SPEC.apply(state, state.order[0], MoveAction(path="F F F F"), Rng(1))


def test_not_your_turn() -> None:
    """Only the car whose turn it is may act."""
    state = new_game(2, 1)
    with pytest.raises(NotYourTurn):
        SPEC.apply(state, state.order[1], GearAction(gear=1, speed=4), Rng(1))


def test_armed_item_cannot_be_used_same_turn() -> None:
    """'You cannot move the same counter twice in a turn.'"""
    state = duel((10, 1), (12, 1), speed=5)
    state = SPEC.apply(state, A, ActivateAction(item=Item.MACHINE_GUN, mode="arm"), Rng(1)).state
    with pytest.raises(IllegalAction, match="already moved"):
        SPEC.apply(state, A, ActivateAction(item=Item.MACHINE_GUN, mode="use"), Rng(1))


def test_only_two_activations_per_turn() -> None:
    """'You have two Activations per turn.'"""
    state = duel((10, 1), (30, 1), speed=5)
    for item in (Item.MACHINE_GUN, Item.SAW):
        state = SPEC.apply(state, A, ActivateAction(item=item, mode="arm"), Rng(1)).state
    with pytest.raises(IllegalAction, match="both Activations"):
        SPEC.apply(state, A, ActivateAction(item=Item.ROCKET_BOOSTER, mode="arm"), Rng(1))


@pytest.mark.parametrize(("gap", "dice"), [(1, 3), (3, 1)])
def test_machine_gun_dice_by_range(gap: int, dice: int) -> None:
    """MG at range 1 -> 3 dice; range 3 -> 1 die; each 1-2 is one Structure."""
    slots = (Slot(item=Item.MACHINE_GUN, armed=True), Slot(item=Item.SAW))
    state = duel((10, 1), (10 + gap, 1), speed=5, a_fields={"slots": slots})
    faces = [1] * dice
    step = SPEC.apply(
        state, A, ActivateAction(item=Item.MACHINE_GUN, mode="use"), LoadedDice(faces)
    )
    assert step.state.car(B).structure == state.car(B).structure - dice


def test_flamer_adds_heat_behind() -> None:
    """The Flamer fires backward and gives Heat."""
    slots = (Slot(item=Item.FLAMER, armed=True), Slot(item=Item.SAW))
    state = duel((12, 1), (10, 1), speed=5, a_fields={"slots": slots})
    step = SPEC.apply(state, A, ActivateAction(item=Item.FLAMER, mode="use"), LoadedDice([2, 6]))
    assert step.state.car(B).heat == 1


def test_rocket_booster_after_movement_rolls_heat() -> None:
    """Rocket Booster: K2 after the path moves 2 more, a heat die each."""
    slots = (Slot(item=Item.ROCKET_BOOSTER, armed=True), Slot(item=Item.SAW))
    state = duel((10, 0), (40, 3), speed=4, a_fields={"slots": slots})
    step = SPEC.apply(state, A, MoveAction(path="F F F F K2"), LoadedDice([1, 5]))
    assert step.state.car(A).cell == (16, 0)
    assert step.state.car(A).heat == 1


def test_heat_at_skull_wrecks_the_car_and_last_car_wins() -> None:
    """A car whose Heat reaches the skull becomes a wreck; the last car standing wins."""
    state, player = _at_speed(1, 7, heat=9)
    step = SPEC.apply(state, player, GearAction(gear=1, speed=7), LoadedDice([1, 6, 6]))
    assert step.state.car(player).destroyed
    outcome = SPEC.outcome(step.state)
    assert outcome is not None and outcome.winners != (player,)


def test_crossing_the_finish_line_wins() -> None:
    """'The winner is the first car to cross the finish line.'"""
    state = duel((100, 0), (60, 3), speed=5)
    step = SPEC.apply(state, A, MoveAction(path="F F F F F"), Rng(1))
    outcome = SPEC.outcome(step.state)
    assert outcome is not None and outcome.winners == (A,)
    with pytest.raises(GameOver):
        SPEC.apply(step.state, B, GearAction(gear=1, speed=4), Rng(1))


def test_round_order_front_to_back_then_arrival() -> None:
    """Level cars: the one that arrived first is 'ahead'; further forward goes first."""
    state = new_game(3, 2)
    a, b, c = state.cars
    cars = (place(a, 20, 0, arrival=9), place(b, 20, 1, arrival=4), place(c, 25, 2, arrival=7))
    assert round_order(cars) == (c.player, b.player, a.player)


def test_fire_extinguisher_cools_one_heat() -> None:
    """'Fire Extinguisher: -1 Heat'; the counter goes back to disarmed."""
    slots = (Slot(item=Item.MACHINE_GUN), Slot(item=Item.FIRE_EXTINGUISHER, armed=True))
    state = duel((10, 0), (40, 3), speed=5, a_fields={"slots": slots, "heat": 3})
    after = SPEC.apply(
        state, A, ActivateAction(item=Item.FIRE_EXTINGUISHER, mode="use"), Rng(1)
    ).state
    assert after.car(A).heat == 2
    assert after.car(A).slot(Item.FIRE_EXTINGUISHER) == Slot(item=Item.FIRE_EXTINGUISHER)


def test_extra_steps_after_the_movement_are_refused() -> None:
    """Speed 6 and eight steps: the extra two are refused, not dropped."""
    state = duel((10, 0), (40, 3), speed=6)
    with pytest.raises(IllegalAction, match="movement is used up; remove the extra steps"):
        SPEC.apply(state, A, MoveAction(path="F F F F F F R R"), Rng(1))


def test_steps_after_a_rush_n_crush_are_refused() -> None:
    """'Your move ends' at a Rush 'n' Crush: steps written after it are refused."""
    state = duel((10, 2), (13, 2), speed=5)
    with pytest.raises(IllegalAction, match=r"step 4 .*remove the extra steps"):
        SPEC.apply(state, A, MoveAction(path="F F F F F"), Rng(1))


def test_rocket_booster_after_a_rush_n_crush_is_refused() -> None:
    """After a Rush 'n' Crush the move has ended: K cannot ram again."""
    slots = (Slot(item=Item.ROCKET_BOOSTER, armed=True), Slot(item=Item.SAW))
    state = duel((10, 2), (13, 2), speed=5, a_fields={"slots": slots})
    with pytest.raises(IllegalAction, match="K3: your move ended against a car"):
        SPEC.apply(state, A, MoveAction(path="F F F K3"), LoadedDice([1, 1, 1, 1, 1, 1, 6, 6, 6]))
    assert all("K" not in a.path for a in SPEC.legal_actions(state, A) if isinstance(a, MoveAction))
