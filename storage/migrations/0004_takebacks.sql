-- Take-backs: a player's request to take back their last move, and the other players' answers.

-- One row per request. The move itself is taken back by a new log entry (never a deletion); this
-- row keeps who asked, whom, their answers and how it ended. At most one request is pending
-- per session.
CREATE TABLE takebacks (
    id           INTEGER PRIMARY KEY,
    session_id   INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    seq          INTEGER NOT NULL,
    asked_json   TEXT    NOT NULL,
    answers_json TEXT    NOT NULL DEFAULT '{}',
    status       TEXT    NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'applied', 'refused', 'expired', 'stale')),
    requested_at REAL    NOT NULL,
    expires_at   REAL    NOT NULL,
    decided_at   REAL
);

CREATE UNIQUE INDEX takebacks_one_pending ON takebacks (session_id) WHERE status = 'pending';
