// Reads of the mount explorer outside tRPC: the authenticated download into a blob and a text file's
// content for the editor, and the explorer's error wording. Admin sessions use /api/admin/fs, API
// keys /api/user/fs. Uploads are tasks (fs-upload.ts, explorer-tasks.ts).
import { errorMessageOf } from "../api/api-errors";
import type { AuthType } from "../auth/store/auth-types";
import { fsBase } from "./fs-client";

/** A failure whose message is already a sentence for the user (a server message, per-file failures). */
export class ExplorerError extends Error {}

export class TransferError extends ExplorerError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** errorMessageOf, plus the explorer's own failures (status 0: no answer). */
export function explorerErrorMessage(error: unknown, messages: { network: string; fallback: string }): string {
  if (error instanceof TransferError && error.status === 0) return messages.network;
  if (error instanceof ExplorerError) return error.message || messages.fallback;
  return errorMessageOf(error, messages);
}

async function messageOf(status: number, text: string): Promise<string> {
  try {
    const body = JSON.parse(text) as { message?: string; error?: { message?: string } };
    return body.error?.message ?? body.message ?? `HTTP ${status}`;
  } catch {
    return text || `HTTP ${status}`;
  }
}

/** Fetches a file with the auth header and saves it through a temporary object URL. */
export async function downloadFile(options: {
  authType: AuthType;
  headers: Record<string, string>;
  path: string;
  filename: string;
}): Promise<void> {
  const { authType, headers, path, filename } = options;
  const response = await fetch(`${fsBase(authType)}/download?path=${encodeURIComponent(path)}`, { headers });
  if (!response.ok) throw new TransferError(await messageOf(response.status, await response.text()), response.status);
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reads a text file's content (for the editor and the text preview). */
export async function fetchText(options: {
  authType: AuthType;
  headers: Record<string, string>;
  path: string;
}): Promise<string> {
  const { authType, headers, path } = options;
  const response = await fetch(`${fsBase(authType)}/download?path=${encodeURIComponent(path)}&inline=true`, {
    headers,
  });
  if (!response.ok) throw new TransferError(await messageOf(response.status, await response.text()), response.status);
  // Not response.text(): it drops a byte order mark, and a file saved back must keep its bytes.
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}

/** Files above this size download through a signed link instead of a blob held in memory. */
export const BLOB_DOWNLOAD_MAX = 100 * 1024 * 1024;
