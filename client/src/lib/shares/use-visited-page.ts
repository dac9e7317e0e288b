// A public page behind a link that may ask a password (a shared folder or set of files, an upload
// request), read with plain fetch. Its first read counts a visit and answers a visit token, kept for this
// tab (sessionStorage) so that reading it again (a sub-folder, the receipt after a send) counts nothing
// more; a page that asks a password is read again with it, and the last refusal is kept for the panel.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageOf } from "../api/api-errors";

function readVisit(key: string): string | undefined {
  try {
    return sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function keepVisit(key: string, visit: string | null) {
  try {
    if (visit) sessionStorage.setItem(key, visit);
  } catch {
    // A browser that keeps nothing starts a new visit on each load: it is counted again, and an upload
    // request's page no longer lists the files sent before.
  }
}

export type VisitedPage<Page> = {
  /** null while the first read runs. */
  loaded: { page: Page } | { error: string } | null;
  /** Why the last password was refused, in the user's language. */
  passwordError: string | null;
  submitPassword: (password: string) => void;
  /** Reads the page again within the visit (its failure leaves the page as it was). */
  reload: () => Promise<void>;
};

/**
 * `read` asks the server for the page, with the visit token kept so far and the password typed, if
 * any; it must be stable (a useCallback of what the page's address depends on).
 */
export function useVisitedPage<Page extends { visit: string | null }>(
  visitKey: string,
  read: (visit: string | undefined, password: string | undefined) => Promise<Page>,
): VisitedPage<Page> {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<VisitedPage<Page>["loaded"]>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const messages = { network: t("common.networkError"), fallback: t("common.unknownError") };

  const load = useCallback(
    async (password?: string) => {
      const page = await read(readVisit(visitKey), password);
      keepVisit(visitKey, page.visit);
      setLoaded({ page });
    },
    [read, visitKey],
  );

  useEffect(() => {
    load().catch((error: unknown) =>
      setLoaded({
        error: errorMessageOf(error, { network: t("common.networkError"), fallback: t("common.unknownError") }),
      }),
    );
  }, [load, t]);

  return {
    loaded,
    passwordError,
    submitPassword: (password) => {
      setPasswordError(null);
      load(password).catch((error: unknown) => setPasswordError(errorMessageOf(error, messages)));
    },
    reload: () => load().catch(() => undefined),
  };
}
