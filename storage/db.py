"""The backend seam: what a transaction script (`storage.queries`) may ask of its connection.

Every repository method is one transaction written once as a synchronous function over `Db`,
the small subset of a DB-API connection the queries use: `execute(sql, params)` with `?`
placeholders returning a cursor (`fetchone`, `fetchall`, `rowcount`), and `in_transaction`.
Rows are read by column name (`row["id"]`) or `dict(row)`.

- SQLite: `Db` is the `sqlite3.Connection` itself, and the script runs as one call on
  aiosqlite's worker thread (`storage.sqlite_backend`), exactly as before the seam.
- PostgreSQL: `Db` is `storage.pg.bridge.PgConn`, which forwards each statement to an asyncpg
  connection from a small pool (`storage.pg.backend`); `?` becomes `$n`.

SQL is written once where both dialects agree; the few places they do not ask `dialect(db)`
(transaction start, row locks, an UPDATE that tolerates garbage types in SQLite). Helpers here
keep those differences in one place.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from typing import Any, Literal, Protocol

Dialect = Literal["sqlite", "postgres"]


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...
    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...
    def __iter__(self) -> Iterator[Any]: ...


class Db(Protocol):
    """A connection a transaction script runs on (sqlite3.Connection or PgConn)."""

    @property
    def in_transaction(self) -> bool: ...
    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Any: ...


def dialect(db: Db) -> Dialect:
    return "sqlite" if isinstance(db, sqlite3.Connection) else "postgres"


def is_postgres(db: Db) -> bool:
    return not isinstance(db, sqlite3.Connection)


def serialize(db: Db, key: str) -> None:
    """Inside a write transaction: one writer at a time for `key` (a channel, a take-back...).

    SQLite's BEGIN IMMEDIATE already admits one writer to the whole file, so this is a no-op
    there. PostgreSQL runs writers concurrently under READ COMMITTED: a transaction that reads
    and then writes something no row lock covers takes a transaction-scoped advisory lock on
    the key first, so two processes cannot both act on the same stale read.
    """
    if is_postgres(db):
        db.execute("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (key,))


def is_unique_violation(exc: BaseException) -> bool:
    """A UNIQUE/PRIMARY KEY conflict in either backend (by SQLSTATE 23505 or SQLite's code)."""
    if isinstance(exc, sqlite3.IntegrityError):
        return "UNIQUE" in str(exc)
    return getattr(exc, "sqlstate", None) == "23505"
