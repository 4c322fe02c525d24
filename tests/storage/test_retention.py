"""Repository.prune on both backends: old ended games are archived, then deleted; live and
recent ones stay. (The SQLite-file prune beside a running bot is tests/ops/test_backup.py.)"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from storage import Repository, SessionNotFound, SessionStatus
from tests.storage.conftest import move, new_game

DAY = 86_400.0


async def test_old_ended_games_are_archived_then_removed(
    target: str | Path, tmp_path: Path
) -> None:
    now = [1_000_000.0]
    repo = await Repository.open(target, clock=lambda: now[0])
    try:
        old = await move(repo, await new_game(repo, channel_id=1), 1)
        old = await repo.end_session(
            old.id, expected_version=old.version, status=SessionStatus.FINISHED, reason="won"
        )
        live = await new_game(repo, channel_id=2)
        now[0] += 40 * DAY
        recent = await new_game(repo, channel_id=3)
        await repo.end_session(recent.id, expected_version=recent.version)

        assert await repo.prune(tmp_path / "archive", older_than=30 * DAY) == [old.id]
        assert await repo.prune(tmp_path / "archive", older_than=30 * DAY) == []

        with pytest.raises(SessionNotFound):
            await repo.get_session(old.id)
        assert (await repo.get_session(live.id)).is_live
        assert (await repo.get_session(recent.id)).status is SessionStatus.ABANDONED
    finally:
        await repo.close()
    [archive] = list((tmp_path / "archive").glob("sessions-*.jsonl.gz"))
    with gzip.open(archive, "rt", encoding="utf-8") as lines:
        [line] = [json.loads(x) for x in lines]
    assert line["session"]["id"] == old.id
    assert [e["seq"] for e in line["events"]] == [0, 1]
    assert sorted(s["user_id"] for s in line["seats"]) == [100, 200]
