"""Synchronous transaction scripts over one connection (`storage.db.Db`), for both backends.

Each public function here is one whole transaction and runs as ONE call on the backend's
worker thread (see `Repository._call`): aiosqlite's thread for SQLite, a thread owning its own
asyncpg connection for PostgreSQL. One thread hop per move instead of one per statement, and
no other statement on this connection can run in between. The connection is in autocommit
mode, so the BEGIN/COMMIT in `transactions` are the only transaction boundaries. SQL is
shared; the few dialect differences ask `storage.db.is_postgres`.
"""

from storage.queries.absence import (
    claim_reminder,
    end_vacation,
    get_prefs,
    reminders_sent,
    set_prefs,
    start_vacation,
    vacations_over,
    vacations_since,
)
from storage.queries.due import (
    NEVER,
    DueRow,
    active_sessions,
    due_sessions,
    live_guilds,
    set_next_due,
)
from storage.queries.events import log
from storage.queries.health import integrity_check, probe
from storage.queries.seats import add_seat, remove_seat, set_host, set_seat_kind
from storage.queries.sessions import (
    SETUP_ACTION_JSON,
    create_session,
    end_damaged,
    end_session,
    ended_sessions,
    get_session,
    latest_session,
    live_session,
    live_session_id,
    live_sessions,
    live_sessions_in_guild,
    record_move,
    session_seed,
    set_clock,
    set_options,
    settled_step,
    start,
)
from storage.queries.settings import get_setting, set_setting

__all__ = [
    "NEVER",
    "SETUP_ACTION_JSON",
    "DueRow",
    "active_sessions",
    "add_seat",
    "claim_reminder",
    "create_session",
    "due_sessions",
    "end_damaged",
    "end_session",
    "end_vacation",
    "ended_sessions",
    "get_prefs",
    "get_session",
    "get_setting",
    "integrity_check",
    "latest_session",
    "live_guilds",
    "live_session",
    "live_session_id",
    "live_sessions",
    "live_sessions_in_guild",
    "log",
    "probe",
    "record_move",
    "reminders_sent",
    "remove_seat",
    "session_seed",
    "set_clock",
    "set_host",
    "set_next_due",
    "set_options",
    "set_prefs",
    "set_seat_kind",
    "set_setting",
    "settled_step",
    "start",
    "start_vacation",
    "vacations_over",
    "vacations_since",
]
