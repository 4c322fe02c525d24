"""Drawing in worker processes, so it leaves the bot's interpreter lock.

Pillow holds the GIL while it draws text and shapes, so render threads and the event loop take
turns on one lock (~60 moves/s on 2 cores, issue 18). A `RenderPool` sends each drawing to one
of N processes instead: the call goes out pickled (a module-level renderer and its view, a
pydantic model: a few KB) and PNG bytes come back. Drawing is pure, so the images are the
same bytes as drawn in the bot's own process (`tests/render/test_pool.py`).

- Workers come from a forkserver that has imported the renderers once (`PRELOAD`), so a
  worker starts in milliseconds and never inherits the bot's threads or sockets. The pool
  starts on a thread of its own when it is made (the bot's event loop never waits for the
  forkserver); a drawing asked before it is warm waits for it. `started` tells when every
  worker has answered once, `startup_seconds` how long that took (logged).
- A call whose arguments cannot be pickled (a closure, a test's stand-in) is not the pool's:
  `run` raises `NotPicklable` before anything is sent, and the caller draws it in-process.
- A worker that dies (killed, out of memory, a crash in native code) breaks the executor:
  the pool is replaced once per breakage and each failed call is retried once on the new one;
  a call that breaks the new pool too raises `RenderCrashed` (the bot then answers with the
  position in text, as for any failed drawing).
- `close` stops the workers with the bot: queued drawings are cancelled, running ones finish.
"""

from __future__ import annotations

import asyncio
import logging
import math
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

STARTUP_TIMEOUT = 60.0
PRELOAD = ("render.registry",)
"""Imported once by the forkserver, so every worker starts with the renderers loaded."""


class RenderCrashed(RuntimeError):
    """The drawing killed its worker twice (the pool was replaced and it was tried again)."""


class NotPicklable(TypeError):
    """The call cannot be sent to another process; draw it in this one."""


DEFAULT_MAX = 4
"""The default never starts more workers than this (each is ~50-60 MB); set more explicitly."""


def default_size() -> int:
    """One worker per core this process may use (its CPU affinity and, in a container, its
    cgroup CPU quota), at most `DEFAULT_MAX`."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(cores or 1, _cgroup_cores() or DEFAULT_MAX, DEFAULT_MAX))


def _cgroup_cores() -> int | None:
    """Cores allowed by a cgroup v2 quota (`cpu.max`: "quota period"), None without one."""
    try:
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()[:2]
    except (OSError, ValueError):
        return None
    if quota == "max":
        return None
    return max(1, math.ceil(int(quota) / int(period)))


def _call(payload: bytes) -> Any:
    """In a worker: unpickle `(fn, args, kwargs)` and call it."""
    fn, args, kwargs = pickle.loads(payload)
    return fn(*args, **kwargs)


def _ready() -> int:
    """In a worker: the first task each worker runs (its renderers are already imported)."""
    import render.registry  # noqa: F401  (preloaded: costs nothing when the preload worked)

    return os.getpid()


class RenderPool:
    """N render processes; `await pool.run(fn, *args, **kwargs)` draws in one of them."""

    def __init__(self, processes: int, *, preload: Sequence[str] = PRELOAD) -> None:
        if processes < 1:
            raise ValueError("a render pool needs at least one process")
        self.processes = processes
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(list(preload))
        self._lock = threading.Lock()
        self._closed = False
        self.replacements = 0
        """How many times a broken pool (a dead worker) was replaced."""
        self.startup_seconds: float | None = None
        """From making the pool to every worker having answered once (None until then)."""
        self.started = threading.Event()
        """Set once the current executor's workers are all running (cleared while replaced)."""
        self._executor: ProcessPoolExecutor | None = None
        self._starter: threading.Thread | None = None
        self._start()

    def _start(self) -> None:
        """Make an executor and start every worker, on a thread: starting the forkserver and
        forking blocks (~0.5 s the first time), and the bot's event loop must not wait."""
        self.started.clear()
        self._starter = threading.Thread(target=self._warm, name="render-pool-start", daemon=True)
        self._starter.start()

    def _warm(self) -> None:
        began = time.perf_counter()
        executor = ProcessPoolExecutor(max_workers=self.processes, mp_context=self._context)
        try:
            pids = [f.result() for f in [executor.submit(_ready) for _ in range(self.processes)]]
        except Exception:  # a worker died at once: the next run() replaces this executor
            log.exception("render pool: a worker failed to start")
            pids = []
        with self._lock:
            closed = self._closed
            if not closed:
                self._executor = executor
        if closed:  # closed while starting: the workers are up now, stop them cleanly
            executor.shutdown(wait=True, cancel_futures=True)
            return
        with self._lock:
            if self.startup_seconds is None and pids:
                self.startup_seconds = time.perf_counter() - began
                log.info(
                    "render pool: %d processes ready in %.0f ms",
                    self.processes,
                    self.startup_seconds * 1000,
                )
            self.started.set()

    def worker_pids(self) -> list[int]:
        """The worker processes now running (for tests and the benchmark's memory figure)."""
        processes = getattr(self._executor, "_processes", None) or {}
        return sorted(processes)

    async def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """`fn(*args, **kwargs)` in a worker process (waits for the pool to be started)."""
        try:
            payload = pickle.dumps((fn, args, kwargs), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, AttributeError, TypeError) as exc:
            raise NotPicklable(str(exc)) from exc
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            executor = await self._current()
            try:
                return await asyncio.wrap_future(executor.submit(_call, payload), loop=loop)
            except BrokenProcessPool:
                self._replace(executor)
                if attempt == 2:
                    raise RenderCrashed(
                        f"drawing {getattr(fn, '__name__', fn)!r} killed its render process twice"
                    ) from None
                log.warning("a render process died; the pool was replaced, drawing again")
        raise AssertionError("unreachable")

    async def _current(self) -> ProcessPoolExecutor:
        if not self.started.is_set() and not self._closed:
            await asyncio.to_thread(self.started.wait, STARTUP_TIMEOUT)
        with self._lock:
            if self._closed:
                raise RuntimeError("the render pool is closed")
            if self._executor is None or not self.started.is_set():
                raise RenderCrashed("the render pool did not start")
            return self._executor

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """A new executor for the broken one, once, however many calls saw it break."""
        with self._lock:
            if self._closed or self._executor is not broken or not self.started.is_set():
                return
            self.replacements += 1
            self._start()
        broken.shutdown(wait=False, cancel_futures=True)

    def close(self, *, wait: bool = False) -> None:
        """Stop the workers: queued drawings are cancelled, a drawing under way finishes.
        `wait`: return only once every worker has exited. A pool closed while it is starting
        lets the start finish first (a worker half-started when the bot exits prints a
        traceback from the forkserver), then stops it: up to a second or so."""
        with self._lock:
            self._closed = True
            starter = self._starter
        if starter is not None and starter is not threading.current_thread():
            starter.join(STARTUP_TIMEOUT)
        with self._lock:
            executor = self._executor
        self.started.set()  # nobody waits for a start any more
        if executor is not None:
            executor.shutdown(wait=wait, cancel_futures=True)
