"""Protocol violations the fake records (and answers) the way Discord would."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest
from discord.http import Route

from fakediscord import FakeDiscord
from tests.fakediscord.conftest import World, run_bot, stop_bot
from tests.fakediscord.toybot import Toy


async def test_second_initial_response_is_refused(world: World, bot: Toy) -> None:
    """Answering twice gets 400/40060 and a violation; the first answer stands."""
    r = await world.fake.slash(world.alice, world.channel, "twice")
    await r.record.wait_until(lambda: 40060 in r.error_codes, 2, "the second answer")
    assert r.content == "one"
    assert any("40060" in v for v in world.fake.violations)
    assert isinstance(bot.errors[0], discord.HTTPException) and bot.errors[0].code == 40060


async def test_late_response_is_refused() -> None:
    """An answer after ack_deadline gets 404/10062 and two violations (no ack, late ack)."""
    async with FakeDiscord(ack_deadline=0.2) as fake:
        guild = fake.add_guild()
        channel = fake.add_channel(guild)
        alice = fake.add_member(guild, "alice")
        toy = Toy(late_delay=0.3)
        task = await run_bot(fake, toy)
        try:
            r = await fake.slash(alice, channel, "late")
            assert r.response_type is None and r.error_codes == [10062]
            assert any("not acknowledged within 0.2 s" in v for v in fake.violations)
            assert any("10062" in v for v in fake.violations)
            assert isinstance(toy.errors[0], discord.NotFound)
        finally:
            await stop_bot(toy, task)


async def test_content_over_2000_chars_is_refused(world: World, bot: Toy) -> None:
    """A 2001-char reply gets 400/50035 and a violation."""
    r = await world.fake.slash(world.alice, world.channel, "long", wait=False)
    await r.record.wait_until(lambda: bool(r.error_codes), 2, "the refusal")
    assert r.error_codes == [50035]
    assert any("2001 chars > 2000" in v for v in world.fake.violations)


async def test_file_over_the_size_limit_is_refused() -> None:
    """A file above attachment_size_limit gets 413/40005 and a violation."""
    async with FakeDiscord(attachment_size_limit=8) as fake:
        guild = fake.add_guild()
        channel = fake.add_channel(guild)
        alice = fake.add_member(guild, "alice")
        toy = Toy()
        task = await run_bot(fake, toy)
        try:
            r = await fake.slash(alice, channel, "board", wait=False)
            await r.record.wait_until(lambda: bool(r.error_codes), 2, "the refusal")
            assert r.error_codes == [40005]
            assert any("> limit 8" in v for v in fake.violations)
        finally:
            await stop_bot(toy, task)


async def test_unserved_route_is_recorded(world: World, bot: Toy) -> None:
    """A route the fake does not serve answers 404 and is listed in unserved."""
    with pytest.raises(discord.NotFound):
        await bot.http.request(Route("GET", "/guilds/{guild_id}", guild_id=world.guild.id))
    assert world.fake.unserved == [f"GET /api/v10/guilds/{world.guild.id}"]
    with pytest.raises(AssertionError, match="unserved"):
        world.fake.assert_clean()


async def test_bad_token_fails_login(world: World) -> None:
    """A wrong token gets 401 on /users/@me, which discord.py reports as LoginFailure."""
    toy = Toy()
    with pytest.raises(discord.LoginFailure):
        await toy.login("not-the-token")
    await toy.close()


async def test_edit_after_the_token_expired_is_refused() -> None:
    """Editing @original after token_ttl gets 401/50027 and a violation."""
    async with FakeDiscord(token_ttl=0.05) as fake:
        guild = fake.add_guild()
        channel = fake.add_channel(guild)
        alice = fake.add_member(guild, "alice")
        toy = Toy()
        task = await run_bot(fake, toy)
        try:
            r = await fake.slash(alice, channel, "secret")
            await asyncio.sleep(0.06)
            hook = f"{fake.api_base}/webhooks/{fake.application_id}/{r.record.token}"
            url = f"{hook}/messages/@original"
            async with (
                aiohttp.ClientSession() as session,
                session.patch(url, json={"content": "edited"}) as answer,
            ):
                assert (answer.status, (await answer.json())["code"]) == (401, 50027)
            assert any("50027" in v for v in fake.violations)
            assert r.content == "for your eyes only"
        finally:
            await stop_bot(toy, task)
