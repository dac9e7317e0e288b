import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { enCloudPasteImport } from "@shared/i18n/locales/en/admin/cloudpaste-import";
import { enDavErrors } from "@shared/i18n/locales/en/explorer/dav-errors";
import { enLinkPreview } from "@shared/i18n/locales/en/shares/link-preview";
import { resources } from "@shared/i18n/resources";
import { TEXT_PARTS, type TextPart } from "@shared/i18n/text-parts";
import i18n, { changeLanguage, currentLanguage, TEXT_MODULES } from "./i18n";

function leafTexts(value: unknown, prefix = ""): [key: string, text: unknown][] {
  if (typeof value !== "object" || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leafTexts(child, prefix ? `${prefix}.${key}` : key));
}

function leafKeys(value: unknown): string[] {
  return leafTexts(value).map(([key]) => key);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("i18n", () => {
  test("changing the language persists it and updates <html lang>", async () => {
    await changeLanguage("zh");
    expect(currentLanguage()).toBe("zh");
    expect(localStorage.getItem("language")).toBe("zh");
    expect(document.documentElement.lang).toBe("zh-CN");
    expect(i18n.t("nav.home")).toBe("首页");

    await changeLanguage("en");
    expect(localStorage.getItem("language")).toBe("en");
    expect(document.documentElement.lang).toBe("en");
    expect(i18n.t("nav.home")).toBe("Home");
  });

  test("Chinese and English have the same keys, and no text is empty", () => {
    const en = leafKeys(resources.en.translation).sort();
    const zh = leafKeys(resources.zh.translation).sort();
    expect(zh).toEqual(en);
    // The server's texts (resources): WebDAV's messages are not a part the client loads.
    for (const language of ["en", "zh"] as const) {
      for (const [key, text] of leafTexts(resources[language].translation)) {
        expect({ key, isText: typeof text === "string" && text.trim().length > 0 }).toEqual({ key, isText: true });
      }
    }
  });

  test("the client's parts hold every text but the server's own (WebDAV's messages, link preview cards, import notes)", () => {
    const serverOnly = new Set([
      ...Object.keys(enDavErrors).map((key) => `errors.${key}`),
      ...Object.keys(enLinkPreview.linkPreview).map((key) => `linkPreview.${key}`),
      ...leafKeys(enCloudPasteImport),
    ]);
    for (const language of ["en", "zh"] as const) {
      const missing = leafKeys(resources[language].translation).filter(
        (key) => !serverOnly.has(key) && typeof i18n.getResource(language, "translation", key) !== "string",
      );
      expect(missing).toEqual([]);
    }
  });

  // Catches a typo'd key, which i18next would otherwise render as the raw key text.
  test("every literal key the client uses exists", () => {
    // A plural key ("x_one", "x_other") is used as "x" with a count.
    const known = new Set(
      leafKeys(resources.en.translation).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")),
    );
    const used = new Set<string>();
    for (const file of sourceFiles(join(import.meta.dir))) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([\w.-]+)"/g)) used.add(match[1] ?? "");
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
  });
});

// The screens' texts come in parts (shared/i18n/text-parts.ts): a key of a part its screen does not
// load would show as the raw key. Every key the shell's code names must be in the shell's part, and
// every key a screen's code names (the modules it imports, lazily or not) in the shell's part or one
// that app.tsx loads with it.
describe("texts per screen", () => {
  const srcDir = import.meta.dir;
  const sharedDir = join(srcDir, "../../shared");
  const appSource = readFileSync(join(srcDir, "app.tsx"), "utf8");
  const screens = [
    ...appSource.matchAll(/lazyScreen\(\s*\(\) => import\("\.\/(screens\/[\w/-]+)"\),\s*\[([^\]]*)\],?\s*\)/g),
  ].map(([, path = "", parts = ""]) => ({
    file: join(srcDir, `${path}.tsx`),
    parts: [...parts.matchAll(/"(\w+)"/g)].map((match) => match[1] as TextPart),
  }));

  function resolveImport(from: string, specifier: string): string | null {
    const base = specifier.startsWith("@shared/")
      ? join(sharedDir, specifier.slice("@shared/".length))
      : specifier.startsWith(".")
        ? join(from, "..", specifier)
        : null;
    if (!base) return null;
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return null;
  }

  /** The modules `entry` imports, statically or with import(), not going into `stopAt` nor the texts. */
  function moduleGraph(entry: string, stopAt: ReadonlySet<string>): string[] {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || stopAt.has(file) || file.startsWith(join(sharedDir, "i18n"))) return;
      seen.add(file);
      // Type-only imports bring no code (nor texts) along.
      const code = readFileSync(file, "utf8").replace(/import type [^;]*;/g, "");
      for (const match of code.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
        const resolved = resolveImport(file, match[1] ?? "");
        if (resolved && /\.tsx?$/.test(resolved)) visit(resolved);
      }
    };
    visit(entry);
    return [...seen];
  }

  /**
   * Which part holds each key: a top-level key, or "top.second" under a top-level key that parts
   * share (text-parts.ts).
   */
  async function keyOwners(): Promise<Map<string, TextPart>> {
    const texts = new Map<TextPart, Record<string, unknown>>();
    for (const part of TEXT_PARTS) texts.set(part, await TEXT_MODULES.en[part]());
    const partsOfTop = new Map<string, number>();
    for (const part of texts.values()) {
      for (const key of Object.keys(part)) partsOfTop.set(key, (partsOfTop.get(key) ?? 0) + 1);
    }
    const owner = new Map<string, TextPart>();
    const own = (key: string, part: TextPart) => {
      expect(owner.get(key), `"${key}" is in two parts`).toBeUndefined();
      owner.set(key, part);
    };
    for (const [part, partTexts] of texts) {
      for (const [key, value] of Object.entries(partTexts)) {
        if ((partsOfTop.get(key) ?? 0) === 1) own(key, part);
        else for (const second of Object.keys(value as object)) own(`${key}.${second}`, part);
      }
    }
    return owner;
  }

  function ownerOf(key: string, owner: Map<string, TextPart>): TextPart | undefined {
    const [top = "", second] = key.split(".");
    return owner.get(top) ?? (second === undefined ? undefined : owner.get(`${top}.${second}`));
  }

  /** The parts of the text keys a module's code names: literal keys, and `prefix.${...}` templates. */
  function partsNamed(files: string[], owner: Map<string, TextPart>): Map<TextPart, string[]> {
    const leaves = new Set(
      leafKeys(resources.en.translation).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")),
    );
    const named = new Map<TextPart, string[]>();
    const add = (key: string, file: string) => {
      const part = ownerOf(key, owner);
      if (part) named.set(part, [...(named.get(part) ?? []), `${key} (${file.slice(srcDir.length - 10)})`]);
    };
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/["'`]([\w-]+(?:\.[\w-]+)+)["'`]/g)) {
        if (leaves.has(match[1] ?? "")) add(match[1] ?? "", file);
      }
      for (const match of source.matchAll(/`([\w-]+(?:\.[\w-]+)?)\.[\w.-]*\$\{/g)) add(match[1] ?? "", file);
    }
    return named;
  }

  test("app.tsx loads every screen with its parts", () => {
    expect(screens.length).toBe(10);
    for (const screen of screens) expect(screen.parts.every((part) => TEXT_PARTS.includes(part))).toBe(true);
  });

  test("the shell names only keys of its own part", async () => {
    const owner = await keyOwners();
    const stopAt = new Set(screens.map((screen) => screen.file));
    const named = partsNamed(moduleGraph(join(srcDir, "main.tsx"), stopAt), owner);
    named.delete("core");
    expect(Object.fromEntries(named)).toEqual({});
  });

  test("each screen names only keys of the parts it loads", async () => {
    const owner = await keyOwners();
    const stopAt = new Set<string>();
    const missing: Record<string, Record<string, string[]>> = {};
    for (const screen of screens) {
      const named = partsNamed(moduleGraph(screen.file, stopAt), owner);
      for (const part of ["core", ...screen.parts] as const) named.delete(part);
      if (named.size > 0) missing[screen.file.slice(srcDir.length + 1)] = Object.fromEntries(named);
    }
    expect(missing).toEqual({});
  });
});
