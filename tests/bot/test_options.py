"""Session options in the lobby: `/game option`, host only, validated by the game's model."""

from __future__ import annotations

from tests.bot.conftest import World


async def test_host_sets_a_variant_and_the_lobby_shows_it(world: World) -> None:
    """Rush 'n' Crush's course and 'one Rush 'n' Crush per round' are session options."""
    await world.slash(world.alice, "game new", game="rushncrush")
    names = await world.fake.autocomplete(
        world.alice, world.channel, "game option", focused="setting", value=""
    )
    assert {c["value"] for c in names} == {"course", "one_rush_per_round", "clock"}
    values = await world.fake.autocomplete(
        world.alice, world.channel, "game option", focused="value", value="", setting="course"
    )
    assert "loop" in {c["value"] for c in values}
    r = await world.slash(world.alice, "game option", setting="course", value="loop")
    assert "course: **loop**" in r.content
    r = await world.slash(world.alice, "game option", setting="one_rush_per_round", value="true")
    assert "one rush per round: **yes**" in r.content


async def test_bad_values_and_guests_are_refused(world: World) -> None:
    """A value outside the choices, an unknown option and a guest's change are refused."""
    await world.slash(world.alice, "game new", game="spacetruckin")
    r = await world.slash(world.alice, "game option", setting="digits", value="5")
    assert r.ephemeral and "one of 3, 4" in r.content
    r = await world.slash(world.alice, "game option", setting="colour", value="red")
    assert r.ephemeral and "digits" in r.content
    await world.slash(world.bob, "game join")
    r = await world.slash(world.bob, "game option", setting="digits", value="3")
    assert r.ephemeral and "host" in r.content
    r = await world.slash(world.alice, "game option", setting="digits", value="3")
    assert not r.ephemeral and "digits: **3**" in r.content
