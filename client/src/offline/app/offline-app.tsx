// The app as main.tsx renders it: <App> plus the offline app around it. When the service worker
// answered a page load with the offline fallback document (only where it has no copy of the app
// shell), that address shows the offline fallback page inside the app shell; navigating elsewhere
// shows the app.
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { App } from "../../app";
import { AppShell } from "../../components/layout/app-shell";
import { useAppReads } from "../../lib/api/app-reads";
import { OFFLINE_FALLBACK_META } from "../constants";
import { OfflineFallbackPage } from "./offline-fallback-page";
import { startOfflineRuntime } from "./offline-runtime";

export function isOfflineFallbackDocument(): boolean {
  return document.querySelector(`meta[name="${OFFLINE_FALLBACK_META}"]`) !== null;
}

export function OfflineApp({ withServiceWorker }: { withServiceWorker: boolean }) {
  const reads = useAppReads();
  const [location] = useLocation();
  const [fallbackLocation] = useState(() => (isOfflineFallbackDocument() ? location : null));
  const isFallback = fallbackLocation !== null && location === fallbackLocation;

  useEffect(() => startOfflineRuntime({ reads, withServiceWorker }), [reads, withServiceWorker]);

  if (!isFallback) return <App />;
  return (
    <AppShell>
      <OfflineFallbackPage />
    </AppShell>
  );
}
