// The server's max upload size in bytes, for every screen that uploads (the Upload page, the
// explorer), so both refuse the same files before sending them (lib/upload/upload-limits.ts).
import { DEFAULT_MAX_UPLOAD_MB, megabytesToBytes } from "@shared/constants";
import { trpc } from "../api/trpc";

export function useMaxUploadBytes(): number {
  const maxSize = trpc.settings.maxUploadSize.useQuery(undefined, { staleTime: 60_000, retry: false });
  // docs/product.md §9: 100 MB when the server's value is unavailable.
  return megabytesToBytes(maxSize.data?.max_upload_size ?? DEFAULT_MAX_UPLOAD_MB);
}
