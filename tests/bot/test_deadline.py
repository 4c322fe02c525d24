"""Every interaction is acknowledged within 3 s even while the renderer is busy elsewhere."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from render.registry import RENDERERS
from tests.bot.conftest import World, active_user_id, button, draw_boards_with

SLOW = 3.5


async def test_acks_stay_fast_while_rendering_is_stuck(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With both render threads stuck for 3.5 s, moves, status and /roll are acknowledged
    before any drawing came unstuck (acknowledging never waits for the renderer). The
    drawings' own deadline is set past their wait here: this is about acknowledging."""
    await world.stop_bot()
    await world.start_bot(render_timeout=60.0)
    await world.new_race()
    real = RENDERERS["dragrage"].board
    unstuck: list[float] = []

    def slow(view: Any, **kwargs: Any) -> bytes:
        time.sleep(SLOW)
        unstuck.append(time.monotonic())  # the clock of the fake's ack times (loop.time())
        return real(view, **kwargs)

    assert world.bot is not None
    draw_boards_with(world.bot, "dragrage", slow)
    board = world.latest_board()
    player = world.user(active_user_id(board))
    results = await asyncio.gather(
        world.fake.click(player, board, button(board, "5")),
        world.slash(world.alice, "game status"),
        world.slash(world.bob, "game status"),
        world.slash(world.bob, "roll", expression="3d6"),
    )
    for r in results:
        await r.wait_followups(1, timeout=15)
        assert r.messages[-1].files
    for r in results:
        assert r.record.ack_at is not None and r.record.ack_at < min(unstuck), r
    assert not world.fake.violations
