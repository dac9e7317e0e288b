// System settings (docs/product.md §3 Admin settings), wire names as the original's scripts expect.
import { z } from "zod";
import { DEFAULT_CLIPBOARD_ITEM_MB, DEFAULT_CLIPBOARD_JOINS_PER_MINUTE } from "../../clipboard";
import { DEFAULT_MAX_UPLOAD_MB, megabytesToBytes } from "../../constants";

export const WEBDAV_UPLOAD_MODES = ["auto", "proxy", "multipart", "direct"] as const;
export type WebdavUploadMode = (typeof WEBDAV_UPLOAD_MODES)[number];

/** 1 TB: beyond any single upload the app can stream; the UI's GB unit reaches it at 1024. */
export const MAX_UPLOAD_MB_LIMIT = 1024 * 1024;

/** Creations (pastes, uploads, URL fetches) an API key may start per minute, and per client address. */
export const DEFAULT_CREATION_LIMIT_PER_KEY = 60;
export const DEFAULT_CREATION_LIMIT_PER_ADDRESS = 120;
export const CREATION_LIMIT_MAX = 1_000_000;

/** A count per minute, whole, 0 turning the limit off; `error` names what is counted. */
const perMinuteLimit = (error: string) =>
  z.number({ error }).int({ error }).min(0, { error }).max(CREATION_LIMIT_MAX, { error });
const creationLimit = perMinuteLimit("errors.creationLimitInvalid");

/** 10 years, in days: the longest default expiry the admin may set for new shares. */
export const DEFAULT_EXPIRY_DAYS_MAX = 3650;

/** Days a share created without an expiry is kept (0: kept until deleted). */
const defaultExpiryDays = z
  .number({ error: "errors.defaultExpiryInvalid" })
  .int({ error: "errors.defaultExpiryInvalid" })
  .min(0, { error: "errors.defaultExpiryInvalid" })
  .max(DEFAULT_EXPIRY_DAYS_MAX, { error: "errors.defaultExpiryInvalid" });

/** Megabytes, the most one live-clipboard item may carry (the socket's frame limit is sized for it). */
export const CLIPBOARD_ITEM_MB_LIMIT = 64;

export const systemSettingsSchema = z.object({
  /** Megabytes, fractions allowed (1 KB = 0.0009765625); the UI offers KB, MB and GB and converts. */
  max_upload_size: z
    .number({ error: "errors.maxUploadSizeNumber" })
    .positive({ error: "errors.maxUploadSizePositive", abort: true })
    .max(MAX_UPLOAD_MB_LIMIT, "errors.maxUploadSizeTooLarge")
    // "Above 0" means a limit that lets at least one byte through once turned into bytes.
    .refine((megabytes) => megabytesToBytes(megabytes) >= 1, "errors.maxUploadSizePositive"),
  webdav_upload_mode: z.enum(WEBDAV_UPLOAD_MODES, { error: "errors.webdavUploadModeInvalid" }),
  /** Pastes, file uploads and URL fetches one API key may start per minute (0: no limit). */
  creation_limit_per_key: creationLimit,
  /** The same, counted per client address over every API key used from it (0: no limit). */
  creation_limit_per_address: creationLimit,
  /** Megabytes one live-clipboard item (a text or a file, before encryption) may carry. */
  clipboard_item_max_size: z
    .number({ error: "errors.clipboardItemSizeInvalid" })
    .positive({ error: "errors.clipboardItemSizeInvalid" })
    .max(CLIPBOARD_ITEM_MB_LIMIT, { error: "errors.clipboardItemSizeInvalid" })
    // Above 0 once turned into bytes, as for the upload size.
    .refine((megabytes) => megabytesToBytes(megabytes) >= 1, "errors.clipboardItemSizeInvalid"),
  /** Live-clipboard joins (socket or event stream) one client address may make per minute (0: no limit). */
  clipboard_joins_per_minute: perMinuteLimit("errors.clipboardJoinsInvalid"),
  /**
   * Days a paste created without an expiry is kept, 0 for until deleted (CloudPaste's setting of this
   * name). The app's forms start from it and send the expiry shown, "never" included.
   */
  default_paste_expiry: defaultExpiryDays,
  /** The same for file shares. */
  default_file_expiry: defaultExpiryDays,
});

export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = {
  max_upload_size: DEFAULT_MAX_UPLOAD_MB,
  webdav_upload_mode: "auto",
  creation_limit_per_key: DEFAULT_CREATION_LIMIT_PER_KEY,
  creation_limit_per_address: DEFAULT_CREATION_LIMIT_PER_ADDRESS,
  clipboard_item_max_size: DEFAULT_CLIPBOARD_ITEM_MB,
  clipboard_joins_per_minute: DEFAULT_CLIPBOARD_JOINS_PER_MINUTE,
  default_paste_expiry: 0,
  default_file_expiry: 0,
};

export const updateSystemSettingsInput = systemSettingsSchema.partial();

/**
 * What anyone may read of the settings (GET /system/max-upload-size, CloudPaste's route, whose scripts read
 * `max_upload_size`): the upload limit, and the default expiries the app's share forms start from.
 */
export const publicSettingsOutput = systemSettingsSchema.pick({
  max_upload_size: true,
  default_paste_expiry: true,
  default_file_expiry: true,
});

export type PublicSettings = z.infer<typeof publicSettingsOutput>;

export function publicSettingsOf(settings: SystemSettings): PublicSettings {
  const { max_upload_size, default_paste_expiry, default_file_expiry } = settings;
  return { max_upload_size, default_paste_expiry, default_file_expiry };
}
