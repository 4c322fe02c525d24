"""Sustained moves per second with many live sessions of mixed games: `python -m bot` in its own
process, the fake Discord and the players in this one.

`python -m bench.throughput [--sessions N --concurrency C --duration S --rate M
--render-processes P] [--json]`

Every registered game gets an equal share of the N sessions, each at a realistic table size
(`REALISTIC`, else the middle of its range), in channels of guilds of 100. Players see only
Discord (`bench/players.py`): they press what the bot offers, and now and then a superseded
board's button (`--stale`) or a button while it is not their turn (`--wrong`), as real players
do. Moves are counted in the bot's database (log rows written in the timed window), so a press
that only looked, was refused or was out of date is not a move. Two phases: saturated (C
presses always in flight) and a steady offered load aimed at M moves/s (Poisson arrivals, the
press rate scaled by the saturated phase's moves per press), whose ack p99 is held to the
target. The bot's memory and CPU are its own (and its render workers'), read from /proc.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import sqlite3
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from bench.botproc import MB, BotProcess, Memory, bot_env, cpu_seconds, memory
from bench.figures import Section, Target
from bench.players import Outcome, Table, Tracker, open_table, press
from bench.stats import percentile
from fakediscord import FakeDiscord
from games.registry import GAMES, AnySpec

CHANNELS_PER_GUILD = 100
REALISTIC = {"dragrage": 2, "spacetruckin": 3, "rushncrush": 4}
"""Players per table in the mix; a game not named here plays at the middle of its range."""
MOVES_TARGET = 120.0
ACK_P99 = Target(500)
RSS_TARGET = Target(250)


def table_size(spec: AnySpec) -> int:
    size = REALISTIC.get(spec.key, (spec.min_players + spec.max_players + 1) // 2)
    return max(spec.min_players, min(spec.max_players, size))


def build_world(fake: FakeDiscord, sessions: int, games: Mapping[str, AnySpec]) -> list[Table]:
    keys = list(games)
    tables: list[Table] = []
    guild = fake.add_guild("Bench 0")
    for n in range(sessions):
        if n and n % CHANNELS_PER_GUILD == 0:
            guild = fake.add_guild(f"Bench {n // CHANNELS_PER_GUILD}")
        key = keys[n % len(keys)]
        channel = fake.add_channel(guild, f"table-{n}")
        seats = [fake.add_member(guild, f"p{n}-{i}") for i in range(table_size(games[key]))]
        tables.append(Table(key, channel, seats))
    return tables


@dataclass
class Phase:
    outcomes: list[Outcome] = field(default_factory=list)
    began: float = 0.0  # wall clock (the bot's clock stamps log rows)
    ended: float = 0.0
    cpu_s: float = 0.0  # the bot and its render workers
    bot_cpu_s: float = 0.0  # the bot process alone
    fake_cpu_s: float = 0.0  # this process: the fake Discord and the players
    moves: int = 0
    offered: int = 0

    @property
    def seconds(self) -> float:
        return max(self.ended - self.began, 1e-9)

    def acks(self) -> list[float]:
        return [o.ack for o in self.outcomes if o.ack is not None]

    def to_board(self) -> list[float]:
        return [o.to_board for o in self.outcomes if o.to_board is not None]

    def describe(self) -> str:
        kinds = Counter(o.kind for o in self.outcomes)
        answers = Counter(o.answer for o in self.outcomes if o.kind != "reopen")
        return (
            f"{len(self.outcomes)} presses: "
            + ", ".join(f"{n} {k}" for k, n in kinds.most_common())
            + "; answers: "
            + ", ".join(f"{n} {a}" for a, n in answers.most_common())
        )


def count_moves(db: Path, began: float, ended: float) -> int:
    """Log rows after the start (seq > 0) the bot wrote in [began, ended)."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)) as conn:
        row = conn.execute(
            "SELECT COUNT(*) FROM events WHERE seq > 0 AND at >= ? AND at < ?", (began, ended)
        ).fetchone()
    return int(row[0])


async def gather_limited(fake: FakeDiscord, tables: list[Table], concurrency: int) -> None:
    queue = list(tables)

    async def worker() -> None:
        while queue:
            await open_table(fake, queue.pop())

    await asyncio.gather(*(worker() for _ in range(concurrency)))


