"""Storage that disappears under a running bot: deleted, replaced or read-only database files.

A write never "succeeds" into a file nobody will open again: it raises StorageGone, and so does
every later write until restart. `check()` reports the same problems for the heartbeat.

Read-only as root: the tests run as root, for whom file modes stop nothing. Two ways make
SQLite really refuse writes here: (1) `chattr +i` on the database and its -wal file while open
(the kernel then fails every write with EPERM, which SQLite reports as SQLITE_IOERR_WRITE, the
same as a volume remounted read-only); skipped where chattr is not permitted (no
CAP_LINUX_IMMUTABLE, tmpfs). Never on the -shm file: it is mmapped, and an immutable mapping
kills the process with SIGBUS. (2) Opening the file through a `?mode=ro` URI, which is the state
SQLite falls back to when a read-only file or volume is opened (SQLITE_READONLY); always runs.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from storage import Repository, StorageError, StorageGone
from tests.storage.conftest import move, new_game


@pytest.mark.sqlite_only("reads the probe row from the file (PostgreSQL: test_postgres.py)")
async def test_a_healthy_database_passes_the_check(repo: Repository, db_path: Path) -> None:
    """check() is ok and its probe really wrote (the probe row carries the clock's time)."""
    health = await repo.check()
    assert (health.ok, health.problem) == (True, "")
    raw = sqlite3.connect(db_path)
    try:
        assert raw.execute("SELECT at FROM probe WHERE id = 1").fetchone()[0] > 0
    finally:
        raw.close()


async def test_memory_databases_pass_the_check() -> None:
    """No file to lose: ':memory:' checks ok."""
    repository = await Repository.open(":memory:")
    try:
        assert (await repository.check()).ok
    finally:
        await repository.close()


@pytest.mark.sqlite_only("a database file deleted under the bot")
async def test_a_deleted_file_refuses_the_next_move(repo: Repository, db_path: Path) -> None:
    """Deleted while open: record_move raises StorageGone, nothing is confirmed, and every
    later write is refused too; check() says what happened."""
    session = await new_game(repo)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)

    with pytest.raises(StorageGone, match="was deleted while Redline was running") as caught:
        await move(repo, session, 1)
    assert isinstance(caught.value, StorageError)
    # The open handle still reads the orphaned file: the move is not in it.
    after = await repo.get_session(session.id)
    assert (after.version, after.last_seq) == (session.version, 0)

    health = await repo.check()
    assert not health.ok and "deleted" in health.problem
    with pytest.raises(StorageGone):
        await repo.set_setting(1, "theme", "dark")


@pytest.mark.sqlite_only("a database file replaced under the bot")
async def test_a_replaced_file_refuses_the_next_move(repo: Repository, db_path: Path) -> None:
    """A backup restored over the live file (new inode): refused, and it stays refused."""
    session = await new_game(repo)
    copy = db_path.with_name("restored.sqlite3")
    shutil.copyfile(db_path, copy)
    copy.replace(db_path)

    with pytest.raises(StorageGone, match="was replaced by another file"):
        await move(repo, session, 1)
    assert (await repo.get_session(session.id)).version == session.version
    health = await repo.check()
    assert not health.ok and "replaced" in health.problem

    # Even if the original came back, this process stays refused until it restarts.
    with pytest.raises(StorageGone, match="replaced"):
        await repo.end_session(session.id, expected_version=session.version)


