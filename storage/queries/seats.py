"""Who sits where: join or leave a lobby, hand the host to another seated player."""

from __future__ import annotations

from storage.db import Db
from storage.errors import AlreadySeated, NotSeated
from storage.models import SessionRecord, SessionStatus
from storage.queries.records import fetch
from storage.queries.transactions import bump, claim, writing


def add_seat(
    db: Db,
    *,
    now: float,
    session_id: int,
    user_id: int,
    name: str,
    expected_version: int,
    kind: str = "human",
) -> SessionRecord:
    with writing(db):
        claim(db, session_id, expected_version, (SessionStatus.LOBBY,))
        row = db.execute(
            "SELECT seat FROM seats WHERE session_id = ? AND user_id = ?", (session_id, user_id)
        ).fetchone()
        if row is not None:
            raise AlreadySeated(session_id, user_id, row["seat"])
        db.execute(
            "INSERT INTO seats (session_id, user_id, name, seat, kind)"
            " SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS TEXT), COUNT(*),"
            " CAST(? AS TEXT) FROM seats WHERE session_id = ?",
            (session_id, user_id, name, kind, session_id),
        )
        bump(db, session_id, expected_version, now)
        return fetch(db, session_id)


def remove_seat(
    db: Db,
    *,
    now: float,
    session_id: int,
    user_id: int,
    expected_version: int,
) -> SessionRecord:
    with writing(db):
        claim(db, session_id, expected_version, (SessionStatus.LOBBY,))
        removed = db.execute(
            "DELETE FROM seats WHERE session_id = ? AND user_id = ? RETURNING seat",
            (session_id, user_id),
        ).fetchall()  # a RETURNING statement must run to completion before COMMIT
        if not removed:
            raise NotSeated(session_id, user_id)
        # Close the gap so seats stay 0..n-1 in join order.
        db.execute(
            "UPDATE seats SET seat = seat - 1 WHERE session_id = ? AND seat > ?",
            (session_id, removed[0]["seat"]),
        )
        bump(db, session_id, expected_version, now)
        return fetch(db, session_id)


def set_host(
    db: Db,
    *,
    now: float,
    session_id: int,
    host_id: int,
    expected_version: int,
) -> SessionRecord:
    """Hand the session to another seated player (the host left)."""
    with writing(db):
        claim(db, session_id, expected_version, (SessionStatus.LOBBY, SessionStatus.ACTIVE))
        seated = db.execute(
            "SELECT 1 FROM seats WHERE session_id = ? AND user_id = ?", (session_id, host_id)
        ).fetchone()
        if seated is None:
            raise NotSeated(session_id, host_id)
        db.execute("UPDATE sessions SET host_id = ? WHERE id = ?", (host_id, session_id))
        bump(db, session_id, expected_version, now)
        return fetch(db, session_id)


def set_seat_kind(
    db: Db,
    *,
    now: float,
    session_id: int,
    user_id: int,
    kind: str,
    name: str,
    expected_version: int,
    controller_id: int | None = None,
) -> SessionRecord:
    """A seat changes hands mid-game (a bot, or a substitute member as `controller_id`, takes
    over): same game identity, same position, so the version (and every button drawn for it)
    stays."""
    with writing(db):
        claim(db, session_id, expected_version, (SessionStatus.LOBBY, SessionStatus.ACTIVE))
        changed = db.execute(
            "UPDATE seats SET kind = ?, name = ?, controller_id = ?"
            " WHERE session_id = ? AND user_id = ?",
            (kind, name, controller_id, session_id, user_id),
        ).rowcount
        if changed != 1:
            raise NotSeated(session_id, user_id)
        db.execute(
            "UPDATE sessions SET updated_at = ?, next_due_at = NULL WHERE id = ?", (now, session_id)
        )
        return fetch(db, session_id)
