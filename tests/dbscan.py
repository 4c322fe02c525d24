"""Reading a test's SQLite database for a text, in every column of every table: where does a
member's name still stand?"""

from __future__ import annotations

import sqlite3
from pathlib import Path


def columns_holding(db_path: Path, text: str) -> list[str]:
    """Every `table.column` with a value holding `text` (any case)."""
    db = sqlite3.connect(db_path)
    found = []
    try:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in tables:
            for column in [r[1] for r in db.execute(f"PRAGMA table_info({table})")]:
                hits = db.execute(
                    f"SELECT COUNT(*) FROM {table} WHERE CAST({column} AS TEXT) LIKE ?",
                    (f"%{text}%",),
                ).fetchone()[0]
                if hits:
                    found.append(f"{table}.{column}")
    finally:
        db.close()
    return found
