"""PostgreSQL going away and coming back under a running repository: a COMMIT whose answer is
lost, reads while the server is down, "too many clients", and the pool after a restart.

These tests restart their server, so they start one of their own (`tests/postgres.py`) instead
of sharing the session's.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from storage import CommitUnknown, Repository, StorageGone
from storage.pg.backend import LostCommit
from tests.postgres import PgServer, serving
from tests.storage.conftest import CHANNEL, move, new_game

ROLE = "redline_player"


restartable = pytest.fixture(scope="module", name="restartable")(serving)
"""A server of this module's own: these tests stop and start it."""


@pytest.fixture
async def pg_repo(restartable: PgServer) -> AsyncIterator[Repository]:
    url = restartable.new_database()
    repo = await Repository.open(url)
    yield repo
    await repo.close()
    restartable.drop_database(url)


def _lose_next_commit(repo: Repository, fault: LostCommit) -> None:
    repo._backend.lose_next_commit(fault)  # type: ignore[attr-defined]


async def test_a_commit_whose_answer_was_lost_is_commit_unknown(pg_repo: Repository) -> None:
    """The server committed, the answer never came back: CommitUnknown, and the move is in."""
    session = await new_game(pg_repo)
    _lose_next_commit(pg_repo, LostCommit(landed=True))
    with pytest.raises(CommitUnknown, match="may or may not"):
        await move(pg_repo, session, 1)
    assert (await pg_repo.get_session(session.id)).version == session.version + 1


async def test_a_commit_that_never_reached_the_server_is_commit_unknown(
    pg_repo: Repository,
) -> None:
    """The connection dropped as COMMIT was sent: CommitUnknown too, and nothing is saved."""
    session = await new_game(pg_repo)
    _lose_next_commit(pg_repo, LostCommit(landed=False))
    with pytest.raises(CommitUnknown):
        await move(pg_repo, session, 1)
    assert (await pg_repo.get_session(session.id)).version == session.version


async def test_the_settled_step_tells_whether_a_lost_commit_landed(pg_repo: Repository) -> None:
    """settled_step reads the session and its log entry at a seq: there after a landed
    COMMIT, missing after one that never reached the server."""
    session = await new_game(pg_repo)
    _lose_next_commit(pg_repo, LostCommit(landed=False))
    with pytest.raises(CommitUnknown):
        await move(pg_repo, session, 1)
    settled = await pg_repo.settled_step(session.id, seq=1)
    assert settled is not None and settled[1] is None
    _lose_next_commit(pg_repo, LostCommit(landed=True))
    with pytest.raises(CommitUnknown):
        await move(pg_repo, session, 1)
    settled = await pg_repo.settled_step(session.id, seq=1)
    assert settled is not None
    record, entry = settled
    assert record.version == session.version + 1
    assert entry is not None and entry.action_json == '{"kind":"advance","n":1}'


async def test_reads_while_the_server_is_down_are_storage_gone(
    pg_repo: Repository, restartable: PgServer
) -> None:
    """A read meets a stopped server: StorageGone (a pause), never a raw socket error."""
    await new_game(pg_repo)
    restartable.pause()
    try:
        with pytest.raises(StorageGone, match="PostgreSQL") as caught:
            await pg_repo.live_session(CHANNEL)
        assert not caught.value.lasting
        health = await pg_repo.check()
        assert not health.ok and not health.lasting
    finally:
        restartable.resume()
    assert (await pg_repo.check()).ok


async def test_reconnect_replaces_every_pooled_connection(
    pg_repo: Repository, restartable: PgServer
) -> None:
    """After reconnect() no script runs on a connection opened before it."""

    def backend_pid(db: object) -> int:
        return int(db.execute("SELECT pg_backend_pid()").fetchone()[0])  # type: ignore[attr-defined]

    before = set(await asyncio.gather(*(pg_repo._call(backend_pid) for _ in range(12))))
    pg_repo.reconnect()
    after = set(await asyncio.gather(*(pg_repo._call(backend_pid) for _ in range(12))))
    assert before and after and not before & after


async def test_too_many_clients_is_storage_gone_that_clears(restartable: PgServer) -> None:
    """The server refuses new connections ("too many connections"): StorageGone that does not
    last; once it admits them again, the next move lands."""
    url = restartable.new_database()
    name = url.rsplit("/", 1)[1]
    restartable.psql(f"DROP ROLE IF EXISTS {ROLE}; CREATE ROLE {ROLE} LOGIN")
    restartable.psql(f"ALTER DATABASE {name} OWNER TO {ROLE}")
    repo = await Repository.open(url.replace("postgres@", f"{ROLE}@"))
    try:
        session = await new_game(repo)
        restartable.psql(f"ALTER ROLE {ROLE} CONNECTION LIMIT 0")
        repo.reconnect()  # every pooled connection must be opened anew, and cannot be
        with pytest.raises(StorageGone, match="too many connections") as caught:
            await move(repo, session, 1)
        assert not caught.value.lasting
        restartable.psql(f"ALTER ROLE {ROLE} CONNECTION LIMIT -1")
        assert (await move(repo, session, 1)).version == session.version + 1
    finally:
        await repo.close()
        restartable.drop_database(url)
        restartable.psql(f"DROP ROLE IF EXISTS {ROLE}")
