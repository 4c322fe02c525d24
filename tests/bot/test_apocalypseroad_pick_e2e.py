"""Apocalypse Road's pick phase through the fake Discord (rule 4, 3.0 step 2: "four or five
cars of their choice"): every race starts with it, the standard set is one tap in the hand,
and a clock that runs out picks the standard set for the absent player."""

from __future__ import annotations

from games.apocalypseroad import SPEC
from games.apocalypseroad.data import standard_set
from games.apocalypseroad.model import ArState
from tests.bot.conftest import World


async def _started(world: World) -> None:
    await world.slash(world.alice, "game new", game="apocalypseroad")
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)


async def _state(world: World) -> ArState:
    assert world.bot is not None
    snap = await world.bot.service.latest(world.channel.id)
    assert isinstance(snap.state, ArState)
    return snap.state


async def test_the_standard_set_is_one_tap_in_the_hand(world: World) -> None:
    """With the default options every player picks: the hand's first button is the standard
    set, and one tap on it is the whole pick."""
    await _started(world)
    board = world.latest_board()
    assert "pick your cars" in board.content, board.content
    hand_button = next(b[1] for b in board.buttons if "hand" in str(b[0]))
    r = await world.fake.click(world.alice, board, hand_button)
    await r.wait_followups(1)
    hand = r.messages[-1]
    assert hand.ephemeral and "Pick your 5 cars" in hand.content, hand.content
    label, custom_id, _ = hand.buttons[0]
    assert label == "✅ Standard set: cars 1, 3, 4, 7, 8", hand.buttons
    component = hand.component(str(custom_id))
    assert component is not None and component["style"] == 3  # success: the prominent one
    r = await world.fake.click(world.alice, hand, str(custom_id))
    await r.wait_followups(1)
    assert not any("🚫" in m.content for m in r.messages), [m.content for m in r.messages]
    state = await _state(world)
    assert state.phase == "pick" and state.teams[0].picked == standard_set(2)
    world.renders.check(world.fake)


async def test_a_clock_that_runs_out_picks_the_standard_set(world: World) -> None:
    """Bob never picks: when his clock runs out the stand-in picks the standard set for him
    and the race starts."""
    await _started(world)
    board = world.latest_board()
    hand_button = next(b[1] for b in board.buttons if "hand" in str(b[0]))
    r = await world.fake.click(world.alice, board, hand_button)
    await r.wait_followups(1)
    hand = r.messages[-1]
    r = await world.fake.click(world.alice, hand, str(hand.buttons[0][1]))
    await r.wait_followups(1)
    assert world.bot is not None
    world.clock.advance(SPEC.turn_time + 60)
    await world.bot.scheduler.tick()
    await world.bot.scheduler.settle()
    state = await _state(world)
    assert state.phase == "action" and state.teams[1].picked == standard_set(2)
    assert any("bob**'s time ran out" in m.content for m in world.public())
