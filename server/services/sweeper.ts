// The periodic sweep: removes what has expired so tables do not grow without bound. Each domain adds
// its purge step to SWEEP_STEPS; a failing step is logged and does not stop the others.
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { purgeGonePastes } from "./pastes";
import { purgeExpiredBuckets } from "./rate-limit";

export const SWEEP_INTERVAL_MS = 10 * 60_000;

type SweepStep = { name: string; run(db: Database, now: Date): Promise<unknown> };

const SWEEP_STEPS: SweepStep[] = [
  { name: "admin sessions", run: (db, now) => db.adminSession.deleteMany({ where: { expiresAt: { lte: now } } }) },
  { name: "rate-limit buckets", run: (db, now) => purgeExpiredBuckets(db, now) },
  { name: "expired and used-up pastes", run: (db, now) => purgeGonePastes(db, now) },
];

export async function sweepOnce(db: Database, logger: Logger, now = new Date()): Promise<void> {
  for (const step of SWEEP_STEPS) {
    try {
      await step.run(db, now);
    } catch (error) {
      logger.warn(`sweep of ${step.name} failed`, { error: String(error) });
    }
  }
}

/** Starts the sweep now and every SWEEP_INTERVAL_MS; returns a function that stops it. */
export function startSweeper(db: Database, logger: Logger): () => void {
  void sweepOnce(db, logger);
  const timer = setInterval(() => void sweepOnce(db, logger), SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
