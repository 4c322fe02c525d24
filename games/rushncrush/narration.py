"""Rush 'n' Crush told in words (`GameSpec.narrate`): one line per event, drivers by `names`.

Everything on the track is public (gears, dice, damage, equipment counters), so every event is
told to everyone. Each line names who acted ("Ann shifts ..."), so a step's line can drop the
actor's name and the log still reads alone; a roll says what it was for and, where the rules
fix what a die does (a wreck, a mine, a gun, the saw, the rocket's heat), what it came to. The
damage, lane changes and pushes a roll leads to follow as lines of their own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.engine import PlayerId, dice_words
from games.rushncrush.data import (
    GUN_HIT_ON_OR_BELOW,
    ITEM_LABELS,
    ROCKET_HEAT_ON_OR_BELOW,
    SAW_HITS_FROM,
    WRECK_DAMAGE_ON_OR_BELOW,
    Item,
)

Raw = Mapping[str, Any]
Names = Mapping[PlayerId, str]

_GUN = re.compile(r"^(Machine Gun|Flamer) range (\d+)$")
_PURPOSE = {
    "heat": "engine heat",
    "steering": "steering",
    "obstruction damage": "the obstruction's damage",
    "wreck": "the wreck",
    "mine": "the mine",
    "Rush 'n' Crush": "the Rush 'n' Crush",
    "side ram": "the side ram",
    "Lateral Circular Saw": "the Lateral Circular Saw",
    "Rocket Booster heat": "the Rocket Booster's heat",
}
"""A roll's `why` (as stored) -> what it is for, in words."""
_COLLISIONS = {
    "wreck": "drives over the wreck",
    "mine": "hits a mine",
    "obstruction": "hits the obstruction",
    "side_ram": "side-rams",
    "rush": "Rush 'n' Crushes into",
}


def narrate(event: Raw, names: Names) -> str:
    """One event in plain words, dice included; a note says its text."""
    tell = _TELLERS.get(str(event.get("kind", "")))
    if tell is not None:
        return tell(event, names)
    return str(event.get("text") or "")


def _name(player: Any, names: Names) -> str:
    """A driver by the table's name; never an internal id."""
    return names.get(int(player), "a driver") if player is not None else "the road"


def _roll(event: Raw, names: Names) -> str:
    dice = tuple(int(d) for d in event.get("dice", ()))
    why = str(event.get("why") or "")
    who = _name(event.get("who"), names)
    gun = _GUN.match(why)
    if gun is not None:
        # Rules 20-21: "Roll (4 - range) dice; each 1-2 = 1 Structure (Heat) to the target."
        hits = sum(1 for d in dice if d <= GUN_HIT_ON_OR_BELOW)
        return (
            f"{who} rolls {dice_words(dice)} for the {gun.group(1)} at range {gun.group(2)}: "
            f"{_hits(hits)}"
        )
    line = f"{who} rolls {dice_words(dice)} for {_PURPOSE.get(why, why or 'a roll')}"
    if why in ("wreck", "mine"):
        # Rule 15 (and 24 for mines): "Roll 1d6; on 1-3, take 1 Structure."
        return f"{line}: {_hits(sum(1 for d in dice if d <= WRECK_DAMAGE_ON_OR_BELOW))}"
    if why == "Lateral Circular Saw":
        # Rule 18: "also roll a red die; on 4-6 the target takes 1 Structure."
        return f"{line}: {_hits(sum(1 for d in dice if d >= SAW_HITS_FROM))}"
    if why == "Rocket Booster heat":
        # Rule 22: "for each space roll a heat die, 1-2 = +1 heat."
        heat = sum(1 for d in dice if d <= ROCKET_HEAT_ON_OR_BELOW)
        return f"{line}: {f'{heat} Heat' if heat else 'no Heat'}"
    return line


def _hits(count: int) -> str:
    return "no hit" if count == 0 else f"{count} hit{'' if count == 1 else 's'}"


