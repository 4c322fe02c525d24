-- Ratings and results: each finished game counted once per server and game (openskill).

-- A member's rating in one game on one server, updated once per finished game they played
-- (`table/ratings.py` decides who is rated and how). `ordinal` is the conservative number
-- shown (mu - 3 sigma), stored so that the leaderboard is one index range read.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game_key   TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    ordinal    REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    wins       INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, game_key, user_id)
);

CREATE INDEX ratings_leaderboard ON ratings (guild_id, game_key, ordinal DESC, user_id);

-- One row per human seat of a counted game: where they finished, whether it moved their rating
-- and their rating after it (the trend), and their moves and thinking time (average time to
-- move). A session with rows here has been counted: it is never counted again. No foreign key
-- to sessions: a retention purge of old sessions keeps their players' history.
CREATE TABLE results (
    session_id    INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    game_key      TEXT    NOT NULL,
    place         INTEGER NOT NULL CHECK (place >= 1),
    players       INTEGER NOT NULL CHECK (players >= 1),
    won           INTEGER NOT NULL CHECK (won IN (0, 1)),
    rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
    ordinal_after REAL    NOT NULL,
    moves         INTEGER NOT NULL DEFAULT 0,
    move_seconds  REAL    NOT NULL DEFAULT 0,
    finished_at   REAL    NOT NULL,
    PRIMARY KEY (session_id, user_id)
);

CREATE INDEX results_by_player ON results (guild_id, user_id, game_key, finished_at);

-- Games are counted from this migration on: the first session id that counts (the games of
-- before have no results and are never counted after the fact, see `uncounted_sessions`).
CREATE TABLE counting_since (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    first_session INTEGER NOT NULL
);

INSERT INTO counting_since (id, first_session) SELECT 1, COALESCE(MAX(id), 0) + 1 FROM sessions;
