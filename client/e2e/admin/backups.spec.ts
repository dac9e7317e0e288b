// The admin's Backups module in Chromium against the real server: a backup created with a passphrase
// shows its progress and result and is listed; its download is the whole archive; delete asks first
// and removes it; the CloudPaste import shows the dry run's per-item report, then imports and shows it
// done, and a file that is not CloudPaste's is refused with the server's message; a backup uploaded to
// restore is refused with a wrong passphrase (nothing kept), verified with the right one and waits for
// the restart (the dashboard says so), and cancelling it deletes it. Each state is checked at 375 px
// and desktop, light and dark, for sideways overflow and axe-core violations.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { e2eSpec, REPO_ROOT } from "../kit/harness";

setDefaultTimeout(120_000);

const { app, token, apiData, openAdminPage, checkScreen } = e2eSpec(import.meta.path);

const CLOUDPASTE_BACKUP = join(REPO_ROOT, "server/services/backup/cloudpaste/fixtures/cloudpaste-1.9.1-modules.json");

// A refused import (400) is a response Chromium logs as a console error by itself.
const unexpectedErrors = (errors: string[]) => errors.filter((error) => !/status of 400/.test(error));

async function openBackups() {
  const opened = await openAdminPage({ acceptDownloads: true });
  await opened.page.goto(`${app.baseUrl}/admin/backups`);
  await opened.page.getByRole("heading", { level: 1, name: "Backups" }).waitFor();
  return opened;
}

