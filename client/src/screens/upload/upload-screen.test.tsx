import { beforeEach, describe, expect, test } from "bun:test";
import { fireEvent, screen, within } from "@testing-library/react";
import { eventually } from "../../../test/eventually";
import { publicSettings, r2StorageConfig, storageConfig } from "../../../test/fixtures";
import { renderAppAt } from "../../../test/render-app";
import { failsWith, keyCheck, mockTrpc } from "../../../test/trpc-msw";
import { toast } from "../../components/feedback/toast-store";
import { uploadQueue } from "../../lib/upload/queue/upload-session";

const server = mockTrpc();

const STORAGES = [storageConfig({ used_storage_bytes: 1024 }), r2StorageConfig()];

beforeEach(() => {
  for (const item of uploadQueue.getItems()) uploadQueue.remove(item.id);
  toast.clear();
});

function signInAsAdmin() {
  server.signInAsAdmin({
    "settings.maxUploadSize": () => publicSettings({ max_upload_size: 250 }),
    "storage.list": () => STORAGES,
  });
}

function chooseFiles(files: File[]) {
  const input = screen.getByTestId("file-input") as HTMLInputElement;
  Object.defineProperty(input, "files", { value: files, configurable: true });
  fireEvent.change(input);
}

describe("upload screen", () => {
  test("signed out: a clear prompt to log in instead of the upload controls", async () => {
    server.use({ "settings.maxUploadSize": () => publicSettings() });
    renderAppAt("/upload");
    const prompt = await screen.findByTestId("upload-login-prompt");
    expect(prompt.textContent).toContain("Log in to upload files");
    expect(screen.getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/admin?next=%2Fupload");
    expect(screen.queryByTestId("drop-zone")).toBeNull();
    expect(screen.queryByTestId("share-options")).toBeNull();
    // The recent uploads of this browser stay visible.
    expect(screen.getByTestId("recent-uploads")).toBeDefined();
  });

  test("a key without file permission is told so", async () => {
    server.signInWithKey(keyCheck({ text: true }), {
      "settings.maxUploadSize": () => publicSettings(),
    });
    renderAppAt("/upload");
    const prompt = await screen.findByTestId("upload-login-prompt");
    expect(prompt.textContent).toContain("This key cannot upload files");
    expect(screen.getByRole("link", { name: "Switch account" })).toBeDefined();
  });

  test("the max size comes from the server; storages are listed with their free space, the default first", async () => {
    signInAsAdmin();
    renderAppAt("/upload");
    await eventually(() => expect(screen.getByTestId("max-size").textContent).toBe("Up to 250 MB per file"));
    const select = (await screen.findByTestId("storage-select")) as HTMLSelectElement;
    await eventually(() => expect(select.options.length).toBe(2));
    expect(select.value).toBe("cfg-local");
    expect(select.options[0]?.textContent).toBe("Local storage (default)");
    expect(screen.getByText("1 KB used · no capacity limit")).toBeDefined();
    fireEvent.change(select, { target: { value: "cfg-r2" } });
    expect(screen.getByText("6 GB free of 10 GB")).toBeDefined();
  });

  test("100 MB is assumed when the server's limit is unavailable", async () => {
    server.signInAsAdmin({
      "settings.maxUploadSize": failsWith("INTERNAL", "down"),
      "storage.list": () => STORAGES,
    });
    renderAppAt("/upload");
    await eventually(() => expect(screen.getByTestId("max-size").textContent).toBe("Up to 100 MB per file"));
  });

  test("the expiry starts from the admin's default for new files, listed even when not a preset; another may be picked", async () => {
    signInAsAdmin();
    server.use({ "settings.maxUploadSize": () => publicSettings({ default_file_expiry: 3, default_paste_expiry: 7 }) });
    renderAppAt("/upload");
    const expiry = within(await screen.findByRole("group", { name: "Expires after" }));
    await eventually(() => expect(expiry.getByRole<HTMLInputElement>("radio", { name: "3 days" }).checked).toBe(true));
    expect(expiry.getAllByRole("radio").map((radio) => radio.closest("label")?.textContent)).toEqual([
      "1 hour",
      "1 day",
      "3 days",
      "7 days",
      "30 days",
      "Never",
    ]);
    fireEvent.click(expiry.getByRole("radio", { name: "1 hour" }));
    expect(expiry.getByRole<HTMLInputElement>("radio", { name: "1 hour" }).checked).toBe(true);
    expect(expiry.getByRole<HTMLInputElement>("radio", { name: "3 days" }).checked).toBe(false);
  });

  test("without the server's settings the expiry starts at never, from the usual choices", async () => {
    server.signInAsAdmin({ "settings.maxUploadSize": failsWith("INTERNAL", "down"), "storage.list": () => STORAGES });
    renderAppAt("/upload");
    const expiry = within(await screen.findByRole("group", { name: "Expires after" }));
    expect(expiry.getByRole<HTMLInputElement>("radio", { name: "Never" }).checked).toBe(true);
    expect(expiry.getAllByRole("radio")).toHaveLength(5);
  });

  test("chosen files wait in the list; one over the limit is refused before anything starts", async () => {
    signInAsAdmin();
    renderAppAt("/upload");
    await eventually(() => expect(screen.getByTestId("max-size").textContent).toBe("Up to 250 MB per file"));
    const big = new File(["x"], "huge.iso");
    Object.defineProperty(big, "size", { value: 300 * 1024 * 1024 });
    chooseFiles([
      new File(["hello"], "a.txt", { type: "text/plain" }),
      new File(["png"], "b.png", { type: "image/png" }),
      big,
    ]);
    await eventually(() => expect(screen.getAllByTestId("upload-row").length).toBe(2));
    expect(screen.getAllByTestId("upload-row").map((row) => row.getAttribute("data-status"))).toEqual([
      "pending",
      "pending",
    ]);
    expect(toast.getToasts().map((item) => item.title)).toContain(
      "The file (300 MB) exceeds the max upload size of 250 MB",
    );
    expect(screen.getByTestId("upload-summary").textContent).toBe("2 waiting");
    expect(screen.getByTestId("start-uploads").textContent).toBe("Upload 2 files");
  });

  test("a custom suffix with several files is refused at its field", async () => {
    signInAsAdmin();
    renderAppAt("/upload");
    await screen.findByTestId("drop-zone");
    chooseFiles([new File(["1"], "one.txt"), new File(["2"], "two.txt")]);
    fireEvent.change(screen.getByTestId("upload-slug"), { target: { value: "my-files" } });
    fireEvent.click(await screen.findByTestId("start-uploads"));
    await eventually(() =>
      expect(
        screen.getByText("A custom suffix can be used for one file at a time; start the files one by one or clear it"),
      ).toBeDefined(),
    );
    expect(screen.getAllByTestId("upload-row").every((row) => row.getAttribute("data-status") === "pending")).toBe(
      true,
    );
    expect(server.calls.some((call) => call.path.startsWith("files."))).toBe(false);
  });

  test("a reserved suffix is flagged as it is typed", async () => {
    signInAsAdmin();
    renderAppAt("/upload");
    fireEvent.change(await screen.findByTestId("upload-slug"), { target: { value: "admin" } });
    expect(await screen.findByText("This word is reserved; choose another")).toBeDefined();
  });

  test("the URL tab checks a URL with the server and shows what it holds", async () => {
    signInAsAdmin();
    server.use({
      "url.info": (input) => ({
        url: input.url,
        filename: "photo.jpg",
        size: 2048,
        contentType: "image/jpeg",
        supports_range: true,
      }),
    });
    renderAppAt("/upload");
    fireEvent.click(await screen.findByTestId("tab-url"));
    fireEvent.change(await screen.findByTestId("url-input"), { target: { value: "not a url" } });
    fireEvent.click(screen.getByTestId("url-check"));
    expect(await screen.findByText("Enter a valid http:// or https:// URL")).toBeDefined();
    fireEvent.change(screen.getByTestId("url-input"), { target: { value: "https://pics.example/photo.jpg" } });
    fireEvent.click(screen.getByTestId("url-check"));
    const info = await screen.findByTestId("url-info");
    expect(info.textContent).toContain("2 KB");
    expect(info.textContent).toContain("Image");
    expect((screen.getByTestId("url-filename") as HTMLInputElement).value).toBe("photo.jpg");
  });

  test("a URL the server refuses: the reason, prefixed as docs/product.md §8 says", async () => {
    signInAsAdmin();
    server.use({
      "url.info": failsWith(
        "BAD_REQUEST",
        "This URL points to a private, loopback, link-local or metadata address, which cannot be fetched",
      ),
    });
    renderAppAt("/upload");
    fireEvent.click(await screen.findByTestId("tab-url"));
    fireEvent.change(await screen.findByTestId("url-input"), { target: { value: "http://10.0.0.1/x" } });
    fireEvent.click(screen.getByTestId("url-check"));
    expect(
      await screen.findByText(
        "Failed to check the URL: This URL points to a private, loopback, link-local or metadata address, which cannot be fetched",
      ),
    ).toBeDefined();
  });
});
