"""The large-deployment run: shard arithmetic on realistic guild ids, and a small run end to end."""

from __future__ import annotations

from bench.deployment import guild_ids, needed_shards, per_shard, ready_section


def test_real_guild_ids_need_more_shards_than_the_arithmetic_minimum() -> None:
    """10,000 guilds created at random moments: 4 shards of 2,500 do not fit, 5 do."""
    ids = guild_ids(10_000)
    assert len(set(ids)) == 10_000
    assert max(per_shard(ids, 4).values()) > 2500
    assert needed_shards(ids) == 5
    assert max(per_shard(ids, 5).values()) <= 2500


async def test_a_small_deployment_reports_ready_time_and_memory_with_verdicts() -> None:
    """2,600 guilds: two shards, a bot process gets ready, every figure has a value."""
    section = await ready_section(2600, quick=True)
    names = {f.name.strip(): f for f in section.figures}
    assert names["shards needed (<= 2,500 guilds each)"].value == 2
    assert names["spawn -> ready, 2 shards unpaced"].verdict == "PASS"
    assert names["bot RSS with 2,600 guilds"].verdict == "PASS"
    assert 0 < names["memory per guild"].value < 50
