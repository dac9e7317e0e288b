// Decisions the upload screen makes before and while it moves bytes: which of the three upload
// modes a file takes (docs/product.md §4), how a large file is cut into multipart parts, and how the two
// phases of a URL upload map onto one progress bar (docs/product.md §4, §9: 0-49 download, 50-99 upload).
import { LOCAL_PROVIDER, MULTIPART_PART_SIZE, MULTIPART_THRESHOLD } from "@shared/constants";
import { browserStorage } from "../preferences/browser-storage";

export type UploadMode = "direct" | "server" | "multipart";

export type ModeInput = {
  size: number;
  /** Files strictly above this go multipart. */
  threshold?: number;
  /** The storage's provider type; local storage is served by the app itself, so it always allows. */
  providerType: string | null;
  /** The browser could not PUT to this storage before (CORS, or the page's CSP): go through the server. */
  isDirectBlocked: boolean;
};

/** Lets a test (or a curious admin) lower the multipart threshold, in bytes, for this browser. */
export const MULTIPART_THRESHOLD_OVERRIDE_KEY = "pastebox_multipart_threshold";

export function multipartThresholdOverride(
  storage: Pick<Storage, "getItem"> | undefined = browserStorage(),
): number | undefined {
  try {
    const value = Number(storage?.getItem(MULTIPART_THRESHOLD_OVERRIDE_KEY));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Multipart above the threshold, direct (presigned PUT from the browser) when the storage lets the
 * browser upload, through the server otherwise. Multipart PUTs the parts from the browser too, so a
 * storage the browser cannot reach takes even large files through the server (which streams them).
 */
export function chooseUploadMode({
  size,
  threshold = MULTIPART_THRESHOLD,
  providerType,
  isDirectBlocked,
}: ModeInput): UploadMode {
  const canReachStorage = providerType === LOCAL_PROVIDER || !isDirectBlocked;
  if (!canReachStorage) return "server";
  return size > threshold ? "multipart" : "direct";
}

export function isLocalProvider(providerType: string | null | undefined): boolean {
  return providerType === LOCAL_PROVIDER;
}

export type PartPlan = { partNumber: number; start: number; end: number; size: number };

/** Parts of `partSize` bytes (the last one shorter), numbered from 1 as S3 wants them. */
export function planParts(size: number, partSize: number = MULTIPART_PART_SIZE): PartPlan[] {
  if (!Number.isFinite(size) || size < 0) throw new RangeError("size must be a non-negative number");
  if (!Number.isInteger(partSize) || partSize <= 0) throw new RangeError("partSize must be a positive integer");
  const count = Math.max(1, Math.ceil(size / partSize));
  const parts: PartPlan[] = [];
  for (let index = 0; index < count; index++) {
    const start = index * partSize;
    const end = Math.min(size, start + partSize);
    parts.push({ partNumber: index + 1, start, end, size: end - start });
  }
  return parts;
}

export type StoredPart = { part_number: number; etag: string; size: number };

/**
 * The parts the server already holds that can be kept when resuming: the same number and the
 * size the plan expects (a part cut at another size, or a truncated one, is uploaded again).
 */
export function reusableParts(plan: readonly PartPlan[], stored: readonly StoredPart[]): Map<number, string> {
  const expected = new Map(plan.map((part) => [part.partNumber, part.size]));
  const kept = new Map<number, string>();
  for (const part of stored) {
    if (part.etag && expected.get(part.part_number) === part.size) kept.set(part.part_number, part.etag);
  }
  return kept;
}

/** The parts still to send, in order. */
export function missingParts(plan: readonly PartPlan[], done: ReadonlyMap<number, string>): PartPlan[] {
  return plan.filter((part) => !done.has(part.partNumber));
}

/** Bytes already safe on the server (for the progress bar of a resumed upload). */
export function bytesDone(plan: readonly PartPlan[], done: ReadonlyMap<number, string>): number {
  return plan.reduce((sum, part) => sum + (done.has(part.partNumber) ? part.size : 0), 0);
}

/** 0-100, floored, never 100 before the upload is committed (the caller sets 100 on success). */
export function percentOf(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(99, Math.floor((loaded / total) * 100)));
}

export type UrlPhase = "download" | "upload";

/** URL upload progress: downloading fills 0-49, uploading 50-99; 100 is only for success. */
export function urlUploadPercent(phase: UrlPhase, loaded: number, total: number | null): number {
  const fraction = total && total > 0 ? Math.max(0, Math.min(1, loaded / total)) : 0;
  return phase === "download" ? Math.floor(fraction * 49) : 50 + Math.floor(fraction * 49);
}

/** Several parts in flight report their own progress; the bar shows their sum. */
export class PartProgress {
  private readonly inFlight = new Map<number, number>();
  constructor(private completedBytes: number) {}

  update(partNumber: number, loaded: number): void {
    this.inFlight.set(partNumber, loaded);
  }

  complete(partNumber: number, size: number): void {
    this.inFlight.delete(partNumber);
    this.completedBytes += size;
  }

  reset(partNumber: number): void {
    this.inFlight.delete(partNumber);
  }

  get loaded(): number {
    let sum = this.completedBytes;
    for (const value of this.inFlight.values()) sum += value;
    return sum;
  }
}
