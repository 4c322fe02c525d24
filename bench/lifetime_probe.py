"""`python -m bench.lifetime_probe`: `python -m bot` with its CPU attributed to parts, for
`bench/lifetime.py`. Never used by the bot itself.

Where the CPU goes, measured inside the bot process (no render pool: every drawing runs on the
bot's render threads, so the process's CPU is all of it):

- every drawing, exactly: `Renderer.draw` runs the drawing function on a render thread, and the
  probe times it there with `time.thread_time` (that thread's CPU alone), by what was drawn:
  the public board, a private image (a sheet, or a board drawn from a player's own view), a
  preview, a replay (its frames and the animation), any other picture (the whole track or
  course, dice);
- SQLite: the CPU of aiosqlite's worker threads (per-thread CPU clocks);
- the event loop's thread, by a CPU-weighted sampling profile: every `SAMPLE_S` the probe reads
  that thread's CPU clock and its stack, and charges the CPU used since the last sample to the
  innermost frame that belongs to a known part (`part_of`): the game's rules (`games/`), the
  storage layer (`storage/`), the core (`table/`, the games' adapters included), the replay
  (`table/replays.py` anywhere on the stack: its rules stepping), the carrier and its
  libraries (`bot/`, `runtime/`, discord.py, aiohttp) or the bare event loop. A sampling
  profile because exact timers cannot follow coroutines that interleave on one thread;
- the process's total CPU (`time.process_time`: every thread, finished ones too), so the parts
  that no clock above covers (other threads, the probe itself) show as the rest.

Every `REPORT_S` it writes the counters as JSON to the file named by `LIFETIME_REPORT` (a
`seq` that grows with each write, so a reader knows it has a fresh one).
"""

from __future__ import annotations

import contextvars
import json
import os
import sys
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

SAMPLE_S = 0.005
REPORT_S = 0.25
ROOT = str(Path(__file__).resolve().parents[1])
PROJECT_PARTS = {"games": "rules", "storage": "storage", "table": "table", "bot": "carrier",
                 "runtime": "carrier"}  # fmt: skip
LIBRARY_PARTS = {"discord": "carrier", "aiohttp": "carrier", "yarl": "carrier",
                 "multidict": "carrier"}  # fmt: skip
REPLAY_FILE = os.sep + os.path.join("table", "replays.py")
VIEWER: contextvars.ContextVar[int | None] = contextvars.ContextVar("viewer", default=None)


class Counters:
    """CPU seconds and image counts by part, added to from any thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.cpu: defaultdict[str, float] = defaultdict(float)
        self.images: Counter[str] = Counter()
        self.replays_started = 0
        self.replays_done = 0

    def add(self, part: str, seconds: float, *, image: bool = False) -> None:
        with self.lock:
            self.cpu[part] += seconds
            if image:
                self.images[part] += 1


COUNTERS = Counters()


def part_of(frame: FrameType | None) -> str:
    """The part a stack of the event loop's thread is working for (see the module doc)."""
    found = "loop"
    walked = frame
    while walked is not None:
        name = walked.f_code.co_filename
        if name.endswith(REPLAY_FILE):
            return "replay"
        walked = walked.f_back
    while frame is not None and found == "loop":
        name = frame.f_code.co_filename
        if "site-packages" in name:  # first: the venv may sit inside the project (./redline)
            top = name.split("site-packages" + os.sep, 1)[1].split(os.sep, 1)[0]
            found = LIBRARY_PARTS.get(top, found)
        elif name.startswith(ROOT):
            top = name[len(ROOT) + 1 :].split(os.sep, 1)[0]
            found = PROJECT_PARTS.get(top, found)
        frame = frame.f_back
    return found


def drawing_part(kind: str, background: bool) -> str:
    if background or kind == "replay":
        return "replay"
    if kind == "board":
        return "board" if VIEWER.get() is None else "private image"
    if kind == "sheet":
        return "private image"
    return "preview" if kind == "preview" else "other picture"


