"""Fixtures: every `repo` test runs on both backends, a real SQLite file and a real throwaway
PostgreSQL server (`tests/postgres.py`, one server per test session, one database per test).

A test that is inherently about the SQLite file (its identity, WAL, pragmas, the lock file,
raw sqlite3 access) is marked `@pytest.mark.sqlite_only("why")` and runs on SQLite alone.
Without PostgreSQL binaries the postgres cases fail under CI=true and skip locally, both
saying how to install them.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from storage import Repository, SessionRecord
from tests.postgres import PgServer, serve_tests

HOST = 100
GUEST = 200
CHANNEL = 5000
BACKENDS = ("sqlite", "postgres")
# What either database raises when a constraint or trigger refuses a raw write.
REFUSED = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError, asyncpg.RaiseError)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "sqlite_only(reason): runs on the SQLite backend only (the reason says why)"
    )
    config.addinivalue_line("markers", "postgres_only: about PostgreSQL itself")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        backends = list(BACKENDS)
        if metafunc.definition.get_closest_marker("sqlite_only"):
            backends = ["sqlite"]
        if metafunc.definition.get_closest_marker("postgres_only"):
            backends = ["postgres"]
        metafunc.parametrize("backend", backends, indirect=True)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    yield from serve_tests("the storage tests")


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "redline.sqlite3"


@pytest.fixture
def target(backend: str, db_path: Path, request: pytest.FixtureRequest) -> Iterator[str | Path]:
    """What `Repository.open` takes for this backend: the SQLite path or a fresh database URL."""
    if backend == "sqlite":
        yield db_path
        return
    server: PgServer = request.getfixturevalue("pg_server")
    url = server.new_database()
    yield url
    server.drop_database(url)


@pytest.fixture
async def repo(target: str | Path) -> AsyncIterator[Repository]:
    repository = await Repository.open(target)
    yield repository
    await repository.close()


async def raw_sql(repo: Repository, sql: str, params: tuple[Any, ...] = ()) -> int:
    """Run one statement beside the repository's API (autocommit, `?` placeholders, either
    backend): what a hand edit or another tool could do. Returns the rows affected."""
    return int(await repo._call(lambda db: db.execute(sql, params).rowcount))


async def new_lobby(
    repo: Repository, channel_id: int = CHANNEL, guild_id: int = 1
) -> SessionRecord:
    return await repo.create_session(
        guild_id=guild_id,
        channel_id=channel_id,
        game_key="dragrage",
        host_id=HOST,
        host_name="Host",
        options_json='{"laps":1}',
        seed=42,
        rules_version=3,
    )


async def new_game(repo: Repository, channel_id: int = CHANNEL) -> SessionRecord:
    """A two-seat session that has been started (version 2, log seq 0 written)."""
    lobby = await new_lobby(repo, channel_id)
    joined = await repo.add_seat(lobby.id, GUEST, "Guest", expected_version=lobby.version)
    return await repo.start(
        joined.id, expected_version=joined.version, state_json='{"turn":0}', events_json="[]"
    )


async def move(repo: Repository, session: SessionRecord, n: int) -> SessionRecord:
    return await repo.record_move(
        session.id,
        expected_version=session.version,
        actor=HOST,
        action_json=f'{{"kind":"advance","n":{n}}}',
        events_json="[]",
        state_json=f'{{"turn":{n}}}',
    )
