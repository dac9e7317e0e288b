// API keys: the admin manages them; a key holder checks its own permissions.

import {
  apiKeyOutput,
  apiKeyTestOutput,
  createApiKeyInput,
  createdApiKeyOutput,
  updateApiKeyInput,
} from "@shared/schemas/auth/api-keys";
import { idParam, idsInput } from "@shared/schemas/common";
import { z } from "zod";
import { AppError } from "../../errors";
import { createApiKey, deleteApiKeys, listApiKeys, updateApiKey } from "../../services/auth/api-keys";
import { requestFacts } from "../../services/auth/audit";
import { adminProcedure, authedProcedure, rest, router } from "../../trpc";

const tags = ["API keys"];

export const keysRouter = router({
  list: adminProcedure
    .meta(rest("GET /admin/api-keys", "List API keys (keys masked)", tags))
    .output(z.array(apiKeyOutput))
    .query(({ ctx }) => listApiKeys(ctx.db)),

  create: adminProcedure
    .meta(
      rest("POST /admin/api-keys", "Create an API key; the whole key is in this answer only", tags, {
        successStatus: 201,
      }),
    )
    .input(createApiKeyInput)
    .output(createdApiKeyOutput)
    .mutation(({ ctx, input }) => createApiKey(ctx.db, ctx.config.secret, input, requestFacts(ctx))),

  update: adminProcedure
    .meta(rest("PUT /admin/api-keys/{id}", "Change an API key", tags))
    .input(updateApiKeyInput)
    .output(apiKeyOutput)
    .mutation(({ ctx, input }) => updateApiKey(ctx.db, input, requestFacts(ctx))),

  delete: adminProcedure
    .meta(rest("DELETE /admin/api-keys/{id}", "Delete an API key", tags))
    .input(idParam)
    .output(z.object({ deleted: z.number() }))
    .mutation(({ ctx, input }) => deleteApiKeys(ctx.db, [input.id], requestFacts(ctx))),

  batchDelete: adminProcedure
    .meta(rest("POST /admin/api-keys/batch-delete", "Delete several API keys", tags))
    .input(idsInput)
    .output(z.object({ deleted: z.number() }))
    .mutation(({ ctx, input }) => deleteApiKeys(ctx.db, input.ids, requestFacts(ctx))),

  validate: authedProcedure
    .meta(rest("GET /test/api-key", "Check an API key and read its permissions", tags))
    .output(apiKeyTestOutput)
    .query(({ ctx }) => {
      if (ctx.auth.type !== "apikey") throw new AppError("BAD_REQUEST", "errors.apiKeyOnly");
      const { keyId, name, basicPath, permissions, mountReadOnly } = ctx.auth;
      return {
        name,
        basic_path: basicPath,
        permissions,
        mount_read_only: mountReadOnly,
        key_info: { id: keyId, name, basic_path: basicPath },
      };
    }),
});
