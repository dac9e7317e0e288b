// The typed tRPC client for React. Calls are batched to /trpc and carry the caller's credentials
// and language (the server answers errors in Accept-Language); a 401 ends the session centrally.
import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import superjson from "superjson";
import type { AppRouter } from "../../../server/routers";
import { currentLanguage } from "../i18n";
import { credentialOf } from "./auth/auth-storage";
import { authStore } from "./auth/session";
import { unauthorizedLink } from "./auth/unauthorized-link";
import { authHeadersFor } from "./auth-headers";

export const trpc = createTRPCReact<AppRouter>();

export const TRPC_URL = "/trpc";

// Read at call time, so logging in or out takes effect on the next request.
export function requestHeaders(): Record<string, string> {
  return { ...authHeadersFor(authStore.getState()), "Accept-Language": currentLanguage() };
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      unauthorizedLink({
        currentCredential: () => credentialOf(authStore.getState()),
        onUnauthorized: (sentCredential) => authStore.handleUnauthorized(sentCredential),
      }),
      httpBatchLink({ url: TRPC_URL, transformer: superjson, headers: requestHeaders }),
    ],
  });
}
