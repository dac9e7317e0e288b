-- Added by hand (docs/admin-lists.md "Search"): trigram indexes (pg_trgm, installed in "public" by the
-- search index's migration) of the columns the management lists search, so that their ILIKE reads the
-- rows holding the term instead of every row. (No semicolon may appear inside a statement or a
-- comment here: the migration is split at each one.)
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
CREATE INDEX "Paste_slug_trgm_idx" ON "Paste" USING gin ("slug" public.gin_trgm_ops);
CREATE INDEX "Paste_remark_trgm_idx" ON "Paste" USING gin ("remark" public.gin_trgm_ops);
CREATE INDEX "Paste_content_trgm_idx" ON "Paste" USING gin ("content" public.gin_trgm_ops);
CREATE INDEX "FileShare_slug_trgm_idx" ON "FileShare" USING gin ("slug" public.gin_trgm_ops);
CREATE INDEX "FileShare_filename_trgm_idx" ON "FileShare" USING gin ("filename" public.gin_trgm_ops);
CREATE INDEX "FileShare_remark_trgm_idx" ON "FileShare" USING gin ("remark" public.gin_trgm_ops);
