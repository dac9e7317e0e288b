// Sizes for people: 512 B, 1.5 KB, 10 MB (binary units, as the limits are defined). Shared so that the
// server's error messages and the client's screens write a size the same way.
const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** The size in its largest unit under 1024, and the Intl options that round it. */
function scaled(bytes: number): { value: number; unit: string; digits: number } {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return { value, unit: `${UNITS[unit]}`, digits };
}

export function formatBytes(bytes: number, locale = "en"): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  const { value, unit, digits } = scaled(bytes);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${unit}`;
}

/**
 * A size as CloudPaste's API document writes it for scripts ("2.5GB"): the number and unit together,
 * "." for decimals and no digit grouping whatever the language, so `parseFloat` reads the number.
 */
export function formatBytesForScripts(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  const { value, unit, digits } = scaled(bytes);
  return `${new Intl.NumberFormat("en", { maximumFractionDigits: digits, useGrouping: false }).format(value)}${unit}`;
}
