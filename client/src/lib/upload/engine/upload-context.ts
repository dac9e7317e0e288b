// What one uploadObject call is given (upload-object.ts UploadContext), taken from the dependencies of a
// caller (a share's upload, uploader.ts; a mount folder's, lib/explorer/fs-upload.ts), which carry more.
import type { UploadContext } from "./upload-object";

type Connection = Pick<UploadContext, "transport" | "mayConnect" | "directBlocked" | "signal" | "retryDelayMs">;
type Hooks = Pick<UploadContext, "onProgress" | "onMode" | "onResume">;

export function uploadContextOf(deps: Connection, hooks: Hooks): UploadContext {
  const { transport, mayConnect, directBlocked, signal, retryDelayMs } = deps;
  return { transport, mayConnect, directBlocked, signal, retryDelayMs, ...hooks };
}
