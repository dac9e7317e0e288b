// The JSON envelope of every /api answer (docs/api.md, Envelope): HTTP status equals `code`.
import type { Envelope } from "@shared/errors";
import { describeError, type ErrorDescription, type FieldNamer } from "../errors";

export function envelopeResponse<T>(
  status: number,
  message: string,
  data: T | null,
  headers: Record<string, string> = {},
  success = status < 300,
  /** Fields the envelope carries next to data (a list's pagination). */
  beside: Record<string, unknown> = {},
): Response {
  const body: Envelope<T> = { code: status, message, data, ...beside, success };
  return new Response(stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });
}

/** `nameOf`: how validation messages name a field (the request's spelling, rest/field-names.ts). */
export function errorResponse(
  error: unknown,
  nameOf?: FieldNamer,
): { response: Response; description: ErrorDescription } {
  const description = describeError(error, nameOf);
  return {
    description,
    response: envelopeResponse(description.status, description.message, description.data ?? null, description.headers),
  };
}

/** BigInt sizes become numbers on the wire (exact below 2^53 bytes, i.e. 8 PiB). */
function jsonReplacer(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? Number(value) : value;
}

/** Services answer plain numbers; the replacer (slow on large listings) is only the safety net. */
export function stringify(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (error instanceof TypeError && /bigint/i.test(error.message)) return JSON.stringify(body, jsonReplacer);
    throw error;
  }
}
