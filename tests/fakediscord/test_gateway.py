"""Gateway behaviour: identify checks, resume, and process-global hygiene."""

from __future__ import annotations

import aiohttp
import discord

from fakediscord import FakeDiscord
from tests.fakediscord.conftest import World
from tests.fakediscord.toybot import Toy


async def test_identify_with_a_bad_token_closes_4004(world: World) -> None:
    """IDENTIFY with a wrong token is answered with close code 4004."""
    async with aiohttp.ClientSession() as session, session.ws_connect(world.fake.gateway_url) as ws:
        hello = await ws.receive_json()
        assert hello["op"] == 10
        await ws.send_json({"op": 2, "d": {"token": "wrong", "intents": 0, "properties": {}}})
        msg = await ws.receive()
        assert msg.type is aiohttp.WSMsgType.CLOSE and msg.data == 4004


async def test_dropped_connection_resumes(world: World, bot: Toy) -> None:
    """After the fake drops the socket, discord.py RESUMEs and commands keep working."""
    await world.fake.drop_connection()
    await world.fake.wait_until_ready(timeout=5)
    r = await world.fake.slash(world.alice, world.channel, "ping")
    assert r.content == "pong"
    assert (world.fake.gateway.identify_count, world.fake.gateway.resume_count) == (1, 1)


async def test_uninstall_restores_the_globals() -> None:
    """install()/uninstall() set and restore Route.BASE and DEFAULT_GATEWAY."""
    before = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    fake = FakeDiscord()
    await fake.start()
    fake.install()
    assert fake.api_base == discord.http.Route.BASE
    await fake.stop()
    assert before == (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)


async def test_an_outage_refuses_connections_with_503_until_it_is_over(world: World) -> None:
    """While the gateway is down the websocket upgrade gets HTTP 503, as Discord's edge answers."""
    await world.fake.gateway_outage()
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(world.fake.gateway_url):
                raise AssertionError("connected during the outage")
        except aiohttp.WSServerHandshakeError as refused:
            assert refused.status == 503
        assert world.fake.gateway.turned_away == 1
        world.fake.gateway_back()
        async with session.ws_connect(world.fake.gateway_url) as ws:
            assert (await ws.receive_json())["op"] == 10


async def test_the_bot_reconnects_by_itself_once_an_outage_is_over(world: World, bot: Toy) -> None:
    """discord.py meets the outage, backs off, and gets back in: commands work again."""
    await world.fake.gateway_outage()
    await world.fake.wait_for_turned_away()
    world.fake.gateway_back()
    await world.fake.wait_until_ready(timeout=60)  # discord.py's backoff comes first
    r = await world.fake.slash(world.alice, world.channel, "ping")
    assert r.content == "pong"


async def test_a_shard_outage_leaves_its_resume_unanswered(world: World, bot: Toy) -> None:
    """One shard down: its connection is closed and its RESUME gets no answer (never ready)."""
    await world.fake.gateway_outage(shard=0)
    await world.fake.wait_for_turned_away()
    assert world.fake.gateway.current is None
    assert world.fake.gateway.resume_count == 0
    world.fake.gateway_back()
    await world.fake.wait_until_ready(timeout=10)
    assert world.fake.gateway.resume_count == 1
