"""Space Truckin' events told in words (`GameSpec.narrate`), and who may read them
(`GameSpec.audience`).

Public lines never name what the code keeps on a trucker's sheet (a system, a grid, a box):
those are told in the trucker's private events. Logs written before the typed events hold
`note` events whose text named the trucker and sheet details to everyone; they are told
with the sheet details cut (`_public_note`), so an old log leaks nothing either.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from games.engine import PlayerId, default_narration
from games.spacetruckin.data import TERRAIN_REWARDS
from games.spacetruckin.events import PRIVATE_KINDS

Raw = Mapping[str, Any]
Names = Mapping[PlayerId, str]

BAND_WORDS = {
    "bridge": "under 1, one Bridge damage",
    "both": "1 to 2, both rewards",
    "first": "3 to 10, the first of the two rewards",
    "one_hit": "11 to 100, one consequence",
    "two_hits": "101 or more, two consequences",
}
REWARD_WORDS = {
    "cargo": "cargo",
    "vp": "VP",
    "artifact": "an artifact",
    "quarters": "new crew",
    None: "the artifact's extra pip",
}
VP_WHY = {
    "reward": "",
    "jump": " for jumping",
    "Grizzled": " as a Grizzled captain",
    "truck": " for a complete truck",
}


def audience(event: Raw) -> frozenset[PlayerId] | None:
    """A sheet's detail is its trucker's alone; everything else is public."""
    if event.get("kind") in PRIVATE_KINDS:
        return frozenset({event["who"]})
    return None


def narrate(event: Raw, names: Names) -> str:
    """One event in plain words, led by the trucker's name."""
    kind = str(event.get("kind", ""))
    who = names.get(event.get("who"), "A trucker")  # type: ignore[arg-type]
    tell = _TOLD.get(kind)
    if tell is not None:
        return tell(event, who)
    if kind == "dice_rolled":
        return _roll(event, names)
    if kind == "note":
        return _public_note(str(event.get("text") or ""))
    return default_narration(event, names)


def _roll(event: Raw, names: Names) -> str:
    """A roll, with a reroll's box left out: the box is on the sheet."""
    why = str(event.get("why") or "a roll")
    if why.startswith("reroll"):
        why = "a reroll"
    return default_narration({**event, "why": why}, names)


def _charted(event: Raw, who: str) -> str:
    first, second = TERRAIN_REWARDS[event["terrain"]]
    gives = f"{REWARD_WORDS[first]} and {REWARD_WORDS[second]}"
    return f"{who} charts {event['location']}: {event['terrain']} ({gives})"


def _build_ended(event: Raw, who: str) -> str:
    dice = event.get("dice") or ()
    if not dice:
        return f"{who} stops building"
    return f"{who} can place nothing with {' and '.join(map(str, dice))}: the build is over"


def _result(event: Raw, who: str) -> str:
    band = BAND_WORDS[event["band"]]
    return f"{who} scores {event['result']} at {event['location']} ({band})"


def _rewarded(event: Raw, who: str) -> str:
    taken = {"cargo": "loads one cargo", "artifact": "stows an artifact"}
    return f"{who} {taken.get(event['reward'], 'takes on new crew')}"


def _scored(event: Raw, who: str) -> str:
    why = VP_WHY.get(event["why"], "")
    return f"{who} scores {event['vp']} VP{why} ({event['total']} VP)"


def _sold(event: Raw, who: str) -> str:
    line = f"{who} sells {event['loads']} cargo for {event['vp']} VP"
    if event["counted"] != event["loads"]:
        line += f" (counted as {event['counted']}: Smuggler)"
    return line


def _cells(event: Raw) -> str:
    return ", ".join(event["cells"])


_TOLD: dict[str, Callable[[Raw, str], str]] = {
    "specialty_picked": lambda e, who: f"{who}'s captain is a {e['specialty']}",
    "truck_picked": lambda e, who: f"{who} flies the {e['truck']}",
    "charted": _charted,
    "build_ended": _build_ended,
    "arrived": lambda e, who: f"The truckers arrive at {e['location']} ({e['terrain']})",
    "slipped_past": lambda e, who: f"{who}'s Smuggler slips through Pirate Space",
    "challenge_result": _result,
    "rewarded": _rewarded,
    "no_room": lambda e, who: f"{who} has no room for {REWARD_WORDS[e['reward']]}",
    "bridge_hit": lambda e, who: f"{who}'s Bridge takes damage",
    "system_lost": lambda e, who: (
        f"{who} loses a system in Pirate Space" if e.get("by_pirates") else f"{who} loses a system"
    ),
    "paid_pirates": lambda e, who: f"{who} pays one cargo to cross Pirate Space",
    "jumped": lambda e, who: f"{who} jumps to {e['to']}",
    "scored": _scored,
    "won": lambda e, who: f"{who} reaches {e['vp']} VP and wins",
    "out": lambda e, who: f"{who} is out of the game",
    "cargo_sold": _sold,
    # private
    "built": lambda e, who: f"{who} builds {e['system']}/{e['shape']} on {_cells(e)}",
    "pip_drawn": lambda e, who: (
        f"{who}'s artifact adds a pip on {e['cell']}"
        if e.get("artifact")
        else f"{who} draws the new system's pip on {e['cell']}"
    ),
    "free_choice_used": lambda e, who: (
        f"{who} uses the free choice: die {e['die']} becomes {e['face']}"
    ),
    "wrote": lambda e, who: (
        f"{who} writes {e['dice'][0]} in {e['boxes'][0]} and {e['dice'][1]} in {e['boxes'][1]}"
    ),
    "tweaked": lambda e, who: (
        f"{who} {e['effect']}s {e['box']}: {e['old']} -> {e['new']} (pip {e['pip']} spent)"
    ),
    "destroyed": lambda e, who: f"{who}'s {e['system']}/{e['shape']} on {_cells(e)} is destroyed",
    "out_reason": lambda e, who: f"{who} is out: {e['reason']}",
}

# Notes of logs written before the typed events ("alice: builds Engine/O on C10, D10"): the
# public part of each, the sheet's details cut.
_OLD_NOTES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (r"^builds .*", "builds a system"),
        (r"^free choice: .*", "uses the free choice"),
        (r"^writes .*", "writes the dice"),
        (r"^(reroll|flip)s .*", r"\1s a die"),
        (r"^loses .*", "loses a system"),
        (r"^the artifact adds a pip on .*", "the artifact adds a pip"),
        (r"^loads cargo on .*", "loads one cargo"),
        (r"^stows an artifact on .*", "stows an artifact"),
        (r"^new crew: .*", "takes on new crew"),
        (r"^jumps to (\w+) \(pip .*", r"jumps to \1"),
        (r"^hands the pirates the cargo on .*", "pays one cargo to cross Pirate Space"),
        (r"^is out: .*", "is out of the game"),
    )
)


def _public_note(text: str) -> str:
    who, sep, said = text.partition(": ")
    if not sep:
        return text
    for pattern, replacement in _OLD_NOTES:
        if pattern.match(said):
            return f"{who}: {pattern.sub(replacement, said)}"
    return text
