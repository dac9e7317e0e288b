// Storage configs (/s3-configs): the admin manages them; key holders with file permission may list
// the public ones to choose where an upload goes (secrets are masked for everyone; keys see no
// endpoint, access key id or local path).

import {
  createStorageConfigInput,
  storageConfigOutput,
  storageTestOutput,
  updateStorageConfigInput,
} from "@shared/schemas/admin/storage";
import { idParam } from "@shared/schemas/common";
import { z } from "zod";
import { creatorOf } from "../../services/auth/sessions";
import {
  createStorageConfig,
  deleteStorageConfig,
  getStorageConfig,
  listStorageConfigs,
  recountStorage,
  setDefaultStorageConfig,
  testStorageConfig,
  updateStorageConfig,
} from "../../services/system/storage-configs";
import { adminProcedure, fileProcedure, rest, router } from "../../trpc";

const tags = ["Storage configs"];

export const storageRouter = router({
  list: fileProcedure
    .meta(
      rest(
        "GET /s3-configs",
        "List storage configs (secrets masked; API keys see only public ones, without endpoint, access key id or local path)",
        tags,
      ),
    )
    .output(z.array(storageConfigOutput))
    .query(({ ctx }) => listStorageConfigs(ctx.db, ctx.auth.type)),

  get: fileProcedure
    .meta(
      rest(
        "GET /s3-configs/{id}",
        "One storage config, as the list shows it (API keys: public ones only, others are 404)",
        tags,
      ),
    )
    .input(idParam)
    .output(storageConfigOutput)
    .query(({ ctx, input }) => getStorageConfig(ctx.db, input.id, ctx.auth.type)),

  create: adminProcedure
    .meta(rest("POST /s3-configs", "Add a storage config", tags, { successStatus: 201 }))
    .input(createStorageConfigInput)
    .output(storageConfigOutput)
    .mutation(({ ctx, input }) => createStorageConfig(ctx, creatorOf(ctx.auth), input)),

  update: adminProcedure
    .meta(rest("PUT /s3-configs/{id}", "Change a storage config", tags))
    .input(updateStorageConfigInput)
    .output(storageConfigOutput)
    .mutation(({ ctx, input }) => updateStorageConfig(ctx, input)),

  delete: adminProcedure
    .meta(rest("DELETE /s3-configs/{id}", "Delete a storage config no file or mount uses", tags))
    .input(idParam)
    .output(z.object({ deleted: z.number() }))
    .mutation(({ ctx, input }) => deleteStorageConfig(ctx, input.id)),

  setDefault: adminProcedure
    .meta(rest("PUT /s3-configs/{id}/set-default", "Make a config the default", tags))
    .input(idParam)
    .output(storageConfigOutput)
    .mutation(({ ctx, input }) => setDefaultStorageConfig(ctx.db, input.id)),

  test: adminProcedure
    .meta(
      rest(
        "POST /s3-configs/{id}/test",
        "Write, read, list and delete a probe object; check CORS for browser uploads",
        tags,
      ),
    )
    .input(idParam)
    .output(storageTestOutput)
    .mutation(({ ctx, input }) => testStorageConfig(ctx, input.id)),

  recount: adminProcedure
    .meta(
      rest(
        "POST /s3-configs/{id}/recount",
        "Count what the storage really holds, in the background (progress in the config's usage.recount)",
        tags,
        { successStatus: 202 },
      ),
    )
    .input(idParam)
    .output(storageConfigOutput)
    .mutation(({ ctx, input }) => recountStorage(ctx, input.id)),
});
