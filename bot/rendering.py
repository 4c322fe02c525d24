"""Runs the pure renderers off the event loop, on a small dedicated thread pool."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

from bot.service import Snapshot
from render.registry import GameRenderers

log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")


class Renderer:
    """`await renderer.board(snap)` draws the public board; `run` draws anything else."""

    def __init__(self, renderers: Mapping[str, GameRenderers], *, threads: int = 2) -> None:
        """`renderers`: each game's drawings by key (`render.registry.RENDERERS`)."""
        self._boards = {key: r.board for key, r in renderers.items()}
        self._sheets = {key: r.sheet for key, r in renderers.items() if r.sheet is not None}
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="render")

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
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
