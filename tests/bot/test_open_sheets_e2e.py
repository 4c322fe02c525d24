"""`/game sheet player:`: another player's sheet, privately, where the rules keep sheets open
(Space Truckin', as on paper); a clear refusal where a sheet holds hidden information."""

from __future__ import annotations

from tests.bot.conftest import World


async def _started(world: World, game: str) -> None:
    await world.slash(world.alice, "game new", game=game)
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)


async def test_a_spectator_looks_at_a_truckers_sheet(world: World) -> None:
    """Carol, not playing, sees Alice's Space Truckin' sheet privately, with nothing to press
    but the board."""
    await _started(world, "spacetruckin")
    r = await world.slash(world.carol, "game sheet", player=world.alice)
    await r.wait_followups(1)
    shown = r.messages[-1]
    assert shown.ephemeral_to == world.carol.id and shown.files, shown.content
    assert "alice's sheet" in shown.content
    assert not [cid for cid in shown.custom_ids if cid.startswith(("rl:a:", "st:"))]


async def test_a_hidden_sheet_is_refused_naming_why(world: World) -> None:
    """In Apocalypse Road another player's sheet holds what the rules hide: Bob is told so."""
    await _started(world, "apocalypseroad")
    r = await world.slash(world.bob, "game sheet", player=world.alice)
    await r.wait_followups(1)
    refusal = r.messages[-1]
    assert refusal.ephemeral_to == world.bob.id and not refusal.files
    assert "hide" in refusal.content and "only its owner" in refusal.content, refusal.content
