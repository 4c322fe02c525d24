"""`PgConn`: an asyncpg connection seen through the synchronous `storage.db.Db` interface.

A transaction script runs on a worker thread of the backend's own executor; each `execute`
hands the statement to the event loop (`run_coroutine_threadsafe`) and waits for the result,
so the script keeps the exact shape it has under SQLite. The event loop is never blocked: only
the worker thread waits. Statements go through asyncpg's prepared-statement cache.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Coroutine, Iterator, Sequence
from functools import lru_cache
from typing import Any, TypeVar

import asyncpg

T = TypeVar("T")

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
    """One pooled asyncpg connection, driven synchronously from a worker thread."""

    def __init__(self, conn: asyncpg.Connection, loop: asyncio.AbstractEventLoop) -> None:
        self._conn = conn
        self._loop = loop

    @property
    def in_transaction(self) -> bool:
        return bool(self._conn.is_in_transaction())

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> PgCursor:
        return self.run(self._execute(translate(sql), tuple(parameters)))

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on the event loop and wait for it here (never on the loop itself)."""
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    @property
    def raw(self) -> asyncpg.Connection:
        """The asyncpg connection, for coroutines given to `run` (COPY, scripts)."""
        return self._conn

    async def _execute(self, sql: str, params: tuple[Any, ...]) -> PgCursor:
        if _RETURNS_ROWS.search(sql):
            rows = await self._conn.fetch(sql, *params)
            return PgCursor(list(rows), len(rows))
        status = await self._conn.execute(sql, *params)
        return PgCursor([], _rowcount(status))

    def script(self, sql: str) -> None:
        """Run several statements as one simple-protocol script (migrations)."""
        self.run(self._conn.execute(sql))
