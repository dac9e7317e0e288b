// The typed tRPC client for React. Calls are batched to /trpc and carry the caller's credentials
// and language (the server answers errors in Accept-Language).
import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import superjson from "superjson";
import type { AppRouter } from "../../../server/routers";
import { currentLanguage } from "../i18n";
import { buildAuthHeaders } from "./auth-headers";

export const trpc = createTRPCReact<AppRouter>();

export const TRPC_URL = "/trpc";

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function requestHeaders(): Record<string, string> {
  return { ...buildAuthHeaders(browserStorage()), "Accept-Language": currentLanguage() };
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [httpBatchLink({ url: TRPC_URL, transformer: superjson, headers: requestHeaders })],
  });
}
