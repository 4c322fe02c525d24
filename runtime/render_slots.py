"""Deadlines for drawings, and the slots they run in: render threads
(`runtime.render_threads.RenderThreads`) or render processes
(`runtime.render_pool.RenderPool`), both built on `Slots`.

A drawing that hangs (a renderer bug, a pathological position) must neither hide a saved move
nor starve other games (issue 23). So every drawing is a `Job` with a deadline counted from
its submission: time spent waiting for a free slot counts, as the player waits from the press.
When the deadline passes, a watchdog thread (so it holds while the event loop is busy, or
closing) fails the job with `RenderTimeout` (the bot then shows the position in text, at
once) and frees its slot:

- a job still waiting for a slot is dropped;
- a worker process drawing it is killed and a fresh one started (`runtime.render_pool`);
- a thread cannot be killed: it is left to finish on its own (its result is dropped) and a
  fresh thread takes its slot, while at most `size` threads are left behind (past that, none
  is added and an error in the log says so). Until a left-behind drawing returns, further
  drawings of the same session and kind fail at once (`skipped`), so a broken session cannot
  pile up stuck threads.

A session's drawing of a kind that passed its deadline makes that pair *suspect* until one of
its drawings finishes in time. Suspect and background drawings (a finished game's replay) wait
behind the others and never hold more than `size - 1` slots (with two or more), so neither a
replay nor a session that keeps hanging can take every slot a move needs.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from table.answers import PictureLate

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 5.0
"""Seconds a drawing may take, queueing included (`REDLINE_RENDER_TIMEOUT`): 100 times a
board's 50 ms budget, so a healthy drawing on a loaded machine is not cut short."""
BACKGROUND_TIMEOUT = 120.0
"""Background drawings get at least this long: a long game's replay takes a second or more
(its rules' steps, up to `render.replay.MAX_FRAMES` boards drawn and encoded: for a
103-move race, about 1 s), and no player waits for it."""
SUSPECTS_KEPT = 1024
"""Suspect (session, kind) pairs remembered; the oldest is forgotten past this."""


class RenderTimeout(PictureLate):
    """The drawing passed its deadline, or one before it for the same session and kind is
    still stuck: show the position in text (already logged as a warning)."""


@dataclass(frozen=True)
class Drawing:
    """What a drawing is, for the log and the metrics, and to tell a stuck session apart."""

    kind: str
    """board, sheet, replay, or the drawing function's name."""
    game: str = ""
    session: int | None = None
    background: bool = False
    """Nobody waits for it (a replay): it yields to the others and has a longer deadline."""

    @classmethod
    def of(cls, fn: Callable[..., Any]) -> Drawing:
        """Named after a drawing function: `render.<game>.<module>.<name>` gives the game."""
        target = getattr(fn, "func", fn)  # a functools.partial
        parts = str(getattr(target, "__module__", "")).split(".")
        game = parts[1] if len(parts) > 2 and parts[0] == "render" else ""
        return cls(str(getattr(target, "__name__", type(target).__name__)), game)

    @property
    def key(self) -> tuple[str, str, int | None]:
        return (self.game, self.kind, self.session)

    def __str__(self) -> str:
        where = f" of session {self.session}" if self.session is not None else ""
        return f"{self.kind}{where}" + (f" ({self.game})" if self.game else "")


@dataclass(eq=False)
class Job:
    what: Drawing
    work: Any
    """What the slot runs: a callable (threads) or a pickled call (processes)."""
    limit: float
    low: bool
    """Waits behind the others and holds at most size - 1 slots (background or suspect)."""
    future: Future[Any] = field(default_factory=Future)
    submitted: float = field(default_factory=time.monotonic)
    started: float | None = None
    slot: Slot | None = None
    attempt: int = 1
    expired: bool = False

    @property
    def deadline(self) -> float:
        return self.submitted + self.limit


@dataclass(frozen=True)
class RenderStats:
    passed: Mapping[tuple[str, str], int]
    """Drawings that passed their deadline, by (game, kind)."""
    skipped: Mapping[tuple[str, str], int]
    """Drawings failed at once: the same session's drawing of that kind was still stuck."""
    stuck_threads: int
    """Threads left behind by a drawing past its deadline, still drawing."""
    replacements: int
    """Worker processes replaced (killed at a deadline, or died)."""

    def __add__(self, other: RenderStats) -> RenderStats:
        return RenderStats(
            Counter(self.passed) + Counter(other.passed),
            Counter(self.skipped) + Counter(other.skipped),
            self.stuck_threads + other.stuck_threads,
            self.replacements + other.replacements,
        )


