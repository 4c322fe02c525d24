"""A drawing that hangs on purpose (issue 23), for the render deadline tests.

`Hang(gate, hangs, then)` is picklable, so it really hangs a worker process as well as a
thread: its first `hangs` calls, counted across processes by files made with O_EXCL in the
folder `gate`, block until `release(gate)` (or `LIMIT` seconds, so a forgotten release never
keeps a test run alive); every other call returns `then(*args, **kwargs)` at once.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

LIMIT = 60.0


@dataclass(frozen=True)
class Hang:
    gate: Path
    hangs: int
    then: Callable[..., Any]

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._claim():
            until = time.monotonic() + LIMIT
            while not (self.gate / "released").exists() and time.monotonic() < until:
                time.sleep(0.02)
        return self.then(*args, **kwargs)

    def _claim(self) -> bool:
        """Take one of the `hangs` tickets (a file holding this process's id), if one is left."""
        for n in range(self.hangs):
            try:
                ticket = os.open(self.gate / f"hang-{n}", os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                continue
            os.write(ticket, str(os.getpid()).encode())
            os.close(ticket)
            return True
        return False


def hanging(gate: Path) -> int:
    """How many calls have started to hang so far."""
    return len(list(gate.glob("hang-*")))


def hung_pids(gate: Path) -> list[int]:
    """The processes the hanging calls ran in."""
    return [int(p.read_text() or 0) for p in sorted(gate.glob("hang-*"))]


def release(gate: Path) -> None:
    """Every hanging call returns (and later ones no longer hang)."""
    (gate / "released").touch()


async def until(condition: Callable[[], bool], timeout: float = 20) -> bool:
    """Wait for `condition` (something a render pool's threads or workers do)."""
    give_up = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > give_up:
            return False
        await asyncio.sleep(0.02)
    return True
