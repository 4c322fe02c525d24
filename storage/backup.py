"""Backups, restores and retention for the one SQLite file, with the sqlite3 module only.

- `backup`: SQLite's online backup API, so it is consistent while the bot writes (WAL mode: a
  plain file copy could miss moves still in the `-wal` file). The copy is checked
  (`PRAGMA quick_check`), switched to a self-contained single file (journal_mode=DELETE),
  flushed to disk and only then renamed into place as `redline-YYYYmmdd-HHMMSS.sqlite3`;
  the oldest beyond `keep` are deleted. A half-written backup never carries a backup's name.
- `restore`: checks the file is a Redline database this build can read, then copies it over
  the live database through the backup API (pages written by SQLite itself, so the live file's
  `-wal`/`-shm` stay consistent), migrates it, and carries over the highest session id the
  replaced database gave out, so no game number is handed out twice. The caller holds the
  instance lock (no bot running).
- `prune`: finished or abandoned sessions untouched for longer than the retention time are
  written to a gzip JSON-lines archive (one line per session: its row, seats, move log and
  reminders), flushed, and then deleted in one transaction (seats, events and reminders go
  with them by ON DELETE CASCADE). Live sessions are never touched.
"""

from __future__ import annotations

import gzip
import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from storage.errors import StorageError
from storage.migrate import load_migrations
from storage.opening import prepare

PREFIX = "redline-"
SUFFIX = ".sqlite3"
ENDED = ("finished", "abandoned")
BUSY_TIMEOUT_MS = 10_000


class BackupError(StorageError):
    """A backup, restore or prune that could not be done; the message says why and what to do."""


def known_schema() -> int:
    """The newest schema version this build knows (the number of the last migration)."""
    return load_migrations()[-1].number


def _stamp(now: float) -> str:
    return datetime.fromtimestamp(now, UTC).strftime("%Y%m%d-%H%M%S")


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _connect_ro(path: Path) -> sqlite3.Connection:
    if not path.is_file():
        raise BackupError(f"no database at {path}")
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return db


def list_backups(folder: Path, suffix: str = SUFFIX) -> list[Path]:
    """Backups in `folder`, oldest first (their names start with the UTC time they were made)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(f"{PREFIX}*{suffix}") if p.is_file())


def new_backup_path(folder: Path, when: float, *, label: str = "", suffix: str = SUFFIX) -> Path:
    """A name no backup in `folder` has yet: redline-YYYYmmdd-HHMMSS[-label][-n]<suffix>."""
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{PREFIX}{_stamp(when)}{'-' + label if label else ''}"
    target = folder / f"{name}{suffix}"
    n = 1
    while target.exists():
        n += 1
        target = folder / f"{name}-{n}{suffix}"
    return target


def keep_newest(folder: Path, keep: int, *, suffix: str = SUFFIX) -> None:
    """Delete all but the newest `keep` backups of this kind."""
    for old in list_backups(folder, suffix)[:-keep] if keep > 0 else []:
        old.unlink(missing_ok=True)


def backup(db: Path, folder: Path, *, keep: int, now: float | None = None, label: str = "") -> Path:
    """Copy the live database `db` into `folder`; keep the newest `keep` backups."""
    target = new_backup_path(folder, time.time() if now is None else now, label=label)
    temp = folder / f".{target.name}.{os.getpid()}.tmp"
    try:
        with closing(_connect_ro(db)) as src, closing(sqlite3.connect(temp)) as dst:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode = DELETE")
            check = dst.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise BackupError(f"the copy of {db} failed its check ({check}); nothing kept")
        fsync_file(temp)
        os.replace(temp, target)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot back up {db}: {exc}") from exc
    finally:
        temp.unlink(missing_ok=True)
    keep_newest(folder, keep)
    return target


def inspect(file: Path) -> int:
    """The schema version of a backup, after checking it is an intact Redline database."""
    try:
        with closing(_connect_ro(file)) as db:
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise BackupError(f"{file} is damaged ({check})")
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
            if "sessions" not in tables or "events" not in tables:
                raise BackupError(f"{file} is an SQLite file but not a Redline database")
            return int(db.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{file} is not a readable SQLite database ({exc})") from exc


def check_restorable(file: Path) -> int:
    """The backup's schema, after checking this build can read it; `BackupError` if not."""
    schema = inspect(file)
    if schema > known_schema():
        raise BackupError(
            f"{file} has schema {schema}, newer than this Redline knows ({known_schema()}): "
            "it was made by a newer version; upgrade Redline first"
        )
    return schema


