import { beforeEach, describe, expect, test } from "bun:test";
import { act, fireEvent, screen } from "@testing-library/react";
import { eventually } from "../../../../test/eventually";
import { systemSettings } from "../../../../test/fixtures";
import { renderAppAt } from "../../../../test/render-app";
import { stubRestRoutes, VERSION } from "../../../../test/rest-stub";
import { failsWith, mockTrpc } from "../../../../test/trpc-msw";
import { toast } from "../../../components/feedback/toast-store";
import i18n from "../../../i18n";

const server = mockTrpc();
const rest = stubRestRoutes();

const LIMITS = {
  creation_limit_per_key: 60,
  creation_limit_per_address: 120,
  clipboard_item_max_size: 10,
  clipboard_joins_per_minute: 60,
  default_paste_expiry: 0,
  default_file_expiry: 0,
};
let saved = systemSettings(LIMITS);
let updates: unknown[] = [];

beforeEach(async () => {
  await i18n.changeLanguage("en");
  rest.reset();
  saved = systemSettings(LIMITS);
  updates = [];
  server.signInAsAdmin({
    "settings.get": () => saved,
    "settings.update": (input) => {
      updates.push(input);
      saved = { ...saved, ...input };
      return saved;
    },
  });
});

const sizeInput = () => screen.getByTestId("max-upload-size") as HTMLInputElement;
const unitSelect = () => screen.getByTestId("max-upload-unit") as HTMLSelectElement;
const save = () => fireEvent.click(screen.getByTestId("save-system-settings"));
const toastTitles = () => toast.getToasts().map((item) => item.title);
/** Waits for the one save the test made: every setting as loaded (100 MB, automatic WebDAV mode, the
 * limits) but for the ones it changed. */
const savedOnce = (changed: Partial<ReturnType<typeof systemSettings>>) =>
  eventually(() =>
    expect(updates).toEqual([{ max_upload_size: 100, webdav_upload_mode: "auto", ...LIMITS, ...changed }]),
  );

async function openSettings() {
  renderAppAt("/admin/settings");
  await screen.findByTestId("max-upload-size", {}, { timeout: 5_000 });
}

/** The server refuses the save, naming the setting at `path`. */
function refuseSetting(path: string, message: string) {
  server.use({
    "settings.update": failsWith("BAD_REQUEST", `${path}: ${message}`, [{ path, message }]),
  });
}

