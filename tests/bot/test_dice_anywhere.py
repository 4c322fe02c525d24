"""Dice anywhere: in a DM with the bot, and in a server that never added it (user install)."""

from __future__ import annotations

import re

import pytest

from tests.bot.conftest import World


async def test_roll_in_a_dm(world: World) -> None:
    """A member rolls in their DM with the bot: the interaction has no guild, the roll answers."""
    dm = world.fake.dm(world.alice)
    r = await world.fake.slash(world.alice, dm, "roll", expression="2d6+1")
    assert r.record.payload["context"] == 1 and "guild_id" not in r.record.payload
    await r.wait_followups(1)
    assert "2d6 + 1" in r.messages[-1].content and r.messages[-1].files


async def test_roll_in_a_server_without_the_bot(world: World) -> None:
    """Installed to alice's account, /roll and a secret roll work where the bot is not a member."""
    other = world.fake.add_guild("Elsewhere", with_bot=False)
    table = world.fake.add_channel(other, "table")
    member = world.fake.add_member(other, "dana")
    world.fake.install_for_user(member)
    r = await world.fake.slash(member, table, "roll", expression="1d20+3")
    assert r.record.payload["authorizing_integration_owners"] == {"1": str(member.id)}
    await r.wait_followups(1)
    assert "1d20 + 3" in r.messages[-1].content
    secret = await world.fake.slash(member, table, "roll", expression="1d6", secret=True)
    await secret.wait_followups(2)
    assert "Commitment" in secret.messages[-1].content


async def test_without_the_app_installed_there_is_no_command(world: World) -> None:
    """A member of a server without the bot who did not install the app has no /roll."""
    other = world.fake.add_guild("Elsewhere", with_bot=False)
    table = world.fake.add_channel(other, "table")
    member = world.fake.add_member(other, "erin")
    with pytest.raises(AssertionError, match="not installed"):
        await world.fake.slash(member, table, "roll", expression="1d6")


async def test_games_stay_in_servers(world: World) -> None:
    """/game is not offered in a DM, nor to a user install: it stays guild-only."""
    synced = {c["name"]: c for c in world.fake.synced_commands()}
    assert synced["game"]["contexts"] == [0] and synced["game"]["integration_types"] == [0]
    assert synced["roll"]["contexts"] == [0, 1, 2]
    assert synced["roll"]["integration_types"] == [0, 1]
    with pytest.raises(AssertionError, match="not offered in a DM"):
        await world.fake.slash(world.alice, world.fake.dm(world.alice), "game list")


async def test_a_secret_roll_in_a_dm_is_shown_and_revealed_by_its_buttons(world: World) -> None:
    """The buttons of a secret roll made in a DM work there too (a press with no server)."""
    dm = world.fake.dm(world.alice)
    r = await world.fake.slash(world.alice, dm, "roll", expression="2d6", secret=True)
    await r.wait_followups(1)
    notice = r.messages[-1]
    number = re.search(r"secret roll #(\d+)", notice.content)
    assert number is not None, notice.content
    shown = await world.fake.click(world.alice, notice, f"dice:show:{number.group(1)}")
    assert shown.ephemeral and "2d6" in shown.content and "🚫" not in shown.content
    revealed = await world.fake.click(world.alice, notice, f"dice:reveal:{number.group(1)}")
    await revealed.wait_followups(1)
    assert "Seed:" in revealed.messages[-1].content
