"""The event log: append-only, ordered, pageable, and enough to replay a session."""

from __future__ import annotations

import pytest

from storage import Repository
from tests.storage.conftest import REFUSED, move, new_game, raw_sql


async def test_log_is_ordered_by_seq_from_setup_on(repo: Repository) -> None:
    """seq 0 is setup, then one entry per move in the order they were saved."""
    session = await new_game(repo)
    for n in range(1, 6):
        session = await move(repo, session, n)
    entries = await repo.log(session.id)
    assert [e.seq for e in entries] == [0, 1, 2, 3, 4, 5]
    assert [e.at for e in entries] == sorted(e.at for e in entries)


async def test_moves_leave_out_the_setup_entry(repo: Repository) -> None:
    """moves() is seq >= 1 only, the input replay() needs."""
    session = await new_game(repo)
    session = await move(repo, session, 1)
    assert [e.seq for e in await repo.moves(session.id)] == [1]


async def test_log_pages_with_after_seq_and_limit(repo: Repository) -> None:
    """after_seq skips what the caller has seen; limit caps the page."""
    session = await new_game(repo)
    for n in range(1, 6):
        session = await move(repo, session, n)
    assert [e.seq for e in await repo.log(session.id, after_seq=2, limit=2)] == [3, 4]
    assert await repo.log(session.id, after_seq=5) == []
    assert await repo.log(session.id, limit=0) == []


async def test_negative_limit_is_refused(repo: Repository) -> None:
    """A negative page size is a programming error, not 'no limit'."""
    session = await new_game(repo)
    with pytest.raises(ValueError, match="limit"):
        await repo.log(session.id, limit=-1)


async def test_logs_of_different_sessions_are_separate(repo: Repository) -> None:
    """Each session numbers its own log from 0."""
    first = await new_game(repo, channel_id=1)
    second = await new_game(repo, channel_id=2)
    await move(repo, first, 1)
    assert [e.seq for e in await repo.log(second.id)] == [0]


async def test_database_refuses_to_rewrite_history(repo: Repository) -> None:
    """An UPDATE on the events table aborts, even from outside the repository."""
    session = await new_game(repo)
    with pytest.raises(REFUSED, match="append-only"):
        await raw_sql(
            repo, "UPDATE events SET action_json = '{}' WHERE session_id = ?", (session.id,)
        )
