"""Two shards, two bots, one database: each guild's presses reach only the bot holding its
shard, every move is applied once, and each scheduler handles only its own guilds' due items
(while the version compare-and-swap keeps a due item single even if both handled it)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from pydantic import ValidationError

from bench.driver import shut_down
from bot.shards import IdentifyPace, ShardScope, shard_of
from fakediscord import FakeDiscord
from fakediscord.interaction import InteractionResult
from runtime.settings import Settings, describe_errors
from tests.bot.conftest import active_user_id
from tests.bot.sharded import SHARDS, Deployment, boot_one, in_process, table_on

HOUR = 3600.0


async def _live_session(world: Deployment, shard: int) -> int:
    snap = await world.bots[shard].service.current(world.tables[shard].channel.id)
    return snap.session_id


async def _moves_logged(world: Deployment, shard: int) -> int:
    snap = await world.bots[shard].service.current(world.tables[shard].channel.id)
    return snap.record.last_seq


def _applied(results: list[InteractionResult]) -> int:
    return sum(1 for r in results if not r.messages[-1].ephemeral)


async def test_each_guild_is_served_by_its_shards_bot_and_every_move_applies_once(
    tmp_path: Path,
) -> None:
    """Races in a guild of each shard, played by buttons on both at once: each bot receives
    only its shard's guild, each accepted press is one logged move, none is lost."""
    async with in_process(tmp_path) as world:
        for table in world.tables:
            assert shard_of(table.guild.id, SHARDS) == table.shard
        for shard, bot in enumerate(world.bots):
            assert bot.scope == ShardScope(SHARDS, frozenset({shard}))
            assert [g.id for g in bot.guilds] == [world.tables[shard].guild.id]
        for table in world.tables:
            await world.new_race(table)
        rnd = random.Random(5)
        accepted = [0] * SHARDS
        for _ in range(6):
            both = await asyncio.gather(*(world.press(t, rnd) for t in world.tables))
            for shard, result in enumerate(both):
                assert not result.messages[-1].ephemeral, result.messages[-1].content
                accepted[shard] += 1
        for shard, table in enumerate(world.tables):
            assert set(world.seen[shard]) == {table.guild.id}, "a guild only reaches its shard"
            assert await _moves_logged(world, shard) == accepted[shard]


async def test_a_stale_and_a_doubled_press_apply_once_on_either_shard(tmp_path: Path) -> None:
    """On each shard: 5 simultaneous presses of one button make one move; pressing the old
    board again afterwards is refused as stale."""
    async with in_process(tmp_path) as world:
        for shard, table in enumerate(world.tables):
            board = await world.new_race(table)
            player = table.user(active_user_id(board))
            cid = next(c for _, c, disabled in board.buttons if c and not disabled)
            presses = [world.fake.click(player, board, cid, force=True) for _ in range(5)]
            results = list(await asyncio.gather(*presses))
            for r in results:
                await r.wait_followups(1)
            assert _applied(results) == 1
            stale = await world.fake.click(player, board, cid, force=True)
            await stale.wait_followups(1)
            assert stale.messages[-1].ephemeral and "moved on" in stale.messages[-1].content
            assert await _moves_logged(world, shard) == 1


async def test_each_scheduler_handles_only_its_shards_guilds(tmp_path: Path) -> None:
    """Both races have a 24 h turn clock; a day passes. Shard 0's tick plays the timeout of its
    own guild's race only; shard 1's race waits for shard 1's tick."""
    async with in_process(tmp_path) as world:
        for table in world.tables:
            await world.new_race(table, clock=True)
        before = [await _moves_logged(world, s) for s in range(SHARDS)]
        world.clock.advance(24 * HOUR + 60)
        assert await world.bots[0].scheduler.tick() >= 1
        await world.bots[0].scheduler.settle()
        assert await _moves_logged(world, 0) > before[0], "shard 0 played its timeout"
        assert await _moves_logged(world, 1) == before[1], "shard 1's game is not shard 0's"
        assert await world.bots[1].scheduler.tick() >= 1
        await world.bots[1].scheduler.settle()
        assert await _moves_logged(world, 1) > before[1]


async def test_two_schedulers_on_one_due_item_apply_it_once(tmp_path: Path) -> None:
    """If both processes did handle one guild (a misconfigured split, a shard moving between
    processes), the version compare-and-swap still applies a timeout once."""
    async with in_process(tmp_path) as world:
        table = world.tables[0]
        board = await world.new_race(table, clock=True)
        session = await _live_session(world, 0)
        before = await _moves_logged(world, 0)
        world.clock.advance(24 * HOUR + 60)
        for bot in world.bots:
            bot.scheduler.holds = lambda guild_id: True
        late = active_user_id(board)
        await asyncio.gather(*(bot.scheduler.run_session(session) for bot in world.bots))
        for bot in world.bots:
            await bot.scheduler.settle()
        after = await world.bots[0].service.by_id(session)
        assert after.record.last_seq > before
        assert after.clock.of(late).missed == 1, "the timeout counted once"
        messages = world.fake.channel_messages(table.channel)
        told = [m for m in messages if any(ln.startswith("⏰") for ln in m.content.splitlines())]
        assert len(told) == 1, "announced once"


