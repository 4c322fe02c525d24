"""Bot processes for the large-deployment run: `python -m bot` children pointed at a fake
Discord served by the benchmark, their spawn-to-ready time, memory and CPU (Linux /proc)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path
from typing import Self

from bench.botproc import BotProcess, bot_env, status
from bench.botproc import cpu_seconds as _cpu_seconds

__all__ = ["Child", "bot_env", "cpu_seconds"]


class Child(BotProcess):
    """A `python -m bot` child (`BotProcess`: output kept line by line, the moment of its ready
    line) with what the deployment run reads of it."""

    @classmethod
    async def spawn(cls, env: dict[str, str], cwd: Path) -> Self:
        return await cls.start(env, cwd)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    async def ready(self, timeout: float) -> float | None:
        """Seconds from spawn to the ready line; None if the process ended first."""
        deadline = time.monotonic() + timeout
        while self.ready_at is None:
            if self._reader.done():
                await self.proc.wait()
                return None
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"no ready line in {timeout} s:\n{self.text[-2000:]}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)
        return self.ready_at - self.started

    def rss(self) -> int:
        """Resident memory of the bot process itself, in bytes."""
        return status(self.proc.pid).get("VmRSS", 0)

    def cpu(self) -> float:
        """CPU seconds of the bot and every process below it (render workers) so far."""
        return cpu_seconds(self.proc.pid)


def cpu_seconds(pid: int) -> float:
    """User + system CPU of `pid` and its live descendants so far."""
    return _cpu_seconds(pid)[1]
