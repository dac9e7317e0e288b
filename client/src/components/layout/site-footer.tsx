import { APP_VERSION, PRODUCT_NAME, SOURCE_REPOSITORY_URL } from "@shared/constants";
import type { VersionInfo } from "@shared/schemas/system";
import { useTranslation } from "react-i18next";
import { useOnceRead } from "../../lib/api/once-reads";
import { cx, focusRing } from "../class-names";
import { GitHubIcon } from "../icons";

/**
 * The server's version (GET /api/version, the public REST route scripts use too). Plain fetch, not
 * tRPC: the footer is on every screen, which loads no tRPC client (docs/decisions/0014-public-pages-without-trpc.md),
 * and its call must not join the screens' own batches.
 */
export async function fetchServerVersion(signal?: AbortSignal): Promise<VersionInfo> {
  const response = await fetch("/api/version", { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`GET /api/version: ${response.status}`);
  const envelope = (await response.json()) as { data: VersionInfo | null };
  if (!envelope.data) throw new Error("GET /api/version: no data");
  return envelope.data;
}

export function useServerVersion() {
  // The server's version changes only with a restart; one read per visit is enough.
  const { read } = useOnceRead("server-version", () => fetchServerVersion());
  return {
    data: read.status === "success" ? read.data : undefined,
    isPending: read.status === "pending",
    isError: read.status === "error",
  };
}

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const server = useServerVersion();
  // The bundled version stands in until the server answers (or when it cannot).
  const version = server.data?.version ?? APP_VERSION;
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:px-6 lg:px-8 dark:text-slate-400">
        <p className="text-center sm:text-left">
          {t("footer.copyright", { year, product: PRODUCT_NAME })}
          {/* The tagline would wrap mid-phrase on a phone; the header already names the product. */}
          <span className="mx-2 hidden text-slate-300 sm:inline dark:text-slate-600" aria-hidden="true">
            ·
          </span>
          <span className="hidden sm:inline">{t("app.tagline")}</span>
        </p>
        <div className="flex items-center gap-4">
          <span
            className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300"
            data-testid="footer-version"
          >
            {t("footer.version", { version })}
          </span>
          <a
            href={SOURCE_REPOSITORY_URL}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("source.label")}
            className={cx(
              "rounded-md text-slate-500 transition-colors hover:text-slate-900 dark:text-slate-400 dark:hover:text-white",
              focusRing,
            )}
          >
            <GitHubIcon className="size-5" />
          </a>
        </div>
      </div>
    </footer>
  );
}
