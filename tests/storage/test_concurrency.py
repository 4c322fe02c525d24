"""Compare-and-swap on version: double clicks and racing processes apply a move once."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from storage import Repository, SessionRecord, StaleVersion
from tests.storage.conftest import GUEST, HOST, move, new_game, new_lobby


async def test_two_moves_on_the_same_version_exactly_one_lands(repo: Repository) -> None:
    """The second save with the seen version raises StaleVersion naming both versions."""
    session = await new_game(repo)
    landed = await move(repo, session, 1)
    with pytest.raises(StaleVersion) as caught:
        await move(repo, session, 2)
    assert (caught.value.expected, caught.value.actual) == (session.version, landed.version)
    assert [e.action_json for e in await repo.moves(session.id)] == ['{"kind":"advance","n":1}']


async def test_ten_concurrent_moves_on_one_version_land_once(repo: Repository) -> None:
    """Ten simultaneous presses of the same button apply one move; nine get StaleVersion."""
    session = await new_game(repo)
    results = await asyncio.gather(
        *(move(repo, session, n) for n in range(10)), return_exceptions=True
    )
    landed = [r for r in results if isinstance(r, SessionRecord)]
    stale = [r for r in results if isinstance(r, StaleVersion)]
    assert (len(landed), len(stale)) == (1, 9)
    assert len(await repo.moves(session.id)) == 1
    assert (await repo.get_session(session.id)).version == session.version + 1


async def test_concurrent_joins_on_one_version_seat_one_player(repo: Repository) -> None:
    """Two players joining off the same lobby version: one sits, one is told to retry."""
    lobby = await new_lobby(repo)
    results = await asyncio.gather(
        repo.add_seat(lobby.id, GUEST, "Guest", expected_version=0),
        repo.add_seat(lobby.id, 300, "Third", expected_version=0),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleVersion) for r in results) == 1
    assert len((await repo.get_session(lobby.id)).seats) == 2


async def test_moves_in_different_sessions_do_not_conflict(repo: Repository) -> None:
    """Concurrent moves in separate channels all land."""
    games = [await new_game(repo, channel_id=c) for c in range(1, 6)]
    after = await asyncio.gather(*(move(repo, g, 1) for g in games))
    assert [a.version for a in after] == [g.version + 1 for g in games]


async def test_cas_holds_across_two_connections(repo: Repository, target: str | Path) -> None:
    """A second process on the same database that read the same version loses the race."""
    session = await new_game(repo)
    other = await Repository.open(target)
    try:
        await move(other, session, 1)
        with pytest.raises(StaleVersion):
            await move(repo, session, 2)
    finally:
        await other.close()


async def test_a_stale_write_changes_nothing(repo: Repository) -> None:
    """The losing write leaves state, version and log exactly as the winner left them."""
    session = await new_game(repo)
    winner = await move(repo, session, 1)
    with pytest.raises(StaleVersion):
        await repo.end_session(session.id, expected_version=session.version)
    assert await repo.get_session(session.id) == winner
    assert len(await repo.log(session.id)) == 2


async def test_sequential_moves_each_take_the_next_seq(repo: Repository) -> None:
    """Moves saved one after another get seq 1, 2, 3 and versions climb by one."""
    session = await new_game(repo)
    for n in range(1, 4):
        session = await move(repo, session, n)
        assert session.last_seq == n
    assert session.version == 2 + 3
    assert HOST in {e.actor for e in await repo.moves(session.id)}
