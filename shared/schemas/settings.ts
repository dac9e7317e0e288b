// System settings (SPEC.md §3 Admin settings), wire names as the original's scripts expect.
import { z } from "zod";

export const WEBDAV_UPLOAD_MODES = ["auto", "proxy", "multipart", "direct"] as const;
/** SPEC.md §9: 100 MB when the server value is unavailable. */
export const DEFAULT_MAX_UPLOAD_MB = 100;

export const systemSettingsSchema = z.object({
  /** Megabytes; the UI offers KB, MB and GB and converts. */
  max_upload_size: z
    .number()
    .positive("errors.maxUploadSizePositive")
    .max(1024 * 1024),
  webdav_upload_mode: z.enum(WEBDAV_UPLOAD_MODES),
});

export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = {
  max_upload_size: DEFAULT_MAX_UPLOAD_MB,
  webdav_upload_mode: "auto",
};

export const updateSystemSettingsInput = systemSettingsSchema.partial();

export const maxUploadSizeOutput = z.object({ max_upload_size: z.number() });

export function megabytesToBytes(megabytes: number): number {
  return Math.floor(megabytes * 1024 * 1024);
}
