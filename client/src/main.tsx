// Client entry: i18n first (synchronous, so the first render has its texts), then the app inside
// the offline app (service worker, offline fallback page, offline queue and prompts).
import "./styles.css";
import "./lib/zod-config";
import "./i18n";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { OfflineApp } from "./offline/offline-app";
import { AppProviders } from "./providers";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      {/* The dev server builds no service worker: only production builds register one. */}
      <OfflineApp withServiceWorker={import.meta.env.PROD} />
    </AppProviders>
  </StrictMode>,
);
