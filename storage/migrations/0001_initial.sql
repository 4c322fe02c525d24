-- Initial schema: sessions with seats, the append-only move log and per-guild settings.

-- seed is TEXT because game seeds are arbitrary Python ints (a 64-bit unsigned seed would
-- overflow SQLite's signed INTEGER). Discord snowflakes fit INTEGER.
CREATE TABLE sessions (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    game_key      TEXT    NOT NULL,
    status        TEXT    NOT NULL
                  CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    host_id       INTEGER NOT NULL,
    options_json  TEXT    NOT NULL,
    seed          TEXT    NOT NULL,
    rules_version INTEGER NOT NULL,
    state_json    TEXT,
    version       INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    end_reason    TEXT    NOT NULL DEFAULT '',
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL
);

-- One live session per channel or thread, enforced by the database itself so it also holds
-- across processes. live_sessions() scans this same index at start-up.
CREATE UNIQUE INDEX sessions_one_live_per_channel
    ON sessions (channel_id) WHERE status IN ('lobby', 'active');

CREATE TABLE seats (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    PRIMARY KEY (session_id, user_id)
);

CREATE TABLE events (
    session_id   INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL CHECK (seq >= 0),
    actor        INTEGER,
    action_json  TEXT    NOT NULL,
    events_json  TEXT    NOT NULL,
    at           REAL    NOT NULL,
    PRIMARY KEY (session_id, seq)
);

-- The log is the replay source of truth: rewriting history must fail loudly. Deleting is left
-- possible on purpose (a retention purge deletes whole sessions, cascading here).
CREATE TRIGGER events_append_only BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;

CREATE TABLE guild_settings (
    guild_id INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
);
