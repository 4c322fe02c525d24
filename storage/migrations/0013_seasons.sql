-- Seasons: a series of races in one channel, its members, their points, and which games count.

-- A season: a name, the game, how many counted races it lasts, its points table (points for
-- 1st, 2nd, ... as a JSON list), who may join (members with `role_id`, or anyone: NULL) and
-- the options every race is opened with. One open season per channel.
CREATE TABLE seasons (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    name         TEXT    NOT NULL,
    game_key     TEXT    NOT NULL,
    races        INTEGER NOT NULL CHECK (races >= 1),
    points_json  TEXT    NOT NULL,
    role_id      INTEGER,
    creator_id   INTEGER NOT NULL,
    options_json TEXT    NOT NULL DEFAULT '{}',
    status       TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'over')),
    races_done   INTEGER NOT NULL DEFAULT 0,
    created_at   REAL    NOT NULL
);

CREATE UNIQUE INDEX seasons_one_open_per_channel ON seasons (channel_id) WHERE status = 'open';

-- A season's members with their standing: updated once per counted race (with its results).
CREATE TABLE season_members (
    season_id INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    points    INTEGER NOT NULL DEFAULT 0,
    races     INTEGER NOT NULL DEFAULT 0,
    wins      INTEGER NOT NULL DEFAULT 0,
    joined_at REAL    NOT NULL,
    PRIMARY KEY (season_id, user_id)
);

-- The games opened as a season's races (a race the host ends does not count; its number is
-- given again to the next one).
CREATE TABLE season_races (
    session_id INTEGER PRIMARY KEY,
    season_id  INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE
);