async def test_a_read_only_open_is_reported_and_refused(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database SQLite opened read-only (as for a read-only file or volume): check() reports
    it, and a move raises StorageGone instead of sqlite3's OperationalError."""
    first = await Repository.open(db_path)
    session = await new_game(first)
    await first.close()

    real_connect = aiosqlite.connect

    def read_only(path: Any, **kwargs: Any) -> aiosqlite.Connection:
        return real_connect(f"file:{path}?mode=ro", uri=True, **kwargs)

    monkeypatch.setattr(aiosqlite, "connect", read_only)
    repo = await Repository.open(db_path)
    try:
        assert (await repo.get_session(session.id)).version == session.version  # reads work
        health = await repo.check()
        assert not health.ok
        assert "refused a write (attempt to write a readonly database)" in health.problem
        with pytest.raises(StorageGone, match="read-only"):
            await move(repo, session, 1)
    finally:
        await repo.close()


@pytest.fixture
def immutable(db_path: Path) -> Iterator[list[Path]]:
    """Files to make immutable with chattr +i; always made mutable again afterwards."""
    files: list[Path] = []
    yield files
    if files:
        subprocess.run(["chattr", "-i", *map(str, files)], check=False)


@pytest.mark.sqlite_only("file attributes of the database file")
async def test_an_immutable_file_under_an_open_connection(
    repo: Repository, db_path: Path, immutable: list[Path]
) -> None:
    """chattr +i while open (root cannot write either): the write fails with an I/O error,
    which is reported as StorageGone; check() reports it."""
    session = await new_game(repo)
    targets = [db_path, Path(f"{db_path}-wal")]  # never -shm: it is mmapped (SIGBUS)
    if shutil.which("chattr") is None:
        pytest.skip("chattr is not installed")
    done = subprocess.run(["chattr", "+i", *map(str, targets)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"chattr +i not permitted here: {done.stderr.strip()}")
    immutable.extend(targets)

    with pytest.raises(StorageGone, match="refused a write"):
        await move(repo, session, 1)
    health = await repo.check()
    assert not health.ok and "read-only or failing" in health.problem


# Faults that clear by themselves: StorageGone that does not latch ---------------------------


async def _fill_the_disk(repo: Repository) -> None:
    """Cap the file at the pages it has now: the next write that needs a page is SQLITE_FULL,
    exactly what a full disk gives (raising the cap again is the disk getting space back)."""
    pages = await repo.pragma("page_count")
    await repo._call(lambda db: db.execute(f"PRAGMA max_page_count = {int(pages)}"))


@pytest.mark.sqlite_only("SQLite's page cap stands in for a full disk")
async def test_a_full_disk_is_storage_gone_until_space_comes_back(repo: Repository) -> None:
    """A full disk refuses the move as StorageGone that does not last (nothing saved); once
    space is back the next write lands without a restart."""
    session = await new_game(repo)
    await _fill_the_disk(repo)
    with pytest.raises(StorageGone, match="full") as caught:
        await move(repo, session, 1, pad=20_000)
    assert not caught.value.lasting
    assert (await repo.get_session(session.id)).version == session.version
    await repo._call(lambda db: db.execute("PRAGMA max_page_count = 1073741823"))
    assert (await repo.check()).ok
    assert (await move(repo, session, 1, pad=20_000)).version == session.version + 1


@pytest.mark.sqlite_only("SQLite's write lock, held by another connection")
async def test_a_lock_held_past_the_busy_timeout_is_storage_gone_that_clears(
    db_path: Path,
) -> None:
    """Another process holds the write lock past the busy timeout: StorageGone that does not
    last; once it lets go, the same move lands."""
    repo = await Repository.open(db_path, busy_timeout_ms=50)
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        session = await new_game(repo)
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(StorageGone, match="locked") as caught:
            await move(repo, session, 1)
        assert not caught.value.lasting
        other.execute("ROLLBACK")
        assert (await move(repo, session, 1)).version == session.version + 1
    finally:
        other.close()
        await repo.close()


@pytest.mark.sqlite_only("a database file deleted under the bot")
async def test_a_deleted_file_is_a_lasting_fault(repo: Repository, db_path: Path) -> None:
    """The file gone is not waited out: StorageGone says only a restart helps."""
    session = await new_game(repo)
    db_path.unlink()
    with pytest.raises(StorageGone) as caught:
        await move(repo, session, 1)
    assert caught.value.lasting
    health = await repo.check()
    assert not health.ok and health.lasting
