"""An interaction's one callback: its answer, when that is ready within the ack budget, else
a deferral once the budget has run out.

Discord takes one first response per interaction, within 3 seconds of the press, and refuses
a second (40060). Acknowledging at once costs a request more for every press (the deferral,
then the answer by a followup or an edit of the original response); answering in the callback
itself costs one. So the handler's work starts at once and the clock runs beside it: the
first answer made within `budget` seconds of the press is the callback (`make`); when the
clock runs out first, `defer` acknowledges then (a silent deferred update, or a "thinking"
placeholder), so a slow database or renderer still never misses the deadline and the presser
sees the press was taken. Both are made under one lock: whichever comes second finds the
callback made. On a busy event loop the press is acknowledged at once, as before: an answer
would wait its turn there and could come too late.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord

log = logging.getLogger(__name__)

ALREADY_ACKNOWLEDGED = 40060
BUSY_SHARE = 0.1
"""The share of the budget the event loop may take to come back to a press that yields before
the bot counts it as busy and acknowledges the press at once (50 ms of the default 0.5 s; a
quiet loop comes back within a millisecond)."""

Respond = Callable[[discord.InteractionResponse[Any]], Awaitable[object]]


def budget_of(interaction: discord.Interaction) -> float:
    """Seconds an answer may take to be the callback (`BotConfig.ack_budget`, which the client
    carries); 0, to acknowledge at once, for a client that does not say."""
    budget = getattr(getattr(interaction.client, "config", None), "ack_budget", 0.0)
    return float(budget) if isinstance(budget, int | float) else 0.0


class Callback:
    """One interaction's first response. `thinking`: a deferral shows a "thinking" placeholder
    (`ephemeral`: only to the presser) instead of a silent deferred update."""

    def __init__(
        self,
        interaction: discord.Interaction,
        *,
        budget: float,
        thinking: bool,
        ephemeral: bool,
    ) -> None:
        self.interaction = interaction
        self.budget = budget
        self.thinking = thinking
        self.ephemeral = ephemeral
        self.placeholder = False
        """A "thinking" placeholder was made and still waits for its answer (the reply
        clears it once the request that answers or removes it went through)."""
        self.elsewhere = False
        """Another process answered this interaction first (Discord handed it to both, in a
        deploy overlap): this one's answers are followups."""
        self._lock = asyncio.Lock()
        self._clock: asyncio.TimerHandle | None = None
        self._late: asyncio.Task[None] | None = None

    @property
    def made(self) -> bool:
        return self.interaction.response.is_done() or self.elsewhere

    async def start(self) -> None:
        """Start the clock: the deferral when `budget` runs out before an answer was made.
        It counts from the press (the interaction's creation, as Discord counts its deadline),
        so a press that waited before its handler ran is acknowledged that much sooner (at
        once when the budget is spent); never later than `budget` from now, whatever the
        clocks say. On a busy event loop (`BUSY_SHARE`) the press is acknowledged at once: an
        answer in the callback would wait its turn there, its upload too, and could come late."""
        if self.made or self._clock is not None:
            return
        if self.budget <= 0:
            await self.defer()
            return
        loop = asyncio.get_running_loop()
        yielded = loop.time()
        await asyncio.sleep(0)  # how long the loop takes to come back: how busy it is
        busy = loop.time() - yielded > self.budget * BUSY_SHARE
        waited = time.time() - self.interaction.created_at.timestamp()
        left = self.budget - max(0.0, waited)
        if left <= 0 or busy:
            await self.defer()
            return
        self._clock = loop.call_later(left, self._run_out)

    def stop(self) -> None:
        """Stop the clock (the handler is done, or was cancelled)."""
        if self._clock is not None:
            self._clock.cancel()

    def _run_out(self) -> None:
        name = f"redline-ack-{self.interaction.id}"
        self._late = asyncio.create_task(self._defer_late(), name=name)

    async def _defer_late(self) -> None:
        try:
            await self.defer()
        except discord.HTTPException:  # the answer's own requests fail and are told then
            log.warning("could not acknowledge interaction %s", self.interaction.id, exc_info=True)

    async def defer(self) -> None:
        """Acknowledge now, unless the callback was made already (idempotent)."""
        if self.thinking:
            made = await self.make(lambda r: r.defer(ephemeral=self.ephemeral, thinking=True))
            self.placeholder = self.placeholder or made
        else:
            await self.make(lambda r: r.defer())

    async def make(self, respond: Respond) -> bool:
        """Make the callback with `respond` if it is still to be made: True if it was."""
        async with self._lock:
            if self.made:
                return False
            try:
                await respond(self.interaction.response)
            except discord.HTTPException as exc:
                if exc.code != ALREADY_ACKNOWLEDGED:
                    raise
                log.info("interaction %s was answered by another process", self.interaction.id)
                self.elsewhere = True
                return False
            self.stop()
            return True