class Slot:
    """One place where a drawing runs: a thread, or a thread driving a worker process."""

    idle_seconds: float | None = None
    """How often an idle slot looks after itself (`idle`); None: never."""

    def __init__(self, slots: Slots, name: str) -> None:
        self.slots = slots
        self.name = name
        self.job: Job | None = None
        self.left_behind = False
        """Its drawing passed its deadline and could not be stopped (a thread)."""
        self.retired = False
        """A fresh slot took its place: it stops once its drawing returns."""
        self.thread = threading.Thread(target=self._serve, name=name, daemon=True)

    def _serve(self) -> None:
        try:
            self.begin()
            while self.slots.serves(self):
                job = self.slots.take(self)
                if job is None:
                    self.idle()
                else:
                    self.run(job)
        finally:
            self.end()

    def begin(self) -> None:
        """Before the first job (a worker process starts here)."""

    def idle(self) -> None:
        """Every `idle_seconds` without a job."""

    def end(self) -> None:
        """After the last job."""

    def run(self, job: Job) -> None:
        raise NotImplementedError

    def free(self) -> str:
        """Its drawing passed its deadline (called under the pool's lock): free the slot;
        says how, for the log."""
        raise NotImplementedError


class Slots:
    """`size` slots and the queue of jobs in front of them, with a deadline on every job."""

    def __init__(self, size: int, *, timeout: float, name: str) -> None:
        if size < 1:
            raise ValueError(f"{name} needs at least one slot")
        self.size = size
        self.timeout = timeout
        self.name = name
        self._lock = threading.Condition()  # re-entrant: free() may add a slot
        self._queued: dict[bool, deque[Job]] = {False: deque(), True: deque()}  # by `low`
        self._running: set[Job] = set()
        self._low_running = 0
        self._slots: list[Slot] = []
        self._left_behind: list[Slot] = []
        self._stuck: dict[tuple[str, str, int | None], Job] = {}
        self._suspects: OrderedDict[tuple[str, str, int | None], None] = OrderedDict()
        self._numbers = itertools.count(1)
        self.closed = False
        self.passed: Counter[tuple[str, str]] = Counter()
        self.skipped: Counter[tuple[str, str]] = Counter()
        self.replacements = 0
        self._watchdog = threading.Thread(target=self._watch, name=f"{name}-deadlines", daemon=True)

    def make_slot(self, name: str) -> Slot:
        raise NotImplementedError

    def open(self) -> None:
        """Start the slots and the watchdog (subclasses call it at the end of __init__)."""
        with self._lock:
            for _ in range(self.size):
                self._add_slot()
        self._watchdog.start()

    def _add_slot(self) -> None:
        slot = self.make_slot(f"{self.name}-{next(self._numbers)}")
        self._slots.append(slot)
        slot.thread.start()

    # -- the caller's side ---------------------------------------------------------------------

    def submit(self, what: Drawing, work: Any) -> Future[Any]:
        """Queue `work`; the future fails with `RenderTimeout` at the deadline."""
        with self._lock:
            if self.closed:
                raise RuntimeError(f"the {self.name} pool is closed")
            if what.key in self._stuck:
                self.skipped[(what.game, what.kind)] += 1
                log.info("drawing %s shown in text at once: the one before it is stuck", what)
                failed: Future[Any] = Future()
                failed.set_exception(RenderTimeout(f"an earlier drawing {what} is stuck"))
                return failed
            limit = max(self.timeout, BACKGROUND_TIMEOUT) if what.background else self.timeout
            job = Job(what, work, limit, low=what.background or what.key in self._suspects)
            self._queued[job.low].append(job)
            self._lock.notify_all()
            return job.future

    def stats(self) -> RenderStats:
        with self._lock:
            stuck, replaced = len(self._left_behind), self.replacements
            return RenderStats(Counter(self.passed), Counter(self.skipped), stuck, replaced)

    def close(self, *, wait: bool = False) -> None:
        """No new drawings; queued ones are cancelled, those under way finish (or pass their
        deadline). `wait`: return once every slot has stopped (not the left-behind ones)."""
        with self._lock:
            self.closed = True
            for queue in self._queued.values():
                for job in queue:
                    job.future.cancel()
                queue.clear()
            slots = list(self._slots)
            self._lock.notify_all()
        if wait:
            for slot in slots:
                slot.thread.join(self.timeout + 5)

    # -- the slots' side -----------------------------------------------------------------------

    def serves(self, slot: Slot) -> bool:
        with self._lock:
            return not (self.closed or slot.retired)

    def take(self, slot: Slot) -> Job | None:
        """The next job for `slot`; None when closed, retired or idle for `idle_seconds`."""
        with self._lock:
            until = None if slot.idle_seconds is None else time.monotonic() + slot.idle_seconds
            while not (self.closed or slot.retired):
                job = self._next()
                if job is None:
                    left = None if until is None else until - time.monotonic()
                    if left is not None and left <= 0:
                        return None
                    self._lock.wait(left)
                    continue
                if job.future.running() or job.future.set_running_or_notify_cancel():
                    job.slot, job.started, slot.job = slot, time.monotonic(), job
                    self._running.add(job)
                    self._low_running += job.low
                    return job
            return None

    def _next(self) -> Job | None:
        if self._queued[False]:
            return self._queued[False].popleft()
        if self._queued[True] and self._low_running < max(1, self.size - 1):
            return self._queued[True].popleft()
        return None

    def finish(self, slot: Slot, job: Job, *, result: Any = None, error: Any = None) -> None:
        """`slot` is done with `job`: answer its caller, unless its deadline passed already."""
        with self._lock:
            slot.job = None
            if job.expired:  # its caller was answered at the deadline: the result is dropped
                if self._stuck.get(job.what.key) is job:
                    del self._stuck[job.what.key]
                if slot.left_behind:
                    slot.left_behind = False
                    self._left_behind.remove(slot)
                    log.info("drawing %s returned %.1f s late", job.what, self._late(job))
                self._lock.notify_all()
                return
            self._release(job)
            self._suspects.pop(job.what.key, None)  # in time (an image, or an error): healthy
        if error is None:
            job.future.set_result(result)
        else:
            job.future.set_exception(error)

    def crashed(self, slot: Slot, job: Job, error: BaseException) -> None:
        """The worker died under `job`: draw it once more on a fresh one, else fail it."""
        with self._lock:
            if not job.expired and job.attempt == 1 and not self.closed:
                self._release(job)
                slot.job, job.slot, job.started = None, None, None
                job.attempt = 2
                self._queued[job.low].appendleft(job)
                self._lock.notify_all()
                return
        self.finish(slot, job, error=error)

    def count_replacement(self) -> None:
        with self._lock:
            self.replacements += 1

    def _release(self, job: Job) -> None:
        self._running.discard(job)
        self._low_running -= job.low

    @staticmethod
    def _late(job: Job) -> float:
        return time.monotonic() - job.deadline

    # -- deadlines -----------------------------------------------------------------------------

    def _jobs(self) -> list[Job]:
        return [*self._queued[False], *self._queued[True], *self._running]

    def _watch(self) -> None:
        with self._lock:
            while not (self.closed and not self._jobs()):
                now = time.monotonic()
                for job in self._jobs():
                    if job.deadline <= now:
                        self._expire(job, now)
                deadlines = [job.deadline for job in self._jobs()]
                self._lock.wait(min(deadlines) - now if deadlines else None)

    def _expire(self, job: Job, now: float) -> None:
        what = job.what
        if job.started is None:
            self._queued[job.low].remove(job)
            if job.future.cancelled():
                return
            how = "it was still waiting for a free slot"
        else:
            job.expired = True
            self._release(job)
            self._suspects[what.key] = None
            self._suspects.move_to_end(what.key)
            if len(self._suspects) > SUSPECTS_KEPT:
                self._suspects.popitem(last=False)
            assert job.slot is not None
            try:
                how = job.slot.free()
            except Exception:  # the watchdog must go on: every other deadline depends on it
                log.exception("could not free the render slot of drawing %s", what)
                how = "its slot could not be freed (the error above)"
            if job.slot.left_behind:  # still drawing: the pair's next drawings go to text
                self._stuck[what.key] = job
        self.passed[(what.game, what.kind)] += 1
        waited = (job.started or now) - job.submitted
        log.warning(
            "drawing %s passed its %.1f s deadline (%.1f s waiting for a slot, %.1f s drawing): "
            "the position is shown in text instead; %s",
            what,
            job.limit,
            waited,
            now - job.started if job.started is not None else 0.0,
            how,
        )
        job.future.set_exception(RenderTimeout(f"drawing {what} passed its deadline"))
