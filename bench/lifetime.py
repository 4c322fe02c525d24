"""What a game costs over its whole life (issue 31): `python -m bench.lifetime [--quick]
[--moves N] [--tables T] [--games ...] [--json]`.

`python -m bot` runs in its own process (its memory and CPU are its own) with the probe of
`bench/lifetime_probe.py`, against the fake Discord served here, drawing on its render threads
(no render pool, so the process's CPU is all of a move's). Each table is a person, the host, and
bot seats (`/game bot add`) in every other seat of the game's largest table (`--quick`: 2
players); the bots play at once, the person plays their own turns by pressing what the bot
offers them (`bench/lifetime_play.py`). Complete games, opening included and the finished
game's replay included, in phases: one phase opens `T` tables of one game in channels of their
own, plays every one of them to its end and waits until the bot has built every replay; the
phases go round the games until `N` moves are played (whole rounds, or until `--minutes`), so
each game's games are spread over the whole run and the memory figures see every game all
along.

Per game, from the probe's counters at the start and end of its phases: the bot's CPU per move
over the whole game and its parts (moves = rules + storage; boards; private images; previews;
other pictures; the replay; the core; discord.py, aiohttp and the bot's carrying; the rest),
the replay's CPU per move played (target <= 10 ms), the images a move draws through the bot,
and the fake Discord's and players' CPU (this process) beside it. For the process: its RSS
after every 1,000 moves, the slope after warm-up (least squares, MB per 10,000 moves, target
<= 10) and its high-water mark (VmHWM, target < 250 MB).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import statistics
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bench.botproc import MB, BotProcess, bot_env, status
from bench.figures import Figure, Section, Target
from bench.lifetime_play import MAX_PRESSES, STALLED_S, play_phase
from bench.players import Table, Tracker
from fakediscord import FakeDiscord
from fakediscord.inject import COMPONENT
from fakediscord.interaction import CHANNEL_MESSAGE, UPDATE_MESSAGE, InteractionRecord
from games.registry import GAMES

ORDER = ("dragrage", "spacetruckin", "rushncrush", "apocalypseroad", "roadwolf")
REPLAY_MS = Target(10, at_most=True)
SLOPE_MB = Target(10, at_most=True)
PEAK_MB = Target(250)
RSS_EVERY = 1000
IN_CALLBACK = (CHANNEL_MESSAGE, UPDATE_MESSAGE)
WARM_UP = 5000
"""Moves before the RSS slope is taken (the caches fill, the allocator reaches its level)."""
QUICK_SEATS = 2
THROUGH_THE_BOT = "images per move through the bot"
IMAGE_PARTS = ("board", "private image", "preview", "other picture")
PARTS = (
    ("moves: rules", ("loop:rules",)),
    ("moves: storage", ("loop:storage", "sqlite thread")),
    ("boards", ("board",)),
    ("private images", ("private image",)),
    ("previews", ("preview",)),
    ("other pictures (whole track, dice)", ("other picture",)),
    ("replay", ("replay", "loop:replay")),
    ("the core (table/, games' adapters)", ("loop:table",)),
    ("discord.py, aiohttp, bot/", ("loop:carrier",)),
    ("event loop, other threads", ("loop:loop", "rest")),
    ("the probe's own sampling", ("probe",)),
)


@dataclass
class Probe:
    """The bot's counters as the probe last wrote them."""

    path: Path

    def read(self) -> dict[str, Any]:
        try:
            found: dict[str, Any] = json.loads(self.path.read_text())
            return found
        except (OSError, ValueError):
            return {"seq": -1}

    async def fresh(self, after: int = 2, timeout: float = 30.0) -> dict[str, Any]:
        """Counters written at least `after` reports from now (so nothing is half counted)."""
        start = self.read()["seq"]
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            now = self.read()
            if now["seq"] >= start + after:
                return now
            await asyncio.sleep(0.05)
        raise RuntimeError("the bot's probe stopped reporting")

    async def replays_built(self, done: int, timeout: float = 600.0) -> dict[str, Any]:
        """Wait until `done` replays are built and none is building, then fresh counters (a
        finished game's replay begins a moment after its last board: counting only those
        building would miss it)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            now = await self.fresh(after=1)
            if now["replays_done"] >= done and now["replays_started"] == now["replays_done"]:
                return await self.fresh()
        raise RuntimeError("replays still building after 10 minutes")


def cpu_parts(report: dict[str, Any]) -> dict[str, float]:
    """The counters as parts: the sampled loop, the timed drawings, SQLite's threads and the
    rest of the process's CPU."""
    parts = defaultdict(float, {k: float(v) for k, v in report.get("cpu", {}).items()})
    parts["sqlite thread"] = float(report["storage_threads_cpu"])
    parts["probe"] = float(report.get("sampler_cpu", 0.0))
    parts["total"] = float(report["process_cpu"])
    parts["rest"] = parts["total"] - sum(v for k, v in parts.items() if k != "total")
    for kind, n in report.get("images", {}).items():
        parts[f"images:{kind}"] = float(n)
    parts["replays"] = float(report["replays_done"])
    return parts


