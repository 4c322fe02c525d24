"""Service-level abuse, for every registered game: GameService over a real SQLite file, no Discord.

Who may act and end, which session an action lands in, stale boards, double presses, and that
one session's lock never holds up another.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from games.engine import Model, Player, PlayerId
from games.registry import GAMES
from storage import Repository, SessionStatus
from table.service import GameService, NoSession, NotAllowed, NotSeated, Snapshot, StaleBoard

STRANGER = Player(id=99, name="Stranger")
HANG = 60.0
"""Seconds after which a wait counts as a hang (a guard, not a speed requirement)."""


@pytest.fixture(params=sorted(GAMES), ids=str)
def key(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "service.sqlite3"


@pytest.fixture
async def service(db_path: Path) -> AsyncIterator[GameService]:
    repo = await Repository.open(db_path)
    seeds = itertools.count(17)
    yield GameService(repo, GAMES, seed_source=lambda: next(seeds))
    await repo.close()


def seated(channel: int, key: str) -> tuple[Player, ...]:
    """The minimum number of players for the game, with ids unique to the channel."""
    return tuple(
        Player(id=channel * 100 + i, name=f"C{channel}P{i}") for i in range(GAMES[key].min_players)
    )


async def started(service: GameService, key: str, channel: int) -> Snapshot:
    host, *others = seated(channel, key)
    await service.new_session(guild_id=1, channel_id=channel, game_key=key, host=host)
    for player in others:
        await service.join(channel, player)
    return await service.start(channel, host.id)


def a_move(snap: Snapshot) -> tuple[PlayerId, Model]:
    """The first legal action of the first active player: a move the service must accept."""
    actor = min(snap.active_players)
    return actor, snap.legal_actions(actor)[0]


async def test_a_stranger_cannot_act(service: GameService, key: str) -> None:
    """Someone without a seat gets NotSeated and the board stays at its version."""
    snap = await started(service, key, 1)
    _, action = a_move(snap)
    with pytest.raises(NotSeated):
        await service.act(snap.session_id, STRANGER.id, action)
    assert (await service.by_id(snap.session_id)).version == snap.version


async def test_a_player_of_another_session_cannot_act_here(service: GameService, key: str) -> None:
    """A player seated in channel 2 acting with channel 1's session id gets NotSeated."""
    here = await started(service, key, 1)
    there = await started(service, key, 2)
    _, action = a_move(here)
    with pytest.raises(NotSeated):
        await service.act(here.session_id, min(there.active_players), action)
    assert (await service.by_id(here.session_id)).version == here.version


async def test_acting_on_one_session_leaves_the_other_untouched(
    service: GameService, key: str
) -> None:
    """A move with session 1's id changes session 1 only; channel 2's board is as it was."""
    one = await started(service, key, 1)
    two = await started(service, key, 2)
    actor, action = a_move(one)
    after = await service.act(one.session_id, actor, action, expected_version=one.version)
    assert after.session_id == one.session_id and after.version == one.version + 1
    other = await service.current(2)
    assert (other.session_id, other.version, other.state) == (
        two.session_id,
        two.version,
        two.state,
    )


async def test_current_never_returns_another_channels_session(
    service: GameService, key: str
) -> None:
    """Each channel sees its own session; a channel without one, or whose game ended, sees none."""
    one = await started(service, key, 1)
    two = await started(service, key, 2)
    assert (await service.current(1)).session_id == one.session_id
    assert (await service.current(2)).session_id == two.session_id
    with pytest.raises(NoSession):
        await service.current(3)
    await service.end(one.session_id, one.record.host_id, can_manage=False)
    with pytest.raises(NoSession):
        await service.current(1)
    assert (await service.current(2)).session_id == two.session_id


