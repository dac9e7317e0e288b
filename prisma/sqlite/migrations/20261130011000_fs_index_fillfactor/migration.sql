-- Postgres only (the search index's table keeps room on each page for HOT updates): nothing changes
-- on SQLite, whose FTS5 triggers already skip an update that leaves the name alone.
SELECT 1;
