"""The write guard: no move is ever confirmed into a file nobody will open again.

Storage that goes away under a running bot is caught before it can swallow a move: the file's
identity (st_dev, st_ino) is remembered at open, and every write transaction first checks with
one os.stat, on the worker thread, that the path still names that same file. A deleted or
replaced file, or a database SQLite refuses to write (read-only, I/O errors), raises
`StorageGone`, and the guard then refuses every later write until the process restarts. A
replacement between the stat and the commit (microseconds) is not caught; `Repository.check()`
notices it on the next heartbeat.
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
            raise StorageGone(self._gone)
        problem = self._file_problem()
        if problem is not None:
            raise self._went(problem)
        try:
            return fn(db)
        except sqlite3.DatabaseError as exc:
            if primary_code(exc) in _REFUSING:
                raise self._went(
                    f"the database {self.path or MEMORY} refused a write ({exc}): the file "
                    "or its volume is read-only or failing"
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
        return StorageGone(problem)
