// Catches a lazily loaded part of a screen that fails (its chunk did not arrive, typically offline),
// so the rest of the screen stays usable and the part can offer a way out. Offline, the part also
// says so and asks to check the network (docs/product.md §2).
import SignalSlashIcon from "@heroicons/react/24/outline/SignalSlashIcon";
import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

export type LazyBoundaryProps = {
  children: ReactNode;
  fallback: (retry: () => void) => ReactNode;
};

type State = { hasError: boolean; failedOffline: boolean };

function isBrowserOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

export class LazyBoundary extends Component<LazyBoundaryProps, State> {
  override state: State = { hasError: false, failedOffline: false };

  static getDerivedStateFromError(): Partial<State> {
    return { hasError: true, failedOffline: isBrowserOffline() };
  }

  private readonly retry = () => this.setState({ hasError: false, failedOffline: false });

  override render() {
    if (!this.state.hasError) return this.props.children;
    const fallback = this.props.fallback(this.retry);
    if (!this.state.failedOffline) return fallback;
    return (
      <>
        <OfflinePartNotice />
        {fallback}
      </>
    );
  }
}

function OfflinePartNotice() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="m-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200 ring-inset dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/30"
      data-testid="lazy-offline-notice"
    >
      <SignalSlashIcon className="mt-0.5 size-4.5 shrink-0" />
      {t("offline.lazy.notice")}
    </p>
  );
}
