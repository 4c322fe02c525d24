"""A deploy overlap against the fake Discord: the old process still running when the new one
starts, both with the same shards, one database and one clock.

Two RedlineBots in this process (each with its own data folder, so its own instance lock, and
its own connection or pool to the shared database: SQLite's file, or a PostgreSQL database).
The fake Discord hands a guild's interactions to the newest connection of its shard, so slash
commands and presses reach the new process; both schedulers find the same items due.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bench.driver import shut_down
from bot.client import RedlineBot
from fakediscord import FakeDiscord, FakeUser
from runtime.app import App
from runtime.settings import Settings
from tests.bot.conftest import World
from tests.bot.sharded import boot_one
from tests.postgres import PgServer, serving

TICK_LIMIT = 60.0
"""Seconds two passes may take before the test fails instead of hanging (a bound, not a wait)."""


pg_server = pytest.fixture(scope="module", name="pg_server")(serving)


@dataclass
class Twins:
    """`world` is served by the new process (`world.bot`); `old` is the one still running."""

    world: World
    old: RedlineBot
    old_app: App
    bots: list[RedlineBot] = field(default_factory=list)
    """Old, then new."""

    async def tick_in_step(self, first_read: str) -> list[int]:
        """One scheduler pass in each process at the same time, in the race a deploy overlap
        runs: each pass's first call of `Repository.<first_read>` returns only once both have
        made it, so both read the same due items before either acts on them."""
        await self.settle()  # what the last interaction set off comes first
        barrier = asyncio.Barrier(len(self.bots))
        for bot in self.bots:
            repo = bot.service.repo
            setattr(repo, first_read, _first_call_in_step(getattr(repo, first_read), barrier))
        try:
            passes = asyncio.gather(*(bot.scheduler.tick() for bot in self.bots))
            handled = await asyncio.wait_for(passes, TICK_LIMIT)
        finally:
            for bot in self.bots:
                delattr(bot.service.repo, first_read)
        await self.settle()
        return list(handled)

    async def settle(self) -> None:
        """Wait until both processes are idle: background passes and replays included."""
        for bot in self.bots:
            await bot.idle()

    def said(self, text: str) -> int:
        """How many public messages in the channel contain `text`."""
        return sum(text in m.content for m in self.world.public())

    def dms(self, user: FakeUser, text: str) -> int:
        return sum(text in m.content for m in self.world.fake.dms(user))


def _first_call_in_step(
    read: Callable[..., Awaitable[Any]], barrier: asyncio.Barrier
) -> Callable[..., Awaitable[Any]]:
    """`read`, except that its first call returns only once every process's first call has."""
    waited = False

    async def in_step(*args: Any, **kwargs: Any) -> Any:
        nonlocal waited
        result = await read(*args, **kwargs)
        if not waited:
            waited = True
            await barrier.wait()
        return result

    return in_step


def _settings(fake: FakeDiscord, data_dir: Path, database: dict[str, str]) -> Settings:
    return Settings(
        token=fake.token,
        data_dir=data_dir,
        tick_seconds=0,
        render_processes=0,
        **database,  # type: ignore[arg-type]
    )


@asynccontextmanager
async def overlap(tmp: Path, database: dict[str, str]) -> AsyncIterator[Twins]:
    """The old process, then the new one started beside it (same shards, same database)."""
    async with FakeDiscord(ack_deadline=3.0) as fake:
        guild = fake.add_guild("Speedway")
        world = World(
            fake=fake,
            guild=guild,
            channel=fake.add_channel(guild, "drag-strip"),
            alice=fake.add_member(guild, "alice"),
            bob=fake.add_member(guild, "bob"),
            carol=fake.add_member(guild, "carol"),
            mod=fake.add_member(guild, "mod", manage_guild=True),
            data_dir=tmp / "new",
        )
        same = {"clock": world.clock, "seed_source": world.seeds}
        old_app = await boot_one(fake, _settings(fake, tmp / "old", database), **same)
        assert old_app.bot is not None
        old = old_app.bot
        try:
            world.app = await boot_one(fake, _settings(fake, world.data_dir, database), **same)
            world.bot = world.app.bot
            assert world.bot is not None
            try:
                yield Twins(world, old, old_app, [old, world.bot])
            finally:
                await world.stop_bot()
        finally:
            await shut_down(old_app)
        fake.assert_clean()


@pytest.fixture(params=["sqlite", "postgres"])
async def twins(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Twins]:
    """A deploy overlap on SQLite (one file) and on PostgreSQL (one database)."""
    if request.param == "sqlite":
        database = {"database_file": str(tmp_path / "shared.sqlite3")}  # absolute: shared
    else:
        server: PgServer = request.getfixturevalue("pg_server")
        database = {"database_url": server.new_database()}
    async with overlap(tmp_path, database) as pair:
        yield pair
