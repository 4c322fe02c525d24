-- The table's turn message: the one public message a turn is told in, edited in place while the
-- same player (or bot) acts again. `turn_json` is the table's own record of it (which message,
-- the step it opened at, who was acting); `turn_version` the session version it last showed, so
-- an older edit never overwrites a newer one (see storage/queries/turns.py). NULL: no message yet.
ALTER TABLE sessions ADD COLUMN turn_json TEXT;
ALTER TABLE sessions ADD COLUMN turn_version BIGINT;
