"""The move log: append-only entries in the events table, read back in seq order."""

from __future__ import annotations

import sqlite3

from storage.errors import SessionNotFound
from storage.models import LogEntry
from storage.queries.transactions import reading


def append(
    db: sqlite3.Connection,
    session_id: int,
    *,
    actor: int | None,
    action_json: str,
    events_json: str,
    now: float,
) -> None:
    """Add the next entry (seq = last + 1) inside the caller's write transaction."""
    db.execute(
        "INSERT INTO events (session_id, seq, actor, action_json, events_json, at)"
        " SELECT ?, COALESCE(MAX(seq), -1) + 1, ?, ?, ?, ? FROM events WHERE session_id = ?",
        (session_id, actor, action_json, events_json, now, session_id),
    )


def log(
    db: sqlite3.Connection, *, session_id: int, after_seq: int, limit: int | None
) -> list[LogEntry]:
    with reading(db):
        if db.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone() is None:
            raise SessionNotFound(session_id)
        rows = db.execute(
            "SELECT session_id, seq, actor, action_json, events_json, at FROM events"
            " WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            (session_id, after_seq, -1 if limit is None else limit),
        ).fetchall()
    return [LogEntry(**dict(row)) for row in rows]
