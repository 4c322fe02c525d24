"""The scheduler's due index (issue 18): a tick reads only sessions with something due.

GameService over a real SQLite file, no Discord: the scheduler's posts (its outbox) and
announcements are recorded instead of sent; time is a number the tests move.
"""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from games.engine import Player
from games.registry import GAMES
from storage import Repository
from table import schedule
from table.answers import Message
from table.clocks import DAY, HOUR, ClockMode, ClockSettings
from table.host import Host
from table.schedule import Scheduler
from table.service import GameService, StoodIn

T0 = 1_000_000.0
TURN = ClockSettings(mode=ClockMode.TURN, per_turn=DAY)


class Now:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t


class Recorded:
    """A scheduler whose messages are kept in lists instead of being sent (it is the
    scheduler's outbox), and whose stand-ins are noted instead of announced."""

    def __init__(self, service: GameService) -> None:
        self.posts: list[str] = []
        self.stood_in: list[StoodIn] = []
        self.scheduler = Scheduler(Host(service), self)

        async def announce(stood_in: StoodIn) -> None:
            self.stood_in.append(stood_in)

        self.scheduler._announce = announce  # type: ignore[method-assign]

    async def post(self, channel_id: int, message: Message) -> None:
        self.posts.append(message.content)

    async def direct(self, user_id: int, text: str) -> bool:
        return False


async def _open(path: Path, now: Now) -> GameService:
    repo = await Repository.open(path, clock=now)
    seeds = itertools.count(41)
    return GameService(repo, GAMES, seed_source=lambda: next(seeds), clock=now)


async def _race(service: GameService, channel: int, *, bot: bool = False) -> int:
    """A started Drag Rage game with a 24 h turn clock in `channel`; its session id."""
    host = Player(id=10_000 + 2 * channel, name=f"h{channel}")
    await service.new_session(guild_id=1, channel_id=channel, game_key="dragrage", host=host)
    if bot:
        await service.add_bot(channel, host.id)
    else:
        await service.join(channel, Player(id=10_001 + 2 * channel, name=f"g{channel}"))
    await service.set_clock(channel, host.id, TURN)
    return (await service.start(channel, host.id)).session_id


def _count(obj: Any, name: str, calls: list[str]) -> None:
    real: Callable[..., Awaitable[Any]] = getattr(obj, name)

    async def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append(name)
        return await real(*args, **kwargs)

    setattr(obj, name, spy)


async def test_a_tick_with_a_thousand_games_and_nothing_due_loads_no_game(
    tmp_path: Path,
) -> None:
    """1,000 live games with 24 h clocks: the first tick works out each one's next due time
    once (the backfill); the next tick reads no session at all and handles nothing."""
    now = Now()
    service = await _open(tmp_path / "due.sqlite3", now)
    try:
        for channel in range(1, 1001):
            await _race(service, channel)
        first = Recorded(service)
        assert await first.scheduler.tick() == 0
        calls: list[str] = []
        for name in ("get_session", "live_sessions", "live_session", "reminders_sent"):
            _count(service.repo, name, calls)
        now.t += 5 * 60  # within the sweep interval
        assert await first.scheduler.tick() == 0
        assert calls == []
        assert first.posts == [] and first.stood_in == []
    finally:
        await service.repo.close()


async def test_due_items_are_still_handled_after_a_restart(tmp_path: Path) -> None:
    """Indexed before a restart: a reminder (a third of the turn), a timeout (the full 24 h)
    and a bot seat whose turn came with a move are each handled by the new process's ticks."""
    now, path = Now(), tmp_path / "restart.sqlite3"
    service = await _open(path, now)
    try:
        human = await _race(service, 1)
        bot_game = await _race(service, 2, bot=True)
        await Recorded(service).scheduler.tick()
        snap = await service.by_id(bot_game)
        if not any(snap.is_bot(p) for p in snap.active_players):  # the host moves first
            player = min(snap.active_players)
            action = snap.legal_actions(player)[0]
            snap = await service.act(bot_game, player, action)
        assert any(snap.is_bot(p) for p in snap.active_players)
    finally:
        await service.repo.close()

    service = await _open(path, now)  # the restart: a new process, nothing in memory
    try:
        after = Recorded(service)
        assert await after.scheduler.tick() >= 1, "the bot seat plays"
        assert [s.snapshot.session_id for s in after.stood_in] == [bot_game]
        assert not after.stood_in[0].timed_out
        after.stood_in.clear()
        assert await after.scheduler.tick() == 0

        now.t = T0 + 8 * HOUR + 60  # a third of the turn: the reminder
        assert await after.scheduler.tick() >= 1
        assert any(f"game #{human}" in p for p in after.posts), after.posts

        now.t = T0 + DAY + 60  # the clock runs out: the bot plays for the silent player
        await after.scheduler.tick()
        timed_out = [s for s in after.stood_in if s.snapshot.session_id == human]
        assert timed_out and timed_out[0].timed_out
    finally:
        await service.repo.close()


async def test_the_slow_sweep_finds_an_item_whose_refresh_was_missed(tmp_path: Path) -> None:
    """A due time written too late (as a missed refresh would leave it) delays the item by
    at most the sweep interval."""
    now = Now()
    service = await _open(tmp_path / "sweep.sqlite3", now)
    try:
        human = await _race(service, 1)
        recorded = Recorded(service)
        await recorded.scheduler.tick()
        version = (await service.by_id(human)).version
        assert await service.repo.set_next_due(human, version, T0 + 10 * DAY)
        now.t = T0 + DAY + 60
        recorded = Recorded(service)  # its sweep interval starts now
        await recorded.scheduler.tick()
        assert recorded.stood_in == [], "the index says not yet"
        now.t += schedule.SWEEP_SECONDS
        await recorded.scheduler.tick()
        assert [s.snapshot.session_id for s in recorded.stood_in] == [human]
    finally:
        await service.repo.close()


@pytest.mark.parametrize("what", ["prefs", "vacation"])
async def test_changes_without_a_move_make_the_due_time_unknown_again(
    tmp_path: Path, what: str
) -> None:
    """Reminder preferences and vacations change what is due without a move: the row's due
    time is cleared so the next tick works it out again."""
    now = Now()
    service = await _open(tmp_path / "refresh.sqlite3", now)
    try:
        human = await _race(service, 1)
        await Recorded(service).scheduler.tick()
        assert [r.id for r in await service.repo.due_sessions(now.t)] == []
        host = 10_002
        if what == "prefs":
            await service.repo.set_prefs(host, "{}")
        else:
            assert await service.repo.start_vacation(1, host, now.t + DAY)
        assert [r.id for r in await service.repo.due_sessions(now.t)] == [human]
    finally:
        await service.repo.close()


async def test_a_finished_games_state_leaves_the_cache(tmp_path: Path) -> None:
    """The decoded-state cache keeps live games only: a game ended (or read after its end)
    is not held in memory."""
    now = Now()
    service = await _open(tmp_path / "cache.sqlite3", now)
    try:
        session = await _race(service, 1)
        await service.by_id(session)
        assert session in service._cache
        await service.end(session, 10_002, can_manage=True)
        snap = await service.by_id(session)
        assert not snap.record.is_live and snap.state is not None
        assert session not in service._cache
    finally:
        await service.repo.close()
