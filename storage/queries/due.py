"""The due index: when each live session's next scheduler item falls due (`next_due_at`).

The scheduler writes the value after it has looked at a session (`set_next_due`, guarded by
the version so a move in between wins). Every write that can change what is due sets it back
to NULL ("unknown: look again"): `bump` (every move, start, take-back, host or option change),
`set_clock`, `set_seat_kind` (a bot or substitute takes a seat), a member's reminder
preferences and vacations (`forget_user`). `due_sessions` reads the active sessions whose value
is NULL or past, without their state.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from storage.db import Db
from storage.queries.records import LIVE_SQL
from storage.queries.transactions import reading, writing

NEVER = 1e18
"""`next_due_at` of a session with nothing ahead (no clock, nobody to stand in for)."""


class DueRow(NamedTuple):
    id: int
    guild_id: int | None
    version: int


def due_sessions(db: Db, *, now: float) -> list[DueRow]:
    """Active sessions with something due by `now`, or whose next due time is unknown."""
    with reading(db):
        rows = db.execute(
            "SELECT id, guild_id, version FROM sessions WHERE status = 'active'"
            " AND (next_due_at IS NULL OR next_due_at <= ?) ORDER BY id",
            (now,),
        ).fetchall()
    return [_row(r) for r in rows]


def active_sessions(db: Db) -> list[DueRow]:
    """Every active session, without its state (the scheduler's slow full sweep)."""
    with reading(db):
        rows = db.execute(
            "SELECT id, guild_id, version FROM sessions WHERE status = 'active' ORDER BY id"
        ).fetchall()
    return [_row(r) for r in rows]


def live_guilds(db: Db) -> dict[int, int | None]:
    """Session id -> guild id of every live session (no state read)."""
    with reading(db):
        rows = db.execute(
            f"SELECT id, guild_id FROM sessions WHERE status IN {LIVE_SQL}"
        ).fetchall()
    return {int(r["id"]): None if r["guild_id"] is None else int(r["guild_id"]) for r in rows}


def set_next_due(db: Db, *, session_id: int, version: int, at: float) -> bool:
    """Store when the session's next item is due, unless it moved on since (False)."""
    with writing(db):
        cursor = db.execute(
            "UPDATE sessions SET next_due_at = ? WHERE id = ? AND version = ?",
            (at, session_id, version),
        )
        return bool(cursor.rowcount == 1)


def forget_user(db: Db, *, user_id: int, guild_id: int | None = None) -> None:
    """Inside a write: the due time of every live game `user_id` plays (in `guild_id`, if
    given) is unknown again."""
    where = "" if guild_id is None else " AND guild_id = ?"
    params: tuple[int, ...] = (
        (user_id, user_id) if guild_id is None else (user_id, user_id, guild_id)
    )
    db.execute(
        "UPDATE sessions SET next_due_at = NULL WHERE id IN (SELECT session_id FROM seats"
        f" WHERE user_id = ? OR controller_id = ?) AND status IN {LIVE_SQL}{where}",
        params,
    )


def _row(r: Any) -> DueRow:
    guild = r["guild_id"]
    return DueRow(int(r["id"]), None if guild is None else int(guild), int(r["version"]))
