import { beforeEach, describe, expect, test } from "bun:test";
import type { MountView } from "@shared/schemas/explorer/mounts";
import { fireEvent, screen, within } from "@testing-library/react";
import { eventually } from "../../../../test/eventually";
import { storageConfig } from "../../../../test/fixtures";
import { renderAppAt } from "../../../../test/render-app";
import { keyCheck, mockTrpc } from "../../../../test/trpc-msw";
import i18n from "../../../i18n";

const server = mockTrpc();

function mount(overrides: Partial<MountView> = {}): MountView {
  const now = new Date();
  return {
    id: "m1",
    name: "Docs",
    storage_type: "local",
    storage_config_id: "cfg-local",
    storage_config_name: "Local storage",
    mount_path: "/docs",
    folder: "docs",
    remark: null,
    is_active: true,
    created_by: "admin",
    sort_order: 0,
    cache_ttl: 300,
    created_at: now,
    updated_at: now,
    last_used: null,
    last_refresh: null,
    ...overrides,
  };
}

const STORAGES = [
  storageConfig({ root_path: "/srv/files" }),
  storageConfig({
    id: "cfg-s3",
    name: "S3 bucket",
    is_default: false,
    provider_type: "AWS S3",
    bucket_name: "photos-bucket",
    root_path: null,
    default_folder: "library",
  }),
];

beforeEach(async () => {
  await i18n.changeLanguage("en");
});

describe("mount management module (admin)", () => {
  beforeEach(() => server.signInAsAdmin());

  test("lists mounts with path, storage, status, cache TTL and sort order", async () => {
    server.use({
      "mounts.list": () => [
        mount(),
        mount({ id: "m2", name: "Old", mount_path: "/old", is_active: false, cache_ttl: 1, sort_order: 5 }),
      ],
    });
    renderAppAt("/admin/mount-management");
    const docs = await screen.findByTestId("mount-card-Docs");
    expect(docs.textContent).toContain("/docs");
    expect(docs.textContent).toContain("Local storage");
    expect(docs.textContent).toContain("300 seconds");
    expect(within(docs).getByTestId("mount-status").textContent).toBe("Active");
    const old = screen.getByTestId("mount-card-Old");
    expect(within(old).getByTestId("mount-status").textContent).toBe("Inactive");
    expect(old.textContent).toContain("1 second");
    expect(within(old).getByRole("switch").getAttribute("aria-checked")).toBe("false");
    expect(screen.queryByRole("note")).toBeNull();
  });

  test("the form shows the shared schema's messages, then sends a normalised mount", async () => {
    const created: unknown[] = [];
    server.use({
      "mounts.list": () => [],
      "storage.list": () => STORAGES,
      "mounts.create": (input) => {
        created.push(input);
        return mount();
      },
    });
    renderAppAt("/admin/mount-management");
    fireEvent.click(await screen.findByTestId("add-mount"));
    const form = await screen.findByTestId("mount-form");
    await eventually(() => expect((within(form).getByRole("combobox") as HTMLSelectElement).value).toBe("cfg-local"));
    fireEvent.change(within(form).getByLabelText("Cache TTL"), { target: { value: "90000" } });
    fireEvent.submit(form);
    expect(await within(form).findByText("Enter a name for the mount")).toBeDefined();
    expect(within(form).getByText("The cache TTL must be a whole number of seconds from 0 to 86400")).toBeDefined();
    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "Docs" } });
    fireEvent.change(within(form).getByLabelText("Mount path"), { target: { value: "/webdav/x" } });
    fireEvent.change(within(form).getByLabelText("Cache TTL"), { target: { value: "60" } });
    fireEvent.submit(form);
    expect(await within(form).findByText("This path is reserved by the system; choose another")).toBeDefined();
    fireEvent.change(within(form).getByLabelText("Mount path"), { target: { value: "/docs//2024/" } });
    // Where the mount points, before saving: the storage's root, which holds its share folder.
    const location = within(form).getByTestId("mount-location");
    expect(location.textContent).toContain("/srv/files/");
    expect(location.textContent).toContain("share folder");
    fireEvent.change(within(form).getByRole("combobox"), { target: { value: "cfg-s3" } });
    expect(within(form).getByTestId("mount-location").textContent).toContain("s3://photos-bucket/library/");
    fireEvent.change(within(form).getByLabelText("Storage folder"), { target: { value: "/albums//2024/" } });
    expect(within(form).getByTestId("mount-location").textContent).toContain("s3://photos-bucket/albums/2024/");
    expect(within(form).getByTestId("mount-location").textContent).not.toContain("share folder");
    fireEvent.submit(form);
    await eventually(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      name: "Docs",
      mount_path: "/docs/2024",
      storage_config_id: "cfg-s3",
      folder: "albums/2024",
      cache_ttl: 60,
      sort_order: 0,
      is_active: true,
    });
  });
});

describe("mount management module (API key)", () => {
  test("a key sees the read-only notice and its mounts, without management actions", async () => {
    server.signInWithKey(keyCheck({ mount: true }, "/docs"), { "mounts.list": () => [mount()] });
    renderAppAt("/admin/mount-management");
    const card = await screen.findByTestId("mount-card-Docs");
    expect(screen.getByRole("note").textContent).toContain("cannot create, change or delete");
    expect(screen.queryByTestId("add-mount")).toBeNull();
    expect(within(card).queryByRole("switch")).toBeNull();
    expect(within(card).queryByTestId("mount-delete")).toBeNull();
  });
});
