-- Session ids are never handed out twice, and games from before buttons named their game are marked.

-- PostgreSQL twin of ../0008_session_ids_never_reused.sql. Ids already come from an identity
-- sequence, which never hands a number out twice (DELETE does not rewind it; only restoring an
-- older dump does: see docs/deploy.md, Faults), so only the mark is added: the sessions that
-- exist now had their boards drawn before buttons named their game (TRUE), later ones not
-- (added with the default TRUE, then the default changed: no row is rewritten).
ALTER TABLE sessions ADD COLUMN untagged_buttons_ok BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE sessions ALTER COLUMN untagged_buttons_ok SET DEFAULT FALSE;
