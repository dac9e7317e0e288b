// A job run's result in words (docs/jobs.md, "What the admin sees"): the scheduler keeps what a run
// answered as JSON (its progress while it runs, `{ error }` when it failed), and the Jobs view reads
// it out per job, with numbers and sizes in the reader's language and storages by name. A job or a
// key this file does not know is shown as a compact "key: value" list, never as raw JSON.
import type { Language } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import type { JOB_RUN_STATUSES } from "@shared/schemas/admin/jobs";
import type { TFunction } from "i18next";
import { htmlLangFor } from "../../../lib/preferences/language";

export type RunForSummary = { status: (typeof JOB_RUN_STATUSES)[number]; result: string | null };

/** What the view shows for a run: its parts (joined with " · "), and whether it is a failure's message. */
export type RunSummary = { isError: boolean; parts: string[] };

type Words = {
  t: TFunction;
  language: Language;
  /** A storage config's name by id; undefined when the view does not know it (the id is shown). */
  storageName: (id: string) => string | undefined;
};

type Values = Record<string, unknown>;

/** Null when there is nothing to show (a run that has not reported anything yet). */
export function summarizeRun(job: string, run: RunForSummary, words: Words): RunSummary | null {
  const { t } = words;
  if (run.result === null) {
    return run.status === "failed" ? { isError: true, parts: [t("adminJobs.result.failedNoMessage")] } : null;
  }
  const value = parse(run.result);
  if (run.status === "failed") {
    if (isObject(value) && typeof value.error === "string" && Object.keys(value).length === 1)
      return { isError: true, parts: [value.error] };
    return { isError: true, parts: value === undefined ? [run.result] : fallback(value, words) };
  }
  if (value === undefined) return { isError: false, parts: [t("adminJobs.result.unreadable")] };
  const described = run.status === "succeeded" ? RESULTS[job]?.(value, words) : PROGRESS[job]?.(value, words);
  const parts = described ?? fallback(value, words);
  if (run.status === "interrupted") parts.unshift(t("adminJobs.result.interrupted"));
  return parts.length > 0 ? { isError: false, parts } : null;
}

