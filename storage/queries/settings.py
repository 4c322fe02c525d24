"""Per-guild settings: one text value per (guild, key)."""

from __future__ import annotations

from storage.db import Db
from storage.queries.transactions import writing


def get_setting(db: Db, *, guild_id: int, key: str) -> str | None:
    row = db.execute(
        "SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key)
    ).fetchone()
    return None if row is None else str(row["value"])


def set_setting(db: Db, *, guild_id: int, key: str, value: str) -> None:
    with writing(db):
        db.execute(
            "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
            (guild_id, key, value),
        )
