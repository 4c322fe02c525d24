"""Dice readings: pure functions from rolled faces to results (rules 11-12, 15-23)."""

from __future__ import annotations

from typing import Literal

from games.rushncrush.data import (
    GUN_DICE_BASE,
    GUN_HIT_ON_OR_BELOW,
    GUN_RANGE,
    HEAT_ON_OR_BELOW,
    OBSTRUCTION_FIXED_DAMAGE,
    RUSH_BOTH_ON_OR_BELOW,
    RUSH_TARGET_UP_TO,
    RUSH_TARGET_UP_TO_WITH_BUMPER,
    SIDE_BUMPER_BONUS,
    SIDE_RAM_TABLE,
    WHITE_DICE,
)


def heat_range(turbos_used: int) -> int:
    """A red die gives heat on 1..this: 2, +1 per Turbo point used this turn."""
    return HEAT_ON_OR_BELOW + turbos_used


def heat_from(faces: tuple[int, ...], turbos_used: int) -> int:
    top = heat_range(turbos_used)
    return sum(1 for f in faces if f <= top)


def white_dice(speed: int) -> int:
    """How many white dice a speed rolls (0 when no roll is needed)."""
    return WHITE_DICE[speed][1]


def lane_changes_from(speed: int, faces: tuple[int, ...]) -> int | None:
    """Lane changes for a speed and its white dice; None is unlimited."""
    keep, _ = WHITE_DICE[speed]
    if keep == "unlimited":
        return None
    if keep == "none":
        return 0
    return max(faces) if keep == "high" else min(faces)


def obstruction_damage_from(speed: int, faces: tuple[int, ...]) -> int:
    """Structure lost hitting a fixed obstruction: the white dice with the sense inverted."""
    if speed in OBSTRUCTION_FIXED_DAMAGE:
        return OBSTRUCTION_FIXED_DAMAGE[speed]
    keep, _ = WHITE_DICE[speed]
    return min(faces) if keep == "high" else max(faces)


def obstruction_dice(speed: int) -> int:
    return 0 if speed in OBSTRUCTION_FIXED_DAMAGE else WHITE_DICE[speed][1]


def side_ram_roll(face: int, *, side_bumper: bool) -> int:
    """The side-ram result, 1..6 (a Side Bumper roll of 7 reads the 6 column)."""
    return min(6, face + (SIDE_BUMPER_BONUS if side_bumper else 0))


def side_ram_damage(result: int, far_side: Literal["clear", "blocked"]) -> str:
    """Who loses a Structure point: any of "Y" (you), "T" (target), "3" (third party)."""
    return SIDE_RAM_TABLE[far_side][result - 1]


def rush_damage(faces: tuple[int, ...], *, combat_bumper: bool) -> tuple[int, int]:
    """(attacker loss, target loss) for a Rush 'n' Crush ram's dice."""
    target_top = RUSH_TARGET_UP_TO_WITH_BUMPER if combat_bumper else RUSH_TARGET_UP_TO
    both = sum(1 for f in faces if f <= RUSH_BOTH_ON_OR_BELOW)
    only_target = sum(1 for f in faces if RUSH_BOTH_ON_OR_BELOW < f <= target_top)
    return both, both + only_target


def gun_dice(distance: int) -> int:
    """Machine Gun / Flamer dice at a range of 1..3."""
    if not 1 <= distance <= GUN_RANGE:
        raise ValueError(f"range {distance} is outside 1..{GUN_RANGE}")
    return GUN_DICE_BASE - distance


def gun_hits(faces: tuple[int, ...]) -> int:
    return sum(1 for f in faces if f <= GUN_HIT_ON_OR_BELOW)
