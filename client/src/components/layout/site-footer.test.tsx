import { beforeEach, describe, expect, test } from "bun:test";
import { screen } from "@testing-library/react";
import { eventually } from "../../../test/eventually";
import { renderAppAt } from "../../../test/render-app";
import { stubRestRoutes, VERSION } from "../../../test/rest-stub";
import { mockTrpc } from "../../../test/trpc-msw";

mockTrpc();
const rest = stubRestRoutes();

beforeEach(() => {
  rest.reset();
});

describe("site footer", () => {
  test("shows the version the server reports (GET /api/version)", async () => {
    rest.set({ version: { status: 200, body: { ...VERSION.body, data: { ...VERSION.body.data, version: "0.6.9" } } } });
    renderAppAt("/");
    await eventually(() => expect(screen.getByTestId("footer-version").textContent).toBe("Version 0.6.9"));
    expect(rest.requested.filter((path) => path === "/api/version")).toHaveLength(1);
  });

  test("keeps the bundled version when the server does not answer", async () => {
    rest.set({ version: { status: 503, body: { code: 503, message: "down", data: null, success: false } } });
    renderAppAt("/");
    await eventually(() => expect(rest.requested).toContain("/api/version"));
    expect(screen.getByTestId("footer-version").textContent).toBe("Version 0.6.8");
  });
});
