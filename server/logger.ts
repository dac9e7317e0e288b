// A tiny leveled logger writing one line per event to stdout/stderr; LOG_LEVEL picks the threshold.
import type { LogLevel } from "./config";

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

type Level = Exclude<LogLevel, "silent">;

export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void> & {
  /** Lets hot paths skip building a message nobody will see. */
  isEnabled(level: Level): boolean;
};

export function createLogger(level: LogLevel): Logger {
  const write = (at: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const extra = fields ? ` ${JSON.stringify(fields)}` : "";
    const line = `${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${message}${extra}`;
    (at === "error" || at === "warn" ? console.error : console.log)(line);
  };
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    isEnabled: (at) => ORDER[at] >= ORDER[level],
  };
}
