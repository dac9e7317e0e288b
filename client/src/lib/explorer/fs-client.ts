// What the explorer's tasks (uploads, copies, deletes) call outside React: the fs procedures of the
// vanilla tRPC client, typed by the router. One procedure serves the admin and API keys alike (the
// service scopes each caller); only the REST base of the binary routes differs (fsBase). Tests pass fakes.
import type { TRPCClient } from "@trpc/client";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../server/routers";
import type { AuthType } from "../auth/store/auth-types";

/** `trpc.useUtils().client.fs`: `client.mkdir.mutate(input)`, `client.list.query(input)`. */
export type FsClient = TRPCClient<AppRouter>["fs"];
export type CopyOutput = inferRouterOutputs<AppRouter>["fs"]["batchCopy"];
export type CopyItem = CopyOutput["items"][number];

/** The REST base of the binary routes (parts, form upload, download) for the signed-in caller. */
export function fsBase(authType: AuthType): string {
  return authType === "apikey" ? "/api/user/fs" : "/api/admin/fs";
}

/** What every transfer needs to reach the binary routes: where, and with which credentials. */
export type FsEndpoint = {
  base: string;
  /** Read at call time: a long task keeps working after the token is refreshed. */
  headers: () => Record<string, string>;
};
