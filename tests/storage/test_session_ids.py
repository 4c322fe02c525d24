"""Session ids are never handed out twice (a button names its session by id), on both backends;
sessions made before buttons named their game are marked, so their untagged buttons still work.
(Restoring an older SQLite backup: tests/ops/test_backup.py.)"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from storage import Repository, SessionStatus
from storage.migrate import Migration, load_migrations
from storage.repository import is_postgres_url
from tests.storage.conftest import GUEST, REFUSED, move, new_game, new_lobby, raw_sql

DAY = 86_400.0
TAGGED_FROM = 8
"""The first migration that knows buttons name their game (and never reuses session ids)."""


async def _end_and_prune(repo: Repository, session_id: int, archive: Path) -> None:
    record = await repo.get_session(session_id)
    await repo.end_session(
        session_id, expected_version=record.version, status=SessionStatus.FINISHED
    )
    await raw_sql(repo, "UPDATE sessions SET updated_at = 0 WHERE id = ?", (session_id,))
    assert await repo.prune(archive, older_than=DAY) == [session_id]


async def test_the_newest_session_pruned_its_id_is_not_handed_out_again(
    repo: Repository, tmp_path: Path
) -> None:
    """Prune the newest game: the next game gets a new number, not the freed one."""
    await new_game(repo, channel_id=1)
    newest = await new_game(repo, channel_id=2)
    await _end_and_prune(repo, newest.id, tmp_path / "archive")
    assert (await new_lobby(repo, channel_id=3)).id > newest.id


async def test_an_upgraded_database_keeps_its_games_and_never_reuses_their_ids(
    target: str | Path, tmp_path: Path
) -> None:
    """A database made before the upgrade keeps every game, which plays on; once the newest is
    pruned, its number is still not handed out again."""
    older = await Repository.open(target, migrations=load_migrations_of(target)[: TAGGED_FROM - 1])
    try:
        first = await move(older, await new_game(older, channel_id=1), 1)
        newest = await new_game(older, channel_id=2)
    finally:
        await older.close()
    repo = await Repository.open(target)
    try:
        assert await repo.get_session(first.id) == first
        assert [e.seq for e in await repo.log(first.id)] == [0, 1]
        await move(repo, first, 2)
        await _end_and_prune(repo, newest.id, tmp_path / "archive")
        assert (await new_lobby(repo, channel_id=3)).id > newest.id
    finally:
        await repo.close()


async def test_only_games_from_before_the_upgrade_accept_untagged_buttons(
    target: str | Path,
) -> None:
    """Games that existed at the upgrade may be pressed by boards drawn without a game tag;
    games made afterwards never had such boards, so theirs would be an older game's."""
    older = await Repository.open(target, migrations=load_migrations_of(target)[: TAGGED_FROM - 1])
    try:
        before = await new_lobby(older, channel_id=1)
    finally:
        await older.close()
    repo = await Repository.open(target)
    try:
        after = await new_lobby(repo, channel_id=2)
        old, new = await repo.session_seed(before.id), await repo.session_seed(after.id)
        assert old is not None and old.untagged_buttons_ok and old.seed == str(before.seed)
        assert new is not None and not new.untagged_buttons_ok
        assert await repo.session_seed(after.id + 1) is None
    finally:
        await repo.close()


@pytest.mark.sqlite_only("the rebuilt table's schema in sqlite_master")
async def test_the_rebuild_keeps_every_index_trigger_and_foreign_key(db_path: Path) -> None:
    """SQLite's rebuild of `sessions` (for AUTOINCREMENT) keeps its indexes, the log's
    append-only trigger, and the references from seats, events, reminders and take-backs."""
    older = await Repository.open(db_path, migrations=load_migrations()[: TAGGED_FROM - 1])
    try:
        game = await move(older, await new_game(older), 1)
        await older.claim_reminder(game.id, GUEST, 1, 0)
        await older.open_takeback(game.id, user_id=GUEST, seq=1, asked=[GUEST], expires_at=1e12)
    finally:
        await older.close()
    before = _schema(db_path)
    # Up to the rebuild only: a later migration may change the trigger on purpose (0012).
    repo = await Repository.open(db_path, migrations=load_migrations()[:TAGGED_FROM])
    try:
        with pytest.raises(REFUSED):
            await raw_sql(repo, "UPDATE events SET at = 0 WHERE session_id = ?", (game.id,))
        await raw_sql(repo, "DELETE FROM sessions WHERE id = ?", (game.id,))
        for table in ("seats", "events", "reminders", "takebacks"):
            assert await _count(repo, table, game.id) == 0, f"{table} follows its session"
    finally:
        await repo.close()
    after = _schema(db_path)
    assert "AUTOINCREMENT" in after.pop("table:sessions")
    before.pop("table:sessions")
    after.pop("table:sqlite_sequence")
    kept = {name: after.get(name) for name in before}  # later migrations may add their own
    assert kept == before, "every other table, index and trigger is as it was"


async def _count(repo: Repository, table: str, session_id: int) -> int:
    sql = f"SELECT COUNT(*) FROM {table} WHERE session_id = ?"
    return int(await repo._call(lambda db: db.execute(sql, (session_id,)).fetchone()[0]))


def _schema(path: Path) -> dict[str, str]:
    with closing(sqlite3.connect(path)) as db:
        rows = db.execute("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL")
        return {f"{kind}:{name}": " ".join(sql.split()) for kind, name, sql in rows}


def load_migrations_of(target: str | Path) -> tuple[Migration, ...]:
    """The bundled migrations for the backend `target` names."""
    return load_migrations(dialect="postgres" if is_postgres_url(target) else "sqlite")
