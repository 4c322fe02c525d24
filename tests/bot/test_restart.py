"""A game in progress survives a restart: old buttons work, the board is the same."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from tests.bot.conftest import World, active_user_id, button


def _pixels_equal(a: bytes, b: bytes) -> bool:
    one = Image.open(io.BytesIO(a)).convert("RGB")
    two = Image.open(io.BytesIO(b)).convert("RGB")
    return one.size == two.size and ImageChops.difference(one, two).getbbox() is None


async def test_restart_keeps_board_and_buttons(world: World) -> None:
    """Stop the bot mid-race and start a new one on the same data: nothing is lost."""
    await world.new_race()
    board = world.latest_board()
    r = await world.fake.click(world.user(active_user_id(board)), board, button(board, "3"))
    await r.wait_followups(1)
    before = await world.slash(world.alice, "game status")
    await before.wait_followups(1)
    last_board = world.latest_board()

    await world.stop_bot()
    await world.start_bot()

    after = await world.slash(world.alice, "game status")
    await after.wait_followups(1)
    assert _pixels_equal(before.messages[-1].files[0][1], after.messages[-1].files[0][1])
    player = world.user(active_user_id(last_board))
    label = next(text for text, _, _ in last_board.buttons if text and text.isdigit())
    r = await world.fake.click(player, last_board, button(last_board, label))
    await r.wait_followups(1)
    assert not r.messages[-1].ephemeral, r.messages[-1].content
    assert world.bot is not None
    snap = await world.bot.service.current(world.channel.id)
    assert snap.record.last_seq == 2
