"""Take-back requests: one row per request, and the take-back itself as a new log entry.

A request is pending until it is applied, refused (one "no"), expired (silence) or stale
(someone acted since). Applying writes the earlier position with a compare-and-swap on the
session's version, appends the `take_back` log entry and closes the request, all in one
transaction: a take-back is never half done.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from storage.db import Db, serialize
from storage.errors import StaleVersion
from storage.models import SessionRecord, SessionStatus
from storage.queries.events import append
from storage.queries.records import fetch
from storage.queries.transactions import bump, claim, reading, writing

PENDING = "pending"
CLOSED = ("applied", "refused", "expired", "stale")


@dataclass(frozen=True)
class TakeBackRow:
    """One stored request. `asked`: the seats whose consent is needed; `answers`: seat -> yes."""

    id: int
    session_id: int
    user_id: int
    seq: int
    asked: tuple[int, ...]
    answers: dict[int, bool] = field(default_factory=dict)
    status: str = PENDING
    requested_at: float = 0.0
    expires_at: float = 0.0
    decided_at: float | None = None


class Closing(NamedTuple):
    """What closing a request did: the request as it now stands, and whether THIS call closed
    it (False: it was decided already, by an answer or another process). Only the call that
    closed it announces it."""

    row: TakeBackRow | None
    closed_here: bool


_SELECT = (
    "SELECT id, session_id, user_id, seq, asked_json, answers_json, status, requested_at,"
    " expires_at, decided_at FROM takebacks"
)


def _row(raw: Any) -> TakeBackRow:
    return TakeBackRow(
        id=int(raw["id"]),
        session_id=int(raw["session_id"]),
        user_id=int(raw["user_id"]),
        seq=int(raw["seq"]),
        asked=tuple(int(p) for p in json.loads(raw["asked_json"])),
        answers={int(k): bool(v) for k, v in json.loads(raw["answers_json"]).items()},
        status=str(raw["status"]),
        requested_at=float(raw["requested_at"]),
        expires_at=float(raw["expires_at"]),
        decided_at=None if raw["decided_at"] is None else float(raw["decided_at"]),
    )


def _get(db: Db, takeback_id: int) -> TakeBackRow | None:
    raw = db.execute(f"{_SELECT} WHERE id = ?", (takeback_id,)).fetchone()
    return None if raw is None else _row(raw)


def get_takeback(db: Db, *, takeback_id: int) -> TakeBackRow | None:
    with reading(db):
        return _get(db, takeback_id)


def pending_takebacks(db: Db, *, session_id: int | None) -> list[TakeBackRow]:
    """Pending requests of one session (at most one), or of every session (None)."""
    with reading(db):
        if session_id is None:
            rows = db.execute(f"{_SELECT} WHERE status = ? ORDER BY id", (PENDING,)).fetchall()
        else:
            rows = db.execute(
                f"{_SELECT} WHERE status = ? AND session_id = ? ORDER BY id",
                (PENDING, session_id),
            ).fetchall()
        return [_row(r) for r in rows]


def session_takebacks(db: Db, *, session_id: int) -> list[TakeBackRow]:
    """Every request of a session, oldest first."""
    with reading(db):
        rows = db.execute(f"{_SELECT} WHERE session_id = ? ORDER BY id", (session_id,)).fetchall()
        return [_row(r) for r in rows]


def open_takeback(
    db: Db,
    *,
    now: float,
    session_id: int,
    user_id: int,
    seq: int,
    asked: tuple[int, ...],
    expires_at: float,
) -> TakeBackRow:
    """Store a new pending request; an older pending one of the session becomes stale."""
    with writing(db):
        serialize(db, f"takebacks:{session_id}")
        db.execute(
            "UPDATE takebacks SET status = 'stale', decided_at = ?"
            " WHERE session_id = ? AND status = ?",
            (now, session_id, PENDING),
        )
        cursor = db.execute(
            "INSERT INTO takebacks (session_id, user_id, seq, asked_json, requested_at,"
            " expires_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (session_id, user_id, seq, json.dumps(list(asked)), now, expires_at),
        )
        found = _get(db, int(cursor.fetchall()[0]["id"]))
        assert found is not None
        return found


def answer_takeback(db: Db, *, takeback_id: int, user_id: int, yes: bool) -> TakeBackRow | None:
    """Record one player's answer on a pending request (a closed one is returned unchanged)."""
    with writing(db):
        serialize(db, f"takeback:{takeback_id}")  # two answers at once: neither is lost
        found = _get(db, takeback_id)
        if found is None or found.status != PENDING:
            return found
        answers = {**found.answers, user_id: yes}
        db.execute(
            "UPDATE takebacks SET answers_json = ? WHERE id = ?",
            (json.dumps({str(k): v for k, v in answers.items()}), takeback_id),
        )
        return _get(db, takeback_id)


def close_takeback(db: Db, *, now: float, takeback_id: int, status: str) -> Closing:
    """Close a pending request as refused, expired or stale (a closed one stays as it was):
    a compare-and-swap on the status, so of two processes closing it at once one wins."""
    if status not in CLOSED or status == "applied":
        raise ValueError(f"cannot close a take-back as {status!r}")
    with writing(db):
        cursor = db.execute(
            "UPDATE takebacks SET status = ?, decided_at = ? WHERE id = ? AND status = ?",
            (status, now, takeback_id, PENDING),
        )
        return Closing(_get(db, takeback_id), closed_here=cursor.rowcount == 1)


def apply_takeback(
    db: Db,
    *,
    now: float,
    takeback_id: int,
    session_id: int,
    expected_version: int,
    actor: int,
    action_json: str,
    events_json: str,
    state_json: str,
    clock_json: str | None,
) -> tuple[SessionRecord, TakeBackRow]:
    """One transaction: CAS on version, the earlier position, the `take_back` log entry, the
    request closed as applied. `StaleVersion` (nothing written) if the request is no longer
    pending or the session moved on."""
    with writing(db):
        claim(db, session_id, expected_version, (SessionStatus.ACTIVE,))
        closed = db.execute(
            "UPDATE takebacks SET status = 'applied', decided_at = ?"
            " WHERE id = ? AND session_id = ? AND status = ?",
            (now, takeback_id, session_id, PENDING),
        )
        if closed.rowcount != 1:
            raise StaleVersion(session_id, expected=expected_version, actual=-1)
        db.execute(
            "UPDATE sessions SET state_json = ?, clock_json = COALESCE(?, clock_json) WHERE id = ?",
            (state_json, clock_json, session_id),
        )
        append(
            db,
            session_id,
            actor=actor,
            action_json=action_json,
            events_json=events_json,
            now=now,
        )
        bump(db, session_id, expected_version, now)
        row = _get(db, takeback_id)
        assert row is not None
        return fetch(db, session_id), row
