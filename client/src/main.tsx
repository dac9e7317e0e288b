// Client entry: the interface language's texts first (so the first render has them), then the app
// inside the offline app (service worker, offline fallback page, offline queue and prompts).
import "./styles.css";
import "./lib/api/zod-config";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { currentLanguage, loadLanguage } from "./i18n";
import { OfflineApp } from "./offline/app/offline-app";
import { AppProviders } from "./providers";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
await loadLanguage(currentLanguage()).catch((error: unknown) => {
  // Not reachable (offline before the worker cached it): the app still starts, with its text keys.
  console.error(error);
});

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      {/* The dev server builds no service worker: only production builds register one. */}
      <OfflineApp withServiceWorker={import.meta.env.PROD} />
    </AppProviders>
  </StrictMode>,
);
