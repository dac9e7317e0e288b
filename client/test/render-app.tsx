// Renders the real app (shell, routes, theme) at a path, on an in-memory location, so tests can
// follow navigation and redirects without a browser.
import { render } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../src/app";
import { ThemeProvider } from "../src/components/theme-provider";

export function renderAppAt(path: string) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook}>
      <ThemeProvider>
        <App />
      </ThemeProvider>
    </Router>,
  );
  return { ...view, location };
}
