"""Drawing in worker processes, so it leaves the bot's interpreter lock.

Pillow holds the GIL while it draws text and shapes, so render threads and the event loop take
turns on one lock (~60 moves/s on 2 cores, issue 18). A `RenderPool` sends each drawing to one
of N processes instead: the call goes out pickled (a module-level renderer and its view, a
pydantic model: a few KB) and PNG bytes come back. Drawing is pure, so the images are the
same bytes as drawn in the bot's own process (`tests/render/test_pool.py`).

- Each worker is a process with a pipe of its own, driven by one thread of the pool (a
  `runtime.render_slots.Slot`): the pool knows which worker draws what, so a drawing that passes
  its deadline (`REDLINE_RENDER_TIMEOUT`) has its worker killed and replaced while the other
  workers go on drawing (issue 23). A `ProcessPoolExecutor` cannot kill one worker: killing
  any breaks the whole executor, and every drawing under way in it with it.
- Workers come from a forkserver that has imported the renderers once (`PRELOAD`), so a
  worker starts in milliseconds and never inherits the bot's threads or sockets. Workers start
  on the pool's threads (the bot's event loop never waits for the forkserver); a drawing asked
  before the pool is warm waits for it. `started` tells when every worker has answered once,
  `startup_seconds` how long that took (logged).
- A call whose arguments cannot be pickled (a closure, a test's stand-in) is not the pool's:
  `draw` raises `NotPicklable` before anything is sent, and the caller draws it in-process.
- A worker that dies (killed, out of memory, a crash in native code) is replaced, and the
  drawing it had is drawn once more on the new one; a drawing that kills that one too raises
  `RenderCrashed` (the bot then answers with the position in text, as for any failed drawing).
- A background drawing (a finished game's replay) runs at the lowest CPU priority, so moves'
  drawings and the bot come first on a busy host, and its worker ends after it (a fresh one
  takes its place): its priority cannot be raised back, and its memory all goes back.
- `close` stops the workers with the bot: queued drawings are cancelled, running ones finish.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import multiprocessing
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from runtime.render_slots import DEFAULT_TIMEOUT, Drawing, Job, Slot, Slots

log = logging.getLogger(__name__)

STARTUP_TIMEOUT = 60.0
RESTART_PAUSE = 1.0
"""A worker that cannot be started is tried again after this long."""
IDLE_CHECK = 0.5
"""How often an idle worker is checked: one that died is replaced before it is needed."""
PRELOAD = ("render.registry",)
"""Imported once by the forkserver, so every worker starts with the renderers loaded."""


class RenderCrashed(RuntimeError):
    """The drawing killed its worker twice (it was replaced and the drawing tried again)."""


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


def _serve(conn: Connection) -> None:
    """A worker: answer its pid, then draw each pickled `(fn, args, kwargs, background)` it is
    sent until the pool closes the pipe. A background drawing (a replay) is drawn at the lowest
    CPU priority and is the worker's last: a process cannot raise its priority back without
    privileges, and its exit gives all the memory the drawing used back to the system (the
    slot starts a fresh worker). Ctrl-C is the bot's to handle: the pool stops its workers."""
    import render.registry  # noqa: F401  (preloaded: costs nothing when the preload worked)

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    conn.send(os.getpid())
    while True:
        try:
            payload = conn.recv_bytes()
        except (EOFError, OSError):
            return
        background = False
        try:
            fn, args, kwargs, background = pickle.loads(payload)
            if background:
                _lowest_priority()
            reply: tuple[bool, Any] = (True, fn(*args, **kwargs))
        except Exception as exc:
            reply = (False, exc)
        try:
            conn.send(reply)
        except Exception as exc:  # an answer that does not pickle: say so instead
            conn.send((False, RuntimeError(f"the drawing's answer cannot be sent back: {exc}")))
        if background:
            return


def _lowest_priority() -> None:
    """This process yields the CPU to every other (nice 19): on a busy host, the moves'
    drawings in the other workers and the bot itself come before a replay."""
    with contextlib.suppress(OSError):
        os.nice(19 - os.nice(0))


