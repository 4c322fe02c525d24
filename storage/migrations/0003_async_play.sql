-- Games that finish over days: turn clocks, bot seats, reminders sent once, players' own settings.

-- The session's clock (settings and each player's running clock), rewritten with every move.
ALTER TABLE sessions ADD COLUMN clock_json TEXT NOT NULL DEFAULT '{}';

-- A seat is a person or a bot (bots play by the game's policy); a substitute member may play a
-- seat in place of the player it was dealt to (controller_id; NULL: that player).
ALTER TABLE seats ADD COLUMN kind TEXT NOT NULL DEFAULT 'human' CHECK (kind IN ('human', 'bot'));
ALTER TABLE seats ADD COLUMN controller_id INTEGER;

-- One row per reminder sent: (session, player, turn, stage) is claimed once, so a restart or a
-- second process never sends it twice.
CREATE TABLE reminders (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    turn       INTEGER NOT NULL,
    stage      INTEGER NOT NULL,
    sent_at    REAL    NOT NULL,
    PRIMARY KEY (session_id, user_id, turn, stage)
);

-- `/me`: a player's time zone, quiet hours and whether reminders may come by direct message.
CREATE TABLE user_prefs (
    user_id    INTEGER PRIMARY KEY,
    prefs_json TEXT    NOT NULL
);

-- `/vacation`: a player's clocks pause in every game of a server; days are charged to a yearly
-- allowance (a server setting).
CREATE TABLE vacations (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    started_at REAL    NOT NULL,
    until      REAL    NOT NULL,
    ended_at   REAL,
    PRIMARY KEY (guild_id, user_id, started_at)
);
