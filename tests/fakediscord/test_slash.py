"""Slash commands through the unmodified discord.py client against the fake."""

from __future__ import annotations

import pytest

from tests.fakediscord.conftest import World
from tests.fakediscord.toybot import BOARD_BYTES, Toy


async def test_ping_replies_pong(world: World, bot: Toy) -> None:
    """/ping gets a type-4 reply 'pong' that everyone in the channel sees."""
    r = await world.fake.slash(world.alice, world.channel, "ping")
    assert r.response_type == 4
    assert r.content == "pong"
    assert [m.content for m in world.fake.channel_messages(world.channel)] == ["pong"]
    world.fake.assert_clean()


async def test_file_reply_carries_the_bytes(world: World, bot: Toy) -> None:
    """A reply with a file arrives as multipart and keeps the filename and bytes."""
    r = await world.fake.slash(world.alice, world.channel, "board")
    assert r.content == "the board"
    assert r.files == [("board.png", BOARD_BYTES)]


@pytest.mark.provokes_deprecated_completions
async def test_defer_then_followup_fills_the_original(world: World, bot: Toy) -> None:
    """A 'thinking' defer (type 5) is completed by the followup, which becomes that message;
    the fake records that deprecated path (not a leak: the answer asked for nothing private)."""
    r = await world.fake.slash(world.alice, world.channel, "slow")
    assert r.response_type == 5
    await r.wait_followups(n=1)
    assert [m.content for m in r.messages] == ["done"]
    assert not r.message.edited
    [completion] = world.fake.deprecated_completions
    assert not completion.leaked and completion.message_id == r.message.id
    assert world.fake.violations == []


async def test_ephemeral_reply_is_hidden_from_the_channel(world: World, bot: Toy) -> None:
    """An ephemeral reply is visible to its user only: never in channel_messages."""
    r = await world.fake.slash(world.alice, world.channel, "secret")
    assert r.ephemeral
    assert r.message.ephemeral_to == world.alice.id
    assert world.fake.channel_messages(world.channel) == []
    assert [m.content for m in world.fake.all_messages()] == ["for your eyes only"]


async def test_subcommand_with_options_reaches_the_bot(world: World, bot: Toy) -> None:
    """'game new' is sent as command game, subcommand new, with typed options."""
    r = await world.fake.slash(world.alice, world.channel, "game new", game="dragrage", seats=3)
    assert r.content == "new dragrage for 3"


async def test_autocomplete_returns_the_offered_choices(world: World, bot: Toy) -> None:
    """Autocomplete (type 4) returns the choices the bot answered with (type 8)."""
    choices = await world.fake.autocomplete(
        world.alice, world.channel, "game new", focused="game", value="r"
    )
    assert [c["value"] for c in choices] == ["roadwolf", "rushncrush"]


async def test_channel_send_is_visible_in_the_channel(world: World, bot: Toy) -> None:
    """A message posted through POST /channels/{id}/messages shows in the channel."""
    r = await world.fake.slash(world.alice, world.channel, "post")
    assert r.ephemeral and r.content == "posted"
    assert [m.content for m in world.fake.channel_messages(world.channel)] == ["public notice"]


async def test_manage_guild_member_has_the_permission_bit(world: World, bot: Toy) -> None:
    """A member added with manage_guild=True carries MANAGE_GUILD in member.permissions."""
    yes = await world.fake.slash(world.bob, world.channel, "perms")
    no = await world.fake.slash(world.alice, world.channel, "perms")
    assert (yes.content, no.content) == ("manage_guild=True", "manage_guild=False")


async def test_slash_in_a_thread_works(world: World, bot: Toy) -> None:
    """A thread added mid-test is announced and takes commands like a channel."""
    thread = world.fake.add_thread(world.channel, "table 1")
    r = await world.fake.slash(world.alice, thread, "ping")
    assert r.message.channel_id == thread.id
