"""Sustained moves per second with many live sessions, through the real bot and the fake Discord.

`python -m bench.throughput [--sessions N --concurrency C --duration S] [--json]`

Boots RedlineBot against `fakediscord.FakeDiscord` in this process, opens N Drag Rage races in
N channels with slash commands (not timed), then presses board buttons in random idle sessions
with C presses in flight for S seconds. A move counts when its new board (the followup with the
image) has arrived. The fake runs on the same event loop, so its CPU (HTTP, websocket, JSON) is
paid by the bot's process: the figure is a lower bound for the bot alone.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import random
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.driver import active_user_id, boot, live_buttons, shut_down
from bench.figures import Section, Target
from bench.stats import percentile
from fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

CHANNELS_PER_GUILD = 100  # Discord allows 500 channels per guild; spread like a real install
MB = 1024 * 1024


@dataclass
class Table:
    """One channel's race as the benchmark tracks it: who sits there and the newest board."""

    channel: FakeChannel
    host: FakeUser
    guest: FakeUser
    board: FakeMessage | None = None

    def user(self, user_id: int) -> FakeUser:
        return self.host if user_id == self.host.id else self.guest


@dataclass
class Tally:
    moves: int = 0
    offered: int = 0
    races_restarted: int = 0
    refused: int = 0
    failed: int = 0
    cpu_s: float = 0.0  # process CPU (all threads) in the timed window
    loop_cpu_s: float = 0.0  # the event-loop thread's share: bot and fake coroutines
    ack: list[float] = field(default_factory=list)
    end_to_end: list[float] = field(default_factory=list)


