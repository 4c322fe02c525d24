"""A session's own transactions: open it, read it, set it up, record moves, end it."""

from __future__ import annotations

from storage.db import Db, is_postgres, serialize
from storage.errors import ChannelBusy, SessionNotFound, StaleVersion
from storage.models import LIVE_STATUSES, LogEntry, SessionRecord, SessionSeed, SessionStatus
from storage.queries.events import append
from storage.queries.records import LIVE_SQL, SESSION_SELECT, fetch, live_id, records
from storage.queries.transactions import bump, claim, reading, writing

SETUP_ACTION_JSON = '{"kind":"setup"}'


def create_session(
    db: Db,
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
    clock_json: str = "{}",
) -> SessionRecord:
    with writing(db):
        serialize(db, f"channel:{channel_id}")
        busy = live_id(db, channel_id)
        if busy is not None:
            raise ChannelBusy(channel_id, busy)
        cursor = db.execute(
            "INSERT INTO sessions (guild_id, channel_id, game_key, status, host_id, options_json,"
            " seed, rules_version, state_json, version, created_at, updated_at, clock_json)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, 0, ?, ?, ?) RETURNING id",
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
                clock_json,
            ),
        )
        session_id = int(cursor.fetchall()[0]["id"])  # RETURNING runs to completion first
        db.execute(
            "INSERT INTO seats (session_id, user_id, name, seat) VALUES (?, ?, ?, 0)",
            (session_id, host_id, host_name),
        )
        return fetch(db, session_id)


def get_session(db: Db, session_id: int) -> SessionRecord:
    with reading(db):
        return fetch(db, session_id)


def settled_step(
    db: Db, *, session_id: int, seq: int
) -> tuple[SessionRecord, LogEntry | None] | None:
    """The session and its log entry `seq`, or None while another transaction still holds the
    session row (a COMMIT in flight: its outcome is not known yet). SQLite's BEGIN IMMEDIATE
    already waits for any other writer; PostgreSQL skips a locked row instead of waiting for
    a transaction whose client may be gone."""
    with writing(db):
        if is_postgres(db):
            free = db.execute(
                "SELECT 1 FROM sessions WHERE id = ? FOR SHARE SKIP LOCKED", (session_id,)
            ).fetchone()
            if free is None:
                return None
        record = fetch(db, session_id)
        row = db.execute(
            "SELECT session_id, seq, actor, action_json, events_json, at FROM events"
            " WHERE session_id = ? AND seq = ?",
            (session_id, seq),
        ).fetchone()
    return record, None if row is None else LogEntry(**dict(row))


def session_seed(db: Db, session_id: int) -> SessionSeed | None:
    row = db.execute(
        "SELECT seed, untagged_buttons_ok FROM sessions WHERE id = ?", (session_id,)
    ).fetchone()
    if row is None:
        return None
    seed = row["seed"]
    return SessionSeed(
        seed=seed if isinstance(seed, str) else "",
        untagged_buttons_ok=bool(row["untagged_buttons_ok"]),
    )


def live_session(db: Db, channel_id: int) -> SessionRecord | None:
    with reading(db):
        found = records(
            db,
            f"{SESSION_SELECT} WHERE s.channel_id = ? AND s.status IN {LIVE_SQL}",
            (channel_id,),
        )
        return found[0] if found else None


def live_session_id(db: Db, channel_id: int) -> int | None:
    return live_id(db, channel_id)


def latest_session(db: Db, channel_id: int) -> SessionRecord | None:
    with reading(db):
        found = records(
            db,
            f"{SESSION_SELECT} WHERE s.channel_id = ? ORDER BY s.id DESC LIMIT 1",
            (channel_id,),
        )
        return found[0] if found else None


def ended_sessions(db: Db, channel_id: int, limit: int) -> list[SessionRecord]:
    """The channel's ended games, newest first (damaged ones left out)."""
    with reading(db):
        return records(
            db,
            f"{SESSION_SELECT} WHERE s.channel_id = ? AND s.status IN ('finished', 'abandoned')"
            " ORDER BY s.id DESC LIMIT ?",
            (channel_id, limit),
            skip_damaged=True,
        )


def live_sessions(db: Db) -> list[SessionRecord]:
    """Every readable live session; damaged ones are logged and left out (see `records`)."""
    with reading(db):
        return records(
            db,
            f"{SESSION_SELECT} WHERE s.status IN {LIVE_SQL} ORDER BY s.id",
            (),
            skip_damaged=True,
        )


