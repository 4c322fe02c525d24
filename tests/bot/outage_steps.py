"""Stepping the storage probe loop in tests: its waits move the fake clock, never real time."""

from __future__ import annotations

import asyncio

from table.outage import Outage
from tests.bot.conftest import FakeClock


class Steps:
    """The probe loop's `sleep`: each wait is noted, then held until the test lets it go; the
    clock moves by the wait as it ends."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.asked: asyncio.Queue[float] = asyncio.Queue()
        self._go: asyncio.Queue[None] = asyncio.Queue()

    async def __call__(self, seconds: float) -> None:
        self.asked.put_nowait(seconds)
        await self._go.get()
        self.clock.advance(seconds)

    async def probes(self, n: int) -> None:
        """Let the loop probe `n` times (each after its wait); returns as it waits again."""
        for _ in range(n):
            await asyncio.wait_for(self.asked.get(), 30)
            self._go.put_nowait(None)
        await asyncio.wait_for(self.asked.get(), 30)

    async def until_back(self, outage: Outage) -> None:
        """Let the loop go on (it is waiting) until storage is back and the tables were told."""
        task = outage.probing
        assert task is not None, "nothing is probing for storage"
        while True:
            self._go.put_nowait(None)
            asked = asyncio.ensure_future(self.asked.get())
            done, _ = await asyncio.wait({asked, task}, timeout=30, return_when="FIRST_COMPLETED")
            assert done, "the probe loop neither waited again nor ended"
            if task in done:
                asked.cancel()
                return


async def instantly(seconds: float, *, clock: FakeClock | None = None) -> None:
    """A `sleep` that only moves the clock (for the bounded retries of a lost COMMIT)."""
    if clock is not None:
        clock.advance(seconds)
