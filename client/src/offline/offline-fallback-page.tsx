// The offline fallback page (docs/product.md §2): the page is temporarily unavailable, the user is offline
// and this page is not cached. Shown inside the app shell for a page load the service worker has
// no copy of, and for a screen whose code could not be loaded while offline (then with the notice
// to check the network). Ways out: home, one page back, and retry (reload this address).
import ArrowLeftIcon from "@heroicons/react/24/outline/ArrowLeftIcon";
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import HomeIcon from "@heroicons/react/24/outline/HomeIcon";
import SignalSlashIcon from "@heroicons/react/24/outline/SignalSlashIcon";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button, buttonClasses } from "../components/button";
import { usePageTitle } from "../hooks/use-page-title";

export type OfflineFallbackPageProps = {
  /** A lazily loaded screen failed: ask the user to check the network. */
  showNetworkNotice?: boolean;
  /** Back one page (history.back by default; tests pass their own). */
  onBack?: () => void;
  /** Retry: load this address again (a reload by default). */
  onRetry?: () => void;
};

function goBack() {
  // Opened directly (no page before it in this tab): back would leave the app, so go home instead.
  if (window.history.length > 1) window.history.back();
  else window.location.assign("/");
}

export function OfflineFallbackPage({ showNetworkNotice = false, onBack, onRetry }: OfflineFallbackPageProps) {
  const { t } = useTranslation();
  usePageTitle(t("offline.fallback.pageTitle"));
  const address = `${window.location.pathname}${window.location.search}`;
  return (
    <section
      aria-labelledby="offline-fallback-title"
      className="flex flex-col items-center py-14 text-center sm:py-20"
      data-testid="offline-fallback"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500 ring-1 ring-slate-200 ring-inset dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700">
        <SignalSlashIcon className="size-7" />
      </span>
      <h1
        id="offline-fallback-title"
        className="mt-5 text-2xl font-semibold tracking-tight text-balance text-slate-900 sm:text-3xl dark:text-white"
      >
        {t("offline.fallback.title")}
      </h1>
      <p className="mt-3 max-w-md text-base text-slate-600 dark:text-slate-400">{t("offline.fallback.description")}</p>
      <p className="mt-2 max-w-full truncate font-mono text-sm text-slate-500 dark:text-slate-400" title={address}>
        {t("offline.fallback.address", { path: address })}
      </p>
      {showNetworkNotice ? (
        <p
          role="alert"
          className="mt-6 flex max-w-md items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-left text-sm text-amber-800 ring-1 ring-amber-200 ring-inset dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/30"
        >
          <ExclamationTriangleIcon className="mt-0.5 size-4.5 shrink-0" />
          {t("offline.fallback.checkNetwork")}
        </p>
      ) : null}
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link href="/" className={buttonClasses("primary")}>
          <HomeIcon className="size-4.5" />
          {t("offline.fallback.home")}
        </Link>
        <Button icon={ArrowLeftIcon} onClick={onBack ?? goBack}>
          {t("offline.fallback.back")}
        </Button>
        <Button icon={ArrowPathIcon} onClick={onRetry ?? (() => window.location.reload())}>
          {t("offline.fallback.retry")}
        </Button>
      </div>
    </section>
  );
}
