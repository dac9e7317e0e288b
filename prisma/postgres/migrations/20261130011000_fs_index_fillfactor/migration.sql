-- Room on each page of the search index's table for a new version of every row on it, so that a
-- crawl re-seeing a key (which rewrites "seenMs", no indexed column) updates the row in place (a HOT
-- update) instead of adding entries to every index, the trigram GIN index's one per trigram of the
-- name among them. Measured on 155,128 rows of the bench tree: a re-crawl's writes took 1.85 s of
-- Postgres CPU instead of 7.66 s (docs/search-index.md). Pages written from now on get the room;
-- rows already there move into it as they are rewritten.
ALTER TABLE "FsIndexEntry" SET (fillfactor = 50);
