"""PostgreSQL going away under the running bot, as players see it in Discord: a move whose
COMMIT lost its answer, and a server restart (paused, then "▶️ back")."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path

import pytest

from bot.replies import APOLOGY
from runtime.health import HEARTBEAT_FILE, judge
from storage.pg.bridge import LostCommit
from table.outage import BACK, PAUSED
from tests.bot.conftest import World, active_user_id, running_world
from tests.bot.outage_steps import Steps, instantly
from tests.bot.test_faults import NOTHING_CHANGED, _counter_button, _said, _version
from tests.postgres import PgServer, serving

server = pytest.fixture(scope="module", name="server")(serving)
"""A server of this module's own: these tests stop and start it."""


@pytest.fixture
async def pg_world(tmp_path: Path, server: PgServer) -> AsyncIterator[World]:
    """The `world` of tests/bot/conftest.py with its bot on PostgreSQL; the probe loop and the
    read-back of a lost COMMIT wait on the fake clock."""
    url = server.new_database()
    async with running_world(tmp_path, database_url=url) as w:
        assert w.bot is not None
        w.bot.service.sleep = partial(instantly, clock=w.clock)
        w.bot.service.outage.sleep = Steps(w.clock)
        yield w
    server.drop_database(url)


def _steps(world: World) -> Steps:
    assert world.bot is not None
    steps = world.bot.service.outage.sleep
    assert isinstance(steps, Steps)
    return steps


def _lose_next_commit(world: World, fault: LostCommit) -> None:
    assert world.bot is not None
    world.bot.service.repo._backend.lose_next_commit(fault)  # type: ignore[attr-defined]


async def _healthy(world: World) -> bool:
    assert world.app is not None
    await world.app.beat_once()
    return judge(world.data_dir / HEARTBEAT_FILE, now=time.time())[0]


async def test_a_move_whose_commit_answer_was_lost_is_shown_as_saved(pg_world: World) -> None:
    """The server committed, the connection dropped before the answer: the player is told
    "Saved", the new board is posted and the next player pinged; never "Nothing was
    changed"."""
    world = pg_world
    await world.new_race()
    board = world.latest_board()
    mover = world.user(active_user_id(board))
    before = await _version(world)
    _lose_next_commit(world, LostCommit(landed=True))
    r = await world.fake.click(mover, board, _counter_button(board)[1])
    await r.wait_followups(1)
    assert await _version(world) == before + 1
    new_board = world.latest_board()
    assert new_board.id != board.id and new_board.files
    nxt = active_user_id(new_board)
    assert nxt != mover.id and any(m.id == new_board.id for m in world.fake.notifications(nxt))
    assert not any(NOTHING_CHANGED in text for text in _said(world))


async def test_an_unconfirmed_move_is_shown_on_the_board_once_the_server_is_back(
    pg_world: World, server: PgServer
) -> None:
    """The server went away with the COMMIT's answer: the player hears "could not confirm",
    and once the server is back the table gets "▶️ back" with the board showing the move."""
    world = pg_world
    await world.new_race()
    board = world.latest_board()
    mover = world.user(active_user_id(board))
    before = await _version(world)
    _lose_next_commit(world, LostCommit(landed=True, meanwhile=server.pause))
    try:
        r = await world.fake.click(mover, board, _counter_button(board)[1])
        await r.wait_followups(1)
        assert r.messages[-1].ephemeral and "could not confirm" in r.messages[-1].content
    finally:
        server.resume()
    assert world.bot is not None
    await _steps(world).until_back(world.bot.service.outage)
    back = [m for m in world.public() if m.content.startswith(BACK)]
    assert len(back) == 1 and back[0].files, "one message, with the board"
    assert await _version(world) == before + 1
    assert active_user_id(back[0]) != mover.id
    assert not any(NOTHING_CHANGED in text for text in _said(world))


async def test_a_restarted_server_pauses_the_table_then_it_goes_on(
    pg_world: World, server: PgServer, caplog: pytest.LogCaptureFixture
) -> None:
    """PostgreSQL restarted under the bot: a press gets a private "paused for maintenance, try
    again in a minute" (never the apology, never logged as a bug), the health check turns
    unhealthy; once it is back the channel hears "▶️ back" once, the health check is healthy,
    and the next press plays."""
    world = pg_world
    await world.new_race()
    board = world.latest_board()
    mover = world.user(active_user_id(board))
    label, cid = _counter_button(board)
    before = await _version(world)
    server.pause()
    try:
        with caplog.at_level(logging.ERROR):
            for _ in range(2):  # the first meets the dead connection, the second the pause
                r = await world.fake.click(mover, board, cid)
                await r.wait_followups(1)
                assert r.messages[-1].ephemeral and r.messages[-1].content == PAUSED
                board = world.fake.store.messages[board.id]
        assert not await _healthy(world)
        await _steps(world).probes(3)
    finally:
        server.resume()
    assert world.bot is not None
    await _steps(world).until_back(world.bot.service.outage)
    assert [m.content for m in world.public() if BACK in m.content] == [BACK]
    assert await _healthy(world)
    assert not any("unexpected error" in r.getMessage() for r in caplog.records)
    assert not any(APOLOGY in text for text in _said(world))
    await world.slash(mover, "dragrage advance", counter=int(label))
    assert await _version(world) == before + 1
