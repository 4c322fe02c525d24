"""A two-shard deployment against the fake Discord: one guild per shard, one bot per shard
(in this process, or as real `python -m bot` processes), sharing one database."""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from bench.driver import TURN, active_user_id, shut_down, start
from bot.client import RedlineBot
from bot.workload import ANSWERED
from fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser
from fakediscord.gateway import wait_for
from fakediscord.interaction import DEFERRED_CHANNEL_MESSAGE, InteractionResult
from runtime.app import App
from runtime.settings import Settings
from table.ids import ButtonId
from tests.bot.conftest import FakeClock

SHARDS = 2


@dataclass
class Table:
    """A guild on one shard with a channel and two players."""

    shard: int
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser

    def user(self, user_id: int) -> FakeUser:
        return self.alice if user_id == self.alice.id else self.bob


@dataclass
class Deployment:
    fake: FakeDiscord
    tables: list[Table]
    clock: FakeClock = field(default_factory=FakeClock)
    bots: list[RedlineBot] = field(default_factory=list)
    apps: list[App] = field(default_factory=list)
    """Each bot's process (`runtime.app`), in the same order."""
    seen: list[list[int | None]] = field(default_factory=list)
    """Per bot, the guild of every interaction it received."""
    pressed: dict[int, int] = field(default_factory=dict)
    """Per channel, the version of the board last pressed there (`mark_pressed`)."""

    async def answered(self) -> None:
        """Until every bot has answered what it was given (the fake's `until_idle`)."""
        for bot in self.bots:
            await bot.idle(*ANSWERED)

    async def slash(self, table: Table, user: FakeUser, command: str, **options: Any) -> Any:
        if command == "game new":
            options.setdefault("where", "here")
        r = await self.fake.slash(user, table.channel, command, **options)
        if r.response_type == DEFERRED_CHANNEL_MESSAGE:
            await r.wait_followups(1)
        return r

    async def new_race(self, table: Table, *, clock: bool = False) -> FakeMessage:
        """A started two-player Drag Rage race (with a 24 h turn clock if asked); its board."""
        await self.slash(table, table.alice, "game new", game="dragrage")
        await self.slash(table, table.bob, "game join")
        if clock:
            await self.slash(table, table.alice, "game clock", mode="turn", time="24h")
        r = await self.slash(table, table.alice, "game start")
        await r.wait_followups(1)
        return self.board(table)

    def board(self, table: Table) -> FakeMessage:
        boards = [m for m in self.fake.channel_messages(table.channel) if m.files]
        assert boards, "no board yet"
        return boards[-1]

    async def press(self, table: Table, rnd: random.Random) -> InteractionResult:
        """The player to act presses one of their live buttons on the newest board."""
        board = await self.next_board(table)
        player = table.user(active_user_id(board))
        live = [cid for _, cid, disabled in board.buttons if cid and not disabled]
        assert live, board.content
        self.mark_pressed(table, board)
        r = await self.fake.click(player, board, rnd.choice(live))
        await r.wait_followups(1)
        return r

    def mark_pressed(self, table: Table, board: FakeMessage) -> None:
        """`board` was pressed: the next board to press is a newer version."""
        self.pressed[table.channel.id] = board_version(board)

    async def next_board(self, table: Table, timeout: float = 60.0) -> FakeMessage:
        """The newest board once it is the one to press: drawn, asking a player to act, and of a
        newer version than the board last pressed at this table. After its answer to a press
        the bot posts the next turn's message, draws it and closes the old one; a process of
        its own can be anywhere in that when the press's answer arrives."""
        last = self.pressed.get(table.channel.id, -1)

        def ready() -> bool:
            boards = [m for m in self.fake.channel_messages(table.channel) if m.files]
            return bool(
                boards and TURN.search(boards[-1].content) and board_version(boards[-1]) > last
            )

        await wait_for(ready, self.fake.store.changed, timeout, "the next board to press")
        return self.board(table)


def board_version(board: FakeMessage) -> int:
    """The version a board's live buttons were drawn for (-1: none)."""
    found = (ButtonId.decode(cid) for _, cid, disabled in board.buttons if cid and not disabled)
    return max((b.version for b in found if b is not None), default=-1)


async def table_on(fake: FakeDiscord, shard: int) -> Table:
    """A guild on `shard` of 2 with a channel and two members."""
    guild = fake.add_guild(f"guild-{shard}", shard=(shard, SHARDS))
    channel = fake.add_channel(guild, "races")
    alice = fake.add_member(guild, f"alice{shard}")
    bob = fake.add_member(guild, f"bob{shard}")
    return Table(shard, guild, channel, alice, bob)


async def boot_one(fake: FakeDiscord, settings: Settings, **options: Any) -> App:
    """One bot's process (every shard it is configured for), returned once the bot is
    ready. `options` go to the process (`clock=`, `seed_source=`)."""
    app = App(settings, guild_ready_timeout=0.05, **options)
    try:
        await start(app, fake, timeout=15)
    except BaseException:
        await shut_down(app)
        raise
    return app


def shard_settings(fake: FakeDiscord, data_dir: Path, database: Path, shard: int) -> Settings:
    """One process's settings: its own data folder (its instance lock and heartbeat), the
    shared database, shard `shard` of 2."""
    return Settings(
        token=fake.token,
        data_dir=data_dir,
        database_file=str(database),  # an absolute path: the one file both processes share
        tick_seconds=0,
        render_processes=0,
        shard_count=SHARDS,
        shard_ids=(shard,),
    )


@asynccontextmanager
async def in_process(tmp: Path) -> AsyncIterator[Deployment]:
    """Two RedlineBots in this process, shards 0 and 1 of 2, one SQLite file between them
    (each with its own connection, as two processes would have)."""
    # identify_window: Discord's 5 s pacing, kept strict; max_concurrency 2 puts the two
    # shards in different buckets, so they may identify at the same moment
    async with FakeDiscord(max_concurrency=2, identify_window=5.0) as fake:
        world = Deployment(fake, [await table_on(fake, n) for n in range(SHARDS)])
        seeds = itertools.count(11)
        try:
            for shard in range(SHARDS):
                settings = shard_settings(
                    fake, tmp / f"shard{shard}", tmp / "shared.sqlite3", shard
                )
                app = App(
                    settings,
                    guild_ready_timeout=0.05,
                    seed_source=seeds.__next__,
                    clock=world.clock,
                )
                bot = await app.open()
                seen: list[int | None] = []

                async def record(interaction: discord.Interaction, into: list[Any] = seen) -> None:
                    into.append(interaction.guild_id)

                bot.add_listener(record, "on_interaction")
                world.bots.append(bot)
                world.apps.append(app)
                world.seen.append(seen)
                app.task = asyncio.create_task(app.run(fake.token))
            await fake.wait_until_ready(timeout=15)
            for bot in world.bots:
                await asyncio.wait_for(bot.wait_until_ready(), 15)
            fake.until_idle = world.answered
            yield world
        finally:
            for app in world.apps:
                await shut_down(app)
        fake.assert_clean()
