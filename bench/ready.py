"""Spawn to ready: `python -m bench.ready [--boots N --sessions N] [--json]`.

Each boot spawns `python -m bot` (a new interpreter: start, imports with every registered game,
settings, migrations, gateway, guilds) against a fake Discord served by this process, and times
from the spawn to the bot's "ready as" log line. As an admin starts it:
- quiet: nothing else running but this benchmark (and whatever the shared machine runs);
- loaded: with one busy process per core competing for the CPU (a host that is doing other
  work, or a restart under load);
- restart: a data dir that already holds N started games (no migrations, no command sync).
The render pool (one process per core by default) warms up in the background and is not
waited for; its own ready time is read from the bot's log line and reported after the spawn.
Each quiet boot is then stopped with SIGTERM while idle, timed to the process's exit (the
bound `tests/ops/test_process.py` used to assert: a test checks the exit, the bench its time).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import multiprocessing
import os
import re
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.botproc import BotProcess, bot_env
from bench.figures import Section, Target
from runtime.render_pool import default_size

READY = Target(2000)
STOP = Target(2000)
"""SIGTERM to exit when idle: a service manager's stop (Docker waits 10 s, then kills)."""
POOL_LINE = re.compile(r"render pool: (\d+) processes ready in (\d+) ms")


async def _boot_once(fake: object, data_dir: Path, cwd: Path) -> tuple[float, float | None, float]:
    """(spawn -> ready, spawn -> render pool warm, SIGTERM -> exit) in seconds: the bot is
    stopped once it is ready (and its pool warm), idle, as a service manager stops it."""
    from fakediscord import FakeDiscord

    assert isinstance(fake, FakeDiscord)
    env = bot_env(f"http://127.0.0.1:{fake.port}", fake.token, data_dir)
    bot = await BotProcess.start(env, cwd)
    try:
        ready = await bot.wait_ready()
        pool = bot.line_after_spawn(POOL_LINE.pattern)
        deadline = time.monotonic() + 10
        while pool is None and time.monotonic() < deadline and default_size() >= 2:
            await asyncio.sleep(0.05)
            pool = bot.line_after_spawn(POOL_LINE.pattern)
    finally:
        asked = time.perf_counter()
        code = await bot.stop()
        stopped = time.perf_counter() - asked
        await fake.wait_until_disconnected()
    if code != 0:
        raise RuntimeError(f"the bot exited {code} on SIGTERM:\n" + "\n".join(bot.lines))
    return ready, pool, stopped


async def _fill(data_dir: Path, sessions: int) -> None:
    """A data dir holding `sessions` started Drag Rage races (through the real service)."""
    from games.engine import Player
    from games.registry import GAMES
    from storage import Repository
    from table.service import GameService

    data_dir.mkdir(parents=True, exist_ok=True)
    repo = await Repository.open(data_dir / "redline.sqlite3")
    service = GameService(repo, GAMES, seed_source=itertools.count(1).__next__)
    try:
        for n in range(sessions):
            host, guest = Player(id=2 * n + 10, name="host"), Player(id=2 * n + 11, name="guest")
            await service.new_session(guild_id=1, channel_id=n + 1, game_key="dragrage", host=host)
            await service.join(n + 1, guest)
            await service.start(n + 1, host.id)
    finally:
        await repo.close()


def _burn(stop: object) -> None:
    from multiprocessing.synchronize import Event

    assert isinstance(stop, Event)
    x = 0
    while not stop.is_set():
        for _ in range(100_000):
            x += 1


@contextmanager
def busy_cores(count: int) -> Iterator[None]:
    """`count` processes spinning on the CPU while the block runs."""
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    burners = [context.Process(target=_burn, args=(stop,), daemon=True) for _ in range(count)]
    for p in burners:
        p.start()
    try:
        yield
    finally:
        stop.set()
        for p in burners:
            p.join(5)


async def run(*, boots: int = 5, sessions: int = 1000) -> Section:
    from fakediscord import FakeDiscord

    section = Section("ready: spawning `python -m bot` -> its 'ready as' line, every game loaded")
    quiet: list[float] = []
    stops: list[float] = []
    pools: list[float] = []
    loaded: list[float] = []
    restart: list[float] = []
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    async with FakeDiscord() as fake:
        fake.add_guild("Ready")
        with tempfile.TemporaryDirectory() as tmp:
            for n in range(boots):
                ready, pool, stopped = await _boot_once(fake, Path(tmp, f"q{n}"), Path(tmp))
                quiet.append(ready)
                stops.append(stopped)
                if pool is not None:
                    pools.append(pool)
            with busy_cores(cores):
                for n in range(boots):
                    loaded.append((await _boot_once(fake, Path(tmp, f"l{n}"), Path(tmp)))[0])
            full = Path(tmp, "full")
            t0 = time.perf_counter()
            await _fill(full, sessions)
            fill_s = time.perf_counter() - t0
            for _ in range(boots):
                restart.append((await _boot_once(fake, full, Path(tmp)))[0])
    ms = 1000
    section.add("spawn to ready, quiet", statistics.median(quiet) * ms, "ms", target=READY,
                note="fresh data dir: migrations + command sync")  # fmt: skip
    section.add(
        f"spawn to ready, loaded ({cores} busy processes)",
        statistics.median(loaded) * ms,
        "ms",
        target=READY,
    )
    section.add(
        f"spawn to ready, restart with {sessions:,} games", statistics.median(restart) * ms,
        "ms", target=READY,
    )  # fmt: skip
    section.add(
        "SIGTERM to exit, idle (quiet)",
        statistics.median(stops) * ms,
        "ms",
        target=STOP,
        note="exit code 0 each time",
    )
    section.add(
        "  render pool warm, from spawn (quiet)",
        statistics.median(pools) * ms if pools else float("nan"),
        "ms",
        note="not waited for: moves drawn before it is warm wait for it"
        if pools
        else "no pool line in the log (one core: no pool)",
    )
    section.notes.append(
        f"medians of {boots} spawns each (quiet: {', '.join(f'{t * ms:.0f}' for t in quiet)} ms); "
        f"filling {sessions:,} games took {fill_s:.1f} s"
    )
    return section


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boots", type=int, default=5)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--json", action="store_true", help="print the section as JSON")
    args = parser.parse_args()
    section = asyncio.run(run(boots=args.boots, sessions=args.sessions))
    print(section.to_json() if args.json else section.render())


if __name__ == "__main__":
    main()
