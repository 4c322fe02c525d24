"""What the bot is still doing: the idle signal tests wait on, and the bounded end of a stop.

The bot's work runs as asyncio tasks of three kinds, each noted here when it starts:
- `Work.ANSWER`: an interaction being handled (noted as it enters, by `bot.shutdown.Drain`);
- `Work.PASS`: a scheduler pass a move poked (bot seats and away players play at once);
- `Work.POST`: a message posted after the answer, in the background (a finished game's
  replay: an animation of every board, seconds of drawing on a busy machine). It never
  changes a game, so nobody's answer waits for it.

`await workload.idle()` returns once no task of the kinds asked for is running, tasks started
meanwhile included (an answer pokes a pass, a pass that ends a game starts a replay): a test
waits for this event, never for a fixed time. On a stop, `finish` waits a bounded time for
answers and passes, then cancels the background posts and waits for them to unwind, all
before the bot closes its connection and its renderer; posts asked for after that are not
started (they would draw on a closed renderer).
"""

from __future__ import annotations

import asyncio
import enum
import logging
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger(__name__)

UNWIND_SECONDS = 5.0
"""How long a cancelled task may take to unwind (a drawing under way on a thread finishes
there, but its task stops waiting for it at once)."""


class Work(enum.Enum):
    ANSWER = "answer"
    PASS = "pass"
    POST = "post"


ANSWERED = (Work.ANSWER, Work.PASS)
"""What a player's press is answered by: the handler, and the bot seats it set playing."""


class Workload:
    """The bot's tasks in flight, by kind."""

    def __init__(self) -> None:
        self._tasks: dict[asyncio.Task[Any], Work] = {}
        self.closing = False
        """Set by `finish`: background posts are no longer started."""

    def track(self, task: asyncio.Task[Any], kind: Work) -> asyncio.Task[Any]:
        self._tasks[task] = kind
        task.add_done_callback(self._forget)
        return task

    def _forget(self, task: asyncio.Task[Any]) -> None:
        self._tasks.pop(task, None)

    def spawn(
        self, work: Coroutine[Any, Any, None], *, kind: Work, name: str
    ) -> asyncio.Task[None] | None:
        """Run `work` as a tracked task; a background post is not started once the bot is
        stopping (None: `work` is closed unrun)."""
        if self.closing and kind is Work.POST:
            work.close()
            log.info("%s not started: the bot is stopping", name)
            return None
        task = asyncio.create_task(work, name=name)
        self.track(task, kind)
        return task

    def running(self, *kinds: Work) -> set[asyncio.Task[Any]]:
        """The unfinished tasks of these kinds (all kinds if none is named), except the
        caller's own task (a handler asking whether the bot is idle is not waiting for itself)."""
        wanted = kinds or tuple(Work)
        me = asyncio.current_task()
        return {t for t, k in self._tasks.items() if k in wanted and not t.done() and t is not me}

    async def idle(self, *kinds: Work) -> None:
        """Return once no task of these kinds (all if none is named) is running."""
        while pending := self.running(*kinds):
            await asyncio.wait(pending)

    async def finish(self, grace: float) -> int:
        """The end of a stop: wait up to `grace` s for answers and passes, then cancel the
        background posts (and whatever else is left). Returns how many tasks were cancelled."""
        self.closing = True
        if pending := self.running(*ANSWERED):
            await asyncio.wait(pending, timeout=grace)
        left = self.running()
        for task in left:
            log.info("stopping: %s cancelled", task.get_name())
            task.cancel()
        if left:
            await asyncio.wait(left, timeout=UNWIND_SECONDS)
        return len(left)
