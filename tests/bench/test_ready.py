"""Ready-time helpers: one boot against the fake, a data dir filled with sessions."""

from __future__ import annotations

from pathlib import Path

from bench import ready
from fakediscord import FakeDiscord
from storage import Repository


async def test_one_boot_reports_ready_and_first_answer(tmp_path: Path) -> None:
    """A boot with a probe answers a slash command and reaches on_ready."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        probe = (fake.add_member(guild, "probe"), fake.add_channel(guild))
        took, first = await ready._boot_once(fake, tmp_path, {"guild_ready_timeout": 0.05}, probe)
        assert first is not None and 0 < first <= took
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
