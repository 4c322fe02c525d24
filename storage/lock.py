"""One Redline process per data folder: an exclusive `flock` on `data_dir/redline.lock`.

Two bots on one database would both answer every button and fight over every version. The lock
is advisory and held through an open file description, so the kernel drops it the moment the
holder exits, however it exits (SIGKILL, OOM kill, power loss): there is never a stale lock to
clean up by hand, and the file itself is never deleted (deleting a lock file lets a second
process lock a fresh inode while the first still holds the old one).

After taking the lock the holder writes its pid, host name and start time into the file, only
so that a refused second process can say who is in the way. A reader can catch the holder
between taking the lock and writing (or between truncating and writing): it retries briefly and
otherwise names the holder "details not written yet".

flock is local to one kernel: on a network file system shared by two hosts it may not exclude
a process on the other host. Keep the data folder on a local disk or volume.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import time
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from storage.errors import AlreadyRunning

LOCK_FILE = "redline.lock"
_READ_TRIES = 10
_READ_PAUSE_S = 0.02


class InstanceLock:
    """Held while this process owns the data folder. Use `acquire`; `release()` or `with`."""

    def __init__(self, path: Path, fd: int, holder: str) -> None:
        self.path = path
        self.holder = holder
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, data_dir: str | Path) -> InstanceLock:
        """Take the folder's lock now or raise `AlreadyRunning` naming the process that has it.

        Never blocks. Creates the folder if needed. The lock is per open file description, so
        a second `acquire` in the same process is refused too.
        """
        folder = Path(data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / LOCK_FILE
        # No O_TRUNC: the file may hold the running holder's details we are about to quote.
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            try:
                holder = _read_holder(fd)
            finally:
                os.close(fd)
            raise AlreadyRunning(str(folder.resolve()), holder) from None
        except BaseException:
            os.close(fd)
            raise
        try:
            info = {
                "pid": os.getpid(),
                "host": socket.gethostname(),
                "started": datetime.now(UTC).isoformat(timespec="seconds"),
            }
            os.ftruncate(fd, 0)
            os.pwrite(fd, (json.dumps(info) + "\n").encode(), 0)
        except BaseException:
            os.close(fd)  # closing drops the lock
            raise
        return cls(path, fd, _describe(info))

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Drop the lock (idempotent). The file stays; its details are cleared."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            os.ftruncate(fd, 0)
        except OSError:
            pass  # a full or read-only disk must not keep us from unlocking
        finally:
            os.close(fd)

    def __enter__(self) -> InstanceLock:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()

    def __repr__(self) -> str:
        state = "held" if self.held else "released"
        return f"InstanceLock({str(self.path)!r}, {state})"


def _read_holder(fd: int) -> str:
    for attempt in range(_READ_TRIES):
        try:
            raw = os.pread(fd, 4096, 0)
            info = json.loads(raw.decode("utf-8"))
            if isinstance(info, dict) and "pid" in info:
                return _describe(info)
        except (OSError, ValueError):
            pass
        if attempt + 1 < _READ_TRIES:
            time.sleep(_READ_PAUSE_S)
    return "details not written yet"


def _describe(info: dict[str, object]) -> str:
    return (
        f"pid {info.get('pid', '?')} on host {info.get('host', '?')}, "
        f"started {info.get('started', '?')}"
    )
