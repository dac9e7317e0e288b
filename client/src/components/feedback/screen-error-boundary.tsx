// Catches a screen that fails to load or render (typically a lazy chunk that 404s after a new
// release, or a network drop), so the shell and navigation stay usable instead of a blank page.
// Offline, the offline fallback page (docs/product.md §2) takes this role, with its "check your network" notice.
// Offline means the server does not answer: navigator.onLine alone can say "online" on a network
// that reaches nothing (and does, for a page the service worker served), so when it does not say
// "offline" the boundary asks /api/health, which no cache answers.
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { OfflineFallbackPage } from "../../offline/app/offline-fallback-page";
import { focusRing } from "../class-names";

export type ScreenErrorBoundaryProps = {
  children: ReactNode;
  // Navigating elsewhere (a new key) clears the error, so one broken screen does not stick.
  resetKey: string;
};

/** `isOffline` is null while the boundary is still finding out whether the server answers. */
type State = { error: Error | null; isOffline: boolean | null };

export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, State> {
  override state: State = { error: null, isOffline: null };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, isOffline: navigator.onLine === false ? true : null };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("screen failed to load", error, info.componentStack);
    if (this.state.isOffline === null) {
      void isServerUnreachable().then((isOffline) => {
        if (this.state.error === error) this.setState({ isOffline });
      });
    }
  }

  override componentDidUpdate(previous: ScreenErrorBoundaryProps): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null, isOffline: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.state.isOffline === null) return null;
    // Offline, a screen whose code did not arrive gets the offline fallback page (docs/product.md §2).
    return this.state.isOffline ? <OfflineFallbackPage showNetworkNotice /> : <ScreenLoadError />;
  }
}

async function isServerUnreachable(): Promise<boolean> {
  try {
    // A server that answers at all (even an error) is reachable: the screen's code is what failed.
    await fetch("/api/health", { cache: "no-store", signal: AbortSignal.timeout(5_000) });
    return false;
  } catch {
    return true;
  }
}

function ScreenLoadError() {
  const { t } = useTranslation();
  return (
    <section role="alert" className="flex flex-col items-center py-16 text-center sm:py-24">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t("app.loadError.title")}
      </h1>
      <p className="mt-3 max-w-md text-base text-slate-600 dark:text-slate-400">{t("app.loadError.description")}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className={`mt-8 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-indigo-700 dark:hover:bg-indigo-500 ${focusRing}`}
      >
        {t("app.loadError.retry")}
      </button>
    </section>
  );
}
