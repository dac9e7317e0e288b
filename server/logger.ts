// A tiny leveled logger writing one line per event to stdout/stderr; LOG_LEVEL picks the threshold.
import type { LogLevel } from "./config";

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = Record<Exclude<LogLevel, "silent">, (message: string, fields?: Record<string, unknown>) => void>;

export function createLogger(level: LogLevel): Logger {
  const write = (at: Exclude<LogLevel, "silent">) => (message: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const extra = fields ? ` ${JSON.stringify(fields)}` : "";
    const line = `${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${message}${extra}`;
    (at === "error" || at === "warn" ? console.error : console.log)(line);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
