import { beforeEach, describe, expect, test } from "bun:test";
import { SECRET_MASK, type StorageConfigView } from "@shared/schemas/admin/storage";
import { fireEvent, screen, within } from "@testing-library/react";
import { eventually } from "../../../../test/eventually";
import { r2StorageConfig, storageConfig } from "../../../../test/fixtures";
import { renderAppAt } from "../../../../test/render-app";
import { failsWith, mockTrpc, TrpcTestError } from "../../../../test/trpc-msw";
import i18n from "../../../i18n";

const server = mockTrpc();

const R2 = r2StorageConfig({
  bucket_name: "media",
  access_key_id: "AKIA123",
  path_style: false,
  used_storage_bytes: 9.5 * 1024 ** 3,
});

let configs: StorageConfigView[] = [];

beforeEach(async () => {
  await i18n.changeLanguage("en");
  configs = [storageConfig({}), R2];
  server.signInAsAdmin({ "storage.list": () => configs });
});

describe("storage configuration module", () => {
  test("lists provider, bucket or folder, the default badge and the space used", async () => {
    renderAppAt("/admin/storage-config");
    const local = await screen.findByTestId("storage-card-Local storage");
    expect(local.textContent).toContain("Local disk");
    expect(local.textContent).toContain("/data/files");
    expect(within(local).getByTestId("default-badge").textContent).toBe("Default");
    expect(within(local).getByTestId("storage-usage").textContent).toBe("5 MB · no limit");
    const r2 = screen.getByTestId("storage-card-R2 bucket");
    expect(r2.textContent).toContain("media");
    expect(r2.textContent).toContain("https://acct.r2.cloudflarestorage.com");
    expect(within(r2).getByTestId("storage-usage").textContent).toBe("9.5 GB of 10 GB (95%)");
    expect(within(r2).getByRole("meter").getAttribute("aria-valuetext")).toBe("9.5 GB of 10 GB used (95%)");
    expect(within(r2).queryByTestId("default-badge")).toBeNull();
  });

  test("set default", async () => {
    server.use({
      "storage.setDefault": (input) => {
        configs = configs.map((item) => ({ ...item, is_default: item.id === input.id }));
        const chosen = configs.find((item) => item.is_default);
        if (!chosen) throw new TrpcTestError("NOT_FOUND", "No such storage");
        return chosen;
      },
    });
    renderAppAt("/admin/storage-config");
    const r2 = await screen.findByTestId("storage-card-R2 bucket");
    fireEvent.click(within(r2).getByTestId("set-default"));
    await eventually(() =>
      expect(within(screen.getByTestId("storage-card-R2 bucket")).queryByTestId("default-badge") !== null).toBe(true),
    );
  });

  test("the test dialog shows each step and the CORS verdict with the rule to copy", async () => {
    const rule = JSON.stringify([{ AllowedOrigins: ["http://localhost:3000"], AllowedMethods: ["PUT"] }], null, 2);
    server.use({
      "storage.test": () => ({
        success: false,
        result: {
          steps: [
            { step: "write", ok: true, ms: 12, error: null },
            { step: "read", ok: true, ms: 4, error: null },
            { step: "list", ok: false, ms: 30, error: "AccessDenied: list not allowed" },
            { step: "delete", ok: true, ms: 5, error: null },
          ],
          cors: {
            applicable: true,
            allows_browser_upload: false,
            origin: "http://localhost:3000",
            suggested_rule: rule,
            error: null,
          },
        },
      }),
    });
    renderAppAt("/admin/storage-config");
    const r2 = await screen.findByTestId("storage-card-R2 bucket");
    fireEvent.click(within(r2).getByTestId("test-storage"));
    const result = await screen.findByTestId("storage-test-result");
    expect(screen.getByTestId("storage-test-verdict").textContent).toBe("The storage did not pass every step.");
    expect(within(result).getByTestId("test-step-write").textContent).toContain("12 ms");
    expect(within(result).getByTestId("test-step-list").textContent).toContain("AccessDenied: list not allowed");
    expect(screen.getByTestId("storage-test-cors").textContent).toContain(
      "does not allow uploads from http://localhost:3000",
    );
    expect(screen.getByTestId("cors-rule").textContent).toBe(rule);
    expect(screen.getByRole("button", { name: "Copy rule" })).toBeDefined();
  });

  test("credentials that failed their check are shown on the card until a test passes", async () => {
    configs = [
      storageConfig({}),
      { ...R2, credentials_error: "InvalidAccessKeyId: no such key", credentials_checked_at: new Date() },
    ];
    server.use({
      "storage.test": () => {
        configs = configs.map((item) => ({ ...item, credentials_error: null }));
        return {
          success: true,
          result: {
            steps: (["write", "read", "list", "delete"] as const).map((step) => ({
              step,
              ok: true,
              ms: 3,
              error: null,
            })),
            cors: {
              applicable: true,
              allows_browser_upload: true,
              origin: "http://localhost",
              suggested_rule: null,
              error: null,
            },
          },
        };
      },
    });
    renderAppAt("/admin/storage-config");
    const r2 = await screen.findByTestId("storage-card-R2 bucket");
    expect(within(r2).getByTestId("credentials-error").textContent).toContain("InvalidAccessKeyId: no such key");
    expect(within(screen.getByTestId("storage-card-Local storage")).queryByTestId("credentials-error")).toBeNull();
    fireEvent.click(within(r2).getByTestId("test-storage"));
    await screen.findByTestId("storage-test-result");
    await eventually(() =>
      expect(within(screen.getByTestId("storage-card-R2 bucket")).queryByTestId("credentials-error")).toBeNull(),
    );
  });

  test("deleting a storage in use shows the server's reason in the dialog", async () => {
    server.use({
      "storage.delete": failsWith(
        "CONFLICT",
        "This storage is in use by 3 files and 0 mounts; move or delete them first",
      ),
    });
    renderAppAt("/admin/storage-config");
    const local = await screen.findByTestId("storage-card-Local storage");
    fireEvent.click(within(local).getByTestId("delete-storage"));
    fireEvent.click(await screen.findByTestId("confirm-delete-storage"));
    const problem = await screen.findByTestId("delete-storage-problem");
    expect(problem.textContent).toContain("This storage is still in use");
    expect(problem.textContent).toContain("This storage is in use by 3 files and 0 mounts; move or delete them first");
    expect((screen.getByTestId("confirm-delete-storage") as HTMLButtonElement).disabled).toBe(true);
  });

  test("editing keeps the masked secret: the update carries no secret and every other field", async () => {
    const updates: unknown[] = [];
    server.use({
      "storage.update": (input) => {
        updates.push(input);
        return R2;
      },
    });
    renderAppAt("/admin/storage-config");
    const r2 = await screen.findByTestId("storage-card-R2 bucket");
    fireEvent.click(within(r2).getByTestId("edit-storage"));
    const form = await screen.findByTestId("storage-form");
    const secret = within(form).getByLabelText("Secret access key", { selector: "input" }) as HTMLInputElement;
    expect(secret.value).toBe(SECRET_MASK);
    expect(form.textContent).toContain("Stored and encrypted");
    fireEvent.change(within(form).getByLabelText("Name", { selector: "input" }), { target: { value: "R2 media" } });
    fireEvent.click(screen.getByTestId("save-storage"));
    await eventually(() => expect(updates.length).toBe(1));
    const update = updates[0] as Record<string, unknown>;
    expect(update.name).toBe("R2 media");
    expect("secret_access_key" in update).toBe(false);
    expect(update.endpoint_url).toBe("https://acct.r2.cloudflarestorage.com");
    expect(update.total_storage_bytes).toBe(10 * 1024 ** 3);
  });

  test("a new S3 storage is checked before it is sent", async () => {
    renderAppAt("/admin/storage-config");
    fireEvent.click(await screen.findByTestId("add-storage"));
    const form = await screen.findByTestId("storage-form");
    fireEvent.click(within(form).getByLabelText("Cloudflare R2"));
    fireEvent.click(screen.getByTestId("save-storage"));
    expect(await within(form).findByText("Enter a name for the storage")).toBeDefined();
    expect(within(form).getByText("Enter the bucket name")).toBeDefined();
    expect(within(form).getByText("Enter the endpoint URL of this provider")).toBeDefined();
    expect(server.calls.some((call) => call.path === "storage.create")).toBe(false);
  });
});
