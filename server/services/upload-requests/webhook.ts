// Upload request webhooks (docs/upload-requests.md): each file that arrives is told to the URL its request
// names, as a POST of JSON signed with the request's secret (HMAC-SHA-256 of the body, hex, in
// X-Pastebox-Signature), through the same address checks as upload-from-URL (a private address is
// refused unless the install allows them). A failed delivery is retried a few times, then logged.

import { createHmac } from "node:crypto";
import { decryptSecret } from "../../crypto";
import { safeFetch } from "../shares/upload/safe-fetch";
import type { UploadRequestDeps, UploadRequestRow } from "./requests";

/** Pauses before each retry; the delivery gives up after the last one. */
export const WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
const WEBHOOK_TIMEOUT_MS = 10_000;

export const WEBHOOK_EVENT = "upload_request.file_received";

export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

type ArrivedFile = { id: string; name: string; size: bigint; mimetype: string; storagePath: string };

/** Delivers in the background: the sender's answer never waits for the owner's endpoint. */
export function notifyArrival(deps: UploadRequestDeps, row: UploadRequestRow, file: ArrivedFile): void {
  if (!row.webhookUrl || !row.webhookSecretEnc) return;
  const body = JSON.stringify({
    event: WEBHOOK_EVENT,
    request: { id: row.id, slug: row.slug },
    file: { id: file.id, name: file.name, size: Number(file.size), mimetype: file.mimetype, key: file.storagePath },
    sent_at: new Date().toISOString(),
  });
  const secret = decryptSecret(deps.config.secret, row.webhookSecretEnc);
  void deliver(deps, row.webhookUrl, body, webhookSignature(secret, body));
}

async function deliver(deps: UploadRequestDeps, url: string, body: string, signature: string) {
  let lastError = "";
  for (let attempt = 0; attempt <= WEBHOOK_RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await Bun.sleep(WEBHOOK_RETRY_DELAYS_MS[attempt - 1] ?? 0);
    try {
      const response = await safeFetch(url, {
        method: "POST",
        body,
        ownHeaders: {
          "content-type": "application/json",
          "user-agent": "Pastebox webhook",
          "x-pastebox-event": WEBHOOK_EVENT,
          "x-pastebox-signature": signature,
        },
        allowPrivate: deps.config.allowPrivateUrls,
        maxRedirects: 0,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
  }
  deps.logger.warn("upload request webhook not delivered", { url, error: lastError });
}
