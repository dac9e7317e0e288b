// Upload request webhooks (docs/upload-requests.md, Webhook): each file that arrives is told to the URL
// its request names, as a POST of JSON signed with the request's secret (HMAC-SHA-256 of the body, hex,
// in X-Pastebox-Signature), through the same address checks as upload-from-URL. Deliveries are durable:
// a row per delivery is written before the sender gets its answer, tried at once, and what failed is
// retried with growing pauses by the scheduler's job (docs/jobs.md) until a 2xx answer or the last try.

import { createHmac } from "node:crypto";
import type { ScheduledJobName } from "@shared/schemas/admin/jobs";
import type { WebhookFailure } from "@shared/schemas/upload-requests";
import pLimit from "p-limit";
import { decryptSecret } from "../../crypto";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors";
import type { JobDefinition } from "../jobs/scheduler";
import { safeFetch } from "../shares/upload/safe-fetch";
import type { UploadRequestRow } from "./requests";

/** Pauses after each failed attempt; the delivery gives up after the attempt that follows the last. */
export const WEBHOOK_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
const WEBHOOK_TIMEOUT_MS = 10_000;
/** An attempt holds its delivery this long (past its own timeout), so no other process sends it meanwhile. */
const ATTEMPT_CLAIM_MS = WEBHOOK_TIMEOUT_MS + 50_000;
/** Finished deliveries are kept this long for the owner to look at, then removed by the job. */
const FINISHED_KEPT_MS = 30 * 24 * 3_600_000;
/** Deliveries one run of the job tries at most, and at once: a backlog drains over a few runs. */
const DELIVERIES_PER_RUN = 500;
const DELIVERIES_AT_ONCE = 4;

export const WEBHOOK_EVENT = "upload_request.file_received";
export const WEBHOOK_JOB = "upload-request-webhooks" satisfies ScheduledJobName;

export type WebhookDeps = Pick<AppDeps, "db" | "config" | "logger">;

export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

type ArrivedFile = { id: string; name: string; size: bigint; mimetype: string; storagePath: string };

/**
 * Records the delivery of one arrival, then tries it in the background: the sender's answer never waits
 * for the owner's endpoint. Never throws: the file is kept whatever happens to its notice.
 */
export async function queueArrivalWebhook(deps: WebhookDeps, row: UploadRequestRow, file: ArrivedFile): Promise<void> {
  if (!row.webhookUrl || !row.webhookSecretEnc) return;
  const id = Bun.randomUUIDv7();
  const now = new Date();
  const body = JSON.stringify({
    event: WEBHOOK_EVENT,
    delivery_id: id,
    request: { id: row.id, slug: row.slug },
    file: { id: file.id, name: file.name, size: Number(file.size), mimetype: file.mimetype, key: file.storagePath },
    sent_at: now.toISOString(),
  });
  try {
    await deps.db.uploadRequestDelivery.create({
      data: { id, requestId: row.id, event: WEBHOOK_EVENT, body, nextAttemptAt: now },
      select: { id: true },
    });
  } catch (error) {
    deps.logger.warn("upload request webhook not recorded", { request: row.id, error: String(error) });
    return;
  }
  void attemptDelivery(deps, id).catch((error) =>
    deps.logger.warn("upload request webhook attempt failed", { delivery: id, error: String(error) }),
  );
}

export type AttemptOutcome = "delivered" | "retrying" | "failed" | "not-due";

/**
 * One attempt at a delivery that is due. The claim (one conditional UPDATE pushing its next attempt past
 * this one's timeout) lets exactly one process send it, whichever asks first.
 */
export async function attemptDelivery(deps: WebhookDeps, id: string): Promise<AttemptOutcome> {
  const { db } = deps;
  const now = new Date();
  const claimed = await db.uploadRequestDelivery.updateMany({
    where: { id, status: "pending", nextAttemptAt: { lte: now } },
    data: { nextAttemptAt: new Date(now.getTime() + ATTEMPT_CLAIM_MS), attempts: { increment: 1 }, lastAttemptAt: now },
  });
  if (claimed.count === 0) return "not-due";
  const delivery = await db.uploadRequestDelivery.findUniqueOrThrow({
    where: { id },
    select: {
      body: true,
      event: true,
      attempts: true,
      request: { select: { id: true, webhookUrl: true, webhookSecretEnc: true } },
    },
  });
  const { request } = delivery;
  const sent = await send(deps, request.webhookUrl, request.webhookSecretEnc, delivery.event, delivery.body, id);
  const finishedAt = new Date();
  const outcome: AttemptOutcome = sent.ok
    ? "delivered"
    : sent.isFinal || delivery.attempts >= WEBHOOK_MAX_ATTEMPTS
      ? "failed"
      : "retrying";
  const delay = WEBHOOK_RETRY_DELAYS_MS[delivery.attempts - 1] ?? 0;
  await db.uploadRequestDelivery.update({
    where: { id },
    data: {
      status: outcome === "retrying" ? "pending" : outcome,
      nextAttemptAt: outcome === "retrying" ? new Date(finishedAt.getTime() + delay) : null,
      lastResult: sent.result,
    },
    select: { id: true },
  });
  await db.uploadRequest.update({
    where: { id: request.id },
    data: { webhookLastAt: finishedAt, webhookLastOk: sent.ok, webhookLastResult: sent.result },
    select: { id: true },
  });
  if (outcome === "failed") {
    deps.logger.warn("upload request webhook not delivered", {
      request: request.id,
      delivery: id,
      attempts: delivery.attempts,
      error: sent.result,
    });
  }
  return outcome;
}

