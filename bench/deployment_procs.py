"""Bot processes for the large-deployment run: `python -m bot` children pointed at a fake
Discord served by the benchmark, their spawn-to-ready time, memory and CPU (Linux /proc)."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import time
from pathlib import Path

from bench.botproc import READY, bot_env, status
from bench.botproc import cpu_seconds as _cpu_seconds

__all__ = ["Child", "bot_env", "cpu_seconds"]


class Child:
    """A `python -m bot` child; its output kept line by line and the moment of its ready line."""

    def __init__(self, proc: asyncio.subprocess.Process, started: float) -> None:
        self.proc = proc
        self.started = started
        self.lines: list[str] = []
        self.ready_at: float | None = None
        self._changed = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def spawn(cls, env: dict[str, str], cwd: Path) -> Child:
        started = time.perf_counter()
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=cwd,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        return cls(proc, started)

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            text = line.decode(errors="replace").rstrip("\n")
            if self.ready_at is None and READY in text:
                self.ready_at = time.perf_counter()
            self.lines.append(text)
            self._changed.set()
        self._changed.set()

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

    async def stop(self, timeout: float = 20.0) -> int:
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            code = await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            self.proc.kill()
            code = await self.proc.wait()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._reader, 5)
        return code


def cpu_seconds(pid: int) -> float:
    """User + system CPU of `pid` and its live descendants so far."""
    return _cpu_seconds(pid)[1]
