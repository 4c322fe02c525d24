"""Injected commands are built from the schema the bot synced, and nothing else."""

from __future__ import annotations

import pytest

from tests.fakediscord.conftest import World
from tests.fakediscord.toybot import Toy


async def test_synced_schema_is_kept_with_ids(world: World, bot: Toy) -> None:
    """The PUT of global commands is echoed with ids and kept, subcommands included."""
    synced = {c["name"]: c for c in world.fake.synced_commands()}
    assert {"ping", "game", "admin"} <= set(synced)
    assert all(
        c["id"] and c["application_id"] == str(world.fake.application_id) for c in synced.values()
    )
    assert [o["name"] for o in synced["game"]["options"]] == ["new"]


async def test_unknown_command_raises(world: World, bot: Toy) -> None:
    """A command the bot never synced fails the test instead of reaching the bot."""
    with pytest.raises(AssertionError, match="never synced"):
        await world.fake.slash(world.alice, world.channel, "pong")


async def test_undeclared_option_raises(world: World, bot: Toy) -> None:
    """An option the bot never declared fails the test."""
    with pytest.raises(AssertionError, match="no option 'speed'"):
        await world.fake.slash(world.alice, world.channel, "game new", game="dragrage", speed=3)


async def test_option_out_of_range_raises(world: World, bot: Toy) -> None:
    """Values the Discord client would refuse (seats=9 with max 6) fail the test."""
    with pytest.raises(AssertionError, match=r"outside 2\.\.6"):
        await world.fake.slash(world.alice, world.channel, "game new", game="dragrage", seats=9)


async def test_missing_required_option_raises(world: World, bot: Toy) -> None:
    """A required option left out fails the test."""
    with pytest.raises(AssertionError, match="required option"):
        await world.fake.slash(world.alice, world.channel, "game new")


async def test_permission_gated_command_is_hidden_from_members(world: World, bot: Toy) -> None:
    """A command with default_member_permissions cannot be sent by a member who lacks them."""
    with pytest.raises(AssertionError, match="lacks"):
        await world.fake.slash(world.alice, world.channel, "admin")
    r = await world.fake.slash(world.bob, world.channel, "admin")
    assert r.content == "ok"
