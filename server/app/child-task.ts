// Work that the server does once in a while and that needs large modules (the migration engine, the
// Prisma client) runs in a short-lived Bun process of its own: a loaded module cannot be unloaded, so
// a server that ran it in-process would carry its memory until it stops
// (docs/decisions/0013-idle-without-prisma.md). The child prints to the server's own output; its
// result, or its error, comes back as one IPC message.
import { type Config, loadConfig } from "../config";
import { createDatabase, type Database } from "../db/client";

type ChildAnswer<Result> = { result: Result } | { error: string };

/** Runs the module at `entry` (which calls `answerParent`) with the server's environment and `env`. */
export async function runChildTask<Result>(entry: string, env: Record<string, string> = {}): Promise<Result> {
  let answer: ChildAnswer<Result> | null = null;
  const child = Bun.spawn([process.execPath, entry], {
    env: { ...process.env, ...env },
    stdout: "inherit",
    stderr: "inherit",
    serialization: "json",
    ipc(message) {
      answer = message as ChildAnswer<Result>;
    },
  });
  const exitCode = await child.exited;
  const received = answer as ChildAnswer<Result> | null;
  if (received && "result" in received) return received.result;
  throw new Error(received?.error ?? `${entry} exited with ${exitCode} without an answer`);
}

/** The child's side: runs `work`, sends its result or its error to the parent, and exits. */
export async function answerParent(work: () => Promise<unknown>): Promise<never> {
  let answer: ChildAnswer<unknown>;
  try {
    answer = { result: await work() };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  const exitCode = "result" in answer ? 0 : 1;
  // Exits once the message is handed over; some work leaves timers behind (the migration engine's
  // 10 s advisory-lock timeout on Postgres), which must not keep the child alive.
  return new Promise<never>(() => {
    // A parent that died (killed) never takes the message: exit anyway rather than linger.
    if (!process.connected) process.exit(exitCode);
    setTimeout(() => process.exit(exitCode), 5_000);
    process.send?.(answer, undefined, undefined, () => process.exit(exitCode));
  });
}

/**
 * The child's side of work on the server's database: opens the one its environment names, runs `work`
 * on it, closes it, and answers as `answerParent` does.
 */
export function answerParentOnDatabase(work: (db: Database, config: Config) => Promise<unknown>): Promise<never> {
  return answerParent(async () => {
    const config = loadConfig();
    const db = createDatabase(config.databaseUrl);
    try {
      return await work(db, config);
    } finally {
      await db.$disconnect();
    }
  });
}
