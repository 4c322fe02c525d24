"""Runs the pure renderers off the event loop: on a few threads, or in a pool of processes
(`runtime.render_pool`) when `processes` is 2 or more, so drawing leaves the GIL. Every drawing
has a deadline (`REDLINE_RENDER_TIMEOUT`): past it the caller gets `RenderTimeout` and shows
the position in text, and the slot is freed (`runtime.render_slots`)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

from render.registry import GameRenderers
from runtime.memory import then_release
from runtime.render_pool import NotPicklable, RenderPool
from runtime.render_slots import DEFAULT_TIMEOUT, Drawing, RenderStats
from runtime.render_threads import RenderThreads
from table.answers import Picture
from table.service import Snapshot

log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")


class Renderer:
    """`await renderer.board(snap)` draws the public board; `run` draws anything else."""

    def __init__(
        self,
        renderers: Mapping[str, GameRenderers],
        *,
        threads: int = 2,
        processes: int = 0,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> None:
        """`renderers`: each game's drawings by key (`render.registry.RENDERERS`).
        `processes` >= 2 draws in that many worker processes; 0 or 1 draws in this process
        on `threads` threads (also the fallback for a call that cannot be pickled).
        `timeout`: seconds a drawing may take, from its submission."""
        self._boards = {key: r.board for key, r in renderers.items()}
        self._sheets = {key: r.sheet for key, r in renderers.items() if r.sheet is not None}
        self.threads = RenderThreads(threads, timeout=timeout)
        self.processes: RenderPool | None = (
            RenderPool(processes, timeout=timeout) if processes >= 2 else None
        )

    async def draw(self, what: Drawing, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """`fn(*args, **kwargs)` off the event loop, within its deadline (else `RenderTimeout`);
        `what` names it for the log and metrics, and marks background work (replays)."""
        if self.processes is not None:
            try:
                result: T = await self.processes.draw(what, fn, *args, **kwargs)
                return result
            except NotPicklable:
                log.debug("drawing %s in-process: its arguments do not pickle", what)
        return await self.threads.draw(what, fn, *args, **kwargs)

    async def picture(self, picture: Picture) -> bytes:
        """A picture a table's answer asked for (`table.answers.Picture`), within its deadline."""
        what = Drawing(picture.what, picture.game, picture.session_id, picture.background)
        if picture.background:  # big and rare (a replay): what it freed goes back to the system
            return await self.draw(
                what, then_release, picture.draw, *picture.args, **picture.kwargs
            )
        return await self.draw(what, picture.draw, *picture.args, **picture.kwargs)

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        return await self.draw(Drawing.of(fn), fn, *args, **kwargs)

    async def board(self, snap: Snapshot, viewer: int | None = None) -> bytes | None:
        draw = self._boards.get(snap.spec.key)
        if draw is None or snap.state is None:
            return None
        view: Any = snap.view(viewer)
        return await self.draw(Drawing("board", snap.spec.key, snap.session_id), draw, view)

    async def sheet(self, snap: Snapshot, viewer: int, **options: Any) -> bytes | None:
        """The private sheet/hand of `viewer`, drawn from `view(state, viewer)` only."""
        draw = self._sheets.get(snap.spec.key)
        if draw is None or snap.state is None:
            return None
        what = Drawing("sheet", snap.spec.key, snap.session_id)
        return await self.draw(what, draw, snap.view(viewer), **options)

    def stats(self) -> RenderStats:
        """Deadlines passed, drawings skipped, threads stuck, workers replaced (metrics)."""
        stats = self.threads.stats()
        return stats if self.processes is None else stats + self.processes.stats()

    def close(self) -> None:
        self.threads.close()
        if self.processes is not None:
            self.processes.close()
