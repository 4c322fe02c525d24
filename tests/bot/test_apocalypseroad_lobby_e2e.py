"""Apocalypse Road's lobby through the fake Discord (issue 26): the race's length is said in
the lobby, and the text's long game (15 VP) is a "long race" option the host turns on."""

from __future__ import annotations

from games.apocalypseroad.data import RACE_LENGTHS
from games.apocalypseroad.model import ArState
from tests.bot.conftest import World


async def test_the_lobby_says_how_long_a_race_lasts(world: World) -> None:
    """A new lobby names the standard race, its 12 VP and its measured length, and how to
    make it a long race."""
    r = await world.slash(world.alice, "game new", game="apocalypseroad")
    assert f"Standard race: 12 VP to win ({RACE_LENGTHS})" in r.content, r.content
    assert "setting:long_race value:true" in r.content, r.content


async def test_the_long_race_option_plays_to_15_vp(world: World) -> None:
    """`/game option setting:long_race value:true`: the lobby says it, and the race started
    from it is won at 15 VP."""
    await world.slash(world.alice, "game new", game="apocalypseroad")
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game option", setting="long_race", value="true")
    assert "Long race: 15 VP to win" in r.content, r.content
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    assert world.bot is not None
    state = (await world.bot.service.latest(world.channel.id)).state
    assert isinstance(state, ArState)
    assert state.options.pool == 15 and {t.pool for t in state.teams} == {15}