async def test_one_process_runs_as_many_shards_as_discord_recommends(tmp_path: Path) -> None:
    """Unconfigured, the bot asks GET /gateway/bot: 1,001 guilds -> 2 shards, both in this
    process, each guild served (a race starts in a guild of each shard)."""
    async with FakeDiscord(max_concurrency=2, identify_window=5.0) as fake:
        tables = [await table_on(fake, shard) for shard in range(SHARDS)]
        for n in range(1001 - SHARDS):
            fake.add_guild(f"quiet-{n}")
        settings = Settings(token=fake.token, data_dir=tmp_path, tick_seconds=0)
        app = await boot_one(fake, settings)
        bot = app.bot
        assert bot is not None
        try:
            assert bot.shard_count == 2 and bot.scope.is_everything
            assert len(bot.guilds) == 1001
            world = Deployment(fake, tables)
            for table in tables:
                board = await world.new_race(table)
                assert "move 0" in board.content
        finally:
            await shut_down(app)


def test_identifies_wait_only_as_discords_limit_needs() -> None:
    """max_concurrency 2: shards 0 and 1 identify at once, shard 2 waits 5 s (plus a margin)
    after shard 0; a shard identifying again (a reconnect) waits for its bucket's window."""
    now = [100.0]
    pace = IdentifyPace(max_concurrency=2, window=5.0, clock=lambda: now[0])
    assert [pace.delay(0), pace.delay(1), pace.delay(2)] == [0.0, 0.0, 5.0]
    now[0] += 2.0
    assert pace.delay(1) == 3.0
    assert IdentifyPace().window > 5.0


def test_a_scope_holds_the_guilds_of_its_shards() -> None:
    """Shards 1 and 3 of 4 hold guilds whose (id >> 22) % 4 is 1 or 3; DMs belong to shard 0."""
    scope = ShardScope.of(4, [1, 3])
    ids = {n: (n << 22) | 7 for n in range(8)}
    assert [n for n, guild in ids.items() if scope.holds(guild)] == [1, 3, 5, 7]
    assert not scope.holds(None) and ShardScope.of(4, [0]).holds(None)
    assert ShardScope.of(None, None).holds(ids[5])
    assert scope.describe() == "shards 1,3 of 4"
    assert ShardScope.of(4, None).describe() == "shards 0-3 of 4"


def test_shard_settings_are_read_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """REDLINE_SHARD_IDS=0,1 with a count; ids without a count, or past it, are refused."""
    monkeypatch.setenv("REDLINE_SHARD_COUNT", "4")
    monkeypatch.setenv("REDLINE_SHARD_IDS", "2, 3")
    assert Settings(_env_file=None).shard_ids == (2, 3)  # type: ignore[call-arg]
    monkeypatch.setenv("REDLINE_SHARD_IDS", "4")
    with pytest.raises(ValidationError) as bad:
        Settings(_env_file=None)  # type: ignore[call-arg]
    assert describe_errors(bad.value) == ["REDLINE_SHARD_IDS must be distinct numbers from 0 to 3."]
    monkeypatch.delenv("REDLINE_SHARD_COUNT")
    with pytest.raises(ValidationError) as missing:
        Settings(_env_file=None)  # type: ignore[call-arg]
    assert describe_errors(missing.value) == ["REDLINE_SHARD_IDS needs REDLINE_SHARD_COUNT."]


async def test_a_dropped_shard_resumes_and_its_guild_plays_on(tmp_path: Path) -> None:
    """Discord drops shard 1's connection mid-game: that shard RESUMEs (no new IDENTIFY), its
    guild's next press is applied, and shard 0 never noticed."""
    async with in_process(tmp_path) as world:
        for table in world.tables:
            await world.new_race(table)
        identified = world.fake.gateway.identify_count
        await world.fake.drop_connection(guild=world.tables[1].guild)
        await world.fake.wait_until_ready(timeout=10)
        assert world.fake.gateway.resume_count == 1
        assert world.fake.gateway.identify_count == identified
        r = await world.press(world.tables[1], random.Random(2))
        assert not r.messages[-1].ephemeral
        assert await _moves_logged(world, 1) == 1
