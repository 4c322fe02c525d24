"""Two real `python -m bot` processes, shards 0 and 1 of 2, one database (PostgreSQL; also
one SQLite file, which WAL lets two processes on one machine share): each process connects
its shard and gets its guild, races in both guilds are played by buttons (doubled and stale
presses included), and the database holds every accepted move exactly once."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from bench.driver import active_user_id
from fakediscord import FakeDiscord
from storage import Repository
from tests.bot.sharded import SHARDS, Deployment, table_on
from tests.ops.conftest import BotProcess, clean_env
from tests.postgres import PgServer, serving

pg_server = pytest.fixture(scope="module", name="pg_server")(serving)


@pytest.fixture(params=["postgres", "sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, str]:
    """The variables that point both processes at one database."""
    if request.param == "sqlite":
        return {"REDLINE_DATABASE_FILE": str(tmp_path / "shared.sqlite3")}  # absolute: shared
    server: PgServer = request.getfixturevalue("pg_server")
    return {"REDLINE_DATABASE_URL": server.new_database()}


async def _start(fake: FakeDiscord, tmp: Path, database: dict[str, str], shard: int) -> BotProcess:
    env = clean_env(
        REDLINE_TOKEN=fake.token,
        REDLINE_FAKE_DISCORD=f"http://127.0.0.1:{fake.port}",
        REDLINE_DATA_DIR=str(tmp / f"shard{shard}"),
        **database,
        REDLINE_SHARD_COUNT=str(SHARDS),
        REDLINE_SHARD_IDS=str(shard),
        REDLINE_BACKUP_HOURS="0",
        REDLINE_RENDER_PROCESSES="0",
    )
    return await BotProcess.start("-m", "bot", cwd=tmp, env=env)


async def test_two_processes_two_shards_one_database(
    tmp_path: Path, database: dict[str, str]
) -> None:
    """Each process holds one guild; every accepted press is one move in the shared database."""
    fake = FakeDiscord(max_concurrency=2, identify_window=5.0)
    await fake.start()  # no install(): the bots are other processes
    processes: list[BotProcess] = []
    try:
        world = Deployment(fake, [await table_on(fake, n) for n in range(SHARDS)])
        for shard in range(SHARDS):
            processes.append(await _start(fake, tmp_path, database, shard))
        for shard, proc in enumerate(processes):
            line = await proc.wait_for_line("ready as", timeout=60)
            assert f"in 1 guilds (shard {shard} of 2)" in line, line
        await fake.wait_until_ready(timeout=30)
        # both processes sync the same command set: wait until the schema is there
        boards = [await world.new_race(table) for table in world.tables]
        rnd = random.Random(8)
        accepted = [0] * SHARDS
        pressed: list[str] = []
        firsts = []  # (a board loses its prompt once its turn is over)
        for shard, (table, board) in enumerate(zip(world.tables, boards, strict=True)):
            player = table.user(active_user_id(board))
            firsts.append(player)
            cid = next(c for _, c, disabled in board.buttons if c and not disabled)
            pressed.append(cid)
            doubled = await asyncio.gather(
                *(fake.click(player, board, cid, force=True) for _ in range(4))
            )
            for r in doubled:
                await r.wait_followups(1)
            assert sum(not r.messages[-1].ephemeral for r in doubled) == 1
            world.mark_pressed(table, board)
            accepted[shard] += 1
        for _ in range(5):
            presses = await asyncio.gather(*(world.press(t, rnd) for t in world.tables))
            for shard, r in enumerate(presses):
                assert not r.messages[-1].ephemeral, r.messages[-1].content
                accepted[shard] += 1
        first_player = firsts[1]
        stale = await fake.click(first_player, boards[1], pressed[1], force=True)
        await stale.wait_followups(1)
        assert stale.messages[-1].ephemeral and "moved on" in stale.messages[-1].content
        target = database.get("REDLINE_DATABASE_URL") or database["REDLINE_DATABASE_FILE"]
        repo = await Repository.open(target)
        try:
            for shard, table in enumerate(world.tables):
                record = await repo.live_session(table.channel.id)
                assert record is not None and record.last_seq == accepted[shard]
                log = await repo.log(record.id)
                assert [e.seq for e in log] == list(range(accepted[shard] + 1))
        finally:
            await repo.close()
        fake.assert_clean()
    finally:
        for proc in processes:
            proc.signal()
        for proc in processes:
            try:
                await proc.wait(20)
            except TimeoutError:
                await proc.kill()
        await fake.stop()


async def test_too_many_guilds_for_the_shard_count_stops_with_advice(tmp_path: Path) -> None:
    """REDLINE_SHARD_COUNT=1 with 2,501 guilds: Discord closes with 4011; the bot exits 2 with
    one paragraph that says what to change, not a traceback."""
    fake = FakeDiscord()
    await fake.start()
    try:
        for n in range(2501):
            fake.add_guild(f"g{n}")
        env = clean_env(
            REDLINE_TOKEN=fake.token,
            REDLINE_FAKE_DISCORD=f"http://127.0.0.1:{fake.port}",
            REDLINE_DATA_DIR=str(tmp_path / "data"),
            REDLINE_SHARD_COUNT="1",
            REDLINE_BACKUP_HOURS="0",
            REDLINE_RENDER_PROCESSES="0",  # about the gateway; the render pool's exit is its own
        )
        proc = await BotProcess.start("-m", "bot", cwd=tmp_path, env=env)
        assert await proc.wait(60) == 2, proc.text
        assert "close code 4011" in proc.text and "REDLINE_SHARD_COUNT" in proc.text
        assert "Traceback" not in proc.text
    finally:
        await fake.stop()


async def test_each_process_reminds_only_its_own_guilds(tmp_path: Path) -> None:
    """Real time, real processes: a 1-minute turn clock in a guild of each shard, shard 1's
    process stopped. After a third of the turn, shard 0's process reminds its own player but,
    ticking every second, never the player of shard 1's guild; shard 1's process, started
    again, sends that reminder at once. (About 30 s: the shortest turn clock is a minute.)"""
    database: dict[str, str] = {"REDLINE_DATABASE_FILE": str(tmp_path / "shared.sqlite3")}
    fake = FakeDiscord(max_concurrency=2, identify_window=5.0)
    await fake.start()
    processes: list[BotProcess] = []
    try:
        world = Deployment(fake, [await table_on(fake, n) for n in range(SHARDS)])
        tick = {"REDLINE_TICK_SECONDS": "1"}
        for shard in range(SHARDS):
            processes.append(await _start(fake, tmp_path, database | tick, shard))
        for proc in processes:
            await proc.wait_for_line("ready as", timeout=60)
        await fake.wait_until_ready(timeout=30)
        for table in world.tables:
            await world.slash(table, table.alice, "game new", game="dragrage")
            await world.slash(table, table.bob, "game join")
            await world.slash(table, table.alice, "game clock", mode="turn", time="1m")
            r = await world.slash(table, table.alice, "game start")
            await r.wait_followups(1)
        processes[1].signal()
        assert await processes[1].wait(20) == 0

        def reminders(shard: int) -> int:
            """Reminders sent for shard's guild: by DM (the default) or in its channel."""
            table = world.tables[shard]
            messages = [*fake.dms(table.alice), *fake.dms(table.bob)]
            messages += fake.channel_messages(table.channel)
            return sum("it's your turn" in m.content for m in messages)

        await _until(lambda: reminders(0) == 1, 40, "shard 0's reminder")
        await asyncio.sleep(3)  # three more ticks of shard 0's process
        assert reminders(1) == 0, "shard 0's process reminded a guild it does not hold"
        processes.append(await _start(fake, tmp_path, database | tick, 1))
        await processes[-1].wait_for_line("ready as", timeout=60)
        await _until(lambda: reminders(1) == 1, 10, "shard 1's reminder after its restart")
        assert reminders(0) == 1
    finally:
        for proc in processes:
            if proc.proc.returncode is None:
                proc.signal()
        for proc in processes:
            try:
                await proc.wait(20)
            except TimeoutError:
                await proc.kill()
        await fake.stop()


async def _until(predicate: Callable[[], bool], timeout: float, what: str) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        if loop.time() > end:
            raise AssertionError(f"no {what} within {timeout} s")
        await asyncio.sleep(0.2)
