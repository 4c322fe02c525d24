"""Two repositories over one database, as two processes in a deploy overlap have: of several
calls closing the same due item at once, exactly one reports that it closed it (the one that
announces it), on both backends."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Repository, StaleVersion
from tests.storage.conftest import GUEST, HOST, new_game

CALLS = 3
"""Calls from each process."""


@pytest.fixture
async def other(target: str | Path) -> AsyncIterator[Repository]:
    """The second process's repository (its own connection or pool)."""
    repository = await Repository.open(target)
    yield repository
    await repository.close()


async def test_a_take_back_is_closed_by_one_call(repo: Repository, other: Repository) -> None:
    """Both processes find the request lapsed: one call closes it, the others see it closed."""
    game = await new_game(repo)
    request = await repo.open_takeback(game.id, user_id=HOST, seq=1, asked=(GUEST,), expires_at=0.0)
    closings = await asyncio.gather(
        *(r.close_takeback(request.id, "expired") for r in (repo, other) * CALLS)
    )
    assert sum(c.closed_here for c in closings) == 1
    assert {c.row.status for c in closings if c.row is not None} == {"expired"}


async def test_a_vacation_is_ended_by_one_call(repo: Repository, other: Repository) -> None:
    """Both processes find the vacation over: one call ends it, the others find none."""
    await new_game(repo)
    assert await repo.start_vacation(1, GUEST, until=10.0)
    spans = await asyncio.gather(*(r.end_vacation(1, GUEST) for r in (repo, other) * CALLS))
    assert sum(span is not None for span in spans) == 1


async def test_a_reminder_is_claimed_by_one_call(repo: Repository, other: Repository) -> None:
    """Both processes find the reminder due: one call claims it (and sends it)."""
    game = await new_game(repo)
    claims = await asyncio.gather(
        *(r.claim_reminder(game.id, GUEST, 2, 0) for r in (repo, other) * CALLS)
    )
    assert sum(claims) == 1


async def test_a_clock_rewritten_by_the_other_process_is_not_overwritten(
    repo: Repository, other: Repository
) -> None:
    """A clock-only write keeps the version, so the clock is compared too: a write computed
    from a clock the other process has since rewritten is refused and changes nothing."""
    game = await new_game(repo)
    read = await repo.get_session(game.id)

    async def rewrite(by: Repository, clock_json: str) -> object:
        return await by.set_clock(
            game.id,
            clock_json,
            expected_version=read.version,
            expected_clock=read.clock_json,
            bump_version=False,
        )

    await rewrite(other, '{"players":{"200":{"paused_at":5.0}}}')
    with pytest.raises(StaleVersion):
        await rewrite(repo, "{}")
    after = await repo.get_session(game.id)
    assert after.clock_json == '{"players":{"200":{"paused_at":5.0}}}'
    assert after.version == read.version
