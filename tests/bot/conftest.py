"""End-to-end harness: the real RedlineBot against the fake Discord on 127.0.0.1."""

from __future__ import annotations

import dataclasses
import itertools
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bench.driver import active_user_id, boot, button, shut_down
from bot.client import RedlineBot
from bot.workload import ANSWERED
from fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser
from fakediscord.interaction import DEFERRED_CHANNEL_MESSAGE, InteractionResult
from runtime.app import App
from tests.bot.hidden import RenderLog

__all__ = ["World", "active_user_id", "button"]


class FakeClock:
    """The bot's time source in tests: it starts at the real time and moves only when told."""

    def __init__(self, start: float | None = None) -> None:
        self.now = time.time() if start is None else start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def draw_boards_with(bot: RedlineBot, key: str, board: Callable[..., bytes]) -> None:
    """This bot draws game `key`'s boards with `board` (a broken, slow or hung drawing)."""
    host = bot.table.host
    host.renderers = {**host.renderers, key: dataclasses.replace(host.renderers[key], board=board)}


@dataclass
class World:
    """A guild with a channel, two players, a bystander and a moderator, and the running bot."""

    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser
    mod: FakeUser
    data_dir: Path
    app: App | None = None
    """The bot's process (`runtime.app`): its settings, heartbeat and task."""
    bot: RedlineBot | None = None
    seeds: Callable[[], int] = field(default_factory=lambda: itertools.count(7).__next__)

    renders: RenderLog = field(default_factory=RenderLog)
    clock: FakeClock = field(default_factory=lambda: FakeClock())
    database_url: str | None = None
    """A PostgreSQL database for the bot, instead of the SQLite file in `data_dir`."""

    async def start_bot(self, **settings: Any) -> RedlineBot:
        """Start the bot; `settings`: more of `boot`'s (render_processes, render_timeout...)."""
        self.app = await boot(
            self.fake,
            self.data_dir,
            seed_source=self.seeds,
            clock=self.clock,
            database_url=self.database_url,
            **settings,
        )
        assert self.app.bot is not None
        self.bot = self.app.bot
        self.renders.attach(self.bot)
        return self.bot

    def answer_within(self, seconds: float) -> None:
        """From now on an answer ready within `seconds` of the press is its interaction's one
        callback (the bot's ack budget, `REDLINE_ACK_BUDGET`, beyond its bounds if asked);
        0: every press is acknowledged first and answered after."""
        assert self.bot is not None
        self.bot.config = dataclasses.replace(self.bot.config, ack_budget=seconds)

    async def answered(self) -> None:
        """Until the bot has answered everything it was given: interactions, and the bot seats
        they set playing (a finished game's replay may still be drawing). Every injection
        through `fake` already waits for this (`bench.driver.boot` sets `fake.until_idle`)."""
        if self.bot is not None:
            await self.bot.idle(*ANSWERED)

    async def idle(self) -> None:
        """Until the bot has finished everything, a finished game's replay included."""
        if self.bot is not None:
            await self.bot.idle()

    async def stop_bot(self) -> None:
        if self.app is not None:
            await shut_down(self.app)
            self.app = self.bot = None

    def user(self, user_id: int) -> FakeUser:
        for u in (self.alice, self.bob, self.carol, self.mod):
            if u.id == user_id:
                return u
        raise KeyError(user_id)

    def public(self, channel: FakeChannel | None = None) -> list[FakeMessage]:
        return self.fake.channel_messages(channel or self.channel)

    def latest_board(self, channel: FakeChannel | None = None) -> FakeMessage:
        """The newest public message that carries a board image."""
        boards = [m for m in self.public(channel) if m.files]
        assert boards, "no board has been posted"
        return boards[-1]

    async def slash(self, user: FakeUser, command: str, **options: object) -> InteractionResult:
        """`/command` in the world's channel. `/game new` plays here unless a test asks for
        the default thread (`where="thread"`): most tests are about the game, not threads."""
        if command == "game new":
            options.setdefault("where", "here")
        result = await self.fake.slash(user, self.channel, command, **options)
        if result.response_type == DEFERRED_CHANNEL_MESSAGE:
            await result.wait_followups(1)  # the answer replaces the "thinking" placeholder
        return result

    async def new_race(self, host: FakeUser | None = None, other: FakeUser | None = None) -> None:
        """`/game new`, `/game join`, `/game start` for Drag Rage; returns once the board is up."""
        host, other = host or self.alice, other or self.bob
        r = await self.slash(host, "game new", game="dragrage")
        assert "lobby" in r.content
        await self.slash(other, "game join")
        r = await self.slash(host, "game start")
        await r.wait_followups(1)
        assert r.messages[-1].files, "the start shows the first board"


@asynccontextmanager
async def running_world(
    tmp_path: Path, database_url: str | None = None, *, ack_deadline: float = 3.0
) -> AsyncIterator[World]:
    """The `world` fixture's guild, members and running bot (on `database_url` if given),
    against a fake Discord that wants the first response within `ack_deadline` seconds."""
    async with FakeDiscord(ack_deadline=ack_deadline) as fake:
        guild = fake.add_guild("Speedway")
        channel = fake.add_channel(guild, "drag-strip")
        w = World(
            fake=fake,
            guild=guild,
            channel=channel,
            alice=fake.add_member(guild, "alice"),
            bob=fake.add_member(guild, "bob"),
            carol=fake.add_member(guild, "carol"),
            mod=fake.add_member(guild, "mod", manage_guild=True),
            data_dir=tmp_path,
            database_url=database_url,
        )
        await w.start_bot()
        try:
            yield w
        finally:
            await w.stop_bot()
        fake.assert_clean()
        w.renders.check(fake)


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as w:
        yield w
