-- Session ids are never handed out twice, and games from before buttons named their game are marked.

-- A button names its game by session id (and, from now on, by a tag of its seed): an id handed
-- out again after a prune (the newest game's id was free to take) would let an old board's
-- button play in a new game. AUTOINCREMENT keeps the highest id ever given out in
-- sqlite_sequence, so a deleted id is never reused. SQLite cannot add it to a column, so the
-- table is rebuilt: every row is copied (which also starts sqlite_sequence at the highest id),
-- then the indexes are made again. The migration runner switches foreign keys off around a
-- migration and checks them before it commits, so dropping the old table deletes nothing in
-- seats, events, reminders or takebacks, whose references then name the new table.
--
-- untagged_buttons_ok: the session's boards were drawn before buttons named their game, so a
-- press without a game tag is its own (1 for every session that exists now, 0 afterwards).
CREATE TABLE sessions_rebuilt (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
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
    updated_at    REAL    NOT NULL,
    clock_json    TEXT    NOT NULL DEFAULT '{}',
    next_due_at   REAL,
    untagged_buttons_ok INTEGER NOT NULL DEFAULT 0 CHECK (untagged_buttons_ok IN (0, 1))
);

INSERT INTO sessions_rebuilt (
    id, guild_id, channel_id, game_key, status, host_id, options_json, seed, rules_version,
    state_json, version, end_reason, created_at, updated_at, clock_json, next_due_at,
    untagged_buttons_ok
)
SELECT
    id, guild_id, channel_id, game_key, status, host_id, options_json, seed, rules_version,
    state_json, version, end_reason, created_at, updated_at, clock_json, next_due_at,
    1
FROM sessions;

DROP TABLE sessions;

ALTER TABLE sessions_rebuilt RENAME TO sessions;

-- The indexes of 0001, 0005, 0006 and 0007, as they were.
CREATE UNIQUE INDEX sessions_one_live_per_channel
    ON sessions (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX sessions_by_channel ON sessions (channel_id, id);
CREATE INDEX sessions_by_due ON sessions (next_due_at);
CREATE INDEX sessions_by_guild ON sessions (guild_id, status);
