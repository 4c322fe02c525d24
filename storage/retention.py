"""Retention on any backend: archive and delete ended sessions, as one transaction script.

The same archive format as `storage.backup.prune` (which works on the SQLite file directly,
for `python -m bot prune` with the bot running): one gzip JSON line per session with its row,
seats, move log and reminders, flushed to disk before the rows are deleted. Used through
`Repository.prune`, which is how PostgreSQL prunes (there is no file to open beside the bot).
Rows are read and deleted under one write transaction, so a session that a concurrent write
revives cannot be deleted (the DELETE re-checks the status).
"""

from __future__ import annotations

import gzip
import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from storage.db import Db
from storage.queries.transactions import writing

ENDED = ("finished", "abandoned")


def _rows(db: Db, sql: str, *args: Any) -> list[dict[str, Any]]:
    return [dict(r) for r in db.execute(sql, args).fetchall()]


def _target(archive: Path, when: float) -> Path:
    stamp = datetime.fromtimestamp(when, UTC).strftime("%Y%m%d-%H%M%S")
    target = archive / f"sessions-{stamp}.jsonl.gz"
    n = 1
    while target.exists():
        n += 1
        target = archive / f"sessions-{stamp}-{n}.jsonl.gz"
    return target


def prune(db: Db, *, archive: Path, cutoff: float, now: float) -> list[int]:
    """Archive then delete ended sessions last changed before `cutoff`; their ids."""
    with writing(db):
        ids = [
            int(r["id"])
            for r in db.execute(
                "SELECT id FROM sessions WHERE status IN (?, ?) AND updated_at < ? ORDER BY id",
                (*ENDED, cutoff),
            ).fetchall()
        ]
        if not ids:
            return []
        archive.mkdir(parents=True, exist_ok=True)
        target = _target(archive, now)
        temp = archive / f".{target.name}.tmp"
        try:
            with gzip.open(temp, "wt", encoding="utf-8") as out:
                for sid in ids:
                    line = {
                        "session": _rows(db, "SELECT * FROM sessions WHERE id = ?", sid)[0],
                        "seats": _rows(db, "SELECT * FROM seats WHERE session_id = ?", sid),
                        "events": _rows(
                            db, "SELECT * FROM events WHERE session_id = ? ORDER BY seq", sid
                        ),
                        "reminders": _rows(db, "SELECT * FROM reminders WHERE session_id = ?", sid),
                    }
                    out.write(json.dumps(line, ensure_ascii=False) + "\n")
            fd = os.open(temp, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temp, target)
        finally:
            temp.unlink(missing_ok=True)
        marks = ",".join("?" * len(ids))
        db.execute(
            f"DELETE FROM sessions WHERE id IN ({marks}) AND status IN (?, ?)", (*ids, *ENDED)
        )
        return ids