def rss_bytes() -> tuple[int, int]:
    """(current, peak) resident set size of this process: VmRSS and VmHWM from /proc.

    Falls back to ru_maxrss (KB on Linux) for the peak where /proc is missing.
    """
    fields: dict[str, int] = {}
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                fields[name] = int(rest.split()[0]) * 1024
    except OSError:
        pass
    peak = fields.get("VmHWM", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
    return fields.get("VmRSS", 0), max(peak, fields.get("VmRSS", 0))


def fake_image_bytes(fake: FakeDiscord) -> int:
    """Bytes of images the fake keeps (Discord would hold these, not the bot)."""
    return sum(len(a.data) for m in fake.store.messages.values() for a in m.attachments)


async def open_race(fake: FakeDiscord, table: Table) -> None:
    """/game new, /game join, /game start; remembers the first board."""
    await fake.slash(table.host, table.channel, "game new", game="dragrage", where="here", settle=0)
    await fake.slash(table.guest, table.channel, "game join", settle=0)
    r = await fake.slash(table.host, table.channel, "game start", settle=0)
    await r.wait_followups(1)
    if table.board is not None:
        forget_images(table.board)
    table.board = r.followups[-1] if r.followups else r.messages[-1]


def build_world(fake: FakeDiscord, sessions: int) -> list[Table]:
    tables: list[Table] = []
    guild = fake.add_guild("Bench 0")
    for n in range(sessions):
        if n and n % CHANNELS_PER_GUILD == 0:
            guild = fake.add_guild(f"Bench {n // CHANNELS_PER_GUILD}")
        channel = fake.add_channel(guild, f"strip-{n}")
        host = fake.add_member(guild, f"host{n}")
        guest = fake.add_member(guild, f"guest{n}")
        tables.append(Table(channel, host, guest))
    return tables


async def gather_limited(jobs: list[Table], fake: FakeDiscord, concurrency: int) -> None:
    queue = list(jobs)

    async def worker() -> None:
        while queue:
            await open_race(fake, queue.pop())

    await asyncio.gather(*(worker() for _ in range(concurrency)))


async def press(fake: FakeDiscord, table: Table, rnd: random.Random, tally: Tally) -> bool:
    """One button press on the table's board; True when a new public board arrived."""
    board = table.board
    assert board is not None
    buttons = live_buttons(board)
    if not buttons:  # race over: open the next one in the same channel (not a move)
        await open_race(fake, table)
        tally.races_restarted += 1
        return False
    _, custom_id = rnd.choice(buttons)
    player = table.user(active_user_id(board))
    began = time.perf_counter()
    try:
        r = await fake.click(player, board, custom_id, wait=False)
        await r.wait_followups(1)
    except AssertionError:  # the fake timed out waiting: counted, never hidden
        tally.failed += 1
        return False
    tally.end_to_end.append(time.perf_counter() - began)
    if r.ack_latency is not None:
        tally.ack.append(r.ack_latency)
    new = r.followups[-1] if r.followups else None
    if new is None or new.ephemeral or not new.files:
        tally.refused += 1
        return False
    forget_images(board)
    table.board = new
    return True


def forget_images(message: FakeMessage) -> None:
    """Drop the fake's copy of a superseded board's image.

    Discord, not the bot, stores posted images; without this the fake's copies (~40 KB a move)
    would grow the process by ~2 MB/s and the memory figure would measure the fake.
    """
    for attachment in message.attachments:
        attachment.data = b""


async def drive_closed(
    fake: FakeDiscord,
    tables: list[Table],
    *,
    concurrency: int,
    duration: float,
    warmup: float,
    seed: int,
) -> Tally:
    """Saturation: `concurrency` presses always in flight; only the timed window is tallied."""
    rnd = random.Random(seed)
    idle = list(range(len(tables)))
    tally, ignored = Tally(), Tally()
    loop = asyncio.get_running_loop()
    start = loop.time() + warmup
    end = start + duration
    clocks: list[tuple[float, float]] = []
    for at in (start, end):
        loop.call_at(at, lambda: clocks.append((time.process_time(), time.thread_time())))

    async def worker() -> None:
        while loop.time() < end:
            index = idle.pop(rnd.randrange(len(idle)))  # at most one press per table in flight
            try:
                counting = loop.time() >= start
                moved = await press(fake, tables[index], rnd, tally if counting else ignored)
                if moved and counting and loop.time() <= end:
                    tally.moves += 1
            finally:
                idle.append(index)

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    if len(clocks) == 2:
        tally.cpu_s = clocks[1][0] - clocks[0][0]
        tally.loop_cpu_s = clocks[1][1] - clocks[0][1]
    return tally


async def drive_open(
    fake: FakeDiscord, tables: list[Table], *, rate: float, duration: float, seed: int
) -> Tally:
    """A steady offered load: presses arrive at `rate` per second (Poisson), whatever the
    bot's backlog, as players would; latencies at this load are what the target asks about.
    Every press launched in the window is waited for and tallied."""
    rnd = random.Random(seed)
    idle = list(range(len(tables)))
    tally = Tally()
    loop = asyncio.get_running_loop()
    end = loop.time() + duration
    running: set[asyncio.Task[None]] = set()

    async def one(index: int) -> None:
        try:
            if await press(fake, tables[index], rnd, tally):
                tally.moves += 1
        finally:
            idle.append(index)

    due = loop.time() + rnd.expovariate(rate)
    while due < end:
        await asyncio.sleep(max(0.0, due - loop.time()))
        due += rnd.expovariate(rate)
        if idle:
            tally.offered += 1
            task = asyncio.create_task(one(idle.pop(rnd.randrange(len(idle)))))
            running.add(task)
            task.add_done_callback(running.discard)
    await asyncio.gather(*running)
    return tally


async def run(
    *,
    sessions: int = 1000,
    concurrency: int = 32,
    duration: float = 20.0,
    rate: float = 40.0,
    warmup: float = 1.0,
    seed: int = 3,
) -> Section:
    section = Section(
        f"throughput: {sessions:,} live Drag Rage sessions, bot + fake in one process"
    )
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    async with FakeDiscord(ack_deadline=3.0) as fake:
        tables = build_world(fake, sessions)
        with tempfile.TemporaryDirectory() as data:
            t0 = time.perf_counter()
            bot, task = await boot(fake, Path(data), seed_source=itertools.count(seed).__next__)
            rss_booted, _ = rss_bytes()
            try:
                await gather_limited(tables, fake, concurrency)
                setup_s = time.perf_counter() - t0
                rss_setup, _ = rss_bytes()
                closed = await drive_closed(
                    fake,
                    tables,
                    concurrency=concurrency,
                    duration=duration,
                    warmup=warmup,
                    seed=seed,
                )
                steady = await drive_open(fake, tables, rate=rate, duration=duration, seed=seed)
                rss_now, rss_peak = rss_bytes()
                images = fake_image_bytes(fake)
                violations = len(fake.violations)
            finally:
                await shut_down(bot, task)
    section.add(
        "sustained moves/s (saturated)",
        closed.moves / duration,
        "moves/s",
        target=Target(rate, at_least=True),
        note=f"{concurrency} presses always in flight for {duration:.0f} s; {cores} cores; "
        "the fake's CPU is included",
    )
    section.add("  ack latency p99", _p99_ms(closed.ack), "ms", target=Target(1000))
    section.add("  press to new board p99", _p99_ms(closed.end_to_end), "ms")
    per_move = 1000 / max(closed.moves, 1)
    section.add(
        "  CPU per move, whole process",
        closed.cpu_s * per_move,
        "ms",
        note=f"{closed.cpu_s / duration:.2f} of {cores} cores busy",
    )
    section.add(
        "  CPU per move, event-loop thread",
        closed.loop_cpu_s * per_move,
        "ms",
        note="bot + fake coroutines; the rest is the render threads",
    )
    section.add(
        f"steady load: {steady.offered} presses in {duration:.0f} s",
        steady.offered / duration,
        "presses/s",
        note=f"Poisson arrivals at {rate:.0f}/s: the target rate, below saturation; "
        f"{steady.moves} new boards",
    )
    section.add("  ack latency median", _median_ms(steady.ack), "ms")
    section.add("  ack latency p99", _p99_ms(steady.ack), "ms", target=Target(1000))
    section.add("  press to new board median", _median_ms(steady.end_to_end), "ms")
    section.add("  press to new board p99", _p99_ms(steady.end_to_end), "ms")
    section.add(
        "peak RSS (process)",
        rss_peak / MB,
        "MB",
        target=Target(250),
        note=f"bot + fake; the fake holds {images / MB:.0f} MB of current boards' images",
    )
    section.add("RSS at the end", rss_now / MB, "MB")
    section.add("RSS after boot, no sessions yet", rss_booted / MB, "MB")
    section.add(
        "RSS per live session",
        (rss_setup - rss_booted) / max(sessions, 1) / 1024,
        "KB",
        note="growth over setup: bot + fake records + the fake's copy of each first board",
    )
    for name, tally in (("saturated", closed), ("steady", steady)):
        section.notes.append(
            f"{name}: {tally.moves} moves counted, {tally.refused} refused, {tally.failed} timed "
            f"out, {tally.races_restarted} finished races reopened (not counted as moves)"
        )
    section.notes.append(
        f"setup (boot + {sessions:,} lobbies, joins and starts by slash command, untimed "
        f"for the figures) took {setup_s:.1f} s; fake Discord violations: {violations}"
    )
    return section


def _median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000 if values else float("nan")


def _p99_ms(values: list[float]) -> float:
    return percentile(values, 99) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds per phase")
    parser.add_argument("--rate", type=float, default=40.0, help="offered presses/s, phase 2")
    parser.add_argument("--json", action="store_true", help="print the section as JSON")
    args = parser.parse_args()
    section = asyncio.run(
        run(
            sessions=args.sessions,
            concurrency=args.concurrency,
            duration=args.duration,
            rate=args.rate,
        )
    )
    print(section.to_json() if args.json else section.render())


if __name__ == "__main__":
    main()
