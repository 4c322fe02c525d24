"""Rush 'n' Crush words: gear labels with their heat odds, and what a step did, in lines.

Pure (no Discord): the board presenter in `board.py` uses these, tests check them alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from games.dice.odds import p_lowest_at_least
from games.rushncrush import GearAction
from games.rushncrush.data import HEAT_SKULL, RED_DICE, WHITE_DICE
from games.rushncrush.gearbox import zone_of
from games.rushncrush.tables import heat_range
from table import story
from table.service import Snapshot

# --- gear odds ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HeatRisk:
    """The red (heat) dice a gear choice rolls and what they may do to this car."""

    dice: int
    hit_on: int
    """A red die gives 1 Heat on 1..hit_on."""
    any_heat: Fraction
    wreck: Fraction
    """Chance the heat dice take the car to the skull (a wreck)."""


def heat_risk(car_heat: int, gear: int, speed: int, turbo: int) -> HeatRisk:
    """Exact odds from the gear's zone (red dice) and the Turbo spent (wider heat range)."""
    dice = RED_DICE[zone_of((gear, speed))]
    hit_on = min(6, heat_range(turbo))
    if dice == 0:
        return HeatRisk(0, hit_on, Fraction(0), Fraction(0))
    any_heat = 1 - p_lowest_at_least(dice, hit_on + 1)
    p = Fraction(hit_on, 6)
    need = max(1, HEAT_SKULL - car_heat)
    wreck = sum(
        (comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(need, dice + 1)), Fraction(0)
    )
    return HeatRisk(dice, hit_on, any_heat, wreck)


def percent(p: Fraction) -> str:
    if p == 0:
        return "0%"
    if p < Fraction(1, 100):
        return "<1%"
    return f"{round(p * 100)}%"


def gear_label(action: GearAction, car_heat: int) -> str:
    """`Speed 9 · gear 2 · 1 Turbo · 88% heat`: in words, the speed first, then the gear, the
    points spent and the chance of Heat; a choice that may wreck the car says so with 💀."""
    parts = [f"Speed {action.speed}", f"gear {action.gear}"]
    if action.turbo:
        parts.append(f"{action.turbo} Turbo")
    if action.brake:
        parts.append(f"{action.brake} Brake")
    risk = heat_risk(car_heat, action.gear, action.speed, action.turbo)
    parts.append("no heat risk" if risk.any_heat == 0 else f"{percent(risk.any_heat)} heat")
    if risk.wreck:
        return f"💀 {' · '.join(parts)} · {percent(risk.wreck)} wreck risk"
    return " · ".join(parts)


def gear_style(action: GearAction, car_heat: int) -> str:
    risk = heat_risk(car_heat, action.gear, action.speed, action.turbo)
    if risk.wreck:
        return "danger"
    return "success" if risk.any_heat == 0 else "secondary"


def steering_text(speed: int) -> str:
    keep, dice = WHITE_DICE[speed]
    if keep == "unlimited":
        return "unlimited"
    if keep == "none":
        return "none"
    return f"{'best' if keep == 'high' else 'lowest'} of {dice}🎲"


def steering_words(speed: int) -> str:
    """What the white dice allow at this speed, for a menu option's description."""
    keep, dice = WHITE_DICE[speed]
    if keep in ("unlimited", "none"):
        return f"lane changes: {keep}"
    return f"lane changes: the {'best' if keep == 'high' else 'lowest'} of {dice} dice"


def gear_order(action: GearAction) -> tuple[int, int, int]:
    """Free changes first, then by points spent, then by speed."""
    return (action.turbo + action.brake, action.speed, action.gear)


# --- narration ----------------------------------------------------------------------------------


def event_lines(snap: Snapshot, limit: int = 12) -> list[str]:
    """What the last step did that the public may read, in the game's own words
    (`GameSpec.narrate`, the one source the log and the story also tell from)."""
    names = {seat.user_id: seat.name for seat in snap.record.seats}
    lines = story.event_lines(snap.spec, snap.events, None, names)
    if len(lines) > limit:
        lines = [*lines[: limit - 1], f"… and {len(lines) - limit + 1} more (`/game log`)"]
    return lines
