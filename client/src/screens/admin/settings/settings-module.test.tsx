import { beforeEach, describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { eventually } from "../../../../test/eventually";
import { systemSettings } from "../../../../test/fixtures";
import { renderAppAt } from "../../../../test/render-app";
import { failsWith, mockTrpc } from "../../../../test/trpc-msw";
import { toast } from "../../../components/feedback/toast-store";
import i18n from "../../../i18n";
import { authStore } from "../../../lib/auth/store/session";

const server = mockTrpc();

beforeEach(async () => {
  await i18n.changeLanguage("en");
  server.signInAsAdmin({
    // The module's other section (uploads and WebDAV) loads beside the account form.
    "settings.get": () => systemSettings(),
  });
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: "input" }), { target: { value } });
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: "Update account" }));

async function openSettings() {
  renderAppAt("/admin/settings");
  await screen.findByRole("heading", { name: "Admin account" });
}

/** The server refuses the change with `code` and `message`; fills the form with `values`, sends it, and
 * waits for the message. */
async function sendRefused(code: "UNAUTHORIZED" | "CONFLICT", message: string, values: Record<string, string>) {
  server.use({
    "admin.changePassword": failsWith(code, message),
  });
  await openSettings();
  for (const [label, value] of Object.entries(values)) fill(label, value);
  submit();
  expect(await screen.findByText(message)).toBeDefined();
}

describe("settings: admin account", () => {
  test("shows the current username and labelled fields", async () => {
    await openSettings();
    expect(screen.getByText("Current username")).toBeDefined();
    expect(screen.getAllByText("admin").length).toBeGreaterThan(0);
    for (const label of ["Current password", "New username", "New password", "Confirm new password"]) {
      expect(screen.getByLabelText(label, { selector: "input" })).toBeDefined();
    }
  });

  test("the rules of the shared schema, before any request", async () => {
    await openSettings();
    submit();
    expect(await screen.findByText("Enter the current password")).toBeDefined();
    expect(screen.getByRole("alert").textContent).toContain("Enter a new username or a new password");

    fill("Current password", "same-password");
    fill("New password", "same-password");
    fill("Confirm new password", "same-passwor");
    submit();
    expect(await screen.findByText("The new password must differ from the current one")).toBeDefined();
    expect(screen.getByText("The two new passwords do not match")).toBeDefined();
    expect(server.calls.some((call) => call.path === "admin.changePassword")).toBe(false);
  });

  test("success logs out and asks to log in again", async () => {
    server.use({ "admin.changePassword": () => null });
    await openSettings();
    fill("Current password", "old-password");
    fill("New password", "new-password-1");
    fill("Confirm new password", "new-password-1");
    submit();
    expect(await screen.findByRole("heading", { level: 1, name: "Log in to the admin area" })).toBeDefined();
    expect(server.calls.find((call) => call.path === "admin.changePassword")?.input).toEqual({
      currentPassword: "old-password",
      newPassword: "new-password-1",
    });
    expect(localStorage.getItem("pastebox_signed_in")).toBeNull();
    expect(toast.getToasts().map((item) => item.title)).toContain("Account updated. Please log in again.");
    // The server already ended the session (and removed its cookie): no logout call is needed.
    expect(server.calls.some((call) => call.path === "session.logout")).toBe(false);
  });

  test("a wrong current password is shown at that field and keeps the admin signed in", async () => {
    await sendRefused("UNAUTHORIZED", "The current password is wrong", {
      "Current password": "not-it-at-all",
      "New username": "root",
    });
    const field = screen.getByLabelText("Current password", { selector: "input" }) as HTMLInputElement;
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.value).toBe("");
    // The session is checked again, and still valid.
    await eventually(() => expect(server.calls.filter((call) => call.path === "session.me").length).toBe(2));
    expect(authStore.getState().authType).toBe("admin");
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeDefined();
  });

  test("a taken username is shown at that field", async () => {
    await sendRefused("CONFLICT", "That username is taken", {
      "Current password": "old-password",
      "New username": "someone",
    });
    await waitFor(() =>
      expect(screen.getByLabelText("New username", { selector: "input" }).getAttribute("aria-invalid")).toBe("true"),
    );
  });
});
