"""The SQLite backend: one aiosqlite connection, each transaction script one call on its thread.

One connection is the single writer (measured: several writers add no throughput and push p99
towards a second). Every script runs as ONE function on aiosqlite's worker thread, so a move
costs one thread hop, and statements of two transactions can never interleave. Opening
(pragmas, migrations, busy retries) is in `storage.opening`; the check that the file is still
ours before every write is in `storage.guard`.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from storage.db import Db, Dialect
from storage.guard import WriteGuard, file_identity
from storage.migrate import Migration, load_migrations
from storage.opening import MEMORY, prepare

log = logging.getLogger(__name__)

T = TypeVar("T")


class SqliteBackend:
    """Runs transaction scripts on one aiosqlite connection; writes pass the `WriteGuard`."""

    dialect: Dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: Path | None) -> None:
        self._conn = conn
        self.guard = WriteGuard(path)
        # The worker thread already runs one transaction at a time; the lock also keeps close()
        # from racing a write that is being queued, and keeps that guarantee if a method is ever
        # split into several calls.
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        busy_timeout_ms: int,
        busy_retry_s: float,
        migrations: Sequence[Migration] | None,
    ) -> SqliteBackend:
        file: Path | None = None
        if str(path) != MEMORY:
            # absolute(): a later chdir must not point the identity check at another file.
            file = Path(path).absolute()
            file.parent.mkdir(parents=True, exist_ok=True)
        wanted = load_migrations() if migrations is None else migrations
        # isolation_level=None: autocommit, so our explicit BEGIN IMMEDIATE/COMMIT rule alone.
        conn = await aiosqlite.connect(path, isolation_level=None)
        backend = cls(conn, file)
        try:
            mode = await backend.call(
                partial(
                    prepare,
                    migrations=wanted,
                    busy_timeout_ms=busy_timeout_ms,
                    busy_retry_s=busy_retry_s,
                )
            )
            if file is not None:
                backend.guard.identity = await asyncio.to_thread(file_identity, file)
        except BaseException:
            await conn.close()
            raise
        if mode.lower() != "wal" and str(path) != MEMORY:
            log.warning("SQLite refused WAL mode for %s (journal_mode=%s)", path, mode)
        return backend

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def call(self, fn: Callable[[Db], T]) -> T:
        """Run `fn(raw_connection)` on the connection's own thread: one hop, one transaction.

        aiosqlite has no public API for this; `_execute` and `_conn` are stable internals
        (aiosqlite is pinned, and the tests exercise every path through here).
        """
        raw: sqlite3.Connection = self._conn._conn
        result: Any = await self._conn._execute(fn, raw)  # type: ignore[no-untyped-call]
        return cast(T, result)

    async def write(self, fn: Callable[[Db], T]) -> T:
        async with self._lock:
            return await self.call(partial(self.guard.run, fn))

    def reconnect(self) -> None:
        """One connection to a local file: nothing to replace (see `storage.guard` for which
        of its faults clear by themselves)."""

    def health_problem(self, exc: BaseException) -> str | None:
        """What a failed health-check write means, or None if it is not a storage failure."""
        if isinstance(exc, sqlite3.Error):
            return f"the database did not take a test write: {exc}"
        return None
