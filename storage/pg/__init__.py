"""The PostgreSQL backend (asyncpg): the same transaction scripts and repository contract as
SQLite, selected by a `postgresql://` database URL. See `storage.pg.backend`."""
