// Signed URLs for the local-disk driver, so that it supports the same browser flows as S3 (presigned
// PUT, multipart part PUTs, short-lived GET links): the app signs them with a key derived from its
// secret and serves them itself at /api/storage/local/{configId}.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

export type LocalOperation = "get" | "put" | "part";

export type LocalGrant = {
  configId: string;
  op: LocalOperation;
  key: string;
  /** Unix seconds. */
  expires: number;
  uploadId?: string;
  partNumber?: number;
  /** For "get": "attachment" or "inline", with the file name to show. */
  disposition?: "attachment" | "inline";
  filename?: string;
  contentType?: string;
};

const FIELDS = ["op", "key", "expires", "uploadId", "partNumber", "disposition", "filename", "contentType"] as const;

function signingKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret, "pastebox", "local-storage-urls", 32));
}

function signatureOf(appSecret: string, grant: LocalGrant): string {
  const canonical = [grant.configId, ...FIELDS.map((field) => String(grant[field] ?? ""))].join("\n");
  return createHmac("sha256", signingKey(appSecret)).update(canonical).digest("base64url");
}

export function signLocalUrl(appSecret: string, publicUrl: string, grant: LocalGrant): string {
  const params = new URLSearchParams();
  for (const field of FIELDS) {
    const value = grant[field];
    if (value !== undefined) params.set(field, String(value));
  }
  params.set("signature", signatureOf(appSecret, grant));
  return `${publicUrl}/api/storage/local/${encodeURIComponent(grant.configId)}?${params}`;
}

export type VerifyResult = { ok: true; grant: LocalGrant } | { ok: false; reason: "invalid" | "expired" };

/** Checks a signed URL's query against its signature and expiry. */
export function verifyLocalUrl(
  appSecret: string,
  configId: string,
  query: Record<string, unknown>,
  now = Date.now(),
): VerifyResult {
  const text = (name: string) => (typeof query[name] === "string" ? (query[name] as string) : undefined);
  const op = text("op");
  const key = text("key");
  const expires = Number(text("expires"));
  if ((op !== "get" && op !== "put" && op !== "part") || !key || !Number.isInteger(expires)) {
    return { ok: false, reason: "invalid" };
  }
  const partNumber = text("partNumber");
  const disposition = text("disposition");
  const grant: LocalGrant = {
    configId,
    op,
    key,
    expires,
    uploadId: text("uploadId"),
    partNumber: partNumber === undefined ? undefined : Number(partNumber),
    disposition: disposition === "attachment" || disposition === "inline" ? disposition : undefined,
    filename: text("filename"),
    contentType: text("contentType"),
  };
  const expected = Buffer.from(signatureOf(appSecret, grant));
  const given = Buffer.from(text("signature") ?? "");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  if (expires * 1000 < now) return { ok: false, reason: "expired" };
  return { ok: true, grant };
}
