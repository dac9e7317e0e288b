import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { render, screen } from "@testing-library/react";
import { stubRestRoutes } from "../../../test/rest-stub";
import { ScreenErrorBoundary } from "./screen-error-boundary";

function Broken(): never {
  throw new Error("Failed to fetch dynamically imported module");
}

let consoleError: ReturnType<typeof spyOn>;
// The server answers /api/health: a screen that failed to load is not an offline problem.
const rest = stubRestRoutes();

beforeEach(() => {
  rest.reset();
  // React and the boundary report the caught error; keep the test output readable.
  consoleError = spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => consoleError.mockRestore());

describe("ScreenErrorBoundary", () => {
  test("shows a retry message instead of a blank page, and recovers on navigation", async () => {
    const view = render(
      <ScreenErrorBoundary resetKey="/upload">
        <Broken />
      </ScreenErrorBoundary>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain("This page could not be loaded");
    expect(rest.requested).toContain("/api/health");
    expect(screen.getByRole("button", { name: "Try again" })).toBeDefined();
    expect(consoleError).toHaveBeenCalled();

    view.rerender(
      <ScreenErrorBoundary resetKey="/">
        <p>home works</p>
      </ScreenErrorBoundary>,
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("home works")).toBeDefined();
  });
});
