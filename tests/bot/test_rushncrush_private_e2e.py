"""Rush 'n' Crush through the fake Discord: a turn's private builder is one message, redrawn
in place by every press on it, saying so when its path was driven."""

from __future__ import annotations

from fakediscord import FakeMessage, FakeUser
from tests.bot.conftest import World, active_user_id
from tests.bot.test_rushncrush_e2e import labelled, rnc_button, started


def private_to(world: World, user: FakeUser) -> list[FakeMessage]:
    return [m for m in world.fake.store.messages.values() if m.ephemeral_to == user.id]


async def open_builder(world: World, player: FakeUser, board: FakeMessage) -> FakeMessage:
    found = rnc_button(board, "b")
    assert found is not None, board.buttons
    r = await world.fake.click(player, board, found[1])
    await r.wait_followups(1)
    return r.messages[-1]


async def test_a_turn_built_step_by_step_is_one_private_message(world: World) -> None:
    """Every builder tap and Drive it redraw the one builder; driven, it says so, buttonless."""
    _, board = await started(world)
    player = world.user(active_user_id(board))
    before = len(private_to(world, player))
    builder = await open_builder(world, player, board)
    taps = 0
    while (drive := labelled(builder, "✅ Drive it")) is None and taps < 20:
        step = next(filter(None, (labelled(builder, m) for m in ("⬆ F", "↗ R", "↖ L"))), None)
        assert step is not None, builder.content
        r = await world.fake.click(player, builder, step)
        await r.wait_response()
        await world.answered()
        builder = world.fake.store.messages[builder.id]
        taps += 1
    assert drive is not None, builder.content
    r = await world.fake.click(player, builder, drive)
    await r.wait_response()
    await world.answered()
    builder = world.fake.store.messages[builder.id]
    assert len(private_to(world, player)) == before + 1, "one private message for the turn"
    assert "Driven" in builder.content, builder.content
    assert not builder.buttons, "a driven path keeps no live buttons"
