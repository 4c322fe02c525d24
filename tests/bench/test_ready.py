"""Spawn-to-ready: a real `python -m bot` process against the fake, timed to its ready line."""

from __future__ import annotations

from pathlib import Path

from bench import ready
from fakediscord import FakeDiscord
from storage import Repository


async def test_one_spawn_reports_ready_and_stops_the_bot(tmp_path: Path) -> None:
    """The spawn reaches its ready line (timed from the spawn: at least an interpreter start)
    and is stopped afterwards, exit 0 (`_boot_once` raises otherwise), its stop timed too."""
    async with FakeDiscord() as fake:
        fake.add_guild()
        took, _pool, stopped = await ready._boot_once(fake, tmp_path / "data", tmp_path)
        assert took > 0.2 and stopped > 0
        assert fake.gateway.current is None, "the bot was shut down"


async def test_fill_leaves_started_sessions(tmp_path: Path) -> None:
    """The restart data dir holds the asked number of live, started races."""
    await ready._fill(tmp_path, 3)
    repo = await Repository.open(tmp_path / "redline.sqlite3")
    try:
        records = [await repo.live_session(channel) for channel in (1, 2, 3)]
    finally:
        await repo.close()
    assert all(r is not None and r.state_json is not None for r in records)


def test_busy_cores_start_and_stop() -> None:
    """The load generator's processes end with the block."""
    with ready.busy_cores(1):
        pass
