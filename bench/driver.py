"""Drive the real RedlineBot against the fake Discord: shared by the demo, benchmarks and tests."""

from __future__ import annotations

import asyncio
import functools
import re
import time
from collections.abc import Callable
from pathlib import Path

from bot.client import RedlineBot
from bot.workload import ANSWERED
from fakediscord import FakeDiscord, FakeMessage
from runtime.app import App
from runtime.render_slots import DEFAULT_TIMEOUT
from runtime.settings import DEFAULT_ACK_BUDGET, Settings

TURN = re.compile(r"➡️ <@(\d+)>")
READY_TIMEOUT = 60.0
"""Generous: a bot boots in well under a second, but a loaded machine must not fail a test."""


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
    ack_budget: float = DEFAULT_ACK_BUDGET,
) -> App:
    """Start a bot connected to `fake`, built as `python -m bot` builds it (`runtime.app`);
    returns its process once the bot (`app.bot`) is ready and runs in `app.task`. The
    scheduler does not tick by itself (`tick_seconds=0`): a test moves `clock` and calls
    `bot.scheduler.tick()`. Drawing stays in the bot's process unless `render_processes` >= 2
    (tests replace renderers with closures, which cannot go to another process).
    `render_timeout`: each drawing's deadline. `database_url`: a PostgreSQL database instead
    of the SQLite file in `data_dir`. `ack_budget`: REDLINE_ACK_BUDGET (0: every press is
    acknowledged first).

    The fake's injectors then return once this bot has answered (`fake.until_idle`: the
    interaction's handler and the bot seats it set playing are done; a finished game's replay
    may still be drawing), never after a guessed quiet time."""
    settings = Settings(
        token=fake.token,
        data_dir=data_dir,
        render_threads=render_threads,
        render_processes=render_processes,
        render_timeout=render_timeout,
        tick_seconds=0,
        database_url=database_url,
        ack_budget=ack_budget,
    )
    app = App(settings, guild_ready_timeout=0.05, seed_source=seed_source, clock=clock)
    bot = await start(app, fake)
    fake.until_idle = functools.partial(bot.idle, *ANSWERED)
    return app


async def start(app: App, fake: FakeDiscord, *, timeout: float = READY_TIMEOUT) -> RedlineBot:
    """Open `app` and run it against `fake` in `app.task`; returns its bot once it is ready."""
    bot = await app.open()
    app.task = asyncio.create_task(app.run(fake.token))
    await fake.wait_until_ready(timeout=timeout)
    await asyncio.wait_for(bot.wait_until_ready(), timeout)
    return bot


async def shut_down(app: App) -> None:
    """Stop the process as a SIGTERM does once its interactions drained (`App.close`)."""
    await app.close()
    if app.task is not None:
        await asyncio.wait_for(app.task, READY_TIMEOUT)


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