def live_sessions_in_guild(db: Db, guild_id: int) -> list[SessionRecord]:
    """One server's readable live sessions, oldest first, by the guild index (0007); damaged
    ones are logged and left out (see `records`)."""
    with reading(db):
        return records(
            db,
            f"{SESSION_SELECT} WHERE s.guild_id = ? AND s.status IN {LIVE_SQL} ORDER BY s.id",
            (guild_id,),
            skip_damaged=True,
        )


def set_options(
    db: Db,
    *,
    now: float,
    session_id: int,
    options_json: str,
    expected_version: int,
) -> SessionRecord:
    with writing(db):
        claim(db, session_id, expected_version, (SessionStatus.LOBBY,))
        db.execute("UPDATE sessions SET options_json = ? WHERE id = ?", (options_json, session_id))
        bump(db, session_id, expected_version, now)
        return fetch(db, session_id)


def start(
    db: Db,
    *,
    now: float,
    session_id: int,
    expected_version: int,
    state_json: str,
    events_json: str,
    status: SessionStatus,
    rules_version: int | None = None,
    clock_json: str | None = None,
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
        clock_json=clock_json,
    )


def record_move(
    db: Db,
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
    clock_json: str | None = None,
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
        clock_json=clock_json,
    )


def _save_step(
    db: Db,
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
    clock_json: str | None = None,
) -> SessionRecord:
    """One step in one transaction: claim the version, store the state (and the clock it
    restarts), append to the log."""
    with writing(db):
        claim(db, session_id, expected_version, allowed)
        db.execute(
            "UPDATE sessions SET state_json = ?, status = ?,"
            " rules_version = COALESCE(?, rules_version), clock_json = COALESCE(?, clock_json)"
            " WHERE id = ?",
            (state_json, status.value, rules_version, clock_json, session_id),
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
        return fetch(db, session_id)


def end_session(
    db: Db,
    *,
    now: float,
    session_id: int,
    expected_version: int,
    status: SessionStatus,
    reason: str,
) -> SessionRecord:
    with writing(db):
        claim(db, session_id, expected_version, tuple(sorted(LIVE_STATUSES)))
        db.execute(
            "UPDATE sessions SET status = ?, end_reason = ? WHERE id = ?",
            (status.value, reason, session_id),
        )
        bump(db, session_id, expected_version, now)
        return fetch(db, session_id)


def end_damaged(db: Db, *, now: float, session_id: int, reason: str) -> None:
    """Abandon a session without reading its state or seats (they may be what is damaged).

    Any status other than finished/abandoned (a garbage status included) becomes abandoned,
    which frees the channel; an already ended session is left as it is. The version moves on
    so a button drawn before the damage can never match again. The row, its seats and its log
    stay for inspection.
    """
    with writing(db):
        row = db.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise SessionNotFound(session_id)
        if is_postgres(db):  # typed columns: no garbage version or NULL status to allow for
            version, ended = "version + 1", "status NOT IN ('finished', 'abandoned')"
        else:
            version = "CASE WHEN typeof(version) = 'integer' THEN version + 1 ELSE 0 END"
            ended = "status IS NOT 'finished' AND status IS NOT 'abandoned'"
        db.execute(
            "UPDATE sessions SET status = 'abandoned', end_reason = ?, updated_at = ?,"
            f" version = {version} WHERE id = ? AND {ended}",
            (reason, now, session_id),
        )


def set_clock(
    db: Db,
    *,
    now: float,
    session_id: int,
    clock_json: str,
    expected_version: int,
    bump_version: bool = True,
    expected_clock: str | None = None,
) -> SessionRecord:
    """Replace the clock (the host's settings in the lobby, or a player taking a seat back).
    `bump_version=False` keeps the board's buttons valid: the position did not change.
    `expected_clock`: the clock the new one was computed from. Without a version bump the
    version alone cannot tell that another process rewrote the clock meanwhile (a vacation
    in a deploy overlap), so the clock is compared too: StaleVersion if it changed."""
    with writing(db):
        claim(db, session_id, expected_version, tuple(sorted(LIVE_STATUSES)))
        if expected_clock is not None:
            row = db.execute("SELECT clock_json FROM sessions WHERE id = ?", (session_id,))
            if row.fetchone()["clock_json"] != expected_clock:
                raise StaleVersion(session_id, expected=expected_version, actual=-1)
        db.execute(
            "UPDATE sessions SET clock_json = ?, updated_at = ?, next_due_at = NULL WHERE id = ?",
            (clock_json, now, session_id),
        )
        if bump_version:
            bump(db, session_id, expected_version, now)
        return fetch(db, session_id)
