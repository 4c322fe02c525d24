"""`PgConn`: an asyncpg connection seen through the synchronous `storage.db.Db` interface.

Each worker thread of the PostgreSQL backend owns a private event loop and one asyncpg
connection on it (`storage.pg.backend`). A transaction script runs on that thread, and each
`execute` drives the thread's own loop until the statement's result is in
(`run_until_complete`): no hop between threads per statement, one hop per transaction (as with
SQLite), and the bot's event loop is never involved, so a busy bot does not slow a
transaction down. Statements go through asyncpg's prepared-statement cache.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Coroutine, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

import asyncpg

T = TypeVar("T")


@dataclass(frozen=True)
class LostCommit:
    """A fault for tests: the connection drops at the next write's COMMIT. `landed`: after the
    server committed (its answer is what got lost), or before the server got the COMMIT.
    `meanwhile` runs on the worker thread as the connection drops (e.g. to stop the server)."""

    landed: bool
    meanwhile: Callable[[], object] | None = None


_RETURNS_ROWS = re.compile(r"^\s*(SELECT|WITH|VALUES|SHOW)\b|\bRETURNING\b", re.IGNORECASE)


@lru_cache(maxsize=512)
def translate(sql: str) -> str:
    """`?` placeholders to `$1..$n` (outside quoted text); `BEGIN IMMEDIATE` to `BEGIN`."""
    if sql.strip().upper() == "BEGIN IMMEDIATE":
        return "BEGIN"
    out: list[str] = []
    n = 0
    quote: str | None = None
    for ch in sql:
        if quote is not None:
            if ch == quote:
                quote = None
        elif ch in ("'", '"'):
            quote = ch
        elif ch == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(ch)
    return "".join(out)


class PgCursor:
    """The rows (asyncpg Records: `row["name"]`, `row[0]`, `dict(row)`) and rows affected."""

    def __init__(self, rows: list[Any], rowcount: int) -> None:
        self._rows = rows
        self._next = 0
        self.rowcount = rowcount

    def fetchone(self) -> Any:
        if self._next >= len(self._rows):
            return None
        row = self._rows[self._next]
        self._next += 1
        return row

    def fetchall(self) -> list[Any]:
        rest = self._rows[self._next :]
        self._next = len(self._rows)
        return rest

    def __iter__(self) -> Iterator[Any]:
        return iter(self.fetchall())


def _rowcount(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PgConn:
    """One asyncpg connection, driven synchronously on the thread that owns its loop."""

    def __init__(
        self,
        conn: asyncpg.Connection,
        loop: asyncio.AbstractEventLoop,
        lost_commit: Callable[[], LostCommit | None] | None = None,
    ) -> None:
        self._conn = conn
        self._loop = loop
        self._lost_commit = lost_commit
        self.statements = 0
        """Statements that completed on this connection through this object."""
        self.committing = False
        """A COMMIT was sent and its answer has not come back: if the connection is lost
        now, nobody here knows whether the transaction committed."""

    @property
    def in_transaction(self) -> bool:
        # A closed connection has none left to roll back (the server ends it with the session).
        return not self._conn.is_closed() and bool(self._conn.is_in_transaction())

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> PgCursor:
        if sql == "COMMIT":
            self.committing = True
            fault = self._lost_commit() if self._lost_commit is not None else None
            if fault is not None:
                return self._lose_commit(fault)
        cursor = self.run(self._execute(translate(sql), tuple(parameters)))
        self.statements += 1
        self.committing = False
        return cursor

    def _lose_commit(self, fault: LostCommit) -> PgCursor:
        """A staged test fault (`PgBackend.lose_next_commit`): the connection drops at this
        COMMIT, after the server committed or before it got the COMMIT."""
        if fault.landed:
            self.run(self._conn.execute("COMMIT"))
        self._conn.terminate()
        if fault.meanwhile is not None:
            fault.meanwhile()
        raise asyncpg.ConnectionDoesNotExistError(
            "connection was closed in the middle of operation (a lost COMMIT, staged by a test)"
        )

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on this thread's loop and return its result."""
        return self._loop.run_until_complete(coro)

    @property
    def raw(self) -> asyncpg.Connection:
        """The asyncpg connection, for coroutines given to `run` (COPY, scripts)."""
        return self._conn

    def script(self, sql: str) -> None:
        """Run several statements as one simple-protocol script (migrations)."""
        self.run(self._conn.execute(sql))

    async def _execute(self, sql: str, params: tuple[Any, ...]) -> PgCursor:
        if _RETURNS_ROWS.search(sql):
            rows = await self._conn.fetch(sql, *params)
            return PgCursor(list(rows), len(rows))
        status = await self._conn.execute(sql, *params)
        return PgCursor([], _rowcount(status))
