// A failure as one sentence in the reader's language: what the server said, or the app's own words
// for "no answer" and "something else went wrong" (lib/api/api-errors.ts errorMessageOf).
import { useTranslation } from "react-i18next";
import { errorMessageOf } from "../../lib/api/api-errors";

type FallbackMessages = { network: string; fallback: string };

/** `describe` reads the error (errorMessageOf, or a screen's own that knows more kinds of failure). */
export function useErrorMessage(
  describe: (error: unknown, messages: FallbackMessages) => string = errorMessageOf,
): (error: unknown) => string {
  const { t } = useTranslation();
  const messages = { network: t("common.networkError"), fallback: t("common.unknownError") };
  return (error) => describe(error, messages);
}
