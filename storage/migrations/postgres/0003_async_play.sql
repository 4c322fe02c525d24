-- Games that finish over days: turn clocks, bot seats, reminders sent once, players' own settings.

-- PostgreSQL twin of ../0003_async_play.sql.
ALTER TABLE sessions ADD COLUMN clock_json TEXT NOT NULL DEFAULT '{}';

ALTER TABLE seats ADD COLUMN kind TEXT NOT NULL DEFAULT 'human' CHECK (kind IN ('human', 'bot'));
ALTER TABLE seats ADD COLUMN controller_id BIGINT;

CREATE TABLE reminders (
    session_id BIGINT  NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    user_id    BIGINT  NOT NULL,
    turn       INTEGER NOT NULL,
    stage      INTEGER NOT NULL,
    sent_at    DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (session_id, user_id, turn, stage)
);

CREATE TABLE user_prefs (
    user_id    BIGINT PRIMARY KEY,
    prefs_json TEXT   NOT NULL
);

CREATE TABLE vacations (
    guild_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    started_at DOUBLE PRECISION NOT NULL,
    until      DOUBLE PRECISION NOT NULL,
    ended_at   DOUBLE PRECISION,
    PRIMARY KEY (guild_id, user_id, started_at)
);