def install_drawing_timers() -> None:
    """Time each drawing on the render thread that runs it, by what it draws."""
    from runtime.rendering import Renderer

    draw, picture = Renderer.draw, Renderer.picture

    async def timed_draw(
        self: Renderer, what: Any, fn: Callable[..., Any], *a: Any, **k: Any
    ) -> Any:
        part = drawing_part(what.kind, what.background)

        def timed(*args: Any, **kwargs: Any) -> Any:
            began = time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                COUNTERS.add(part, time.thread_time() - began, image=True)

        return await draw(self, what, timed, *a, **k)

    async def seen_picture(self: Renderer, pic: Any) -> bytes:
        token = VIEWER.set(pic.viewer)
        try:
            return await picture(self, pic)
        finally:
            VIEWER.reset(token)

    Renderer.draw = timed_draw  # type: ignore[method-assign]
    Renderer.picture = seen_picture  # type: ignore[method-assign,assignment]


def install_replay_counter() -> None:
    """Count replays begun and built, so the benchmark knows when none is left drawing."""
    from table import replays

    replay_for = replays.replay_for

    async def counted(*args: Any, **kwargs: Any) -> Any:
        with COUNTERS.lock:
            COUNTERS.replays_started += 1
        try:
            return await replay_for(*args, **kwargs)
        finally:
            with COUNTERS.lock:
                COUNTERS.replays_done += 1

    replays.replay_for = counted


def thread_cpu(thread: threading.Thread) -> float:
    if thread.ident is None:
        return 0.0
    try:
        return time.clock_gettime(time.pthread_getcpuclockid(thread.ident))
    except (OSError, ProcessLookupError):
        return 0.0


def storage_threads() -> list[threading.Thread]:
    """aiosqlite's worker threads (each connection has one)."""

    def module(fn: object) -> str:
        return str(getattr(fn, "__module__", ""))

    return [
        t
        for t in threading.enumerate()
        if module(getattr(t, "_target", None)).startswith("aiosqlite")
        or module(type(t)).startswith("aiosqlite")
    ]


class Sampler:
    """Samples the event loop's thread and writes the counters (one daemon thread)."""

    def __init__(self, report: Path, loop_thread: threading.Thread) -> None:
        self.report = report
        self.loop_thread = loop_thread
        self.storage_seen: dict[int, float] = {}
        self.seq = 0

    def run(self) -> None:
        last_cpu = thread_cpu(self.loop_thread)
        next_report = time.monotonic()
        ident = self.loop_thread.ident
        while True:
            time.sleep(SAMPLE_S)
            frame = sys._current_frames().get(ident) if ident is not None else None
            now_cpu = thread_cpu(self.loop_thread)
            COUNTERS.add("loop:" + part_of(frame), now_cpu - last_cpu)
            last_cpu = now_cpu
            del frame
            if time.monotonic() >= next_report:
                next_report = time.monotonic() + REPORT_S
                self.write()

    def write(self) -> None:
        for thread in storage_threads():
            if thread.ident is not None:
                self.storage_seen[thread.ident] = thread_cpu(thread)
        self.seq += 1
        with COUNTERS.lock:
            body = {
                "seq": self.seq,
                "process_cpu": time.process_time(),
                "sampler_cpu": time.thread_time(),
                "storage_threads_cpu": sum(self.storage_seen.values()),
                "cpu": dict(COUNTERS.cpu),
                "images": dict(COUNTERS.images),
                "replays_started": COUNTERS.replays_started,
                "replays_done": COUNTERS.replays_done,
            }
        partial = self.report.with_suffix(".tmp")
        partial.write_text(json.dumps(body))
        partial.replace(self.report)


def install(report: Path) -> None:
    install_drawing_timers()
    install_replay_counter()
    sampler = Sampler(report, threading.main_thread())
    threading.Thread(target=sampler.run, name="lifetime-probe", daemon=True).start()


def main() -> int:
    install(Path(os.environ["LIFETIME_REPORT"]))
    from runtime.main import main as bot_main

    return bot_main([])


if __name__ == "__main__":
    sys.exit(main())
