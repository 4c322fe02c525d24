"""The leaderboard query at scale: `python bench/leaderboard.py [--games N] [--reads N]`.

Fills a temporary SQLite database through the real counting transaction
(`storage.queries.ratings.count_game`, openskill's update included) with N finished games
(100,000 by default) of 2-6 players, spread over 5 games and 20 servers whose members play
mostly at home (one large server holds a third of the games), then times
`Repository.leaderboard` (one page of 10, the command's default minimum of 3 games) on the
largest server's most played game, and on a random server and game, and prints the median
and p90. The fill turns `synchronous` off: it is set-up, not what is measured; the reads run
on the repository as the bot opens it. Also prints the average cost of counting one game as
the table grows (it reads and writes only its players' rows: flat however many games exist).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.stats import percentile
from storage import Finisher, Repository
from storage.queries.ratings import count_game
from table.leaderboard import MIN_GAMES, PAGE_SIZE
from table.ratings import DEFAULT_SKILL, rate_by

GAMES = ("dragrage", "spacetruckin", "rushncrush", "apocalypseroad", "roadwolf")
SERVERS = 20
MEMBERS_PER_SERVER = 300
BIG_SERVER = 1


def _fill(path: Path, games: int, rnd: random.Random) -> list[float]:
    """Count `games` finished games; the ms one in a hundred of them took, in order."""
    db = sqlite3.connect(path, isolation_level=None)
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA synchronous = OFF")
    samples: list[float] = []
    every = max(1, games // 100)
    for session_id in range(1, games + 1):
        guild = BIG_SERVER if rnd.random() < 1 / 3 else rnd.randint(2, SERVERS)
        size = rnd.randint(2, 6)
        members = rnd.sample(range(guild * 10_000, guild * 10_000 + MEMBERS_PER_SERVER), size)
        people = [
            Finisher(user_id=m, place=p, won=p == 1, rated=True, moves=20, move_seconds=3600.0)
            for p, m in enumerate(members, start=1)
        ]
        began = time.perf_counter()
        count_game(
            db,
            now=float(session_id),
            session_id=session_id,
            guild_id=guild,
            game_key=rnd.choice(GAMES[:3]) if guild == BIG_SERVER else rnd.choice(GAMES),
            finishers=people,
            default=DEFAULT_SKILL,
            rate=rate_by({f.user_id: f.place for f in people}),
        )
        if session_id % every == 0:
            samples.append((time.perf_counter() - began) * 1000)
    db.close()
    return samples


async def _reads(path: Path, reads: int, rnd: random.Random) -> tuple[list[float], list[float]]:
    repo = await Repository.open(path)
    try:
        [(busiest, _), *_] = await repo.rated_games(guild_id=BIG_SERVER)
        big: list[float] = []
        anywhere: list[float] = []
        for _ in range(reads):
            for samples, guild, game in (
                (big, BIG_SERVER, busiest),
                (anywhere, rnd.randint(1, SERVERS), rnd.choice(GAMES)),
            ):
                began = time.perf_counter()
                await repo.leaderboard(
                    guild_id=guild, game_key=game, min_games=MIN_GAMES, limit=PAGE_SIZE
                )
                samples.append((time.perf_counter() - began) * 1000)
        return big, anywhere
    finally:
        await repo.close()


def _line(label: str, samples: list[float]) -> str:
    return (
        f"{label:<44} median {statistics.median(samples):6.3f} ms   "
        f"p90 {percentile(samples, 90):6.3f} ms   ({len(samples)} reads)"
    )


async def main(games: int, reads: int) -> None:
    rnd = random.Random(29)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "redline.sqlite3"
        await (await Repository.open(path)).close()  # the schema, by the real migrations
        began = time.perf_counter()
        counting = _fill(path, games, rnd)
        print(f"filled {games:,} finished games in {time.perf_counter() - began:.0f} s")
        third = max(1, len(counting) // 3)
        print(
            f"counting one game: {statistics.median(counting[:third]):.3f} ms median in the "
            f"first third, {statistics.median(counting[-third:]):.3f} ms in the last"
        )
        big, anywhere = await _reads(path, reads, rnd)
        print(_line("leaderboard, largest server's busiest game", big))
        print(_line("leaderboard, any server and game", anywhere))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--reads", type=int, default=300)
    args = parser.parse_args()
    asyncio.run(main(args.games, args.reads))
