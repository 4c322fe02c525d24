"""Guild rules: computed permissions, archived threads, members who left."""

from __future__ import annotations

import discord
import pytest

from fakediscord import FakeChannel, FakeUser
from tests.fakediscord.conftest import World
from tests.fakediscord.toybot import Toy

P = discord.Permissions
ALL = P.all().value


async def bits(world: World, user: FakeUser, channel: FakeChannel | None = None) -> tuple[int, int]:
    """(member.permissions, app_permissions) as the bot's discord.py parsed them."""
    r = await world.fake.slash(user, channel or world.channel, "bits")
    mine, app = r.content.split()
    return int(mine), int(app)


# -- permissions ----------------------------------------------------------------------------------


async def test_owner_and_administrator_have_everything(world: World, bot: Toy) -> None:
    """The guild owner and ADMINISTRATOR holders get every permission, overwrites or not."""
    world.fake.set_overwrite(world.channel, world.guild, deny=P(send_messages=True).value)
    admin = world.fake.add_role(world.guild, "Admins", P(administrator=True).value)
    world.fake.give_role(world.guild, world.alice, admin)
    assert (await bits(world, world.alice))[0] == ALL
    world.fake.set_owner(world.guild, world.bob)
    assert (await bits(world, world.bob))[0] == ALL
    guild = bot.get_guild(world.guild.id)
    assert guild is not None and guild.owner_id == world.bob.id  # GUILD_UPDATE reached the bot
    roles = {r.name for r in guild.roles}
    assert "Admins" in roles
    world.fake.take_role(world.guild, world.alice, admin)
    assert (await bits(world, world.alice))[0] & P(send_messages=True).value == 0


async def test_roles_and_overwrites_apply_in_order(world: World, bot: Toy) -> None:
    """@everyone | roles, then the @everyone overwrite, role overwrites, member overwrite."""
    send, embed, manage = (
        P(send_messages=True).value,
        P(embed_links=True).value,
        P(manage_messages=True).value,
    )
    helper = world.fake.add_role(world.guild, "Helpers", manage)
    world.fake.give_role(world.guild, world.alice, helper)
    assert (await bits(world, world.alice))[0] & manage
    world.fake.set_overwrite(world.channel, world.guild, deny=send | embed)
    world.fake.set_overwrite(world.channel, helper, allow=send)
    world.fake.set_overwrite(world.channel, world.alice, deny=manage)
    value = (await bits(world, world.alice))[0]
    assert (value & send, value & embed, value & manage) == (send, 0, 0)
    seen = bot.get_channel(world.channel.id)  # CHANNEL_UPDATE carried the overwrites
    assert isinstance(seen, discord.TextChannel) and len(seen.overwrites) == 3
    carol = world.fake.add_member(world.guild, "carol")
    assert (await bits(world, carol))[0] & send == 0
    assert world.fake.permissions(carol, world.channel) & send == 0


async def test_app_permissions_follow_the_channel(world: World, bot: Toy) -> None:
    """app_permissions is the bot's own computed value in the channel (threads: the parent's)."""
    attach = P(attach_files=True).value
    assert (await bits(world, world.alice))[1] & attach
    bot_role = next(r for r in world.guild.roles.values() if r.managed)
    world.fake.set_overwrite(world.channel, bot_role, deny=attach)
    assert (await bits(world, world.alice))[1] & attach == 0
    thread = world.fake.add_thread(world.channel, "t")
    assert (await bits(world, world.alice, thread))[1] & attach == 0


# -- threads --------------------------------------------------------------------------------------


async def test_followup_into_archived_thread_fails_50083(world: World, bot: Toy) -> None:
    """In an archived thread the followup gets 400 / 50083 and a violation; the interaction
    carries the thread as its channel."""
    thread = world.fake.add_thread(world.channel, "table", owner=world.alice)
    world.fake.archive_thread(thread)
    r = await world.fake.slash(world.alice, thread, "revive")
    await r.record.wait_until(lambda: 50083 in r.error_codes, 2, "the refusal")
    assert r.record.payload["channel"]["id"] == str(thread.id)
    assert r.record.payload["channel"]["thread_metadata"]["archived"] is True
    assert bot.errors[0].code == 50083  # type: ignore[attr-defined]
    assert any("Thread is archived (50083)" in v for v in world.fake.violations)


async def test_bot_unarchives_then_posts(world: World, bot: Toy) -> None:
    """PATCH archived=false (Manage Threads) reopens the thread; the next followup arrives."""
    bot_role = next(r for r in world.guild.roles.values() if r.managed)
    world.fake.set_overwrite(world.channel, bot_role, allow=P(manage_threads=True).value)
    thread = world.fake.add_thread(world.channel, "table", owner=world.alice)
    world.fake.archive_thread(thread)
    r = await world.fake.slash(world.alice, thread, "revive", unarchive=True)
    await r.wait_answers(2)  # "ack" in the callback, then the followup after the unarchive
    assert not thread.archived
    assert [m.content for m in world.fake.channel_messages(thread)] == ["ack", "after unarchive"]


async def test_unarchive_needs_manage_threads_or_ownership(world: World, bot: Toy) -> None:
    """Without Manage Threads the bot may only reopen its own threads: 403 / 50013 otherwise."""
    bot_role = next(r for r in world.guild.roles.values() if r.managed)
    world.fake.set_overwrite(world.channel, bot_role, deny=P(manage_threads=True).value)
    theirs = world.fake.add_thread(world.channel, "theirs", owner=world.alice)
    world.fake.archive_thread(theirs)
    r = await world.fake.slash(world.alice, theirs, "revive", unarchive=True)
    await r.record.wait_until(lambda: len(bot.errors) == 2, 2, "both refusals")
    assert [e.code for e in bot.errors] == [50083, 50013]  # type: ignore[attr-defined]
    assert theirs.archived
    own = world.fake.add_thread(world.channel, "own")
    world.fake.archive_thread(own)
    r = await world.fake.slash(world.alice, own, "revive", unarchive=True)
    await r.wait_answers(2)
    assert not own.archived


async def test_channel_post_into_archived_thread_fails(world: World, bot: Toy) -> None:
    thread = world.fake.add_thread(world.channel, "t")
    world.fake.archive_thread(thread)
    channel = await bot.fetch_channel(thread.id)  # discord.py drops archived threads from cache
    assert isinstance(channel, discord.Thread) and channel.archived
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("hello")
    assert (caught.value.status, caught.value.code) == (400, 50083)


# -- members --------------------------------------------------------------------------------------


async def test_member_lookup_and_leaving(world: World, bot: Toy) -> None:
    """GET /guilds/{g}/members/{u} answers the member; after remove_member 404 / 10007 (listed
    in `errors`, not a violation), and injecting as them raises."""
    member = await bot.http.get_member(world.guild.id, world.bob.id)
    assert member["user"]["id"] == str(world.bob.id)
    world.fake.remove_member(world.guild, world.bob)
    with pytest.raises(discord.NotFound) as caught:
        await bot.http.get_member(world.guild.id, world.bob.id)
    assert caught.value.code == 10007
    assert any("10007 Unknown Member" in e for e in world.fake.errors)
    assert world.fake.violations == []
    with pytest.raises(AssertionError, match="not a member"):
        await world.fake.slash(world.bob, world.channel, "ping")
