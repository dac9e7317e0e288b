// The max upload size as the admin types it (a number and a unit: KB, MB or GB) and as the server
// keeps it (megabytes, fractions allowed: 1 KB = 1/1024 MB). Binary units, as formatBytes shows them.

import { megabytesToBytes } from "@shared/constants";
import { systemSettingsSchema } from "@shared/schemas/admin/settings";
import { type FieldMessage, messageOfIssue } from "../../../lib/form-messages";

export const SIZE_UNITS = ["KB", "MB", "GB"] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

const MB_PER_UNIT: Record<SizeUnit, number> = { KB: 1 / 1024, MB: 1, GB: 1024 };

export type SizeInput = { value: string; unit: SizeUnit };

export function toMegabytes(value: number, unit: SizeUnit): number {
  return value * MB_PER_UNIT[unit];
}

/** "0.5", "1,5" (a comma typed as the decimal mark), "100"; no signs, exponents or spaces inside. */
const NUMBER_TEXT = /^\d+([.,]\d+)?$/;

function trimDecimals(value: number): string {
  // Three decimals hide float noise (0.30000000000000004) without losing what a person typed.
  return String(Number(value.toFixed(3)));
}

/** The largest unit in which the stored size reads as a whole number or a short fraction. */
export function fromMegabytes(megabytes: number): SizeInput {
  if (megabytes >= 1024 && Number.isInteger((megabytes / 1024) * 1000)) {
    return { value: trimDecimals(megabytes / 1024), unit: "GB" };
  }
  if (megabytes >= 1) return { value: trimDecimals(megabytes), unit: "MB" };
  return { value: trimDecimals(megabytes * 1024), unit: "KB" };
}

export type SizeResult = { ok: true; megabytes: number; bytes: number } | { ok: false; error: FieldMessage };

/** The settings kept in megabytes, and what an empty field says for each. */
type SizeSetting = "max_upload_size" | "clipboard_item_max_size";
const REQUIRED_KEY: Record<SizeSetting, string> = {
  max_upload_size: "systemSettings.errors.required",
  clipboard_item_max_size: "errors.clipboardItemSizeInvalid",
};

/** The typed size in megabytes, checked by the same schema the server applies to `setting`. */
export function parseSizeInput(input: SizeInput, setting: SizeSetting = "max_upload_size"): SizeResult {
  const text = input.value.trim();
  if (text === "") return { ok: false, error: { key: REQUIRED_KEY[setting] } };
  if (!NUMBER_TEXT.test(text)) return { ok: false, error: { key: "systemSettings.errors.notNumber" } };
  const megabytes = toMegabytes(Number(text.replace(",", ".")), input.unit);
  const checked = systemSettingsSchema.shape[setting].safeParse(megabytes);
  if (!checked.success) {
    const [issue] = checked.error.issues;
    return { ok: false, error: issue ? messageOfIssue(issue) : { key: "forms.invalidValue" } };
  }
  return { ok: true, megabytes: checked.data, bytes: megabytesToBytes(checked.data) };
}
