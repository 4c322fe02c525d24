"""`python -m bot` in its own process against a fake Discord served by the benchmark, and the
memory of that process and of its render workers (read from /proc, Linux only)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Self

ROOT = Path(__file__).resolve().parents[1]
READY = "ready as"
MB = 1024 * 1024


def bot_env(url: str, token: str, data_dir: Path, **extra: str) -> dict[str, str]:
    """The environment minus every REDLINE_ variable, plus the fake's address and `extra`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("REDLINE_")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(
        REDLINE_DATA_DIR=str(data_dir),
        REDLINE_FAKE_DISCORD=url,
        REDLINE_TOKEN=token,
        REDLINE_BACKUP_HOURS="0",
        REDLINE_LOG_LEVEL="INFO",  # the ready line; nothing is logged per move at INFO
    )
    env.update(extra)
    return env


class BotProcess:
    """A child `python -m bot`; its output collected line by line, the time of its ready line
    kept (spawn to ready: interpreter start, imports, migrations, gateway, guilds)."""

    def __init__(self, proc: asyncio.subprocess.Process, started: float) -> None:
        self.proc = proc
        self.started = started
        self.lines: list[str] = []
        self.times: list[float] = []  # perf_counter when each line arrived
        self.ready_at: float | None = None
        self._changed = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, env: dict[str, str], cwd: Path, module: str = "bot") -> Self:
        """`python -m module` (the bot, or a bench wrapper that runs it) in `cwd`."""
        started = time.perf_counter()
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            module,
            cwd=cwd,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        return cls(proc, started)

    @property
    def pid(self) -> int:
        return self.proc.pid

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            text = line.decode(errors="replace").rstrip("\n")
            if self.ready_at is None and READY in text:
                self.ready_at = time.perf_counter()
            self.lines.append(text)
            self.times.append(time.perf_counter())
            self._changed.set()
        self._changed.set()

    async def wait_ready(self, timeout: float = 60.0) -> float:
        """Seconds from spawning the process to its 'ready as' line."""
        deadline = time.monotonic() + timeout
        while self.ready_at is None:
            if self._reader.done():
                raise RuntimeError("the bot ended before it was ready:\n" + "\n".join(self.lines))
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"the bot was not ready in {timeout} s")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)
        return self.ready_at - self.started

    def line_after_spawn(self, pattern: str) -> float | None:
        """Seconds from the spawn to the first output line matching `pattern` (a regex)."""
        import re

        for text, at in zip(self.lines, self.times, strict=True):
            if re.search(pattern, text):
                return at - self.started
        return None

    async def stop(self, timeout: float = 20.0) -> int:
        """SIGTERM, as a service manager stops it; killed if it does not stop in time."""
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


@dataclass(frozen=True)
class Memory:
    """Resident memory of a process and of its descendants (the render workers)."""

    rss: int  # VmRSS of the process itself
    peak: int  # VmHWM of the process itself
    tree_pss: int  # proportional set size of the process and every descendant, summed
    tree_rss: int  # resident set size of the same, summed (counts shared pages twice)
    processes: int


def status(pid: int) -> dict[str, int]:
    found: dict[str, int] = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                found[name] = int(rest.split()[0]) * 1024
    return found


def _pss(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    return 0


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (children, grandchildren...), from /proc/*/stat."""
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


def memory(pid: int) -> Memory:
    own = status(pid)
    tree = [pid, *descendants(pid)]
    return Memory(
        rss=own.get("VmRSS", 0),
        peak=own.get("VmHWM", 0),
        tree_pss=sum(_pss(p) for p in tree),
        tree_rss=sum(status(p).get("VmRSS", 0) for p in tree),
        processes=len(tree),
    )


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User + system CPU so far of `pid` alone, and of `pid` with its live descendants."""
    ticks = os.sysconf("SC_CLK_TCK")
    own = total = 0
    for p in [pid, *descendants(pid)]:
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            used = int(fields[11]) + int(fields[12])  # utime, stime
            total += used
            own += used if p == pid else 0
    return own / ticks, total / ticks
