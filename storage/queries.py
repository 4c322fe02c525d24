"""Synchronous transactions over one sqlite3 connection.

Each public function here is one whole transaction and runs as ONE call on the aiosqlite
worker thread (see `Repository._call`): one thread hop per move instead of one per statement,
and no other statement on this connection can run in between. The connection is in autocommit
mode (isolation_level=None) so the BEGIN/COMMIT here are the only transaction boundaries.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from pydantic import ValidationError

from storage.errors import (
    AlreadySeated,
    ChannelBusy,
    DamagedSession,
    NotSeated,
    SessionNotFound,
    StaleVersion,
    WrongStatus,
)
from storage.models import LIVE_STATUSES, LogEntry, SessionRecord, SessionStatus

logger = logging.getLogger(__name__)

# The session columns a record is built from; columns a later migration adds are ignored here.
_RECORD_COLUMNS = tuple(name for name in SessionRecord.model_fields if name != "seats")

SETUP_ACTION_JSON = '{"kind":"setup"}'

_LIVE_SQL = "('lobby', 'active')"
_SESSION_SELECT = (
    "SELECT s.*, (SELECT COALESCE(MAX(e.seq), -1) FROM events e WHERE e.session_id = s.id)"
    " AS last_seq FROM sessions s"
)


@contextmanager
def _write(db: sqlite3.Connection) -> Iterator[None]:
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
def _read(db: sqlite3.Connection) -> Iterator[None]:
    # A read transaction gives the session row and its seats one consistent snapshot.
    db.execute("BEGIN")
    try:
        yield
    finally:
        if db.in_transaction:
            db.execute("COMMIT")


def _select(db: sqlite3.Connection, sql: str, params: Sequence[object]) -> list[dict[str, Any]]:
    """Rows as dicts; text that is not valid UTF-8 comes back as bytes instead of raising.

    sqlite3 refuses a whole result set when one TEXT value does not decode, which would hide
    every other row; the slow path re-reads as bytes so only the bad row fails validation.
    """
    try:
        return [dict(row) for row in db.execute(sql, params).fetchall()]
    except sqlite3.OperationalError as exc:
        if "decode" not in str(exc):
            raise
    db.text_factory = bytes
    try:
        raw = db.execute(sql, params).fetchall()
    finally:
        db.text_factory = str
    return [{key: _text(value) for key, value in dict(row).items()} for row in raw]


def _text(value: object) -> object:
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return value  # stays bytes: validation rejects it as not a string
    return value


def _seats(db: sqlite3.Connection, session_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    by_session: dict[int, list[dict[str, Any]]] = {sid: [] for sid in session_ids}
    if not session_ids:
        return by_session
    marks = ",".join("?" * len(session_ids))
    rows = _select(
        db,
        f"SELECT session_id, user_id, name, seat FROM seats WHERE session_id IN ({marks})"
        " ORDER BY session_id, seat",
        session_ids,
    )
    for row in rows:
        by_session[row.pop("session_id")].append(row)
    return by_session


def _record(row: dict[str, Any], seats: list[dict[str, Any]]) -> SessionRecord:
    """Validate one session row; anything unreadable raises `DamagedSession`, never pydantic's."""
    fields = {name: row[name] for name in _RECORD_COLUMNS if name in row}
    try:
        return SessionRecord.model_validate({**fields, "seats": seats})
    except ValidationError as exc:
        raise _damaged(row, _why(exc), seats) from exc


def _damaged(
    row: dict[str, Any], reason: str, seats: list[dict[str, Any]] | None = None
) -> DamagedSession:
    channel = row.get("channel_id")
    game = row.get("game_key")
    host = row.get("host_id")
    seat_ids = tuple(s["user_id"] for s in seats or () if isinstance(s.get("user_id"), int))
    status = row.get("status")
    if isinstance(status, bytes):
        status = status.decode("utf-8", "replace")
    return DamagedSession(
        int(row["id"]),
        channel_id=channel if isinstance(channel, int) else None,
        game_key=game if isinstance(game, str) else None,
        status=None if status is None else str(status),
        reason=reason,
        host_id=host if isinstance(host, int) else None,
        seat_ids=seat_ids,
    )


