"""What the health check and diagnostics run: a real test write, and SQLite's own check."""

from __future__ import annotations

import sqlite3

from storage.queries.transactions import writing


def probe(db: sqlite3.Connection, *, now: float) -> None:
    """The health check's real write: rewrite the one-row probe table in its own transaction."""
    with writing(db):
        db.execute(
            "INSERT INTO probe (id, at) VALUES (1, ?)"
            " ON CONFLICT (id) DO UPDATE SET at = excluded.at",
            (now,),
        )


def integrity_check(db: sqlite3.Connection) -> str:
    rows = db.execute("PRAGMA integrity_check").fetchall()
    return "\n".join(str(row[0]) for row in rows)
