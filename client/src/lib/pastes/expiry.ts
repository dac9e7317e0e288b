// Expiry choices of the share forms (docs/product.md §9: 1 hour, 1 day, 7 days, 30 days, never, and the admin's
// default when it is none of these), named so a draft can remember one, and turned into the `expires_at` the
// API takes at the moment of sending.
import { EXPIRY_CHOICES_HOURS } from "@shared/constants";

/** The choices every form offers. */
export const EXPIRY_CHOICES = ["1h", "1d", "7d", "30d", "never"] as const;
type PresetChoice = (typeof EXPIRY_CHOICES)[number];
/** A whole number of days: the admin's default expiry for new shares may be any ("3d", "14d"). */
type DaysChoice = `${number}d`;
export type ExpiryChoice = PresetChoice | DaysChoice;

/** The edit dialog can also leave the expiry as it is. */
export type EditExpiryChoice = ExpiryChoice | "keep";

/** The form's own default, when the admin's is not known (offline, or not answered yet). */
export const DEFAULT_EXPIRY: ExpiryChoice = "never";

const HOUR_MS = 3_600_000;
const DAYS_CHOICE = /^([1-9]\d{0,3})d$/;

/** Hours per preset, from the shared constants (null: never). */
const PRESET_HOURS: Record<PresetChoice, number | null> = {
  "1h": EXPIRY_CHOICES_HOURS[0],
  "1d": EXPIRY_CHOICES_HOURS[1],
  "7d": EXPIRY_CHOICES_HOURS[2],
  "30d": EXPIRY_CHOICES_HOURS[3],
  never: EXPIRY_CHOICES_HOURS[4],
};

export function isPresetChoice(choice: string): choice is PresetChoice {
  return (EXPIRY_CHOICES as readonly string[]).includes(choice);
}

/** The days of a "<n>d" choice (1 to 9999: the settings allow up to 3650), or null for the others. */
export function expiryDaysOf(choice: ExpiryChoice): number | null {
  const days = DAYS_CHOICE.exec(choice);
  return days ? Number(days[1]) : null;
}

/** The hours a choice keeps a share (null: never). */
export function expiryHours(choice: ExpiryChoice): number | null {
  if (isPresetChoice(choice)) return PRESET_HOURS[choice];
  const days = expiryDaysOf(choice);
  return days === null ? null : days * 24;
}

export function isExpiryChoice(value: unknown): value is ExpiryChoice {
  return typeof value === "string" && (isPresetChoice(value) || DAYS_CHOICE.test(value));
}

/** The choice for the admin's default expiry in days (system settings; 0 is kept until deleted). */
export function expiryChoiceOfDays(days: number): ExpiryChoice {
  return days > 0 ? `${days}d` : "never";
}

/** The presets plus `extra` (the admin's default, the choice shown), shortest first and never last. */
export function expiryChoicesWith(...extra: ExpiryChoice[]): readonly ExpiryChoice[] {
  const choices: ExpiryChoice[] = [...EXPIRY_CHOICES];
  for (const choice of extra) if (!choices.includes(choice)) choices.push(choice);
  const order = (choice: ExpiryChoice) => expiryHours(choice) ?? Number.POSITIVE_INFINITY;
  return choices.sort((a, b) => order(a) - order(b));
}

/** The expiry to send: a date `hours` after `now`, or null for never. */
export function expiresAtFor(choice: ExpiryChoice, now: Date = new Date()): Date | null {
  const hours = expiryHours(choice);
  return hours === null ? null : new Date(now.getTime() + hours * HOUR_MS);
}

/** For an update: undefined leaves the expiry unchanged. */
export function expiresAtForEdit(choice: EditExpiryChoice, now: Date = new Date()): Date | null | undefined {
  return choice === "keep" ? undefined : expiresAtFor(choice, now);
}

export function isPastExpiry(expiresAt: Date | null, now: Date = new Date()): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}
