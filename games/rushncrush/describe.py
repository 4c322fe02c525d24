"""Rush 'n' Crush event lines for the game log (`SPEC.extra["describe_event"]`).

The log prefixes each entry with the acting player's name, so events about the actor's own car
read without a subject ("rolled 3, 5 (heat dice)"). Events may hit another car (damage, wrecks),
and events carry only player ids: those name the car through `names` when the caller has them,
else as "player <id>" so a ram's damage is never ambiguous.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import Event, PlayerId
from games.rushncrush.data import ITEM_LABELS, Item

_COLLISIONS = {
    "wreck": "drove over a wreck",
    "mine": "hit a mine",
    "obstruction": "hit an obstruction",
    "side_ram": "side-rammed",
    "rush": "Rush 'n' Crush into",
}


def describe_event(
    event: Event | Mapping[str, Any], *, names: Mapping[PlayerId, str] | None = None
) -> str:
    """One short player-facing line; accepts an event model or its JSON dict from the log."""
    raw: Mapping[str, Any] = event.model_dump(mode="json") if isinstance(event, Event) else event
    kind = raw.get("kind")
    if kind == "dice_rolled":
        dice = [int(d) for d in raw.get("dice", ())]
        faces = ", ".join(str(d) for d in dice)
        return f"rolled {faces} ({raw.get('why', 'roll')} {'die' if len(dice) == 1 else 'dice'})"
    if kind == "gear_changed":
        spend = ""
        if raw["turbo"]:
            spend = f" ({raw['turbo']} Turbo)"
        elif raw["brake"]:
            spend = f" ({raw['brake']} Brake)"
        return f"shifted {_gear(raw['old'])} → {_gear(raw['new'])}{spend}"
    if kind == "lane_changes":
        changes = raw["lane_changes"]
        if changes is None:
            return "unlimited lane changes this turn"
        count = "no" if changes == 0 else str(changes)
        return f"{count} lane change{'' if changes == 1 else 's'} this turn"
    if kind == "car_moved":
        return _moved(raw["cells"], str(raw.get("cause", "drive")))
    if kind == "collision":
        what = str(raw["what"])
        text = _COLLISIONS.get(what, f"crashed ({what.replace('_', ' ')})")
        if raw.get("target") is not None:
            return f"{text} {_name(raw['target'], names)}"
        return f"{text} at {_cell(raw['at'])}"
    if kind == "damage":
        sign, track = ("−", "Structure") if raw["track"] == "structure" else ("+", "Heat")
        return f"{_name(raw['player'], names)}: {sign}{raw['amount']} {track} ({raw['cause']})"
    if kind == "equipment":
        verb = "armed" if raw["mode"] == "arm" else "used"
        return f"{verb} the {_item(str(raw['item']))}"
    if kind == "mine_dropped":
        return f"dropped a mine at {_cell(raw['at'])}"
    if kind == "car_wrecked":
        why = "no Structure left" if raw["cause"] == "structure" else "Heat reached the skull"
        return f"{_name(raw['player'], names)}'s car is wrecked ({why})"
    if kind == "race_won":
        return f"{_name(raw['player'], names)} wins: {raw['reason']}"
    if raw.get("text"):
        return str(raw["text"])
    return str(kind or "event").replace("_", " ")


def _name(player: Any, names: Mapping[PlayerId, str] | None) -> str:
    pid = int(player)
    if names and pid in names:
        return names[pid]
    return f"player {pid}"


def _gear(node: Sequence[int]) -> str:
    gear, speed = node
    return "neutral" if gear == 0 else f"gear {gear} speed {speed}"


def _cell(cell: Sequence[int]) -> str:
    row, lane = cell
    return f"row {row}, lane {int(lane) + 1}"


def _moved(cells: Sequence[Sequence[int]], cause: str) -> str:
    how = "" if cause == "drive" else f" ({cause})"
    if not cells:
        return f"did not move{how}"
    spaces = len(cells) - 1
    if spaces == 0:
        return f"stayed at {_cell(cells[-1])}{how}"
    return f"drove {spaces} space{'' if spaces == 1 else 's'} to {_cell(cells[-1])}{how}"


def _item(value: str) -> str:
    try:
        return ITEM_LABELS[Item(value)]
    except ValueError:
        return value.replace("_", " ")
