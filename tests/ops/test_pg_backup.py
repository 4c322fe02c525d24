"""`python -m bot backup` on PostgreSQL: a pg_dump into the backups folder, rotated like
SQLite's, the password kept off pg_dump's command line; without pg_dump, a clear message."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from storage import Repository
from storage.backup import list_backups
from storage.pg.dump import DUMP_SUFFIX, dump
from tests.ops.conftest import clean_env
from tests.postgres import PgServer, serving

pg_server = pytest.fixture(scope="module", name="pg_server")(serving)

RECORDING_PG_DUMP = """#!/usr/bin/env bash
# a stand-in pg_dump: records its arguments and PGPASSWORD, writes the file it was asked for
printf '%s\\n' "$@" > "$(dirname "$0")/argv"
printf '%s' "${PGPASSWORD-unset}" > "$(dirname "$0")/password"
for arg in "$@"; do
  case "$arg" in --file=*) echo dump > "${arg#--file=}" ;; esac
done
"""


@pytest.fixture
def pg_dump() -> str:
    found = shutil.which("pg_dump")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("CI must run the pg_dump tests: apt-get install postgresql-client")
        pytest.skip("pg_dump is not installed (apt-get install postgresql-client)")
    return found


@pytest.fixture
async def pg_url(pg_server: PgServer) -> AsyncIterator[str]:
    """A fresh database with Redline's tables in it."""
    url = pg_server.new_database()
    repo = await Repository.open(url)
    await repo.close()
    yield url
    pg_server.drop_database(url)


@pytest.fixture
def recording(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "stub"
    folder.mkdir()
    (folder / "pg_dump").write_text(RECORDING_PG_DUMP)
    (folder / "pg_dump").chmod(0o755)
    yield folder


def backup(data_dir: Path, url: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "backup"],
        cwd=data_dir.parent,
        env=clean_env(REDLINE_DATA_DIR=str(data_dir), REDLINE_DATABASE_URL=url, **env),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_backup_on_postgresql_is_a_dump_pg_restore_reads(
    tmp_path: Path, pg_url: str, pg_dump: str
) -> None:
    """One command whatever the backend: the dump lands in DATA_DIR/backups, named by time."""
    out = backup(tmp_path / "data", pg_url)
    assert out.returncode == 0, out.stderr
    path = Path(out.stdout.strip())
    assert path.parent == tmp_path / "data" / "backups"
    assert path.name.startswith("redline-") and path.suffix == DUMP_SUFFIX
    assert "backup written" in out.stderr
    listing = subprocess.run(
        [str(Path(pg_dump).with_name("pg_restore")), "--list", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert listing.returncode == 0, listing.stderr
    assert "TABLE public sessions" in listing.stdout


def test_without_pg_dump_nothing_is_written_and_the_fix_is_named(
    tmp_path: Path, pg_url: str
) -> None:
    """No pg_dump on the PATH: exit code 2, what to install, and no file in backups."""
    out = backup(tmp_path / "data", pg_url, PATH=str(tmp_path / "nowhere"))
    assert out.returncode == 2
    assert "nothing was backed up" in out.stderr
    assert "pg_dump" in out.stderr and "postgresql-client" in out.stderr
    assert "Traceback" not in out.stderr
    assert not list_backups(tmp_path / "data" / "backups", DUMP_SUFFIX)


def test_a_failing_pg_dump_exits_5_with_its_words_and_leaves_nothing(
    tmp_path: Path, pg_dump: str
) -> None:
    """An unreachable server: pg_dump's own reason, exit code 5, no half-written dump."""
    url = "postgresql://redline:s3cret@127.0.0.1:1/redline"
    out = backup(tmp_path / "data", url)
    assert out.returncode == 5
    assert "pg_dump of postgresql://redline@127.0.0.1:1/redline failed" in out.stderr
    assert "s3cret" not in out.stderr
    assert not list((tmp_path / "data" / "backups").iterdir())


def test_the_password_goes_to_pg_dump_in_its_environment_not_its_arguments(
    tmp_path: Path, recording: Path
) -> None:
    """`ps` shows a command line to every user of the machine: the password is not on it."""
    url = "postgresql://redline:s3cret@db.example:5432/redline?sslmode=require"
    dump(url, tmp_path / "backups", keep=3, pg_dump=str(recording / "pg_dump"))
    argv = (recording / "argv").read_text()
    assert "s3cret" not in argv
    assert "--dbname=postgresql://redline@db.example:5432/redline?sslmode=require" in argv
    assert (recording / "password").read_text() == "s3cret"


def test_dumps_rotate_like_sqlite_backups(tmp_path: Path, recording: Path) -> None:
    """The newest `keep` dumps stay, named by the UTC time they were made."""
    folder, stub = tmp_path / "backups", str(recording / "pg_dump")
    made = [
        dump("postgresql://x@h/db", folder, keep=2, now=1_700_000_000 + hour * 3600, pg_dump=stub)
        for hour in range(3)
    ]
    assert list_backups(folder, DUMP_SUFFIX) == made[1:]
    assert made[0].name == "redline-20231114-221320.dump"
