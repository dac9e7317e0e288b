-- Added by hand (docs/admin-lists.md "Search"): the trigram index of the pastes takes the first 32,768
-- characters of a paste's text, and nothing of an encrypted paste's (its ciphertext is never searched).
-- FTS5 indexes every distinct trigram of what it is given, inside the INSERT's statement on the
-- server's connection: text with many distinct trigrams (random or encoded data, every encrypted
-- paste) cost about 2.5 s of the event loop per MiB, so one 8 MiB paste held a SQLite server for
-- 38-75 s. 32,768 characters of random text took 10-26 ms (load 4), prose a few.
-- The triggers give 'delete' the same values they indexed, as an external-content table requires.
DROP TRIGGER "Paste_search_insert";
DROP TRIGGER "Paste_search_delete";
DROP TRIGGER "Paste_search_update";
INSERT INTO "PasteSearch" ("PasteSearch") VALUES ('delete-all');
INSERT INTO "PasteSearch" (rowid, "slug", "remark", "content")
  SELECT rowid, "slug", "remark", CASE WHEN "encrypted" THEN '' ELSE substr("content", 1, 32768) END FROM "Paste";
CREATE TRIGGER "Paste_search_insert" AFTER INSERT ON "Paste" BEGIN
  INSERT INTO "PasteSearch" (rowid, "slug", "remark", "content")
    VALUES (new.rowid, new."slug", new."remark", CASE WHEN new."encrypted" THEN '' ELSE substr(new."content", 1, 32768) END);
END;
CREATE TRIGGER "Paste_search_delete" AFTER DELETE ON "Paste" BEGIN
  INSERT INTO "PasteSearch" ("PasteSearch", rowid, "slug", "remark", "content")
    VALUES ('delete', old.rowid, old."slug", old."remark", CASE WHEN old."encrypted" THEN '' ELSE substr(old."content", 1, 32768) END);
END;
CREATE TRIGGER "Paste_search_update" AFTER UPDATE OF "slug", "remark", "content", "encrypted" ON "Paste" BEGIN
  INSERT INTO "PasteSearch" ("PasteSearch", rowid, "slug", "remark", "content")
    VALUES ('delete', old.rowid, old."slug", old."remark", CASE WHEN old."encrypted" THEN '' ELSE substr(old."content", 1, 32768) END);
  INSERT INTO "PasteSearch" (rowid, "slug", "remark", "content")
    VALUES (new.rowid, new."slug", new."remark", CASE WHEN new."encrypted" THEN '' ELSE substr(new."content", 1, 32768) END);
END;
