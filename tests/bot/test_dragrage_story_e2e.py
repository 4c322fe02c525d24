"""Drag Rage told through the fake Discord: a heat's moves, its challenge and its dice, in the
exact words the opponent and a spectator read in the channel and in `/game log`."""

from __future__ import annotations

from tests.bot.channel_story import channel, told_step
from tests.bot.conftest import World, active_user_id

MOVES = [
    "alice plays the 8: space 1 → 9",
    "bob plays the 12: space 1 → 13",
    "alice calls Let's Roll on bob's 12",
    "bob declares 2 dice",
    "bob rolls 4 1 = 5, needing 12 to keep the move",
    "5 is short of 12: bob spins out back to space 1 (the 12 still counts)",
    "alice plays the 10: space 9 → 19",
]
"""What the seeded race below tells (the world's first game has seed 7: alice starts, and
bob's two dice come up 4 and 1)."""

LOG = [
    "#1 alice: plays the 8: space 1 → 9",
    "#2 bob: plays the 12: space 1 → 13",
    "#3 alice: calls Let's Roll on bob's 12",
    "#4 bob: declares 2 dice; rolls 4 1 = 5, needing 12 to keep the move; "
    "5 is short of 12: bob spins out back to space 1 (the 12 still counts)",
    "#5 alice: plays the 10: space 9 → 19",
]


async def _play_a_challenged_heat(world: World) -> None:
    """alice 8, bob 12, alice calls Let's Roll, bob rolls 2 dice and spins out, alice 10."""
    await world.new_race()
    assert active_user_id(world.latest_board()) == world.alice.id, "seed 7: alice starts"
    for player, command, options in (
        (world.alice, "dragrage advance", {"counter": 8}),
        (world.bob, "dragrage advance", {"counter": 12}),
        (world.alice, "dragrage letsroll", {}),
        (world.bob, "dragrage declare", {"dice": 2}),
        (world.alice, "dragrage advance", {"counter": 10}),
    ):
        r = await world.slash(player, command, **options)
        await r.wait_followups(1)
        assert not r.messages[-1].ephemeral, r.messages[-1].content


async def test_the_channel_tells_every_move_with_its_dice(world: World) -> None:
    """Everyone in the channel (the opponent, a spectator) reads each move, roll and result."""
    await _play_a_challenged_heat(world)
    for line in LOG:
        assert told_step(world, line), f"{line!r} not told in the channel:\n{channel(world)}"


async def test_the_log_tells_the_opponent_and_a_spectator_the_same_story(world: World) -> None:
    """Drag Rage hides nothing: bob (alice's opponent) and carol (watching) read the same log."""
    await _play_a_challenged_heat(world)
    for reader in (world.bob, world.carol):
        r = await world.slash(reader, "game log")
        assert r.ephemeral
        for line in LOG:
            assert f"\n{line}\n" in r.content, f"{reader.name}: {line!r} not in\n{r.content}"
