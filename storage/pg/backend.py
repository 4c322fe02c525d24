"""The PostgreSQL backend: a small asyncpg pool, each transaction script on a worker thread.

`call(fn)` takes a connection from the pool and runs the synchronous script `fn(PgConn)` on
this backend's own executor (as many threads as pooled connections); each statement goes back
to the event loop through `PgConn` (two thread hops per statement, measured in the report of
issue 18). Several scripts run at once, each on its own connection: PostgreSQL, not a process
lock, keeps them apart (row locks taken by `claim`, advisory locks by `serialize`; see
`storage.queries.transactions`). A script outlives the caller's cancellation (shielded) so a
connection is never handed back to the pool in the middle of a transaction.

Storage failures: a write that cannot reach the server, or that the server refuses as
read-only or shutting down, raises `StorageGone` (the message names the server, never the
password). Unlike SQLite's guard this does not latch here: the pool reconnects; the bot's
service decides what to do (it pauses games until a restart). A connection lost *during*
COMMIT leaves it unknown whether that transaction committed; the version check makes a retry
safe (it raises `StaleVersion` if the first attempt did land).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TypeVar
from urllib.parse import urlsplit

import asyncpg

from storage.db import Db, Dialect
from storage.errors import StorageGone
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


def safe_url(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    port = f":{parts.port}" if parts.port else ""
    user = f"{parts.username}@" if parts.username else ""
    return f"{parts.scheme}://{user}{host}{port}{parts.path}"


class PgBackend:
    """Transaction scripts over an asyncpg pool of `pool_size` connections."""

    dialect: Dialect = "postgres"

    def __init__(self, pool: asyncpg.Pool, url: str, pool_size: int) -> None:
        self._pool = pool
        self.url = safe_url(url)
        self._executor = ThreadPoolExecutor(pool_size, thread_name_prefix="redline-pg")

    @classmethod
    async def open(
        cls, url: str, *, migrations: Sequence[Migration] | None, pool_size: int
    ) -> PgBackend:
        pool = await asyncpg.create_pool(
            url,
            min_size=1,
            max_size=pool_size,
            timeout=CONNECT_TIMEOUT_S,
            # Statements are few and fixed: asyncpg's per-connection prepared statement cache
            # holds them all. The application name shows in pg_stat_activity.
            server_settings={"application_name": "redline"},
        )
        backend = cls(pool, url, pool_size)
        wanted = load_migrations(dialect="postgres") if migrations is None else migrations
        try:
            await backend.call(partial(apply_migrations, migrations=wanted))
        except BaseException:
            await backend.close()
            raise
        return backend

    async def close(self) -> None:
        await self._pool.close()
        self._executor.shutdown(wait=False)

    async def call(self, fn: Callable[[Db], T]) -> T:
        loop = asyncio.get_running_loop()

        async def run() -> T:
            async with self._pool.acquire() as conn:
                return await loop.run_in_executor(self._executor, fn, PgConn(conn, loop))

        return await asyncio.shield(asyncio.ensure_future(run()))

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
