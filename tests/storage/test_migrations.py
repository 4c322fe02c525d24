"""Connection pragmas and numbered migrations tracked by PRAGMA user_version."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import MigrationError, Repository, SchemaTooNew
from storage.migrate import load_migrations, parse_migrations

LATEST = len(load_migrations())


def _user_version(path: Path) -> int:
    raw = sqlite3.connect(path)
    try:
        return int(raw.execute("PRAGMA user_version").fetchone()[0])
    finally:
        raw.close()


@pytest.mark.sqlite_only("SQLite pragmas")
async def test_pragmas_are_really_set(repo: Repository) -> None:
    """WAL, synchronous=FULL (2), foreign keys on and a busy timeout on the live connection."""
    assert await repo.pragma("journal_mode") == "wal"
    assert await repo.pragma("synchronous") == "2"
    assert await repo.pragma("foreign_keys") == "1"
    assert int(await repo.pragma("busy_timeout")) > 0


async def test_open_creates_missing_parent_directories(tmp_path: Path) -> None:
    """The database path's folders are created on first open."""
    path = tmp_path / "a" / "b" / "redline.sqlite3"
    repository = await Repository.open(path)
    await repository.close()
    assert path.exists()


@pytest.mark.sqlite_only("PRAGMA user_version (PostgreSQL: test_postgres.py)")
async def test_fresh_database_ends_at_the_latest_version(repo: Repository, db_path: Path) -> None:
    """Opening a new file applies every bundled migration."""
    assert LATEST >= 1
    assert await repo.pragma("user_version") == str(LATEST)


@pytest.mark.sqlite_only("reads sqlite_master (PostgreSQL: test_postgres.py)")
async def test_reopening_is_a_no_op(repo: Repository, db_path: Path) -> None:
    """A second open at the latest version changes neither the version nor the schema."""
    raw = sqlite3.connect(db_path)
    schema_before = raw.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall()
    raw.close()
    again = await Repository.open(db_path)
    await again.close()
    raw = sqlite3.connect(db_path)
    schema_after = raw.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall()
    raw.close()
    assert schema_after == schema_before
    assert _user_version(db_path) == LATEST


async def test_a_too_new_database_is_refused(db_path: Path) -> None:
    """A file written by a newer build raises SchemaTooNew naming both versions."""
    db_path.parent.mkdir(parents=True)
    raw = sqlite3.connect(db_path)
    raw.execute(f"PRAGMA user_version = {LATEST + 5}")
    raw.close()
    with pytest.raises(SchemaTooNew, match=f"version {LATEST + 5} is newer"):
        await Repository.open(db_path)


async def test_only_pending_migrations_run(db_path: Path) -> None:
    """A database at version 1 gets migration 2 and nothing twice."""
    base = load_migrations()
    extra = parse_migrations(
        [(f"{m.number:04d}_{m.name}.sql", m.sql) for m in base]
        + [
            (
                f"{LATEST + 1:04d}_add_notes.sql",
                "-- a test column\nALTER TABLE seats ADD note TEXT;",
            )
        ]
    )
    first = await Repository.open(db_path)
    await first.close()
    upgraded = await Repository.open(db_path, migrations=extra)
    assert await upgraded.pragma("user_version") == str(LATEST + 1)
    await upgraded.close()


async def test_a_failing_migration_rolls_back_whole(db_path: Path) -> None:
    """A migration that fails half-way leaves no half-made table and the old version."""
    broken = parse_migrations(
        [(f"{m.number:04d}_{m.name}.sql", m.sql) for m in load_migrations()]
        + [
            (
                f"{LATEST + 1:04d}_broken.sql",
                "-- fails on purpose\nCREATE TABLE half (x);\nINSERT INTO nowhere VALUES (1);",
            )
        ]
    )
    with pytest.raises(sqlite3.OperationalError, match="nowhere"):
        await Repository.open(db_path, migrations=broken)
    assert _user_version(db_path) == LATEST
    raw = sqlite3.connect(db_path)
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    raw.close()
    assert "half" not in tables


def test_bundled_migrations_are_numbered_and_explained() -> None:
    """Files load as package data, numbered 1..n, each with a one-line reason."""
    migrations = load_migrations()
    assert [m.number for m in migrations] == list(range(1, len(migrations) + 1))
    assert all(m.reason for m in migrations)


def test_a_gap_in_numbering_is_rejected() -> None:
    """0001 then 0003 is a packaging mistake, refused before touching any database."""
    with pytest.raises(MigrationError, match="without gaps"):
        parse_migrations([("0001_a.sql", "-- a\n"), ("0003_c.sql", "-- c\n")])


def test_a_migration_without_a_reason_line_is_rejected() -> None:
    """Every migration starts with a '-- reason' comment."""
    with pytest.raises(MigrationError, match="reason"):
        parse_migrations([("0001_a.sql", "CREATE TABLE t (x);")])


def test_trigger_bodies_stay_one_statement() -> None:
    """The splitter keeps a trigger's inner ';' inside the CREATE TRIGGER statement."""
    [initial] = [m for m in load_migrations() if m.number == 1]
    triggers = [s for s in initial.statements() if "CREATE TRIGGER" in s]
    assert len(triggers) == 1 and triggers[0].endswith("END;")


async def test_memory_database_is_allowed(tmp_path: Path) -> None:
    """':memory:' opens and migrates (for quick tests elsewhere)."""
    repository = await Repository.open(":memory:")
    assert await repository.pragma("user_version") == str(LATEST)
    await repository.close()
