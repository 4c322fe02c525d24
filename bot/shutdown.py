"""Graceful stop: stop taking interactions, let the moves in flight finish, then close.

`Drain.install(bot)` wraps discord.py's INTERACTION_CREATE parser (the one place every
interaction enters). While open it only notes the tasks discord.py starts for the interaction
(a slash command, a button, a select: each runs as its own task). After `close_gate()`, a new
interaction is not dispatched: it gets a short private "Redline is restarting" (autocomplete
gets nothing), so nobody presses into a bot that is going away. It is Discord's gateway
parser it wraps, so it lives in `bot/`; the process (`runtime.main`, `runtime.app`) makes it,
closes its gate and waits on it.

Every bot has one (`RedlineBot.drain`), installed when it is made: the tasks it notes are
also the bot's answers in flight (`bot.workload`, the idle signal tests wait on).

`Drain.wait(grace)` then waits up to `grace` seconds for the noted tasks. A move is one
database transaction, so a task cut off after `grace` either committed (and its board may be
missing) or did not: nothing half-saved. The process then closes the bot (its websocket),
then the renderer, the database and the instance lock (`runtime.app.App.close`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.workload import Work, Workload

if TYPE_CHECKING:
    from discord.ext import commands

log = logging.getLogger(__name__)

RESTARTING = (
    "⏸️ Redline is restarting and did not take this. Nothing was changed: try again in a minute."
)
AUTOCOMPLETE = 4


class Drain:
    """Interactions in flight, and the gate that stops new ones."""

    def __init__(self, workload: Workload | None = None) -> None:
        self.workload = workload
        self.tasks: set[asyncio.Task[Any]] = set()
        self.open = True
        self.closed_at: float | None = None
        self.hurried = False
        self.taken = 0
        self.refused = 0

    def install(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        """Wrap the bot's INTERACTION_CREATE parser (before it connects)."""
        state = bot._connection
        original = state.parsers["INTERACTION_CREATE"]

        def parse(data: Any) -> None:
            if not self.open:
                self.refused += 1
                self._track(asyncio.create_task(_refuse(state, data), name="redline-refuse"))
                return
            self.taken += 1
            for task in started_by(original, data):
                self._track(task)

        state.parsers["INTERACTION_CREATE"] = parse

    def _track(self, task: asyncio.Task[Any]) -> None:
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        if self.workload is not None:
            self.workload.track(task, Work.ANSWER)

    @property
    def in_flight(self) -> int:
        return len(self.tasks)

    def close_gate(self) -> None:
        if self.open:
            self.open = False
            self.closed_at = time.monotonic()

    def hurry(self) -> None:
        """Wait for nothing more (asked to stop a second time)."""
        self.close_gate()
        self.hurried = True

    def grace_left(self, grace: float) -> float:
        """What is left of `grace` seconds counted from the gate's closing (the whole stop
        waits at most that long for answers in flight, however many steps wait for them)."""
        if self.hurried:
            return 0.0
        if self.closed_at is None:
            return grace
        return max(0.0, grace - (time.monotonic() - self.closed_at))

    async def wait(self, grace: float) -> int:
        """Wait up to `grace` s for the tracked tasks; returns how many were still running."""
        pending = {t for t in self.tasks if not t.done()}
        if pending and grace > 0:
            _, pending = await asyncio.wait(pending, timeout=grace)
        return len(pending)


def started_by(parse: Callable[[Any], None], data: Any) -> list[asyncio.Task[Any]]:
    """The tasks `parse(data)` starts (discord.py starts an interaction's handlers as tasks
    while it parses it), noted by the loop's task factory for the length of the call: the
    cost is that of the tasks started, whatever else the loop runs (listing every task of
    the loop before and after cost O(all tasks) per interaction)."""
    loop = asyncio.get_running_loop()
    previous = loop.get_task_factory()
    started: list[asyncio.Task[Any]] = []

    def noting(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> Any:
        if previous is None:
            task = asyncio.Task(coro, loop=loop, **kwargs)
            started.append(task)
            return task
        made = previous(loop, coro, **kwargs)
        if isinstance(made, asyncio.Task):
            started.append(made)
        return made

    loop.set_task_factory(noting)
    try:
        parse(data)
    finally:
        loop.set_task_factory(previous)
    return started


async def _refuse(state: Any, data: Any) -> None:
    if data.get("type") == AUTOCOMPLETE:
        return
    try:
        interaction: discord.Interaction[Any] = discord.Interaction(data=data, state=state)
        await interaction.response.send_message(RESTARTING, ephemeral=True)
    except Exception as exc:  # the bot is going away: a failed apology is only logged
        log.info("could not answer an interaction during shutdown: %s", exc)
