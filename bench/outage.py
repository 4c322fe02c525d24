"""`python -m bench.outage`: seconds to resume after PostgreSQL comes back (real time).

A throwaway PostgreSQL (`tests/postgres.py`, fsync on as in production) under a GameService
with a game in play. Each try: the server is shut down as an admin restart does (`pg_ctl stop
-m fast`), a press meets it (the game pauses, the probe loop starts with its real backoff),
the server stays down for a while (varied, so the backoff is caught at different waits), then
is started again. Measured from `pg_ctl start` returning (the server accepts connections) to
the outage being over (a test write succeeded), and the next press landing. Not part of
`python -m bench` (it restarts a server and takes about a minute).

    python -m bench.outage [--downs 1 3 6 10 2]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from games.engine import Player
from games.registry import GAMES
from storage import Repository
from table.outage import FIRST_DELAY, MAX_DELAY
from table.service import GameService, Maintenance, Snapshot
from tests.postgres import PgServer, start_server


async def _started(service: GameService) -> Snapshot:
    host, guest = Player(id=1, name="Host"), Player(id=2, name="Guest")
    await service.new_session(guild_id=1, channel_id=1, game_key="dragrage", host=host)
    await service.join(1, guest)
    return await service.start(1, host.id)


async def _press(service: GameService, snap: Snapshot) -> Snapshot:
    actor = min(snap.active_players)
    action = snap.legal_actions(actor)[0]
    return await service.act(snap.session_id, actor, action, expected_version=snap.version)


async def _one_outage(server: PgServer, service: GameService, down_s: float) -> tuple[float, float]:
    """(seconds from the server accepting again to the outage ending, to the next move)."""
    snap = await service.current(1)
    await asyncio.to_thread(server.pause)
    try:
        await _press(service, snap)
        raise AssertionError("a press landed while the server was down")
    except Maintenance:
        pass
    await asyncio.sleep(down_s)
    await asyncio.to_thread(server.resume)
    up = time.monotonic()
    while service.storage_problem is not None:
        await asyncio.sleep(0.005)
    resumed = time.monotonic() - up
    await _press(service, snap)
    return resumed, time.monotonic() - up


async def run(downs: list[float]) -> None:
    server = start_server(fsync=True)
    try:
        repo = await Repository.open(server.new_database())
        service = GameService(repo, GAMES, seed_source=lambda: 17)
        try:
            await _started(service)
            resumed: list[float] = []
            moved: list[float] = []
            for down_s in downs:
                back, move = await _one_outage(server, service, down_s)
                resumed.append(back)
                moved.append(move)
                print(f"down {down_s:4.1f} s: resumed {back:5.2f} s, next move {move:5.2f} s")
        finally:
            service.outage.close()
            await repo.close()
    finally:
        server.stop()
    print(
        f"backoff {FIRST_DELAY} s doubling to {MAX_DELAY} s; {len(downs)} restarts: "
        f"resumed median {statistics.median(resumed):.2f} s (max {max(resumed):.2f} s), "
        f"next move median {statistics.median(moved):.2f} s after the server accepted again"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--downs", type=float, nargs="+", default=[1, 3, 6, 10, 2])
    asyncio.run(run(parser.parse_args().downs))


if __name__ == "__main__":
    main()