async def test_only_the_host_may_end_the_game(service: GameService, key: str) -> None:
    """A seated player who is not the host gets NotAllowed and the game goes on."""
    snap = await started(service, key, 1)
    for player in (*seated(1, key)[1:], STRANGER):
        with pytest.raises(NotAllowed):
            await service.end(snap.session_id, player.id, can_manage=False)
    assert (await service.current(1)).record.status is SessionStatus.ACTIVE


async def test_the_host_may_end_the_game(service: GameService, key: str) -> None:
    """The host ends the game: it is abandoned and the channel is free."""
    snap = await started(service, key, 1)
    ended = await service.end(snap.session_id, snap.record.host_id, can_manage=False)
    record = await service.repo.get_session(ended.session_id)
    assert record.status is SessionStatus.ABANDONED


async def test_a_manager_may_end_someone_elses_game(service: GameService, key: str) -> None:
    """Anyone with can_manage=True (Manage Server) may end a game they do not host."""
    snap = await started(service, key, 1)
    ended = await service.end(snap.session_id, STRANGER.id, can_manage=True)
    record = await service.repo.get_session(ended.session_id)
    assert record.status is SessionStatus.ABANDONED


async def test_a_stale_version_raises_stale_board_with_the_current_one(
    service: GameService, key: str
) -> None:
    """Pressing a button from an old board raises StaleBoard carrying the board as it now is."""
    snap = await started(service, key, 1)
    actor, action = a_move(snap)
    now = await service.act(snap.session_id, actor, action, expected_version=snap.version)
    with pytest.raises(StaleBoard) as stale:
        await service.act(snap.session_id, actor, action, expected_version=snap.version)
    assert stale.value.current.version == now.version
    assert stale.value.current.state == now.state


async def test_ten_concurrent_presses_apply_exactly_once(service: GameService, key: str) -> None:
    """Ten simultaneous presses of one button: one move lands, nine get StaleBoard."""
    snap = await started(service, key, 1)
    actor, action = a_move(snap)
    results = await asyncio.gather(
        *(
            service.act(snap.session_id, actor, action, expected_version=snap.version)
            for _ in range(10)
        ),
        return_exceptions=True,
    )
    landed = [r for r in results if isinstance(r, Snapshot)]
    stale = [r for r in results if isinstance(r, StaleBoard)]
    assert (len(landed), len(stale)) == (1, 9), results
    assert len(await service.repo.moves(snap.session_id)) == 1


async def test_two_processes_pressing_together_apply_once(
    service: GameService, key: str, db_path: Path
) -> None:
    """Two services on two connections to one file race one button: the version check holds."""
    snap = await started(service, key, 1)
    actor, action = a_move(snap)
    other_repo = await Repository.open(db_path)
    try:
        other = GameService(other_repo, GAMES)
        results = await asyncio.gather(
            service.act(snap.session_id, actor, action, expected_version=snap.version),
            other.act(snap.session_id, actor, action, expected_version=snap.version),
            return_exceptions=True,
        )
    finally:
        await other_repo.close()
    assert sorted(type(r).__name__ for r in results) == ["Snapshot", "StaleBoard"], results
    assert len(await service.repo.moves(snap.session_id)) == 1


async def test_a_busy_session_does_not_block_another(service: GameService, key: str) -> None:
    """While session 1's lock is held, a move in session 2 still completes."""
    one = await started(service, key, 1)
    two = await started(service, key, 2)
    actor, action = a_move(two)
    async with service.lock(one.session_id):  # blocked by it, the move would never complete
        after = await asyncio.wait_for(service.act(two.session_id, actor, action), HANG)
    assert after.version == two.version + 1


async def test_a_held_session_lock_serialises_that_session(service: GameService, key: str) -> None:
    """While session 1's lock is held, a move in session 1 waits (the lock is real)."""
    one = await started(service, key, 1)
    actor, action = a_move(one)
    async with service.lock(one.session_id):
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(service.act(one.session_id, actor, action), timeout=0.2)
    assert (await service.by_id(one.session_id)).version == one.version
