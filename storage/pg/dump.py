"""A backup of a Redline PostgreSQL database with PostgreSQL's own `pg_dump`, into the same
backups folder and under the same names as SQLite's (`redline-YYYYmmdd-HHMMSS.dump`), so an
admin has one backup command whatever the backend.

The dump is pg_dump's custom format (`pg_restore` reads it, consistent while the bots write),
written to a temporary name, flushed to disk, then renamed: a failed dump never carries a
backup's name. The URL's password goes to pg_dump through PGPASSWORD, never on its command
line (which any user of the machine can read with `ps`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from storage.backup import BackupError, fsync_file, keep_newest, new_backup_path
from storage.pg.backend import safe_url

DUMP_SUFFIX = ".dump"
DUMP_TIMEOUT_S = 3600.0


class PgDumpMissing(BackupError):
    """No `pg_dump` on this machine: nothing was backed up."""


def without_password(url: str) -> tuple[str, str | None]:
    """(the URL without its password, the password) for libpq."""
    parts = urlsplit(url)
    if parts.password is None:
        return url, None
    user = parts.username or ""
    host = parts.hostname or ""
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    netloc = f"{user}@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc)), parts.password


def dump(
    url: str,
    folder: Path,
    *,
    keep: int,
    now: float | None = None,
    pg_dump: str | None = None,
) -> Path:
    """pg_dump the database at `url` into `folder`; keep the newest `keep` dumps."""
    tool = pg_dump or shutil.which("pg_dump")
    if tool is None:
        raise PgDumpMissing(f"pg_dump was not found (PATH={os.environ.get('PATH', '')})")
    target = new_backup_path(folder, time.time() if now is None else now, suffix=DUMP_SUFFIX)
    temp = folder / f".{target.name}.{os.getpid()}.tmp"
    dbname, password = without_password(url)
    env = dict(os.environ)
    if password is not None:
        env["PGPASSWORD"] = password
    try:
        done = subprocess.run(
            [tool, "--format=custom", f"--file={temp}", f"--dbname={dbname}"],
            env=env,
            capture_output=True,
            text=True,
            timeout=DUMP_TIMEOUT_S,
        )
        if done.returncode != 0:
            said = " ".join(done.stderr.split()) or f"exit code {done.returncode}"
            raise BackupError(f"pg_dump of {safe_url(url)} failed: {said}")
        fsync_file(temp)
        os.replace(temp, target)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BackupError(f"pg_dump of {safe_url(url)} could not run: {exc}") from exc
    finally:
        temp.unlink(missing_ok=True)
    keep_newest(folder, keep, suffix=DUMP_SUFFIX)
    return target
