"""Drawing on a few threads of the bot's own process (`REDLINE_RENDER_PROCESSES` 0 or 1, and
calls that cannot be pickled), each drawing within its deadline (`runtime.render_slots`).

A thread cannot be killed: one whose drawing passed its deadline is left to finish on its own
and a fresh thread takes its slot, while at most `size` threads are left behind.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from runtime.render_slots import DEFAULT_TIMEOUT, Drawing, Job, Slot, Slots

log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")


class ThreadSlot(Slot):
    def __init__(self, threads: RenderThreads, name: str) -> None:
        super().__init__(threads, name)
        self.threads = threads

    def run(self, job: Job) -> None:
        try:
            result = job.work()
        except BaseException as exc:  # the caller's to handle, as ThreadPoolExecutor does
            self.slots.finish(self, job, error=exc)
        else:
            self.slots.finish(self, job, result=result)

    def free(self) -> str:
        return self.threads.leave_behind(self)


class RenderThreads(Slots):
    """Drawing on `size` threads of this process, each drawing within its deadline."""

    def __init__(self, size: int, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        super().__init__(size, timeout=timeout, name="render")
        self.open()

    def make_slot(self, name: str) -> Slot:
        return ThreadSlot(self, name)

    async def draw(self, what: Drawing, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        result: T = await asyncio.wrap_future(
            self.submit(what, functools.partial(fn, *args, **kwargs))
        )
        return result

    def leave_behind(self, slot: Slot) -> str:
        """A thread whose drawing passed its deadline (under the lock): a fresh one takes its
        place, unless `size` are left behind already. Says what happened, for the log."""
        slot.left_behind = True
        self._left_behind.append(slot)
        if self.closed:
            return "its thread is left to finish on its own"
        if len(self._left_behind) > self.size:
            log.error(
                "%d render threads are stuck in drawings past their deadline; no more are "
                "started (at most %d): drawings wait for them, then show text. If this lasts, "
                "restart the bot (and report the sessions named above: a renderer bug)",
                len(self._left_behind),
                self.size,
            )
            return "its thread cannot be stopped, and no fresh one was started"
        slot.retired = True
        self._slots.remove(slot)
        self._add_slot()
        return "its thread cannot be stopped: it is left to finish and a fresh one was started"
