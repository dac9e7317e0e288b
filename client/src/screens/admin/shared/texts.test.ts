// The shared admin and share components build their i18n keys from a namespace (`${ns}.refresh`,
// `${kind}.options.slug`), which the literal-key check in i18n.test.ts cannot see. This checks every
// such key, for every namespace a component is used with, in both languages.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { resources } from "@shared/i18n/resources";
import { SCHEDULED_JOBS } from "@shared/schemas/admin/jobs";
import { EXPIRY_CHOICES } from "../../../lib/pastes/expiry";
import { REQUEST_EXPIRY_CHOICES } from "../../../lib/upload-requests/request-form";
import { SECTION_LIST_NS } from "../settings/section-list";
import { SETTINGS_SECTION_NS } from "../settings/settings-section";

const SRC = join(import.meta.dir, "../../..");
const KINDS = ["files", "pastes"];
// ShareRowActions builds its buttons' labels from the action's name.
const ROW_ACTIONS = ["preview", "edit", "delete"];

// Each file, and the values its `${...}` placeholders take.
const USES: { file: string; values: Record<string, readonly string[]> }[] = [
  {
    file: "screens/admin/shared/share-cells.tsx",
    values: { kind: KINDS, action: ROW_ACTIONS, name: ROW_ACTIONS },
  },
  { file: "screens/admin/shared/share-edit-fields.tsx", values: { kind: KINDS, choice: EXPIRY_CHOICES } },
  { file: "screens/admin/shared/share-list-frame.tsx", values: { ns: ["files.manage", "pastes.manage"] } },
  {
    file: "screens/admin/shared/link-parts.tsx",
    values: {
      ns: ["sharedLinks", "uploadRequests"],
      key: ["sharedLinks.extend", "sharedLinks.revoke", "uploadRequests.extend", "uploadRequests.close"],
      // EndLinkDialog's texts: how each kind of link ends.
      texts: ["sharedLinks.revoke", "uploadRequests.close"],
    },
  },
  {
    file: "screens/admin/shared/extend-dialog.tsx",
    values: { ns: ["sharedLinks.extend", "uploadRequests.extend"], choice: REQUEST_EXPIRY_CHOICES },
  },
  { file: "screens/admin/shared/list/card-list.tsx", values: { ns: ["davLocks", "sharedLinks", "uploadRequests"] } },
  { file: "screens/admin/shared/list/list-toolbar.tsx", values: { ns: ["files.manage", "pastes.manage"] } },
  { file: "screens/admin/shared/list/resource-list.tsx", values: { ns: ["files.manage", "pastes.manage", "apiKeys"] } },
  {
    file: "screens/admin/shared/delete-items-dialog.tsx",
    values: { ns: ["files.manage", "pastes.manage", "apiKeys"] },
  },
  {
    file: "screens/admin/shared/delete-config-dialog.tsx",
    values: { ns: ["explorer.mounts.delete", "storageConfig.delete"] },
  },
  { file: "components/forms/share-password-prompt.tsx", values: { kind: KINDS } },
  { file: "components/forms/page-password-panel.tsx", values: { ns: ["shareLink", "uploadRequest"] } },
  { file: "screens/explorer/panels/side-panel.tsx", values: { ns: ["explorer.basket", "explorer.tasks"] } },
  { file: "components/dialogs/item-form-dialog.tsx", values: { ns: ["explorer.mounts.form", "storageConfig.form"] } },
  { file: "components/forms/share-options-fields.tsx", values: { kind: KINDS, choice: EXPIRY_CHOICES } },
  {
    file: "screens/admin/settings/settings-section.tsx",
    values: { ns: SETTINGS_SECTION_NS },
  },
  { file: "screens/admin/settings/section-list.tsx", values: { ns: SECTION_LIST_NS } },
  { file: "screens/admin/jobs/job-format.ts", values: { name: SCHEDULED_JOBS } },
];

function expand(template: string, values: Record<string, readonly string[]>): string[] {
  const match = /\$\{(\w+)\}/.exec(template);
  if (!match) return [template];
  const name = match[1] ?? "";
  const options = values[name];
  if (!options) throw new Error(`no values for \${${name}} in ${template}`);
  return options.flatMap((value) => expand(template.replace(match[0], value), values));
}

function hasKey(translation: unknown, key: string): boolean {
  let node: unknown = translation;
  const parts = key.split(".");
  for (const [index, part] of parts.entries()) {
    if (typeof node !== "object" || node === null) return false;
    const record = node as Record<string, unknown>;
    // A plural key is used without its suffix.
    if (index === parts.length - 1 && !(part in record)) return `${part}_one` in record || `${part}_other` in record;
    node = record[part];
  }
  return typeof node === "string";
}

describe("keys built from a namespace", () => {
  for (const { file, values } of USES) {
    test(file, () => {
      const source = readFileSync(join(SRC, file), "utf8");
      const templates = [...source.matchAll(/\bt\(\s*`([^`]+)`/g)].map((match) => match[1] ?? "");
      expect(templates.length).toBeGreaterThan(0);
      const missing = templates
        .flatMap((template) => expand(template, values))
        .flatMap((key) =>
          (["en", "zh"] as const)
            .filter((language) => !hasKey(resources[language].translation, key))
            .map((language) => `${language}: ${key}`),
        );
      expect(missing).toEqual([]);
    });
  }

  test("the API key list's toolbar texts", () => {
    for (const key of ["apiKeys.refresh", "apiKeys.deleteSelected", "apiKeys.selectionRequired"]) {
      expect(hasKey(resources.en.translation, key) && hasKey(resources.zh.translation, key)).toBe(true);
    }
  });
});
