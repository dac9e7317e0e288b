// The outcome of a one-click admin action (make a storage the default, recount it, switch a mount
// on or off, end a session, remove a lock) as a toast: what was done, or why not in the user's
// language; the list refreshes either way; a dialog that asked for it closes once it is done.
import { toast } from "../../../components/feedback/toast-store";
import { useErrorMessage } from "../../../components/forms/use-error-message";

export function useToastOutcome() {
  const errorMessage = useErrorMessage();
  /** `done`: the toast, or how to read it from the answer; `refresh`: runs after success and failure
   * alike; `then`: what follows a success (close the dialog that asked, keep the answer). */
  return <Data = unknown>(
    done: string | ((data: Data) => string),
    refresh?: () => void,
    then?: (data: Data) => void,
  ) => ({
    onSuccess: (data: Data) => {
      toast.success(typeof done === "string" ? done : done(data));
      then?.(data);
    },
    onError: (error: unknown) => toast.error(errorMessage(error)),
    onSettled: refresh,
  });
}
