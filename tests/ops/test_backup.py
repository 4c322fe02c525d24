"""Backups (online, checked, rotated), restore (refused while a bot holds the folder) and the
retention of finished games (archived, then removed; live games untouched)."""

from __future__ import annotations

import gzip
import json
import os
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from runtime import backup as ops
from runtime.settings import Settings
from storage import InstanceLock, Repository
from storage import backup as store
from storage.migrate import load_migrations
from tests.ops.conftest import ROOT, clean_env

DAY = 86400.0


async def make_db(path: Path) -> None:
    repo = await Repository.open(path)
    await repo.close()


def add_session(db: Path, ident: int, status: str, updated_at: float, moves: int = 2) -> None:
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute(
            "INSERT INTO sessions (id, guild_id, channel_id, game_key, status, host_id, "
            "options_json, seed, rules_version, state_json, created_at, updated_at) "
            "VALUES (?, 1, ?, 'dragrage', ?, 5, '{}', '7', 1, '{}', ?, ?)",
            (ident, 100 + ident, status, updated_at, updated_at),
        )
        conn.execute(
            "INSERT INTO seats (session_id, user_id, name, seat) VALUES (?, 5, 'Alice', 0)",
            (ident,),
        )
        for seq in range(moves):
            conn.execute(
                "INSERT INTO events (session_id, seq, actor, action_json, events_json, at) "
                "VALUES (?, ?, 5, '{}', '[]', ?)",
                (ident, seq, updated_at),
            )


def ids(db: Path) -> list[int]:
    with closing(sqlite3.connect(db)) as conn:
        return [r[0] for r in conn.execute("SELECT id FROM sessions ORDER BY id")]


def settings(tmp_path: Path, **extra: object) -> Settings:
    return Settings(data_dir=tmp_path / "data", **extra)  # type: ignore[arg-type]


async def test_backup_is_a_checked_single_file_and_rotation_keeps_n(tmp_path: Path) -> None:
    s = settings(tmp_path, backup_keep=3)
    await make_db(s.database_path)
    add_session(s.database_path, 1, "active", time.time())
    made = [ops.take_backup(s, now=1_700_000_000 + i * 3600) for i in range(5)]
    kept = store.list_backups(s.backup_dir)
    assert kept == made[-3:]
    assert kept[0].name == "redline-20231115-001320.sqlite3"
    with closing(sqlite3.connect(kept[-1])) as copy:
        assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert copy.execute("SELECT id FROM sessions").fetchall() == [(1,)]
    assert not list(s.backup_dir.glob(".*tmp"))


async def test_backup_sees_moves_still_in_the_wal(tmp_path: Path) -> None:
    s = settings(tmp_path)
    await make_db(s.database_path)
    writer = sqlite3.connect(s.database_path)  # open: its WAL is not checkpointed away
    try:
        writer.execute("PRAGMA wal_autocheckpoint = 0")
        with writer:
            writer.execute(
                "INSERT INTO sessions (id, channel_id, game_key, status, host_id, options_json, "
                "seed, rules_version, created_at, updated_at) "
                "VALUES (1, 1, 'dragrage', 'active', 5, '{}', '7', 1, 0, 0)"
            )
        assert os.path.getsize(f"{s.database_path}-wal") > 0
        path = ops.take_backup(s)
    finally:
        writer.close()
    assert ids(path) == [1]


