"""A finished game's replay is posted in the background, after the last move's answer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.table import Table
from games.registry import GAMES
from render.registry import RENDERERS
from runtime.rendering import Renderer
from storage import Repository
from table import replays
from table.answers import Message
from table.host import Host
from table.service import GameService
from tests.table.test_replays import HOST, played_to_the_end


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    repo = await Repository.open(tmp_path / "db.sqlite3")
    renderer = Renderer(RENDERERS)
    try:
        yield Table(Host(GameService(repo, GAMES, seed_source=lambda: 424242)), renderer)
    finally:
        renderer.close()
        await repo.close()


async def test_a_finished_game_posts_its_replay_in_the_background(table: Table) -> None:
    """`post_replay` returns at once; the replay is posted when built."""
    snap = await played_to_the_end(table.service, "dragrage", bots=1)
    posted: list[Message] = []

    async def post(board: Message) -> None:
        posted.append(board)

    task = table.post_replay(snap, post)
    assert task is not None and not posted
    await table.workload.idle()
    assert [b.filename for b in posted] == [f"replay-{snap.session_id}.gif"]


async def test_a_running_game_posts_no_replay(table: Table) -> None:
    """A move that did not end the game schedules nothing; asking for one is refused."""
    service = table.service
    await service.new_session(guild_id=1, channel_id=5, game_key="dragrage", host=HOST)
    await service.add_bot(5, HOST.id)
    snap = await service.start(5, HOST.id)

    async def post(board: Message) -> None:
        raise AssertionError("nothing to post")

    assert table.post_replay(snap, post) is None
    with pytest.raises(replays.ReplayError):
        await replays.replay_for(table.service, table.renderer, snap)
