"""A real, throwaway PostgreSQL server for tests (no Docker, no shared server).

    from tests.postgres import start_server
    server = start_server()            # initdb into a temp dir, start on a free local port
    url = server.new_database()        # postgresql://postgres@127.0.0.1:PORT/redline_N (empty)
    server.drop_database(url)          # optional: the whole server goes at stop() anyway
    server.stop()                      # stop the server and delete its folder (also at exit)

    @pytest.fixture(scope="module")
    def pg_server() -> Iterator[PgServer]:
        yield from serve_tests("the two-process tests")   # skip or fail without binaries

The binaries come from `$REDLINE_PG_BIN`, `pg_config --bindir`, the newest
`/usr/lib/postgresql/<version>/bin` (Debian/Ubuntu) or PATH. PostgreSQL refuses to run as root,
so as root the server runs as the `postgres` user (`runuser`), in a folder that user owns.
`find_binaries()` returns None when no server binaries exist; `MISSING` says how to install them.

`fsync=False` (the default for tests) turns off fsync and synchronous commit: much faster, and
nothing a test checks depends on surviving power loss. Pass `fsync=True` to measure real costs.
Clients connect over TCP on 127.0.0.1 with trust authentication (local only, throwaway data).
"""

from __future__ import annotations

import atexit
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

MISSING = (
    "PostgreSQL server binaries (initdb, pg_ctl) were not found. Install them with "
    "`sudo apt-get install postgresql` (Debian/Ubuntu; .ci/run does this in CI), or point "
    "REDLINE_PG_BIN at the folder holding initdb."
)
_USER = "postgres"


def find_binaries() -> Path | None:
    """The folder with initdb/pg_ctl/postgres/psql, or None."""
    candidates: list[Path] = []
    if os.environ.get("REDLINE_PG_BIN"):
        candidates.append(Path(os.environ["REDLINE_PG_BIN"]))
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        if out.returncode == 0:
            candidates.append(Path(out.stdout.strip()))

    def version(path: str) -> float:
        try:
            return float(Path(path).parent.parent.name)
        except ValueError:
            return 0.0

    debian = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version, reverse=True)
    candidates += [Path(p).parent for p in debian]
    if shutil.which("initdb"):
        candidates.append(Path(str(shutil.which("initdb"))).parent)
    for folder in candidates:
        if all((folder / name).is_file() for name in ("initdb", "pg_ctl", "psql")):
            return folder
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class PgServer:
    """A running server: `url` (the `postgres` database), `new_database()`, `stop()`."""

    bindir: Path
    root: Path
    port: int
    as_user: list[str]
    url: str = ""
    _names: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _stopped: bool = False

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run one SQL command as the superuser; returns psql's output (raises on error)."""
        out = subprocess.run(
            [
                str(self.bindir / "psql"),
                "-X",
                "-q",
                "-A",
                "-t",
                "-v",
                "ON_ERROR_STOP=1",
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-U",
                _USER,
                "-d",
                database,
                "-c",
                sql,
            ],
            capture_output=True,
            text=True,
        )
        if out.returncode != 0:
            raise RuntimeError(f"psql failed ({sql!r}): {out.stderr.strip()}")
        return out.stdout

    def new_database(self) -> str:
        """Create an empty database and return its URL."""
        name = f"redline_{os.getpid()}_{next(self._names)}"
        self.psql(f"CREATE DATABASE {name}")
        return f"postgresql://{_USER}@127.0.0.1:{self.port}/{name}"

    def drop_database(self, url: str) -> None:
        """Drop a database made by `new_database` (closing any connection still open to it)."""
        name = url.rsplit("/", 1)[1].split("?", 1)[0]
        self.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        """Stop the server (fast shutdown) and delete its folder. Safe to call twice."""
        if self._stopped:
            return
        self._stopped = True
        subprocess.run(
            [
                *self.as_user,
                str(self.bindir / "pg_ctl"),
                "-D",
                str(self.root / "data"),
                "-w",
                "-m",
                "immediate",
                "stop",
            ],
            capture_output=True,
        )
        shutil.rmtree(self.root, ignore_errors=True)


def start_server(*, fsync: bool = False) -> PgServer:
    """initdb into a fresh temp folder and start a server on a free port on 127.0.0.1.

    Raises RuntimeError (with `MISSING`) when PostgreSQL is not installed, or with the server's
    log when it does not start. The server is stopped and deleted at interpreter exit.
    """
    bindir = find_binaries()
    if bindir is None:
        raise RuntimeError(MISSING)
    root = Path(tempfile.mkdtemp(prefix="redline-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        import pwd

        entry = pwd.getpwnam(_USER)
        os.chown(root, entry.pw_uid, entry.pw_gid)
        as_user = ["runuser", "-u", _USER, "--"]
    init = subprocess.run(
        [
            *as_user,
            str(bindir / "initdb"),
            "-D",
            str(root / "data"),
            "-U",
            _USER,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        ],
        capture_output=True,
        text=True,
    )
    if init.returncode != 0:
        shutil.rmtree(root, ignore_errors=True)
        raise RuntimeError(f"initdb failed: {init.stderr.strip()}")
    options = [f"-p {{port}} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=200"]
    if not fsync:
        options.append("-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
    for _attempt in range(5):  # a free port can be taken by someone else before we bind it
        port = _free_port()
        server = PgServer(bindir, root, port, as_user)
        started = subprocess.run(
            [
                *as_user,
                str(bindir / "pg_ctl"),
                "-D",
                str(root / "data"),
                "-w",
                "-t",
                "60",
                "-l",
                str(root / "server.log"),
                "-o",
                " ".join(options).format(port=port),
                "start",
            ],
            capture_output=True,
            text=True,
        )
        if started.returncode == 0:
            server.url = f"postgresql://{_USER}@127.0.0.1:{port}/postgres"
            atexit.register(server.stop)
            return server
    logged = (root / "server.log").read_text(errors="replace")[-2000:]
    shutil.rmtree(root, ignore_errors=True)
    raise RuntimeError(f"PostgreSQL did not start: {started.stderr.strip()}\n{logged}")


def serve_tests(which: str) -> Iterator[PgServer]:
    """The body of a `pg_server` fixture for `which` tests: a server, stopped afterwards.
    Without PostgreSQL binaries it fails under CI=true and skips locally, saying how to
    install them."""
    import pytest  # here: bench/ imports this module where pytest need not be installed

    if find_binaries() is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run {which} on PostgreSQL: {MISSING}")
        pytest.skip(f"{which} on PostgreSQL skipped locally: {MISSING}")
    server = start_server()
    yield server
    server.stop()
