"""What the health check and diagnostics run: a real test write, and SQLite's own check."""

from __future__ import annotations

from storage.db import Db, is_postgres
from storage.queries.transactions import writing


def probe(db: Db, *, now: float) -> None:
    """The health check's real write: rewrite the one-row probe table in its own transaction."""
    with writing(db):
        db.execute(
            "INSERT INTO probe (id, at) VALUES (1, ?)"
            " ON CONFLICT (id) DO UPDATE SET at = excluded.at",
            (now,),
        )


def integrity_check(db: Db) -> str:
    """SQLite's integrity_check; PostgreSQL has no such command (it checksums pages itself if
    the cluster was created with --data-checksums; `amcheck` is the admin's tool), so there it
    reads every table's row count and says "ok" when the server answers."""
    if is_postgres(db):
        for table in ("sessions", "seats", "events"):
            db.execute(f"SELECT count(*) FROM {table}").fetchone()
        return "ok"
    rows = db.execute("PRAGMA integrity_check").fetchall()
    return "\n".join(str(row[0]) for row in rows)
