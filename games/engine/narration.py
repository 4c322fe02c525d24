"""Events told in words, and who may hear them: the game contract's story half.

Every event a step produces is told to somebody. `GameSpec.audience(event)` is the one gate
beside `view`: None means everyone (a public event, told in the channel and the log), a set
of seats means only they may read it (a card drawn into a hand, a token placed face down),
and the empty set means nobody (bookkeeping with nothing to tell). `GameSpec.narrate(event,
names)` tells one event in plain words for whoever may see it, dice included.

Events reach these functions as their JSON form (`event.model_dump(mode="json")`), the form
they are stored in, so a log written under an older rules version is still told.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.model import Event, PlayerId

Raw = Mapping[str, Any]
Names = Mapping[PlayerId, str]


def raw_event(event: Event | Raw) -> Raw:
    """An event in the form narration reads (its stored JSON form)."""
    return event.model_dump(mode="json") if isinstance(event, Event) else event


def dice_words(dice: Any) -> str:
    """Faces as players read them: "6 6 2"."""
    return " ".join(str(d) for d in dice or ())


def default_narration(event: Raw, names: Names) -> str:
    """The words of the events every game shares: a `note` says its text; a roll says who
    rolled what and why ("alice rolled 6 2 (advance)"); anything else, its kind."""
    kind = event.get("kind", "")
    if kind == "dice_rolled":
        who = event.get("who")
        name = names.get(who, "the table") if isinstance(who, int) else "the table"
        why = event.get("why") or "a roll"
        return f"{name} rolled {dice_words(event.get('dice'))} ({why})"
    if "text" in event:
        return str(event.get("text") or "")
    return str(kind).replace("_", " ")


def everyone(event: Raw) -> frozenset[PlayerId] | None:
    """The default audience: every event is public."""
    return None
