"""The PostgreSQL backend: a few worker threads, each with its own loop and asyncpg connection.

`call(fn)` runs the synchronous transaction script `fn(PgConn)` on one of `pool_size` worker
threads; the thread owns a private event loop and one asyncpg connection (opened on first use,
reopened after it broke), and drives it statement by statement (`storage.pg.bridge`). So a
transaction costs one thread hop as under SQLite, never waits for the bot's busy event loop,
and a cancelled caller cannot hand a connection to someone else mid-transaction (the
connection never leaves its thread). Several scripts run at once on different connections:
PostgreSQL, not a process lock, keeps them apart (`claim` locks the session row FOR UPDATE,
`serialize` takes advisory locks; see `storage.queries.transactions`).

Storage failures: a script that cannot reach the server, or that the server refuses as
read-only, shutting down or "too many clients", raises `StorageGone` (the message names the
server, never the password), reads as well as writes. It does not latch: the next call
connects again, so the bot can pause its games and resume them once a test write succeeds
(`reconnect()` first has every pooled connection replaced). A connection that died while idle
(server restart, failover) fails on the script's first statement, before anything was done:
that one case is reconnected and run again, transparently. A connection lost *during* COMMIT
leaves it unknown whether that transaction committed: `CommitUnknown`, and
`Repository.settled_step` reads back which it was. `lose_next_commit` stages exactly that
fault for tests.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar
from urllib.parse import urlsplit

import asyncpg

from storage.db import Db, Dialect
from storage.errors import CommitUnknown, DatabaseUnreachable, StorageError, StorageGone
from storage.migrate import Migration, apply_migrations, load_migrations
from storage.pg.bridge import LostCommit, PgConn

log = logging.getLogger(__name__)

T = TypeVar("T")

# Errors meaning "the server is unreachable or will not take writes now".
_GONE: tuple[type[BaseException], ...] = (
    OSError,
    asyncio.TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.InternalClientError,  # a connection the server ended mid-protocol
    asyncpg.exceptions.OperatorInterventionError,
    asyncpg.exceptions.ReadOnlySQLTransactionError,
    asyncpg.exceptions.InsufficientResourcesError,
)
CONNECT_TIMEOUT_S = 10.0
CLOSE_TIMEOUT_S = 5.0


def safe_url(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    port = f":{parts.port}" if parts.port else ""
    user = f"{parts.username}@" if parts.username else ""
    return f"{parts.scheme}://{user}{host}{port}{parts.path}"


class PgBackend:
    """Transaction scripts on `pool_size` threads, one PostgreSQL connection each."""

    dialect: Dialect = "postgres"

    def __init__(self, dsn: str, pool_size: int) -> None:
        self._dsn = dsn
        self.url = safe_url(dsn)
        self._executor = ThreadPoolExecutor(pool_size, thread_name_prefix="redline-pg")
        self._local = threading.local()
        self._opened: list[tuple[asyncio.AbstractEventLoop, list[asyncpg.Connection]]] = []
        self._opened_lock = threading.Lock()
        self._generation = 0
        """Bumped by `reconnect()`: a connection opened under an older one is replaced."""
        self._lost_commit: LostCommit | None = None

    @classmethod
    async def open(
        cls, url: str, *, migrations: Sequence[Migration] | None, pool_size: int
    ) -> PgBackend:
        backend = cls(url, max(1, pool_size))
        wanted = load_migrations(dialect="postgres") if migrations is None else migrations
        try:
            await backend._submit(partial(apply_migrations, migrations=wanted), writing=True)
        except StorageError:  # SchemaTooNew, MigrationError: already say what is wrong
            await backend.close()
            raise
        except (*_GONE, asyncpg.PostgresError) as exc:
            await backend.close()
            raise DatabaseUnreachable(backend.url, exc) from exc
        except BaseException:
            await backend.close()
            raise
        return backend

    async def close(self) -> None:
        await asyncio.to_thread(self._close_all)

    def _close_all(self) -> None:
        self._executor.shutdown(wait=True)  # scripts in flight finish first
        with self._opened_lock:
            opened, self._opened = self._opened, []
        for loop, conns in opened:
            for conn in conns:
                if not conn.is_closed():
                    try:
                        loop.run_until_complete(conn.close(timeout=CLOSE_TIMEOUT_S))
                    except Exception:
                        conn.terminate()
            loop.close()

    def reconnect(self) -> None:
        """Every worker thread replaces its connection before its next script."""
        self._generation += 1

    def lose_next_commit(self, fault: LostCommit) -> None:
        """Tests: stage a connection lost at the next write's COMMIT (see `LostCommit`)."""
        with self._opened_lock:
            self._lost_commit = fault

    def _take_lost_commit(self) -> LostCommit | None:
        with self._opened_lock:
            fault, self._lost_commit = self._lost_commit, None
        return fault

    def _connection(self, *, writing: bool) -> PgConn:
        """This worker thread's connection, opened (again) if needed."""
        local: Any = self._local
        if getattr(local, "loop", None) is None:
            local.loop = asyncio.new_event_loop()
            local.conns = []
            with self._opened_lock:
                self._opened.append((local.loop, local.conns))
        conn: asyncpg.Connection | None = getattr(local, "conn", None)
        if conn is not None and local.generation != self._generation:
            conn.terminate()  # opened before reconnect(): perhaps to a server that is gone
        if conn is None or conn.is_closed():
            local.conn = None
            generation = self._generation
            conn = local.loop.run_until_complete(
                asyncpg.connect(
                    self._dsn,
                    timeout=CONNECT_TIMEOUT_S,
                    server_settings={"application_name": "redline"},  # in pg_stat_activity
                )
            )
            local.conn, local.generation = conn, generation
            local.conns[:] = [c for c in local.conns if not c.is_closed()]  # for close()
            local.conns.append(conn)
        return PgConn(conn, local.loop, self._take_lost_commit if writing else None)

    def _run(self, fn: Callable[[Db], T], writing: bool) -> T:
        """On a worker thread: one transaction script on this thread's connection."""
        for attempt in (1, 2):
            db = self._connection(writing=writing)
            try:
                result = fn(db)
            except _GONE as exc:
                db.raw.terminate()  # unknown state: the next script starts on a new connection
                if writing and db.committing:
                    raise CommitUnknown(
                        f"the connection to the PostgreSQL database {self.url} was lost during "
                        f"COMMIT ({type(exc).__name__}: {exc}); the write may or may not have "
                        "landed"
                    ) from exc
                if db.statements or attempt == 2:
                    raise
                # Not one statement went through: the connection died while idle (a server
                # restart, a failover, an idle timeout). Nothing was done; run it once more.
                continue
            if db.in_transaction:  # a script must end what it began; never leak a transaction
                log.error("a transaction script left its transaction open; rolling back")
                db.execute("ROLLBACK")
            return result
        raise AssertionError("unreachable: the second attempt returns or raises")

    async def _submit(self, fn: Callable[[Db], T], *, writing: bool) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, self._run, fn, writing)

    async def call(self, fn: Callable[[Db], T]) -> T:
        try:
            return await self._submit(fn, writing=False)
        except _GONE as exc:
            raise self._gone(exc, "did not answer") from exc

    async def write(self, fn: Callable[[Db], T]) -> T:
        try:
            return await self._submit(fn, writing=True)
        except _GONE as exc:
            raise self._gone(exc, "did not take a write; nothing was saved") from exc

    def _gone(self, exc: BaseException, what: str) -> StorageGone:
        return StorageGone(
            f"the PostgreSQL database {self.url} {what} ({type(exc).__name__}: {exc})"
        )

    def health_problem(self, exc: BaseException) -> str | None:
        if isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError | OSError):
            return f"the PostgreSQL database {self.url} did not take a test write: {exc}"
        return None