def _why(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors():
        where = ".".join(str(part) for part in error["loc"])
        shown = repr(error.get("input"))
        if len(shown) > 40:
            shown = shown[:37] + "..."
        parts.append(f"{where}: {error['msg']} (found {shown})")
    return "; ".join(parts)


def _records(
    db: sqlite3.Connection, sql: str, params: Sequence[object], *, skip_damaged: bool = False
) -> list[SessionRecord]:
    rows = _select(db, sql, params)
    seats = _seats(db, [row["id"] for row in rows])
    records: list[SessionRecord] = []
    for row in rows:
        try:
            records.append(_record(row, seats[row["id"]]))
        except DamagedSession as damaged:
            if not skip_damaged:
                raise
            logger.warning("skipping %s", damaged)
    return records


def _fetch(db: sqlite3.Connection, session_id: int) -> SessionRecord:
    records = _records(db, f"{_SESSION_SELECT} WHERE s.id = ?", (session_id,))
    if not records:
        raise SessionNotFound(session_id)
    return records[0]


def _claim(
    db: sqlite3.Connection,
    session_id: int,
    expected_version: int,
    allowed: tuple[SessionStatus, ...],
) -> None:
    """Check the compare-and-swap token and the status before writing (inside _write)."""
    row = db.execute("SELECT status, version FROM sessions WHERE id = ?", (session_id,)).fetchone()
    if row is None:
        raise SessionNotFound(session_id)
    if row["version"] != expected_version:
        raise StaleVersion(session_id, expected=expected_version, actual=row["version"])
    if row["status"] not in allowed:
        raise WrongStatus(session_id, status=row["status"], allowed=tuple(allowed))


def _bump(db: sqlite3.Connection, session_id: int, expected_version: int, now: float) -> None:
    cursor = db.execute(
        "UPDATE sessions SET version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
        (now, session_id, expected_version),
    )
    if cursor.rowcount != 1:  # unreachable under BEGIN IMMEDIATE; kept as the CAS of record
        raise StaleVersion(session_id, expected=expected_version, actual=-1)


def _append(
    db: sqlite3.Connection,
    session_id: int,
    *,
    actor: int | None,
    action_json: str,
    events_json: str,
    now: float,
) -> None:
    db.execute(
        "INSERT INTO events (session_id, seq, actor, action_json, events_json, at)"
        " SELECT ?, COALESCE(MAX(seq), -1) + 1, ?, ?, ?, ? FROM events WHERE session_id = ?",
        (session_id, actor, action_json, events_json, now, session_id),
    )


def _live_id(db: sqlite3.Connection, channel_id: int) -> int | None:
    row = db.execute(
        f"SELECT id FROM sessions WHERE channel_id = ? AND status IN {_LIVE_SQL}", (channel_id,)
    ).fetchone()
    return None if row is None else int(row["id"])


def create_session(
    db: sqlite3.Connection,
    *,
    now: float,
    guild_id: int | None,
    channel_id: int,
    game_key: str,
    host_id: int,
    host_name: str,
    options_json: str,
    seed: int,
    rules_version: int,
) -> SessionRecord:
    with _write(db):
        busy = _live_id(db, channel_id)
        if busy is not None:
            raise ChannelBusy(channel_id, busy)
        cursor = db.execute(
            "INSERT INTO sessions (guild_id, channel_id, game_key, status, host_id, options_json,"
            " seed, rules_version, state_json, version, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, 0, ?, ?)",
            (
                guild_id,
                channel_id,
                game_key,
                SessionStatus.LOBBY.value,
                host_id,
                options_json,
                str(seed),
                rules_version,
                now,
                now,
            ),
        )
        session_id = cursor.lastrowid
        assert session_id is not None
        db.execute(
            "INSERT INTO seats (session_id, user_id, name, seat) VALUES (?, ?, ?, 0)",
            (session_id, host_id, host_name),
        )
        return _fetch(db, session_id)


def get_session(db: sqlite3.Connection, session_id: int) -> SessionRecord:
    with _read(db):
        return _fetch(db, session_id)


def live_session(db: sqlite3.Connection, channel_id: int) -> SessionRecord | None:
    with _read(db):
        records = _records(
            db,
            f"{_SESSION_SELECT} WHERE s.channel_id = ? AND s.status IN {_LIVE_SQL}",
            (channel_id,),
        )
        return records[0] if records else None


def live_session_id(db: sqlite3.Connection, channel_id: int) -> int | None:
    return _live_id(db, channel_id)


def latest_session(db: sqlite3.Connection, channel_id: int) -> SessionRecord | None:
    with _read(db):
        records = _records(
            db,
            f"{_SESSION_SELECT} WHERE s.channel_id = ? ORDER BY s.id DESC LIMIT 1",
            (channel_id,),
        )
        return records[0] if records else None


def live_sessions(db: sqlite3.Connection) -> list[SessionRecord]:
    """Every readable live session; damaged ones are logged and left out (see module doc)."""
    with _read(db):
        return _records(
            db,
            f"{_SESSION_SELECT} WHERE s.status IN {_LIVE_SQL} ORDER BY s.id",
            (),
            skip_damaged=True,
        )


def add_seat(
    db: sqlite3.Connection,
    *,
    now: float,
    session_id: int,
    user_id: int,
    name: str,
    expected_version: int,
) -> SessionRecord:
    with _write(db):
        _claim(db, session_id, expected_version, (SessionStatus.LOBBY,))
        row = db.execute(
            "SELECT seat FROM seats WHERE session_id = ? AND user_id = ?", (session_id, user_id)
        ).fetchone()
        if row is not None:
            raise AlreadySeated(session_id, user_id, row["seat"])
        db.execute(
            "INSERT INTO seats (session_id, user_id, name, seat)"
            " SELECT ?, ?, ?, COUNT(*) FROM seats WHERE session_id = ?",
            (session_id, user_id, name, session_id),
        )
        _bump(db, session_id, expected_version, now)
        return _fetch(db, session_id)


def remove_seat(
    db: sqlite3.Connection,
    *,
    now: float,
    session_id: int,
    user_id: int,
    expected_version: int,
) -> SessionRecord:
    with _write(db):
        _claim(db, session_id, expected_version, (SessionStatus.LOBBY,))
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
        _bump(db, session_id, expected_version, now)
        return _fetch(db, session_id)


def set_options(
    db: sqlite3.Connection,
    *,
    now: float,
    session_id: int,
    options_json: str,
    expected_version: int,
) -> SessionRecord:
    with _write(db):
        _claim(db, session_id, expected_version, (SessionStatus.LOBBY,))
        db.execute("UPDATE sessions SET options_json = ? WHERE id = ?", (options_json, session_id))
        _bump(db, session_id, expected_version, now)
        return _fetch(db, session_id)


def set_host(
    db: sqlite3.Connection,
    *,
    now: float,
    session_id: int,
    host_id: int,
    expected_version: int,
) -> SessionRecord:
    """Hand the session to another seated player (the host left)."""
    with _write(db):
        _claim(db, session_id, expected_version, (SessionStatus.LOBBY, SessionStatus.ACTIVE))
        seated = db.execute(
            "SELECT 1 FROM seats WHERE session_id = ? AND user_id = ?", (session_id, host_id)
        ).fetchone()
        if seated is None:
            raise NotSeated(session_id, host_id)
        db.execute("UPDATE sessions SET host_id = ? WHERE id = ?", (host_id, session_id))
        _bump(db, session_id, expected_version, now)
        return _fetch(db, session_id)


def start(
    db: sqlite3.Connection,
    *,
    now: float,
    session_id: int,
    expected_version: int,
    state_json: str,
    events_json: str,
    status: SessionStatus,
    rules_version: int | None = None,
) -> SessionRecord:
    return _save_step(
        db,
        now=now,
        session_id=session_id,
        expected_version=expected_version,
        allowed=(SessionStatus.LOBBY,),
        actor=None,
        action_json=SETUP_ACTION_JSON,
        events_json=events_json,
        state_json=state_json,
        status=status,
        rules_version=rules_version,
    )


def record_move(
    db: sqlite3.Connection,
    *,
    now: float,
    session_id: int,
    expected_version: int,
    actor: int,
    action_json: str,
    events_json: str,
    state_json: str,
    status: SessionStatus,
    rules_version: int | None = None,
) -> SessionRecord:
    return _save_step(
        db,
        now=now,
        session_id=session_id,
        expected_version=expected_version,
        allowed=(SessionStatus.ACTIVE,),
        actor=actor,
        action_json=action_json,
        events_json=events_json,
        state_json=state_json,
        status=status,
        rules_version=rules_version,
    )


def _save_step(
    db: sqlite3.Connection,
    *,
    now: float,
    session_id: int,
    expected_version: int,
    allowed: tuple[SessionStatus, ...],
    actor: int | None,
    action_json: str,
    events_json: str,
    state_json: str,
    status: SessionStatus,
    rules_version: int | None = None,
) -> SessionRecord:
    """One step in one transaction: claim the version, store the state, append to the log."""
    with _write(db):
        _claim(db, session_id, expected_version, allowed)
        db.execute(
            "UPDATE sessions SET state_json = ?, status = ?,"
            " rules_version = COALESCE(?, rules_version) WHERE id = ?",
            (state_json, status.value, rules_version, session_id),
        )
        _append(
            db,
            session_id,
            actor=actor,
            action_json=action_json,
            events_json=events_json,
            now=now,
        )
        _bump(db, session_id, expected_version, now)
        return _fetch(db, session_id)


def end_session(
    db: sqlite3.Connection,
    *,
    now: float,
    session_id: int,
    expected_version: int,
    status: SessionStatus,
    reason: str,
) -> SessionRecord:
    with _write(db):
        _claim(db, session_id, expected_version, tuple(sorted(LIVE_STATUSES)))
        db.execute(
            "UPDATE sessions SET status = ?, end_reason = ? WHERE id = ?",
            (status.value, reason, session_id),
        )
        _bump(db, session_id, expected_version, now)
        return _fetch(db, session_id)


def end_damaged(db: sqlite3.Connection, *, now: float, session_id: int, reason: str) -> None:
    """Abandon a session without reading its state or seats (they may be what is damaged).

    Any status other than finished/abandoned (a garbage status included) becomes abandoned,
    which frees the channel; an already ended session is left as it is. The version moves on
    so a button drawn before the damage can never match again. The row, its seats and its log
    stay for inspection.
    """
    with _write(db):
        row = db.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise SessionNotFound(session_id)
        db.execute(
            "UPDATE sessions SET status = 'abandoned', end_reason = ?, updated_at = ?,"
            " version = CASE WHEN typeof(version) = 'integer' THEN version + 1 ELSE 0 END"
            " WHERE id = ? AND status IS NOT 'finished' AND status IS NOT 'abandoned'",
            (reason, now, session_id),
        )


def probe(db: sqlite3.Connection, *, now: float) -> None:
    """The health check's real write: rewrite the one-row probe table in its own transaction."""
    with _write(db):
        db.execute(
            "INSERT INTO probe (id, at) VALUES (1, ?)"
            " ON CONFLICT (id) DO UPDATE SET at = excluded.at",
            (now,),
        )


def log(
    db: sqlite3.Connection, *, session_id: int, after_seq: int, limit: int | None
) -> list[LogEntry]:
    with _read(db):
        if db.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone() is None:
            raise SessionNotFound(session_id)
        rows = db.execute(
            "SELECT session_id, seq, actor, action_json, events_json, at FROM events"
            " WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            (session_id, after_seq, -1 if limit is None else limit),
        ).fetchall()
    return [LogEntry(**dict(row)) for row in rows]


def get_setting(db: sqlite3.Connection, *, guild_id: int, key: str) -> str | None:
    row = db.execute(
        "SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key)
    ).fetchone()
    return None if row is None else str(row["value"])


def set_setting(db: sqlite3.Connection, *, guild_id: int, key: str, value: str) -> None:
    with _write(db):
        db.execute(
            "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
            (guild_id, key, value),
        )


def integrity_check(db: sqlite3.Connection) -> str:
    rows = db.execute("PRAGMA integrity_check").fetchall()
    return "\n".join(str(row[0]) for row in rows)
