"""Fixtures: a real SQLite file per test, and a helper that walks a session to ACTIVE."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Repository, SessionRecord

HOST = 100
GUEST = 200
CHANNEL = 5000


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "redline.sqlite3"


@pytest.fixture
async def repo(db_path: Path) -> AsyncIterator[Repository]:
    repository = await Repository.open(db_path)
    yield repository
    await repository.close()


async def new_lobby(repo: Repository, channel_id: int = CHANNEL) -> SessionRecord:
    return await repo.create_session(
        guild_id=1,
        channel_id=channel_id,
        game_key="dragrage",
        host_id=HOST,
        host_name="Host",
        options_json='{"laps":1}',
        seed=42,
        rules_version=3,
    )


async def new_game(repo: Repository, channel_id: int = CHANNEL) -> SessionRecord:
    """A two-seat session that has been started (version 2, log seq 0 written)."""
    lobby = await new_lobby(repo, channel_id)
    joined = await repo.add_seat(lobby.id, GUEST, "Guest", expected_version=lobby.version)
    return await repo.start(
        joined.id, expected_version=joined.version, state_json='{"turn":0}', events_json="[]"
    )


async def move(repo: Repository, session: SessionRecord, n: int) -> SessionRecord:
    return await repo.record_move(
        session.id,
        expected_version=session.version,
        actor=HOST,
        action_json=f'{{"kind":"advance","n":{n}}}',
        events_json="[]",
        state_json=f'{{"turn":{n}}}',
    )
