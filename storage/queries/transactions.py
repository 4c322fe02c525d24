"""Transaction boundaries, and the compare-and-swap check every session write starts with."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from storage.errors import SessionNotFound, StaleVersion, WrongStatus
from storage.models import SessionStatus


@contextmanager
def writing(db: sqlite3.Connection) -> Iterator[None]:
    # IMMEDIATE takes the write lock up front, so the version we read is the one we replace,
    # even against another process sharing the file.
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


@contextmanager
def reading(db: sqlite3.Connection) -> Iterator[None]:
    # A read transaction gives the session row and its seats one consistent snapshot.
    db.execute("BEGIN")
    try:
        yield
    finally:
        if db.in_transaction:
            db.execute("COMMIT")


def claim(
    db: sqlite3.Connection,
    session_id: int,
    expected_version: int,
    allowed: tuple[SessionStatus, ...],
) -> None:
    """Check the compare-and-swap token and the status before writing (inside `writing`)."""
    row = db.execute("SELECT status, version FROM sessions WHERE id = ?", (session_id,)).fetchone()
    if row is None:
        raise SessionNotFound(session_id)
    if row["version"] != expected_version:
        raise StaleVersion(session_id, expected=expected_version, actual=row["version"])
    if row["status"] not in allowed:
        raise WrongStatus(session_id, status=row["status"], allowed=tuple(allowed))


def bump(db: sqlite3.Connection, session_id: int, expected_version: int, now: float) -> None:
    cursor = db.execute(
        "UPDATE sessions SET version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
        (now, session_id, expected_version),
    )
    if cursor.rowcount != 1:  # unreachable under BEGIN IMMEDIATE; kept as the CAS of record
        raise StaleVersion(session_id, expected=expected_version, actual=-1)
