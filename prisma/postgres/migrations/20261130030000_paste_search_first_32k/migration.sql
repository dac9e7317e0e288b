-- SQLite only (its FTS5 trigram index of the pastes takes their first 32,768 characters, filled on the
-- server's own connection): Postgres builds its pg_trgm index in its own process.
SELECT 1;
