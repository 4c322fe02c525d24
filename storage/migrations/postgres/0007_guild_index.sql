-- A server's live games (/vacation, /game away) by an index, not a scan of every server's games.
CREATE INDEX sessions_by_guild ON sessions (guild_id, status);
