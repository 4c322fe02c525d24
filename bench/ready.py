"""Time from start to ready: `python -m bench.ready [--boots N --sessions N] [--json]`.

Run in a fresh process (as `python -m bench` does) so the import figure is a cold one.
Each boot constructs RedlineBot against the fake Discord and waits for `on_ready`:
- as `python -m bot` builds it (discord.py's default guild_ready_timeout of 2 s: after the last
  GUILD_CREATE the client waits that long for more before it fires on_ready);
- as the test driver builds it (guild_ready_timeout=0.05), on a fresh data dir (first start:
  migrations and a command sync) and on one that already holds many sessions (a restart).
Also times the first slash command answered after construction: interactions are served
before on_ready, so this is when players stop waiting.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.figures import Figure, Section, Target

READY = Target(2000)


async def _boot_once(
    fake: Any, data_dir: Path, options: dict[str, Any], probe: tuple[Any, Any] | None
) -> tuple[float, float | None]:
    """(construct -> on_ready, construct -> first slash answered) in seconds."""
    from bench.driver import shut_down
    from bot.client import RedlineBot
    from bot.settings import Settings

    settings = Settings(token=fake.token, data_dir=data_dir)
    t0 = time.perf_counter()
    bot = RedlineBot(settings, **options)
    task = asyncio.create_task(bot.start(fake.token))
    first: float | None = None
    try:
        if probe is not None:
            await fake.wait_until_ready(timeout=10)
            user, channel = probe
            await fake.slash(user, channel, "roll", expression="1d6", settle=0)
            first = time.perf_counter() - t0
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        ready = time.perf_counter() - t0
    finally:
        await shut_down(bot, task)
        await fake.wait_until_disconnected()
    return ready, first


async def _fill(data_dir: Path, sessions: int) -> None:
    """A data dir holding `sessions` started Drag Rage races (through the real service)."""
    from bot.service import GameService
    from games.engine import Player
    from games.registry import GAMES
    from storage import Repository

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


async def run(*, boots: int = 5, sessions: int = 1000) -> Section:
    from fakediscord import FakeDiscord

    section = Section("ready: RedlineBot constructed -> on_ready, against the fake Discord")
    production: list[float] = []
    first_answer: list[float] = []
    fresh: list[float] = []
    restart: list[float] = []
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Ready")
        probe = (fake.add_member(guild, "probe"), fake.add_channel(guild, "lobby"))
        quick = {"guild_ready_timeout": 0.05}
        with tempfile.TemporaryDirectory() as tmp:
            for n in range(boots):
                ready, first = await _boot_once(fake, Path(tmp, f"p{n}"), {}, probe)
                production.append(ready)
                first_answer.append(first or float("nan"))
                fresh.append((await _boot_once(fake, Path(tmp, f"f{n}"), quick, None))[0])
            full = Path(tmp, "full")
            full.mkdir()
            t0 = time.perf_counter()
            await _fill(full, sessions)
            fill_s = time.perf_counter() - t0
            for _ in range(boots):
                restart.append((await _boot_once(fake, full, quick, None))[0])
    ms = 1000
    section.add(
        "as `python -m bot` builds it",
        statistics.median(production) * ms,
        "ms",
        target=READY,
        note="most of it is discord.py's guild_ready_timeout (the bot sets 0.5 s)",
    )
    section.add("  first slash command answered", statistics.median(first_answer) * ms, "ms")
    section.add(
        "guild_ready_timeout=0.05, fresh data dir",
        statistics.median(fresh) * ms,
        "ms",
        target=READY,
        note="migrations + command sync",
    )
    section.add(
        f"guild_ready_timeout=0.05, {sessions:,} sessions",
        statistics.median(restart) * ms,
        "ms",
        target=READY,
        note="a restart: commands unchanged, not synced",
    )
    section.notes.append(
        f"medians of {boots} boots each; first boot of this process (lazy imports): "
        f"{production[0] * ms:.0f} ms; filling {sessions:,} sessions took {fill_s:.1f} s"
    )
    return section


def import_seconds() -> float:
    """Cold import of everything `python -m bot` loads before it constructs the bot."""
    t0 = time.perf_counter()
    import bot.client
    import bot.dice.commands
    import bot.dragrage.commands
    import bot.session  # noqa: F401
    import render.registry  # noqa: F401

    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boots", type=int, default=5)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--json", action="store_true", help="print the section as JSON")
    args = parser.parse_args()
    imports = import_seconds()
    section = asyncio.run(run(boots=args.boots, sessions=args.sessions))
    cold = Figure(section.title, "imports of bot, cogs, render (cold)", imports * 1000, "ms")
    section.figures.insert(0, cold)
    print(section.to_json() if args.json else section.render())


if __name__ == "__main__":
    main()
