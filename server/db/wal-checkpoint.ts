// Keeps the SQLite write-ahead log bounded while the server runs. SQLite's automatic checkpoint (every
// 1,000 pages, run by the connection that commits) normally keeps the WAL near 4 MiB; this is the
// backstop for what can defeat it: a long read transaction that pins old frames, a connection whose
// commits never reach the checkpoint (see view-counter.ts), a burst of large writes. Every minute (the
// scheduler's "wal-checkpoint" job, services/jobs/system-jobs.ts) a
// TRUNCATE checkpoint on a connection of its own copies the log into the database and empties it; it
// never waits (busy_timeout 0: bun:sqlite would block the event loop), so a busy database just waits
// for the next round. `journal_size_limit` makes every reset of the log shrink the file as well.
// It runs only when the log has grown past what the automatic checkpoint lets it reach: a TRUNCATE
// checkpoint syncs the files, 15-77 ms on this event loop on a busy disk (measured 2026-11-28), which
// every request waiting meanwhile would feel once a minute for nothing.
import { Database } from "bun:sqlite";
import { statSync } from "node:fs";
import { providerOf } from "./client";
import { sqliteFilePath } from "./migrate";

/** Largest WAL file kept after a checkpoint resets the log (set on every bun:sqlite connection we open). */
export const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;
/** A log file larger than this escaped the automatic checkpoint (~4 MiB at 1,000 pages of 4 KiB). */
export const WAL_CHECKPOINT_THRESHOLD_BYTES = WAL_SIZE_LIMIT_BYTES / 2;

export type WalCheckpointResult = { busy: boolean; walFrames: number; checkpointedFrames: number };

export type WalCheckpointer = {
  /** One TRUNCATE checkpoint now; `busy` when a reader or writer kept it from emptying the log. */
  checkpoint(): WalCheckpointResult;
  /** What the job runs: a checkpoint if the log file is over the threshold, else nothing (null). */
  checkpointIfGrown(): WalCheckpointResult | null;
  close(): void;
};

/** Opens the checkpointer of a SQLite database (its connection opens now); null on Postgres. */
export function openWalCheckpointer(databaseUrl: string): WalCheckpointer | null {
  if (providerOf(databaseUrl) !== "sqlite") return null;
  const path = sqliteFilePath(databaseUrl);
  const db = new Database(path);
  db.exec(`PRAGMA busy_timeout = 0; PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT_BYTES};`);
  const statement = db.query<{ busy: number; log: number; checkpointed: number }, []>(
    "PRAGMA wal_checkpoint(TRUNCATE)",
  );
  const checkpoint = (): WalCheckpointResult => {
    const [row] = statement.all();
    return { busy: row?.busy === 1, walFrames: row?.log ?? 0, checkpointedFrames: row?.checkpointed ?? 0 };
  };
  const logSize = () => statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  const checkpointIfGrown = () => (logSize() > WAL_CHECKPOINT_THRESHOLD_BYTES ? checkpoint() : null);
  return {
    checkpoint,
    checkpointIfGrown,
    close() {
      db.close();
    },
  };
}

/** Holds on each connection that defers its automatic checkpoint, and the setting to restore. */
const deferred = new WeakMap<Database, { holds: number; pages: number }>();

/**
 * Keeps SQLite's automatic checkpoint out of the turn of the loop that commits a large write, and runs
 * it in a turn of its own once `done()` is called after the commit. The connection that commits past
 * 1,000 pages of log checkpoints in its COMMIT: a 9 MiB clipboard item's commit wrote its pages to the
 * log and copied them on into the database in one turn (10 ms + 20-25 ms of CPU on this machine, a
 * standalone run on 2026-11-30), after the insert itself in the same turn (docs/performance.md, hostile
 * run). The checkpoint is PASSIVE, as the automatic one: it waits for no one. Skipped when the connection
 * has a transaction open by then (the next commit checkpoints as usual).
 */
export function deferAutoCheckpoint(sqlite: Database): { done(): void } {
  let state = deferred.get(sqlite);
  if (!state) {
    // A number or a bigint, as the connection was opened (the app's with safe integers).
    const row = sqlite.query<{ wal_autocheckpoint: number | bigint }, []>("PRAGMA wal_autocheckpoint").get();
    state = { holds: 0, pages: Number(row?.wal_autocheckpoint ?? 1000) };
    deferred.set(sqlite, state);
  }
  if (state.holds++ === 0) sqlite.exec("PRAGMA wal_autocheckpoint = 0");
  const held = state;
  let released = false;
  return {
    done() {
      if (released) return;
      released = true;
      setImmediate(() => {
        if (--held.holds > 0) return;
        deferred.delete(sqlite);
        try {
          sqlite.exec(`PRAGMA wal_autocheckpoint = ${held.pages}`);
          if (!sqlite.inTransaction) sqlite.query("PRAGMA wal_checkpoint(PASSIVE)").get();
        } catch {
          // A closed connection has nothing to checkpoint; the job (above) is the backstop.
        }
      });
    },
  };
}
