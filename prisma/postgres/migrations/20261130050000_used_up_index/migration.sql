-- Added by hand (docs/admin-lists.md "Counts the database keeps"): partial indexes of the pastes and
-- file shares whose view limit is used up (maxViews > 0 and views >= maxViews), so the dashboard's
-- "expired" figure counts only the used-up rows (few: the sweep purges them) and never reads every
-- row that has a view limit. The WHERE must stay word for word as the dashboard's query writes it
-- (services/system/dashboard-counts.ts), or the database cannot use the index. (No semicolon may
-- appear inside a statement or a comment here: the migration is split at each one.)
CREATE INDEX "Paste_usedUp_idx" ON "Paste" ("expiresAt") WHERE "maxViews" > 0 AND "views" >= "maxViews";
CREATE INDEX "FileShare_usedUp_idx" ON "FileShare" ("status", "expiresAt") WHERE "maxViews" > 0 AND "views" >= "maxViews";
