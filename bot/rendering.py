"""Runs the pure renderers off the event loop: on a small thread pool, or in a pool of
processes (`bot.render_pool`) when `processes` is 2 or more, so drawing leaves the GIL."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

from bot.render_pool import NotPicklable, RenderPool
from bot.service import Snapshot
from render.registry import GameRenderers

log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")


class Renderer:
    """`await renderer.board(snap)` draws the public board; `run` draws anything else."""

    def __init__(
        self, renderers: Mapping[str, GameRenderers], *, threads: int = 2, processes: int = 0
    ) -> None:
        """`renderers`: each game's drawings by key (`render.registry.RENDERERS`).
        `processes` >= 2 draws in that many worker processes; 0 or 1 draws in this process
        on `threads` threads (also the fallback for a call that cannot be pickled)."""
        self._boards = {key: r.board for key, r in renderers.items()}
        self._sheets = {key: r.sheet for key, r in renderers.items() if r.sheet is not None}
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="render")
        self.processes: RenderPool | None = RenderPool(processes) if processes >= 2 else None

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        if self.processes is not None:
            try:
                result: T = await self.processes.run(fn, *args, **kwargs)
                return result
            except NotPicklable:
                log.debug("drawing %r in-process: its arguments do not pickle", fn)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, functools.partial(fn, *args, **kwargs))

    async def board(self, snap: Snapshot, viewer: int | None = None) -> bytes | None:
        draw = self._boards.get(snap.spec.key)
        if draw is None or snap.state is None:
            return None
        view: Any = snap.view(viewer)
        return await self.run(draw, view)

    async def sheet(self, snap: Snapshot, viewer: int, **options: Any) -> bytes | None:
        """The private sheet/hand of `viewer`, drawn from `view(state, viewer)` only."""
        draw = self._sheets.get(snap.spec.key)
        if draw is None or snap.state is None:
            return None
        return await self.run(draw, snap.view(viewer), **options)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        if self.processes is not None:
            self.processes.close()
