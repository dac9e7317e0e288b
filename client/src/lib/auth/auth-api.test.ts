import { beforeEach, describe, expect, test } from "bun:test";
import { mockTrpc, TrpcTestError } from "../../../test/trpc-msw";
import i18n from "../../i18n";
import { httpStatusOf, isNetworkError, isUnauthorizedError } from "../api-errors";
import { createAuthApi } from "./auth-api";

const server = mockTrpc();
const api = createAuthApi();

beforeEach(async () => {
  await i18n.changeLanguage("en");
});

describe("auth api (the calls of the auth store)", () => {
  test("admin login posts the credentials with the user's language and returns the session", async () => {
    server.use({
      "admin.login": (input) => {
        expect(input).toEqual({ username: "admin", password: "pw-123456" });
        return { token: "tok", username: "admin", expiresAt: new Date("2030-01-01T00:00:00Z") };
      },
    });
    await i18n.changeLanguage("zh");
    const result = await api.loginAdmin({ username: "admin", password: "pw-123456" });
    expect(result.token).toBe("tok");
    expect(result.expiresAt).toEqual(new Date("2030-01-01T00:00:00Z"));
    expect(server.calls[0]).toMatchObject({ path: "admin.login", authorization: null, language: "zh" });
  });

  test("token and key checks send the credential being checked", async () => {
    server.use({
      "admin.validateToken": () => ({ valid: true, id: "a1", username: "root" }),
      "keys.validate": () => ({
        name: "k",
        basic_path: "/",
        permissions: { text: true, file: false, mount: false },
        mount_read_only: false,
        key_info: { id: "k1", name: "k", basic_path: "/" },
      }),
      "admin.logout": () => null,
    });
    expect(await api.validateAdminToken("tok")).toEqual({ id: "a1", username: "root" });
    expect((await api.validateApiKey("pb_key"))?.key_info.id).toBe("k1");
    await api.logoutAdmin("tok");
    expect(server.calls.map((call) => [call.path, call.authorization])).toEqual([
      ["admin.validateToken", "Bearer tok"],
      ["keys.validate", "ApiKey pb_key"],
      ["admin.logout", "Bearer tok"],
    ]);
  });

  test("a refusal arrives as a 401 error with the server's message", async () => {
    server.use({
      "keys.validate": () => {
        throw new TrpcTestError("UNAUTHORIZED", "API key expired");
      },
    });
    const error = await api.validateApiKey("pb_old").catch((caught: unknown) => caught);
    expect(isUnauthorizedError(error)).toBe(true);
    expect(httpStatusOf(error)).toBe(401);
    expect((error as Error).message).toBe("API key expired");
    expect(isNetworkError(error)).toBe(false);
  });

  test("no answer is a network error", async () => {
    server.goOffline();
    const error = await api.validateAdminToken("tok").catch((caught: unknown) => caught);
    expect(isNetworkError(error)).toBe(true);
    expect(isUnauthorizedError(error)).toBe(false);
  });
});
