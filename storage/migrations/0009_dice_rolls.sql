-- Dice outside games: secret rolls (kept until revealed, across restarts) and saved rolls.

-- A secret roll: its seed stays here, unseen, until the roller or the member it was made for
-- reveals it; `commitment` is what the channel was shown when it was made (SHA-256 of the
-- seed and the expression, see games/dice/secret.py). guild_id is NULL in direct messages.
CREATE TABLE secret_rolls (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    roller_id   INTEGER NOT NULL,
    viewer_id   INTEGER,
    expression  TEXT    NOT NULL,
    seed        TEXT    NOT NULL,
    commitment  TEXT    NOT NULL,
    made_at     REAL    NOT NULL,
    revealed_at REAL
);

CREATE INDEX secret_rolls_by_roller ON secret_rolls (roller_id, revealed_at);

-- A saved roll: per member in a server (owner_id the member), or server-wide (owner_id 0);
-- scope_id is the server, or 0 for a member's rolls outside servers.
CREATE TABLE saved_rolls (
    scope_id   INTEGER NOT NULL,
    owner_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    expression TEXT    NOT NULL,
    saved_at   REAL    NOT NULL,
    PRIMARY KEY (scope_id, owner_id, name)
);
