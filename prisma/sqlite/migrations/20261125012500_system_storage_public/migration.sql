-- Keys may only upload to public storage (docs/rules.md). The local storage made at first start was
-- created private while keys could use it anyway: keep those installs working by opening it to keys.
UPDATE "StorageConfig" SET "isPublic" = 1 WHERE "createdBy" = 'system';
