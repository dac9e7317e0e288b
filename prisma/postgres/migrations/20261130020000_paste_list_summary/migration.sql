-- Written by hand (docs/admin-lists.md "Rows without their content"): the management lists show each
-- paste's first characters and its length, and read both from these columns instead of the content
-- (on Postgres a large content is stored apart, TOAST, and not read unless selected). The rows already
-- there get the values the app writes (services/pastes/paste-summary.ts): the first 200 code points
-- ("" when encrypted), and JavaScript's string length in UTF-16 code units (the code points plus one
-- for each character beyond U+FFFF). The defaults only fill the columns while they are added.
ALTER TABLE "Paste" ADD COLUMN "preview" TEXT NOT NULL DEFAULT '',
ADD COLUMN "contentLength" INTEGER NOT NULL DEFAULT 0;
UPDATE "Paste" SET
    "preview" = CASE WHEN "encrypted" THEN '' ELSE left("content", 200) END,
    "contentLength" = char_length("content") + char_length(regexp_replace("content", '[^\U00010000-\U0010FFFF]', '', 'g'));
ALTER TABLE "Paste" ALTER COLUMN "preview" DROP DEFAULT,
ALTER COLUMN "contentLength" DROP DEFAULT;
