import { describe, expect, test } from "bun:test";
import { failsWith, mockTrpc } from "../../../../test/trpc-msw";
import i18n from "../../../i18n";
import { httpStatusOf, isNetworkError, isUnauthorizedError } from "../../api/api-errors";
import { createAuthApi } from "./auth-api";

const server = mockTrpc();
const api = createAuthApi();

describe("auth api (the calls of the auth store)", () => {
  test("admin login posts the credentials with the user's language and the web client's header, no credential", async () => {
    server.use({
      "admin.login": (input) => {
        expect(input).toEqual({ username: "admin", password: "pw-123456" });
        return { token: null, username: "admin", expiresAt: new Date("2030-01-01T00:00:00Z") };
      },
    });
    await i18n.changeLanguage("zh");
    const result = await api.loginAdmin({ username: "admin", password: "pw-123456" });
    expect(result.username).toBe("admin");
    expect(result.expiresAt).toEqual(new Date("2030-01-01T00:00:00Z"));
    expect(server.calls[0]).toMatchObject({
      path: "admin.login",
      authorization: null,
      csrf: "anonymous",
      language: "zh",
    });
  });

  test("a key sign-in sends the key in the body once; 'me' and logout send no credential at all", async () => {
    const view = {
      type: "apikey" as const,
      name: "k",
      basic_path: "/",
      permissions: { text: true, file: false, mount: false },
      mount_read_only: false,
      key_info: { id: "k1", name: "k", basic_path: "/" },
    };
    server.use({
      "session.signInWithKey": () => view,
      "session.me": () => ({ type: "admin", id: "a1", username: "root" }),
      "session.logout": () => null,
    });
    expect(await api.signInWithKey("pb_key")).toEqual(view);
    expect(await api.me()).toEqual({ type: "admin", id: "a1", username: "root" });
    await api.logout();
    expect(server.calls.map((call) => [call.path, call.input, call.authorization, call.csrf])).toEqual([
      ["session.signInWithKey", { key: "pb_key" }, null, "anonymous"],
      ["session.me", undefined, null, "anonymous"],
      ["session.logout", undefined, null, "anonymous"],
    ]);
  });

  test("a refusal arrives as a 401 error with the server's message", async () => {
    server.use({
      "session.signInWithKey": failsWith("UNAUTHORIZED", "API key expired"),
    });
    const error = await api.signInWithKey("pb_old").catch((caught: unknown) => caught);
    expect(isUnauthorizedError(error)).toBe(true);
    expect(httpStatusOf(error)).toBe(401);
    expect((error as Error).message).toBe("API key expired");
    expect(isNetworkError(error)).toBe(false);
  });

  test("no answer is a network error", async () => {
    server.goOffline();
    const error = await api.me().catch((caught: unknown) => caught);
    expect(isNetworkError(error)).toBe(true);
    expect(isUnauthorizedError(error)).toBe(false);
  });
});