describe("settings: uploads and WebDAV", () => {
  test("shows the saved size in its unit, the limit in force and the mode", async () => {
    saved = systemSettings({ ...LIMITS, max_upload_size: 2048, webdav_upload_mode: "multipart" });
    await openSettings();
    expect(sizeInput().value).toBe("2");
    expect(unitSelect().value).toBe("GB");
    expect(screen.getByTestId("max-upload-in-force").textContent).toBe("In force: 2 GB (2,147,483,648 bytes)");
    expect((screen.getByRole("radio", { name: /^Multipart/ }) as HTMLInputElement).checked).toBe(true);
    for (const mode of ["Automatic", "Proxy", "Multipart", "Direct"]) {
      expect(screen.getByRole("radio", { name: new RegExp(`^${mode}`) })).toBeDefined();
    }
    expect(screen.getByText(/Cuts each file into parts as it arrives/)).toBeDefined();
  });

  test("a size in KB is converted to MB, previewed, saved and then in force", async () => {
    await openSettings();
    fireEvent.change(sizeInput(), { target: { value: "1" } });
    fireEvent.change(unitSelect(), { target: { value: "KB" } });
    expect(screen.getByTestId("max-upload-after-save").textContent).toBe("After saving: 1 KB (1,024 bytes)");
    save();
    await savedOnce({ max_upload_size: 1 / 1024 });
    await eventually(() =>
      expect(screen.getByTestId("max-upload-in-force").textContent).toBe("In force: 1 KB (1,024 bytes)"),
    );
    expect(screen.queryByTestId("max-upload-after-save")).toBeNull();
    expect(sizeInput().value).toBe("1");
    expect(unitSelect().value).toBe("KB");
    expect(toastTitles()).toContain("Settings saved");
  });

  test("the WebDAV mode alone", async () => {
    await openSettings();
    fireEvent.click(screen.getByRole("radio", { name: /^Direct/ }));
    save();
    await savedOnce({ webdav_upload_mode: "direct" });
  });

  test("creation limits: shown, saved as whole numbers, and refused before any request when not one", async () => {
    await openSettings();
    const perKey = () => screen.getByLabelText("Per key, per minute") as HTMLInputElement;
    const perAddress = () => screen.getByLabelText("Per address, per minute") as HTMLInputElement;
    expect(perKey().value).toBe("60");
    expect(perAddress().value).toBe("120");
    fireEvent.change(perKey(), { target: { value: "-1" } });
    fireEvent.change(perAddress(), { target: { value: "1.5" } });
    save();
    await eventually(() => expect(perKey().getAttribute("aria-invalid")).toBe("true"));
    expect(perAddress().getAttribute("aria-invalid")).toBe("true");
    expect(
      screen.getAllByText("Enter a whole number of creations per minute from 0 (no limit) to 1000000"),
    ).toHaveLength(2);
    expect(updates).toEqual([]);
    fireEvent.change(perKey(), { target: { value: "10" } });
    fireEvent.change(perAddress(), { target: { value: "0" } });
    save();
    await savedOnce({ creation_limit_per_key: 10, creation_limit_per_address: 0 });
    await i18n.changeLanguage("zh");
    expect(await screen.findByLabelText("每个密钥每分钟")).toBeDefined();
  });

  test("live clipboard: item size and joins are shown, saved, and refused in the user's language when out of range", async () => {
    saved = { ...saved, clipboard_item_max_size: 0.5, clipboard_joins_per_minute: 30 };
    await openSettings();
    const itemSize = () => screen.getByLabelText("Largest item, in MB") as HTMLInputElement;
    const joins = () => screen.getByLabelText("Joins per address, per minute") as HTMLInputElement;
    expect(itemSize().value).toBe("0.5");
    expect(joins().value).toBe("30");
    expect(screen.getByTestId("clipboard-item-in-force").textContent).toBe("In force: 512 KB");

    const refused: [string, string, string, string][] = [
      ["65", "30", "Enter the clipboard item limit in MB, above 0 and at most 64", ""],
      ["0", "30", "Enter the clipboard item limit in MB, above 0 and at most 64", ""],
      ["", "30", "Enter the clipboard item limit in MB, above 0 and at most 64", ""],
      ["8", "-3", "", "Enter a whole number of joins per minute from 0 (no limit) to 1000000"],
      ["8", "2.5", "", "Enter a whole number of joins per minute from 0 (no limit) to 1000000"],
    ];
    for (const [size, perMinute, sizeMessage, joinsMessage] of refused) {
      fireEvent.change(itemSize(), { target: { value: size } });
      fireEvent.change(joins(), { target: { value: perMinute } });
      save();
      expect(await screen.findByText(sizeMessage || joinsMessage)).toBeDefined();
      expect(itemSize().getAttribute("aria-invalid")).toBe(sizeMessage ? "true" : null);
      expect(joins().getAttribute("aria-invalid")).toBe(joinsMessage ? "true" : null);
    }
    expect(updates).toEqual([]);
    await act(() => i18n.changeLanguage("zh"));
    expect(await screen.findByText("请输入每分钟加入次数的整数，0（不限制）到 1000000")).toBeDefined();
    expect(screen.getByLabelText("每个地址每分钟加入次数")).toBeDefined();
    await act(() => i18n.changeLanguage("en"));

    fireEvent.change(itemSize(), { target: { value: "2,5" } });
    fireEvent.change(joins(), { target: { value: "0" } });
    save();
    await savedOnce({ clipboard_item_max_size: 2.5, clipboard_joins_per_minute: 0 });
    await eventually(() => expect(screen.getByTestId("clipboard-item-in-force").textContent).toBe("In force: 2.5 MB"));
    expect(itemSize().value).toBe("2.5");
  });

  test("default expiry for API calls: days shown, saved as whole numbers, refused in the user's language when not", async () => {
    saved = { ...saved, default_paste_expiry: 7 };
    await openSettings();
    const pasteDays = () => screen.getByLabelText("Pastes, in days") as HTMLInputElement;
    const fileDays = () => screen.getByLabelText("File shares, in days") as HTMLInputElement;
    expect(pasteDays().value).toBe("7");
    expect(fileDays().value).toBe("0");
    fireEvent.change(fileDays(), { target: { value: "3651" } });
    save();
    expect(await screen.findByText("Enter a whole number of days from 0 (kept until deleted) to 3650")).toBeDefined();
    expect(fileDays().getAttribute("aria-invalid")).toBe("true");
    expect(updates).toEqual([]);
    await act(() => i18n.changeLanguage("zh"));
    expect(await screen.findByText("请输入 0（保留到删除）到 3650 之间的整数天数")).toBeDefined();
    await act(() => i18n.changeLanguage("en"));
    fireEvent.change(fileDays(), { target: { value: "30" } });
    save();
    await savedOnce({ default_paste_expiry: 7, default_file_expiry: 30 });
  });

  test("the server's verdict on a clipboard setting lands at its field", async () => {
    refuseSetting("clipboard_joins_per_minute", "Not on this server");
    await openSettings();
    fireEvent.change(screen.getByTestId("limit-clipboardJoins"), { target: { value: "5" } });
    save();
    expect(await screen.findByText("Not on this server")).toBeDefined();
    expect(screen.getByTestId("limit-clipboardJoins").getAttribute("aria-invalid")).toBe("true");
  });

  test("bad sizes are refused before any request, in the user's language", async () => {
    await openSettings();
    const cases: [string, string, string][] = [
      ["", "MB", "Enter the max upload size"],
      ["abc", "MB", "Enter a number, such as 100 or 0.5"],
      ["0", "KB", "The max upload size must be above 0"],
      ["2000", "GB", "The max upload size can be at most 1 TB (1048576 MB)"],
    ];
    for (const [value, unit, message] of cases) {
      fireEvent.change(sizeInput(), { target: { value } });
      fireEvent.change(unitSelect(), { target: { value: unit } });
      save();
      expect(await screen.findByText(message)).toBeDefined();
      expect(sizeInput().getAttribute("aria-invalid")).toBe("true");
    }
    await act(() => i18n.changeLanguage("zh"));
    expect(await screen.findByText("最大上传大小不能超过 1 TB（1048576 MB）")).toBeDefined();
    expect(updates).toEqual([]);
    // Typing again clears the message.
    fireEvent.change(sizeInput(), { target: { value: "5" } });
    expect(sizeInput().getAttribute("aria-invalid")).toBeNull();
  });

  test("nothing changed: nothing is sent", async () => {
    await openSettings();
    save();
    await eventually(() => expect(toastTitles()).toContain("No changes to save"));
    expect(updates).toEqual([]);
  });

  test("the server's verdict lands at the field it names", async () => {
    refuseSetting("max_upload_size", "Too big for this server");
    await openSettings();
    fireEvent.change(sizeInput(), { target: { value: "500" } });
    save();
    expect(await screen.findByText("Too big for this server")).toBeDefined();
    expect(sizeInput().getAttribute("aria-invalid")).toBe("true");
  });

  test("About shows the server's version; the account form is still there", async () => {
    await openSettings();
    await eventually(() => expect(screen.getByTestId("about-version").textContent).toBe("0.6.8"));
    expect(screen.getByTestId("about-database").textContent).toBe("SQLite");
    expect(screen.getByTestId("about-runtime").textContent).toBe("bun 1.4.5");
    expect(screen.getByTestId("about-schema-level").textContent).toBe("20261125023600_storage_usage");
    expect(screen.getByRole("heading", { name: "Admin account" })).toBeDefined();
    expect(rest.requested).toContain("/api/version");
  });

  test("About says so when the version cannot be read", async () => {
    rest.set({ version: { status: 500, body: { ...VERSION.body, code: 500, data: null } } });
    await openSettings();
    expect(await screen.findByText("The server's version could not be read.")).toBeDefined();
  });
});
