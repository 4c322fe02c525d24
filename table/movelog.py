"""The move log read back: which logged moves stand once take-backs are counted, and the
state the seed and those moves replay to. Pure (also for `table/verify.py`, `table/replays.py`
and the crash test's verifier).

A take-back is a log entry of its own, never a deletion: actor the requester, action
`{"kind": "take_back", "seq": N}`. Replaying skips the move it names; every other move keeps
the dice of its own seq, so a session still replays bit for bit.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from games.engine import Player, replay
from games.registry import AnySpec
from storage import LogEntry, SessionRecord

TAKE_BACK = "take_back"


def take_back_json(seq: int) -> str:
    return json.dumps({"kind": TAKE_BACK, "seq": seq}, separators=(",", ":"))


def taken_back(action_json: str) -> int | None:
    """The seq a take-back log entry names, or None for any other entry."""
    try:
        data = json.loads(action_json)
    except ValueError:
        return None
    if (
        isinstance(data, dict)
        and data.get("kind") == TAKE_BACK
        and isinstance(data.get("seq"), int)
    ):
        return int(data["seq"])
    return None


def standing_moves(entries: Sequence[LogEntry]) -> list[LogEntry]:
    """The moves that stand, in order: no setup, no take-back entries, no move taken back."""
    gone = {n for e in entries if (n := taken_back(e.action_json)) is not None}
    return [
        e
        for e in entries
        if e.seq > 0
        and e.actor is not None
        and e.seq not in gone
        and taken_back(e.action_json) is None
    ]


def players_of(record: SessionRecord) -> tuple[Player, ...]:
    return tuple(
        Player(id=s.user_id, name=s.name) for s in sorted(record.seats, key=lambda s: s.seat)
    )


def replay_log(spec: AnySpec, record: SessionRecord, entries: Sequence[LogEntry]) -> Any:
    """The state the seed and the standing moves of `entries` give (each with its seq's dice)."""
    moves = standing_moves(entries)
    options = spec.options_model.model_validate_json(record.options_json)
    return replay(
        spec,
        players_of(record),
        options,
        record.seed,
        [
            (m.actor, spec.parse_action(json.loads(m.action_json)))
            for m in moves
            if m.actor is not None
        ],
        steps=[m.seq for m in moves],
    )
