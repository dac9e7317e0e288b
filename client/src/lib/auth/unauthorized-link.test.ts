import { beforeEach, describe, expect, test } from "bun:test";
import { failsWith, mockTrpc } from "../../../test/trpc-msw";
import { toast } from "../../components/feedback/toast-store";
import i18n from "../../i18n";
import { createTrpcClient } from "../api/trpc";
import { authStore } from "./store/session";

const server = mockTrpc();

beforeEach(() => {
  toast.clear();
});

const ADMIN = { pastebox_signed_in: '{"type":"admin","username":"admin"}' };
const KEY = { pastebox_signed_in: '{"type":"apikey","permissions":{"text":true},"key_info":{"id":"k","name":"k"}}' };

function signIn(items: Record<string, string>) {
  for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  authStore.reload({ force: true });
}

const unauthorized = failsWith("UNAUTHORIZED", "server says no");

async function listKeys() {
  return createTrpcClient()
    .keys.list.query()
    .catch((error: unknown) => error);
}

const toastTitles = () => toast.getToasts().map((item) => item.title);

describe("central 401 handling (docs/product.md §8)", () => {
  test("calls carry the web client's header naming who is signed in, the language and no credential", async () => {
    signIn(ADMIN);
    server.use({ "keys.list": () => [] });
    await i18n.changeLanguage("zh");
    await listKeys();
    expect(server.calls[0]).toMatchObject({ authorization: null, csrf: "admin:admin", language: "zh" });
  });

  // Whoever was signed in is signed out, the remembered sign-in goes, and the message names what expired.
  for (const { who, stored, message } of [
    { who: "in as the admin", stored: ADMIN, message: "Your admin session has expired. Please log in again." },
    { who: "in with an API key", stored: KEY, message: "Your API key is invalid or has expired. Please log in again." },
    { who: "out", stored: {}, message: "Unauthorized, please log in." },
  ]) {
    test(`401 signed ${who}: signed out, storage cleared, "${message}"`, async () => {
      signIn(stored);
      server.use({ "keys.list": unauthorized });
      await listKeys();
      expect(authStore.getState().authType).toBe("none");
      expect(localStorage.getItem("pastebox_signed_in")).toBeNull();
      expect(toastTitles()).toEqual([message]);
    });
  }

  test("several failing calls at once show one message", async () => {
    signIn(ADMIN);
    server.use({ "keys.list": unauthorized, "admin.validateToken": unauthorized });
    const client = createTrpcClient();
    await Promise.all([client.keys.list.query().catch(() => {}), client.admin.validateToken.query().catch(() => {})]);
    expect(toastTitles()).toHaveLength(1);
  });

  test("calls whose 401 is part of their own flow are left to their caller", async () => {
    signIn(ADMIN);
    server.use({ "admin.changePassword": unauthorized });
    const client = createTrpcClient();
    await client.admin.changePassword.mutate({ currentPassword: "x", newPassword: "yyyyyyyy" }).catch(() => {});
    expect(authStore.getState().authType).toBe("admin");
    expect(toastTitles()).toEqual([]);
  });

  // A wrong share password is a 401 too, but says nothing about the session.
  for (const code of ["WRONG_PASSWORD", "FORBIDDEN", "NOT_FOUND"] as const) {
    test(`a ${code} answer is not a session problem: no sign-out, no toast`, async () => {
      signIn(ADMIN);
      server.use({
        "keys.list": failsWith(code, "no"),
      });
      await listKeys();
      expect(authStore.getState().authType).toBe("admin");
      expect(toastTitles()).toEqual([]);
    });
  }
});
