"""The admin commands on PostgreSQL (here beside the storage tests because they need the
throwaway server): backup and restore say pg_dump is the way and change nothing; prune works."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.backup import EXIT_CONFIG, EXIT_OK, prune_command, restore_command
from runtime.settings import Settings
from storage import Repository, SessionNotFound
from tests.storage.conftest import new_game

DAY = 86_400.0


def _settings(url: str, data: Path) -> Settings:
    return Settings(database_url=url, data_dir=data, retention_days=1)  # type: ignore[arg-type]


@pytest.mark.postgres_only
async def test_restore_points_at_pg_restore(
    target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A restore on PostgreSQL is pg_restore's job (backups run pg_dump: tests/ops/
    test_pg_backup.py): refused in words, nothing done."""
    settings = _settings(target, tmp_path)
    assert settings.uses_postgres
    assert restore_command(settings, tmp_path / "x.sqlite3") == EXIT_CONFIG
    said = capsys.readouterr().err
    assert "pg_restore" in said and "nothing was done" in said


@pytest.mark.postgres_only
async def test_prune_command_prunes_postgres(target: str, tmp_path: Path) -> None:
    repo = await Repository.open(target, clock=lambda: 1_000.0)
    try:
        game = await new_game(repo)
        await repo.end_session(game.id, expected_version=game.version)
    finally:
        await repo.close()
    import asyncio

    assert await asyncio.to_thread(prune_command, _settings(target, tmp_path)) == EXIT_OK
    repo = await Repository.open(target)
    try:
        with pytest.raises(SessionNotFound):
            await repo.get_session(game.id)
    finally:
        await repo.close()
    assert list((tmp_path / "archive").glob("sessions-*.jsonl.gz"))
