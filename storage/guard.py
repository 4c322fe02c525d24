"""The write guard: no move is ever confirmed into a file nobody will open again.

Storage that goes away under a running bot is caught before it can swallow a move: the file's
identity (st_dev, st_ino) is remembered at open, and every write transaction first checks with
one os.stat, on the worker thread, that the path still names that same file. A deleted or
replaced file, or a database SQLite refuses to write (read-only, I/O errors), raises
`StorageGone`, and the guard then refuses every later write until the process restarts. A
replacement between the stat and the commit (microseconds) is not caught; `Repository.check()`
notices it on the next heartbeat.

Those faults last on purpose. A deleted file cannot come back by itself (reopening the path
would start an empty database and silently drop every game), a replaced one is an admin's
restore that the running process must not half-adopt (its cached positions and versions belong
to the old file's history), and a read-only or failing volume wants a person to look at the
disk. Two faults do clear by themselves, and are `StorageGone` that does not latch: a full disk
(SQLITE_FULL: the transaction is rolled back, nothing was written) and a write lock another
process held past the busy timeout (SQLITE_BUSY). The bot pauses and re-probes those.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from storage.db import Db
from storage.errors import StorageGone
from storage.opening import MEMORY, primary_code

log = logging.getLogger(__name__)

T = TypeVar("T")

# Primary result codes meaning "this database will not take writes any more".
_REFUSING = frozenset({sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR})
# ... and "not now": the write was rolled back, a later one may fit.
_PASSING = frozenset({sqlite3.SQLITE_FULL, sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})


def file_identity(path: Path) -> tuple[int, int]:
    st = os.stat(path)
    return (st.st_dev, st.st_ino)


class WriteGuard:
    """Refuses writes once the database file is gone, replaced or refusing them."""

    def __init__(self, path: Path | None) -> None:
        # The file the connection writes to, and its identity once open() has prepared it
        # (None for ':memory:'). Set once `StorageGone` was raised: every later write re-raises.
        self.path = path
        self.identity: tuple[int, int] | None = None
        self._gone: str | None = None

    def run(self, fn: Callable[[Db], T], db: Db) -> T:
        """On the worker thread: refuse to write unless the path is still our file."""
        if self._gone is not None:
            raise StorageGone(self._gone, lasting=True)
        problem = self._file_problem()
        if problem is not None:
            raise self._went(problem)
        try:
            return fn(db)
        except sqlite3.DatabaseError as exc:
            code = primary_code(exc)
            if code in _REFUSING:
                raise self._went(
                    f"the database {self.path or MEMORY} refused a write ({exc}): the file "
                    "or its volume is read-only or failing"
                ) from exc
            if code in _PASSING:
                why = (
                    "the disk is full: free some space"
                    if code == sqlite3.SQLITE_FULL
                    else "another process held it locked past the busy timeout"
                )
                raise StorageGone(
                    f"the database {self.path or MEMORY} did not take a write ({exc}): {why}"
                ) from exc
            raise

    def _file_problem(self) -> str | None:
        if self.path is None or self.identity is None:
            return None
        try:
            identity = file_identity(self.path)
        except FileNotFoundError:
            return (
                f"the database file {self.path} was deleted while Redline was running; "
                "moves since then were not saved"
            )
        except OSError as exc:
            return f"the database file {self.path} cannot be checked: {exc}"
        if identity != self.identity:
            return (
                f"the database file {self.path} was replaced by another file while Redline "
                "was running (restored backup?); restart Redline to use the new file"
            )
        return None

    def _went(self, problem: str) -> StorageGone:
        if self._gone is None:
            log.error("storage gone: %s; refusing every write until restart", problem)
            self._gone = problem
        return StorageGone(problem, lasting=True)
