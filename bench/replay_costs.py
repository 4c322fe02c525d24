"""What a finished game's replay costs: `python -m bench.replay_costs [--games KEY ...]`.

Not part of `python -m bench`. Every game is played to its end at its maximum player count,
every seat played by the game's policy through the service (`GameService.stand_in`, SQLite in
a temporary folder). Then the replay is built exactly as the bot's drawing worker builds it
(`table.replays.replay_animation`: the rules' steps, the public views kept, each board drawn,
shrunk and encoded), in this process, on one core:

- CPU per move played: the replay's process time over the game's moves (target <= 10 ms);
- frames and bytes of the GIF;
- this process's RSS before the replay, after it, and after `malloc_trim(0)`
  (`runtime.memory.release_freed_memory`, which every background drawing ends with).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import tempfile
import time
from pathlib import Path

from PIL import Image

from games.engine import Player
from games.registry import GAMES
from runtime.memory import release_freed_memory
from storage import Repository
from table.replays import replay_animation
from table.service import GameService

REPLAY_MS_PER_MOVE = 10.0
HOST = Player(id=1_000_001, name="Host")


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def _finished(service: GameService, key: str, channel: int) -> int:
    """A game of `key` at its maximum players, every seat a bot, played to its end."""
    spec = GAMES[key]
    await service.new_session(guild_id=1, channel_id=channel, game_key=key, host=HOST)
    for _ in range(spec.max_players - 1):
        await service.add_bot(channel, HOST.id)
    snap = await service.start(channel, HOST.id)
    for _ in range(5000):
        if not snap.record.is_live:
            return snap.session_id
        player = sorted(snap.active_players)[0]
        stood = await service.stand_in(snap.session_id, player, snap.clock.of(player).turn)
        snap = stood.snapshot if stood else await service.by_id(snap.session_id)
    raise AssertionError(f"{key} did not end in 5,000 moves")


async def measure(key: str, folder: Path) -> str:
    repo = await Repository.open(folder / f"{key}.sqlite3")
    try:
        service = GameService(repo, GAMES, seed_source=lambda: 424242)
        session = await _finished(service, key, channel=5)
        record = await repo.get_session(session)
        entries = tuple(await repo.log(session))
    finally:
        await repo.close()
    release_freed_memory()
    before = _rss_mb()
    started = time.process_time()
    data = replay_animation(key, record, entries)
    cpu = time.process_time() - started
    after = _rss_mb()
    release_freed_memory()
    trimmed = _rss_mb()
    moves = record.last_seq
    with Image.open(io.BytesIO(data)) as image:
        frames, size = image.n_frames, image.size
    per_move = 1000 * cpu / moves
    verdict = "PASS" if per_move <= REPLAY_MS_PER_MOVE else "MISS"
    return (
        f"  {key:<15} {spec_players(key):>2} players {moves:>4} moves  replay {per_move:5.1f} ms "
        f"CPU a move ({cpu:.2f} s, {verdict})  {frames:>3} frames {size[0]}x{size[1]} "
        f"{len(data) / 1e6:.2f} MB  RSS {before:.0f} -> {after:.0f} MB, trimmed {trimmed:.0f} MB"
    )


def spec_players(key: str) -> int:
    return GAMES[key].max_players


async def main(keys: list[str]) -> None:
    print(f"replay cost per move played (target <= {REPLAY_MS_PER_MOVE:g} ms), one core:")
    with tempfile.TemporaryDirectory() as folder:
        for key in keys:
            print(await measure(key, Path(folder)), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=sorted(GAMES), choices=sorted(GAMES))
    asyncio.run(main(parser.parse_args().games))
