"""Sharded identify, as Discord does it: GET /gateway/bot, `shard: [id, count]`, each connection
gets its shard's guilds and only their events, 4010 for an invalid shard, 4011 past 2,500
guilds on one connection, identifies paced per max_concurrency bucket."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp

from fakediscord import FakeDiscord
from fakediscord.shards import shard_of

Json = dict[str, Any]


class RawShard:
    """One gateway connection driven by hand: HELLO, IDENTIFY, then frames as they come."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws

    async def identify(self, fake: FakeDiscord, shard: Any = None) -> Json | int:
        """The first frame after IDENTIFY (READY or op 9), or the close code."""
        hello = await self.ws.receive_json()
        assert hello["op"] == 10
        data: Json = {"token": fake.token, "intents": 1, "properties": {}}
        if shard is not None:
            data["shard"] = shard
        await self.ws.send_json({"op": 2, "d": data})
        return await self.next()

    async def next(self, timeout: float = 5.0) -> Json | int:
        msg = await self.ws.receive(timeout)
        if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
            return int(msg.data or 0)
        frame: Json = msg.json()
        return frame

    async def dispatches(self, event: str | None = None, timeout: float = 0.3) -> list[Json]:
        """Every dispatch (of `event`, or all) until the socket is quiet for `timeout` s."""
        found: list[Json] = []
        while True:
            try:
                frame = await self.next(timeout)
            except TimeoutError:
                return found
            if not isinstance(frame, dict) or frame.get("op") != 0:
                continue
            if event is None or frame["t"] == event:
                found.append(frame if event is None else frame["d"])


@asynccontextmanager
async def connect(fake: FakeDiscord) -> AsyncIterator[RawShard]:
    async with aiohttp.ClientSession() as session, session.ws_connect(fake.gateway_url) as ws:
        yield RawShard(ws)


async def test_gateway_bot_recommends_shards_and_says_the_limits() -> None:
    """GET /gateway/bot: one shard per 1,000 guilds, session_start_limit, 401 without token."""
    async with FakeDiscord(max_concurrency=2) as fake:
        for n in range(1001):
            fake.add_guild(f"g{n}")
        url = f"{fake.api_base}/gateway/bot"
        async with aiohttp.ClientSession() as http:
            async with http.get(url, headers={"Authorization": f"Bot {fake.token}"}) as r:
                body = await r.json()
            async with http.get(url) as refused:
                assert refused.status == 401
    assert body["url"] == fake.gateway_url
    assert body["shards"] == 2
    limit = body["session_start_limit"]
    assert limit["max_concurrency"] == 2 and limit["remaining"] == limit["total"] == 1000


async def test_each_shard_gets_only_its_guilds() -> None:
    """READY lists, and GUILD_CREATE carries, only guilds with (id >> 22) % count == shard."""
    async with FakeDiscord() as fake:
        mine = [fake.add_guild(f"one{n}", shard=(1, 2)) for n in range(3)]
        others = [fake.add_guild(f"zero{n}", shard=(0, 2)) for n in range(2)]
        assert {shard_of(g.id, 2) for g in mine} == {1}
        assert {shard_of(g.id, 2) for g in others} == {0}
        async with connect(fake) as shard:
            ready = await shard.identify(fake, [1, 2])
            created = await shard.dispatches("GUILD_CREATE")
    assert isinstance(ready, dict) and ready["t"] == "READY"
    assert ready["d"]["shard"] == [1, 2]
    assert {int(g["id"]) for g in ready["d"]["guilds"]} == {g.id for g in mine}
    assert {int(g["id"]) for g in created} == {g.id for g in mine}


async def test_an_invalid_shard_closes_4010() -> None:
    """shard [2, 2], [0, 0] or a malformed shard field: close code 4010 (Invalid shard)."""
    async with FakeDiscord() as fake:
        for bad in ([2, 2], [0, 0], [-1, 2], [0], "0,1"):
            async with connect(fake) as shard:
                assert await shard.identify(fake, bad) == 4010, bad


