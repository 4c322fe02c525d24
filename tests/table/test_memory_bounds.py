"""What the core keeps in memory stays bounded over a long life: the scheduler's passes in
flight and the decoded-state cache."""

from __future__ import annotations

import itertools
from pathlib import Path

from games.registry import GAMES
from storage import Repository
from table.host import Host
from table.service import GameService
from tests.table.test_due_index import Now, Recorded, _open, _race
from tests.table.test_turns import Carrier


async def test_the_scheduler_forgets_its_passes_once_they_are_done(tmp_path: Path) -> None:
    """Twenty games whose bot seat was poked to play: once the passes finish, none is kept."""
    service = await _open(tmp_path / "passes.sqlite3", Now())
    try:
        recorded = Recorded(service)
        for channel in range(1, 21):
            snap = await service.by_id(await _race(service, channel, bot=True))
            if not any(snap.is_bot(p) for p in snap.active_players):  # the host moves first
                player = min(snap.active_players)
                snap = await service.act(snap.session_id, player, snap.legal_actions(player)[0])
            recorded.scheduler.poke(snap)
        await recorded.scheduler.settle()
        assert len(recorded.stood_in) >= 20, "every bot seat played"
        assert recorded.scheduler._running == {}
    finally:
        await service.repo.close()


async def test_the_state_cache_holds_at_most_its_bytes(tmp_path: Path) -> None:
    """Ten live games read through a cache of 40 KB: it holds what fits, the latest read
    among them, and counts no more than its bound."""
    repo = await Repository.open(tmp_path / "cache.sqlite3")
    seeds = itertools.count(41)
    service = GameService(repo, GAMES, seed_source=lambda: next(seeds), cache_bytes=40_000)
    try:
        sessions = [await _race(service, channel) for channel in range(1, 11)]
        for session in sessions:
            await service.by_id(session)
        cache = service._cache
        assert 1 <= len(cache) < len(sessions)
        assert cache.bytes <= 40_000
        assert sessions[-1] in cache
    finally:
        await repo.close()


async def test_a_move_keeps_its_new_state_cached(tmp_path: Path) -> None:
    """The state a move made is held at the move's version: the next press decodes nothing."""
    service = await _open(tmp_path / "moves.sqlite3", Now())
    try:
        snap = await service.by_id(await _race(service, 1))
        player = min(snap.active_players)
        moved = await service.act(snap.session_id, player, snap.legal_actions(player)[0])
        assert service._cache.get(moved.session_id, moved.version) is not None
    finally:
        await service.repo.close()


async def test_turn_messages_keep_no_lock_for_a_session_once_told(tmp_path: Path) -> None:
    """Twenty games' turn messages told: no lock is kept for any of them afterwards (one per
    session ever told was kept for good)."""
    service = await _open(tmp_path / "turns.sqlite3", Now())
    try:
        host = Host(service)
        for channel in range(1, 21):
            snap = await service.by_id(await _race(service, channel))
            await host.turns.tell(snap, Carrier())
        assert len(host.turns._locks) == 0
    finally:
        await service.repo.close()