@dataclass
class GameTotals:
    key: str
    seats: int
    moves: int = 0
    games: int = 0
    given_up: int = 0
    seconds: float = 0.0
    fake_cpu: float = 0.0
    requests: int = 0
    """REST requests the bot made to the fake Discord (its posts and edits by the bot seats
    included)."""
    press_requests: int = 0
    """Of them, those made with a press's interaction token (callback, followups, edits)."""
    pressed: int = 0
    """Button and menu presses (interactions) sent to the bot."""
    in_callback: int = 0
    """Of them, those answered in their one callback (type 4 or 7), not deferred first."""
    presses: Counter[str] = field(default_factory=Counter)
    parts: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))

    def section(self) -> Section:
        spec = GAMES[self.key]
        section = Section(f"lifetime: {spec.title}, {self.seats} players, whole games")
        moves = max(self.moves, 1)

        def per_move(value: float) -> float:
            return value / moves * 1000

        total = self.parts["total"]
        section.add(
            "bot CPU per move, whole game",
            per_move(total),
            "ms",
            note=f"{self.games} games, {self.moves:,} moves ({self.moves / max(self.games, 1):.0f}"
            " a game), opening and replay included",
        )
        for name, keys in PARTS:
            value = sum(self.parts[k] for k in keys)
            share = value / total * 100 if total else 0.0
            section.add(f"  {name}", per_move(value), "ms", note=f"{share:.0f}%")
        section.add(
            "replay CPU per move played",
            per_move(self.parts["replay"] + self.parts["loop:replay"]),
            "ms",
            target=REPLAY_MS,
            note=f"{self.parts['replays']:.0f} replays; {self.parts['images:replay']:.0f} drawings",
        )
        pressed = max(self.pressed, 1)
        section.add(
            "Discord requests per press",
            self.press_requests / pressed,
            "",
            note=f"with the press's token (callback, followups, edits), {self.pressed:,} "
            f"presses; {self.requests / moves:.2f} requests per move, the bot seats' included",
        )
        section.add(
            "presses answered in their one callback",
            self.in_callback / pressed * 100,
            "%",
            note="the others were acknowledged when the ack budget ran out "
            "(REDLINE_ACK_BUDGET) and answered after",
        )
        section.add("fake Discord + players CPU per move", per_move(self.fake_cpu), "ms",
                    note="this process: not the bot's, but the same cores")  # fmt: skip
        drawn = {k: self.parts[f"images:{k}"] / moves for k in IMAGE_PARTS}
        section.add(
            THROUGH_THE_BOT,
            sum(drawn.values()),
            "",
            note=", ".join(f"{k} {v:.2f}" for k, v in drawn.items()) + " (replays not counted)",
        )
        section.notes.append(
            f"{self.seconds:.0f} s of phases; presses: "
            + ", ".join(f"{n} {k}" for k, n in self.presses.most_common())
            + (
                f"; {self.given_up} tables given up ({MAX_PRESSES:,} presses, or the board "
                f"unchanged for {STALLED_S:.0f} s)"
                if self.given_up
                else ""
            )
        )
        return section


@dataclass
class MemoryTrace:
    """RSS of the bot process after every `RSS_EVERY` moves (moves counted in its database),
    and between phases (`settled`: every replay built, nothing drawing)."""

    pid: int
    db: Path
    samples: list[tuple[int, float]] = field(default_factory=list)
    settled: list[tuple[int, float]] = field(default_factory=list)
    moves: int = 0

    def count(self) -> int:
        with closing(sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=30)) as conn:
            row = conn.execute("SELECT COUNT(*) FROM events WHERE seq > 0").fetchone()
        return int(row[0])

    async def follow(self) -> None:
        while True:
            await asyncio.sleep(0.25)
            try:
                self.moves = await asyncio.to_thread(self.count)
            except sqlite3.Error:
                continue  # the bot is migrating or the file is busy: next time
            while self.moves >= (len(self.samples) + 1) * RSS_EVERY:
                rss = status(self.pid).get("VmRSS", 0) / MB
                self.samples.append(((len(self.samples) + 1) * RSS_EVERY, rss))


