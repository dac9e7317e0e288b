// API keys: the admin manages them; a key holder checks its own permissions.

import {
  apiKeyOutput,
  apiKeyTestOutput,
  createApiKeyInput,
  createdApiKeyOutput,
  updateApiKeyInput,
} from "@shared/schemas/api-keys";
import { idParam, idsInput } from "@shared/schemas/common";
import { z } from "zod";
import { AppError } from "../../errors";
import { createApiKey, deleteApiKeys, listApiKeys, updateApiKey } from "../../services/auth/api-keys";
import { requestFacts } from "../../services/auth/audit";
import { adminProcedure, authedProcedure, router } from "../../trpc";

const tags = ["API keys"];

export const keysRouter = router({
  list: adminProcedure
    .meta({ rest: { method: "GET", path: "/admin/api-keys", summary: "List API keys (keys masked)", tags } })
    .output(z.array(apiKeyOutput))
    .query(({ ctx }) => listApiKeys(ctx.db)),

  create: adminProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/admin/api-keys",
        summary: "Create an API key; the whole key is in this answer only",
        tags,
        successStatus: 201,
      },
    })
    .input(createApiKeyInput)
    .output(createdApiKeyOutput)
    .mutation(({ ctx, input }) =>
      createApiKey(ctx.db, ctx.config.secret, input, requestFacts(ctx.request, ctx.clientIp)),
    ),

  update: adminProcedure
    .meta({ rest: { method: "PUT", path: "/admin/api-keys/{id}", summary: "Change an API key", tags } })
    .input(updateApiKeyInput)
    .output(apiKeyOutput)
    .mutation(({ ctx, input }) => updateApiKey(ctx.db, input, requestFacts(ctx.request, ctx.clientIp))),

  delete: adminProcedure
    .meta({ rest: { method: "DELETE", path: "/admin/api-keys/{id}", summary: "Delete an API key", tags } })
    .input(idParam)
    .output(z.object({ deleted: z.number() }))
    .mutation(({ ctx, input }) => deleteApiKeys(ctx.db, [input.id], requestFacts(ctx.request, ctx.clientIp))),

  batchDelete: adminProcedure
    .meta({ rest: { method: "POST", path: "/admin/api-keys/batch-delete", summary: "Delete several API keys", tags } })
    .input(idsInput)
    .output(z.object({ deleted: z.number() }))
    .mutation(({ ctx, input }) => deleteApiKeys(ctx.db, input.ids, requestFacts(ctx.request, ctx.clientIp))),

  validate: authedProcedure
    .meta({
      rest: { method: "GET", path: "/test/api-key", summary: "Check an API key and read its permissions", tags },
    })
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
