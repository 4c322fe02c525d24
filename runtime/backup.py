"""Backups and retention for an admin: the `python -m bot backup|restore|prune` commands and
the bot's own schedule (`maintenance`), all built on `storage.backup`.

The schedule needs no state of its own: a backup is due when the newest file in
DATA_DIR/backups is older than REDLINE_BACKUP_HOURS (so a restart neither skips one nor takes
an extra one), and finished games are pruned once a day when REDLINE_RETENTION_DAYS is set.

On PostgreSQL (REDLINE_DATABASE_URL) `backup` runs pg_dump into the same folder
(`storage.pg.dump`; a clear message when pg_dump is not installed), `restore` says to use
pg_restore and changes nothing, scheduled backups are off (several processes share the
database: one cron job or timer is the admin's), and retention prunes through the repository
(`Repository.prune`), into the same DATA_DIR/archive format.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path

from runtime.settings import Settings
from storage import AlreadyRunning, InstanceLock
from storage import backup as store

log = logging.getLogger(__name__)

HOUR = 3600.0
DAY = 24 * HOUR
FIRST_CHECK_S = 60.0
CHECK_EVERY_S = 600.0

EXIT_OK, EXIT_CONFIG, EXIT_ALREADY_RUNNING, EXIT_STORAGE = 0, 2, 3, 5


PG_DUMP_MISSING = """\
Redline: nothing was backed up. The database is PostgreSQL ({label}), and its backups are made \
with PostgreSQL's pg_dump, which is not installed here. Install PostgreSQL's client programs, \
of the server's major version or newer (Debian/Ubuntu: sudo apt-get install \
postgresql-client), and run this again; or dump where they are, e.g. with compose.sharded.yaml: \
docker compose -f compose.sharded.yaml exec -T postgres pg_dump -U redline --format=custom \
redline > redline.dump (docs/deploy.md, Backups; exit code 2).\
"""


def postgres_restore_words(settings: Settings) -> str:
    """What `restore` says on PostgreSQL instead of pretending."""
    return (
        f"Redline: the database is PostgreSQL ({settings.database_label}); `python -m bot "
        "restore` only handles the SQLite file, so nothing was done. With every bot stopped, "
        "restore a dump with PostgreSQL's own tool: `pg_restore --clean "
        "--dbname=DATABASE_URL backups/redline-....dump` (docs/deploy.md, PostgreSQL; "
        "exit code 2)."
    )


def backup_due(settings: Settings, now: float) -> bool:
    if settings.uses_postgres or settings.backup_hours <= 0:
        return False  # PostgreSQL: pg_dump is the admin's job (a stale SQLite file is not ours)
    if not settings.database_path.is_file():
        return False
    existing = store.list_backups(settings.backup_dir)
    if not existing:
        return True
    newest = max(p.stat().st_mtime for p in existing)
    return now - newest >= settings.backup_hours * HOUR


def take_backup(settings: Settings, *, now: float | None = None, label: str = "") -> Path:
    return store.backup(
        settings.database_path, settings.backup_dir, keep=settings.backup_keep, now=now, label=label
    )


def prune_now(settings: Settings, *, now: float | None = None) -> list[int]:
    if settings.retention_days <= 0:
        return []
    if settings.uses_postgres:
        return asyncio.run(_prune_postgres(settings, now=now))
    if not settings.database_path.is_file():
        return []
    return store.prune(
        settings.database_path,
        settings.archive_dir,
        older_than=settings.retention_days * DAY,
        now=now,
    )


async def _prune_postgres(settings: Settings, *, now: float | None) -> list[int]:
    from storage import Repository

    clock = time.time if now is None else (lambda: now)
    repo = await Repository.open(settings.database_target, clock=clock, pool_size=1)
    try:
        return await repo.prune(settings.archive_dir, older_than=settings.retention_days * DAY)
    finally:
        await repo.close()


