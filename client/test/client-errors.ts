// Errors as the client's tRPC link hands them to the code under test, for unit tests that classify or
// word them without a server (screens get theirs from msw, test/trpc-msw.ts).

import { expect } from "bun:test";
import { enCoreErrors as enErrors } from "@shared/i18n/locales/en/app/core-errors";
import { zhCoreErrors as zhErrors } from "@shared/i18n/locales/zh/app/core-errors";
import { TRPCClientError } from "@trpc/client";
import { ApiResponseError } from "../src/lib/api/api-errors";
import type { ExpiredMessageKey, ShareProblem } from "../src/lib/shares/share-errors";

/** The server's refusal as @trpc/client delivers it: the app code, HTTP status and (translated) message. */
export function trpcError(
  appCode: string,
  httpStatus: number,
  message: string,
  issues?: { path: string; message: string }[],
) {
  return new TRPCClientError<never>(message, {
    result: { error: { message, code: -32600, data: { appCode, httpStatus, issues } } } as never,
  });
}

/** The server's refusal as a REST envelope delivers it (lib/api/rest-api.ts): the status and message, no app code. */
export const restError = (status: number, message: string) => new ApiResponseError(message, status);

/** A call that never reached the server (fetch failed). */
export const networkError = () =>
  new TRPCClientError<never>("Failed to fetch", { cause: new TypeError("Failed to fetch") });

/** What opening a share of one kind (a text or a file) may meet, and the problem each is. The kinds
 * differ only in their "expired" message (in either language); the other kind's reads as plain gone. */
function shareErrorCases(expiredKey: ExpiredMessageKey): [error: unknown, problem: ShareProblem][] {
  const otherKind: ExpiredMessageKey = expiredKey === "pasteExpired" ? "fileExpired" : "pasteExpired";
  return [
    [trpcError("NOT_FOUND", 404, "x"), "notFound"],
    [trpcError("GONE", 410, enErrors[expiredKey]), "expired"],
    [trpcError("GONE", 410, zhErrors[expiredKey]), "expired"],
    [trpcError("GONE", 410, enErrors[otherKind]), "gone"],
    [trpcError("GONE", 410, enErrors.viewLimitReached), "limitReached"],
    [trpcError("GONE", 410, zhErrors.viewLimitReached), "limitReached"],
    [trpcError("GONE", 410, "something else"), "gone"],
    [trpcError("WRONG_PASSWORD", 401, "Wrong password"), "wrongPassword"],
    [trpcError("TOO_MANY_REQUESTS", 429, "wait"), "rateLimited"],
    [networkError(), "network"],
    [new TypeError("Failed to fetch"), "network"],
    [trpcError("INTERNAL", 500, "boom"), "other"],
    // The share pages read their REST routes (docs/decisions/0014-public-pages-without-trpc.md).
    [restError(404, "x"), "notFound"],
    [restError(410, enErrors[expiredKey]), "expired"],
    [restError(410, zhErrors[expiredKey]), "expired"],
    [restError(410, enErrors[otherKind]), "gone"],
    [restError(410, zhErrors.viewLimitReached), "limitReached"],
    [restError(401, "Wrong password"), "wrongPassword"],
    [restError(429, "wait"), "rateLimited"],
    [restError(400, "The password is required"), "other"],
    [restError(500, "boom"), "other"],
  ];
}

/** Checks a share kind's classifier against every case above (the diff names the cases that differ). */
export function expectShareProblems(classify: (error: unknown) => ShareProblem, expiredKey: ExpiredMessageKey) {
  const cases = shareErrorCases(expiredKey);
  expect(cases.map(([error]) => classify(error))).toEqual(cases.map(([, problem]) => problem));
}
