// System settings: one row per setting, JSON values validated on read, defaults for what is unset.

import {
  DEFAULT_SYSTEM_SETTINGS,
  type SystemSettings,
  systemSettingsSchema,
  type updateSystemSettingsInput,
} from "@shared/schemas/admin/settings";
import type { z } from "zod";
import type { Database } from "../../db/client";

export type SettingRow = { key: string; value: string };

export async function getSystemSettings(db: Database): Promise<SystemSettings> {
  return settingsFromRows(await db.systemSetting.findMany({ select: { key: true, value: true } }));
}

/** The settings their stored rows make: JSON values validated, the default for a key unset or no longer valid. */
export function settingsFromRows(rows: readonly SettingRow[]): SystemSettings {
  const stored: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      stored[row.key] = JSON.parse(row.value);
    } catch {
      // A value that no longer parses falls back to its default below.
    }
  }
  const settings = { ...DEFAULT_SYSTEM_SETTINGS };
  for (const key of Object.keys(DEFAULT_SYSTEM_SETTINGS) as (keyof SystemSettings)[]) {
    const parsed = systemSettingsSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) (settings as Record<string, unknown>)[key] = parsed.data;
  }
  return settings;
}

export async function updateSystemSettings(db: Database, input: z.output<typeof updateSystemSettingsInput>) {
  const entries = Object.entries(input).filter(([, value]) => value !== undefined);
  await db.$transaction(
    entries.map(([key, value]) =>
      db.systemSetting.upsert({
        where: { key },
        create: { key, value: JSON.stringify(value) },
        update: { value: JSON.stringify(value) },
        select: { key: true },
      }),
    ),
  );
  return getSystemSettings(db);
}
