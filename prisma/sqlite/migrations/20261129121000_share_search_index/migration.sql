-- Added by hand (docs/admin-lists.md "Search"): trigram indexes of the columns the management lists
-- search, so a search reads the rows holding the term instead of every row. External-content FTS5
-- tables over Paste and FileShare (keyed by their rowid), filled from the rows already there and kept
-- in step by triggers. A later migration that redefines Paste or FileShare (a copy into a new table)
-- drops these triggers and renumbers the rowids: it must create them again and 'rebuild' both tables.
CREATE VIRTUAL TABLE "PasteSearch" USING fts5("slug", "remark", "content", content='Paste', tokenize='trigram');
INSERT INTO "PasteSearch" ("PasteSearch") VALUES ('rebuild');
CREATE TRIGGER "Paste_search_insert" AFTER INSERT ON "Paste" BEGIN
  INSERT INTO "PasteSearch" (rowid, "slug", "remark", "content") VALUES (new.rowid, new."slug", new."remark", new."content");
END;
CREATE TRIGGER "Paste_search_delete" AFTER DELETE ON "Paste" BEGIN
  INSERT INTO "PasteSearch" ("PasteSearch", rowid, "slug", "remark", "content") VALUES ('delete', old.rowid, old."slug", old."remark", old."content");
END;
CREATE TRIGGER "Paste_search_update" AFTER UPDATE OF "slug", "remark", "content" ON "Paste" BEGIN
  INSERT INTO "PasteSearch" ("PasteSearch", rowid, "slug", "remark", "content") VALUES ('delete', old.rowid, old."slug", old."remark", old."content");
  INSERT INTO "PasteSearch" (rowid, "slug", "remark", "content") VALUES (new.rowid, new."slug", new."remark", new."content");
END;

CREATE VIRTUAL TABLE "FileShareSearch" USING fts5("slug", "filename", "remark", content='FileShare', tokenize='trigram');
INSERT INTO "FileShareSearch" ("FileShareSearch") VALUES ('rebuild');
CREATE TRIGGER "FileShare_search_insert" AFTER INSERT ON "FileShare" BEGIN
  INSERT INTO "FileShareSearch" (rowid, "slug", "filename", "remark") VALUES (new.rowid, new."slug", new."filename", new."remark");
END;
CREATE TRIGGER "FileShare_search_delete" AFTER DELETE ON "FileShare" BEGIN
  INSERT INTO "FileShareSearch" ("FileShareSearch", rowid, "slug", "filename", "remark") VALUES ('delete', old.rowid, old."slug", old."filename", old."remark");
END;
CREATE TRIGGER "FileShare_search_update" AFTER UPDATE OF "slug", "filename", "remark" ON "FileShare" BEGIN
  INSERT INTO "FileShareSearch" ("FileShareSearch", rowid, "slug", "filename", "remark") VALUES ('delete', old.rowid, old."slug", old."filename", old."remark");
  INSERT INTO "FileShareSearch" (rowid, "slug", "filename", "remark") VALUES (new.rowid, new."slug", new."filename", new."remark");
END;