class WorkerSlot(Slot):
    """One worker process, driven by this slot's thread through its own pipe."""

    idle_seconds = IDLE_CHECK

    def __init__(self, pool: RenderPool, name: str) -> None:
        super().__init__(pool, name)
        self.pool = pool
        self.process: multiprocessing.process.BaseProcess | None = None
        self.conn: Connection | None = None
        self.ready = threading.Event()
        """Set once this slot's first worker has answered (or it gave up because of close)."""

    def begin(self) -> None:
        try:
            self._start_worker()
        finally:
            self.ready.set()
            self.pool.worker_ready()

    def _start_worker(self) -> None:
        """A worker that has answered once; tried again until it works or the pool closes."""
        while not self._spawn() and not self.pool.closed:
            time.sleep(RESTART_PAUSE)

    def _spawn(self) -> bool:
        context = self.pool.context
        parent, child = context.Pipe()
        process = context.Process(target=_serve, args=(child,), name=self.name, daemon=True)
        try:
            try:
                process.start()
            finally:
                child.close()  # the worker has its own copy
            if not parent.poll(STARTUP_TIMEOUT):
                raise TimeoutError(f"no answer in {STARTUP_TIMEOUT:.0f} s")
            parent.recv()
        except Exception:
            log.exception("render pool: a worker failed to start")
            _stop(process)
            parent.close()
            return False
        self.process, self.conn = process, parent
        return True

    def replace(self, job: Job | None = None) -> None:
        """The worker died (or was killed): start another (not when the pool is closing).
        `job`, the drawing it had, is tried again elsewhere first (`Slots.crashed`)."""
        self._stop_worker()
        self.pool.count_replacement()
        if job is not None:
            crash = RenderCrashed(f"drawing {job.what} killed its render process twice")
            self.pool.crashed(self, job, crash)
        if self.pool.closed:
            return
        began = time.perf_counter()
        self._start_worker()
        log.info("render pool: worker replaced in %.0f ms", (time.perf_counter() - began) * 1000)

    def _stop_worker(self) -> None:
        if self.conn is not None:
            self.conn.close()
        if self.process is not None:
            _stop(self.process)
        self.process = self.conn = None

    def idle(self) -> None:
        if self.process is not None and not self.process.is_alive():
            log.warning("render pool: worker %s died while idle; replacing it", self.process.pid)
            self.replace()

    def end(self) -> None:
        self._stop_worker()

    def run(self, job: Job) -> None:
        try:
            if self.conn is None:
                raise EOFError("no worker")
            self.conn.send_bytes(job.work)
            ok, value = self.conn.recv()
        except (OSError, EOFError):  # the worker died under the drawing, or was killed
            self.replace(job)
            return
        if ok:
            self.pool.finish(self, job, result=value)
        else:
            self.pool.finish(self, job, error=value)
        if job.what.background:
            self.retire()

    def retire(self) -> None:
        """The worker ended after a background drawing (see `_serve`): a fresh one takes its
        place, as a matter of course (not counted as a replacement)."""
        self._stop_worker()
        if not self.pool.closed:
            self._start_worker()

    def free(self) -> str:
        process = self.process  # read once: this slot's thread may be replacing it
        if process is not None:
            with contextlib.suppress(OSError):  # it died by itself a moment ago
                process.kill()  # the slot's thread sees the pipe close and starts another
        return "its render process was killed and a fresh one is starting"


def _stop(process: multiprocessing.process.BaseProcess) -> None:
    """Wait a moment for a worker whose pipe was closed to exit, else kill it; reap it."""
    if process.pid is None:
        return
    process.join(2)
    if process.is_alive():
        process.kill()
        process.join()


class RenderPool(Slots):
    """N render processes; `await pool.run(fn, *args, **kwargs)` draws in one of them."""

    def __init__(
        self,
        processes: int,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        preload: Sequence[str] = PRELOAD,
    ) -> None:
        if processes < 1:
            raise ValueError("a render pool needs at least one process")
        super().__init__(processes, timeout=timeout, name="render-process")
        self.processes = processes
        self.context = multiprocessing.get_context("forkserver")
        self.context.set_forkserver_preload(list(preload))
        self._began = time.perf_counter()
        self._ready = 0
        self.startup_seconds: float | None = None
        """From making the pool to every worker having answered once (None until then)."""
        self.started = threading.Event()
        """Set once every worker has answered once (or the pool was closed)."""
        self.open()

    def make_slot(self, name: str) -> Slot:
        return WorkerSlot(self, name)

    def worker_ready(self) -> None:
        with self._lock:
            self._ready += 1
            if self._ready < self.processes or self.started.is_set():
                return
            self.startup_seconds = time.perf_counter() - self._began
        log.info(
            "render pool: %d processes ready in %.0f ms",
            self.processes,
            self.startup_seconds * 1000,
        )
        self.started.set()

    def worker_pids(self) -> list[int]:
        """The worker processes now running (for tests and the benchmark's memory figure)."""
        with self._lock:
            slots = [s for s in self._slots if isinstance(s, WorkerSlot)]
        return sorted(s.process.pid for s in slots if s.process is not None and s.process.pid)

    async def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """`fn(*args, **kwargs)` in a worker process (waits for the pool to be started)."""
        return await self.draw(Drawing.of(fn), fn, *args, **kwargs)

    async def draw(self, what: Drawing, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """`run`, named `what` for the deadline's log, metrics and rules (`render_slots`)."""
        try:
            payload = pickle.dumps(
                (fn, args, kwargs, what.background), protocol=pickle.HIGHEST_PROTOCOL
            )
        except (pickle.PicklingError, AttributeError, TypeError) as exc:
            raise NotPicklable(str(exc)) from exc
        if not self.started.is_set():
            await asyncio.to_thread(self.started.wait, STARTUP_TIMEOUT)
        if not self.started.is_set():
            raise RenderCrashed("the render pool did not start")
        return await asyncio.wrap_future(self.submit(what, payload))

    def close(self, *, wait: bool = False) -> None:
        """Stop the workers: queued drawings are cancelled, a drawing under way finishes.
        `wait`: return only once every worker has exited. A pool closed while it is starting
        lets the start finish first (a worker half-started when the bot exits prints a
        traceback from the forkserver), then stops it: up to a second or so."""
        with self._lock:
            slots = [s for s in self._slots if isinstance(s, WorkerSlot)]
        for slot in slots:
            if slot.thread is not threading.current_thread():
                slot.ready.wait(STARTUP_TIMEOUT)
        super().close(wait=wait)
        self.started.set()  # nobody waits for a start any more
