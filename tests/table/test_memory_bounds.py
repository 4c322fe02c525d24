"""What the core keeps in memory stays bounded over a long life: the scheduler's passes in
flight and the decoded-state cache."""

from __future__ import annotations

from pathlib import Path

from tests.table.test_due_index import Now, Recorded, _open, _race


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