/** The summary as one line. */
export function summaryText(summary: RunSummary): string {
  return summary.parts.join(" · ");
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Values {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}

function isBoolean(value: unknown): value is boolean {
  return typeof value === "boolean";
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(isString);
}

function oneOf<const V extends string | boolean>(...allowed: V[]) {
  return (value: unknown): value is V => allowed.includes(value as V);
}

type Checks<T> = { [K in keyof T]: (field: unknown) => field is T[K] };

/**
 * The object when it has these keys of these kinds and no other (`optional` ones may be there too);
 * else null, and the caller falls back to the "key: value" list.
 */
function shaped<T extends Values>(value: unknown, required: Checks<T>, optional: Checks<Values> = {}): T | null {
  if (!isObject(value)) return null;
  const checks: Record<string, (field: unknown) => boolean> = { ...optional, ...required };
  for (const key of Object.keys(required)) if (!(key in value)) return null;
  for (const [key, field] of Object.entries(value)) if (!checks[key]?.(field)) return null;
  return value as T;
}

function number(value: number, language: Language): string {
  return new Intl.NumberFormat(htmlLangFor(language)).format(value);
}

/** A plural text with its count written in the reader's digits ("1,204 rows"). */
function counted(words: Words, key: string, count: number, values: Values = {}): string {
  return words.t(key, { ...values, count, n: number(count, words.language) });
}

function storageLabel(words: Words, id: string): string {
  return words.storageName(id) ?? id;
}

type Describe = (value: unknown, words: Words) => string[] | null;

/** A finished run's result, per job (server/services/jobs/system-jobs.ts and the domains' jobs). */
const RESULTS: Record<string, Describe> = {
  sweep: (value, { t }) => (shaped(value, { swept: oneOf(true) }) ? [t("adminJobs.result.sweep")] : null),

  "audit-purge": (value, words) => {
    const result = shaped(value, { removed: isCount });
    return result ? [counted(words, "adminJobs.result.auditRemoved", result.removed)] : null;
  },

  "share-count-fold": (value, words) => {
    const result = shaped(value, { folded: isCount, steps: isCount });
    if (!result) return null;
    return [
      counted(words, "adminJobs.result.folded", result.folded),
      counted(words, "adminJobs.result.foldSteps", result.steps),
    ];
  },

  "wal-checkpoint": (value, words) => {
    const { t, language } = words;
    const skipped = shaped(value, { skipped: isString });
    if (skipped) return [t("adminJobs.result.walSkipped")];
    const result = shaped(value, {
      busy: isBoolean,
      walFrames: isCount,
      checkpointedFrames: isCount,
    });
    if (!result) return null;
    const written = t("adminJobs.result.walWritten", {
      done: number(result.checkpointedFrames, language),
      total: number(result.walFrames, language),
    });
    return result.busy ? [t("adminJobs.result.walBusy"), written] : [written];
  },

  "upload-request-webhooks": (value, words) => {
    const { t, language } = words;
    const result = shaped(
      value,
      { delivered: isCount, retrying: isCount, failed: isCount },
      // The deliveries another process took first: not the admin's concern.
      { "not-due": isCount },
    );
    if (!result) return null;
    return [
      t("adminJobs.result.delivered", { n: number(result.delivered, language) }),
      t("adminJobs.result.retrying", { n: number(result.retrying, language) }),
      t("adminJobs.result.givenUp", { n: number(result.failed, language) }),
    ];
  },

  backup: (value, words) => {
    const { t, language } = words;
    const result = shaped(value, {
      location: isString,
      name: isString,
      bytes: isCount,
      rows: isCount,
      objects: isCount,
      objectBytes: isCount,
      skippedObjects: isCount,
      secretIncluded: isBoolean,
      pruned: isStringList,
    });
    if (!result) return null;
    const parts = [
      t("adminJobs.result.backupName", { name: result.name }),
      formatBytes(result.bytes, language),
      counted(words, "adminJobs.result.rows", result.rows),
      result.objectBytes > 0
        ? counted(words, "adminJobs.result.objectsWithSize", result.objects, {
            size: formatBytes(result.objectBytes, language),
          })
        : counted(words, "adminJobs.result.objects", result.objects),
      result.location === "disk"
        ? t("adminJobs.result.onDisk")
        : t("adminJobs.result.inStorage", { name: storageLabel(words, result.location) }),
    ];
    if (result.skippedObjects > 0) parts.push(counted(words, "adminJobs.result.skipped", result.skippedObjects));
    if (!result.secretIncluded) parts.push(t("adminJobs.result.noSecret"));
    if (result.pruned.length > 0) parts.push(counted(words, "adminJobs.result.pruned", result.pruned.length));
    return parts;
  },

  "fs-index": (value, words) => {
    if (!isObject(value)) return null;
    const entries = Object.entries(value);
    if (entries.length === 0) return [words.t("adminJobs.result.indexNone")];
    const parts: string[] = [];
    for (const [id, outcome] of entries) {
      const name = storageLabel(words, id);
      if (shaped(outcome, { status: oneOf("busy") })) {
        parts.push(words.t("adminJobs.result.indexBusy", { name }));
        continue;
      }
      const done = shaped(outcome, { status: oneOf("done"), objects: isCount, removed: isCount });
      if (!done) return null;
      parts.push(
        words.t("adminJobs.result.indexDone", {
          name,
          objects: counted(words, "adminJobs.result.objects", done.objects),
          removed: number(done.removed, words.language),
        }),
      );
    }
    return parts;
  },
};

/** What a run that has not finished reported so far (`context.progress`), per job. */
const PROGRESS: Record<string, Describe> = {
  backup: (value, words) => {
    const progress = shaped(value, {
      phase: oneOf("rows", "objects", "done"),
      rows: isCount,
      objects: isCount,
      bytes: isCount,
    });
    if (!progress) return null;
    return [
      words.t(`adminJobs.result.backupPhase.${progress.phase}`),
      counted(words, "adminJobs.result.rows", progress.rows),
      counted(words, "adminJobs.result.objects", progress.objects),
      words.t("adminJobs.result.soFar", { size: formatBytes(progress.bytes, words.language) }),
    ];
  },

  "fs-index": (value, words) => {
    if (!isObject(value)) return null;
    const parts: string[] = [];
    for (const [id, objects] of Object.entries(value)) {
      if (!isCount(objects)) return null;
      parts.push(
        words.t("adminJobs.result.indexProgress", {
          name: storageLabel(words, id),
          objects: counted(words, "adminJobs.result.objects", objects),
        }),
      );
    }
    return parts;
  },
};

/** Any value as "key: value" parts: numbers in the reader's digits, lists and objects inline, no braces. */
function fallback(value: unknown, words: Words): string[] {
  if (isObject(value)) return Object.entries(value).map(([key, field]) => `${key}: ${inline(field, words, 1)}`);
  return [inline(value, words, 1)];
}

function inline(value: unknown, words: Words, depth: number): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "number") return number(value, words.language);
  if (typeof value === "boolean") return words.t(value ? "adminJobs.result.yes" : "adminJobs.result.no");
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    if (depth > 2) return number(value.length, words.language);
    return value.map((item) => inline(item, words, depth + 1)).join(", ") || "—";
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return "—";
    if (depth > 2) return number(entries.length, words.language);
    return `(${entries.map(([key, field]) => `${key}: ${inline(field, words, depth + 1)}`).join(", ")})`;
  }
  return String(value);
}
