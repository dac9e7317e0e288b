// System settings: the admin reads and changes them; anyone may read the upload size limit and the
// default expiries of new shares.
import {
  publicSettingsOf,
  publicSettingsOutput,
  systemSettingsSchema,
  updateSystemSettingsInput,
} from "@shared/schemas/admin/settings";
import { getSystemSettings, updateSystemSettings } from "../../services/system/settings";
import { adminProcedure, publicProcedure, rest, router } from "../../trpc";

const tags = ["System"];

export const settingsRouter = router({
  get: adminProcedure
    .meta(rest("GET /admin/system-settings", "Read the system settings", tags))
    .output(systemSettingsSchema)
    .query(({ ctx }) => getSystemSettings(ctx.db)),

  update: adminProcedure
    .meta(rest("PUT /admin/system-settings", "Change system settings", tags))
    .input(updateSystemSettingsInput)
    .output(systemSettingsSchema)
    .mutation(({ ctx, input }) => updateSystemSettings(ctx.db, input)),

  maxUploadSize: publicProcedure
    .meta(
      rest(
        "GET /system/max-upload-size",
        "The largest upload allowed, in MB, and the default expiry of new pastes and files, in days",
        tags,
      ),
    )
    .output(publicSettingsOutput)
    .query(async ({ ctx }) => publicSettingsOf(await getSystemSettings(ctx.db))),
});
