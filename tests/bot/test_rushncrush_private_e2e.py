"""Rush 'n' Crush through the fake Discord: a turn's private builder is one message, redrawn
in place by every press on it, saying so when its path was driven."""

from __future__ import annotations

from fakediscord import FakeMessage, FakeUser
from tests.bot.conftest import World, active_user_id
from tests.bot.test_rushncrush_e2e import Race, labelled, png_size, rnc_button, started


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


async def gear_preview(world: World) -> tuple[FakeUser, FakeMessage, int]:
    """A race whose first driver pressed a gear button: (them, the private path preview it
    showed them, how many private messages they had before)."""
    race = Race(world)
    await race.start()
    board = world.latest_board()
    player = world.user(active_user_id(board))
    before = len(private_to(world, player))
    await race.gear(player, board, 1)
    (preview,) = private_to(world, player)[before:]
    return player, preview, before


async def press(world: World, player: FakeUser, message: FakeMessage, custom_id: str) -> None:
    """Press and wait until the bot has redrawn what it redraws."""
    r = await world.fake.click(player, message, custom_id)
    await r.wait_response()
    await world.answered()


async def test_a_gear_press_previews_the_suggested_path_and_keeps_its_size(world: World) -> None:
    """The gear button shows the mover their suggested path; another suggestion redraws that
    one message, its image the same size."""
    player, preview, before = await gear_preview(world)
    assert "Planned move" in preview.content and labelled(preview, "✅ Drive it"), preview.content
    size, first = png_size(preview.files[0][1]), preview.content
    other = next(str(cid) for label, cid, _ in preview.buttons if str(label).startswith("👁"))
    await press(world, player, preview, other)
    redrawn = world.fake.store.messages[preview.id]
    assert len(private_to(world, player)) == before + 1, "the preview is redrawn in place"
    assert redrawn.content != first, "another path is previewed"
    assert png_size(redrawn.files[0][1]) == size


async def test_a_preview_pressed_after_an_arm_shows_the_path_again(world: World) -> None:
    """Drive it on a preview drawn before the mover armed an item: that preview is redrawn on
    the road as it is now (nothing driven), and its new Drive it drives."""
    player, preview, before = await gear_preview(world)
    board = world.latest_board()
    arm = labelled(board, "🔧 Arm")
    assert arm is not None, board.buttons
    await world.fake.click(player, board, arm)
    await world.answered()
    await press(world, player, preview, labelled(preview, "✅ Drive it") or "")
    again = world.fake.store.messages[preview.id]
    assert "moved on" in again.content and "Planned move" in again.content, again.content
    await press(world, player, again, labelled(again, "✅ Drive it") or "")
    assert "Driven" in world.fake.store.messages[preview.id].content
    assert len(private_to(world, player)) == before + 1, "one private message for the turn"
