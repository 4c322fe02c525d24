"""The move log: append-only entries in the events table, read back in seq order."""

from __future__ import annotations

from storage.db import Db
from storage.errors import SessionNotFound
from storage.models import LogEntry
from storage.queries.transactions import reading


def append(
    db: Db,
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
        " SELECT CAST(? AS BIGINT), COALESCE(MAX(seq), -1) + 1, CAST(? AS BIGINT), CAST(? AS TEXT),"
        " CAST(? AS TEXT), CAST(? AS DOUBLE PRECISION) FROM events WHERE session_id = ?",
        (session_id, actor, action_json, events_json, now, session_id),
    )


def log(db: Db, *, session_id: int, after_seq: int, limit: int | None) -> list[LogEntry]:
    with reading(db):
        if db.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone() is None:
            raise SessionNotFound(session_id)
        sql = (
            "SELECT session_id, seq, actor, action_json, events_json, at FROM events"
            " WHERE session_id = ? AND seq > ? ORDER BY seq"
        )
        params: tuple[int, ...] = (session_id, after_seq)
        if limit is not None:
            sql, params = f"{sql} LIMIT ?", (*params, limit)
        rows = db.execute(sql, params).fetchall()
    return [LogEntry(**dict(row)) for row in rows]
