"""A member's own data: everything stored about them (`/me export`), and forgetting them
(`/me forget`, `python -m bot forget USER_ID`) in one transaction.

Forgetting removes what is theirs alone (settings, vacations, reminders, saved and secret
rolls, ratings and results, take-back requests) and, in the games they played, replaces their
name with the words the core chose. The core (`table/members.py`) works out each game's
rewritten position and events by replaying it with the new name, so the seed still
re-derives every die; the log's rows may change only their told events, and only while the
session is listed in `forgetting` (migration 0012), which this transaction alone does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from storage.db import Db
from storage.queries.transactions import reading, writing

_PERSONAL = (
    ("user_prefs", "user_id"),
    ("vacations", "user_id"),
    ("reminders", "user_id"),
    ("saved_rolls", "owner_id"),
    ("secret_rolls", "roller_id"),
    ("ratings", "user_id"),
    ("results", "user_id"),
    ("takebacks", "user_id"),
)
"""Rows that are the member's own, by table and the column naming them."""


@dataclass(frozen=True)
class GameRewrite:
    """One game the member sat in, with their name replaced: the new seat name, and where
    their name was told, the position, end reason and events as replayed without it."""

    session_id: int
    seat_name: str
    state_json: str | None = None
    end_reason: str | None = None
    events: tuple[tuple[int, str], ...] = ()
    """(seq, events_json) of the log rows to rewrite."""


def member_sessions(db: Db, *, user_id: int) -> list[tuple[int, str]]:
    """(session id, status) of every game the member sits in or plays a seat of, oldest first."""
    with reading(db):
        rows = db.execute(
            "SELECT DISTINCT s.id, s.status FROM sessions s JOIN seats t ON t.session_id = s.id"
            " WHERE t.user_id = ? OR t.controller_id = ? ORDER BY s.id",
            (user_id, user_id),
        ).fetchall()
    return [(int(row["id"]), str(row["status"])) for row in rows]


def member_rows(db: Db, *, user_id: int) -> dict[str, list[dict[str, Any]]]:
    """Every row of the member's own, by table (for `/me export`)."""
    found: dict[str, list[dict[str, Any]]] = {}
    with reading(db):
        for table, column in _PERSONAL:
            rows = db.execute(f"SELECT * FROM {table} WHERE {column} = ?", (user_id,)).fetchall()
            found[table] = [dict(row) for row in rows]
        made_for = db.execute(
            "SELECT * FROM secret_rolls WHERE viewer_id = ?", (user_id,)
        ).fetchall()
        found["secret_rolls_for_you"] = [dict(row) for row in made_for]
        seasons = db.execute("SELECT * FROM season_members WHERE user_id = ?", (user_id,))
        found["seasons"] = [dict(row) for row in seasons.fetchall()]
    return found


def forget_member(db: Db, *, user_id: int, name: str, games: Sequence[GameRewrite]) -> int:
    """Remove the member's own rows and rewrite their games and seasons without their name
    (`name` stands for it), in one transaction; how many rows of their own were removed."""
    removed = 0
    with writing(db):
        for game in games:
            db.execute(
                # the seats they play: their own, or one they took over (its name is theirs)
                "UPDATE seats SET name = ? WHERE session_id = ? AND (controller_id = ? OR"
                " (user_id = ? AND controller_id IS NULL))",
                (game.seat_name, game.session_id, user_id, user_id),
            )
            if game.state_json is not None:
                db.execute(
                    "UPDATE sessions SET state_json = ? WHERE id = ?",
                    (game.state_json, game.session_id),
                )
            if game.end_reason is not None:
                db.execute(
                    "UPDATE sessions SET end_reason = ? WHERE id = ?",
                    (game.end_reason, game.session_id),
                )
            if game.events:
                db.execute("INSERT INTO forgetting (session_id) VALUES (?)", (game.session_id,))
                for seq, events_json in game.events:
                    db.execute(
                        "UPDATE events SET events_json = ? WHERE session_id = ? AND seq = ?",
                        (events_json, game.session_id, seq),
                    )
                db.execute("DELETE FROM forgetting WHERE session_id = ?", (game.session_id,))
        for table, column in _PERSONAL:
            removed += db.execute(f"DELETE FROM {table} WHERE {column} = ?", (user_id,)).rowcount
        db.execute("UPDATE secret_rolls SET viewer_id = NULL WHERE viewer_id = ?", (user_id,))
        # A season's table keeps their points (the others' places depend on them), not their name.
        db.execute("UPDATE season_members SET name = ? WHERE user_id = ?", (name, user_id))
    return removed
