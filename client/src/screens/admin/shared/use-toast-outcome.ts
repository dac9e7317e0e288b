// The outcome of a one-click admin action (make a storage the default, recount it, switch a mount
// on or off) as a toast: what was done, or why not in the user's language; the list refreshes
// either way; a dialog that asked for it closes once it is done.
import { toast } from "../../../components/feedback/toast-store";
import { useErrorMessage } from "../../../components/forms/use-error-message";

export function useToastOutcome() {
  const errorMessage = useErrorMessage();
  /** `then`: what follows a success (close the dialog that asked). */
  return (done: string, refresh: () => void, then?: () => void) => ({
    onSuccess: () => {
      toast.success(done);
      then?.();
    },
    onError: (error: unknown) => toast.error(errorMessage(error)),
    onSettled: refresh,
  });
}
