// Expiry choices of the share forms (docs/product.md §9: 1 hour, 1 day, 7 days, 30 days, never), named so a
// draft can remember one, and turned into the `expires_at` the API takes at the moment of sending.
import { EXPIRY_CHOICES_HOURS } from "@shared/constants";

export const EXPIRY_CHOICES = ["1h", "1d", "7d", "30d", "never"] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** The edit dialog can also leave the expiry as it is. */
export type EditExpiryChoice = ExpiryChoice | "keep";

export const DEFAULT_EXPIRY: ExpiryChoice = "never";

const HOUR_MS = 3_600_000;

/** Hours per choice, from the shared constants (null: never). */
export const EXPIRY_HOURS: Record<ExpiryChoice, number | null> = {
  "1h": EXPIRY_CHOICES_HOURS[0],
  "1d": EXPIRY_CHOICES_HOURS[1],
  "7d": EXPIRY_CHOICES_HOURS[2],
  "30d": EXPIRY_CHOICES_HOURS[3],
  never: EXPIRY_CHOICES_HOURS[4],
};

export function isExpiryChoice(value: unknown): value is ExpiryChoice {
  return typeof value === "string" && (EXPIRY_CHOICES as readonly string[]).includes(value);
}

/** The expiry to send: a date `hours` after `now`, or null for never. */
export function expiresAtFor(choice: ExpiryChoice, now: Date = new Date()): Date | null {
  const hours = EXPIRY_HOURS[choice];
  return hours === null ? null : new Date(now.getTime() + hours * HOUR_MS);
}

/** For an update: undefined leaves the expiry unchanged. */
export function expiresAtForEdit(choice: EditExpiryChoice, now: Date = new Date()): Date | null | undefined {
  return choice === "keep" ? undefined : expiresAtFor(choice, now);
}

export function isPastExpiry(expiresAt: Date | null, now: Date = new Date()): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}