async def drive(
    fake: FakeDiscord,
    tables: list[Table],
    pid: int,
    *,
    duration: float,
    concurrency: int = 0,
    rate: float = 0.0,
    stale: float,
    wrong: float,
    seed: int,
) -> Phase:
    """`concurrency` presses always in flight (closed), or presses arriving at `rate` per
    second whatever the backlog (open). Every press launched in the window is waited for."""
    rnd = random.Random(seed)
    idle = list(range(len(tables)))
    phase = Phase()
    loop = asyncio.get_running_loop()
    own0, cpu0 = cpu_seconds(pid)
    fake0 = time.process_time()
    phase.began = time.time()
    end = loop.time() + duration

    async def one(index: int) -> None:
        try:
            phase.outcomes.append(
                await press(fake, tables[index], rnd, stale=stale, wrong_player=wrong)
            )
        finally:
            idle.append(index)

    if concurrency:

        async def worker() -> None:
            while loop.time() < end:
                await one(idle.pop(rnd.randrange(len(idle))))

        await asyncio.gather(*(worker() for _ in range(concurrency)))
    else:
        running: set[asyncio.Task[None]] = set()
        due = loop.time() + rnd.expovariate(rate)
        while due < end:
            await asyncio.sleep(max(0.0, due - loop.time()))
            due += rnd.expovariate(rate)
            if idle:
                phase.offered += 1
                task = asyncio.create_task(one(idle.pop(rnd.randrange(len(idle)))))
                running.add(task)
                task.add_done_callback(running.discard)
        await asyncio.gather(*running)
    phase.ended = time.time()
    own1, cpu1 = cpu_seconds(pid)
    phase.cpu_s, phase.bot_cpu_s = cpu1 - cpu0, own1 - own0
    phase.fake_cpu_s = time.process_time() - fake0
    return phase


async def run(
    *,
    sessions: int = 1000,
    concurrency: int = 32,
    duration: float = 20.0,
    rate: float = MOVES_TARGET,
    render_processes: int = 0,
    stale: float = 0.08,
    wrong: float = 0.04,
    seed: int = 3,
    games: Mapping[str, AnySpec] | None = None,
) -> Section:
    games = GAMES if games is None else games
    pool = f"render pool of {render_processes}" if render_processes >= 2 else "no render pool"
    section = Section(
        f"throughput ({pool}): {sessions:,} live sessions of {len(games)} games, bot in its "
        "own process"
    )
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    async with FakeDiscord(ack_deadline=3.0) as fake:
        tables = build_world(fake, sessions, games)
        tracker = Tracker({t.channel.id: t for t in tables})
        tracker.install(fake)
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp, "data")
            env = bot_env(
                f"http://127.0.0.1:{fake.port}",
                fake.token,
                data,
                REDLINE_RENDER_PROCESSES=str(render_processes),
            )
            bot = await BotProcess.start(env, Path(tmp))
            try:
                spawn_ready = await bot.wait_ready()
                await asyncio.sleep(1.0)  # the render pool warms up in the background
                booted = memory(bot.pid)
                t0 = time.perf_counter()
                await gather_limited(fake, tables, concurrency)
                setup_s = time.perf_counter() - t0
                opened = memory(bot.pid)
                db = data / "redline.sqlite3"
                closed = await drive(
                    fake, tables, bot.pid, duration=duration, concurrency=concurrency,
                    stale=stale, wrong=wrong, seed=seed,
                )  # fmt: skip
                closed.moves = count_moves(db, closed.began, closed.ended)
                per_press = len(closed.outcomes) / max(closed.moves, 1)
                steady = await drive(
                    fake, tables, bot.pid, duration=duration, rate=rate * per_press,
                    stale=stale, wrong=wrong, seed=seed + 1,
                )  # fmt: skip
                steady.moves = count_moves(db, steady.began, steady.ended)
                end = memory(bot.pid)
            finally:
                code = await bot.stop()
            violations = len(fake.violations)
            kinds = Counter(
                re.sub(r"\d+", "N", v.split(": ", 1)[-1])[:100] for v in fake.violations
            )
    moves_s = closed.moves / closed.seconds
    section.add(
        "sustained moves/s (saturated)",
        moves_s,
        "moves/s",
        target=Target(MOVES_TARGET, at_least=True),
        note=f"{concurrency} presses in flight for {closed.seconds:.0f} s; {cores} cores shared "
        "by the bot, its render workers and the fake Discord with the players",
    )
    section.add("  presses/s (saturated)", len(closed.outcomes) / closed.seconds, "presses/s",
                note=closed.describe())  # fmt: skip
    section.add("  ack p99 (saturated)", _p99_ms(closed.acks()), "ms")
    section.add("  press to new board p99 (saturated)", _p99_ms(closed.to_board()), "ms")
    section.add(
        "  CPU per move (bot + render workers)",
        closed.cpu_s / max(closed.moves, 1) * 1000,
        "ms",
        note=f"{closed.cpu_s / closed.seconds:.2f} of {cores} cores busy in the bot's processes; "
        f"the bot process alone {closed.bot_cpu_s / max(closed.moves, 1) * 1000:.1f} ms a move",
    )
    section.add(
        "  CPU per move, fake Discord + players",
        closed.fake_cpu_s / max(closed.moves, 1) * 1000,
        "ms",
        note=f"{closed.fake_cpu_s / closed.seconds:.2f} of {cores} cores: not the bot's, but "
        "taken from the same cores",
    )
    moves = max(closed.moves, 1)
    tree, own, fake_cpu = closed.cpu_s / moves, closed.bot_cpu_s / moves, closed.fake_cpu_s / moves
    if tree > 0 and own > 0:
        ceiling = min((cores or 1) / (tree + fake_cpu), 1 / own)
        section.add(
            f"  projection: ceiling on {cores} idle cores",
            ceiling,
            "moves/s",
            note="not measured: the cores / (CPU per move of the bot, its workers and the fake), "
            "and at most one core for the bot process itself (its GIL)",
        )
    section.add(
        f"offered ~{rate:.0f} moves/s: moves/s done",
        steady.moves / steady.seconds,
        "moves/s",
        note=f"{steady.offered} presses at {rate * per_press:.0f}/s (Poisson); {steady.describe()}",
    )
    section.add("  ack median", _median_ms(steady.acks()), "ms")
    section.add("  ack p99", _p99_ms(steady.acks()), "ms", target=ACK_P99)
    section.add("  press to new board p99", _p99_ms(steady.to_board()), "ms")
    _memory(section, booted, opened, end, sessions)
    section.add("spawn to ready (this run)", spawn_ready * 1000, "ms")
    section.notes.append(
        f"setup: {sessions:,} games opened by slash command in {setup_s:.1f} s (untimed); "
        f"tables per game: {dict(Counter(t.game for t in tables))} at "
        f"{ {k: table_size(s) for k, s in games.items()} } players"
    )
    section.notes.append(f"fake Discord violations: {violations}; bot exit code {code}")
    section.notes += [f"  {n} x {kind}" for kind, n in kinds.most_common(3)]
    return section


