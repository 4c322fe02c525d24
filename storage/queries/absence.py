"""Absence: reminders claimed once, and players' own settings (time zone, quiet hours, DMs)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from storage.queries.transactions import writing


def claim_reminder(
    db: sqlite3.Connection, *, now: float, session_id: int, user_id: int, turn: int, stage: int
) -> bool:
    """Record that this reminder is being sent; False if it already was (never send twice)."""
    with writing(db):
        cursor = db.execute(
            "INSERT INTO reminders (session_id, user_id, turn, stage, sent_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (session_id, user_id, turn, stage, now),
        )
        return cursor.rowcount == 1


def reminders_sent(db: sqlite3.Connection, *, session_id: int) -> list[tuple[int, int, int]]:
    """(user, turn, stage) of every reminder sent in a session."""
    rows = db.execute(
        "SELECT user_id, turn, stage FROM reminders WHERE session_id = ?", (session_id,)
    ).fetchall()
    return [(int(r["user_id"]), int(r["turn"]), int(r["stage"])) for r in rows]


def get_prefs(db: sqlite3.Connection, *, user_ids: Sequence[int]) -> dict[int, str]:
    """The stored `/me` settings (JSON) of these users; users without any are left out."""
    if not user_ids:
        return {}
    marks = ",".join("?" * len(user_ids))
    rows = db.execute(
        f"SELECT user_id, prefs_json FROM user_prefs WHERE user_id IN ({marks})", list(user_ids)
    ).fetchall()
    return {int(r["user_id"]): str(r["prefs_json"]) for r in rows}


def set_prefs(db: sqlite3.Connection, *, user_id: int, prefs_json: str) -> None:
    with writing(db):
        db.execute(
            "INSERT INTO user_prefs (user_id, prefs_json) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET prefs_json = excluded.prefs_json",
            (user_id, prefs_json),
        )
