"""What a private sheet, hand or panel says while its owner has nothing to do: who the table
waits for, and that the board will call them. The message was redrawn in place after their
last press, so it must say that their part is over, not leave old buttons behind."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import PlayerId
from table.snapshot import Snapshot


def waiting_for(snap: Snapshot, viewer: PlayerId) -> list[str]:
    """The names of everyone but `viewer` who must act now."""
    return [snap.name_of(p) for p in sorted(snap.active_players) if p != viewer]


def nothing_to_do(names: Sequence[str]) -> str:
    """The line itself, e.g. `Nothing to do until bob has played: …` ("the others" when
    nobody is named)."""
    if not names:
        who, verb = "the others", "have"
    elif len(names) == 1:
        who, verb = names[0], "has"
    else:
        who, verb = f"{', '.join(names[:-1])} and {names[-1]}", "have"
    return f"Nothing to do until {who} {verb} played: the board pings you when it is your turn."
