"""DERAILED with three teams through the fake Discord (text line 216: "Any number of teams
must compete to take control of a powerful freight train!"): Alice and two bot seats, every
player a team of their own (option `teams` 0). Alice plays each of her turns herself, typed
with `/roadwolf do` (her judgement: the rules' policy), the bots play theirs and the train's
rams run between; the game reaches its end, nothing she does is refused, the result names
the team that drove the train off the END (or a draw), and no hidden token shows in public."""

from __future__ import annotations

from tests.bot.conftest import World
from tests.bot.roadwolf_driver import Steps, do, game_state, judged, latest, lobby, refusals


async def test_three_teams_play_derailed_to_its_end(world: World) -> None:
    await lobby(world, "DERAILED", bots=2)
    typed = 0
    steps = Steps(world)
    async for step, snap, state, alice in steps.run(3000):
        assert len(state.sides) == 3 and [s.name for s in state.sides] == [
            "Team 1",
            "Team 2",
            "Team 3",
        ]
        if alice is None:
            continue
        choice = judged(state, alice, 11, step)
        await do(world, choice)
        typed += 1
        assert not refusals(world), refusals(world)
        after = await latest(world)
        assert after.version > snap.version, (step, choice)
    assert steps.ended, "DERAILED with three teams did not end"
    snap = steps.last
    state = await game_state(world)  # the game as it ended
    assert state.finished, state.end_reason
    assert snap.outcome is not None
    reason = state.end_reason
    assert reason.endswith("drove the train off the END") or "a draw" in reason, reason
    if state.winner is not None:
        engine = state.vehicle("EN")
        assert engine.exited == "end" and engine.side == state.winner
    world.renders.check(world.fake)
    print(f"\nDERAILED, 3 teams: {typed} typed by Alice; {reason}")


def test_the_who_boards_menu_reads_the_engine_and_a_road_vehicle_as_targets() -> None:
    """The Engine (EN, boarded from the front Gondola, line 216) and a road vehicle crew climb
    back onto (A, A1…) are both read from the menu's payload."""
    from table.roadwolf.boarding import parse

    assert parse("G1.EN") == ("G1", "EN", ())
    assert parse("G1.A.3.5") == ("G1", "A", (3, 5))
    assert parse("G2.C1") == ("G2", "C1", ())
