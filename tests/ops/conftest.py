"""Process-level harness: the real `python -m bot` as a subprocess against a fake Discord
served by the test process (so a test can inject commands and read what the bot answered)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser

ROOT = Path(__file__).resolve().parents[2]
HANG_S = 90.0
"""How long a process may take to print a line or exit before the test calls it a hang. Not a
speed requirement: a start takes about a second on an idle machine, several times that when
the cores are oversubscribed (start-up and stop times are measured in `bench/ready.py`)."""


def clean_env(**extra: str) -> dict[str, str]:
    """The environment minus every REDLINE_ variable, plus `extra` and the repo on the path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("REDLINE_")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


class BotProcess:
    """`python -m bot` (or another module) in a subprocess, its stderr collected line by line."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.lines: list[str] = []
        self._changed = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, *args: str, cwd: Path, env: dict[str, str]) -> BotProcess:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            *args,
            cwd=cwd,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        return cls(proc)

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            self.lines.append(line.decode(errors="replace").rstrip("\n"))
            self._changed.set()
        self._changed.set()

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    async def wait_for_line(self, needle: str, timeout: float = HANG_S) -> str:
        def found() -> str | None:
            return next((line for line in self.lines if needle in line), None)

        await self.wait_for_output(lambda: found() is not None, needle, timeout)
        return found() or ""

    async def wait_for_output(self, holds: Callable[[], bool], what: str, timeout: float) -> None:
        """Re-check `holds` as each line of output arrives, until it is true."""
        deadline = time.monotonic() + timeout
        while True:
            self._changed.clear()  # before the check: a line read meanwhile wakes the wait
            if holds():
                return
            if self._reader.done():
                raise AssertionError(f"process ended without {what!r}:\n{self.text}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {what!r} within {timeout} s:\n{self.text}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)

    async def wait(self, timeout: float = HANG_S) -> int:
        code = await asyncio.wait_for(self.proc.wait(), timeout)
        await asyncio.wait_for(self._reader, 5)
        return code

    def signal(self, sig: signal.Signals = signal.SIGTERM) -> None:
        self.proc.send_signal(sig)

    async def kill(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()
        self._reader.cancel()


async def wait_until(holds: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    """Re-check `holds` (a file another process writes, say) until true, or fail after `timeout`."""
    deadline = time.monotonic() + timeout
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        await asyncio.sleep(0.05)


class Site:
    """A fake Discord with one guild, channel and two players; starts bot processes on it."""

    def __init__(self, fake: FakeDiscord, tmp: Path) -> None:
        self.fake = fake
        self.tmp = tmp
        self.data_dir = tmp / "data"
        self.guild: FakeGuild = fake.add_guild("Ops Test")
        self.channel: FakeChannel = fake.add_channel(self.guild, "ops")
        self.alice: FakeUser = fake.add_member(self.guild, "Alice")
        self.bob: FakeUser = fake.add_member(self.guild, "Bob")
        self.processes: list[BotProcess] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.fake.port}"

    def env(self, **extra: str) -> dict[str, str]:
        base = {
            "REDLINE_DATA_DIR": str(self.data_dir),
            "REDLINE_FAKE_DISCORD": self.url,
            "REDLINE_TOKEN": self.fake.token,
            "REDLINE_BACKUP_HOURS": "0",
        }
        return clean_env(**{**base, **extra})

    async def bot(self, *args: str, **env: str) -> BotProcess:
        proc = await BotProcess.start("-m", "bot", *args, cwd=self.tmp, env=self.env(**env))
        self.processes.append(proc)
        return proc

    def health(self) -> subprocess.CompletedProcess[str]:
        """`python -m runtime.health` on this site's data folder, as Docker's health check does."""
        return subprocess.run(
            [sys.executable, "-m", "runtime.health"],
            cwd=self.tmp,
            env=self.env(),
            capture_output=True,
            text=True,
            timeout=60,
        )


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    fake = FakeDiscord()
    await fake.start()  # no install(): the bot runs in another process
    s = Site(fake, tmp_path)
    try:
        yield s
    finally:
        for proc in s.processes:
            await proc.kill()
        await fake.stop()
