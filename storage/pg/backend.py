"""The PostgreSQL backend: a few worker threads, each with its own loop and asyncpg connection.

`call(fn)` runs the synchronous transaction script `fn(PgConn)` on one of `pool_size` worker
threads; the thread owns a private event loop and one asyncpg connection (opened on first use,
reopened after it broke), and drives it statement by statement (`storage.pg.bridge`). So a
transaction costs one thread hop as under SQLite, never waits for the bot's busy event loop,
and a cancelled caller cannot hand a connection to someone else mid-transaction (the
connection never leaves its thread). Several scripts run at once on different connections:
PostgreSQL, not a process lock, keeps them apart (`claim` locks the session row FOR UPDATE,
`serialize` takes advisory locks; see `storage.queries.transactions`).

Storage failures: a write that cannot reach the server, or that the server refuses as
read-only or shutting down, raises `StorageGone` (the message names the server, never the
password). Unlike SQLite's guard this does not latch here: the next call reconnects; the
bot's service decides what to do (it pauses games until a restart). A connection that died
while idle (server restart, failover) fails on the script's first statement, before anything
was done: that one case is reconnected and run again, transparently. A connection lost
*during* COMMIT leaves it unknown whether that transaction committed; the version check makes
a retry safe (it raises `StaleVersion` if the first attempt did land).
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
from storage.errors import DatabaseUnreachable, StorageError, StorageGone
from storage.migrate import Migration, apply_migrations, load_migrations
from storage.pg.bridge import PgConn

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

    @classmethod
    async def open(
        cls, url: str, *, migrations: Sequence[Migration] | None, pool_size: int
    ) -> PgBackend:
        backend = cls(url, max(1, pool_size))
        wanted = load_migrations(dialect="postgres") if migrations is None else migrations
        try:
            await backend.call(partial(apply_migrations, migrations=wanted))
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

    def _connection(self) -> PgConn:
        """This worker thread's connection, opened (again) if needed."""
        local: Any = self._local
        if getattr(local, "loop", None) is None:
            local.loop = asyncio.new_event_loop()
            local.conns = []
            with self._opened_lock:
                self._opened.append((local.loop, local.conns))
        conn: asyncpg.Connection | None = getattr(local, "conn", None)
        if conn is None or conn.is_closed():
            local.conn = None
            conn = local.loop.run_until_complete(
                asyncpg.connect(
                    self._dsn,
                    timeout=CONNECT_TIMEOUT_S,
                    server_settings={"application_name": "redline"},  # in pg_stat_activity
                )
            )
            local.conn = conn
            local.conns.append(conn)
        return PgConn(conn, local.loop)

    def _run(self, fn: Callable[[Db], T]) -> T:
        """On a worker thread: one transaction script on this thread's connection."""
        db = self._connection()
        try:
            result = fn(db)
        except _GONE:
            db.raw.terminate()  # unknown state: the next script starts on a new connection
            if db.statements:
                raise
            # Not one statement went through: the connection died while idle (a server
            # restart, a failover, an idle timeout). Nothing was done; run it once more.
            db = self._connection()
            result = fn(db)
        if db.in_transaction:  # a script must end what it began; never leak a transaction
            log.error("a transaction script left its transaction open; rolling back")
            db.execute("ROLLBACK")
        return result

    async def call(self, fn: Callable[[Db], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, self._run, fn)

    async def write(self, fn: Callable[[Db], T]) -> T:
        try:
            return await self.call(fn)
        except _GONE as exc:
            raise StorageGone(
                f"the PostgreSQL database {self.url} did not take a write "
                f"({type(exc).__name__}: {exc}); that move was not confirmed"
            ) from exc

    def health_problem(self, exc: BaseException) -> str | None:
        if isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError | OSError):
            return f"the PostgreSQL database {self.url} did not take a test write: {exc}"
        return None