def pressed_since(fake: FakeDiscord, first_call: int) -> list[InteractionRecord]:
    """The button and menu presses whose requests are among `fake.requests[first_call:]`."""
    ids = {c.interaction_id for c in fake.requests[first_call:]}
    found = (fake.store.interactions.get(i or 0) for i in ids)
    return [r for r in found if r is not None and r.type == COMPONENT]


def slope_per_10k(samples: Sequence[tuple[int, float]]) -> float:
    """Least-squares slope of RSS (MB) over moves, per 10,000 moves."""
    if len(samples) < 3:
        return float("nan")
    xs, ys = [x for x, _ in samples], [y for _, y in samples]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    var = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / var * 10_000


async def run(
    *,
    moves: int,
    tables: int,
    games: Sequence[str],
    quick: bool = False,
    minutes: float = 0.0,
    progress: Path | None = None,
    seed: int = 5,
    warm_up: int = WARM_UP,
) -> list[Section]:
    rnd = random.Random(seed)
    seats = {k: max(GAMES[k].min_players, QUICK_SEATS) if quick else GAMES[k].max_players
             for k in games}  # fmt: skip
    totals = {k: GameTotals(k, seats[k]) for k in games}
    began = time.perf_counter()
    deadline = began + minutes * 60 if minutes else float("inf")
    async with FakeDiscord(ack_deadline=3.0) as fake:
        channels: dict[str, list[Table]] = {}
        guild = fake.add_guild("Lifetime")
        for key in games:
            channels[key] = [
                Table(
                    key,
                    fake.add_channel(guild, f"{key}-{n}"),
                    [fake.add_member(guild, f"{key}{n}")],
                )
                for n in range(tables)
            ]
        Tracker({t.channel.id: t for ts in channels.values() for t in ts}).install(fake)
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp, "data")
            probe = Probe(Path(tmp, "probe.json"))
            env = bot_env(
                f"http://127.0.0.1:{fake.port}",
                fake.token,
                data,
                REDLINE_RENDER_PROCESSES="0",
                REDLINE_TICK_SECONDS="1",  # a table of bots plays on at the next tick
                LIFETIME_REPORT=str(probe.path),
            )
            bot = await BotProcess.start(env, Path(tmp), module="bench.lifetime_probe")
            try:
                await bot.wait_ready()
                booted = status(bot.pid).get("VmRSS", 0) / MB
                trace = MemoryTrace(bot.pid, data / "redline.sqlite3")
                follower = asyncio.create_task(trace.follow())
                cut = ""
                while trace.moves < moves and not cut:  # whole rounds: every game as often
                    for key in games:
                        if time.perf_counter() > deadline:
                            cut = f"stopped by the {minutes:g}-minute budget"
                            break
                        before, fake0, t0 = await probe.fresh(), time.process_time(), time.time()
                        moves0 = await asyncio.to_thread(trace.count)
                        calls0 = len(fake.requests)
                        game = totals[key]
                        played = await play_phase(fake, channels[key], seats[key], rnd)
                        game.games += played.finished
                        game.given_up += played.given_up
                        game.presses += played.presses
                        done = before["replays_done"] + played.finished
                        after = await probe.replays_built(done)
                        game.moves += await asyncio.to_thread(trace.count) - moves0
                        calls = fake.requests[calls0:]
                        game.requests += len(calls)
                        pressed = pressed_since(fake, calls0)
                        game.press_requests += sum(len(r.requests) for r in pressed)
                        game.pressed += len(pressed)
                        game.in_callback += sum(r.response_type in IN_CALLBACK for r in pressed)
                        game.fake_cpu += time.process_time() - fake0
                        game.seconds += time.time() - t0
                        start = cpu_parts(before)
                        for part, value in cpu_parts(after).items():
                            game.parts[part] += value - start.get(part, 0.0)
                        rss = status(bot.pid).get("VmRSS", 0) / MB
                        trace.settled.append((await asyncio.to_thread(trace.count), rss))
                        if progress is not None:
                            elapsed = time.perf_counter() - began
                            now = memory_section(
                                trace, booted, status(bot.pid), warm_up, elapsed, None, cut
                            )
                            sections = [totals[k].section() for k in games] + [now]
                            progress.write_text("\n".join(x.render() for x in sections) + "\n")
                await asyncio.sleep(0.5)
                follower.cancel()
                trace.moves = await asyncio.to_thread(trace.count)
                end = status(bot.pid)
            finally:
                code = await bot.stop()
    sections = [totals[k].section() for k in games]
    sections.append(
        memory_section(trace, booted, end, warm_up, time.perf_counter() - began, code, cut)
    )
    return sections


def memory_section(
    trace: MemoryTrace,
    booted: float,
    end: dict[str, int],
    warm_up: int,
    seconds: float,
    code: int | None,
    cut: str,
) -> Section:
    section = Section(f"lifetime: the bot process's memory over {trace.moves:,} moves")
    after = [(m, r) for m, r in trace.samples if m > warm_up]
    section.add(
        "RSS slope after warm-up",
        slope_per_10k(after),
        "MB/10k moves",
        target=SLOPE_MB,
        note=f"least squares over the {len(after)} samples after move {warm_up:,}",
    )
    section.add(
        "  RSS median after warm-up",
        statistics.median(r for _, r in after) if after else float("nan"),
        "MB",
        note="the samples above: a replay building at a sample's moment lifts it",
    )
    settled = [(m, r) for m, r in trace.settled if m > warm_up]
    section.add(
        "  RSS slope between phases after warm-up",
        slope_per_10k(settled),
        "MB/10k moves",
        note=f"{len(settled)} samples, each once a phase's replays were built (nothing drawing)",
    )
    section.add(
        "RSS high-water mark (VmHWM)",
        end.get("VmHWM", 0) / MB,
        "MB",
        target=PEAK_MB,
        note=f"{booted:.0f} MB after boot, {end.get('VmRSS', 0) / MB:.0f} MB at the end",
    )
    section.notes.append(
        "RSS (MB) after every 1,000 moves: "
        + ", ".join(f"{m // 1000}k {r:.0f}" for m, r in trace.samples)
    )
    section.notes.append(
        "RSS (MB) between phases: "
        + ", ".join(f"{m / 1000:.1f}k {r:.0f}" for m, r in trace.settled)
    )
    section.notes.append(
        f"whole run {seconds:.0f} s; load average {os.getloadavg()[0]:.1f} at the end; "
        f"bot exit code {code}" + (f"; {cut}" if cut else "")
    )
    return section


def images_through_the_bot(sections: Sequence[Section]) -> dict[str, Figure]:
    """Each game's "images per move through the bot" figure by game key (for `bench.moves`)."""
    keys = {spec.title: key for key, spec in GAMES.items()}
    found: dict[str, Figure] = {}
    for section in sections:
        title = section.title.removeprefix("lifetime: ").split(",")[0]
        for figure in section.figures:
            if title in keys and figure.name == THROUGH_THE_BOT:
                players = section.title.split(", ")[1]
                found[keys[title]] = replace(figure, note=f"{players}: {figure.note}")
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2-player tables, one round")
    parser.add_argument("--moves", type=int, help="moves to play (default 20,000)")
    parser.add_argument("--tables", type=int, help="tables a phase (default 6; --quick 1)")
    parser.add_argument("--minutes", type=float, default=0.0,
                        help="start no phase after this long (0: no budget)")  # fmt: skip
    parser.add_argument("--progress", type=Path, help="rewrite the figures here after each phase")
    parser.add_argument("--games", nargs="+", choices=ORDER, default=list(ORDER))
    parser.add_argument("--json", action="store_true", help="print each section as JSON")
    args = parser.parse_args(argv)
    moves = args.moves or (1 if args.quick else 20_000)
    tables = args.tables or (1 if args.quick else 6)
    warm_up = WARM_UP if moves >= 4 * WARM_UP else moves // 4
    sections = asyncio.run(
        run(moves=moves, tables=tables, games=args.games, quick=args.quick,
            minutes=args.minutes, progress=args.progress, warm_up=warm_up)
    )  # fmt: skip
    for section in sections:
        print(section.to_json() if args.json else section.render(), flush=True)


if __name__ == "__main__":
    main()
