"""Space Truckin' tells the story through the fake Discord: one location's results for two
truckers, as the opponent and a spectator read them in the channel and in `/game log`."""

from __future__ import annotations

from fakediscord import FakeUser
from games.engine import Player
from games.spacetruckin.grid import cell_name
from games.spacetruckin.models import Accept, SpaceTruckinState, Tweak
from tests.bot.channel_story import channel, told_step
from tests.bot.conftest import World
from tests.bot.spacetruckin_driver import Table, choose
from tests.bot.test_spacetruckin_e2e import _inject, _start
from tests.games.spacetruckin.delivery_helpers import boxes, truck
from tests.games.spacetruckin.helpers import delivery_state, mid_location

REACTOR_PIP = cell_name((5, 5))  # the test truck's Reactor pip: it pays for a flip


def _at_location_a(world: World) -> SpaceTruckinState:
    """Alice and Bob at A (Gas Giant: cargo and VP), every box written: Alice's come to 2,
    Bob's to 7 (a flip of his last top box makes it 4)."""
    sheets = (
        mid_location(
            truck().model_copy(update={"player": world.alice.id}), boxes=boxes("2000", "1998")
        ),
        mid_location(
            truck().model_copy(update={"player": world.bob.id}), boxes=boxes("2005", "1998")
        ),
    )
    state = delivery_state(sheets)
    seats = [Player(id=u.id, name=u.name) for u in (world.alice, world.bob)]
    return SpaceTruckinState.model_validate(
        state.model_dump(mode="json") | {"players": [p.model_dump() for p in seats]}
    )


async def _finish_location(table: Table, user: FakeUser, first: object) -> None:
    """`first`, then the trucker's own choices until they are done at A."""
    await table.play(user, first)  # type: ignore[arg-type]
    state = await table.state()
    while state.location == 0 and user.id in {
        s.player for s in state.sheets if s.stage not in ("ready", "out")
    }:
        await table.play(user, choose(state, user.id))
        state = await table.state()


async def _play_location_a(world: World) -> None:
    table = await _start(world, 21, world.bob)
    await _inject(world, _at_location_a(world))
    await _finish_location(table, world.alice, Accept())
    await _finish_location(table, world.bob, Tweak(box="top4", effect="flip", pip=REACTOR_PIP))
    await world.answered()


async def _log(world: World, reader: FakeUser) -> list[str]:
    r = await world.slash(reader, "game log")
    return r.content.splitlines()


RESULTS_AT_A = [  # a reward's box and the jump are one move (issue 26)
    "#2 alice: scores 2 at A (1 to 2, both rewards)",
    "#3 alice: loads one cargo; scores 1 VP (1 VP); jumps to B; scores 2 VP for jumping (3 VP)",
    "#4 bob: scores 4 at A (3 to 10, the first of the two rewards)",
    "#5 bob: loads one cargo; jumps to B; scores 2 VP for jumping (2 VP); The truckers arrive "
    "at B (Asteroids); alice rolled 5 2 (challenge at B); rolled 6 6 (challenge at B)",
]
BOBS_FLIP = (
    f"#4 bob: flips top4: 5 -> 2 (pip {REACTOR_PIP} spent); "
    "scores 4 at A (3 to 10, the first of the two rewards)"
)


async def test_a_spectator_reads_both_results_in_the_log(world: World) -> None:
    """Carol, watching, reads each trucker's result, rewards, jump and VP at A in words."""
    await _play_location_a(world)
    log = await _log(world, world.carol)
    assert [line for line in RESULTS_AT_A if line not in log] == [], log


async def test_the_opponent_reads_the_same_results_but_not_the_flip(world: World) -> None:
    """Alice reads Bob's result at A; the box his flip changed stays on his sheet."""
    await _play_location_a(world)
    log = await _log(world, world.alice)
    assert [line for line in RESULTS_AT_A if line not in log] == [], log
    assert not any("flips" in line for line in log)


async def test_a_trucker_reads_their_own_flip_in_the_log(world: World) -> None:
    """Bob's own log tells his flip (box, faces, pip) before his result."""
    await _play_location_a(world)
    log = await _log(world, world.bob)
    assert BOBS_FLIP in log, log


async def test_the_channel_tells_both_results_and_the_step_that_closes_the_location(
    world: World,
) -> None:
    """The channel tells each trucker's result at A as they finish (one message for the
    simultaneous step, edited), then Bob's jump, the arrival at B and its dice."""
    await _play_location_a(world)
    for line in RESULTS_AT_A:
        assert told_step(world, line), (line, channel(world))
