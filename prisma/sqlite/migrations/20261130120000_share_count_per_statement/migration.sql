-- Postgres only (docs/admin-lists.md "Counts the database keeps"): its insert and delete triggers of the
-- kept counts now add up a statement's rows per bucket. SQLite updates a row in place, so a bucket
-- changed once per share leaves no old versions behind; its triggers stay as they are.
SELECT 1;