def _gear_changed(event: Raw, names: Names) -> str:
    who, old, new = _name(event["player"], names), _gear(event["old"]), _gear(event["new"])
    spend = ""
    if event.get("turbo"):
        spend = f", spending {event['turbo']} Turbo"
    elif event.get("brake"):
        spend = f", spending {event['brake']} Brake"
    if old == new:
        return f"{who} stays in {new}{spend}"
    return f"{who} shifts from {old} to {new}{spend}"


def _lane_changes(event: Raw, names: Names) -> str:
    who, changes = _name(event["player"], names), event["lane_changes"]
    if changes is None:
        return f"{who} may change lanes freely this turn"
    if changes == 0:
        return f"{who} has no lane changes this turn"
    return f"{who} has {changes} lane change{'' if changes == 1 else 's'} this turn"


def _car_moved(event: Raw, names: Names) -> str:
    who, cells, cause = _name(event["player"], names), event["cells"], event.get("cause")
    if cause == "side ram" and cells:
        # Rule 17: "the defender is pushed into it and you take its old space".
        return f"{who} is pushed aside to {_cell(cells[-1])}"
    if not cells:
        return f"{who} does not move"
    spaces = len(cells) - 1
    if spaces == 0:
        return f"{who} stays at {_cell(cells[-1])}"
    return f"{who} drives {spaces} space{'' if spaces == 1 else 's'} to {_cell(cells[-1])}"


def _collision(event: Raw, names: Names) -> str:
    who, what = _name(event["player"], names), str(event["what"])
    verb = _COLLISIONS.get(what, f"crashes ({what.replace('_', ' ')})")
    if event.get("target") is not None:
        return f"{who} {verb} {_name(event['target'], names)}"
    return f"{who} {verb} at {_cell(event['at'])}"


def _damage(event: Raw, names: Names) -> str:
    who, amount, cause = _name(event["player"], names), event["amount"], event["cause"]
    if event["track"] == "structure":
        return f"{who} loses {amount} Structure ({cause})"
    return f"{who} gains {amount} Heat ({cause})"


def _equipment(event: Raw, names: Names) -> str:
    who, item = _name(event["player"], names), str(event["item"])
    label = _item(item)
    if event["mode"] == "arm":
        return f"{who} arms the {label}"
    if item in (Item.MACHINE_GUN, Item.FLAMER):
        target = event.get("target")
        at = "" if target is None else f" at {_name(target, names)}"
        distance = event.get("range")
        return f"{who} fires the {label}{at}" + ("" if distance is None else f", range {distance}")
    if item == Item.FIRE_EXTINGUISHER:
        return f"{who} uses the {label}: −1 Heat"  # rule 23: "Use: -1 heat."
    return f"{who} uses the {label}"


def _mine_dropped(event: Raw, names: Names) -> str:
    return f"{_name(event['player'], names)} drops a mine at {_cell(event['at'])}"


def _car_wrecked(event: Raw, names: Names) -> str:
    # Rule 3: "A car is destroyed when Structure or Heat reaches the skull."
    why = "no Structure left" if event["cause"] == "structure" else "its Heat reached the skull"
    return f"{_name(event['player'], names)}'s car is wrecked: {why}"


def _race_won(event: Raw, names: Names) -> str:
    return f"🏁 {_name(event['player'], names)} wins the race: {event['reason']}"


def _gear(node: Sequence[int]) -> str:
    gear, speed = node
    return "neutral" if gear == 0 else f"gear {gear}, speed {speed}"


def _cell(cell: Sequence[int]) -> str:
    row, lane = cell
    return f"row {row}, lane {int(lane) + 1}"


def _item(value: str) -> str:
    try:
        return ITEM_LABELS[Item(value)]
    except ValueError:
        return value.replace("_", " ")


_TELLERS: dict[str, Callable[[Raw, Names], str]] = {
    "dice_rolled": _roll,
    "gear_changed": _gear_changed,
    "lane_changes": _lane_changes,
    "car_moved": _car_moved,
    "collision": _collision,
    "damage": _damage,
    "equipment": _equipment,
    "mine_dropped": _mine_dropped,
    "car_wrecked": _car_wrecked,
    "race_won": _race_won,
}
