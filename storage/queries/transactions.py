"""Transaction boundaries, and the compare-and-swap check every session write starts with."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from storage.db import Db, is_postgres
from storage.errors import SessionNotFound, StaleVersion, WrongStatus
from storage.models import SessionStatus


@contextmanager
def writing(db: Db) -> Iterator[None]:
    # SQLite: IMMEDIATE takes the write lock up front, so the version we read is the one we
    # replace, even against another process sharing the file. PostgreSQL (READ COMMITTED):
    # `claim` locks the session row (FOR UPDATE) and `serialize` covers the other reads.
    db.execute("BEGIN" if is_postgres(db) else "BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


@contextmanager
def reading(db: Db) -> Iterator[None]:
    # A read transaction gives the session row and its seats one consistent snapshot.
    db.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" if is_postgres(db) else "BEGIN")
    try:
        yield
    finally:
        if db.in_transaction:
            db.execute("COMMIT")


def claim(
    db: Db,
    session_id: int,
    expected_version: int,
    allowed: tuple[SessionStatus, ...],
) -> None:
    """Check the compare-and-swap token and the status before writing (inside `writing`)."""
    # FOR UPDATE (PostgreSQL): the row stays ours until COMMIT, so no other process can move
    # the version between this check and `bump`.
    lock = " FOR UPDATE" if is_postgres(db) else ""
    row = db.execute(
        f"SELECT status, version FROM sessions WHERE id = ?{lock}", (session_id,)
    ).fetchone()
    if row is None:
        raise SessionNotFound(session_id)
    if row["version"] != expected_version:
        raise StaleVersion(session_id, expected=expected_version, actual=row["version"])
    if row["status"] not in allowed:
        raise WrongStatus(session_id, status=row["status"], allowed=tuple(allowed))


def bump(db: Db, session_id: int, expected_version: int, now: float) -> None:
    cursor = db.execute(
        "UPDATE sessions SET version = version + 1, updated_at = ?, next_due_at = NULL"
        " WHERE id = ? AND version = ?",
        (now, session_id, expected_version),
    )
    if cursor.rowcount != 1:  # unreachable after `claim`; kept as the CAS of record
        raise StaleVersion(session_id, expected=expected_version, actual=-1)
