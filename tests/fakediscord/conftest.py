"""A fake Discord with one guild, one channel and two members, and a way to run the toy bot."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import pytest

from fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from tests.fakediscord.toybot import Toy


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser


@pytest.fixture
async def world() -> AsyncIterator[World]:
    async with FakeDiscord(ack_deadline=1.0) as fake:
        guild = fake.add_guild("Test Guild")
        channel = fake.add_channel(guild, "general")
        alice = fake.add_member(guild, "alice")
        bob = fake.add_member(guild, "bob", manage_guild=True)
        yield World(fake, guild, channel, alice, bob)


async def run_bot(fake: FakeDiscord, bot: Toy) -> asyncio.Task[None]:
    task = asyncio.create_task(bot.start(fake.token))
    await fake.wait_until_ready(timeout=5)
    return task


async def stop_bot(bot: Toy, task: asyncio.Task[None]) -> None:
    await bot.close()
    await asyncio.wait_for(task, 5)


@pytest.fixture
async def bot(world: World) -> AsyncIterator[Toy]:
    toy = Toy()
    task = await run_bot(world.fake, toy)
    yield toy
    await stop_bot(toy, task)


StartBot = Callable[[Toy], Awaitable[asyncio.Task[None]]]
