// The outcome of a one-click admin action (make a storage the default, recount it, switch a mount
// on or off) as a toast: what was done, or why not in the user's language; the list refreshes
// either way.
import { useTranslation } from "react-i18next";
import { toast } from "../../../components/toast-store";
import { errorMessageOf } from "../../../lib/api-errors";

export function useToastOutcome() {
  const { t } = useTranslation();
  return (done: string, refresh: () => void) => ({
    onSuccess: () => toast.success(done),
    onError: (error: unknown) =>
      toast.error(errorMessageOf(error, { network: t("common.networkError"), fallback: t("common.unknownError") })),
    onSettled: refresh,
  });
}
