"""The turn message of a session: which public message its current turn is told in.

The table writes its own record (`turn_json`, opaque here) with the session version that record
shows. A write carrying an older version than the stored one loses (False): two moves in quick
succession, delivered out of order, never let the older one's message replace the newer one's.
Writing it is not a move: the session's `version` does not change (buttons stay current).
"""

from __future__ import annotations

from typing import NamedTuple

from storage.db import Db
from storage.errors import SessionNotFound
from storage.queries.transactions import reading, writing


class TurnRow(NamedTuple):
    turn_json: str | None
    version: int | None
    """The session version the stored record shows (None: no turn message yet)."""


def turn_message(db: Db, *, session_id: int) -> TurnRow:
    with reading(db):
        row = db.execute(
            "SELECT turn_json, turn_version FROM sessions WHERE id = ?", (session_id,)
        ).fetchone()
    if row is None:
        raise SessionNotFound(session_id)
    version = row["turn_version"]
    return TurnRow(row["turn_json"], None if version is None else int(version))


def set_turn_message(db: Db, *, session_id: int, version: int, turn_json: str | None) -> bool:
    """Store the record shown at `version`, unless a newer (or the same) version is stored."""
    with writing(db):
        cursor = db.execute(
            "UPDATE sessions SET turn_json = ?, turn_version = ?"
            " WHERE id = ? AND (turn_version IS NULL OR turn_version < ?)",
            (turn_json, version, session_id, version),
        )
        return bool(cursor.rowcount == 1)


def fill_turn_message(db: Db, *, session_id: int, version: int, turn_json: str) -> bool:
    """Complete the record claimed at `version` (the message it was told in), unless a newer
    one is stored since."""
    with writing(db):
        cursor = db.execute(
            "UPDATE sessions SET turn_json = ? WHERE id = ? AND turn_version = ?",
            (turn_json, session_id, version),
        )
        return bool(cursor.rowcount == 1)
