"""Dice readings against the digest's acceptance cases (rush-n-crush.md 2.6)."""

from __future__ import annotations

import itertools

import pytest

from games.rushncrush.tables import (
    gun_dice,
    gun_hits,
    heat_from,
    lane_changes_from,
    obstruction_damage_from,
    obstruction_dice,
    rush_damage,
    side_ram_damage,
    side_ram_roll,
    white_dice,
)


@pytest.mark.parametrize(("turbos", "top"), [(0, 2), (1, 3), (2, 4)])
def test_heat_range_grows_with_turbo(turbos: int, top: int) -> None:
    """'+1 to the range for each Turbo ... two Turbos makes each heat die give heat on 1-4.'"""
    assert heat_from(tuple(range(1, 7)), turbos) == top


def test_obstruction_at_speed_12_takes_highest_of_three() -> None:
    """'at speed 12 you'd roll 3 dice and take the highest.'"""
    assert obstruction_dice(12) == 3
    assert obstruction_damage_from(12, (2, 5, 3)) == 5


@pytest.mark.parametrize(("speed", "damage"), [(4, 1), (5, 1), (18, 6)])
def test_obstruction_fixed_damage(speed: int, damage: int) -> None:
    """'(1 at speed 4-5, 6 at speed 18.)' with no roll."""
    assert obstruction_dice(speed) == 0
    assert obstruction_damage_from(speed, ()) == damage


def test_obstruction_at_speed_8_takes_lowest() -> None:
    """Inverted sense: speed 6-10 keeps the lowest die."""
    assert obstruction_damage_from(8, (2, 5, 3)) == 2


def test_lane_changes_speed_5_unlimited() -> None:
    """'Speed 5 - unlimited' and no dice rolled."""
    assert white_dice(5) == 0
    assert lane_changes_from(5, ()) is None


def test_lane_changes_speed_8_highest_of_three() -> None:
    """'speed 6-10, highest single die': speed 8 rolls 3."""
    assert white_dice(8) == 3
    assert lane_changes_from(8, (1, 4, 2)) == 4


def test_lane_changes_speed_12_lowest_of_three() -> None:
    """'speed 11-16, lowest single die': speed 12 rolls 3."""
    assert white_dice(12) == 3
    assert lane_changes_from(12, (1, 4, 2)) == 1


def test_lane_changes_speed_18_none() -> None:
    """'speed 18, 0.'"""
    assert white_dice(18) == 0
    assert lane_changes_from(18, ()) == 0


def test_expected_lane_changes_of_three_dice() -> None:
    """Digest 2.6.8: highest of 3 averages 4.958, lowest of 3 averages 2.042."""
    rolls = list(itertools.product(range(1, 7), repeat=3))
    high = sum(lane_changes_from(8, r) or 0 for r in rolls) / len(rolls)
    low = sum(lane_changes_from(12, r) or 0 for r in rolls) / len(rolls)
    assert (round(high, 3), round(low, 3)) == (4.958, 2.042)


@pytest.mark.parametrize(
    ("roll", "clear", "blocked"),
    [(1, "Y", "Y"), (2, "Y", "Y"), (3, "", ""), (4, "", "T"), (5, "T", "T"), (6, "T", "T3")],
)
def test_side_ram_table(roll: int, clear: str, blocked: str) -> None:
    """The side-ram table, both rows (3 = third party)."""
    assert side_ram_damage(roll, "clear") == clear
    assert side_ram_damage(roll, "blocked") == blocked


def test_side_bumper_adds_one_and_caps_at_six() -> None:
    """'+1 if you Use Side Bumper'; a 7 reads the 6 column."""
    assert side_ram_roll(3, side_bumper=True) == 4
    assert side_ram_roll(6, side_bumper=True) == 6


def test_rush_without_bumper() -> None:
    """'(1, 3, 5): both cars -1 and the target -1 more (the 3).'"""
    assert rush_damage((1, 3, 5), combat_bumper=False) == (1, 2)


def test_rush_with_bumper_same_dice() -> None:
    """The same dice with a Combat Bumper give the same result."""
    assert rush_damage((1, 3, 5), combat_bumper=True) == (1, 2)


def test_rush_with_bumper_counts_four() -> None:
    """'(1, 4, 5) with a bumper: both -1, target -1' (a 4 counts only with the bumper)."""
    assert rush_damage((1, 4, 5), combat_bumper=True) == (1, 2)
    assert rush_damage((1, 4, 5), combat_bumper=False) == (1, 1)


@pytest.mark.parametrize(("distance", "dice"), [(1, 3), (2, 2), (3, 1)])
def test_gun_dice_by_range(distance: int, dice: int) -> None:
    """'Roll (4-range) dice': range 1 -> 3 dice, range 3 -> 1 die."""
    assert gun_dice(distance) == dice


def test_gun_hits_on_one_or_two() -> None:
    """'each 1-2 does one structure to the target.'"""
    assert gun_hits((1, 2, 3)) == 2


def test_probability_table_cells() -> None:
    """The rules' probability table: 2 high 4+ is 75.0, 3 low 3+ is 29.6, 5 high 6 is 59.8."""

    def chance(n: int, keep: str, k: int) -> float:
        rolls = list(itertools.product(range(1, 7), repeat=n))
        pick = max if keep == "high" else min
        return round(100 * sum(pick(r) >= k for r in rolls) / len(rolls), 1)

    assert chance(2, "high", 4) == 75.0
    assert chance(3, "low", 3) == 29.6
    assert chance(5, "high", 6) == 59.8
