-- Forgetting a member: their name may leave a finished game's log, and only that may change.

-- PostgreSQL twin of ../0012_forget_member.sql: while a session is listed in `forgetting`
-- (inside the one transaction of `/me forget`), only the events its moves told may be
-- rewritten; who moved, what they did, when and the order never change.
CREATE TABLE forgetting (
    session_id BIGINT PRIMARY KEY
);

CREATE OR REPLACE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM forgetting WHERE session_id = OLD.session_id)
        AND NEW.session_id = OLD.session_id AND NEW.seq = OLD.seq
        AND NEW.actor IS NOT DISTINCT FROM OLD.actor AND NEW.action_json = OLD.action_json
        AND NEW.at = OLD.at THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'the event log is append-only';
END
$$;
