"""Getting a fresh connection ready: pragmas, migrations, and patience with a busy file."""

from __future__ import annotations

import logging
import random
import sqlite3
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from storage.migrate import Migration, apply_migrations

log = logging.getLogger(__name__)

T = TypeVar("T")

DEFAULT_BUSY_TIMEOUT_MS = 5000
# How long open() keeps retrying a start-up step that found the file busy (on top of each
# attempt's own busy_timeout), backing off from 10 ms up to 500 ms between attempts.
OPEN_BUSY_RETRY_S = 15.0
MEMORY = ":memory:"
_BUSY = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})


def primary_code(exc: sqlite3.Error) -> int | None:
    """The primary SQLite result code of an error (extended codes folded), if it carries one."""
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def retry_busy(step: Callable[[], T], *, give_up_after: float) -> T:
    """Run `step`, retrying with jittered backoff while SQLite says the file is busy.

    Two processes opening a fresh file at once can see SQLITE_BUSY from the switch to WAL
    without the busy handler ever running (SQLite skips it where waiting could deadlock).
    Only BUSY/LOCKED is retried; every other error, and BUSY after the deadline, is raised.
    """
    deadline = time.monotonic() + give_up_after
    delay = 0.01
    while True:
        try:
            return step()
        except sqlite3.OperationalError as exc:
            if primary_code(exc) not in _BUSY or time.monotonic() + delay > deadline:
                raise
            log.info("database busy during open (%s); retrying in %.0f ms", exc, delay * 1000)
        time.sleep(delay * random.uniform(0.5, 1.5))  # jitter: racing processes spread out
        delay = min(delay * 2, 0.5)


def prepare(
    db: sqlite3.Connection,
    migrations: Sequence[Migration],
    busy_timeout_ms: int,
    busy_retry_s: float,
) -> str:
    """On the worker thread: set the pragmas and migrate; returns the journal mode SQLite took."""
    db.row_factory = sqlite3.Row
    # busy_timeout first, so switching to WAL waits politely for another process's lock.
    db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms):d}")
    journal_mode = retry_busy(
        lambda: str(db.execute("PRAGMA journal_mode = WAL").fetchone()[0]),
        give_up_after=busy_retry_s,
    )
    # Explicit: a confirmed move must survive power loss, whatever the build's default is.
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    # Safe to repeat: each migration re-reads user_version under its own write lock.
    retry_busy(lambda: apply_migrations(db, migrations), give_up_after=busy_retry_s)
    return journal_mode
