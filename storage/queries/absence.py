"""Absence: reminders claimed once, and players' own settings (time zone, quiet hours, DMs)."""

from __future__ import annotations

from collections.abc import Sequence

from storage.db import Db, serialize
from storage.queries.due import forget_user
from storage.queries.transactions import writing


def claim_reminder(
    db: Db, *, now: float, session_id: int, user_id: int, turn: int, stage: int
) -> bool:
    """Record that this reminder is being sent; False if it already was (never send twice)."""
    with writing(db):
        cursor = db.execute(
            "INSERT INTO reminders (session_id, user_id, turn, stage, sent_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (session_id, user_id, turn, stage, now),
        )
        return bool(cursor.rowcount == 1)


def reminders_sent(db: Db, *, session_id: int) -> list[tuple[int, int, int]]:
    """(user, turn, stage) of every reminder sent in a session."""
    rows = db.execute(
        "SELECT user_id, turn, stage FROM reminders WHERE session_id = ?", (session_id,)
    ).fetchall()
    return [(int(r["user_id"]), int(r["turn"]), int(r["stage"])) for r in rows]


def get_prefs(db: Db, *, user_ids: Sequence[int]) -> dict[int, str]:
    """The stored `/me` settings (JSON) of these users; users without any are left out."""
    if not user_ids:
        return {}
    marks = ",".join("?" * len(user_ids))
    rows = db.execute(
        f"SELECT user_id, prefs_json FROM user_prefs WHERE user_id IN ({marks})", list(user_ids)
    ).fetchall()
    return {int(r["user_id"]): str(r["prefs_json"]) for r in rows}


def set_prefs(db: Db, *, user_id: int, prefs_json: str) -> None:
    with writing(db):
        db.execute(
            "INSERT INTO user_prefs (user_id, prefs_json) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET prefs_json = excluded.prefs_json",
            (user_id, prefs_json),
        )
        forget_user(db, user_id=user_id)


def start_vacation(db: Db, *, now: float, guild_id: int, user_id: int, until: float) -> bool:
    """Begin a vacation; False if one is already running."""
    with writing(db):
        serialize(db, f"vacation:{guild_id}:{user_id}")
        running = db.execute(
            "SELECT 1 FROM vacations WHERE guild_id = ? AND user_id = ? AND ended_at IS NULL",
            (guild_id, user_id),
        ).fetchone()
        if running is not None:
            return False
        db.execute(
            "INSERT INTO vacations (guild_id, user_id, started_at, until) VALUES (?, ?, ?, ?)",
            (guild_id, user_id, now, until),
        )
        forget_user(db, user_id=user_id, guild_id=guild_id)
        return True


def end_vacation(db: Db, *, now: float, guild_id: int, user_id: int) -> tuple[float, float] | None:
    """End the running vacation: (started_at, ended_at), or None if there was none (of two
    processes ending it at once, one gets the span: only that one announces it)."""
    with writing(db):
        serialize(db, f"vacation:{guild_id}:{user_id}")
        row = db.execute(
            "SELECT started_at, until FROM vacations"
            " WHERE guild_id = ? AND user_id = ? AND ended_at IS NULL",
            (guild_id, user_id),
        ).fetchone()
        if row is None:
            return None
        ended = min(now, float(row["until"]))
        closed = db.execute(
            "UPDATE vacations SET ended_at = ? WHERE guild_id = ? AND user_id = ? AND"
            " started_at = ? AND ended_at IS NULL",
            (ended, guild_id, user_id, row["started_at"]),
        )
        if closed.rowcount != 1:  # ended meanwhile (the lock above makes this unreachable)
            return None
        forget_user(db, user_id=user_id, guild_id=guild_id)
        return float(row["started_at"]), ended


def vacations_since(
    db: Db, *, guild_id: int, user_id: int, since: float
) -> list[tuple[float, float | None, float]]:
    """(started_at, ended_at, until) of the vacations begun since `since`."""
    rows = db.execute(
        "SELECT started_at, ended_at, until FROM vacations"
        " WHERE guild_id = ? AND user_id = ? AND started_at >= ? ORDER BY started_at",
        (guild_id, user_id, since),
    ).fetchall()
    return [
        (
            float(r["started_at"]),
            None if r["ended_at"] is None else float(r["ended_at"]),
            float(r["until"]),
        )
        for r in rows
    ]


def vacations_over(db: Db, *, now: float) -> list[tuple[int, int]]:
    """(guild, user) of running vacations whose time is up."""
    rows = db.execute(
        "SELECT guild_id, user_id FROM vacations WHERE ended_at IS NULL AND until <= ?", (now,)
    ).fetchall()
    return [(int(r["guild_id"]), int(r["user_id"])) for r in rows]
