"""Road Wolf's typed moves hide what the tokens hide: `/roadwolf move to:` offers destinations
(and NITRO) only for the asker's own vehicles that may move now, so what an opponent or a
spectator is offered never tells which vehicle still holds an unused Nitro."""

from __future__ import annotations

import contextlib
import random

from fakediscord import FakeUser
from games.roadwolf.model import NitroAction
from tests.bot.conftest import World
from tests.bot.roadwolf_driver import Driver, Enough, do, game_state, lobby, refusals


async def _alices_first_turn(world: World) -> None:
    """INTERCEPTOR, both armies built by the panel (Alice's Runners A and B, Bob's
    Interceptors N and O, every one with Nitros), up to Alice's first turn."""
    await lobby(world, "INTERCEPTOR")
    driver = Driver(world, [world.alice, world.bob], random.Random(5), stop_at_play=True)
    with contextlib.suppress(Enough):
        await driver.play()


async def _a_nitro_on_a_not_on_b(world: World) -> None:
    """Alice's first turn, then her B fires its only Nitro: her A still holds unused ones
    (hidden tokens), her B holds none."""
    await _alices_first_turn(world)
    await do(world, NitroAction(vehicle="B"))
    assert not refusals(world), refusals(world)
    state = await game_state(world)
    assert any(t.kind == "nitro" for t in state.vehicle("A").gear)
    assert not any(t.kind == "nitro" for t in state.vehicle("B").gear)


async def _destinations(world: World, user: FakeUser, vehicle: str, typed: str) -> list[str]:
    offered = await world.fake.autocomplete(
        user, world.channel, "roadwolf move", focused="to", value=typed, vehicle=vehicle
    )
    return [str(choice["value"]) for choice in offered]


async def test_others_are_offered_the_same_for_a_vehicle_with_or_without_a_nitro(
    world: World,
) -> None:
    """Bob (her opponent) and Carol (a spectator) get the same `to:` answers for Alice's A
    (an unused Nitro) and B (none), blank or typed `N`."""
    await _a_nitro_on_a_not_on_b(world)
    for user in (world.bob, world.carol):
        for typed in ("", "N"):
            with_nitro = await _destinations(world, user, "A", typed)
            without = await _destinations(world, user, "B", typed)
            assert with_nitro == without, (user.name, typed, with_nitro, without)


async def test_the_mover_is_offered_her_own_nitro_only(world: World) -> None:
    """Alice, whose turn it is, is offered `N` for her A (its Nitro is hers to see), and
    nothing for Bob's N, which holds Nitros too."""
    await _alices_first_turn(world)
    state = await game_state(world)
    assert any(t.kind == "nitro" for t in state.vehicle("N").gear)
    assert await _destinations(world, world.alice, "A", "N") == ["N"]
    assert await _destinations(world, world.alice, "N", "") == []
