"""A board drawing that hangs (issue 23): the saved move is shown in text at the drawing's
deadline, other games keep their images, and the metrics count it. In both render modes:
threads (a hung thread is left behind) and worker processes (a hung worker is killed)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.client import RedlineBot
from fakediscord import FakeChannel, FakeMessage
from render.registry import RENDERERS
from runtime.metrics import render as metrics_text
from tests.bot.conftest import World, active_user_id, draw_boards_with
from tests.render.hanging import Hang, hanging, hung_pids, release, until

DEADLINE = 1.0
"""Short, yet long enough for a healthy board on a loaded 2-core machine."""
PROCESSES = {"threads": 0, "processes": 2}


@pytest.fixture(params=sorted(PROCESSES))
async def hung(request: pytest.FixtureRequest, world: World, tmp_path: Path) -> AsyncIterator[Path]:
    """The world's bot restarted with a short drawing deadline (in the mode of the param);
    yields the gate folder of `Hang` (released at the end, so no drawing outlives the test)."""
    await world.stop_bot()
    bot = await world.start_bot(render_processes=PROCESSES[request.param], render_timeout=DEADLINE)
    pool = bot.table.renderer.processes
    if pool is not None:  # the deadline counts from the press: let the workers start first
        assert await asyncio.to_thread(pool.started.wait, 60)
    gate = tmp_path / "gate"
    gate.mkdir()
    try:
        yield gate
    finally:
        release(gate)


def _hang_boards(bot: RedlineBot, gate: Path, hangs: int) -> None:
    """The next `hangs` Drag Rage boards hang (picklable: in a worker process if there are)."""
    draw_boards_with(bot, "dragrage", Hang(gate, hangs, RENDERERS["dragrage"].board))


async def _race(world: World, channel: FakeChannel) -> FakeMessage:
    """A Drag Rage race started in `channel`; its first board."""
    fake = world.fake
    await fake.slash(world.alice, channel, "game new", game="dragrage", where="here")
    await fake.slash(world.bob, channel, "game join")
    started = await fake.slash(world.alice, channel, "game start")
    await started.wait_followups(1)
    return world.latest_board(channel)


async def _press(world: World, board: FakeMessage) -> FakeMessage:
    """The player to act presses a counter; the public message that answers it (the newest:
    the pressed board is also redrawn, as its turn is over)."""
    mover = world.user(active_user_id(board))
    counter = next(cid for label, cid, off in board.buttons if str(label).isdigit() and not off)
    pressed = await world.fake.click(mover, board, counter)
    await pressed.wait_followups(1)
    return max((m for m in pressed.messages if not m.ephemeral), key=lambda m: m.id)


async def test_a_hung_board_is_answered_with_the_text_board(world: World, hung: Path) -> None:
    """The move is saved and shown in text, with the next player pinged and their buttons."""
    board = await _race(world, world.channel)
    assert world.bot is not None
    _hang_boards(world.bot, hung, hangs=1)
    mover = active_user_id(board)  # (the board's turn is over once it is pressed)
    answer = await _press(world, board)
    assert not answer.files and "could not be drawn" in answer.content
    assert "Drag Rage" in answer.content and answer.buttons
    nxt = active_user_id(answer)
    assert nxt != mover
    assert any(m.id == answer.id for m in world.fake.notifications(nxt)), "next is pinged"


async def test_a_healthy_game_gets_its_image_while_two_drawings_hang(
    world: World, hung: Path
) -> None:
    """Two games' boards hang (as many as there are render slots); a third game's move still
    gets its image board once their deadlines passed."""
    channels = [world.channel] + [world.fake.add_channel(world.guild, f"t{n}") for n in (2, 3)]
    boards = [await _race(world, channel) for channel in channels]
    assert world.bot is not None
    _hang_boards(world.bot, hung, hangs=2)
    stuck = await asyncio.gather(*(_press(world, board) for board in boards[:2]))
    assert [bool(m.files) for m in stuck] == [False, False]
    assert hanging(hung) == 2
    pool = world.bot.table.renderer.processes
    if pool is not None:  # the hung workers were killed: wait for their replacements
        assert await until(lambda: len(set(pool.worker_pids()) - set(hung_pids(hung))) == 2)
    healthy = await _press(world, boards[2])
    assert healthy.files, f"the healthy game got no image: {healthy.content!r}"


async def test_the_metrics_count_drawings_past_their_deadline(world: World, hung: Path) -> None:
    """`redline_render_deadline_passed_total` counts the hung board by game and kind."""
    board = await _race(world, world.channel)
    assert world.bot is not None
    _hang_boards(world.bot, hung, hangs=1)
    await _press(world, board)
    assert world.app is not None
    text = metrics_text(world.app.settings, world.bot, None)
    passed = 'redline_render_deadline_passed_total{game="dragrage",kind="board"} 1'
    assert passed in text, text


async def test_a_hung_board_is_a_warning_naming_its_session(
    world: World, hung: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The log names the session, game and kind in one warning; no error, no traceback."""
    board = await _race(world, world.channel)
    assert world.bot is not None
    session = (await world.bot.service.current(world.channel.id)).session_id
    _hang_boards(world.bot, hung, hangs=1)
    with caplog.at_level(logging.INFO):
        await _press(world, board)
    passed = [r for r in caplog.records if "passed its" in r.getMessage()]
    assert [r.levelno for r in passed] == [logging.WARNING]
    assert f"board of session {session} (dragrage)" in passed[0].getMessage()
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
