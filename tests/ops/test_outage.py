"""Discord's gateway down: the health check says so at once, and a stop still ends in time.

The bound asserted is Docker's: `docker stop` sends SIGKILL 10 s after SIGTERM, so the process
must have exited 0 by then, whatever its connection is doing. The typical times (well under
that) are measured in `bench/stop.py`, not asserted here.
"""

from __future__ import annotations

import signal
import time

import pytest

from bench.stop import DOCKER_KILLS_AFTER, announced_a_wait_of, hold_imports
from runtime.health import HEARTBEAT_EVERY, HEARTBEAT_FILE, judge
from tests.ops.conftest import BotProcess, Site, wait_until

READY = "ready as"


def healthy(site: Site) -> bool:
    return judge(site.data_dir / HEARTBEAT_FILE, now=time.time())[0]


async def connected(site: Site, **env: str) -> BotProcess:
    bot = await site.bot(**env)
    await bot.wait_for_line(READY)
    await wait_until(lambda: healthy(site), "a healthy heartbeat once connected")
    return bot


async def stops_in_time(bot: BotProcess) -> None:
    bot.signal(signal.SIGTERM)
    assert await bot.wait(timeout=DOCKER_KILLS_AFTER) == 0, bot.text
    assert "stopped cleanly (SIGTERM)" in bot.text


@pytest.mark.timeout(240)
async def test_sigterm_while_a_reconnect_waits_out_a_long_backoff_exits_0_before_docker_kills(
    site: Site,
) -> None:
    """A long outage (the next reconnect 10 s or more away): SIGTERM still exits 0 in time."""
    bot = await connected(site)
    await site.fake.gateway_outage()
    await bot.wait_for_output(
        lambda: announced_a_wait_of(bot.lines, DOCKER_KILLS_AFTER),
        f"a reconnect wait of {DOCKER_KILLS_AFTER} s or more (reached in 10-60 s)",
        200,
    )
    await stops_in_time(bot)


@pytest.mark.parametrize("stall", [False, True], ids=["refused", "stalled"])
async def test_sigterm_during_a_gateway_outage_exits_0_before_docker_kills(
    site: Site, stall: bool
) -> None:
    """Reconnecting to a gateway that refuses (503) or never answers: SIGTERM exits 0 in time."""
    bot = await connected(site)
    await site.fake.gateway_outage(stall=stall)
    await site.fake.wait_for_turned_away()
    await stops_in_time(bot)


async def test_sigterm_while_a_resume_goes_unanswered_exits_0_before_docker_kills(
    site: Site,
) -> None:
    """Connected but never resumed, on a gateway that no longer reads: SIGTERM exits 0 in time."""
    bot = await connected(site)
    await site.fake.gateway_outage(shard=0)
    await site.fake.wait_for_turned_away()
    await stops_in_time(bot)


async def test_sigterm_while_connecting_to_a_down_gateway_exits_0_before_docker_kills(
    site: Site,
) -> None:
    """Started during an outage, never connected: SIGTERM exits 0 in time."""
    await site.fake.gateway_outage()
    bot = await site.bot()
    await site.fake.wait_for_turned_away()
    await stops_in_time(bot)


async def test_sigterm_while_still_importing_exits_0_not_143(site: Site) -> None:
    """A stop before the bot has loaded (a quick `docker stop`, a restart loop) is clean too."""
    env = site.env()
    release = hold_imports(env, site.tmp)
    bot = await site.bot(**env)
    await bot.wait_for_line("holding the import of discord")
    bot.signal(signal.SIGTERM)
    release.touch()
    assert await bot.wait(timeout=DOCKER_KILLS_AFTER) == 0, bot.text
    assert "stopped cleanly (SIGTERM" in bot.text
    assert not site.fake.gateway.identify_count  # it stopped instead of connecting


async def test_the_health_check_fails_within_a_heartbeat_of_the_gateway_dropping(
    site: Site,
) -> None:
    """Discord gone: `python -m runtime.health` exits 1 and says the bot is not connected."""
    await connected(site)
    await site.fake.gateway_outage()
    await wait_until(lambda: not healthy(site), "unhealthy", timeout=HEARTBEAT_EVERY)
    out = site.health()
    assert out.returncode == 1
    assert "not connected to Discord" in out.stdout


async def test_the_health_check_passes_again_once_the_gateway_is_back(site: Site) -> None:
    """After the outage the bot reconnects by itself and the next heartbeat is healthy."""
    await connected(site)
    await site.fake.gateway_outage()
    await wait_until(lambda: not healthy(site), "unhealthy", timeout=HEARTBEAT_EVERY)
    site.fake.gateway_back()
    # discord.py waits out its own backoff (seconds after a short outage) before reconnecting
    await wait_until(lambda: healthy(site), "healthy again", timeout=90)
    assert site.health().returncode == 0


async def test_one_shard_not_ready_makes_the_process_unhealthy(site: Site) -> None:
    """Two shards in one process; one never gets its RESUME answered: unhealthy, naming it."""
    site.fake.add_guild("Second", shard=(1, 2))
    await connected(site, REDLINE_SHARD_COUNT="2")
    await site.fake.gateway_outage(shard=1)
    await wait_until(lambda: not healthy(site), "unhealthy", timeout=HEARTBEAT_EVERY)
    out = site.health()
    assert out.returncode == 1
    assert "shard 1" in out.stdout
    assert "shard 0" not in out.stdout
