-- The newest session of a channel (/game status, log, rules, history) by an index, not a scan.
CREATE INDEX sessions_by_channel ON sessions (channel_id, id);
