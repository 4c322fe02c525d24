"""What only PostgreSQL has: its schema version table, migration twins, a server that drops
connections or turns read-only under the bot, and damage its typed columns still allow.

Everything else in tests/storage runs on both backends (see conftest.py).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from storage import (
    DamagedSession,
    DatabaseUnreachable,
    Repository,
    SchemaTooNew,
    StaleVersion,
    StorageGone,
)
from storage.migrate import load_migrations
from tests.postgres import PgServer
from tests.storage.conftest import CHANNEL, move, new_game, new_lobby, raw_sql

LATEST = load_migrations()[-1].number


async def _scalar(repo: Repository, sql: str) -> object:
    return await repo._call(lambda db: db.execute(sql).fetchone()[0])


def test_migrations_are_twins_for_both_dialects() -> None:
    """Every SQLite migration has a PostgreSQL twin: same number, name and reason line."""
    sqlite = [(m.number, m.name, m.reason) for m in load_migrations()]
    postgres = [(m.number, m.name, m.reason) for m in load_migrations(dialect="postgres")]
    assert postgres == sqlite


@pytest.fixture
async def pg(pg_server: PgServer) -> object:
    url = pg_server.new_database()
    yield url
    pg_server.drop_database(url)


async def test_a_fresh_database_is_migrated_and_reopening_is_a_no_op(pg: str) -> None:
    """The schema version lives in redline_schema; a second open changes nothing."""
    first = await Repository.open(pg)
    assert first.dialect == "postgres"
    assert await _scalar(first, "SELECT version FROM redline_schema") == LATEST
    tables = await _scalar(
        first,
        "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables"
        " WHERE schemaname = 'public'",
    )
    await first.close()
    again = await Repository.open(pg)
    try:
        assert await _scalar(again, "SELECT version FROM redline_schema") == LATEST
        assert (
            await _scalar(
                again,
                "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables"
                " WHERE schemaname = 'public'",
            )
            == tables
        )
    finally:
        await again.close()


async def test_processes_starting_together_migrate_once(pg: str) -> None:
    """Five repositories opening one empty database at once all succeed (advisory lock)."""
    repos = await asyncio.gather(*(Repository.open(pg) for _ in range(5)))
    try:
        assert await _scalar(repos[0], "SELECT version FROM redline_schema") == LATEST
    finally:
        await asyncio.gather(*(r.close() for r in repos))


@pytest.mark.postgres_only
async def test_the_check_really_writes(repo: Repository) -> None:
    health = await repo.check()
    assert (health.ok, health.problem) == (True, "")
    assert float(str(await _scalar(repo, "SELECT at FROM probe WHERE id = 1"))) > 0


@pytest.mark.postgres_only
async def test_connections_the_server_ended_while_idle_are_replaced(
    repo: Repository, pg_server: PgServer
) -> None:
    """The server ends every idle connection (a restart, a failover): the next moves open new
    ones and land, without an error (nothing had been sent on the dead ones)."""
    session = await new_game(repo)
    pg_server.psql(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'redline'"
    )
    for n in range(1, 9):  # more than the worker threads: every dead connection is met
        session = await move(repo, session, n)
    assert session.last_seq == 8


@pytest.mark.postgres_only
async def test_a_connection_lost_inside_a_transaction_is_storage_gone(repo: Repository) -> None:
    """Lost mid-transaction: StorageGone (not confirmed, not retried); later writes land."""
    session = await new_game(repo)

    def dies_half_way(db: Any) -> None:
        db.execute("BEGIN")
        db.execute("SELECT pg_terminate_backend(pg_backend_pid())")

    with pytest.raises(StorageGone, match="PostgreSQL database"):
        await repo._write(dies_half_way)
    moved = await move(repo, session, 1)
    assert moved.version == session.version + 1


@pytest.mark.postgres_only
async def test_a_read_only_database_is_reported_and_refused(
    repo: Repository, pg_server: PgServer, target: str
) -> None:
    """A database (or a standby) that is read-only opens, and refuses writes as StorageGone."""
    session = await new_game(repo)
    name = target.rsplit("/", 1)[1]
    pg_server.psql(f"ALTER DATABASE {name} SET default_transaction_read_only = on")
    read_only = await Repository.open(target)  # new connections take the database's setting
    try:
        with pytest.raises(StorageGone, match="read-only"):
            await move(read_only, session, 1)
        health = await read_only.check()
        assert not health.ok and "read-only" in health.problem
    finally:
        await read_only.close()


@pytest.mark.postgres_only
async def test_a_seed_that_is_not_a_number_is_damaged_and_can_be_ended(repo: Repository) -> None:
    """Typed columns refuse most damage; text that does not parse still raises DamagedSession,
    and end_damaged frees the channel."""
    session = await move(repo, await new_game(repo), 1)
    assert await raw_sql(repo, "UPDATE sessions SET seed = 'x' WHERE id = ?", (session.id,)) == 1
    with pytest.raises(DamagedSession) as caught:
        await repo.live_session(CHANNEL)
    assert (caught.value.session_id, caught.value.channel_id) == (session.id, CHANNEL)
    await repo.end_damaged(session.id, reason="damaged")
    assert await repo.live_session_id(CHANNEL) is None
    await new_lobby(repo)


@pytest.mark.postgres_only
async def test_two_pools_racing_on_one_version_land_one_move(repo: Repository, target: str) -> None:
    """Two bot processes (two pools) press on the same board 20 times: one move each time."""
    other = await Repository.open(target)
    try:
        session = await new_game(repo)
        for n in range(1, 21):
            results = await asyncio.gather(
                move(repo, session, n), move(other, session, n), return_exceptions=True
            )
            won = [r for r in results if not isinstance(r, BaseException)]
            assert len(won) == 1, results
            assert all(isinstance(r, StaleVersion) for r in results if r not in won)
            session = won[0]
        assert [e.seq for e in await repo.log(session.id)] == list(range(21))
    finally:
        await other.close()


async def test_an_older_database_is_upgraded_in_place(pg: str) -> None:
    """A database made by an older build (migrations 1-3) gets the later ones at the next
    start, keeping its games, which then play on (a write sets 0006's `next_due_at`). The old
    build only opens a lobby: today's writes need the columns of today's schema."""
    older = load_migrations(dialect="postgres")[:3]
    first = await Repository.open(pg, migrations=older)
    try:
        assert await _scalar(first, "SELECT version FROM redline_schema") == 3
        kept = await new_lobby(first)
    finally:
        await first.close()
    upgraded = await Repository.open(pg)
    try:
        assert await _scalar(upgraded, "SELECT version FROM redline_schema") == LATEST
        assert await upgraded.get_session(kept.id) == kept
        await upgraded.add_seat(kept.id, 2, "Guest", expected_version=kept.version)
    finally:
        await upgraded.close()


async def test_a_too_new_database_is_refused(pg: str) -> None:
    repo = await Repository.open(pg)
    try:
        await raw_sql(repo, "UPDATE redline_schema SET version = ?", (LATEST + 1,))
    finally:
        await repo.close()
    with pytest.raises(SchemaTooNew):
        await Repository.open(pg)


async def test_an_unreachable_or_missing_database_says_what_to_check(pg_server: PgServer) -> None:
    """No such database, or nothing listening: DatabaseUnreachable naming the URL without
    its password."""
    missing = pg_server.url.replace("postgres@", "postgres:hunter2@").rsplit("/", 1)[0]
    with pytest.raises(DatabaseUnreachable, match="does not exist") as caught:
        await Repository.open(f"{missing}/no_such_database")
    assert "hunter2" not in str(caught.value) and "REDLINE_DATABASE_URL" in str(caught.value)
    with pytest.raises(DatabaseUnreachable, match=r"127\.0\.0\.1:1/"):
        await Repository.open("postgresql://postgres@127.0.0.1:1/redline")


@pytest.mark.postgres_only
async def test_two_pools_opening_a_game_in_one_channel_get_one_lobby(
    repo: Repository, target: str
) -> None:
    """Two processes run /game new in one channel at once: one lobby, the other ChannelBusy
    (the per-channel advisory lock; never a raw unique-index error)."""
    other = await Repository.open(target)
    try:
        for channel in range(1, 11):
            results = await asyncio.gather(
                new_lobby(repo, channel), new_lobby(other, channel), return_exceptions=True
            )
            assert sorted(type(r).__name__ for r in results) == ["ChannelBusy", "SessionRecord"]
    finally:
        await other.close()


@pytest.mark.postgres_only
async def test_answers_given_at_once_in_two_processes_are_both_kept(
    repo: Repository, target: str
) -> None:
    """Two players answer one take-back at the same moment through different processes: the
    read-modify-write of the answers loses neither (the per-request advisory lock)."""
    other = await Repository.open(target)
    try:
        for channel in range(1, 6):
            session = await move(repo, await new_game(repo, channel), 1)
            request = await repo.open_takeback(
                session.id, user_id=100, seq=1, asked=(200, 300), expires_at=1e12
            )
            await asyncio.gather(
                repo.answer_takeback(request.id, 200, True),
                other.answer_takeback(request.id, 300, False),
            )
            answered = await repo.get_takeback(request.id)
            assert answered is not None and answered.answers == {200: True, 300: False}
    finally:
        await other.close()
