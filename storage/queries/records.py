"""Session rows read back as records; a row that does not validate becomes `DamagedSession`."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from storage.db import Db
from storage.errors import DamagedSession, SessionNotFound
from storage.models import SessionRecord

log = logging.getLogger(__name__)

# The session columns a record is built from; columns a later migration adds are ignored here.
_RECORD_COLUMNS = tuple(name for name in SessionRecord.model_fields if name != "seats")

LIVE_SQL = "('lobby', 'active')"
SESSION_SELECT = (
    "SELECT s.*, (SELECT COALESCE(MAX(e.seq), -1) FROM events e WHERE e.session_id = s.id)"
    " AS last_seq FROM sessions s"
)


def _select(db: Db, sql: str, params: Sequence[object]) -> list[dict[str, Any]]:
    """Rows as dicts; text that is not valid UTF-8 comes back as bytes instead of raising.

    sqlite3 refuses a whole result set when one TEXT value does not decode, which would hide
    every other row; the slow path re-reads as bytes so only the bad row fails validation.
    """
    try:
        return [dict(row) for row in db.execute(sql, params).fetchall()]
    except sqlite3.OperationalError as exc:
        if "decode" not in str(exc):
            raise
    assert isinstance(db, sqlite3.Connection)  # only sqlite3 raises on undecodable text
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


def _seats(db: Db, session_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    by_session: dict[int, list[dict[str, Any]]] = {sid: [] for sid in session_ids}
    if not session_ids:
        return by_session
    marks = ",".join("?" * len(session_ids))
    rows = _select(
        db,
        "SELECT session_id, user_id, name, seat, kind, controller_id FROM seats"
        f" WHERE session_id IN ({marks})"
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


def records(
    db: Db, sql: str, params: Sequence[object], *, skip_damaged: bool = False
) -> list[SessionRecord]:
    """The sessions `sql` selects, with their seats; damaged ones raise, or are logged and
    left out with `skip_damaged`."""
    rows = _select(db, sql, params)
    seats = _seats(db, [row["id"] for row in rows])
    found: list[SessionRecord] = []
    for row in rows:
        try:
            found.append(_record(row, seats[row["id"]]))
        except DamagedSession as damaged:
            if not skip_damaged:
                raise
            log.warning("skipping %s", damaged)
    return found


def fetch(db: Db, session_id: int) -> SessionRecord:
    found = records(db, f"{SESSION_SELECT} WHERE s.id = ?", (session_id,))
    if not found:
        raise SessionNotFound(session_id)
    return found[0]


def live_id(db: Db, channel_id: int) -> int | None:
    row = db.execute(
        f"SELECT id FROM sessions WHERE channel_id = ? AND status IN {LIVE_SQL}", (channel_id,)
    ).fetchone()
    return None if row is None else int(row["id"])