def _memory(section: Section, booted: Memory, opened: Memory, end: Memory, sessions: int) -> None:
    section.add(
        "bot process peak RSS",
        end.peak / MB,
        "MB",
        target=RSS_TARGET,
        note=f"VmHWM of `python -m bot` alone; {booted.rss / MB:.0f} MB after boot, "
        f"{opened.rss / MB:.0f} MB with every game open, {end.rss / MB:.0f} MB at the end",
    )
    section.add(
        "bot + render workers, PSS",
        end.tree_pss / MB,
        "MB",
        target=RSS_TARGET,
        note=f"{end.processes} processes (RSS summed: {end.tree_rss / MB:.0f} MB, shared pages "
        "counted twice)",
    )
    section.add(
        "  RSS per live session",
        (opened.rss - booted.rss) / max(sessions, 1) / 1024,
        "KB",
        note="the bot process's growth while the games were opened",
    )


def _median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000 if values else float("nan")


def _p99_ms(values: list[float]) -> float:
    return percentile(values, 99) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds per phase")
    parser.add_argument("--rate", type=float, default=MOVES_TARGET, help="moves/s, phase 2")
    parser.add_argument("--render-processes", type=int, default=0)
    parser.add_argument("--stale", type=float, default=0.08, help="share of stale presses")
    parser.add_argument("--wrong", type=float, default=0.04, help="share of off-turn presses")
    parser.add_argument("--games", help="comma-separated game keys (default: every registered)")
    parser.add_argument("--json", action="store_true", help="print the section as JSON")
    args = parser.parse_args()
    games = {k: GAMES[k] for k in args.games.split(",")} if args.games else None
    section = asyncio.run(
        run(
            sessions=args.sessions,
            concurrency=args.concurrency,
            duration=args.duration,
            rate=args.rate,
            render_processes=args.render_processes,
            stale=args.stale,
            wrong=args.wrong,
            games=games,
        )
    )
    print(section.to_json() if args.json else section.render())


if __name__ == "__main__":
    main()
