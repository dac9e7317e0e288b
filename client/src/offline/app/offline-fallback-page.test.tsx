import { afterEach, beforeEach, describe, expect, mock, spyOn, test } from "bun:test";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { stubRestRoutes } from "../../../test/rest-stub";
import { RouteScreen } from "../../app";
import { LazyBoundary } from "../../components/feedback/lazy-boundary";
import { ScreenErrorBoundary } from "../../components/feedback/screen-error-boundary";
import i18n from "../../i18n";
import { OfflineFallbackPage } from "./offline-fallback-page";

function setOnline(value: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => value });
}

function Broken(): never {
  throw new Error("Failed to fetch dynamically imported module");
}

/** A screen whose code failed to load, inside the app's screen boundary. */
function renderBrokenScreen() {
  return render(
    <ScreenErrorBoundary resetKey="/upload">
      <Broken />
    </ScreenErrorBoundary>,
  );
}

let shouldFlakyFail = true;
function Flaky() {
  if (shouldFlakyFail) throw new Error("chunk failed");
  return <p>loaded</p>;
}

let consoleError: ReturnType<typeof spyOn>;
const rest = stubRestRoutes();

beforeEach(() => {
  rest.reset();
  consoleError = spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  consoleError.mockRestore();
  setOnline(true);
});

describe("offline fallback page (docs/product.md §2)", () => {
  test("says the page is temporarily unavailable, offline and not cached; its three buttons work", () => {
    window.history.replaceState(null, "", "/paste/never-seen");
    const location = memoryLocation({ path: "/paste/never-seen", record: true });
    const onBack = mock(() => undefined);
    const onRetry = mock(() => undefined);
    render(
      <Router hook={location.hook}>
        <OfflineFallbackPage onBack={onBack} onRetry={onRetry} />
      </Router>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("This page is temporarily unavailable");
    expect(screen.getByText(/You are offline, and this page has not been saved/)).toBeDefined();
    expect(screen.getByText("Page: /paste/never-seen")).toBeDefined();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.title).toBe("Offline - Pastebox");

    fireEvent.click(screen.getByRole("button", { name: "Go back" }));
    expect(onBack).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("link", { name: "Back to home" }));
    expect(location.history.at(-1)).toBe("/");
  });

  test("in Chinese", async () => {
    await i18n.changeLanguage("zh");
    render(<OfflineFallbackPage />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("页面暂时无法访问");
    expect(screen.getByRole("button", { name: "返回上一页" })).toBeDefined();
  });

  test("a screen whose code fails while offline shows it, with the check-your-network notice", () => {
    setOnline(false);
    renderBrokenScreen();
    expect(screen.getByTestId("offline-fallback")).toBeDefined();
    expect(screen.getByRole("alert").textContent).toContain("Check your network connection");
    expect(screen.getByRole("button", { name: "Try again" })).toBeDefined();
  });

  test("inside a route, the title stays the fallback's when the route draws again (its texts loaded)", () => {
    setOnline(false);
    const { rerender } = render(
      <RouteScreen title="Upload">
        <Broken />
      </RouteScreen>,
    );
    expect(document.title).toBe("Offline - Pastebox");
    rerender(
      <RouteScreen title="Upload files">
        <Broken />
      </RouteScreen>,
    );
    expect(document.title).toBe("Offline - Pastebox");
  });

  test("online, the same failure keeps the plain load-error message", async () => {
    renderBrokenScreen();
    // The server answers (rest-stub's /api/health): the screen's code is what failed, not the network.
    expect((await screen.findByRole("alert")).textContent).toContain("This page could not be loaded");
    expect(screen.queryByTestId("offline-fallback")).toBeNull();
  });
});

describe("a lazily loaded part that fails", () => {
  test("offline, its fallback comes with the offline notice", () => {
    setOnline(false);
    render(
      <LazyBoundary fallback={() => <p>plain text instead</p>}>
        <Broken />
      </LazyBoundary>,
    );
    expect(screen.getByText("plain text instead")).toBeDefined();
    expect(screen.getByTestId("lazy-offline-notice").textContent).toContain("You are offline");
  });

  test("online, only its own fallback, and retry renders the part again", () => {
    shouldFlakyFail = true;
    render(
      <LazyBoundary
        fallback={(retry) => (
          <button type="button" onClick={retry}>
            retry part
          </button>
        )}
      >
        <Flaky />
      </LazyBoundary>,
    );
    expect(screen.queryByTestId("lazy-offline-notice")).toBeNull();
    shouldFlakyFail = false;
    act(() => fireEvent.click(screen.getByRole("button", { name: "retry part" })));
    expect(screen.getByText("loaded")).toBeDefined();
  });
});
