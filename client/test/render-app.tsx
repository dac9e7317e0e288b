// Renders the real app (providers, shell, guard, routes) at a path, on an in-memory location, so
// tests can follow navigation and redirects without a browser. The auth store re-reads
// localStorage first, so a test signs in by storing credentials before rendering; network calls
// go to /trpc on the test origin, where a test can answer them with msw (test/trpc-msw.ts).
import { render } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../src/app";
import { toast } from "../src/components/feedback/toast-store";
import { authStore } from "../src/lib/auth/store/session";
import { AppProviders } from "../src/providers";

export function renderAppAt(path: string) {
  authStore.reload({ force: true });
  toast.clear();
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook}>
      <AppProviders>
        <App />
      </AppProviders>
    </Router>,
  );
  return { ...view, location };
}