async def test_backup_command_prints_the_file(tmp_path: Path) -> None:
    s = settings(tmp_path)
    await make_db(s.database_path)
    out = subprocess.run(
        [sys.executable, "-m", "bot", "backup"],
        cwd=tmp_path,
        env=clean_env(REDLINE_DATA_DIR=str(s.data_dir)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert Path(out.stdout.strip()).is_file()


async def test_restore_puts_the_backup_back_and_keeps_what_it_replaced(tmp_path: Path) -> None:
    s = settings(tmp_path)
    await make_db(s.database_path)
    add_session(s.database_path, 1, "active", time.time())
    saved = ops.take_backup(s)
    add_session(s.database_path, 2, "active", time.time())
    assert ops.restore_command(s, saved) == 0
    assert ids(s.database_path) == [1]
    before = [p for p in store.list_backups(s.backup_dir) if "before-restore" in p.name]
    assert len(before) == 1 and ids(before[0]) == [1, 2]
    repo = await Repository.open(s.database_path)  # the bot opens it as usual
    try:
        assert (await repo.check()).ok
    finally:
        await repo.close()


async def open_lobby(db: Path, channel: int, *, schema: int | None = None) -> int:
    """A lobby made the way the bot makes one (by a build at `schema`, default this one)."""
    migrations = load_migrations()[:schema] if schema else None
    repo = await Repository.open(db, migrations=migrations)
    try:
        made = await repo.create_session(
            guild_id=1,
            channel_id=channel,
            game_key="dragrage",
            host_id=5,
            host_name="Alice",
            options_json="{}",
            seed=channel,
            rules_version=1,
        )
        return made.id
    finally:
        await repo.close()


async def test_restoring_an_older_backup_never_hands_a_game_number_out_again(
    tmp_path: Path,
) -> None:
    """Games made after the backup are gone after the restore, but their numbers stay used."""
    s = settings(tmp_path)
    await open_lobby(s.database_path, 1)
    saved = ops.take_backup(s)
    await open_lobby(s.database_path, 2)
    newest = await open_lobby(s.database_path, 3)
    assert ops.restore_command(s, saved) == 0
    assert await open_lobby(s.database_path, 4) > newest


async def test_a_backup_from_before_the_upgrade_is_migrated_and_keeps_numbers_moving_on(
    tmp_path: Path,
) -> None:
    """A backup made by the build before game tags: restored, its games keep accepting their
    untagged buttons, and the numbers handed out since are not handed out again."""
    s = settings(tmp_path)
    old = await open_lobby(s.database_path, 1, schema=7)
    saved = ops.take_backup(s)
    assert store.inspect(saved) == 7
    await open_lobby(s.database_path, 2)  # the upgraded bot
    newest = await open_lobby(s.database_path, 3)
    assert ops.restore_command(s, saved) == 0
    assert store.inspect(s.database_path) == store.known_schema()
    assert await open_lobby(s.database_path, 4) > newest
    repo = await Repository.open(s.database_path)
    try:
        kept = await repo.session_seed(old)
        assert kept is not None and kept.untagged_buttons_ok
    finally:
        await repo.close()


async def test_restore_is_refused_while_a_bot_holds_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = settings(tmp_path)
    await make_db(s.database_path)
    add_session(s.database_path, 1, "active", time.time())
    saved = ops.take_backup(s)
    add_session(s.database_path, 2, "active", time.time())
    with InstanceLock.acquire(s.data_dir):
        assert ops.restore_command(s, saved) == 3
    assert "refusing to restore while the bot runs" in capsys.readouterr().err
    assert ids(s.database_path) == [1, 2]


async def test_restore_refuses_a_file_that_is_not_a_redline_database(tmp_path: Path) -> None:
    s = settings(tmp_path)
    await make_db(s.database_path)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    other = tmp_path / "other.sqlite3"
    with closing(sqlite3.connect(other)) as conn:
        conn.execute("CREATE TABLE t (x)")
    newer = tmp_path / "newer.sqlite3"
    await make_db(newer)
    with closing(sqlite3.connect(newer)) as conn:
        conn.execute(f"PRAGMA user_version = {store.known_schema() + 1}")
    for bad in (junk, other, newer, tmp_path / "missing.sqlite3"):
        assert ops.restore_command(s, bad) == 5
    assert not [p for p in store.list_backups(s.backup_dir) if "before-restore" in p.name]


async def test_retention_archives_then_removes_only_old_ended_games(tmp_path: Path) -> None:
    now = 1_800_000_000.0
    s = settings(tmp_path, retention_days=30)
    await make_db(s.database_path)
    add_session(s.database_path, 1, "finished", now - 40 * DAY, moves=3)
    add_session(s.database_path, 2, "abandoned", now - 31 * DAY)
    add_session(s.database_path, 3, "finished", now - 10 * DAY)  # too recent
    add_session(s.database_path, 4, "active", now - 90 * DAY)  # live: never
    add_session(s.database_path, 5, "lobby", now - 90 * DAY)
    assert ops.prune_now(s, now=now) == [1, 2]
    assert ids(s.database_path) == [3, 4, 5]
    with closing(sqlite3.connect(s.database_path)) as conn:
        assert (
            conn.execute("SELECT COUNT(*) FROM events WHERE session_id IN (1, 2)").fetchone()[0]
            == 0
        )
    (archive,) = s.archive_dir.glob("sessions-*.jsonl.gz")
    with gzip.open(archive, "rt", encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    assert [line["session"]["id"] for line in lines] == [1, 2]
    assert len(lines[0]["events"]) == 3 and lines[0]["seats"][0]["name"] == "Alice"
    assert ops.prune_now(s, now=now) == []  # nothing left: no empty archive either
    assert len(list(s.archive_dir.glob("*.gz"))) == 1


async def test_retention_off_by_default(tmp_path: Path) -> None:
    s = settings(tmp_path)
    await make_db(s.database_path)
    add_session(s.database_path, 1, "finished", 0.0)
    assert ops.prune_now(s) == []
    assert ids(s.database_path) == [1]


async def test_schedule_backs_up_when_the_newest_is_old_and_prunes_daily(tmp_path: Path) -> None:
    s = settings(tmp_path, backup_hours=6, retention_days=1)
    assert not ops.backup_due(s, time.time())  # no database yet
    await make_db(s.database_path)
    now = time.time()
    assert ops.backup_due(s, now)
    add_session(s.database_path, 1, "finished", now - 3 * DAY)
    last = await ops.maintenance_once(s, now, None)
    assert last == now
    assert len(store.list_backups(s.backup_dir)) == 1
    assert ids(s.database_path) == []
    assert not ops.backup_due(s, now + 5 * 3600)
    assert ops.backup_due(s, now + 6 * 3600 + 1)
    add_session(s.database_path, 2, "finished", now - 3 * DAY)
    assert await ops.maintenance_once(s, now + 3600, last) == last  # pruned less than a day ago
    assert ids(s.database_path) == [2]


async def test_restore_while_the_real_bot_runs_exits_3(tmp_path: Path) -> None:
    """The same refusal from the command line, against a lock held by another process."""
    data = tmp_path / "data"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from storage import InstanceLock; "
            f"lock = InstanceLock.acquire({str(data)!r}); print('held', flush=True); "
            "time.sleep(30)",
        ],
        env=clean_env(),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        out = subprocess.run(
            [sys.executable, "-m", "bot", "restore", str(tmp_path / "x.sqlite3")],
            cwd=tmp_path,
            env=clean_env(REDLINE_DATA_DIR=str(data)),
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        holder.kill()
        holder.wait()
    assert out.returncode == 3
    assert "refusing to restore while the bot runs" in out.stderr
    assert "Traceback" not in out.stderr