def restore(db: Path, file: Path) -> int:
    """Replace the contents of `db` with the backup `file`; returns the backup's schema.

    Session ids go on from the highest the replaced database ever gave out: a backup older
    than the games since would otherwise hand their numbers out again (and a button of such
    a game would name a new one). To keep that mark, the restored file is brought up to this
    build's schema at once (the bot would do so at its next start anyway).

    The caller must hold the data folder's instance lock: no bot may have `db` open.
    """
    schema = check_restorable(file)
    db.parent.mkdir(parents=True, exist_ok=True)
    highest = highest_session_id(db)
    try:
        with closing(_connect_ro(file)) as src, closing(sqlite3.connect(db)) as dst:
            dst.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            src.backup(dst)
            dst.execute("PRAGMA journal_mode = WAL")
            dst.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        with closing(sqlite3.connect(db, isolation_level=None)) as restored:
            prepare(restored, load_migrations(), BUSY_TIMEOUT_MS, BUSY_TIMEOUT_MS / 1000)
            _ids_above(restored, highest)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot restore {file} into {db}: {exc}") from exc
    return schema


def highest_session_id(db: Path) -> int:
    """The highest session id `db` ever gave out (0 when there is no readable database: then
    nothing can be carried over, and the buttons' game tags still tell the games apart)."""
    try:
        with closing(_connect_ro(db)) as conn:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            found = [conn.execute("SELECT COALESCE(MAX(id), 0) FROM sessions").fetchone()[0]]
            if "sqlite_sequence" in tables:
                row = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'sessions'")
                found += [seq for (seq,) in row]
            return max(int(n) for n in found)
    except (BackupError, sqlite3.Error, ValueError, TypeError):
        return 0


def _ids_above(conn: sqlite3.Connection, highest: int) -> None:
    """The next session id `conn` hands out is above `highest` (AUTOINCREMENT takes the next
    one after sqlite_sequence's mark, which may be set by hand)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        row = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'sessions'").fetchone()
        if row is None:
            conn.execute(
                "INSERT INTO sqlite_sequence (name, seq) VALUES ('sessions', ?)", (highest,)
            )
        elif int(row[0]) < highest:
            conn.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'sessions'", (highest,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


@contextmanager
def _writer(db: Path) -> Iterator[sqlite3.Connection]:
    if not db.is_file():
        raise BackupError(f"no database at {db}")
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA synchronous = FULL")
        yield conn
    finally:
        conn.close()


def _rows(conn: sqlite3.Connection, sql: str, *args: Any) -> list[dict[str, Any]]:
    return [dict(r) for r in conn.execute(sql, args)]


def prune(db: Path, archive: Path, *, older_than: float, now: float | None = None) -> list[int]:
    """Archive and delete ended sessions last changed more than `older_than` seconds ago.

    Returns the ids removed (none: no archive file is written).
    """
    when = time.time() if now is None else now
    cutoff = when - older_than
    with _writer(db) as conn:
        ids = [
            int(r[0])
            for r in conn.execute(
                "SELECT id FROM sessions WHERE status IN (?, ?) AND updated_at < ? ORDER BY id",
                (*ENDED, cutoff),
            )
        ]
        if not ids:
            return []
        archive.mkdir(parents=True, exist_ok=True)
        target = archive / f"sessions-{_stamp(when)}.jsonl.gz"
        n = 1
        while target.exists():
            n += 1
            target = archive / f"sessions-{_stamp(when)}-{n}.jsonl.gz"
        temp = archive / f".{target.name}.tmp"
        tables = set(_rows_names(conn))
        try:
            with gzip.open(temp, "wt", encoding="utf-8") as out:
                for sid in ids:
                    line: dict[str, Any] = {
                        "session": _rows(conn, "SELECT * FROM sessions WHERE id = ?", sid)[0],
                        "seats": _rows(conn, "SELECT * FROM seats WHERE session_id = ?", sid),
                        "events": _rows(
                            conn, "SELECT * FROM events WHERE session_id = ? ORDER BY seq", sid
                        ),
                    }
                    if "reminders" in tables:
                        line["reminders"] = _rows(
                            conn, "SELECT * FROM reminders WHERE session_id = ?", sid
                        )
                    out.write(json.dumps(line, ensure_ascii=False) + "\n")
            fsync_file(temp)
            os.replace(temp, target)
        finally:
            temp.unlink(missing_ok=True)
        conn.execute("BEGIN IMMEDIATE")
        try:
            marks = ",".join("?" * len(ids))
            conn.execute(
                f"DELETE FROM sessions WHERE id IN ({marks}) AND status IN (?, ?)",
                (*ids, *ENDED),
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return ids


def _rows_names(conn: sqlite3.Connection) -> list[str]:
    return [str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
