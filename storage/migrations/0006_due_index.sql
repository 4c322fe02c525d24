-- The due index: when each live session's next scheduler item (turn timeout, reminder, bot
-- seat, away player) falls due, so a tick reads only the sessions with something due. NULL means
-- "unknown, recompute": every write that can change what is due sets it back to NULL.
ALTER TABLE sessions ADD COLUMN next_due_at REAL;
CREATE INDEX sessions_by_due ON sessions (next_due_at);
