"""Bot processes for the large-deployment run: `python -m bot` children pointed at a fake
Discord served by the benchmark, their spawn-to-ready time, memory and CPU (Linux /proc)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
READY = "ready as"


def bot_env(url: str, token: str, data_dir: Path, **extra: str) -> dict[str, str]:
    """The environment without any REDLINE_ variable of the caller, plus the fake and `extra`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("REDLINE_")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(
        REDLINE_DATA_DIR=str(data_dir),
        REDLINE_FAKE_DISCORD=url,
        REDLINE_TOKEN=token,
        REDLINE_BACKUP_HOURS="0",
        REDLINE_LOG_LEVEL="INFO",
    )
    env.update(extra)
    return env


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
        return _status(self.proc.pid).get("VmRSS", 0)

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


def _status(pid: int) -> dict[str, int]:
    found: dict[str, int] = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                found[name] = int(rest.split()[0]) * 1024
    return found


def descendants(pid: int) -> list[int]:
    """Every process below `pid`, from /proc/*/stat."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def cpu_seconds(pid: int) -> float:
    """User + system CPU of `pid` and its live descendants so far."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for p in [pid, *descendants(pid)]:
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks
