"""The large deployment: `python -m bench.deployment [--quick] [--guilds N] [--json]`.

1. **10,000 guilds over shards.** Guild ids are snowflakes created at random moments of the
   last five years (as real guilds are), so shards get uneven shares: 10,000 / 2,500 = 4
   shards is the arithmetic minimum, but with real ids some shard carries more than 2,500 and
   Discord refuses it (4011); the run shows that, then starts `python -m bot` (its own process,
   so its memory is its own) with the shards actually needed, all in one process:
   - paced as Discord paces a bot of this size (max_concurrency 1: one IDENTIFY per 5 s), and
   - unpaced (every shard identifies at once), which isolates the bot's own cost;
   and reports spawn-to-ready (interpreter start, imports, migrations, gateway, every
   GUILD_CREATE parsed) and resident memory per guild (against a one-guild process).
2. **Two processes on PostgreSQL** (`bench/deployment_pg.py`): shards 0 and 1 in two
   `python -m bot` processes sharing one PostgreSQL, Drag Rage races played by buttons with
   stale presses mixed in: moves per second, and the database's share of a move.

The fake Discord runs in this process; on a 2-core machine it competes with the bots for CPU.
`--part shards` or `--part postgres` runs one part (`python -m bench` runs each as a child and
reads its JSON line).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bench.deployment_procs import Child, bot_env
from bench.figures import Section, Target
from fakediscord import FakeDiscord
from fakediscord.ids import DISCORD_EPOCH_MS
from fakediscord.shards import MAX_GUILDS_PER_SHARD, recommended_shards

GUILDS = 10_000
MB = 1024 * 1024
FIVE_YEARS_MS = 5 * 365 * 24 * 3600 * 1000
RSS_TARGET = Target(250)  # MB: the bound for one bot process
READY_TARGET = Target(60)  # s: a restart of a 10,000-guild bot within a minute


def guild_ids(count: int, seed: int = 18) -> list[int]:
    """Snowflakes of guilds created at random moments of the last five years (unique)."""
    rnd = random.Random(seed)
    now = int(time.time() * 1000)
    ids = []
    for n in range(count):
        stamp = now - rnd.randrange(FIVE_YEARS_MS) - DISCORD_EPOCH_MS
        ids.append((stamp << 22) | (2 << 17) | (n & 0x1FFFF))
    return ids


def per_shard(ids: list[int], shards: int) -> Counter[int]:
    return Counter((g >> 22) % shards for g in ids)


def needed_shards(ids: list[int]) -> int:
    """The fewest shards with no shard over Discord's 2,500 guilds."""
    shards = max(1, -(-len(ids) // MAX_GUILDS_PER_SHARD))
    while max(per_shard(ids, shards).values()) > MAX_GUILDS_PER_SHARD:
        shards += 1
    return shards


@dataclass
class Boot:
    ready_s: float | None  # spawn to the ready line; None when the bot stopped instead
    rss: int
    exit_code: int | None
    last_line: str


async def boot(ids: list[int], tmp: Path, *, shards: int | None, paced: bool, name: str) -> Boot:
    """Serve `ids` as guilds (one channel each) and start `python -m bot` on them."""
    # paced: what Discord gives a bot of this size; unpaced: a large bot's 16 at once
    if paced:
        fake = FakeDiscord(max_concurrency=1, identify_window=5.0)
    else:
        fake = FakeDiscord(max_concurrency=16, identify_window=5.0)
    await fake.start()
    try:
        for n, guild_id in enumerate(ids):
            fake.add_channel(fake.add_guild(f"guild {n}", guild_id=guild_id), "general")
        extra = {"REDLINE_RENDER_PROCESSES": "0"}
        if shards is not None:
            extra["REDLINE_SHARD_COUNT"] = str(shards)
        env = bot_env(f"http://127.0.0.1:{fake.port}", fake.token, tmp / name, **extra)
        child = await Child.spawn(env, tmp)
        ready = await child.ready(timeout=300)
        if ready is not None:
            await asyncio.sleep(1.0)  # let the allocator settle after the burst of parsing
        rss = child.rss()
        code = await child.stop()
        last = child.lines[-1] if child.lines else ""
        return Boot(ready, rss, None if ready is not None else code, last)
    finally:
        await fake.stop()


async def ready_section(guilds: int, *, quick: bool) -> Section:
    section = Section(f"deployment: {guilds:,} guilds over shards, bot in its own process")
    ids = guild_ids(guilds)
    need = needed_shards(ids)
    minimum = -(-guilds // MAX_GUILDS_PER_SHARD)
    largest = max(per_shard(ids, minimum).values())
    section.add(
        f"shards needed (<= {MAX_GUILDS_PER_SHARD:,} guilds each)",
        need,
        "",
        note=f"{minimum} is the arithmetic minimum, but with real ids one of {minimum} shards "
        f"carries {largest:,}; Discord recommends {recommended_shards(guilds)}",
    )
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        base = await boot(ids[:1], tmp, shards=None, paced=False, name="one")
        if largest > MAX_GUILDS_PER_SHARD:
            refused = await boot(ids, tmp, shards=minimum, paced=False, name="min")
            section.notes.append(
                f"with REDLINE_SHARD_COUNT={minimum}: "
                + (
                    f"refused, exit {refused.exit_code}: {refused.last_line[:150]}"
                    if refused.ready_s is None
                    else "ready (unexpected: the fake did not refuse)"
                )
            )
        fast = await boot(ids, tmp, shards=need, paced=False, name="fast")
        paced = None if quick else await boot(ids, tmp, shards=need, paced=True, name="paced")
    if fast.ready_s is None:
        section.notes.append(f"FAILED: {need} shards did not get ready: {fast.last_line}")
        return section
    if paced is not None and paced.ready_s is not None:
        section.add(
            f"spawn -> ready, {need} shards paced like Discord",
            paced.ready_s,
            "s",
            target=READY_TARGET,
            note=f"max_concurrency 1: {need - 1} waits of 5 s between IDENTIFYs",
        )
    section.add(
        f"spawn -> ready, {need} shards unpaced",
        fast.ready_s,
        "s",
        target=READY_TARGET,
        note="every shard identifies at once: the bot's own cost",
    )
    section.add("  spawn -> ready, 1 guild", base.ready_s or float("nan"), "s")
    section.add(f"bot RSS with {guilds:,} guilds", fast.rss / MB, "MB", target=RSS_TARGET)
    per_guild = (fast.rss - base.rss) / max(1, guilds - 1) / 1024
    section.add(
        "  memory per guild",
        per_guild,
        "KB",
        note=f"(RSS at {guilds:,} - RSS at 1 guild, {base.rss / MB:.0f} MB) / guilds",
    )
    section.notes.append(
        "each guild: 3 roles, 1 channel, the bot's member (no members intent); the fake "
        "Discord serves from this process"
    )
    return section


PARTS = ("shards", "postgres")


async def run(
    *, guilds: int = GUILDS, quick: bool = False, parts: tuple[str, ...] = PARTS
) -> list[Section]:
    from bench.deployment_pg import postgres_section

    sections: list[Section] = []
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if "shards" in parts:
        sections.append(await ready_section(guilds, quick=quick))
    if "postgres" in parts:
        sections.append(await postgres_section(quick=quick))
    if hasattr(os, "getloadavg"):
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
        for section in sections:
            section.notes.append(
                f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after, on {cores} "
                "cores: above the core count, other processes took CPU from this run"
            )
    return sections


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the paced run, shorter load")
    parser.add_argument("--guilds", type=int, default=GUILDS)
    parser.add_argument(
        "--part", choices=PARTS, action="append", help="run only this part (repeatable)"
    )
    parser.add_argument(
        "--json", action="store_true", help="print each section as one JSON line (for bench)"
    )
    args = parser.parse_args()
    parts = tuple(args.part or PARTS)
    for section in asyncio.run(run(guilds=args.guilds, quick=args.quick, parts=parts)):
        print(section.to_json() if args.json else section.render(), flush=True)


if __name__ == "__main__":
    main()
