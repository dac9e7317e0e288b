// The expiry a new share's form starts from: the admin's default for its kind (system settings
// `default_paste_expiry` / `default_file_expiry`, days), read with the upload limit in one public query
// (GET /system/max-upload-size). Until it answers, or when it cannot (offline), the form's own "never".
import type { ShareKind } from "../../../components/feedback/share-problem";
import { trpc } from "../../api/trpc";
import { DEFAULT_EXPIRY, type ExpiryChoice, expiryChoiceOfDays } from "../../pastes/expiry";

export function useDefaultExpiry(kind: ShareKind): ExpiryChoice {
  const settings = trpc.settings.maxUploadSize.useQuery(undefined, { staleTime: 60_000, retry: false });
  if (!settings.data) return DEFAULT_EXPIRY;
  return expiryChoiceOfDays(kind === "pastes" ? settings.data.default_paste_expiry : settings.data.default_file_expiry);
}
