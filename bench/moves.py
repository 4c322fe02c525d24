"""Server time per move for every registered game: apply + save + render + encode, one core.

Plays seeded random games through the real GameService on a SQLite file and times each move
the way the bot performs it (the render runs inline here, so the figure is the whole cost).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.stats import percentile
from bot.service import GameService
from games.engine import Player
from games.registry import GAMES, AnySpec
from render import RENDERERS
from storage import Repository


@dataclass
class MoveFigures:
    game: str
    move_times: list[float]
    apply_save_times: list[float]
    render_times: list[float]
    sizes: list[int]

    def report(self) -> str:
        med = statistics.median
        return (
            f"{self.game}: per move median {med(self.move_times) * 1e3:.2f} ms, "
            f"p99 {percentile(self.move_times, 99) * 1e3:.2f} ms "
            f"(apply+save median {med(self.apply_save_times) * 1e3:.2f} ms, "
            f"render+encode median {med(self.render_times) * 1e3:.2f} ms, "
            f"p99 {percentile(self.render_times, 99) * 1e3:.2f} ms); "
            f"board median {int(med(self.sizes))} B, max {max(self.sizes)} B "
            f"(n={len(self.move_times)} moves)"
        )


async def bench_game(spec: AnySpec, *, games: int, seed: int = 1, folder: Path) -> MoveFigures:
    repo = await Repository.open(folder / f"bench-{spec.key}.sqlite3")
    seeds = iter(range(seed * 100_000, seed * 100_000 + games))
    service = GameService(repo, {spec.key: spec}, seed_source=lambda: next(seeds))
    draw = RENDERERS[spec.key]
    rnd = random.Random(seed)
    figures = MoveFigures(spec.key, [], [], [], [])
    try:
        for number in range(games):
            players = [Player(id=10 + i, name=f"Driver {i + 1}") for i in range(spec.min_players)]
            channel = 5_000 + number
            await service.new_session(
                guild_id=1, channel_id=channel, game_key=spec.key, host=players[0]
            )
            for p in players[1:]:
                await service.join(channel, p)
            snap = await service.start(channel, players[0].id)
            while snap.outcome is None:
                actor = rnd.choice(sorted(snap.active_players))
                action = rnd.choice(list(snap.legal_actions(actor)))
                t0 = time.perf_counter()
                snap = await service.act(snap.session_id, actor, action)
                t1 = time.perf_counter()
                image = draw(snap.view(None))
                t2 = time.perf_counter()
                figures.move_times.append(t2 - t0)
                figures.apply_save_times.append(t1 - t0)
                figures.render_times.append(t2 - t1)
                figures.sizes.append(len(image))
    finally:
        await repo.close()
    return figures


async def run(games: int = 30) -> list[MoveFigures]:
    with tempfile.TemporaryDirectory() as tmp:
        return [await bench_game(spec, games=games, folder=Path(tmp)) for spec in GAMES.values()]


def main() -> None:
    for figures in asyncio.run(run()):
        print(figures.report())


if __name__ == "__main__":
    main()