describe("admin backups", () => {
  test("create with a passphrase, see it listed, download it whole, delete it", async () => {
    const { context, page, errors } = await openBackups();
    await page.getByText("No backups yet.").waitFor();
    await checkScreen(page, "backups-empty");

    // The passphrase is checked before anything is sent.
    await page.getByRole("button", { name: "Create backup now" }).click();
    await page.getByText("Use at least 8 characters").waitFor();
    await page.getByLabel("Passphrase", { exact: true }).fill("correct horse battery");
    await page.getByLabel("Passphrase again").fill("correct horse batterY");
    await page.getByRole("button", { name: "Create backup now" }).click();
    await page.getByText("The two passphrases differ").waitFor();
    await page.getByLabel("Passphrase again").fill("correct horse battery");
    await page.getByRole("button", { name: "Create backup now" }).click();

    const row = page.getByTestId("backup-archive");
    await row.first().waitFor();
    const lastRun = page.getByTestId("backup-last-run");
    await lastRun.waitFor();
    const name = ((await row.first().textContent()) ?? "").match(/pastebox-\d{8}-\d{6}\.tar/)?.[0] ?? "";
    expect(name).not.toBe("");
    expect(await lastRun.textContent()).toContain(name);
    await checkScreen(page, "backups-created");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: `Download ${name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    const saved = await download.path();
    expect(statSync(saved).size).toBe(statSync(join(app.dataDir, "backups", name)).size);

    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("dialog").waitFor();
    await checkScreen(page, "backups-delete-dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("No backups yet.").waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  test("leaving the secret out says what must be re-entered", async () => {
    const { context, page } = await openBackups();
    await page.getByText("Leave it out", { exact: true }).click();
    await page.getByText(/On any other, every API key must be created again/).waitFor();
    expect(await page.getByLabel("Passphrase", { exact: true }).count()).toBe(0);
    await checkScreen(page, "backups-omit-secret");
    await page.getByRole("button", { name: "Create backup now" }).click();
    await page.getByText("Made without a passphrase: the secret is not in it.").waitFor();
    await context.close();
  });

  test("import from CloudPaste: the dry run's report first, then the import; a foreign file is refused", async () => {
    const { context, page, errors } = await openBackups();
    const section = page.getByTestId("cloudpaste-import");
    await section.getByLabel("CloudPaste file").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("just some text"),
    });
    await section.getByRole("button", { name: "Check (dry run)" }).click();
    await section.getByTestId("import-error").waitFor();
    expect(await section.getByTestId("import-error").textContent()).toContain("This file cannot be imported");

    await section.getByLabel("CloudPaste file").setInputFiles(CLOUDPASTE_BACKUP);
    await section.getByRole("button", { name: "Check (dry run)" }).click();
    await section.getByText("Dry run: nothing was written").waitFor();
    const pasteItem = section.getByTestId("import-item").filter({ hasText: "team-notes" });
    expect(await pasteItem.textContent()).toContain("Import");
    await checkScreen(page, "backups-import-dry-run");

    await section.getByRole("button", { name: "Import", exact: true }).click();
    await section.getByRole("heading", { name: "Imported", exact: true }).waitFor();
    expect(await section.getByTestId("import-item").filter({ hasText: "team-notes" }).textContent()).toContain(
      "Imported",
    );
    await checkScreen(page, "backups-import-done");
    // The imported paste opens from its old slug.
    const answer = await fetch(`${app.baseUrl}/api/paste/Ab3dE9`);
    expect(answer.status).toBe(200);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  test("restore from a backup: a wrong passphrase is refused, the right one verified; it waits for a restart", async () => {
    await apiData("POST", "/admin/backups", { passphrase: "restore passphrase", include_objects: false });
    let archives: { name: string }[] = [];
    for (let tries = 0; archives.length === 0 && tries < 120; tries++) {
      const overview = await apiData("GET", "/admin/backups");
      archives = overview.running ? [] : overview.archives;
      if (archives.length === 0) await Bun.sleep(250);
    }
    const archive = join(app.dataDir, "backups", archives[0]?.name ?? "");
    const { context, page, errors } = await openBackups();
    const section = page.getByTestId("restore-backup");
    await section.getByLabel("Backup archive").setInputFiles(archive);
    await section.getByLabel("Passphrase of this backup").fill("not the passphrase");
    await section.getByRole("checkbox", { name: "Replace everything on this server" }).check();
    await section.getByRole("button", { name: "Upload and verify" }).click();
    await section.getByTestId("restore-error").getByText("Wrong passphrase for this backup").waitFor();
    expect(existsSync(join(app.dataDir, "pending-restore.tar"))).toBe(false);
    await checkScreen(page, "backups-restore-refused");

    await section.getByLabel("Passphrase of this backup").fill("restore passphrase");
    await section.getByRole("button", { name: "Upload and verify" }).click();
    const pending = section.getByTestId("restore-pending");
    await pending.getByText("Verified. Restart the server to finish.").waitFor();
    expect(await pending.textContent()).toContain("docker restart pastebox");
    expect(await pending.textContent()).toContain("kept sealed");
    expect(existsSync(join(app.dataDir, "pending-restore.tar"))).toBe(true);
    await checkScreen(page, "backups-restore-pending");

    await page.goto(`${app.baseUrl}/admin/dashboard`);
    await page.getByTestId("dashboard-restore-pending").getByText("restart the server to finish it").waitFor();

    await page.goto(`${app.baseUrl}/admin/backups`);
    await section.getByRole("button", { name: "Cancel the restore" }).click();
    await section.getByRole("button", { name: "Upload and verify" }).waitFor();
    expect(existsSync(join(app.dataDir, "pending-restore.tar"))).toBe(false);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  test("automatic backups: a weekly schedule to the disk is saved, kept after a reload, then turned off", async () => {
    const { context, page, errors } = await openBackups();
    const section = page.getByTestId("backup-schedule");
    await section.getByText("Automatic backups are off.").waitFor();
    await section.getByText("Every week", { exact: true }).click();
    await section.getByLabel("Day", { exact: true }).selectOption({ label: "Tuesday" });
    await section.getByLabel("Time", { exact: true }).selectOption({ index: 5 });
    await section.getByLabel("Archives to keep").fill("0");
    await section.getByRole("button", { name: "Save schedule" }).click();
    // Nothing is sent while a field is wrong: no passphrase stored yet, and keep must be 1 or more.
    await section.getByText("Keep between 1 and 365 archives").waitFor();
    await section.getByText("Use at least 8 characters").waitFor();
    await section.getByLabel("Archives to keep").fill("3");
    await section.getByLabel("Passphrase", { exact: true }).fill("scheduled passphrase");
    await checkScreen(page, "backups-schedule-weekly");
    await section.getByRole("button", { name: "Save schedule" }).click();
    await page.getByText("Schedule saved").waitFor();
    await section.getByText(/^Next backup: /).waitFor();

    const stored = await fetch(`${app.baseUrl}/api/admin/backups/schedule`, {
      headers: { authorization: `Bearer ${await token()}` },
    }).then((answer) => answer.json());
    expect(stored.data).toMatchObject({
      frequency: "weekly",
      weekday: 2,
      hour: 5,
      keep: 3,
      location: "disk",
      has_passphrase: true,
    });

    // After a reload the form shows what is stored, and the stored passphrase is kept when left empty.
    await page.reload();
    await section.getByText(/^Next backup: /).waitFor();
    expect(await section.getByLabel("Day", { exact: true }).inputValue()).toBe("2");
    expect(await section.getByLabel("Archives to keep").inputValue()).toBe("3");
    await section.getByText("A passphrase is stored. Leave empty to keep it, or type a new one.").waitFor();
    await section.getByText("Off", { exact: true }).click();
    await section.getByRole("button", { name: "Save schedule" }).click();
    await page.getByText("Automatic backups are off", { exact: true }).waitFor();
    await section.getByText("Automatic backups are off.").waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
