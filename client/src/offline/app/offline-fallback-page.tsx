// The offline fallback page (docs/product.md §2): the page is temporarily unavailable, the user is offline
// and this page is not cached. Shown inside the app shell for a page load the service worker has
// no copy of, and for a screen whose code could not be loaded while offline (then with the notice
// to check the network). Ways out: home, one page back, and retry (reload this address).
import ArrowLeftIcon from "@heroicons/react/24/outline/ArrowLeftIcon";
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import HomeIcon from "@heroicons/react/24/outline/HomeIcon";
import SignalSlashIcon from "@heroicons/react/24/outline/SignalSlashIcon";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button, buttonClasses } from "../../components/button";
import { StatusPanel } from "../../components/feedback/status-panel";
import { FormAlert } from "../../components/forms/form-controls";
import { usePageTitle, useScreenTitle } from "../../hooks/use-page-title";

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
  const pageTitle = t("offline.fallback.pageTitle");
  // Shown inside a route (a screen whose code could not load offline), the route owns document.title
  // and sets it again whenever it re-renders, as when its texts finish loading: the fallback names the
  // page through the route, or the route's own name came back over it. Shown alone (the offline
  // document), it sets the title itself; both say the same.
  useScreenTitle(pageTitle);
  usePageTitle(pageTitle);
  const address = `${window.location.pathname}${window.location.search}`;
  return (
    <StatusPanel
      size="page"
      icon={SignalSlashIcon}
      title={t("offline.fallback.title")}
      titleId="offline-fallback-title"
      description={t("offline.fallback.description")}
      testId="offline-fallback"
      actions={
        <>
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
        </>
      }
    >
      <p className="mt-2 max-w-full truncate font-mono text-sm text-slate-500 dark:text-slate-400" title={address}>
        {t("offline.fallback.address", { path: address })}
      </p>
      {showNetworkNotice ? (
        <FormAlert tone="warning" role="alert" className="mt-6 max-w-md">
          {t("offline.fallback.checkNetwork")}
        </FormAlert>
      ) : null}
    </StatusPanel>
  );
}