type SendResult = { ok: boolean; result: string; isFinal: boolean };

async function send(
  deps: WebhookDeps,
  url: string | null,
  secretEnc: string | null,
  event: string,
  body: string,
  deliveryId: string,
): Promise<SendResult> {
  if (!url || !secretEnc) return { ok: false, result: "error", isFinal: true };
  const secret = decryptSecret(deps.config.secret, secretEnc);
  try {
    const response = await safeFetch(url, {
      method: "POST",
      body,
      ownHeaders: {
        "content-type": "application/json",
        "user-agent": "Pastebox webhook",
        "x-pastebox-event": event,
        "x-pastebox-delivery": deliveryId,
        "x-pastebox-signature": webhookSignature(secret, body),
      },
      // The address is checked again at each attempt: a name may resolve elsewhere than at creation.
      allowPrivate: deps.config.allowPrivateUrls,
      maxRedirects: 0,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
    });
    await response.body?.cancel().catch(() => undefined);
    return { ok: response.ok, result: `HTTP ${response.status}`, isFinal: false };
  } catch (error) {
    const result = failureOf(error);
    // A refused address stays refused: no point in asking again.
    return { ok: false, result, isFinal: result === "refused" };
  }
}

/** Why no answer came, as one of the words the admin panel names (WebhookResult in the shared schema). */
function failureOf(error: unknown): WebhookFailure {
  const key = error instanceof AppError ? error.messageKey : "";
  if (key === "errors.urlNotAllowed") return "refused";
  if (key === "errors.urlFetchTimeout") return "timeout";
  if (key === "errors.urlUnreachable" || key === "errors.urlHostNotFound") return "unreachable";
  return "error";
}

/** Tries every delivery that is due (a bounded number per run), a few at a time; removes old finished ones. */
export async function deliverDueWebhooks(
  deps: WebhookDeps,
  signal?: AbortSignal,
): Promise<Record<AttemptOutcome, number>> {
  const counts: Record<AttemptOutcome, number> = { delivered: 0, retrying: 0, failed: 0, "not-due": 0 };
  const due = await deps.db.uploadRequestDelivery.findMany({
    where: { status: "pending", nextAttemptAt: { lte: new Date() } },
    orderBy: { nextAttemptAt: "asc" },
    take: DELIVERIES_PER_RUN,
    select: { id: true },
  });
  const limit = pLimit(DELIVERIES_AT_ONCE);
  await Promise.all(
    due.map(({ id }) =>
      limit(async () => {
        if (signal?.aborted) return;
        counts[await attemptDelivery(deps, id)]++;
      }),
    ),
  );
  await deps.db.uploadRequestDelivery.deleteMany({
    where: { status: { in: ["delivered", "failed"] }, updatedAt: { lt: new Date(Date.now() - FINISHED_KEPT_MS) } },
  });
  return counts;
}

/**
 * The scheduler's job that retries deliveries. Its timer fires often, but it claims a run (and loads
 * Prisma) only when a delivery is due: an idle server reads one row through its read connection
 * (docs/decisions/0013-idle-without-prisma.md).
 */
export function webhookDeliveryJob(deps: WebhookDeps & Pick<AppDeps, "reads">): JobDefinition {
  return {
    name: WEBHOOK_JOB,
    schedule: "*/30 * * * * *",
    leaseMs: 5 * 60_000,
    isDue: () => deps.reads.hasDueWebhookDeliveries(new Date()),
    async run({ log, signal }) {
      const counts = await deliverDueWebhooks(deps, signal);
      log(`delivered ${counts.delivered}, to retry ${counts.retrying}, given up ${counts.failed}`);
      return counts;
    },
  };
}
