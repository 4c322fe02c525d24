"""Numbered SQL migrations, tracked with PRAGMA user_version (SQLite) or the one-row
`redline_schema` table (PostgreSQL, which has no user_version).

Files live in `storage/migrations/NNNN_short_name.sql` (SQLite) and
`storage/migrations/postgres/NNNN_short_name.sql` (the same numbers, names and reasons,
expressed for PostgreSQL; a test keeps the two lists in step), numbered from 0001 without gaps,
each starting with a one-line `-- reason` comment. `apply_migrations` is the same code for both:
one transaction per migration together with its version bump, the version re-read under the
database's write lock (BEGIN IMMEDIATE; on PostgreSQL an advisory lock), so two processes
starting at once migrate once. They ship as package data next to this module
(pyproject: `storage = ["migrations/*.sql"]`) and are found relative to this file, which works
from a checkout, a wheel and an editable install alike (importlib.resources.files("storage")
breaks when an old editable install registered `storage` as a namespace package).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

from storage.db import Db, Dialect, is_postgres
from storage.errors import MigrationError, SchemaTooNew

BUNDLED_DIR = Path(__file__).resolve().parent / "migrations"
POSTGRES_DIR = BUNDLED_DIR / "postgres"
# The advisory lock key PostgreSQL migrations serialise on (any constant no other code uses).
_MIGRATE_LOCK = 72_657_100

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True)
class Migration:
    number: int
    name: str
    reason: str
    sql: str

    def statements(self) -> list[str]:
        """Split on complete statements (sqlite3 knows a trigger's inner `;` is not an end)."""
        out: list[str] = []
        pending = ""
        for line in self.sql.splitlines(keepends=True):
            pending += line
            if sqlite3.complete_statement(pending):
                out.append(pending.strip())
                pending = ""
        if _strip_comments(pending):
            raise MigrationError(f"migration {self.number:04d} ends with an unfinished statement")
        return out


def _strip_comments(sql: str) -> str:
    return "".join(line for line in sql.splitlines() if not line.strip().startswith("--")).strip()


def parse_migrations(files: Iterable[tuple[str, str]]) -> tuple[Migration, ...]:
    """Validate (file name, SQL text) pairs and return them in order."""
    found: list[Migration] = []
    for file_name, sql in files:
        match = _NAME.match(file_name)
        if match is None:
            raise MigrationError(f"migration file {file_name!r} is not named NNNN_short_name.sql")
        first_line = sql.lstrip("\ufeff").split("\n", 1)[0].strip()
        reason = first_line.removeprefix("--").strip()
        if not first_line.startswith("--") or not reason:
            raise MigrationError(f"migration {file_name!r} must start with a '-- reason' line")
        found.append(Migration(int(match[1]), match[2], reason, sql))
    found.sort(key=lambda m: m.number)
    numbers = [m.number for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise MigrationError(f"migrations must be numbered 1..n without gaps; found {numbers}")
    return tuple(found)


def load_migrations(
    directory: Traversable | Path | None = None, *, dialect: Dialect = "sqlite"
) -> tuple[Migration, ...]:
    """The migrations in `directory` (default: the ones bundled for `dialect`)."""
    bundled = POSTGRES_DIR if dialect == "postgres" else BUNDLED_DIR
    root = directory if directory is not None else bundled
    files = [
        (entry.name, entry.read_text(encoding="utf-8"))
        for entry in root.iterdir()
        if entry.name.endswith(".sql")
    ]
    return parse_migrations(files)


def user_version(db: Db) -> int:
    if is_postgres(db):
        row = db.execute("SELECT version FROM redline_schema WHERE id = 1").fetchone()
    else:
        row = db.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def _set_version(db: Db, number: int) -> None:
    if is_postgres(db):
        db.execute("UPDATE redline_schema SET version = ? WHERE id = 1", (number,))
    else:
        db.execute(f"PRAGMA user_version = {number:d}")


def _begin(db: Db) -> None:
    """Start a migration transaction holding the database's schema write lock."""
    if is_postgres(db):
        db.execute("BEGIN")
        db.execute("SELECT pg_advisory_xact_lock(?)", (_MIGRATE_LOCK,))
    else:
        db.execute("BEGIN IMMEDIATE")


def _bootstrap(db: Db) -> None:
    """PostgreSQL: the version table (version 0) if this is an empty database."""
    if not is_postgres(db):
        return
    if db.execute("SELECT to_regclass('redline_schema') IS NOT NULL").fetchone()[0]:
        return  # nothing to write (a read-only database opens, and refuses writes later)
    _begin(db)
    db.execute(
        "CREATE TABLE IF NOT EXISTS redline_schema"
        " (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)"
    )
    db.execute("INSERT INTO redline_schema (id, version) VALUES (1, 0) ON CONFLICT DO NOTHING")
    db.execute("COMMIT")


def _run(db: Db, migration: Migration) -> None:
    if is_postgres(db):
        # One script (function bodies hold `;`), inside the open transaction.
        pg: Any = db
        pg.script(migration.sql)
        return
    for statement in migration.statements():
        db.execute(statement)


def apply_migrations(db: Db, migrations: Sequence[Migration]) -> int:
    """Bring the schema up to the newest migration; return the resulting user_version.

    Each migration runs in its own BEGIN IMMEDIATE transaction together with its user_version
    bump, so a failure leaves the database at the previous version. `db` must be in autocommit
    mode (isolation_level=None): executescript would commit half-way, so statements run one by one.
    """
    latest = migrations[-1].number if migrations else 0
    _bootstrap(db)
    current = user_version(db)
    if current > latest:
        raise SchemaTooNew(found=current, known=latest)
    pending = [m for m in migrations if m.number > current]
    if not pending:
        return current
    with _foreign_keys_deferred_to_commit(db):
        for migration in pending:
            _begin(db)
            try:
                # Another process may have migrated while we waited for the write lock.
                current = user_version(db)
                if migration.number > current:
                    _run(db, migration)
                    _check_foreign_keys(db, migration)
                    _set_version(db, migration.number)
                    current = migration.number
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
    return current


@contextmanager
def _foreign_keys_deferred_to_commit(db: Db) -> Iterator[None]:
    """SQLite: foreign keys off while migrating, as SQLite's own recipe for rebuilding a table
    says: with them on, dropping the old table would first delete its rows and cascade into
    every table that references it. `_check_foreign_keys` checks them before each commit
    instead. (The pragma does nothing inside a transaction, so it is set around them.)"""
    if is_postgres(db):
        yield
        return
    was_on = bool(db.execute("PRAGMA foreign_keys").fetchone()[0])
    db.execute("PRAGMA foreign_keys = OFF")
    try:
        yield
    finally:
        if was_on:
            db.execute("PRAGMA foreign_keys = ON")


def _check_foreign_keys(db: Db, migration: Migration) -> None:
    """SQLite: refuse to commit a migration that left a row pointing at nothing."""
    if is_postgres(db):
        return  # PostgreSQL checks every constraint inside the transaction itself
    broken = db.execute("PRAGMA foreign_key_check").fetchall()
    if broken:
        found = ", ".join(f"{row[0]} row {row[1]} -> {row[2]}" for row in broken[:5])
        raise MigrationError(
            f"migration {migration.number:04d} would leave rows that refer to nothing: {found}"
        )