async def test_more_than_2500_guilds_on_one_connection_closes_4011() -> None:
    """2,501 guilds unsharded: 4011 (Sharding required); over two shards each connects."""
    async with FakeDiscord(max_concurrency=2) as fake:
        for n in range(2501):
            fake.add_guild(f"g{n}", shard=(n % 2, 2))
        async with connect(fake) as whole:
            assert await whole.identify(fake) == 4011
        async with connect(fake) as zero, connect(fake) as one:
            first, second = await zero.identify(fake, [0, 2]), await one.identify(fake, [1, 2])
    assert isinstance(first, dict) and len(first["d"]["guilds"]) == 1251
    assert isinstance(second, dict) and len(second["d"]["guilds"]) == 1250


async def test_identifies_are_paced_per_max_concurrency_bucket() -> None:
    """With max_concurrency 1, a second IDENTIFY within the window gets op 9 (not resumable);
    with max_concurrency 2, shards 0 and 1 are different buckets and both get READY."""
    async with FakeDiscord(identify_window=5.0) as fake:
        async with connect(fake) as zero, connect(fake) as one:
            assert isinstance(await zero.identify(fake, [0, 2]), dict)
            assert await one.identify(fake, [1, 2]) == {"op": 9, "d": False}
        assert fake.gateway.limits.refused == 1
    paired = FakeDiscord(identify_window=5.0, max_concurrency=2)
    async with paired as fake, connect(fake) as zero, connect(fake) as one:
        first, second = await zero.identify(fake, [0, 2]), await one.identify(fake, [1, 2])
    assert isinstance(first, dict) and isinstance(second, dict)
    assert (first["t"], second["t"]) == ("READY", "READY")


async def test_a_guilds_interactions_and_events_go_only_to_its_shard() -> None:
    """A slash command in a shard-1 guild and a new channel there reach shard 1's connection,
    never shard 0's."""
    async with FakeDiscord(max_concurrency=2) as fake:
        zero_guild = fake.add_guild("zero", shard=(0, 2))
        one_guild = fake.add_guild("one", shard=(1, 2))
        channel = fake.add_channel(one_guild, "general")
        alice = fake.add_member(one_guild, "alice")
        fake.store.store_commands(None, [{"name": "ping", "description": "Ping", "type": 1}])
        async with connect(fake) as zero, connect(fake) as one:
            await zero.identify(fake, [0, 2])
            await one.identify(fake, [1, 2])
            await fake.wait_until_ready(timeout=5)
            await zero.dispatches("GUILD_CREATE")
            await one.dispatches("GUILD_CREATE")
            await fake.slash(alice, channel, "ping", wait=False)
            fake.add_channel(one_guild, "second")
            fake.add_channel(zero_guild, "other")
            on_zero, on_one = await zero.dispatches(), await one.dispatches()
    seen_zero = [(f["t"], int(f["d"]["guild_id"])) for f in on_zero]
    seen_one = [(f["t"], int(f["d"]["guild_id"])) for f in on_one]
    assert seen_zero == [("CHANNEL_CREATE", zero_guild.id)]
    assert seen_one == [("INTERACTION_CREATE", one_guild.id), ("CHANNEL_CREATE", one_guild.id)]


async def test_ready_waits_for_every_shard() -> None:
    """wait_until_ready() holds until every shard of the count is connected; meanwhile a guild
    of the missing shard cannot be reached."""
    async with FakeDiscord(max_concurrency=2) as fake:
        one_guild = fake.add_guild("one", shard=(1, 2))
        async with connect(fake) as zero:
            await zero.identify(fake, [0, 2])
            assert fake.gateway.missing_shards() == [1]
            assert not await fake.gateway.dispatch("TYPING_START", {}, guild_id=one_guild.id)
            async with connect(fake) as one:
                await one.identify(fake, [1, 2])
                await fake.wait_until_ready(timeout=5)
                assert fake.gateway.missing_shards() == []
