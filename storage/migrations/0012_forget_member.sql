-- Forgetting a member: their name may leave a finished game's log, and only that may change.

-- The log stays append-only, with one exception: while a session is listed in `forgetting`
-- (inserted and deleted again inside the one transaction of `/me forget`, see
-- storage/queries/forget.py), the events its moves told may be rewritten, so that a departed
-- member's name leaves them. Who moved, what they did, when, and the order never change:
-- the seed still re-derives every die (`/game verify`).
CREATE TABLE forgetting (
    session_id INTEGER PRIMARY KEY
);

DROP TRIGGER events_append_only;

CREATE TRIGGER events_append_only BEFORE UPDATE ON events
WHEN NOT EXISTS (SELECT 1 FROM forgetting WHERE session_id = OLD.session_id)
    OR NEW.session_id IS NOT OLD.session_id OR NEW.seq IS NOT OLD.seq
    OR NEW.actor IS NOT OLD.actor OR NEW.action_json IS NOT OLD.action_json
    OR NEW.at IS NOT OLD.at
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;
