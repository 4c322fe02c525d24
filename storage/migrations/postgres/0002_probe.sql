-- A one-row table the health check rewrites, to prove the database file still takes writes.
CREATE TABLE probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at DOUBLE PRECISION NOT NULL
);

INSERT INTO probe (id, at) VALUES (1, 0);
