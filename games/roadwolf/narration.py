"""Road Wolf told in words (`GameSpec.narrate`) behind its gate (`GameSpec.audience`).

Most of Road Wolf's events carry their own line (`VehicleEvent.text`, written where the rules
resolve them, with the vehicles' labels and the contest's dice). Narration adds what the text
cannot: the seats a private token placement is told to, and the rolls a contest's line already
tells (their dice stand in that line, "Muscle Car A rolled 6, 5; Convertible B rolled 2"), so
the channel does not tell each die twice. Logs written before these words keep their old
texts; the few that named an internal step ("A is done.") are told in today's words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from games.engine import Event, PlayerId, default_narration

TOLD_IN_THEIR_LINE = re.compile(
    r"^(ram|shooting \(\w+\)|melee|wipeout check): |^repair \S+(: reroll)?$"
    r"|: the Veteran rerolls a 1$"
)
"""Rolls whose faces the line of their contest tells (a ram, a shot, a melee, a wipeout check,
a repair, an explosive truck's Veteran): bookkeeping nobody reads apart from that line."""

OLD_WORDS = (
    (re.compile(r"^(\S+) is done\.$"), r"\1 ends its turn."),
    (re.compile(r"^(\S+) fires its NITRO!$"), r"\1 fires its Nitro."),
)
"""Lines of logs written before today's words that named an internal step."""


def token_words(kind: str) -> str:
    """A token as players call it: "a Gunner", "a Shotgun", "Spikes"."""
    if kind == "spikes":
        return "Spikes"
    return f"a {kind.capitalize()}"


class TokenChosen(Event):
    """Which token a side put on which vehicle in army building: told only to that side's seats
    (rule 17: "may stay hidden until it is used"); the public hears "place a token"."""

    kind: str = "token_chosen"
    seats: tuple[PlayerId, ...]
    side_name: str
    vehicle: str
    """The vehicle's label ("Muscle Car A")."""
    token: str


def narrate(event: Mapping[str, Any], names: Mapping[PlayerId, str]) -> str:
    """One event in words."""
    kind = event.get("kind", "")
    if kind == "dice_rolled":
        return default_narration(event, names)
    if kind == "token_chosen":
        where = event.get("vehicle", "")
        return (
            f"{event.get('side_name', '')} put {token_words(str(event.get('token', '')))} on "
            f"{where} (hidden from the other sides until used)."
        )
    text = str(event.get("text") or "")
    for old, new in OLD_WORDS:
        text = old.sub(new, text)
    return text or default_narration(event, names)


def audience(event: Mapping[str, Any]) -> frozenset[PlayerId] | None:
    """A token chosen in army building: its own side's seats; a roll its contest's line tells:
    nobody apart from that line; everything else: everyone."""
    kind = event.get("kind")
    if kind == "token_chosen":
        return frozenset(int(seat) for seat in event.get("seats", ()))
    if kind == "dice_rolled" and TOLD_IN_THEIR_LINE.search(str(event.get("why", ""))):
        return frozenset()
    return None
