"""Drive the real RedlineBot against the fake Discord: shared by the demo, benchmarks and tests."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from pathlib import Path

from bot.client import RedlineBot
from bot.render_slots import DEFAULT_TIMEOUT
from bot.settings import Settings
from fakediscord import FakeDiscord, FakeMessage

TURN = re.compile(r"➡️ <@(\d+)>")


async def boot(
    fake: FakeDiscord,
    data_dir: Path,
    *,
    seed_source: Callable[[], int] | None = None,
    render_threads: int = 2,
    render_processes: int = 0,
    render_timeout: float = DEFAULT_TIMEOUT,
    clock: Callable[[], float] = time.time,
    database_url: str | None = None,
) -> tuple[RedlineBot, asyncio.Task[None]]:
    """Start a bot connected to `fake`; returns once it is ready. The scheduler does not tick
    by itself (`tick_seconds=0`): a test moves `clock` and calls `bot.scheduler.tick()`.
    Drawing stays in the bot's process unless `render_processes` >= 2 (tests replace
    renderers with closures, which cannot go to another process). `render_timeout`: each
    drawing's deadline. `database_url`: a PostgreSQL database instead of the SQLite file in
    `data_dir`."""
    settings = Settings(
        token=fake.token,
        data_dir=data_dir,
        render_threads=render_threads,
        render_processes=render_processes,
        render_timeout=render_timeout,
        tick_seconds=0,
        database_url=database_url,
    )
    bot = RedlineBot(settings, guild_ready_timeout=0.05, seed_source=seed_source, clock=clock)
    task = asyncio.create_task(bot.start(fake.token))
    await fake.wait_until_ready(timeout=10)
    for _ in range(500):
        if bot.is_ready():
            break
        await asyncio.sleep(0.01)
    return bot, task


async def shut_down(bot: RedlineBot, task: asyncio.Task[None]) -> None:
    await bot.close()
    await asyncio.wait_for(task, 10)


def active_user_id(message: FakeMessage) -> int:
    """The player a board asks to act (the first mention after ➡️)."""
    match = TURN.search(message.content)
    if match is None:
        raise AssertionError(f"no player to act in: {message.content!r}")
    return int(match.group(1))


def button(message: FakeMessage, label: str) -> str:
    """The custom_id of the button labelled `label` on `message`."""
    for text, custom_id, _ in message.buttons:
        if text == label and custom_id:
            return custom_id
    raise AssertionError(f"no button {label!r}; buttons: {message.buttons}")


def live_buttons(message: FakeMessage) -> list[tuple[str, str]]:
    return [(str(label), cid) for label, cid, disabled in message.buttons if cid and not disabled]
