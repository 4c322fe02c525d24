"""One Redline per data folder: a second process is refused by name; a dead one frees the folder.

And concurrent first starts (a restart loop, two `docker run`s) never crash: every process
either takes the lock and opens the database, or is told another Redline is running.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import AlreadyRunning, InstanceLock, Repository, StorageError
from storage.lock import LOCK_FILE

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
WORKERS = 20
ROUNDS = 5


def _holder(data_dir: Path) -> subprocess.Popen[str]:
    """Another process that takes the lock, says `locked`, and holds it until stdin closes."""
    script = textwrap.dedent(
        f"""
        import sys
        from storage import InstanceLock
        lock = InstanceLock.acquire({str(data_dir)!r})
        print("locked", flush=True)
        sys.stdin.read()
        lock.release()
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "locked"
    return proc


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


def test_a_second_process_is_refused_naming_the_first(data_dir: Path) -> None:
    """The refusal names pid, host and start time of the holder, the folder, and the way out."""
    holder = _holder(data_dir)
    try:
        with pytest.raises(AlreadyRunning) as caught:
            InstanceLock.acquire(data_dir)
        message = str(caught.value)
        assert isinstance(caught.value, StorageError)
        assert message.startswith(
            f"another Redline (pid {holder.pid} on host {socket.gethostname()}, started 20"
        )
        assert f"is using data folder {data_dir.resolve()}; stop it first" in message
        assert message.endswith("or point REDLINE_DATA_DIR elsewhere")
        # The refused attempt did not wipe the holder's details.
        assert json.loads((data_dir / LOCK_FILE).read_text())["pid"] == holder.pid
    finally:
        holder.communicate("", timeout=10)
    with InstanceLock.acquire(data_dir):  # a clean exit released it
        pass


def test_the_lock_is_released_when_the_holder_is_killed(data_dir: Path) -> None:
    """SIGKILL leaves no stale lock behind: the next start takes it at once."""
    holder = _holder(data_dir)
    with pytest.raises(AlreadyRunning):
        InstanceLock.acquire(data_dir)
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=10)
    assert holder.stdin is not None and holder.stdout is not None
    holder.stdin.close()
    holder.stdout.close()
    lock = InstanceLock.acquire(data_dir)
    try:
        assert json.loads((data_dir / LOCK_FILE).read_text())["pid"] == os.getpid()
    finally:
        lock.release()


def test_the_same_process_cannot_take_it_twice_and_release_frees_it(data_dir: Path) -> None:
    """A second acquire in one process is refused too; release (twice is fine) frees it."""
    with InstanceLock.acquire(data_dir) as lock:
        assert lock.held
        with pytest.raises(AlreadyRunning, match=f"pid {os.getpid()} "):
            InstanceLock.acquire(data_dir)
    assert not lock.held
    lock.release()
    again = InstanceLock.acquire(data_dir)
    again.release()
    assert (data_dir / LOCK_FILE).read_text() == ""  # details cleared, file kept


def test_a_holder_that_has_not_written_yet_is_still_refused_politely(data_dir: Path) -> None:
    """Locked but empty (caught between lock and write): refused, without a parse error."""
    data_dir.mkdir()
    fd = os.open(data_dir / LOCK_FILE, os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        with pytest.raises(AlreadyRunning, match=r"another Redline \(details not written yet\)"):
            InstanceLock.acquire(data_dir)
    finally:
        os.close(fd)


@pytest.fixture
def workers() -> Iterator[list[subprocess.Popen[str]]]:
    procs: list[subprocess.Popen[str]] = []
    yield procs
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                stream.close()


def _spawn(procs: list[subprocess.Popen[str]], mode: str, busy_ms: int) -> None:
    for _ in range(WORKERS):
        procs.append(
            subprocess.Popen(
                [sys.executable, "-m", "tests.storage.start_worker", mode, str(busy_ms)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                env=ENV,
                cwd=ROOT,
            )
        )
    for proc in procs:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"


def _round(procs: list[subprocess.Popen[str]], folder: Path) -> list[str]:
    for proc in procs:  # all at once: workers are idle, waiting on stdin
        assert proc.stdin is not None
        proc.stdin.write(f"go {folder}\n")
        proc.stdin.flush()
    results = []
    for proc in procs:
        assert proc.stdout is not None
        results.append(proc.stdout.readline().strip())
    return results


def test_a_hundred_concurrent_first_starts_never_crash(
    tmp_path: Path, workers: list[subprocess.Popen[str]]
) -> None:
    """20 processes x 5 rounds start at once on fresh folders: each opens or is refused."""
    started = time.monotonic()
    _spawn(workers, "lock", 5000)
    seen: Counter[str] = Counter()
    for n in range(ROUNDS):
        folder = tmp_path / f"round{n}"
        results = _round(workers, folder)
        seen.update(results)
        crashes = [r for r in results if r not in ("opened", "refused")]
        assert not crashes, crashes
        opened = results.count("opened")
        assert opened >= 1
        assert _sessions_in(folder) == opened  # every holder wrote; nobody without the lock
    assert seen["opened"] + seen["refused"] == WORKERS * ROUNDS
    assert seen["refused"] > 0  # the lock was really contended
    print(f"{dict(seen)} in {time.monotonic() - started:.1f} s")


def _sessions_in(folder: Path) -> int:
    """Sessions in a folder's database (plain sqlite3), after an integrity check."""
    raw = sqlite3.connect(folder / "redline.sqlite3")
    try:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return int(raw.execute("SELECT COUNT(*) FROM sessions").fetchone()[0])
    finally:
        raw.close()


def test_twenty_processes_opening_one_fresh_file_all_succeed(
    tmp_path: Path, workers: list[subprocess.Popen[str]]
) -> None:
    """Without the lock, simultaneous opens of a fresh file with a 1 ms busy timeout: the
    WAL switch and the migrations retry on SQLITE_BUSY, so nobody sees "database is locked"."""
    _spawn(workers, "open", 1)
    for n in range(3):
        results = _round(workers, tmp_path / f"shared{n}")
        assert results == ["opened"] * WORKERS, [r for r in results if r != "opened"]


async def test_open_waits_out_a_busy_fresh_file(tmp_path: Path) -> None:
    """Another connection holds an exclusive lock on a fresh file for 0.4 s: open() with a
    1 ms busy timeout retries with backoff and ends in WAL; with retries off it fails."""
    path = tmp_path / "fresh.sqlite3"

    def hold(ready: threading.Event, seconds: float) -> None:
        raw = sqlite3.connect(path, isolation_level=None)
        raw.execute("BEGIN EXCLUSIVE")
        ready.set()
        time.sleep(seconds)
        raw.execute("COMMIT")
        raw.close()

    ready = threading.Event()
    holder = threading.Thread(target=hold, args=(ready, 0.4))
    holder.start()
    ready.wait()
    try:
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            await Repository.open(path, busy_timeout_ms=1, busy_retry_s=0)
        started = time.monotonic()
        repo = await Repository.open(path, busy_timeout_ms=1)
        waited = time.monotonic() - started
    finally:
        holder.join()
    try:
        assert await repo.pragma("journal_mode") == "wal"
        assert 0.1 < waited < 5
    finally:
        await repo.close()
