// Reads that count something on the server (a share's view): each runs once per visit of the app and
// is never repeated behind the user's back, only when the page asks (a retry, fresh links). What
// React Query's `staleTime: Infinity` did for these pages, without loading it on them
// (docs/decisions/0014-public-pages-without-trpc.md). One store per app mount (AppProviders' AppReads),
// so each test gets a fresh one.
import { useCallback, useSyncExternalStore } from "react";
import { offlineCacheInfo } from "../../offline/cache-store";
import { useAppReads } from "./app-reads";

export type OnceRead<T> =
  | { status: "pending"; isFetching: true }
  | { status: "error"; error: unknown; isFetching: boolean }
  | { status: "success"; data: T; isFetching: boolean };

type Entry = { snapshot: OnceRead<unknown>; load: () => Promise<unknown>; run: number };

export class OnceReads {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The read under `key`, started on first use. */
  get<T>(key: string, load: () => Promise<T>): OnceRead<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { snapshot: { status: "pending", isFetching: true }, load, run: 0 };
      this.entries.set(key, entry);
      this.start(key, entry);
    }
    return entry.snapshot as OnceRead<T>;
  }

  /** Reads it again (the previous answer stays shown meanwhile); resolves to the new answer, or null. */
  refetch<T>(key: string): Promise<T | null> {
    const entry = this.entries.get(key);
    return entry ? (this.start(key, entry) as Promise<T | null>) : Promise.resolve(null);
  }

  /** Reads again what was answered from the offline copy: the network is back. */
  refetchOfflineCopies(): void {
    for (const [key, entry] of this.entries) {
      if (entry.snapshot.status === "success" && offlineCacheInfo(entry.snapshot.data) !== null) void this.refetch(key);
    }
  }

  private start(key: string, entry: Entry): Promise<unknown | null> {
    const run = ++entry.run;
    if (entry.snapshot.status !== "pending") this.set(entry, { ...entry.snapshot, isFetching: true });
    return entry.load().then(
      (data) => {
        if (entry.run === run && this.entries.get(key) === entry)
          this.set(entry, { status: "success", data, isFetching: false });
        return data;
      },
      (error: unknown) => {
        if (entry.run === run && this.entries.get(key) === entry)
          this.set(entry, { status: "error", error, isFetching: false });
        return null;
      },
    );
  }

  private set(entry: Entry, snapshot: OnceRead<unknown>): void {
    entry.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}

/** A counted read: started when first shown, then kept for the visit. */
export function useOnceRead<T>(key: string, load: () => Promise<T>) {
  const reads = useAppReads().once;
  const read = useSyncExternalStore(reads.subscribe, () => reads.get(key, load));
  const refetch = useCallback(() => reads.refetch<T>(key), [reads, key]);
  return { read, refetch };
}
