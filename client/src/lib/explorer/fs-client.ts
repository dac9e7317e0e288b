// The file-system procedures the explorer's tasks call outside React (uploads, copies, deletes), as
// one small interface over the vanilla tRPC client: fs.admin for the admin, fs.mine for API keys
// (the same shapes, served under /api/admin/fs and /api/user/fs). Tests pass fakes.
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../server/routers";
import type { AuthType } from "../auth/auth-types";

export type FsInputs = inferRouterInputs<AppRouter>["fs"]["admin"];
export type FsOutputs = inferRouterOutputs<AppRouter>["fs"]["admin"];
export type CopyOutput = FsOutputs["batchCopy"];
export type CopyItem = CopyOutput["items"][number];

type Mutation<K extends keyof FsInputs> = { mutate: (input: FsInputs[K]) => Promise<FsOutputs[K]> };
type Query<K extends keyof FsInputs> = { query: (input: FsInputs[K]) => Promise<FsOutputs[K]> };

/** What the vanilla client (`trpc.useUtils().client.fs.admin`) offers, as far as tasks use it. */
export type FsProcedures = {
  list: Query<"list">;
  mkdir: Mutation<"mkdir">;
  remove: Mutation<"remove">;
  multipartInit: Mutation<"multipartInit">;
  multipartComplete: Mutation<"multipartComplete">;
  multipartAbort: Mutation<"multipartAbort">;
  presign: Mutation<"presign">;
  presignCommit: Mutation<"presignCommit">;
  batchCopy: Mutation<"batchCopy">;
  batchCopyCommit: Mutation<"batchCopyCommit">;
};

export type FsClient = {
  list(input: FsInputs["list"]): Promise<FsOutputs["list"]>;
  mkdir(input: FsInputs["mkdir"]): Promise<unknown>;
  remove(input: FsInputs["remove"]): Promise<FsOutputs["remove"]>;
  multipartInit(input: FsInputs["multipartInit"]): Promise<FsOutputs["multipartInit"]>;
  multipartComplete(input: FsInputs["multipartComplete"]): Promise<unknown>;
  multipartAbort(input: FsInputs["multipartAbort"]): Promise<unknown>;
  presign(input: FsInputs["presign"]): Promise<FsOutputs["presign"]>;
  presignCommit(input: FsInputs["presignCommit"]): Promise<unknown>;
  batchCopy(input: FsInputs["batchCopy"]): Promise<CopyOutput>;
  batchCopyCommit(input: FsInputs["batchCopyCommit"]): Promise<FsOutputs["batchCopyCommit"]>;
};

export function createFsClient(procedures: FsProcedures): FsClient {
  return {
    list: (input) => procedures.list.query(input),
    mkdir: (input) => procedures.mkdir.mutate(input),
    remove: (input) => procedures.remove.mutate(input),
    multipartInit: (input) => procedures.multipartInit.mutate(input),
    multipartComplete: (input) => procedures.multipartComplete.mutate(input),
    multipartAbort: (input) => procedures.multipartAbort.mutate(input),
    presign: (input) => procedures.presign.mutate(input),
    presignCommit: (input) => procedures.presignCommit.mutate(input),
    batchCopy: (input) => procedures.batchCopy.mutate(input),
    batchCopyCommit: (input) => procedures.batchCopyCommit.mutate(input),
  };
}

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
