"""Rush 'n' Crush told through the fake Discord: bob's turn of two steps (a gear change with
Turbo and its heat die, then a path that ends in a Rush 'n' Crush into alice, with its dice
and damage), in the exact words the opponent and a spectator read in the channel and the log."""

from __future__ import annotations

from tests.bot.channel_story import channel, told_step
from tests.bot.conftest import World, active_user_id

BOBS_TURN = [
    "bob shifts from neutral to gear 1, speed 5, spending 1 Turbo",
    "bob rolls 3 for engine heat",
    "bob gains 1 Heat (engine heat)",
    "bob may change lanes freely this turn",
    "bob Rush 'n' Crushes into alice",
    "bob rolls 4 1 for the Rush 'n' Crush",
    "alice loses 1 Structure (Rush 'n' Crush)",
    "bob loses 1 Structure (Rush 'n' Crush)",
    "bob drives 3 spaces to row 5, lane 2",
]
"""What the seeded race below tells (the world's first game has seed 7: alice starts on row 2,
lane 2 and bob on lane 4; bob's heat die is a 3, hot with 1 Turbo, and his two ram dice 4 and
1: rule 19, "Each 1-2: both cars take 1 Structure")."""

LOG = [
    "#1 alice: shifts from neutral to gear 1, speed 4; may change lanes freely this turn",
    "#2 alice: drives 4 spaces to row 6, lane 2",
    "#3 bob: shifts from neutral to gear 1, speed 5, spending 1 Turbo; rolls 3 for engine heat; "
    "gains 1 Heat (engine heat); may change lanes freely this turn",
    "#4 bob: Rush 'n' Crushes into alice; rolls 4 1 for the Rush 'n' Crush; alice loses 1 "
    "Structure (Rush 'n' Crush); loses 1 Structure (Rush 'n' Crush); drives 3 spaces to row 5, "
    "lane 2",
]


async def _bob_rams_alice(world: World) -> None:
    """alice drives 4 straight on; bob takes speed 5 with a Turbo and swerves in behind her."""
    r = await world.slash(world.alice, "game new", game="rushncrush")
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    assert active_user_id(world.latest_board()) == world.alice.id, "seed 7: alice starts"
    for player, command, options in (
        (world.alice, "rushncrush gear", {"gear": 1, "speed": 4}),
        (world.alice, "rushncrush move", {"path": "F F F F", "drive": True}),
        (world.bob, "rushncrush gear", {"gear": 1, "speed": 5, "turbo": 1}),
        (world.bob, "rushncrush move", {"path": "L L F F", "drive": True}),
    ):
        r = await world.slash(player, command, **options)
        await r.wait_followups(1)
    assert active_user_id(world.latest_board()) == world.alice.id, "round 2: alice again"


async def test_the_channel_tells_the_turn_with_its_dice_and_damage(world: World) -> None:
    """Everyone in the channel (alice, the car rammed; carol, watching) reads bob's turn."""
    await _bob_rams_alice(world)
    for line in LOG:
        assert told_step(world, line), f"{line!r} not told in the channel:\n{channel(world)}"


async def test_the_log_tells_the_opponent_and_a_spectator_the_same_story(world: World) -> None:
    """Nothing in Rush 'n' Crush is hidden: alice and carol read the same log, dice included."""
    await _bob_rams_alice(world)
    for reader in (world.alice, world.carol):
        r = await world.slash(reader, "game log")
        assert r.ephemeral
        for line in LOG:
            assert f"\n{line}\n" in r.content, f"{reader.name}: {line!r} not in\n{r.content}"