async def maintenance_once(
    settings: Settings, now: float, last_prune: float | None
) -> float | None:
    """One round of the schedule; returns when the last prune ran."""
    if backup_due(settings, now):
        try:
            path = await asyncio.to_thread(take_backup, settings, now=now)
            log.info("backup written: %s (keeping %d)", path, settings.backup_keep)
        except store.BackupError as exc:
            log.error("BACKUP FAILED: %s", exc)
    if settings.retention_days > 0 and (last_prune is None or now - last_prune >= DAY):
        try:
            removed = await asyncio.to_thread(prune_now, settings, now=now)
            if removed:
                log.info(
                    "retention: archived and removed %d finished game(s) older than %g days "
                    "into %s",
                    len(removed),
                    settings.retention_days,
                    settings.archive_dir,
                )
        except Exception as exc:
            log.error("retention prune failed: %s", exc)
        return now
    return last_prune


async def maintenance(
    settings: Settings,
    *,
    clock: Callable[[], float] = time.time,
    first: float = FIRST_CHECK_S,
    every: float = CHECK_EVERY_S,
) -> None:
    """Run beside the bot: scheduled backups and retention, checked every `every` seconds."""
    if settings.backup_hours <= 0 and settings.retention_days <= 0:
        return
    await asyncio.sleep(first)
    last_prune: float | None = None
    while True:
        try:
            last_prune = await maintenance_once(settings, clock(), last_prune)
        except Exception:
            log.exception("scheduled maintenance failed; it runs again later")
        await asyncio.sleep(every)


# ------------------------------------------------------------------------- commands


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def backup_command(settings: Settings) -> int:
    """`python -m bot backup`: safe while the bot runs (SQLite's online backup, or pg_dump)."""
    from storage.pg.dump import PgDumpMissing, dump

    try:
        if settings.uses_postgres:
            path = dump(
                str(settings.database_target), settings.backup_dir, keep=settings.backup_keep
            )
        else:
            path = take_backup(settings)
    except PgDumpMissing:
        _say(PG_DUMP_MISSING.format(label=settings.database_label))
        return EXIT_CONFIG
    except store.BackupError as exc:
        _say(f"Redline: backup failed: {exc} (exit code 5)")
        return EXIT_STORAGE
    print(path)
    _say(f"backup written: {path} (the newest {settings.backup_keep} are kept)")
    return EXIT_OK


def restore_command(settings: Settings, file: Path) -> int:
    """`python -m bot restore FILE`: only with the bot stopped; the current database is backed
    up first (label `before-restore`), so a restore can itself be undone."""
    if settings.uses_postgres:
        _say(postgres_restore_words(settings))
        return EXIT_CONFIG
    try:
        lock = InstanceLock.acquire(settings.data_dir)
    except AlreadyRunning as running:
        _say(f"Redline: refusing to restore while the bot runs: {running} (exit code 3)")
        return EXIT_ALREADY_RUNNING
    except OSError as exc:
        _say(f"Redline: cannot use the data folder {settings.data_dir}: {exc} (exit code 5)")
        return EXIT_STORAGE
    with lock:
        try:
            schema = store.check_restorable(file)
            saved = None
            if settings.database_path.is_file():
                saved = take_backup(settings, label="before-restore")
            store.restore(settings.database_path, file)
        except store.BackupError as exc:
            _say(f"Redline: restore failed, nothing was changed: {exc} (exit code 5)")
            return EXIT_STORAGE
    kept = f"; the database it replaced is saved as {saved}" if saved else ""
    _say(f"restored {file} (schema {schema}) into {settings.database_path}{kept}")
    return EXIT_OK


def prune_command(settings: Settings) -> int:
    """`python -m bot prune`: apply the retention setting now."""
    if settings.retention_days <= 0:
        _say("REDLINE_RETENTION_DAYS is 0 (finished games are kept forever): nothing to do")
        return EXIT_OK
    try:
        removed = prune_now(settings)
    except store.BackupError as exc:
        _say(f"Redline: prune failed: {exc} (exit code 5)")
        return EXIT_STORAGE
    _say(
        f"archived and removed {len(removed)} finished game(s) older than "
        f"{settings.retention_days:g} days into {settings.archive_dir}"
    )
    return EXIT_OK
