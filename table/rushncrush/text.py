"""Rush 'n' Crush words: gear labels with their heat odds, and what a step did, in lines.

Pure (no Discord): the board presenter in `board.py` uses these, tests check them alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from games.dice.odds import p_lowest_at_least
from games.rushncrush import GearAction
from games.rushncrush.data import HEAT_SKULL, ITEM_LABELS, RED_DICE, WHITE_DICE
from games.rushncrush.gearbox import zone_of
from games.rushncrush.tables import heat_range
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
    """What the last step did, with names (events may be typed or read back from the log)."""
    lines: list[str] = []
    for event in snap.events:
        text = _event_text(snap, event.model_dump(mode="json"))
        if text:
            lines.append(text)
    if len(lines) > limit:
        lines = [*lines[: limit - 1], f"… and {len(lines) - limit + 1} more (`/game log`)"]
    return lines


def _event_text(snap: Snapshot, raw: dict[str, Any]) -> str:
    kind = raw.get("kind")
    who = snap.name_of(raw["player"]) if "player" in raw else ""
    if kind == "car_moved":
        cells = raw["cells"]
        (row, lane), spaces = cells[-1], max(len(cells) - 1, 0)
        plural = "" if spaces == 1 else "s"
        return f"🏎 {who} drives {spaces} space{plural} to row {row}, lane {lane + 1}"
    if kind == "gear_changed":
        spend = ""
        if raw["turbo"] or raw["brake"]:
            spend = f", {raw['turbo']} Turbo" if raw["turbo"] else f", {raw['brake']} Brake"
        return f"🕹 {who}: {_node(raw['old'])} → {_node(raw['new'])}{spend}"
    if kind == "dice_rolled":
        roller = snap.name_of(raw["who"]) if raw.get("who") is not None else "the road"
        faces = " ".join(str(d) for d in raw["dice"])
        return f"🎲 {roller} rolls {raw['why']}: {faces}"
    if kind == "lane_changes":
        changes = raw["lane_changes"]
        count = "unlimited" if changes is None else str(changes)
        return f"↔ {who} has **{count} lane change{'' if changes == 1 else 's'}** this turn"
    if kind == "collision":
        target = f" {snap.name_of(raw['target'])}" if raw.get("target") is not None else ""
        what = {
            "wreck": "drives over a wreck",
            "mine": "hits a mine",
            "obstruction": "hits an obstruction",
            "side_ram": "side-rams",
            "rush": "Rush 'n' Crush into",
        }.get(raw["what"], raw["what"])
        return f"💥 {who} {what}{target}"
    if kind == "damage":
        sign = "−" if raw["track"] == "structure" else "+"
        track = "Structure" if raw["track"] == "structure" else "Heat"
        return f"💢 {who}: {sign}{raw['amount']} {track} ({raw['cause']})"
    if kind == "equipment":
        label = ITEM_LABELS.get(raw["item"], raw["item"])
        return f"🔧 {who} {'arms' if raw['mode'] == 'arm' else 'uses'} the {label}"
    if kind == "mine_dropped":
        return f"💣 {who} drops a mine"
    if kind == "car_wrecked":
        return f"☠️ {who}'s car is wrecked ({raw['cause']})"
    if kind == "race_won":
        return f"🏆 {who} wins: {raw['reason']}"
    return str(raw.get("text") or "")


def _node(node: list[int]) -> str:
    gear, speed = node
    return "neutral" if gear == 0 else f"gear {gear} speed {speed}"
