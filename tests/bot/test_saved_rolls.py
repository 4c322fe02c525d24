"""Saved rolls: saved, offered by autocomplete, used; server-wide ones need Manage Server."""

from __future__ import annotations

from tests.bot.conftest import World


async def test_a_saved_roll_is_offered_and_used(world: World) -> None:
    """alice saves `attack`; autocomplete offers it; /dice use rolls it publicly."""
    saved = await world.slash(world.alice, "dice save", name="Attack", expression="1d20+7 to hit")
    assert saved.ephemeral and "attack" in saved.content
    choices = await world.fake.autocomplete(
        world.alice, world.channel, "dice use", focused="name", value="att"
    )
    assert [c["value"] for c in choices] == ["attack"]
    used = await world.slash(world.alice, "dice use", name=choices[0]["value"])
    assert not used.ephemeral and "1d20 + 7" in used.content and "attack" in used.content


async def test_saved_rolls_are_per_member_unless_server_wide(world: World) -> None:
    """bob does not see alice's roll; a moderator's server-wide roll is offered to everyone."""
    await world.slash(world.alice, "dice save", name="mine", expression="1d6")
    refused = await world.slash(world.bob, "dice save", name="init", expression="1d20",
                                server=True)  # fmt: skip
    assert refused.ephemeral and "Manage Server" in refused.content
    await world.slash(world.mod, "dice save", name="init", expression="1d20", server=True)
    choices = await world.fake.autocomplete(
        world.bob, world.channel, "dice use", focused="name", value=""
    )
    assert [c["value"] for c in choices] == ["init"]


async def test_a_roll_that_cannot_be_rolled_is_not_saved(world: World) -> None:
    """Bad notation is refused at save time, with the usual explanation."""
    r = await world.slash(world.alice, "dice save", name="bad", expression="2d")
    assert r.ephemeral and "2d6" in r.content
